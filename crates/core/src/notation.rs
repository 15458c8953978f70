//! Play notation, written and read once for every game (INTERFACE.md,
//! "Play notation"): `24/18 13/7*`, `bar/22`, `24/20/14`, `24/18(2)`,
//! `6/off`, `pass`, points in the mover's numbering.
//!
//! Writing joins one checker's moves into a path, puts a `*` after a point
//! where the game marks what happened there (a pin in Plakoto, a hit in
//! Portes), writes identical paths once with a count, and orders the paths
//! by starting point, highest (the bar) first, unless that order cannot be
//! played move by move (a Fevga runner that must go first, a checker that
//! must come home before another bears off, a second checker to enter
//! before the first moves on): then the first order of the paths that can
//! be is written, or, if none can, the moves in the order they were
//! played, joined where one checker moves on. Reading accepts that, the
//! long forms (`24/18 24/18`), a hop over several dice without its
//! intermediate points (`24/14` for 6-4), `0` for `off` (and `25` for the
//! bar where there is one) and commas, and gives the legal play the text
//! names or the reason it names none. Reading is linear in the text: no
//! more tokens and hops are read than the roll has moves, so their orders
//! are few.
//!
//! A game gives its hooks ([`Notation`]) on its turn board, whose checked
//! single step ([`TurnBoard::step`]) replays what was typed: what its `*`
//! means, whether it has a bar (`TOP` 25), its opponent's numbering, and
//! its own refusals of a play that uses the dice wrongly.

use std::fmt::Write as _;

use crate::dice::Dice;
use crate::play::Move;
use crate::play_error::{PlayError, point_text};
use crate::quote::excerpt_of;
use crate::tavli::GamePlay;
use crate::turn::{TurnBoard, TurnBuilder};

/// What a `*` after a point means in a game's notation.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) enum Star {
    /// A pin (Plakoto), written where it happened. Read and ignored: a
    /// checker that pins on its way and moves on frees the pinned one, so
    /// every way a hop can go reaches the same board.
    Pin,
    /// A hit (Portes), written where it happened. Read, it picks the way
    /// of a hop over several dice, since the ways may hit differently (no
    /// `*`: a way that hits nothing).
    Hit,
    /// Nothing is marked (Fevga, where nothing is hit): a `*` is refused.
    None,
}

/// A game's hooks into the one notation, on its board as a turn is played
/// on it: everything else about writing and reading a play is written here.
pub(crate) trait Notation: TurnBoard {
    /// The game's name, for refusing what it does not have ("there is no
    /// bar in Plakoto").
    const GAME: &'static str;
    /// What a `*` means.
    const STAR: Star;

    /// The mover's point `point` (1 to 24) as the opponent numbers it.
    fn opponent_point(point: u8) -> u8;

    /// Is the `i`th move of `play` written with a `*`?
    fn marked(play: &Self::Play, i: usize) -> bool;

    /// May writing the `i`th move of `play` before or after the play's
    /// other moves than where it was played make the written order one
    /// that cannot be played move by move? Bearing off (which needs every
    /// checker home, and a larger die only from the highest point),
    /// entering from the bar (before any other move) and the move that
    /// ends the game (after every other) may; the other moves of Plakoto
    /// and Portes may not: the opponent's checkers, which alone block
    /// them, stay where they are during a play.
    fn order_matters(play: &Self::Play, i: usize) -> bool {
        let moves = play.moves();
        let m = moves[i];
        m.to == 0 || m.from == 25 || (play.result().is_some() && i + 1 == moves.len())
    }

    /// The turn `play` was made in, with `dice`, under the default rules:
    /// rebuilt from the play (the position before it is the one it reaches
    /// with its moves undone), to try orders of its moves on. `None` if the
    /// moves cannot be undone into a position.
    fn turn_before(play: &Self::Play, dice: Dice) -> Option<TurnBuilder<Self>>;

