//! Play notation (INTERFACE.md): `24/18 13/7*`, `6/off`, `24/20/14`,
//! `24/18(2)`. Points are in the mover's own numbering.
//!
//! Printing joins the moves of one checker into a path (`24/20/14`), marks a
//! pin with `*` after the point where it happened, and writes repeated paths
//! once with a count (`24/18(2)`). Parsing accepts all of these, the long
//! forms (`24/18 24/18`), a hop over several dice without its intermediate
//! points (`24/14` for 6-4), `0` for `off`, and explains an illegal play.

use std::fmt;

use crate::color::Color;
use crate::dice::Dice;
use crate::notation::Notation;
use crate::plakoto::board::Board;
use crate::plakoto::play::Play;
use crate::plakoto::position::Position;
use crate::play::Move;
use crate::play_error::{PlayError, point_text as to_text};

impl Notation for Board {
    fn opponent_point(point: u8) -> u8 {
        25 - point
    }

    fn marked(play: &Play, i: usize) -> bool {
        play.pins_on_move(i)
    }
}

impl Play {
    /// The play in notation; `pass` when nothing could be played.
    ///
    /// ```
    /// use tavli_core::{Dice, Position};
    /// let plays = Position::start().legal_plays(Dice::new(3, 3).unwrap());
    /// let mut texts: Vec<String> = plays.iter().map(|p| p.notation()).collect();
    /// texts.sort();
    /// assert!(texts.contains(&"24/21(4)".to_string()));
    /// assert!(texts.contains(&"24/21/18/15/12".to_string()));
    /// ```
    pub fn notation(&self) -> String {
        crate::notation::write::<Board>(self, false)
    }

    /// The play in notation as `reader` numbers the points: the mover's own
    /// notation when `reader` is the mover, else every point in the
    /// reader's numbering (the mover's n is the reader's 25 − n), so that
    /// a person reads the other side's plays as their board labels them.
    ///
    /// ```
    /// use tavli_core::{Color, Dice, Position};
    /// let black = Position::start().with_turn(Color::Black);
    /// let play = black.legal_plays(Dice::new(6, 4).unwrap()).into_iter().find(|p| p.to_string() == "24/18 24/20").unwrap();
    /// assert_eq!(play.notation_for(Color::Black), "24/18 24/20");
    /// assert_eq!(play.notation_for(Color::White), "1/7 1/5");
    /// ```
    pub fn notation_for(&self, reader: Color) -> String {
        crate::notation::write::<Board>(self, reader != self.mover)
    }
}

impl fmt::Display for Play {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(&self.notation())
    }
}

/// One token's checker path as written: points with `0` for off.
fn parse_token(token: &str) -> Result<(Vec<u8>, usize), PlayError> {
    let syntax = |why: &str| PlayError::Syntax { token: token.chars().take(40).collect(), why: why.into() };
    let (body, count) = match token.find('(') {
        Some(i) => {
            let rest = &token[i + 1..];
            let n = rest
                .strip_suffix(')')
                .and_then(|n| n.parse::<usize>().ok())
                .filter(|n| (1..=4).contains(n))
                .ok_or_else(|| syntax("a count is written `(2)` to `(4)` at the end"))?;
            (&token[..i], n)
        }
        None => (token, 1),
    };
    let parts: Vec<&str> = body.split('/').collect();
    if parts.len() < 2 {
        return Err(syntax("a move is written from/to, like 24/18"));
    }
    let mut points = Vec::with_capacity(parts.len());
    for (i, part) in parts.iter().enumerate() {
        let p = part.trim_end_matches('*');
        let last = i == parts.len() - 1;
        let v = match p.to_ascii_lowercase().as_str() {
            "off" | "o" if last => 0,
            "off" | "o" => return Err(syntax("`off` can only end a path")),
            "bar" | "b" => return Err(syntax("there is no bar in Plakoto: nothing is ever hit")),
            _ => {
                let n: u8 = p.parse().map_err(|_| syntax("points are numbers 1 to 24, or `off`"))?;
                if n == 0 && last {
                    0
                } else if (1..=24).contains(&n) {
                    n
                } else {
                    return Err(syntax("points are numbers 1 to 24, or `off`"));
                }
            }
        };
        points.push(v);
    }
    Ok((points, count))
}

