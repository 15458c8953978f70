//! The fast Fevga move generator against the slow reference
//! (`fevga_reference/mod.rs`) on many positions, under every set of rule
//! options (`FevgaRules::ALL`: release on reaching or passing the 12-point,
//! the ban judged at the end of the play or at every landing, the
//! unblocking duty or the narde rule): seeded random games, games steered
//! towards the rare cases (walls, traps, a held starting quarter, bearing
//! off past opposing checkers), and random boards built around those cases.
//!
//! For each position and roll the two must give exactly the same set of
//! (resulting position, result), the counting path must agree, and every
//! fast play's moves, replayed by hand on the reference board, must reach
//! its position.

mod fevga_reference;

use std::collections::{HashMap, HashSet};
use std::time::Instant;

use fevga_reference as reference;
use rand::{RngExt, SeedableRng};
use rand_chacha::ChaCha8Rng;
use tavli_core::fevga::{FevgaRules, MoveGen, Play, Position, PrimeRule, Setup, white_point};
use tavli_core::{Color, Dice, GameResult};

/// Checks one position and roll; `Err` carries a report fit to debug from.
fn compare(movegen: &mut MoveGen, pos: &Position, dice: Dice) -> Result<(), String> {
    let rules = movegen.rules();
    let fast = pos.legal_plays_with(dice, &rules);
    let slow = reference::legal_plays(pos, dice, &rules);
    let header = || format!("position {}\n  {}\n  dice {dice}, rules {rules:?}\n", pos.diagram(), pos.to_json());

    if pos.outcome() != reference::outcome(pos) {
        return Err(format!("{}outcome: fast {:?}, reference {:?}", header(), pos.outcome(), reference::outcome(pos)));
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
                out += &format!("  only fast:      {} -> {}\n", p.notation(), p.position().diagram());
            }
        }
        for (k, p) in &slow_set {
            if !fast_set.contains_key(k) {
                out += &format!("  only reference: {:?} -> {}\n", p.moves, p.position.diagram());
            }
        }
        return Err(out);
    }
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
        let (reached, result) = reference::replay(pos, dice, &moves, &rules).map_err(|e| format!("{}  {e}", what()))?;
        if reached != *play.position() || result != play.result() {
            return Err(format!("{}  replayed to {} {result:?}, the play says {}", what(), reached.diagram(), play));
        }
        if play.result().is_none() && play.position().outcome().is_some() {
            return Err(format!("{}  the play's position has already ended", what()));
        }
        if play.result().is_some() && play.position().outcome() != play.result() {
            return Err(format!("{}  result differs from the final position's outcome", what()));
        }
    }
    Ok(())
}

fn random_dice(rng: &mut ChaCha8Rng) -> Dice {
    Dice::new(rng.random_range(1..=6), rng.random_range(1..=6)).expect("dice 1-6")
}

/// Points of `color`'s own numbering held by `color` in `pos`.
fn held(pos: &Position, color: Color) -> [bool; 25] {
    std::array::from_fn(|own| own > 0 && pos.checkers_own(color, own as u8) > 0)
}

/// The longest run of consecutive held points of `color`, counted along the
/// opponent's track (its own numbering), which is the run that blocks it.
fn longest_wall(pos: &Position, color: Color) -> u32 {
    let opp = color.opponent();
    let (mut best, mut run) = (0, 0);
    for own in 1..=24u8 {
        let w = reference::abs(opp, own);
        run = if pos.checkers(color, w) > 0 { run + 1 } else { 0 };
        best = best.max(run);
    }
    best
}

/// How a side picks its plays: weights on features of the resulting
/// position plus a chance to play at random, to reach what uniform play
/// rarely does.
#[derive(Clone, Copy, Debug)]
struct Style {
    random: f64,
    /// Per point of the longest wall in front of the opponent.
    wall: f64,
    /// Per point of the own starting quarter (19-24) held.
    quarter: f64,
    /// Per pip gained.
    race: f64,
    /// For a play that ends the game (negative: put it off).
    end_game: f64,
}

