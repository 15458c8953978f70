//! A slow, plain reference for the rules of RULES.md, written only against
//! the public API, to check the fast move generator against.
//!
//! Nothing here is clever: a board is arrays indexed by point in White's
//! numbering, a play is found by trying every die (in every order) on every
//! checker, and each rule of RULES.md is one small function that reads like
//! the rule. The options of the pinning games (REGIONAL.md Parts 1–3: the
//! mother played out, bearing off past a pin) are [`Options`], each read
//! where its rule is. Speed is not a goal; only the transposition check in the search
//! (the same board with the same dice left leads to the same plays) keeps
//! doublets from taking seconds.

#![allow(dead_code)] // each test file uses a different part of this module

use std::collections::{BTreeSet, HashSet};

use tavli_core::{Color, Dice, GameResult, Position, Reason, Setup};

/// The options of the pinning games, as REGIONAL.md words them; the
/// default is RULES.md.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct Options {
    /// "Mother: play it out": a pinned mother is an ordinary pin (both
    /// mothers pinned is still a draw).
    pub play_out: bool,
    /// "A pinned checker in the home board does not stop bearing off".
    pub past_pins: bool,
}

impl Options {
    /// The options the fast generator's rules name.
    pub fn of(rules: &tavli_core::plakoto::PlakotoRules) -> Options {
        use tavli_core::plakoto::{BearOff, Mother};
        Options { play_out: rules.mother == Mother::PlayOut, past_pins: rules.bear_off == BearOff::PastPins }
    }
}

/// A mutable board in White's numbering (index 1..=24; index 0 unused).
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub struct Board {
    /// Who is on top of each point and how many (never `Some((_, 0))`).
    pub top: [Option<(Color, u8)>; 25],
    /// The single checker pinned under each point, if any.
    pub pinned: [Option<Color>; 25],
    /// Checkers borne off, indexed by `Color::index()`.
    pub off: [u8; 2],
}

const BOTH: [Color; 2] = [Color::White, Color::Black];

/// Hashes the board as one byte string: the derived field-by-field hash made
/// the reference several times slower. Equal boards give equal bytes.
impl std::hash::Hash for Board {
    fn hash<H: std::hash::Hasher>(&self, state: &mut H) {
        let colour = |c: Option<Color>| c.map_or(0u8, |c| 1 + c.index() as u8);
        let mut bytes = [0u8; 77];
        for p in 1..=24 {
            let (c, n) = self.top[p].map_or((None, 0), |(c, n)| (Some(c), n));
            bytes[3 * p - 3] = colour(c);
            bytes[3 * p - 2] = n;
            bytes[3 * p - 1] = colour(self.pinned[p]);
        }
        bytes[75] = self.off[0];
        bytes[76] = self.off[1];
        state.write(&bytes);
    }
}

/// A point in `color`'s own numbering, as a point in White's numbering.
pub fn abs(color: Color, own_point: u8) -> u8 {
    match color {
        Color::White => own_point,
        Color::Black => 25 - own_point,
    }
}

impl Board {
    pub fn from_position(pos: &Position) -> Board {
        let mut b = Board { top: [None; 25], pinned: [None; 25], off: [0; 2] };
        for p in 1..=24u8 {
            b.top[p as usize] = pos.top(p);
            b.pinned[p as usize] = pos.pinned(p);
        }
        for c in BOTH {
            b.off[c.index()] = pos.off(c);
        }
        b
    }

    /// The board as a validated position with `turn` on roll.
    pub fn to_position(self, turn: Color) -> Position {
        let mut s = Setup::empty(turn);
        for p in 1..=24usize {
            s.board[p] = match self.top[p] {
                None => 0,
                Some((Color::White, n)) => i64::from(n),
                Some((Color::Black, n)) => -i64::from(n),
            };
            s.pinned[p] = self.pinned[p];
        }
        s.off = [i64::from(self.off[0]), i64::from(self.off[1])];
        match s.validate() {
            Ok(p) => p,
            Err(e) => panic!("reference built an invalid board ({e}): {self:?}"),
        }
    }

    /// Checkers of `color` on top of a point (White's numbering).
    pub fn on_top(&self, color: Color, point: u8) -> u8 {
        match self.top[point as usize] {
            Some((c, n)) if c == color => n,
            _ => 0,
        }
    }

    /// All checkers of `color` on a point: on top, or the one pinned under it.
    pub fn all_on(&self, color: Color, point: u8) -> u8 {
        self.on_top(color, point) + u8::from(self.pinned[point as usize] == Some(color))
    }

