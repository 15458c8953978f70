//! The fast move generator against the slow reference (`reference/mod.rs`)
//! on many positions: seeded random games, games steered towards the rare
//! cases (pins, bear-off under pins, mother pins, draws), and random boards.
//!
//! For each position and roll the two must give exactly the same set of
//! (resulting position, result), and every fast play's moves, replayed by
//! hand on the reference board, must reach its position with its pin marks.
//! The same again under each combination of the pinning games' options
//! (the mother played out, bearing off past a pin), each side of the
//! comparison reading them its own way.

mod reference;

use std::collections::{HashMap, HashSet};
use std::time::Instant;

use rand::{RngExt, SeedableRng};
use rand_chacha::ChaCha8Rng;
use tavli_core::plakoto::PlakotoRules;
use tavli_core::{Color, Dice, GameResult, MoveGen, Play, Position, Setup};

/// Checks one position and roll, under the position's own rules (`None`:
/// `legal_plays`, `outcome`) or under `rules` (`legal_plays_with`, …);
/// `Err` carries a report fit to debug from.
fn compare(movegen: &mut MoveGen, pos: &Position, dice: Dice, rules: Option<&PlakotoRules>) -> Result<(), String> {
    let options = reference::Options::of(&rules.copied().unwrap_or(pos.rules()));
    let outcome = |p: &Position| match rules {
        None => p.outcome(),
        Some(r) => p.outcome_with(r),
    };
    let fast = match rules {
        None => pos.legal_plays(dice),
        Some(r) => pos.legal_plays_with(dice, r),
    };
    let slow = reference::legal_plays_with(pos, dice, options);
    let header = || format!("position {}\n  id {}\n  dice {dice}\n  {options:?}\n", pos.to_json(), pos.id());

    let slow_outcome = reference::outcome_with(pos, options);
    if outcome(pos) != slow_outcome {
        return Err(format!("{}outcome: fast {:?}, reference {slow_outcome:?}", header(), outcome(pos)));
    }

    let fast_set: HashMap<_, &Play> = fast.iter().map(|p| ((*p.position(), p.result()), p)).collect();
    let slow_set: HashMap<_, &reference::RefPlay> = slow.iter().map(|p| ((p.position, p.result), p)).collect();
    if fast_set.len() != fast.len() {
        let list: Vec<String> = fast.iter().map(|p| p.notation()).collect();
        return Err(format!("{}the fast generator repeats a position: {list:?}", header()));
    }
    if fast_set.len() != slow_set.len() || fast_set.keys().any(|k| !slow_set.contains_key(k)) {
        let mut out = header();
        out += &format!("  fast {} plays, reference {} plays\n", fast.len(), slow.len());
        for (k, p) in &fast_set {
            if !slow_set.contains_key(k) {
                out += &format!("  only fast:      {} -> {} {:?}\n", p.notation(), p.position().to_json(), p.result());
            }
        }
        for (k, p) in &slow_set {
            if !fast_set.contains_key(k) {
                out += &format!("  only reference: {:?} -> {} {:?}\n", p.moves, p.position.to_json(), p.result);
            }
        }
        return Err(out);
    }

    // The counting path (used by perft) counts the same plays.
    let count = movegen.count(pos, dice) as usize;
    if count != fast.len() {
        return Err(format!("{}MoveGen::count says {count}, legal_plays gives {}", header(), fast.len()));
    }

    for play in &fast {
        let moves: Vec<(u8, u8)> = play.moves().iter().map(|m| (m.from, m.to)).collect();
        let what = || format!("{}play {} {:?}\n", header(), play.notation(), moves);
        if play.mover() != pos.turn() || play.is_pass() != moves.is_empty() {
            return Err(format!("{}  wrong mover or pass flag", what()));
        }
        let (reached, result, pins) =
            reference::replay_with(pos, dice, &moves, options).map_err(|e| format!("{}  {e}", what()))?;
        if reached != *play.position() || result != play.result() {
            return Err(format!(
                "{}  replayed to {} {result:?}\n  but the play says {} {:?}",
                what(),
                reached.to_json(),
                play.position().to_json(),
                play.result()
            ));
        }
        for (i, &pinned) in pins.iter().enumerate() {
            if play.pins_on_move(i) != pinned {
                return Err(format!("{}  move {i} pin mark {} but it pins: {pinned}", what(), play.pins_on_move(i)));
            }
        }
        // The position after a play that does not end the game is still going.
        if play.result().is_none() && outcome(play.position()).is_some() {
            return Err(format!("{}  the play's position has already ended", what()));
        }
        if play.result().is_some() && outcome(play.position()) != play.result() {
            return Err(format!("{}  result differs from the final position's outcome", what()));
        }
    }
    Ok(())
}

