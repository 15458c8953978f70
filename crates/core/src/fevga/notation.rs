//! Fevga play notation, as Plakoto's (INTERFACE.md) without pins: `24/18`,
//! `24/19/14`, `24/20(2)`, `6/off`. Points are in the mover's own numbering.
//!
//! Printing joins the moves of one checker into a path and writes repeated
//! paths once with a count, paths ordered by starting point, highest first.
//! Parsing accepts those, the long forms (`24/18 24/18`), a hop over
//! several dice without its intermediate points (`24/13` for 6-5), `0` for
//! `off` and commas between moves; it refuses `*` and `bar` (nothing is hit
//! in Fevga), and explains an illegal play by the rule it breaks. It takes
//! time linear in the text: at most as many hops as the roll has moves are
//! read, and their orders are few.

use std::fmt;

use super::board::Board;
use super::explain::why_not;
use super::play::Play;
use super::position::{Position, other_numbering};
use super::rules::FevgaRules;
use crate::Color;
use crate::PlayError;
use crate::dice::Dice;
use crate::notation::Notation;
use crate::play::Move;
use crate::play_error::point_text as to_text;

impl Notation for Board {
    fn opponent_point(point: u8) -> u8 {
        other_numbering(point)
    }

    fn marked(_: &Play, _: usize) -> bool {
        false
    }
}

impl Play {
    /// The play in notation; `pass` when nothing could be played.
    ///
    /// ```
    /// use tavli_core::{Dice, fevga_pos};
    /// let p = fevga_pos!(White; white {24: 13, 13: 2}; black {24: 15});
    /// let plays = p.legal_plays(Dice::new(3, 3).unwrap());
    /// assert!(plays.iter().any(|p| p.notation() == "13/10(2) 24/21(2)" || p.notation() == "24/21(2) 13/10(2)"));
    /// ```
    pub fn notation(&self) -> String {
        crate::notation::write::<Board>(self, false)
    }

    /// [`Play::notation`] in `reader`'s numbering: the opponent reads the
    /// mover's point n as its own S(n) (TAVLI.md Part 3b; off stays).
    ///
    /// ```
    /// use tavli_core::{Color, Dice};
    /// use tavli_core::fevga::Position;
    /// let play = Position::start().legal_plays(Dice::new(6, 4).unwrap()).into_iter().find(|p| p.notation() == "24/18/14").unwrap();
    /// assert_eq!(play.notation_for(Color::Black), "12/6/2");
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

/// The single hops of an entry made move by move (`24/18 13/11`), in the
/// mover's numbering, `0` for off; at most as many as `dice` has moves.
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

/// One token's checker path as written: points with `0` for off, and how
/// many checkers take it.
fn parse_token(token: &str) -> Result<(Vec<u8>, usize), PlayError> {
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
    if body.contains('*') {
        return Err(syntax("`*` marks a hit, and nothing is hit in Fevga"));
    }
    let parts: Vec<&str> = body.split('/').collect();
    if parts.len() < 2 {
        return Err(syntax("a move is written from/to, like 24/18"));
    }
    // A path over more than four dice cannot be a move; stop reading early.
    if parts.len() > 5 {
        return Err(syntax("a path has at most four moves"));
    }
    let mut points = Vec::with_capacity(parts.len());
    for (i, part) in parts.iter().enumerate() {
        let last = i == parts.len() - 1;
        let v = match part.to_ascii_lowercase().as_str() {
            "off" | "o" if last => 0,
            "off" | "o" => return Err(syntax("`off` can only end a path")),
            "bar" | "b" => return Err(syntax("there is no bar in Fevga: nothing is ever hit")),
            _ => match part.parse::<u8>() {
                Ok(0) if last => 0,
                Ok(n) if (1..=24).contains(&n) => n,
                _ => return Err(syntax("points are numbers 1 to 24, or `off`")),
            },
        };
        points.push(v);
    }
    Ok((points, count))
}

/// Dice still to be played, as a multiset of values.
#[derive(Clone)]
struct DiceLeft(Vec<u8>);

impl DiceLeft {
    fn text(&self) -> String {
        if self.0.is_empty() { "none".into() } else { self.0.iter().map(u8::to_string).collect::<Vec<_>>().join(", ") }
    }