    /// "Points: open and blocked": may `color` land on this point?
    pub fn is_open(&self, color: Color, point: u8) -> bool {
        let p = point as usize;
        match self.top[p] {
            // Empty.
            None => true,
            // Its own checkers on top, with or without a pinned opponent under them.
            Some((c, _)) if c == color => true,
            // Exactly one opposing checker that is not itself pinning.
            Some((_, 1)) => self.pinned[p].is_none(),
            // Two or more opposing checkers.
            Some(_) => false,
        }
    }

    /// "Bearing off": every checker of `color` on the board is in its home
    /// board (its points 1-6) and none of them is pinned.
    pub fn may_bear_off(&self, color: Color) -> bool {
        self.may_bear_off_with(color, Options::default())
    }

    /// [`Board::may_bear_off`] under `options`: past pins, a checker pinned
    /// in the home board does not stop it (one pinned outside it does:
    /// not every checker is home).
    pub fn may_bear_off_with(&self, color: Color, options: Options) -> bool {
        (1..=24u8).all(|own| {
            let a = abs(color, own);
            let home = own <= 6;
            let pinned_here = self.pinned[a as usize] == Some(color);
            let pin_stops = pinned_here && !(options.past_pins && home);
            !pin_stops && (home || self.all_on(color, a) == 0)
        })
    }

    /// The highest point (own numbering) holding a checker of `color`,
    /// pinned or not, 0 if none (a pinned checker there still stands
    /// highest: REGIONAL.md MB6).
    pub fn highest(&self, color: Color) -> u8 {
        (1..=24u8).rev().find(|&own| self.all_on(color, abs(color, own)) > 0).unwrap_or(0)
    }

    /// Where one checker of `color` on its own point `from` goes with `die`
    /// (own numbering, 0 for off), or `None` when that single move is illegal.
    pub fn try_move(&self, color: Color, from: u8, die: u8) -> Option<u8> {
        self.try_move_with(color, from, die, Options::default())
    }

    /// [`Board::try_move`] under `options`.
    pub fn try_move_with(&self, color: Color, from: u8, die: u8, options: Options) -> Option<u8> {
        // A pinned checker cannot move; the checkers on top of it can.
        if self.on_top(color, abs(color, from)) == 0 {
            return None;
        }
        if from > die {
            let to = from - die;
            return self.is_open(color, abs(color, to)).then_some(to);
        }
        // The move would leave the board: bearing off.
        if !self.may_bear_off_with(color, options) {
            return None;
        }
        if from == die {
            // A die of n bears off a checker from the n-point.
            return Some(0);
        }
        // A larger die bears off only from the highest occupied point, when
        // nothing stands higher (otherwise a checker above must move by n).
        (self.highest(color) == from).then_some(0)
    }

    /// Carries one checker of `color` from `from` to `to` (own numbering,
    /// `to` 0 = off), pinning and releasing as RULES.md "Moving" says.
    /// Returns whether the move pinned an opposing checker.
    pub fn apply(&mut self, color: Color, from: u8, to: u8) -> bool {
        let f = abs(color, from) as usize;
        match self.top[f] {
            Some((c, n)) if c == color && n > 0 => {
                self.top[f] = if n == 1 { None } else { Some((c, n - 1)) };
            }
            _ => panic!("apply: no free {color} checker on its point {from}"),
        }
        // Releasing: no checker of the pinning side is left on the point.
        if self.top[f].is_none()
            && let Some(under) = self.pinned[f].take()
        {
            self.top[f] = Some((under, 1));
        }
        if to == 0 {
            self.off[color.index()] += 1;
            return false;
        }
        let t = abs(color, to) as usize;
        match self.top[t] {
            None => {
                self.top[t] = Some((color, 1));
                false
            }
            Some((c, n)) if c == color => {
                self.top[t] = Some((c, n + 1));
                false
            }
            Some((other, 1)) if self.pinned[t].is_none() => {
                // Pinning: the lone opposing checker goes underneath.
                self.pinned[t] = Some(other);
                self.top[t] = Some((color, 1));
                true
            }
            _ => panic!("apply: {color} lands on blocked point {to}"),
        }
    }

    /// A side's starting point, its 24-point, in White's numbering.
    fn start(color: Color) -> u8 {
        abs(color, 24)
    }

    /// Is `color`'s mother pinned? Only a lone checker can be pinned, and no
    /// checker ever returns to its start, so a checker of `color` pinned on
    /// its own start is its mother.
    pub fn mother_pinned(&self, color: Color) -> bool {
        self.pinned[Self::start(color) as usize] == Some(color)
    }

    /// The end of the game as RULES.md checks it after every single move:
    /// all 15 borne off; both mothers pinned; a mother pinned while the
    /// pinner's own start is empty. `None` while the game goes on.
    pub fn outcome(&self) -> Option<GameResult> {
        self.outcome_with(Options::default())
    }