fn random_dice(rng: &mut ChaCha8Rng) -> Dice {
    Dice::new(rng.random_range(1..=6), rng.random_range(1..=6)).expect("dice 1-6")
}

/// How a side picks its plays: weights on features of the resulting
/// position, plus a chance to play at random. Steering a game towards pins,
/// lone mothers or a quick race reaches cases uniform play rarely does.
#[derive(Clone, Copy, Debug)]
struct Style {
    random: f64,
    pins: f64,
    race: f64,
    lone_mother: f64,
    mother_pin: f64,
    end_game: f64,
    /// Per checker kept back on the side's own points 19-24 (the other
    /// side's home board), where it can pin checkers coming home.
    hold: f64,
}

impl Style {
    const UNIFORM: Style =
        Style { random: 1.0, pins: 0.0, race: 0.0, lone_mother: 0.0, mother_pin: 0.0, end_game: 0.0, hold: 0.0 };
    /// Runs home and bears off...
    const RACER: Style =
        Style { random: 0.1, pins: 0.5, race: 1.0, lone_mother: 0.0, mother_pin: 0.0, end_game: 50.0, hold: 0.0 };
    /// ...while this one waits in the racer's home board to pin it there,
    /// which is how bearing off under a pin comes about.
    const HOLDER: Style =
        Style { random: 0.1, pins: 5.0, race: 0.0, lone_mother: 0.0, mother_pin: 0.0, end_game: 0.0, hold: 2.0 };

    fn random(rng: &mut ChaCha8Rng) -> Style {
        let mut w = |choices: &[f64]| choices[rng.random_range(0..choices.len())];
        Style {
            random: w(&[0.0, 0.1, 0.3]),
            pins: w(&[0.0, 1.0, 5.0]),
            race: w(&[0.0, 0.1, 0.5]),
            lone_mother: w(&[0.0, 2.0, 8.0]),
            mother_pin: w(&[0.0, 10.0]),
            // Sometimes refuse to end the game, to stay in a pinned-mother standoff.
            end_game: w(&[-50.0, 0.0, 50.0]),
            hold: w(&[0.0, 0.0, 1.0]),
        }
    }

    fn choose<'a>(&self, pos: &Position, plays: &'a [Play], rng: &mut ChaCha8Rng) -> &'a Play {
        if rng.random_bool(self.random) {
            return &plays[rng.random_range(0..plays.len())];
        }
        let me = pos.turn();
        let my_start = reference::abs(me, 24);
        let their_start = reference::abs(me, 1);
        let score = |p: &Play| {
            let after = p.position();
            let pins = (0..p.moves().len()).filter(|&i| p.pins_on_move(i)).count() as f64;
            let pips_gained = f64::from(pos.pips(me)) - f64::from(after.pips(me));
            let lone = f64::from(u8::from(after.checkers(me, my_start) == 1));
            let mother = f64::from(u8::from(after.pinned(their_start) == Some(me.opponent())));
            let ends = f64::from(u8::from(p.result().is_some()));
            let held: u8 = (19..=24).map(|own| after.checkers(me, reference::abs(me, own))).sum();
            self.pins * pins
                + self.race * pips_gained
                + self.lone_mother * lone
                + self.mother_pin * mother
                + self.end_game * ends
                + self.hold * f64::from(held)
        };
        let best = plays.iter().map(score).fold(f64::NEG_INFINITY, f64::max);
        let top: Vec<&Play> = plays.iter().filter(|p| score(p) >= best - 1e-9).collect();
        top[rng.random_range(0..top.len())]
    }
}