/// The single-checker hops an entry in notation names, in the order
/// written, each path's hops in turn and a count repeating its path
/// (`24/20/14 13/7(2)` is 24/20, 20/14, 13/7, 13/7), `0` for off; at most
/// as many as `dice` has moves (every hop uses a die). The notation's
/// rules (points 1 to 24, counts 2 to 4, `off` last) are the parser's.
pub(crate) fn entry_hops(text: &str, dice: Dice) -> Result<Vec<(u8, u8)>, PlayError> {
    let token = |t: &str| parse_token(t).map(|(points, n)| (points.windows(2).map(|w| (w[0], w[1])).collect(), n));
    crate::entry::hops(text, dice, token, || crate::entry::EntryErrors {
        too_many: PlayError::TooManyMoves(dice),
        empty: PlayError::Syntax {
            token: text.chars().take(40).collect(),
            why: "a move is written from/to, like 24/18".into(),
        },
    })
}

/// Dice still to be played, as a multiset of values.
#[derive(Clone)]
struct DiceLeft(Vec<u8>);

impl DiceLeft {
    fn text(&self) -> String {
        if self.0.is_empty() { "none".into() } else { self.0.iter().map(u8::to_string).collect::<Vec<_>>().join(", ") }
    }

    /// Ways to take dice (in order) that carry a checker from `from` to `to`.
    fn ways(&self, from: u8, to: u8) -> Vec<Vec<u8>> {
        let mut out = Vec::new();
        let mut distinct = self.0.clone();
        distinct.sort_unstable_by(|a, b| b.cmp(a));
        distinct.dedup();
        fn rec(left: &[u8], at: u8, to: u8, used: &mut Vec<u8>, out: &mut Vec<Vec<u8>>) {
            for (i, &d) in left.iter().enumerate() {
                if i > 0 && left[..i].contains(&d) {
                    continue;
                }
                let reach_off = to == 0 && d >= at;
                if at > d && at - d == to || (reach_off && at <= d) {
                    used.push(d);
                    out.push(used.clone());
                    used.pop();
                } else if at > d && at - d > to {
                    let mut rest = left.to_vec();
                    rest.remove(i);
                    used.push(d);
                    rec(&rest, at - d, to, used, out);
                    used.pop();
                }
            }
        }
        rec(&self.0, from, to, &mut Vec::new(), &mut out);
        // Fewer dice first, then the order as rolled.
        out.sort_by_key(|w| w.len());
        out
    }

    fn take(&mut self, d: u8) {
        if let Some(i) = self.0.iter().position(|&x| x == d) {
            self.0.remove(i);
        }
    }
}

/// Parses `text` as a play of `dice` from `pos` and returns the matching
/// legal play, or the reason it is not one.
///
/// ```
/// use tavli_core::{Dice, Position, parse_play};
/// let p = Position::start();
/// let d = Dice::new(6, 4).unwrap();
/// assert_eq!(parse_play(&p, d, "24/14").unwrap().notation(), "24/18/14");
/// let e = parse_play(&p, d, "24/18").unwrap_err();
/// assert!(e.to_string().contains("both dice"));
/// ```
pub fn parse_play(pos: &Position, dice: Dice, text: &str) -> Result<Play, PlayError> {
    if pos.outcome().is_some() {
        return Err(PlayError::GameOver);
    }
    let legal = pos.legal_plays(dice);
    let text = text.trim();
    let tokens: Vec<&str> = text.split(|c: char| c.is_whitespace() || c == ',').filter(|t| !t.is_empty()).collect();
    let is_pass_text = tokens.is_empty() || (tokens.len() == 1 && tokens[0].eq_ignore_ascii_case("pass"));
    if legal.len() == 1 && legal[0].is_pass() {
        return if is_pass_text { Ok(legal[0]) } else { Err(PlayError::MustPass(dice)) };
    }
    if is_pass_text {
        return Err(PlayError::CannotPass(dice));
    }
    // Every hop written uses at least one die, so a play has at most as
    // many hops as the roll has moves (four). Refusing more at once keeps
    // the search over their orders below small and fixed.
    let allowed = dice.moves_allowed();
    if tokens.len() > allowed {
        return Err(PlayError::TooManyMoves(dice));
    }

    // One checker path per token (repeated for a count), its hops in order.
    let mut paths: Vec<Vec<(u8, u8)>> = Vec::new();
    let mut hops = 0;
    for token in &tokens {
        let (points, count) = parse_token(token)?;
        hops += (points.len() - 1) * count;
        if hops > allowed {
            return Err(PlayError::TooManyMoves(dice));
        }
        for _ in 0..count {
            paths.push(points.windows(2).map(|w| (w[0], w[1])).collect());
        }
    }
    play_of_paths(pos, dice, &legal, &paths, text)
}