impl Style {
    const UNIFORM: Style = Style { random: 1.0, wall: 0.0, quarter: 0.0, race: 0.0, end_game: 0.0 };

    fn random(rng: &mut ChaCha8Rng) -> Style {
        let mut w = |choices: &[f64]| choices[rng.random_range(0..choices.len())];
        Style {
            random: w(&[0.0, 0.1, 0.3]),
            wall: w(&[0.0, 1.0, 5.0]),
            quarter: w(&[0.0, 1.0, 3.0]),
            race: w(&[0.0, 0.1, 0.5]),
            end_game: w(&[-50.0, 0.0, 50.0]),
        }
    }

    fn choose<'a>(&self, pos: &Position, plays: &'a [Play], rng: &mut ChaCha8Rng) -> &'a Play {
        if rng.random_bool(self.random) {
            return &plays[rng.random_range(0..plays.len())];
        }
        let me = pos.turn();
        let score = |p: &Play| {
            let after = p.position();
            let quarter = held(after, me)[19..=24].iter().filter(|&&h| h).count() as f64;
            let gained = f64::from(pos.pips(me)) - f64::from(after.pips(me));
            let ends = f64::from(u8::from(p.result().is_some()));
            self.wall * f64::from(longest_wall(after, me))
                + self.quarter * quarter
                + self.race * gained
                + self.end_game * ends
        };
        let best = plays.iter().map(score).fold(f64::NEG_INFINITY, f64::max);
        let top: Vec<&Play> = plays.iter().filter(|p| score(p) >= best - 1e-9).collect();
        top[rng.random_range(0..top.len())]
    }
}

/// How often the rare cases came up, to show the games reach them.
#[derive(Default, Debug)]
struct Seen {
    win_1: usize,
    win_2: usize,
    /// The side on roll not yet released.
    unreleased: usize,
    /// The side on roll holding five of its 19-24 with checkers on 24.
    quarter_five: usize,
    /// A trap (the unblocking duty may bind).
    trap: usize,
    /// Some opposing checker in the home board of a side bearing off.
    bear_off_contact: usize,
    /// Passes (no legal play).
    pass: usize,
}

impl Seen {
    fn position(&mut self, pos: &Position, rules: &FevgaRules) {
        let me = pos.turn();
        let h = held(pos, me);
        self.unreleased += usize::from(!pos.is_released(rules.release));
        self.quarter_five += usize::from(h[24] && h[19..=24].iter().filter(|&&x| x).count() == 5);
        self.trap += usize::from(pos.trap().is_some());
        let opp_in_home = (1..=6u8).any(|own| pos.checkers(me.opponent(), reference::abs(me, own)) > 0);
        self.bear_off_contact += usize::from(pos.can_bear_off() && opp_in_home);
    }

    fn ending(&mut self, r: GameResult) {
        match r.points {
            1 => self.win_1 += 1,
            _ => self.win_2 += 1,
        }
    }
}

/// Plays games from the start with `seed`, each under the next set of
/// options, until `positions` positions have been compared (each with the
/// roll played); every `all_rolls_every`-th position is also compared with
/// all 21 rolls. Returns (positions, comparisons, games, what was seen).
fn run_games(seed: u64, positions: usize, steer: bool, all_rolls_every: usize) -> (usize, usize, usize, Seen) {
    let mut rng = ChaCha8Rng::seed_from_u64(seed);
    let (mut done, mut comparisons, mut games) = (0, 0, 0);
    let mut seen = Seen::default();
    while done < positions {
        let rules = FevgaRules::ALL[games % FevgaRules::ALL.len()];
        let mut movegen = MoveGen::new(rules);
        games += 1;
        let styles = if steer { [Style::random(&mut rng), Style::random(&mut rng)] } else { [Style::UNIFORM; 2] };
        let mut pos = Position::start();
        if rng.random_bool(0.5) {
            pos = pos.pass_turn();
        }
        let mut ended = false;
        for _ply in 0..3000 {
            let dice = random_dice(&mut rng);
            if let Err(report) = compare(&mut movegen, &pos, dice) {
                panic!("fast generator and reference disagree (seed {seed}, game {games}):\n{report}");
            }
            done += 1;
            comparisons += 1;
            seen.position(&pos, &rules);
            if all_rolls_every > 0 && done % all_rolls_every == 0 {
                for d in Dice::ALL {
                    if let Err(report) = compare(&mut movegen, &pos, d) {
                        panic!("fast generator and reference disagree (seed {seed}, game {games}):\n{report}");
                    }
                    comparisons += 1;
                }
            }
            let plays = pos.legal_plays_with(dice, &rules);
            let play = styles[pos.turn().index()].choose(&pos, &plays, &mut rng);
            seen.pass += usize::from(play.is_pass());
            if let Some(result) = play.result() {
                seen.ending(result);
                ended = true;
                break;
            }
            pos = *play.position();
        }
        assert!(ended, "game {games} (seed {seed}, {rules:?}) still going after 3000 plies: {}", pos.diagram());
    }
    (done, comparisons, games, seen)
}