/// Plays games from the start with `seed` until `positions` positions have
/// been compared; every `all_rolls_every`-th position is also checked with
/// all 21 rolls. Returns (positions, comparisons, games, what was seen).
fn run_games(seed: u64, positions: usize, steer: bool, all_rolls_every: usize) -> (usize, usize, usize, Seen) {
    run_games_under(seed, positions, steer, all_rolls_every, None)
}

/// [`run_games`] under `rules` (the position's own when `None`).
fn run_games_under(
    seed: u64,
    positions: usize,
    steer: bool,
    all_rolls_every: usize,
    rules: Option<&PlakotoRules>,
) -> (usize, usize, usize, Seen) {
    let mut rng = ChaCha8Rng::seed_from_u64(seed);
    let mut movegen = rules.map_or_else(MoveGen::new, |r| MoveGen::with_rules(*r));
    let (mut done, mut comparisons, mut games) = (0, 0, 0);
    let mut seen = Seen::default();
    while done < positions {
        games += 1;
        let styles = match (steer, rng.random_range(0..3)) {
            (false, _) => [Style::UNIFORM; 2],
            (true, 0) => [Style::RACER, Style::HOLDER],
            (true, 1) => [Style::HOLDER, Style::RACER],
            (true, _) => [Style::random(&mut rng), Style::random(&mut rng)],
        };
        let mut pos = Position::start();
        // Half the games open with Black on roll, the game being symmetric.
        if rng.random_bool(0.5) {
            pos = pos.pass_turn();
        }
        for _ply in 0..2000 {
            let dice = random_dice(&mut rng);
            if let Err(report) = compare(&mut movegen, &pos, dice, rules) {
                panic!("fast generator and reference disagree (seed {seed}, game {games}):\n{report}");
            }
            done += 1;
            comparisons += 1;
            seen.position(&pos);
            if all_rolls_every > 0 && done % all_rolls_every == 0 {
                for d in Dice::ALL {
                    if let Err(report) = compare(&mut movegen, &pos, d, rules) {
                        panic!("fast generator and reference disagree (seed {seed}, game {games}):\n{report}");
                    }
                    comparisons += 1;
                }
            }
            let plays = rules.map_or_else(|| pos.legal_plays(dice), |r| pos.legal_plays_with(dice, r));
            let play = styles[pos.turn().index()].choose(&pos, &plays, &mut rng);
            if let Some(result) = play.result() {
                seen.ending(result);
                break;
            }
            pos = *play.position();
        }
    }
    (done, comparisons, games, seen)
}

/// How the games ended and how often the rare cases came up, to show the
/// steering reaches them.
#[derive(Default, Debug)]
struct Seen {
    bear_off_1: usize,
    bear_off_2: usize,
    mother: usize,
    draw: usize,
    /// Positions where the side on roll is all home but has a checker pinned.
    home_but_pinned: usize,
    /// Positions where the side on roll is bearing off (has borne off some).
    bearing_off: usize,
    /// Positions with a mother pinned (the game going on).
    mother_pinned: usize,
}

impl Seen {
    fn position(&mut self, pos: &Position) {
        let me = pos.turn();
        let pinned = (1..=24).any(|p| pos.pinned(p) == Some(me));
        let outside = (7..=24u8).any(|own| pos.checkers(me, reference::abs(me, own)) > 0);
        self.home_but_pinned += usize::from(pinned && !outside);
        self.bearing_off += usize::from(pos.off(me) > 0);
        self.mother_pinned += usize::from(pos.pinned(24) == Some(Color::White) || pos.pinned(1) == Some(Color::Black));
    }