/// The legal play that the single `moves` (from, to in the mover's
/// numbering, 0 for off) make from `pos` with `dice`, in any order they
/// can be played, or why they make none: what a client that sends moves
/// rather than notation is told, in the same words as [`parse_play`]
/// (the same checks, without writing the moves as text first).
///
/// ```
/// use tavli_core::{Dice, Move, PlayError, Position, play_of_moves};
/// let (p, d) = (Position::start(), Dice::new(6, 4).unwrap());
/// let play = play_of_moves(&p, d, &[Move::new(24, 18), Move::new(24, 20)]).unwrap();
/// assert_eq!(play.notation(), "24/18 24/20");
/// assert_eq!(play_of_moves(&p, d, &[Move::new(24, 18)]), Err(PlayError::MustUseBoth(d)));
/// assert_eq!(play_of_moves(&p, d, &[Move::new(30, 18)]), Err(PlayError::NoPoint(30)));
/// ```
pub fn play_of_moves(pos: &Position, dice: Dice, moves: &[Move]) -> Result<Play, PlayError> {
    if pos.outcome().is_some() {
        return Err(PlayError::GameOver);
    }
    let legal = pos.legal_plays(dice);
    if legal.len() == 1 && legal[0].is_pass() {
        return if moves.is_empty() { Ok(legal[0]) } else { Err(PlayError::MustPass(dice)) };
    }
    if moves.is_empty() {
        return Err(PlayError::CannotPass(dice));
    }
    if moves.len() > dice.moves_allowed() {
        return Err(PlayError::TooManyMoves(dice));
    }
    if let Some(m) = moves.iter().find(|m| m.from == 0 || m.from > 24 || m.to > 24) {
        return Err(PlayError::NoPoint(if m.from == 0 || m.from > 24 { m.from } else { m.to }));
    }
    let text = moves.iter().map(|m| format!("{}/{}", m.from, to_text(m.to))).collect::<Vec<_>>().join(" ");
    let paths: Vec<Vec<Hop>> = moves.iter().map(|m| vec![(m.from, m.to)]).collect();
    play_of_paths(pos, dice, &legal, &paths, &text)
}

/// The legal play the checkers' `paths` make (`text` as entered, for the
/// reasons), trying the orders of the paths' hops that can be played.
fn play_of_paths(
    pos: &Position,
    dice: Dice,
    legal: &[Play],
    paths: &[Vec<Hop>],
    text: &str,
) -> Result<Play, PlayError> {
    let given: Vec<(u8, u8)> = paths.iter().flatten().copied().collect();
    let first =
        replay_hops(pos, dice, &given, text).and_then(|(board, moves)| judge(pos, dice, legal, &board, &moves, text));
    if first.is_ok() {
        return first;
    }
    // Printed notation groups moves by checker, so the order written is not
    // always an order that can be played (a bear-off that needs another
    // checker home first; a game-ending move printed before the others).
    // Try the other interleavings of the checkers' paths.
    let mut found = None;
    interleavings(paths, &mut vec![0; paths.len()], &mut Vec::new(), &mut |order| {
        if found.is_none()
            && let Ok((board, moves)) = replay_hops(pos, dice, order, text)
            && let Ok(play) = judge(pos, dice, legal, &board, &moves, text)
        {
            found = Some(play);
        }
    });
    found.map_or(first, Ok)
}

/// A checker's hop as written: from, to (0 = off), maybe over several dice.
type Hop = (u8, u8);

/// Calls `f` with every order of the hops that keeps each path's own order
/// (at most 24: `parse_play` lets through at most four hops).
fn interleavings(paths: &[Vec<Hop>], next: &mut Vec<usize>, order: &mut Vec<Hop>, f: &mut dyn FnMut(&[Hop])) {
    let mut any = false;
    for i in 0..paths.len() {
        if i > 0 && paths[i] == paths[i - 1] && next[i] == next[i - 1] {
            continue; // identical paths at the same stage: same orders
        }
        if next[i] < paths[i].len() {
            any = true;
            order.push(paths[i][next[i]]);
            next[i] += 1;
            interleavings(paths, next, order, f);
            next[i] -= 1;
            order.pop();
        }
    }
    if !any {
        f(order);
    }
}