    /// [`Board::outcome`] under `options`: with the mother played out, a
    /// pinned mother ends nothing unless both are.
    pub fn outcome_with(&self, options: Options) -> Option<GameResult> {
        for c in BOTH {
            if self.off[c.index()] == 15 {
                let points = if self.off[c.opponent().index()] == 0 { 2 } else { 1 };
                return Some(GameResult::win(c, points, Reason::BearOff));
            }
        }
        if self.mother_pinned(Color::White) && self.mother_pinned(Color::Black) {
            return Some(GameResult::draw());
        }
        for c in BOTH {
            if options.play_out {
                break;
            }
            if self.mother_pinned(c.opponent()) && self.all_on(c, Self::start(c)) == 0 {
                return Some(GameResult::win(c, 2, Reason::Mother));
            }
        }
        None
    }

    /// Every checker of each side, on top, pinned or off: 15 each.
    pub fn totals(&self) -> [u32; 2] {
        BOTH.map(|c| u32::from(self.off[c.index()]) + (1..=24).map(|p| u32::from(self.all_on(c, p))).sum::<u32>())
    }
}

/// The reference's idea of one legal play.
#[derive(Clone, Debug)]
pub struct RefPlay {
    /// The position after the play (opponent on roll unless the game ended).
    pub position: Position,
    pub result: Option<GameResult>,
    /// One sequence of single moves (mover's numbering, 0 = off) reaching it.
    pub moves: Vec<(u8, u8)>,
}

/// The end of a maximal sequence of moves.
struct Leaf {
    board: Board,
    result: Option<GameResult>,
    /// Dice played, in order.
    used: Vec<u8>,
    moves: Vec<(u8, u8)>,
}

/// Has the game in `pos` already ended? (Read from the board, not from
/// `Position::outcome`, so that the two can be compared.)
pub fn outcome(pos: &Position) -> Option<GameResult> {
    Board::from_position(pos).outcome()
}

/// [`outcome`] under `options`.
pub fn outcome_with(pos: &Position, options: Options) -> Option<GameResult> {
    Board::from_position(pos).outcome_with(options)
}

/// Every legal play of `dice` in `pos`, one per distinct resulting position,
/// in no particular order. A roll with no legal move gives the single pass;
/// a position whose game is over gives no plays.
pub fn legal_plays(pos: &Position, dice: Dice) -> Vec<RefPlay> {
    legal_plays_with(pos, dice, Options::default())
}

/// [`legal_plays`] under `options`.
pub fn legal_plays_with(pos: &Position, dice: Dice, options: Options) -> Vec<RefPlay> {
    let start = Board::from_position(pos);
    if start.outcome_with(options).is_some() {
        return Vec::new();
    }
    let mover = pos.turn();
    let roll: Vec<u8> = if dice.is_doublet() { vec![dice.high(); 4] } else { vec![dice.high(), dice.low()] };

    let mut leaves = Vec::new();
    let mut seen = HashSet::new();
    search(start, mover, &roll, options, &mut Vec::new(), &mut Vec::new(), &mut seen, &mut leaves);

    // A game-ending play counts as using the whole roll.
    let dice_used = |l: &Leaf| if l.result.is_some() { roll.len() } else { l.used.len() };
    // Use as much of the roll as possible.
    let most = leaves.iter().map(dice_used).max().unwrap_or(0);
    leaves.retain(|l| dice_used(l) == most);
    // When only one number of a non-doublet can be played, the larger if it can.
    if !dice.is_doublet() && most == 1 && leaves.iter().any(|l| l.used == [dice.high()]) {
        leaves.retain(|l| l.used == [dice.high()]);
    }

    // Two plays are the same play when they produce the same position.
    let mut plays: Vec<RefPlay> = Vec::new();
    let mut boards = HashSet::new();
    for leaf in leaves {
        if boards.insert(leaf.board) {
            // The play that ends the game leaves the mover on roll.
            let turn = if leaf.result.is_some() { mover } else { mover.opponent() };
            let position = leaf.board.to_position(turn).as_game(pos.game()).expect("a pinning game's position");
            plays.push(RefPlay { position, result: leaf.result, moves: leaf.moves });
        }
    }
    plays
}