    /// Why the moves that reached this board, with the dice `used` in
    /// order, are none of the `legal` plays (`text` as entered). By
    /// default the rule on using the dice: all a legal play uses, both,
    /// or the larger; else the play is simply not legal.
    fn refusal(&self, dice: Dice, legal: &[Self::Play], used: &[u8], text: &str) -> PlayError {
        let n = used.len();
        let most = legal.iter().map(|p| p.moves().len()).max().unwrap_or(0);
        // Where a legal play ends the game, one short of the roll's moves
        // is told to use more, unless it has ended the game itself.
        let could_end = legal.iter().any(|p| p.result().is_some()) && n < dice.moves_allowed() && !self.ended();
        if n < most || could_end {
            return if dice.is_doublet() {
                PlayError::MustUseMore { die: dice.high(), needed: most.max(n + 1) as u8 }
            } else {
                PlayError::MustUseBoth(dice)
            };
        }
        if !dice.is_doublet() && most == 1 && n == 1 {
            return PlayError::MustUseLarger(dice.high());
        }
        PlayError::NotLegal(text.into())
    }
}

/// `play` in notation, in the mover's numbering or (`other`) in its
/// opponent's; `pass` when nothing could be played.
pub(crate) fn write<B: Notation>(play: &B::Play, other: bool) -> String {
    let moves = play.moves();
    if moves.is_empty() {
        return "pass".into();
    }
    let tokens = written_order::<B>(play);
    let shown = |p: u8| if other && (1..=24).contains(&p) { B::opponent_point(p) } else { p };
    let mut out = String::with_capacity(8 * tokens.len());
    for (i, &(path, same)) in tokens.iter().enumerate() {
        if i > 0 {
            out.push(' ');
        }
        for (j, &(p, mark)) in path.points[..path.len].iter().enumerate() {
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
    }
    out
}

/// A written token: a path and how many checkers take it.
type Token = (Path, usize);

/// The paths of `play` as they are written, each with its count, in an
/// order that can be played move by move (see the module's text).
fn written_order<B: Notation>(play: &B::Play) -> Vec<Token> {
    let moves = play.moves();
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
    let mut tokens: Vec<Token> = Vec::with_capacity(paths.len());
    for path in paths {
        match tokens.last_mut() {
            Some((last, n)) if *last == path => *n += 1,
            _ => tokens.push((path, 1)),
        }
    }
    if keeps_order::<B>(play, &tokens) {
        return tokens;
    }
    playable_order::<B>(play, tokens)
}

/// The single moves `tokens` name, in the order written (a counted path
/// repeated whole, as a person enters it).
fn expand(tokens: &[Token]) -> Vec<Move> {
    let mut out = Vec::with_capacity(4);
    for (path, n) in tokens {
        for _ in 0..*n {
            out.extend(path.points[..path.len].windows(2).map(|w| Move::new(w[0].0, w[1].0)));
        }
    }
    out
}

/// Does writing `tokens` keep in place every move of `play` whose place
/// matters ([`Notation::order_matters`])? Then the written order can be
/// played move by move as the play was (the others commute).
fn keeps_order<B: Notation>(play: &B::Play, tokens: &[Token]) -> bool {
    let moves = play.moves();
    // Where each written move was played: the k-th written copy of a move
    // is its k-th copy played.
    let mut taken = [false; 4];
    let mut places = [0usize; 4];
    for (w, m) in expand(tokens).iter().enumerate() {
        let Some(i) = (0..moves.len()).find(|&i| !taken[i] && moves[i] == *m) else { return false };
        taken[i] = true;
        places[w] = i;
    }
    let n = moves.len();
    (0..n).all(|a| {
        (a + 1..n)
            .all(|b| places[a] < places[b] || !(B::order_matters(play, places[a]) || B::order_matters(play, places[b])))
    })
}

/// The first order of `tokens` (as given, then their other orders) that
/// the turn of `play` takes move by move with every roll the play can be
/// of; else the moves as played, joined where one checker moves on, which
/// it always takes. `tokens` as given when the turn cannot be rebuilt.
fn playable_order<B: Notation>(play: &B::Play, tokens: Vec<Token>) -> Vec<Token> {
    let moves = play.moves();
    // The rolls the play can be of: the moves as played are taken in that
    // turn, and make the play.
    let turns: Vec<TurnBuilder<B>> = Dice::ALL
        .iter()
        .filter(|d| {
            let dice = [d.high(), d.low()];
            moves.len() <= d.moves_allowed()
                && moves.iter().all(|m| if m.to == 0 { m.from <= d.high() } else { dice.contains(&(m.from - m.to)) })
        })
        .filter_map(|&d| B::turn_before(play, d))
        .filter(|t| takes(t, moves, play))
        .collect();
    if turns.is_empty() {
        return tokens;
    }
    let all_take = |tokens: &[Token]| {
        let written = expand(tokens);
        turns.iter().all(|t| takes(t, &written, play))
    };
    let mut order: Vec<usize> = (0..tokens.len()).collect();
    loop {
        let tried: Vec<Token> = order.iter().map(|&i| tokens[i]).collect();
        if all_take(&tried) {
            return tried;
        }
        if !next_permutation(&mut order) {
            break;
        }
    }
    // The moves as played: a move joins the path before it when its
    // checker moves on, and equal moves in a row are written once with a
    // count.
    let mut played: Vec<Token> = Vec::with_capacity(moves.len());
    for (i, m) in moves.iter().enumerate() {
        let mark = B::marked(play, i);
        match played.last_mut() {
            Some((path, 1)) if path.last() == m.from => path.push(m.to, mark),
            Some((path, n)) if path.len == 2 && path.points[0].0 == m.from && path.points[1] == (m.to, mark) => *n += 1,
            _ => {
                let mut path = Path::default();
                path.push(m.from, false);
                path.push(m.to, mark);
                played.push((path, 1));
            }
        }
    }
    played
}

/// Does `turn` take `moves` one at a time, and do they make `play`?
fn takes<B: Notation>(turn: &TurnBuilder<B>, moves: &[Move], play: &B::Play) -> bool {
    let mut t = turn.clone();
    moves.iter().all(|m| t.play_move(m.from, m.to).is_ok()) && t.reaches(play)
}

/// The next order of `v` in lexicographic order; `false` after the last.
fn next_permutation(v: &mut [usize]) -> bool {
    let Some(i) = (1..v.len()).rev().find(|&i| v[i - 1] < v[i]) else { return false };
    let j = (i..v.len()).rev().find(|&j| v[j] > v[i - 1]).unwrap_or(i);
    v.swap(i - 1, j);
    v[i..].reverse();
    true
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

/// A hop as written: from, to (0 = off, from 25 = the bar), maybe over
/// several dice, and whether a `*` that counts follows its end.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
struct Hop {
    from: u8,
    to: u8,
    star: bool,
}

/// How a move is written, in the reason a text is not one.
fn written_as<B: Notation>() -> &'static str {
    if B::TOP == 25 {
        "a move is written from/to, like 24/18 or bar/19"
    } else {
        "a move is written from/to, like 24/18"
    }
}

/// One token: its checker's hops and how many checkers take them (`(2)`).
fn parse_token<B: Notation>(token: &str) -> Result<(Vec<Hop>, usize), PlayError> {
    let syntax = |why: &str| PlayError::Syntax { token: excerpt_of(token, 40), why: why.into() };
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
    if B::STAR == Star::None && body.contains('*') {
        return Err(syntax(&format!("`*` marks a hit, and nothing is hit in {}", B::GAME)));
    }
    let bar = B::TOP == 25;
    // A path of more than four hops is no move: stop reading it there.
    let mut parts = [""; 6];
    let mut n = 0;
    for part in body.split('/').take(6) {
        parts[n] = part;
        n += 1;
    }
    if n < 2 {
        return Err(syntax(written_as::<B>()));
    }
    if n > 5 {
        return Err(syntax("a checker moves at most four times in a turn"));
    }
    let numbers =
        if bar { "points are numbers 1 to 24, `bar` or `off`" } else { "points are numbers 1 to 24, or `off`" };
    let mut hops = Vec::with_capacity(n - 1);
    let mut from = 0;
    for (i, part) in parts[..n].iter().enumerate() {
        let p = part.trim_end_matches('*');
        let (first, last) = (i == 0, i == n - 1);
        let word = |w: &str| p.eq_ignore_ascii_case(w);
        let point = if word("off") || word("o") {
            if !last {
                return Err(syntax("`off` can only end a path"));
            }
            0
        } else if word("bar") || word("b") {
            if !bar {
                return Err(syntax(&format!("there is no bar in {}: nothing is ever hit", B::GAME)));
            }
            if !first {
                return Err(syntax("`bar` can only start a path"));
            }
            25
        } else {
            match p.parse::<u8>() {
                Ok(0) if last && !first => 0,
                Ok(25) if bar && first => 25,
                Ok(n) if (1..=24).contains(&n) => n,
                _ => return Err(syntax(numbers)),
            }
        };
        if !first {
            let star = B::STAR == Star::Hit && p.len() < part.len();
            hops.push(Hop { from, to: point, star });
        }
        from = point;
    }
    Ok((hops, count))
}

/// The single-checker hops an entry names (`24/18 13/11`, `24/20/14`,
/// `13/7(2)`), in the order written, each path's hops in turn and a count
/// repeating its path, in the mover's numbering (25 the bar, 0 off); at
/// most as many as `dice` has moves. The notation's rules are the reader's.
pub(crate) fn entry_hops<B: Notation>(text: &str, dice: Dice) -> Result<Vec<(u8, u8)>, PlayError> {
    let token = |t: &str| parse_token::<B>(t).map(|(path, n)| (path.iter().map(|h| (h.from, h.to)).collect(), n));
    crate::entry::hops(text, dice, token, || crate::entry::EntryErrors {
        too_many: PlayError::TooManyMoves(dice),
        empty: PlayError::Syntax { token: excerpt_of(text, 40), why: written_as::<B>().into() },
    })
}

/// The legal play (one of `legal`, the plays of `dice` from the board
/// `start`) that `text` names, or the reason it names none.
pub(crate) fn read<B: Notation>(start: &B, dice: Dice, legal: &[B::Play], text: &str) -> Result<B::Play, PlayError> {
    let allowed = dice.moves_allowed();
    // Read no more tokens than it takes to refuse: one past the moves.
    let mut tokens: Vec<&str> = Vec::with_capacity(allowed + 1);
    for t in text.split(|c: char| c.is_whitespace() || c == ',').filter(|t| !t.is_empty()) {
        tokens.push(t);
        if tokens.len() > allowed {
            break;
        }
    }
    let is_pass_text = tokens.is_empty() || (tokens.len() == 1 && tokens[0].eq_ignore_ascii_case("pass"));
    if legal.len() == 1 && B::is_pass(&legal[0]) {
        return if is_pass_text { Ok(legal[0].clone()) } else { Err(PlayError::MustPass(dice)) };
    }
    if is_pass_text {
        return Err(PlayError::CannotPass(dice));
    }
    // Every hop uses at least one die: more hops than moves is never a play.
    if tokens.len() > allowed {
        return Err(PlayError::TooManyMoves(dice));
    }
    let mut paths: Vec<Vec<Hop>> = Vec::new();
    let mut hops = 0;
    for token in &tokens {
        let (path, count) = parse_token::<B>(token)?;
        hops += path.len() * count;
        if hops > allowed {
            return Err(PlayError::TooManyMoves(dice));
        }
        paths.extend(std::iter::repeat_n(path, count));
    }
    Search::new(start, dice, legal).find(&paths, text)
}

/// The legal play (one of `legal`, the plays of `dice` from the board
/// `start`) that the single `moves` make, in any order they can be
/// played, or why they make none, as [`read`] would say it of the moves
/// written out: for a client that sends moves rather than notation.
pub(crate) fn read_moves<B: Notation>(
    start: &B,
    dice: Dice,
    legal: &[B::Play],
    moves: &[Move],
) -> Result<B::Play, PlayError> {
    if legal.len() == 1 && B::is_pass(&legal[0]) {
        return if moves.is_empty() { Ok(legal[0].clone()) } else { Err(PlayError::MustPass(dice)) };
    }
    if moves.is_empty() {
        return Err(PlayError::CannotPass(dice));
    }
    if moves.len() > dice.moves_allowed() {
        return Err(PlayError::TooManyMoves(dice));
    }
    if let Some(m) = moves.iter().find(|m| m.from == 0 || m.from > B::TOP || m.to > 24) {
        return Err(PlayError::NoPoint(if m.from == 0 || m.from > B::TOP { m.from } else { m.to }));
    }
    let text =
        moves.iter().map(|m| format!("{}/{}", point_text(m.from), point_text(m.to))).collect::<Vec<_>>().join(" ");
    let paths: Vec<Vec<Hop>> = moves.iter().map(|m| vec![Hop { from: m.from, to: m.to, star: false }]).collect();
    Search::new(start, dice, legal).find(&paths, &text)
}

/// Dice (their values, in the order rolled): the roll's dice not yet
/// played, or the dice of one way of a hop. At most four.
#[derive(Clone, Copy, Default)]
struct Dice4 {
    dice: [u8; 4],
    len: usize,
}

impl Dice4 {
    /// The dice a roll lets play: both, or four of a doublet.
    fn rolled(dice: Dice) -> Dice4 {
        if dice.is_doublet() {
            Dice4 { dice: [dice.high(); 4], len: 4 }
        } else {
            Dice4 { dice: [dice.high(), dice.low(), 0, 0], len: 2 }
        }
    }

    fn as_slice(&self) -> &[u8] {
        &self.dice[..self.len]
    }

    fn push(&mut self, d: u8) {
        self.dice[self.len] = d;
        self.len += 1;
    }

    /// These dice but the `i`th, the others in order.
    fn but(mut self, i: usize) -> Dice4 {
        self.dice.copy_within(i + 1..self.len, i);
        self.len -= 1;
        self
    }

    /// These dice without those of `used`.
    fn without(self, used: &Dice4) -> Dice4 {
        used.as_slice().iter().fold(self, |left, d| match left.as_slice().iter().position(|x| x == d) {
            Some(i) => left.but(i),
            None => left,
        })
    }
}

/// The orders of the dice `left` that carry a checker from `from` to `to`
/// (0 = off; the last die may overshoot), fewest dice first, then in the
/// order of `left`.
fn ways(left: Dice4, from: u8, to: u8) -> Vec<Dice4> {
    fn rec(left: Dice4, at: u8, to: u8, used: Dice4, out: &mut Vec<Dice4>) {
        for (i, &d) in left.as_slice().iter().enumerate() {
            if left.as_slice()[..i].contains(&d) {
                continue;
            }
            let mut way = used;
            way.push(d);
            if (at > d && at - d == to) || (to == 0 && d >= at) {
                out.push(way);
            } else if at > d && at - d > to {
                rec(left.but(i), at - d, to, way, out);
            }
        }
    }
    let mut out = Vec::new();
    rec(left, from, to, Dice4::default(), &mut out);
    out.sort_by_key(|w| w.len);
    out
}

/// Calls `f` with every order of the hops that keeps each path's own order,
/// until `f` says it is done; whether it did.
fn interleavings(
    paths: &[Vec<Hop>],
    next: &mut Vec<usize>,
    order: &mut Vec<Hop>,
    f: &mut dyn FnMut(&[Hop]) -> bool,
) -> bool {
    let mut any = false;
    for i in 0..paths.len() {
        if i > 0 && paths[i] == paths[i - 1] && next[i] == next[i - 1] {
            continue; // identical paths at the same stage: the same orders
        }
        if next[i] < paths[i].len() {
            any = true;
            order.push(paths[i][next[i]]);
            next[i] += 1;
            let done = interleavings(paths, next, order, f);
            next[i] -= 1;
            order.pop();
            if done {
                return true;
            }
        }
    }
    !any && f(order)
}

/// What the hops played so far did: their single moves and the dice
/// they used (one a move; at most four), and how many of their `*` marks
/// they contradict.
#[derive(Default)]
struct Trail {
    moves: [Move; 4],
    used: [u8; 4],
    len: usize,
    mismatch: usize,
}

impl Trail {
    fn push(&mut self, m: Move, die: u8) {
        self.moves[self.len] = m;
        self.used[self.len] = die;
        self.len += 1;
    }

    fn moves(&self) -> &[Move] {
        &self.moves[..self.len]
    }

    fn used(&self) -> &[u8] {
        &self.used[..self.len]
    }
}

/// The search for the legal play that typed hops make.
struct Search<'a, B: Notation> {
    start: &'a B,
    dice: Dice,
    legal: &'a [B::Play],
    /// Has a board been looked up among the legal plays yet?
    looked: bool,
    /// The keys of `legal`, from the second look on.
    keys: Vec<u128>,
    /// The first board reached and the dice used, for the reason when no
    /// legal play is reached.
    first: Option<(B, Vec<u8>)>,
    /// The legal play reached that contradicts the fewest `*` marks, and
    /// how many: (index in `legal`, marks).
    best: Option<(usize, usize)>,
}