/// Plays the hops in the order given, each over the dice that fit; the board
/// reached and the single moves, or why a hop cannot be played.
fn replay_hops(pos: &Position, dice: Dice, hops: &[(u8, u8)], text: &str) -> Result<(Board, Vec<Move>), PlayError> {
    let mut board = Board::new(pos);
    let mut left = DiceLeft(if dice.is_doublet() { vec![dice.high(); 4] } else { vec![dice.high(), dice.low()] });
    let mut moves: Vec<Move> = Vec::new();
    for (i, &(from, to)) in hops.iter().enumerate() {
        let hops_after = hops.len() - i - 1;
        if to != 0 && to >= from {
            return Err(PlayError::Backwards { from, to });
        }
        let ways = left.ways(from, to);
        if ways.is_empty() {
            if left.0.is_empty() {
                return Err(PlayError::TooManyMoves(dice));
            }
            let dist = if to == 0 { from } else { from - to };
            return Err(PlayError::NoDice { from, to, dist, left: left.text() });
        }
        let mut first_err = None;
        let mut blocked = Vec::new();
        let mut done = false;
        for way in &ways {
            let mut b = board.clone();
            let mut at = from;
            let mut ms = Vec::new();
            let mut ok = true;
            for &d in way {
                if b.ended() {
                    break;
                }
                match b.step(at, d) {
                    Ok(next) => {
                        ms.push(Move::new(at, next));
                        at = next;
                    }
                    Err(e) => {
                        if let PlayError::Blocked(p) | PlayError::BlockedAnchor(p) = e {
                            blocked.push(p);
                        }
                        first_err.get_or_insert(e);
                        ok = false;
                        break;
                    }
                }
            }
            if ok && b.ended() && (ms.len() < way.len() || hops_after > 0) {
                let shown: Vec<String> =
                    moves.iter().chain(&ms).map(|m| format!("{}/{}", m.from, to_text(m.to))).collect();
                return Err(PlayError::AfterGameEnd(shown.join(" ")));
            }
            if ok {
                board = b;
                for &d in way {
                    left.take(d);
                }
                moves.extend(ms);
                done = true;
                break;
            }
        }
        if !done {
            let multi = ways.iter().all(|w| w.len() > 1);
            // A point the mover started the turn on, emptied by the moves
            // before: more checkers were written than stood there.
            if let Some(PlayError::NoChecker(p)) = first_err
                && pos.own_on(p) > 0
            {
                return Err(PlayError::TooFewCheckers { point: p, have: pos.own_on(p) });
            }
            return Err(match first_err {
                Some(PlayError::Blocked(_) | PlayError::BlockedAnchor(_)) if multi => {
                    blocked.sort_unstable();
                    blocked.dedup();
                    let blocked = blocked.iter().map(u8::to_string).collect::<Vec<_>>().join(", ");
                    PlayError::PathBlocked { from, to, blocked }
                }
                Some(e) => e,
                None => PlayError::NotLegal(text.into()),
            });
        }
    }

    Ok((board, moves))
}

/// The legal play the board reached is, or why the moves are not one.
fn judge(
    pos: &Position,
    dice: Dice,
    legal: &[Play],
    board: &Board,
    moves: &[Move],
    text: &str,
) -> Result<Play, PlayError> {
    let key = board.key();
    if let Some(play) = legal.iter().find(|p| p.position().with_turn(pos.turn()).own_key() == key) {
        return Ok(*play);
    }
    let most = legal.iter().map(|p| p.moves().len()).max().unwrap_or(0);
    if moves.len() < most || legal.iter().any(|p| p.result().is_some()) && moves.len() < dice.moves_allowed() {
        return Err(if dice.is_doublet() {
            PlayError::MustUseMore { die: dice.high(), needed: most.max(moves.len() + 1) as u8 }
        } else {
            PlayError::MustUseBoth(dice)
        });
    }
    if !dice.is_doublet() && most == 1 && moves.len() == 1 {
        return Err(PlayError::MustUseLarger(dice.high()));
    }
    Err(PlayError::NotLegal(text.into()))
}
