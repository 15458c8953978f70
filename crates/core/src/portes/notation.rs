//! Portes play notation (INTERFACE.md, "Portes"): `bar/19`, `13/7*`,
//! `13/10*/8`, `6/off`, `24/18(2)`. Points are in the mover's numbering.
//!
//! Printing joins one checker's moves into a path, marks a hit with `*`
//! after the point where it happened (an intermediate point too), writes
//! repeated paths once with a count and orders paths by starting point,
//! the bar first. Parsing accepts that, the long forms (`24/18 24/18`),
//! `25` for the bar and `0` for off, commas, and a hop over several dice
//! without its intermediate points (`24/13` for 6-5); when such a hop can
//! go two ways that hit differently, the way that matches its `*` is taken
//! (a hop with no `*` prefers a way that hits nothing).

use std::collections::HashSet;
use std::fmt;

use super::board::Board;
use super::play::Play;
use super::position::Position;
use super::rules::PortesRules;
use crate::Color;
use crate::PlayError;
use crate::dice::Dice;
use crate::notation::Notation;
use crate::play::Move;
use crate::play_error::point_text;

impl Notation for Board {
    fn opponent_point(point: u8) -> u8 {
        25 - point
    }

    fn marked(play: &Play, i: usize) -> bool {
        play.hits_on_move(i)
    }
}

impl Play {
    /// The play in notation; `pass` when nothing could be played.
    ///
    /// ```
    /// use tavli_core::Dice;
    /// use tavli_core::portes::Position;
    /// let plays = Position::start().legal_plays(Dice::new(6, 6).unwrap());
    /// assert!(plays.iter().any(|p| p.notation() == "24/18(2) 13/7(2)"));
    /// ```
    pub fn notation(&self) -> String {
        crate::notation::write::<Board>(self, false)
    }

    /// [`Play::notation`] in `reader`'s numbering: the opponent reads the
    /// mover's point n as 25 − n (the bar and off stay).
    ///
    /// ```
    /// use tavli_core::{Color, Dice};
    /// use tavli_core::portes::Position;
    /// let black = Position::start().with_turn(Color::Black);
    /// let play = black.legal_plays(Dice::new(3, 1).unwrap()).into_iter().find(|p| p.notation() == "8/5 6/5").unwrap();
    /// assert_eq!(play.notation_for(Color::White), "17/20 19/20");
    /// ```
    pub fn notation_for(&self, reader: Color) -> String {
        crate::notation::write::<Board>(self, reader != self.mover())
    }
}

impl fmt::Display for Play {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(&self.notation())
    }
}

/// A hop as written: from, to (0 = off, from 25 = the bar), and whether a
/// `*` follows its end.
type Hop = (u8, u8, bool);

/// The single hops of an entry made move by move (`24/18 13/11*`, `bar/22`),
/// in the mover's numbering, `25` for the bar and `0` for off; at most as
/// many as `dice` has moves. Hit marks are not needed to play them.
pub(crate) fn entry_hops(text: &str, dice: Dice) -> Result<Vec<(u8, u8)>, PlayError> {
    let token = |t: &str| parse_token(t).map(|(path, n)| (path.iter().map(|&(from, to, _)| (from, to)).collect(), n));
    crate::entry::hops(text, dice, token, || crate::entry::EntryErrors {
        too_many: PlayError::TooManyMoves(dice),
        empty: PlayError::Syntax {
            token: text.chars().take(40).collect(),
            why: "a move is written from/to, like 24/18 or bar/19".into(),
        },
    })
}