impl<'a, B: Notation> Search<'a, B> {
    fn new(start: &'a B, dice: Dice, legal: &'a [B::Play]) -> Self {
        Search { start, dice, legal, looked: false, keys: Vec::new(), first: None, best: None }
    }

    /// The legal play the checkers' `paths` make, or why they make none
    /// (`text` as entered, for the reason).
    fn find(mut self, paths: &[Vec<Hop>], text: &str) -> Result<B::Play, PlayError> {
        let left = Dice4::rolled(self.dice);
        // The order written first: its reason is the one given when no
        // order can be played.
        let written: Vec<Hop> = paths.iter().flatten().copied().collect();
        let mut err = None;
        // Notation groups moves by checker, so the order written is not
        // always one that can be played (a bear-off that needs another
        // checker home first, a runner that must release the others, a
        // move that ends the game written before the others): then try
        // the other orders that keep each checker's path (at most 24).
        if !self.explore(self.start, left, &written, &mut Trail::default(), &mut err) {
            interleavings(paths, &mut vec![0; paths.len()], &mut Vec::new(), &mut |order| {
                self.explore(self.start, left, order, &mut Trail::default(), &mut None)
            });
        }
        if let Some((i, _)) = self.best {
            return Ok(self.legal[i].clone());
        }
        let quoted = crate::quote::excerpt(text.trim());
        // Some order could be played: why it is no legal play. Else why
        // the order written cannot be played.
        match &self.first {
            Some((board, used)) => Err(board.refusal(self.dice, self.legal, used, &quoted)),
            None => Err(err.unwrap_or(PlayError::NotLegal(quoted))),
        }
    }