/// Tries every remaining die value on every point, recording each sequence
/// that cannot be extended (no move left, or the game ended).
#[allow(clippy::too_many_arguments)]
fn search(
    board: Board,
    mover: Color,
    left: &[u8],
    options: Options,
    used: &mut Vec<u8>,
    moves: &mut Vec<(u8, u8)>,
    seen: &mut HashSet<(Board, [u8; 4])>,
    leaves: &mut Vec<Leaf>,
) {
    // The same board with the same dice left has the same continuations.
    // (With no dice left there are none: the leaf is recorded below and
    // duplicates are removed at the end.)
    if !left.is_empty() {
        let mut key = [0u8; 4];
        key[..left.len()].copy_from_slice(left);
        key.sort_unstable();
        if !seen.insert((board, key)) {
            return;
        }
    }
    let mut moved = false;
    let distinct: BTreeSet<u8> = left.iter().copied().collect();
    for die in distinct {
        for from in 1..=24u8 {
            let Some(to) = board.try_move_with(mover, from, die, options) else { continue };
            moved = true;
            let mut next = board;
            next.apply(mover, from, to);
            let mut rest = left.to_vec();
            let i = rest.iter().position(|&d| d == die).expect("die is left");
            rest.remove(i);
            used.push(die);
            moves.push((from, to));
            match next.outcome_with(options) {
                // A game-ending move ends the play.
                Some(result) => {
                    leaves.push(Leaf { board: next, result: Some(result), used: used.clone(), moves: moves.clone() })
                }
                None => search(next, mover, &rest, options, used, moves, seen, leaves),
            }
            used.pop();
            moves.pop();
        }
    }
    if !moved {
        leaves.push(Leaf { board, result: None, used: used.clone(), moves: moves.clone() });
    }
}

/// Replays `moves` (mover's numbering, 0 = off) of a roll on `pos` by hand,
/// checking each single move against the rules and that the dice allow it.
/// Returns the position reached (turn passed unless the game ended), the
/// result, and for each move whether it pinned.
pub fn replay(
    pos: &Position,
    dice: Dice,
    moves: &[(u8, u8)],
) -> Result<(Position, Option<GameResult>, Vec<bool>), String> {
    replay_with(pos, dice, moves, Options::default())
}

/// [`replay`] under `options`.
pub fn replay_with(
    pos: &Position,
    dice: Dice,
    moves: &[(u8, u8)],
    options: Options,
) -> Result<(Position, Option<GameResult>, Vec<bool>), String> {
    let roll: Vec<u8> = if dice.is_doublet() { vec![dice.high(); 4] } else { vec![dice.high(), dice.low()] };
    let mover = pos.turn();
    replay_from(Board::from_position(pos), mover, &roll, moves, options).map(|(board, result, pins)| {
        let turn = if result.is_some() { mover } else { mover.opponent() };
        let reached = board.to_position(turn).as_game(pos.game()).expect("a pinning game's position");
        (reached, result, pins)
    })
}

/// Tries each die that could make the first move (a bear-off can use a
/// larger die than the distance), and continues with the rest.
fn replay_from(
    board: Board,
    mover: Color,
    left: &[u8],
    moves: &[(u8, u8)],
    options: Options,
) -> Result<(Board, Option<GameResult>, Vec<bool>), String> {
    let Some((&(from, to), rest_moves)) = moves.split_first() else {
        return Ok((board, None, Vec::new()));
    };
    if let Some(r) = board.outcome_with(options) {
        return Err(format!("move {from}/{to} after the game ended ({r:?})"));
    }
    let mut last_err = None;
    let distinct: BTreeSet<u8> = left.iter().copied().collect();
    for die in distinct {
        if board.try_move_with(mover, from, die, options) != Some(to) {
            continue;
        }
        let mut next = board;
        let pinned = next.apply(mover, from, to);
        let mut rest = left.to_vec();
        rest.remove(rest.iter().position(|&d| d == die).expect("die is left"));
        if let Some(r) = next.outcome_with(options) {
            if rest_moves.is_empty() {
                return Ok((next, Some(r), vec![pinned]));
            }
            last_err = Some(format!("moves after the game-ending move {from}/{to}"));
            continue;
        }
        match replay_from(next, mover, &rest, rest_moves, options) {
            Ok((b, r, mut pins)) => {
                pins.insert(0, pinned);
                return Ok((b, r, pins));
            }
            Err(e) => last_err = Some(e),
        }
    }
    Err(last_err.unwrap_or_else(|| format!("no die left makes {from}/{to} (dice left {left:?})")))
}

/// Perft as INTERFACE.md defines it, on the reference generator.
pub fn perft(pos: &Position, depth: u32) -> u64 {
    perft_with(pos, depth, Options::default())
}

/// [`perft`] under `options`.
pub fn perft_with(pos: &Position, depth: u32, options: Options) -> u64 {
    if depth == 0 || outcome_with(pos, options).is_some() {
        return 1;
    }
    let mut total = 0;
    for dice in Dice::ALL {
        for play in legal_plays_with(pos, dice, options) {
            total += if play.result.is_some() { 1 } else { perft_with(&play.position, depth - 1, options) };
        }
    }
    total
}