    fn ending(&mut self, r: GameResult) {
        match (r.reason, r.points) {
            (tavli_core::Reason::BearOff, 1) => self.bear_off_1 += 1,
            (tavli_core::Reason::BearOff, _) => self.bear_off_2 += 1,
            (tavli_core::Reason::Mother, _) => self.mother += 1,
            (tavli_core::Reason::BothMothers, _) => self.draw += 1,
            (other, _) => panic!("a play cannot end a game by {other:?}"),
        }
    }
}

#[test]
fn uniform_random_games_match_the_reference() {
    let t = Instant::now();
    let (n, c, g, e) = run_games(0x5eed_0001, 40_000, false, 250);
    eprintln!("uniform: {n} positions, {c} comparisons, {g} games, {e:?}, {:?}", t.elapsed());
    assert!(e.bear_off_1 + e.bear_off_2 > 0 && e.mother > 0);
}

#[test]
fn steered_games_match_the_reference() {
    let t = Instant::now();
    let (n, c, g, e) = run_games(0x5eed_0002, 60_000, true, 250);
    eprintln!("steered: {n} positions, {c} comparisons, {g} games, {e:?}, {:?}", t.elapsed());
    // The steering is there to reach every ending, draws included.
    assert!(e.bear_off_1 > 0 && e.bear_off_2 > 0 && e.mother > 0 && e.draw > 0, "{e:?}");
}

/// A random valid board, built by dropping checkers one at a time on
/// points chosen from a region of each side's own numbering (home-heavy,
/// anywhere, or around its start) and pinning when a checker falls on a lone
/// opponent. Half the boards are a bear-off fight: the side on roll in its
/// home board, the other side's checkers dropped there too, so pins under
/// a bearing-off side are common. Such boards need not be reachable, but
/// the rules still define their plays. A game may be over on the board
/// (under some options): the caller filters.
fn random_board(rng: &mut ChaCha8Rng) -> Option<Position> {
    let turn = if rng.random_bool(0.5) { Color::White } else { Color::Black };
    let fight = rng.random_bool(0.5);
    let mut b = reference::Board { top: [None; 25], pinned: [None; 25], off: [0; 2] };
    for color in [turn, turn.opponent()] {
        let on_board = rng.random_range(1..=15u8);
        b.off[color.index()] = 15 - on_board;
        let (lo, hi) = match (fight, color == turn, rng.random_range(0..4)) {
            (true, true, _) => (1, 6),
            (true, false, _) => (19, 24),
            (false, _, 0) => (1, 6),
            (false, _, 1) => (1, 8),
            (false, _, 2) => (1, 24),
            (false, _, _) => (18, 24),
        };
        let mut placed = 0;
        let mut tries = 0;
        while placed < on_board && tries < 1000 {
            tries += 1;
            let own = rng.random_range(lo..=hi);
            let p = reference::abs(color, own) as usize;
            match b.top[p] {
                None => b.top[p] = Some((color, 1)),
                Some((c, n)) if c == color && n < 15 => b.top[p] = Some((c, n + 1)),
                Some((c, 1)) if c != color && b.pinned[p].is_none() => {
                    b.pinned[p] = Some(c);
                    b.top[p] = Some((color, 1));
                }
                _ => continue,
            }
            placed += 1;
        }
        if placed < on_board {
            return None;
        }
    }
    let mut s = Setup::empty(turn);
    for p in 1..=24 {
        s.board[p] = match b.top[p] {
            None => 0,
            Some((Color::White, n)) => i64::from(n),
            Some((Color::Black, n)) => -i64::from(n),
        };
        s.pinned[p] = b.pinned[p];
    }
    s.off = [i64::from(b.off[0]), i64::from(b.off[1])];
    Some(s.validate().expect("random board is valid by construction"))
}