#[test]
fn uniform_random_games_match_the_reference() {
    let t = Instant::now();
    let (n, c, g, s) = run_games(0xfe6a_0001, 50_000, false, 100);
    eprintln!("uniform: {n} positions, {c} comparisons, {g} games, {s:?}, {:?}", t.elapsed());
    assert!(n >= 50_000 && s.win_1 > 0 && s.win_2 > 0 && s.unreleased > 0 && s.pass > 0, "{s:?}");
}

#[test]
fn steered_games_match_the_reference() {
    let t = Instant::now();
    let (n, c, g, s) = run_games(0xfe6a_0002, 50_000, true, 100);
    eprintln!("steered: {n} positions, {c} comparisons, {g} games, {s:?}, {:?}", t.elapsed());
    assert!(n >= 50_000 && s.quarter_five > 0 && s.bear_off_contact > 0, "{s:?}");
}

/// Drops `n` checkers of `color` on random own points in `lo..=hi`, never
/// on a point the other side holds; `false` if they do not fit.
fn drop_checkers(s: &mut Setup, rng: &mut ChaCha8Rng, color: Color, n: i64, lo: u8, hi: u8) -> bool {
    let mut placed = 0;
    for _ in 0..1000 {
        if placed == n {
            break;
        }
        let w = reference::abs(color, rng.random_range(lo..=hi)) as usize;
        if s.checkers[color.opponent().index()][w] == 0 && s.checkers[color.index()][w] < 15 {
            s.checkers[color.index()][w] += 1;
            placed += 1;
        }
    }
    placed == n
}

