//! Play notation, written once for every game (INTERFACE.md, "Play
//! notation"): `24/18 13/7*`, `bar/22`, `24/20/14`, `24/18(2)`, `6/off`,
//! `pass`, points in the mover's numbering.
//!
//! Writing joins one checker's moves into a path, puts a `*` after a point
//! where the game marks what happened there (a pin in Plakoto, a hit in
//! Portes), writes identical paths once with a count, and orders the paths
//! by starting point, highest (the bar) first.
//!
//! A game gives its hooks ([`Notation`]) on its turn board: what its `*`
//! marks and its opponent's numbering.

use std::fmt::Write as _;

use crate::tavli::GamePlay;
use crate::turn::TurnBoard;

/// A game's hooks into the one notation, on its board as a turn is played
/// on it: everything else about writing a play is written here.
pub(crate) trait Notation: TurnBoard {
    /// The mover's point `point` (1 to 24) as the opponent numbers it.
    fn opponent_point(point: u8) -> u8;

    /// Is the `i`th move of `play` written with a `*`?
    fn marked(play: &Self::Play, i: usize) -> bool;
}

/// `play` in notation, in the mover's numbering or (`other`) in its
/// opponent's; `pass` when nothing could be played.
pub(crate) fn write<B: Notation>(play: &B::Play, other: bool) -> String {
    let moves = play.moves();
    if moves.is_empty() {
        return "pass".into();
    }
    // One path per checker: each move goes onto the path ending where it
    // starts, if any.
    let mut paths: Vec<Path> = Vec::with_capacity(moves.len());
    for (i, m) in moves.iter().enumerate() {
        let mark = B::marked(play, i);
        match paths.iter_mut().rev().find(|p| p.last() == m.from) {
            Some(path) => path.push(m.to, mark),
            None => {
                let mut path = Path::default();
                path.push(m.from, false);
                path.push(m.to, mark);
                paths.push(path);
            }
        }
    }
    // Highest starting point first (the bar is 25); from the same point,
    // the longer way first.
    paths.sort_by_key(|p| (std::cmp::Reverse(p.points[0].0), p.last(), std::cmp::Reverse(p.len)));
    let shown = |p: u8| if other && (1..=24).contains(&p) { B::opponent_point(p) } else { p };
    let mut out = String::with_capacity(8 * paths.len());
    let mut i = 0;
    while i < paths.len() {
        let same = paths[i..].iter().take_while(|p| **p == paths[i]).count();
        if i > 0 {
            out.push(' ');
        }
        for (j, &(p, mark)) in paths[i].points[..paths[i].len].iter().enumerate() {
            if j > 0 {
                out.push('/');
            }
            match shown(p) {
                0 => out.push_str("off"),
                25 => out.push_str("bar"),
                n => {
                    let _ = write!(out, "{n}");
                }
            }
            if mark {
                out.push('*');
            }
        }
        if same > 1 {
            let _ = write!(out, "({same})");
        }
        i += same;
    }
    out
}

/// One checker's path within a play: its points in order, each with its
/// `*` mark. A play has at most four moves, so a path at most five points;
/// the places after `len` stay empty, so equal paths compare equal.
#[derive(Clone, Copy, Default, PartialEq, Eq)]
struct Path {
    points: [(u8, bool); 5],
    len: usize,
}

impl Path {
    fn push(&mut self, point: u8, mark: bool) {
        self.points[self.len] = (point, mark);
        self.len += 1;
    }

    fn last(&self) -> u8 {
        self.points[self.len - 1].0
    }
}