/// One token: its hops and how many times it is written (`(2)`).
fn parse_token(token: &str) -> Result<(Vec<Hop>, usize), PlayError> {
    let syntax = |why: &str| PlayError::Syntax { token: token.chars().take(40).collect(), why: why.into() };
    let (body, count) = match token.find('(') {
        Some(i) => {
            let n = token[i + 1..]
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
        return Err(syntax("a move is written from/to, like 24/18 or bar/19"));
    }
    if parts.len() > 5 {
        return Err(syntax("a checker moves at most four times in a turn"));
    }
    let mut points = Vec::with_capacity(parts.len());
    for (i, part) in parts.iter().enumerate() {
        let p = part.trim_end_matches('*');
        let star = p.len() < part.len();
        let (first, last) = (i == 0, i == parts.len() - 1);
        let v = match p.to_ascii_lowercase().as_str() {
            "off" | "o" if last => 0,
            "off" | "o" => return Err(syntax("`off` can only end a path")),
            "bar" | "b" if first => 25,
            "bar" | "b" => return Err(syntax("`bar` can only start a path")),
            _ => match p.parse::<u8>() {
                Ok(0) if last && !first => 0,
                Ok(25) if first => 25,
                Ok(n) if (1..=24).contains(&n) => n,
                _ => return Err(syntax("points are numbers 1 to 24, `bar` or `off`")),
            },
        };
        points.push((v, star));
    }
    Ok((points.windows(2).map(|w| (w[0].0, w[1].0, w[1].1)).collect(), count))
}

/// The orders of the dice left (each a list of die values) that carry a
/// checker from `from` to `to` (0 = off), fewest dice first.
fn ways(left: &[u8], from: u8, to: u8) -> Vec<Vec<u8>> {
    fn rec(left: &[u8], at: u8, to: u8, used: &mut Vec<u8>, out: &mut Vec<Vec<u8>>) {
        for (i, &d) in left.iter().enumerate() {
            if left[..i].contains(&d) {
                continue;
            }
            used.push(d);
            if (at > d && at - d == to) || (to == 0 && d >= at) {
                out.push(used.clone());
            } else if at > d && at - d > to {
                let mut rest = left.to_vec();
                rest.remove(i);
                rec(&rest, at - d, to, used, out);
            }
            used.pop();
        }
    }
    let mut out = Vec::new();
    rec(left, from, to, &mut Vec::new(), &mut out);
    out.sort_by_key(Vec::len);
    out
}

fn without(left: &[u8], used: &[u8]) -> Vec<u8> {
    let mut rest = left.to_vec();
    for d in used {
        if let Some(i) = rest.iter().position(|x| x == d) {
            rest.remove(i);
        }
    }
    rest
}

/// A way of playing the hops as written: the board reached, its single
/// moves, and how many hops' `*` marks it contradicts.
struct Reached {
    board: Board,
    moves: Vec<Move>,
    mismatch: usize,
}

/// Plays `hops` in order from `board`, every way the dice allow; collects
/// what is reached, and the first reason a hop could not be played.
#[allow(clippy::too_many_arguments)]
fn explore(
    dice: Dice,
    board: &Board,
    left: &[u8],
    hops: &[Hop],
    moves: &mut Vec<Move>,
    mismatch: usize,
    out: &mut Vec<Reached>,
    err: &mut Option<PlayError>,
) {
    let Some((&(from, to, star), rest)) = hops.split_first() else {
        out.push(Reached { board: board.clone(), moves: moves.clone(), mismatch });
        return;
    };
    if to != 0 && to >= from {
        err.get_or_insert(PlayError::Backwards { from, to });
        return;
    }
    let ways = ways(left, from, to);
    if ways.is_empty() {
        let dist = if to == 0 { from } else { from - to };
        let left_text = if left.is_empty() {
            "none".to_string()
        } else {
            left.iter().map(u8::to_string).collect::<Vec<_>>().join(", ")
        };
        err.get_or_insert(if left.is_empty() {
            PlayError::TooManyMoves(dice)
        } else {
            PlayError::NoDice { from, to, dist, left: left_text }
        });
        return;
    }
    let mut blocked = Vec::new();
    let mut first = None;
    let mut any = false;
    for way in &ways {
        let mut b = board.clone();
        let mut at = from;
        let mut hit_any = false;
        let before = moves.len();
        let mut ok = true;
        for &d in way {
            if b.ended() {
                // The game ended before the hop did, or moves follow it.
                let shown: Vec<String> =
                    moves.iter().map(|m| format!("{}/{}", point_text(m.from), point_text(m.to))).collect();
                err.get_or_insert(PlayError::AfterGameEnd(shown.join(" ")));
                ok = false;
                break;
            }
            match b.step(at, d) {
                Ok((next, hit)) => {
                    moves.push(Move::new(at, next));
                    hit_any |= hit;
                    at = next;
                }
                Err(e) => {
                    if let PlayError::Blocked(p) | PlayError::EntryBlocked(p) = e {
                        blocked.push(p);
                    }
                    first.get_or_insert(e);
                    ok = false;
                    break;
                }
            }
        }
        if ok && b.ended() && !rest.is_empty() {
            let shown: Vec<String> =
                moves.iter().map(|m| format!("{}/{}", point_text(m.from), point_text(m.to))).collect();
            err.get_or_insert(PlayError::AfterGameEnd(shown.join(" ")));
            ok = false;
        }
        if ok {
            any = true;
            let m = mismatch + usize::from(hit_any != star);
            explore(dice, &b, &without(left, way), rest, moves, m, out, err);
        }
        moves.truncate(before);
    }
    if !any && let Some(e) = first {
        let multi = ways.iter().all(|w| w.len() > 1);
        err.get_or_insert(match e {
            PlayError::Blocked(_) | PlayError::EntryBlocked(_) if multi => {
                blocked.sort_unstable();
                blocked.dedup();
                let blocked = blocked.iter().map(u8::to_string).collect::<Vec<_>>().join(", ");
                PlayError::PathBlocked { from, to, blocked }
            }
            PlayError::NoChecker(p) if board.base.own_on(p) > 0 => {
                PlayError::TooFewCheckers { point: p, have: board.base.own_on(p) }
            }
            e => e,
        });
    }
}

/// Calls `f` with every order of the hops that keeps each path's own order.
fn interleavings(paths: &[Vec<Hop>], next: &mut Vec<usize>, order: &mut Vec<Hop>, f: &mut dyn FnMut(&[Hop])) {
    let mut any = false;
    for i in 0..paths.len() {
        if i > 0 && paths[i] == paths[i - 1] && next[i] == next[i - 1] {
            continue;
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

/// Parses `text` as a play of `dice` from `pos` and returns the matching
/// legal play, or the reason it is not one. Linear in the text: it is cut
/// into tokens once, and at most four hops are ever tried.
///
/// ```
/// use tavli_core::Dice;
/// use tavli_core::portes::{PlayError, Position, parse_play};
/// let p = Position::start();
/// let d = Dice::new(6, 5).unwrap();
/// assert_eq!(parse_play(&p, d, "24/13").unwrap().notation(), "24/18/13");
/// assert_eq!(parse_play(&p, d, "24/18"), Err(PlayError::MustUseBoth(d)));
/// ```
pub fn parse_play(pos: &Position, dice: Dice, text: &str) -> Result<Play, PlayError> {
    parse_play_with(pos, dice, text, &PortesRules::default())
}

/// [`parse_play`] under `rules`: the same plays, one that ends the game
/// scored as `rules` say.
pub fn parse_play_with(pos: &Position, dice: Dice, text: &str, rules: &PortesRules) -> Result<Play, PlayError> {
    if pos.outcome().is_some() {
        return Err(PlayError::GameOver);
    }
    let legal = pos.legal_plays_with(dice, rules);
    let tokens: Vec<&str> = text.split(|c: char| c.is_whitespace() || c == ',').filter(|t| !t.is_empty()).collect();
    let is_pass_text = tokens.is_empty() || (tokens.len() == 1 && tokens[0].eq_ignore_ascii_case("pass"));
    if legal.len() == 1 && legal[0].is_pass() {
        return if is_pass_text { Ok(legal[0]) } else { Err(PlayError::MustPass(dice)) };
    }
    if is_pass_text {
        return Err(PlayError::CannotPass(dice));
    }
    // Every hop uses at least one die: more hops than moves is never a play.
    let allowed = dice.moves_allowed();
    if tokens.len() > allowed {
        return Err(PlayError::TooManyMoves(dice));
    }
    let mut paths: Vec<Vec<Hop>> = Vec::new();
    let mut hops = 0;
    for token in &tokens {
        let (path, count) = parse_token(token)?;
        hops += path.len() * count;
        if hops > allowed {
            return Err(PlayError::TooManyMoves(dice));
        }
        paths.extend(std::iter::repeat_n(path, count));
    }
    let left: Vec<u8> = if dice.is_doublet() { vec![dice.high(); 4] } else { vec![dice.high(), dice.low()] };
    let start = Board::new(pos);

    // The order written first: its error is the one reported.
    let written: Vec<Hop> = paths.iter().flatten().copied().collect();
    let mut reached = Vec::new();
    let mut err = None;
    explore(dice, &start, &left, &written, &mut Vec::new(), 0, &mut reached, &mut err);
    let first_err = err.take();
    // Printed notation groups moves by checker, which is not always an order
    // that can be played (a checker must come home before another bears
    // off): try the other orders of the paths' hops too.
    interleavings(&paths, &mut vec![0; paths.len()], &mut Vec::new(), &mut |order| {
        explore(dice, &start, &left, order, &mut Vec::new(), 0, &mut reached, &mut None);
    });

    let keys: HashSet<u128> = legal.iter().map(Play::key).collect();
    if let Some(best) = reached.iter().filter(|r| keys.contains(&r.board.key())).min_by_key(|r| r.mismatch) {
        let key = best.board.key();
        if let Some(play) = legal.iter().find(|p| p.key() == key) {
            return Ok(*play);
        }
    }
    let Some(first) = reached.first() else {
        return Err(first_err.unwrap_or_else(|| PlayError::NotLegal(text.trim().chars().take(60).collect())));
    };
    let n = first.moves.len();
    let most = legal.iter().map(|p| p.moves().len()).max().unwrap_or(0);
    if n < most || (legal.iter().any(|p| p.result().is_some()) && n < allowed && !first.board.ended()) {
        return Err(if dice.is_doublet() {
            PlayError::MustUseMore { die: dice.high(), needed: most.max(n + 1) as u8 }
        } else {
            PlayError::MustUseBoth(dice)
        });
    }
    if !dice.is_doublet() && most == 1 && n == 1 {
        return Err(PlayError::MustUseLarger(dice.high()));
    }
    Err(PlayError::NotLegal(text.trim().chars().take(60).collect()))
}