/// A random valid board of one of several kinds, each aimed at one rule:
/// a trap (every opposing checker on one point with six held in front),
/// an unreleased side with a runner, a nearly full starting quarter, a
/// bear-off with opposing checkers in the home board, or anything. Such
/// boards need not be reachable, but the rules still define their plays.
fn random_board(rng: &mut ChaCha8Rng) -> Option<Position> {
    let me = if rng.random_bool(0.5) { Color::White } else { Color::Black };
    let opp = me.opponent();
    let mut s = Setup::empty(me);
    let (mi, oi) = (me.index(), opp.index());
    let kind = rng.random_range(0..5);
    match kind {
        0 => {
            // A trap: the opponent on its point t (7..=24), the mover on the
            // six in front; the rest anywhere.
            let t = rng.random_range(7..=24u8);
            let on = rng.random_range(1..=15);
            s.checkers[oi][reference::abs(opp, t) as usize] = on;
            s.off[oi] = 15 - on;
            for k in 1..=6 {
                s.checkers[mi][reference::abs(opp, t - k) as usize] = 1;
            }
            let rest = rng.random_range(0..=9);
            if !drop_checkers(&mut s, rng, me, rest, 1, 24) {
                return None;
            }
            s.off[mi] = 9 - rest;
        }
        1 => {
            // Unreleased: all on 24 but one runner on 13..=23.
            s.checkers[mi][reference::abs(me, 24) as usize] = 14;
            s.checkers[mi][reference::abs(me, rng.random_range(13..=23)) as usize] = 1;
            if !drop_checkers(&mut s, rng, opp, 15, 1, 24) {
                return None;
            }
        }
        2 => {
            // A starting quarter with some points held, checkers on 24.
            s.checkers[mi][reference::abs(me, 24) as usize] = rng.random_range(1..=6);
            for own in 19..=23 {
                if rng.random_bool(0.8) {
                    s.checkers[mi][reference::abs(me, own) as usize] = 1;
                }
            }
            let on: i64 = s.checkers[mi].iter().sum();
            let rest = rng.random_range(0..=15 - on);
            if !drop_checkers(&mut s, rng, me, rest, 1, 18) {
                return None;
            }
            s.off[mi] = 15 - on - rest;
            let theirs = rng.random_range(1..=15);
            if !drop_checkers(&mut s, rng, opp, theirs, 1, 24) {
                return None;
            }
            s.off[oi] = 15 - theirs;
        }
        3 => {
            // Bearing off with opposing checkers in the home board (their
            // 13..=18) and elsewhere.
            let mine = rng.random_range(1..=15);
            let theirs = rng.random_range(1..=15);
            let in_home = rng.random_range(1..=theirs);
            let top = rng.random_range(6..=8);
            if !drop_checkers(&mut s, rng, opp, in_home, 13, 18)
                || !drop_checkers(&mut s, rng, opp, theirs - in_home, 1, 24)
                || !drop_checkers(&mut s, rng, me, mine, 1, top)
            {
                return None;
            }
            s.off = [15 - mine, 15 - theirs];
            if me == Color::Black {
                s.off.swap(0, 1);
            }
        }
        _ => {
            for c in [me, opp] {
                let on = rng.random_range(1..=15);
                if !drop_checkers(&mut s, rng, c, on, 1, 24) {
                    return None;
                }
                s.off[c.index()] = 15 - on;
            }
        }
    }
    let pos = s.validate().ok()?;
    (pos.outcome().is_none()).then_some(pos)
}

#[test]
fn random_boards_match_the_reference_on_every_roll() {
    let t = Instant::now();
    let mut rng = ChaCha8Rng::seed_from_u64(0xfe6a_0003);
    let mut movegens: Vec<MoveGen> = FevgaRules::ALL.iter().map(|&r| MoveGen::new(r)).collect();
    let (mut boards, mut traps, mut duty_binds) = (0, 0, 0);
    let mut distinct = HashSet::new();
    while boards < 6_000 {
        let Some(pos) = random_board(&mut rng) else { continue };
        if !distinct.insert(pos) {
            continue;
        }
        boards += 1;
        assert_eq!(Position::from_json(&pos.to_json()).ok(), Some(pos));
        assert_eq!(Position::from_id(&pos.id()).ok(), Some(pos));
        let movegen = &mut movegens[boards % FevgaRules::ALL.len()];
        if let Some(trap) = pos.trap() {
            traps += 1;
            // The trap as the reference sees it: the same six points.
            let wall = reference::Board::from_position(&pos).trap(pos.turn()).expect("the reference sees the trap");
            let mut mine: Vec<u8> = trap.wall.iter().map(|&w| white_point(pos.turn(), w)).collect();
            let mut theirs = wall.to_vec();
            mine.sort_unstable();
            theirs.sort_unstable();
            assert_eq!(mine, theirs, "{}", pos.diagram());
            if movegen.rules().primes == PrimeRule::UnblockingDuty {
                duty_binds += 1;
            }
        } else {
            assert_eq!(reference::Board::from_position(&pos).trap(pos.turn()), None, "{}", pos.diagram());
        }
        for dice in Dice::ALL {
            if let Err(report) = compare(movegen, &pos, dice) {
                panic!("fast generator and reference disagree on a random board:\n{report}");
            }
        }
    }
    eprintln!("random boards: {boards} x 21 rolls, {traps} traps ({duty_binds} under the duty), {:?}", t.elapsed());
    assert!(traps > 500 && duty_binds > 200);
}