#[test]
fn random_boards_match_the_reference_on_every_roll() {
    let t = Instant::now();
    let mut rng = ChaCha8Rng::seed_from_u64(0x5eed_0003);
    let mut movegen = MoveGen::new();
    let mut boards = 0;
    let mut distinct = HashSet::new();
    let mut seen = Seen::default();
    while boards < 1_500 {
        let Some(pos) = random_board(&mut rng).filter(|p| reference::outcome(p).is_none()) else { continue };
        if !distinct.insert(pos) {
            continue;
        }
        boards += 1;
        seen.position(&pos);
        // Unreachable boards must still survive the position formats.
        assert_eq!(Position::from_json(&pos.to_json()).ok(), Some(pos));
        assert_eq!(Position::from_id(&pos.id()).ok(), Some(pos));
        for dice in Dice::ALL {
            if let Err(report) = compare(&mut movegen, &pos, dice, None) {
                panic!("fast generator and reference disagree on a random board:\n{report}");
            }
        }
    }
    eprintln!("random boards: {boards} boards x 21 rolls, {seen:?}, {:?}", t.elapsed());
}

/// Each combination of the pinning games' options: steered games (pins
/// under a side bearing off, mothers pinned and played on) and random
/// boards, fast against the reference.
#[test]
fn every_option_matches_the_reference() {
    let t = Instant::now();
    for (i, rules) in PlakotoRules::ALL.iter().enumerate().skip(1) {
        let options = reference::Options::of(rules);
        let (n, c, g, e) = run_games_under(0x5eed_0100 + i as u64, 12_000, true, 300, Some(rules));
        eprintln!("{options:?}: {n} positions, {c} comparisons, {g} games, {e:?}");
        assert!(e.bear_off_1 + e.bear_off_2 > 0 && e.draw > 0, "{options:?}: {e:?}");
        // Played out, a pinned mother ends nothing; else it does.
        assert_eq!(e.mother == 0, options.play_out, "{options:?}: {e:?}");
        if options.play_out {
            assert!(e.mother_pinned > 0, "{options:?}: {e:?}");
        }
        let mut rng = ChaCha8Rng::seed_from_u64(0x5eed_0200 + i as u64);
        let mut movegen = MoveGen::with_rules(*rules);
        let mut boards = 0;
        let mut seen = Seen::default();
        while boards < 300 {
            let Some(pos) = random_board(&mut rng) else { continue };
            if reference::outcome_with(&pos, options).is_some() {
                continue;
            }
            boards += 1;
            seen.position(&pos);
            for dice in Dice::ALL {
                if let Err(report) = compare(&mut movegen, &pos, dice, Some(rules)) {
                    panic!("fast generator and reference disagree on a random board:\n{report}");
                }
            }
        }
        assert!(seen.home_but_pinned > 20, "{options:?}: {seen:?}");
    }
    eprintln!("options: {:?}", t.elapsed());
}

/// A named game's positions play by its own rules: Mahbusa's mother is
/// played out, with no rules given, on games and boards alike.
#[test]
fn a_mahbusa_position_plays_its_mother_out_by_itself() {
    use tavli_core::tavli::GameKind;
    let mut rng = ChaCha8Rng::seed_from_u64(0x5eed_0300);
    let mut movegen = MoveGen::new();
    let mut boards = 0;
    while boards < 200 {
        let Some(pos) = random_board(&mut rng).and_then(|p| p.as_game(GameKind::Mahbusa)) else { continue };
        boards += 1;
        for dice in Dice::ALL {
            if let Err(report) = compare(&mut movegen, &pos, dice, None) {
                panic!("Mahbusa and the reference's play-out disagree:\n{report}");
            }
        }
    }
}