    /// The index of the legal play whose board has `key`, if any. The
    /// first look scans (one is the usual: the text as written is a legal
    /// play); a second keeps every play's key.
    fn legal_index(&mut self, key: u128) -> Option<usize> {
        if !self.looked {
            self.looked = true;
            return self.legal.iter().position(|p| self.start.play_key(p) == key);
        }
        if self.keys.is_empty() {
            self.keys = self.legal.iter().map(|p| self.start.play_key(p)).collect();
        }
        self.keys.iter().position(|&k| k == key)
    }

    /// Notes a board the hops reached with the dice `used`, contradicting
    /// `mismatch` of their `*` marks; true once it is a legal play that
    /// contradicts none (nothing can be better).
    fn reached(&mut self, board: &B, used: &[u8], mismatch: usize) -> bool {
        match self.legal_index(board.key()) {
            Some(i) => {
                if self.best.is_none_or(|(_, m)| mismatch < m) {
                    self.best = Some((i, mismatch));
                }
                mismatch == 0
            }
            None => {
                // Only wanted when no board is legal: then this is the first.
                if self.first.is_none() && self.best.is_none() {
                    self.first = Some((board.clone(), used.to_vec()));
                }
                false
            }
        }
    }

    /// Plays `hops` in order from `board` with the dice `left`, each hop
    /// every way the dice allow where the ways can differ ([`Star::Hit`]),
    /// else the first way that plays; notes each board reached. `trail` is
    /// what the hops before did; `err` takes the first reason a hop could
    /// not be played. True once the search is done.
    fn explore(
        &mut self,
        board: &B,
        left: Dice4,
        hops: &[Hop],
        trail: &mut Trail,
        err: &mut Option<PlayError>,
    ) -> bool {
        let Some((&Hop { from, to, star }, rest)) = hops.split_first() else {
            return self.reached(board, trail.used(), trail.mismatch);
        };
        if to != 0 && to >= from {
            err.get_or_insert(PlayError::Backwards { from, to });
            return false;
        }
        let ways = ways(left, from, to);
        if ways.is_empty() {
            err.get_or_insert(if left.len == 0 {
                PlayError::TooManyMoves(self.dice)
            } else {
                let dist = if to == 0 { from } else { from - to };
                let left = left.as_slice().iter().map(u8::to_string).collect::<Vec<_>>().join(", ");
                PlayError::NoDice { from, to, dist, left }
            });
            return false;
        }
        // Without hits every way that plays reaches the same board.
        let every_way = B::STAR == Star::Hit;
        let mut blocked = Vec::new();
        let mut first = None;
        let mut played = false;
        for way in &ways {
            let mut b = board.clone();
            let before = trail.len;
            let (mut at, mut hit, mut ok) = (from, false, true);
            for &d in way.as_slice() {
                if b.ended() {
                    break; // the game ended on the way: said below
                }
                match b.step(at, d) {
                    Ok(step) => {
                        trail.push(Move::new(at, step.to), d);
                        hit |= step.hit;
                        at = step.to;
                    }
                    Err(e) => {
                        if let PlayError::Blocked(p)
                        | PlayError::BlockedAnchor(p)
                        | PlayError::EntryBlocked(p)
                        | PlayError::HeldByOne(p) = e
                        {
                            blocked.push(p);
                        }
                        first.get_or_insert(e);
                        ok = false;
                        break;
                    }
                }
            }
            let mut done = false;
            if ok && b.ended() && (trail.len - before < way.len || !rest.is_empty()) {
                let shown: Vec<String> =
                    trail.moves().iter().map(|m| format!("{}/{}", point_text(m.from), point_text(m.to))).collect();
                err.get_or_insert(PlayError::AfterGameEnd(shown.join(" ")));
            } else if ok {
                played = true;
                let contradicts = usize::from(hit != star);
                trail.mismatch += contradicts;
                done = self.explore(&b, left.without(way), rest, trail, err);
                trail.mismatch -= contradicts;
            }
            trail.len = before;
            if done || (ok && !every_way) {
                return done;
            }
        }
        if !played && let Some(e) = first {
            let multi = ways.iter().all(|w| w.len > 1);
            err.get_or_insert(match e {
                // A point the mover started the turn on, emptied by the
                // moves before: more checkers were written than stood there.
                PlayError::NoChecker(p) if self.start.count(p) > 0 => {
                    PlayError::TooFewCheckers { point: p, have: self.start.count(p) }
                }
                PlayError::Blocked(_)
                | PlayError::BlockedAnchor(_)
                | PlayError::EntryBlocked(_)
                | PlayError::HeldByOne(_)
                    if multi =>
                {
                    blocked.sort_unstable();
                    blocked.dedup();
                    let blocked = blocked.iter().map(u8::to_string).collect::<Vec<_>>().join(", ");
                    PlayError::PathBlocked { from, to, blocked }
                }
                e => e,
            });
        }
        false
    }
}