    /// Ways to take dice (in order) that carry a checker from `from` to `to`
    /// (0 = off; a die may overshoot when bearing off), fewer dice first.
    fn ways(&self, from: u8, to: u8) -> Vec<Vec<u8>> {
        fn rec(left: &[u8], at: u8, to: u8, used: &mut Vec<u8>, out: &mut Vec<Vec<u8>>) {
            for (i, &d) in left.iter().enumerate() {
                if left[..i].contains(&d) {
                    continue;
                }
                if (at > d && at - d == to) || (to == 0 && at <= d) {
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
        let mut out = Vec::new();
        rec(&self.0, from, to, &mut Vec::new(), &mut out);
        out.sort_by_key(Vec::len);
        out
    }

    fn take(&mut self, d: u8) {
        if let Some(i) = self.0.iter().position(|&x| x == d) {
            self.0.remove(i);
        }
    }
}

/// Parses `text` as a play of `dice` from `pos` under TAVLI.md's Decisions
/// and returns the matching legal play, or the reason it is not one.
///
/// ```
/// use tavli_core::{Dice, fevga_pos};
/// use tavli_core::fevga::{PlayError, Position, parse_play};
/// let d = Dice::new(6, 6).unwrap();
/// assert_eq!(parse_play(&Position::start(), d, "24/18").unwrap().notation(), "24/18");
/// // The runner rule: nothing else may move until the runner reaches 12.
/// let p = fevga_pos!(White; white {24: 14, 18: 1}; black {24: 15});
/// let e = parse_play(&p, Dice::new(6, 1).unwrap(), "24/18 18/17").unwrap_err();
/// assert!(matches!(e, PlayError::Runner { from: 24, .. }), "{e}");
/// ```
pub fn parse_play(pos: &Position, dice: Dice, text: &str) -> Result<Play, PlayError> {
    parse_play_with(pos, dice, text, &FevgaRules::default())
}

/// [`parse_play`] under `rules`.
pub fn parse_play_with(pos: &Position, dice: Dice, text: &str, rules: &FevgaRules) -> Result<Play, PlayError> {
    if pos.outcome().is_some() {
        return Err(PlayError::GameOver);
    }
    let legal = pos.legal_plays_with(dice, rules);
    let text = text.trim();
    let allowed = dice.moves_allowed();
    // Never split more than is needed to refuse: a play has at most four hops.
    let mut tokens: Vec<&str> = Vec::new();
    for t in text.split(|c: char| c.is_whitespace() || c == ',').filter(|t| !t.is_empty()) {
        if tokens.len() == allowed {
            return Err(PlayError::TooManyMoves(dice));
        }
        tokens.push(t);
    }
    let is_pass_text = tokens.is_empty() || (tokens.len() == 1 && tokens[0].eq_ignore_ascii_case("pass"));
    let passing = legal.len() == 1 && legal[0].is_pass();
    if passing {
        return if is_pass_text { Ok(legal[0]) } else { Err(PlayError::MustPass(dice)) };
    }
    if is_pass_text {
        return Err(PlayError::CannotPass(dice));
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
    let given: Vec<(u8, u8)> = paths.iter().flatten().copied().collect();
    let first = replay_hops(pos, dice, rules, &given, text).and_then(|r| judge(dice, &legal, &r, text));
    if first.is_ok() {
        return first;
    }
    // Notation groups moves by checker, so the order written is not always
    // one that can be played (a runner that must release the others first,
    // a bear-off that needs another checker home): try the other orders
    // that keep each checker's path in order (at most 24, four hops).
    let mut found = None;
    interleavings(&paths, &mut vec![0; paths.len()], &mut Vec::new(), &mut |order| {
        if found.is_none()
            && let Ok(r) = replay_hops(pos, dice, rules, order, text)
            && let Ok(play) = judge(dice, &legal, &r, text)
        {
            found = Some(play);
        }
    });
    found.map_or(first, Ok)
}

/// A checker's hop as written: from, to (0 = off), maybe over several dice.
type Hop = (u8, u8);

/// Calls `f` with every order of the hops that keeps each path's own order.
fn interleavings(paths: &[Vec<Hop>], next: &mut Vec<usize>, order: &mut Vec<Hop>, f: &mut dyn FnMut(&[Hop])) {
    let mut any = false;
    for i in 0..paths.len() {
        if i > 0 && paths[i] == paths[i - 1] && next[i] == next[i - 1] {
            continue; // identical paths at the same stage: the same orders
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

/// A replayed play: the board reached and the dice used, in order.
struct Replayed {
    board: Board,
    used: Vec<u8>,
}

/// Plays the hops in the order given, each over the dice that fit; the
/// board reached, or why a hop cannot be played.
fn replay_hops(
    pos: &Position,
    dice: Dice,
    rules: &FevgaRules,
    hops: &[Hop],
    text: &str,
) -> Result<Replayed, PlayError> {
    let mut board = Board::new(pos, rules);
    let mut left = DiceLeft(if dice.is_doublet() { vec![dice.high(); 4] } else { vec![dice.high(), dice.low()] });
    let mut used: Vec<u8> = Vec::new();
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
                        if let PlayError::HeldByOne(p) = e {
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
                    used.push(d);
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
                Some(PlayError::HeldByOne(_)) if multi => {
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
    Ok(Replayed { board, used })
}

/// The legal play the replayed moves make, or why they make none.
fn judge(dice: Dice, legal: &[Play], r: &Replayed, text: &str) -> Result<Play, PlayError> {
    let key = r.board.key();
    match legal.iter().find(|p| p.key() == key) {
        Some(play) => Ok(*play),
        None => Err(why_not(dice, legal, &r.board, &r.used, text)),
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::fevga_pos;

    fn d(s: &str) -> Dice {
        s.parse().unwrap()
    }

    #[test]
    fn prints_paths_counts_and_bear_offs() {
        let start = Position::start();
        assert_eq!(start.legal_plays(d("6-6"))[0].notation(), "24/18");
        let mut five: Vec<String> = start.legal_plays(d("5-5")).iter().map(Play::notation).collect();
        five.sort();
        assert_eq!(five, ["24/19/14/9 24/19", "24/19/14/9/4"]);
        // TAVLI.md F9: one play, 6/4 then 4/off, printed as one path.
        let f9 = fevga_pos!(White; white {6: 1, 4: 1}; black {13: 1, 5: 14});
        let plays = f9.legal_plays(d("5-2"));
        assert_eq!(plays.len(), 1);
        assert_eq!(plays[0].notation(), "6/4/off");
        for text in ["6/4/off", "6/4 4/off", "6/4, 4/0", "4/off 6/4", "6/off"] {
            assert_eq!(parse_play(&f9, d("5-2"), text).map(|p| p.notation()), Ok("6/4/off".into()), "{text}");
        }
    }

    #[test]
    fn refuses_what_fevga_does_not_have() {
        let p = Position::start();
        let e = parse_play(&p, d("6-6"), "24/18*").unwrap_err();
        assert!(e.to_string().contains("nothing is hit"), "{e}");
        let e = parse_play(&p, d("6-6"), "bar/19").unwrap_err();
        assert!(e.to_string().contains("no bar"), "{e}");
        assert_eq!(parse_play(&p, d("6-6"), "24/18 24/18 24/18 24/18 24/18"), Err(PlayError::TooManyMoves(d("6-6"))));
        assert_eq!(parse_play(&p, d("6-6"), "pass"), Err(PlayError::CannotPass(d("6-6"))));
        assert_eq!(parse_play(&p, d("6-6"), "24/18/12"), Err(PlayError::HeldByOne(12)));
        assert!(matches!(parse_play(&p, d("6-6"), "24/12"), Err(PlayError::PathBlocked { from: 24, to: 12, .. })));
    }

    #[test]
    fn long_input_is_refused_at_once() {
        let p = Position::start();
        let long = "24/18 ".repeat(200_000);
        let t = std::time::Instant::now();
        assert_eq!(parse_play(&p, d("6-5"), &long), Err(PlayError::TooManyMoves(d("6-5"))));
        let path = format!("24{}", "/23".repeat(100_000));
        assert!(matches!(parse_play(&p, d("6-5"), &path), Err(PlayError::Syntax { .. })));
        assert!(t.elapsed().as_secs_f64() < 1.0);
    }
}
