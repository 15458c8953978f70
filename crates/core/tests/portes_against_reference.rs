//! The fast Portes generator against the slow reference
//! (`portes_reference/mod.rs`) on positions from seeded random games: for
//! each position and roll the two must give exactly the same set of
//! (resulting position, result); every fast play's moves, replayed by hand,
//! must reach its position with its hit marks; and the counting path
//! (perft's last ply) must count the same plays.
//!
//! The games mix uniform play with players that hit whenever they can
//! (which fills the bar) and players that race home (which reaches the
//! bear-off, also with a checker hit during it). `TAVLI_LONG_TESTS=1`
//! checks ten times as many positions.

mod portes_reference;

use std::collections::HashMap;

use portes_reference as reference;
use rand::{RngExt, SeedableRng};
use rand_chacha::ChaCha8Rng;
use tavli_core::Dice;
use tavli_core::portes::{MoveGen, Play, Position};

fn compare(movegen: &mut MoveGen, pos: &Position, dice: Dice) -> Result<(), String> {
    let fast = pos.legal_plays(dice);
    let slow = reference::legal_plays(pos, dice);
    let header = || format!("position {}\n  id {}\n  dice {dice}\n", pos.to_json(), pos.id());
    let fast_set: HashMap<_, &Play> = fast.iter().map(|p| ((*p.position(), p.result()), p)).collect();
    let slow_set: HashMap<_, &reference::RefPlay> = slow.iter().map(|p| ((p.position, p.result), p)).collect();
    if fast_set.len() != fast.len() {
        return Err(format!("{}the fast generator repeats a position", header()));
    }
    if fast_set.len() != slow_set.len() || fast_set.keys().any(|k| !slow_set.contains_key(k)) {
        let mut out = header();
        out += &format!("  fast {} plays, reference {} plays\n", fast.len(), slow.len());
        for (k, p) in &fast_set {
            if !slow_set.contains_key(k) {
                out += &format!("  only fast:      {} -> {}\n", p.notation(), p.position().to_json());
            }
        }
        for (k, p) in &slow_set {
            if !fast_set.contains_key(k) {
                out += &format!("  only reference: {:?} -> {}\n", p.moves, p.position.to_json());
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
        let (reached, result, hits) =
            reference::replay(pos, &moves).map_err(|e| format!("{}play {play}: {e}", header()))?;
        if (reached, result) != (*play.position(), play.result()) {
            return Err(format!("{}play {play} replays to {}", header(), reached.to_json()));
        }
        if hits.iter().enumerate().any(|(i, &h)| play.hits_on_move(i) != h) {
            return Err(format!("{}play {play}: hit marks {hits:?}", header()));
        }
        if play.result().is_none() && play.position().outcome().is_some() {
            return Err(format!("{}play {play} ends the game without a result", header()));
        }
    }
    Ok(())
}

#[derive(Clone, Copy)]
enum Style {
    Uniform,
    /// Hits when it can, seven times in ten (fills the bars), else races.
    Hitter,
    /// Runs home and bears off (most pips gained), at random one time in ten.
    Racer,
}

impl Style {
    fn choose<'a>(self, pos: &Position, plays: &'a [Play], rng: &mut ChaCha8Rng) -> &'a Play {
        let random = |rng: &mut ChaCha8Rng| &plays[rng.random_range(0..plays.len())];
        match self {
            Style::Uniform => random(rng),
            Style::Hitter if rng.random_bool(0.7) => {
                let most = plays.iter().map(Play::hit_count).max().unwrap_or(0);
                let best: Vec<&Play> = plays.iter().filter(|p| p.hit_count() == most).collect();
                best[rng.random_range(0..best.len())]
            }
            Style::Racer if rng.random_bool(0.1) => random(rng),
            Style::Hitter | Style::Racer => {
                let me = pos.turn();
                plays.iter().min_by_key(|p| p.position().pips(me)).unwrap_or(&plays[0])
            }
        }
    }
}

/// Plays games with `seed` until `positions` positions were compared (one
/// roll each; with `all_rolls`, all 21 rolls every 25th too). Returns (comparisons, games,
/// positions with a checker on the bar, positions in the bear-off).
fn run(seed: u64, positions: usize, all_rolls: bool) -> (usize, usize, usize, usize) {
    let mut rng = ChaCha8Rng::seed_from_u64(seed);
    let mut movegen = MoveGen::new();
    let (mut done, mut comparisons, mut games, mut bar, mut bear) = (0, 0, 0, 0, 0);
    // Half the players race, so that games reach the bear-off often.
    let styles = [Style::Uniform, Style::Hitter, Style::Racer, Style::Racer];
    while done < positions {
        games += 1;
        let sides = [styles[rng.random_range(0..4)], styles[rng.random_range(0..4)]];
        let mut pos = if rng.random_bool(0.5) { Position::start() } else { Position::start().pass_turn() };
        loop {
            let dice = Dice::new(rng.random_range(1..=6), rng.random_range(1..=6)).expect("dice");
            if let Err(report) = compare(&mut movegen, &pos, dice) {
                panic!("fast generator and reference disagree (seed {seed}, game {games}):\n{report}");
            }
            done += 1;
            comparisons += 1;
            bar += usize::from(pos.own_bar() > 0);
            bear += usize::from(pos.can_bear_off());
            if all_rolls && done % 25 == 0 {
                for d in Dice::ALL {
                    if let Err(report) = compare(&mut movegen, &pos, d) {
                        panic!("fast generator and reference disagree (seed {seed}, game {games}):\n{report}");
                    }
                    comparisons += 1;
                }
            }
            let plays = pos.legal_plays(dice);
            let play = sides[pos.turn().index()].choose(&pos, &plays, &mut rng);
            if play.result().is_some() {
                break;
            }
            pos = *play.position();
        }
    }
    (comparisons, games, bar, bear)
}

fn scale() -> usize {
    if std::env::var("TAVLI_LONG_TESTS").is_ok_and(|v| v == "1") { 10 } else { 1 }
}

#[test]
fn fast_generator_matches_the_reference_on_random_games() {
    let start = std::time::Instant::now();
    let (comparisons, games, bar, bear) = run(2026, 100_000 * scale(), scale() > 1);
    eprintln!(
        "{comparisons} comparisons in {games} games ({bar} positions with a checker on the bar, {bear} bearing off) in {:.1?}",
        start.elapsed()
    );
    assert!(comparisons >= 100_000);
    assert!(bar > 5_000 && bear > 5_000, "too few rare positions: bar {bar}, bear-off {bear}");
}

#[test]
fn both_colours_play_alike_on_random_games() {
    let mut rng = ChaCha8Rng::seed_from_u64(7);
    let mut pos = Position::start();
    for _ in 0..20_000 {
        let dice = Dice::new(rng.random_range(1..=6), rng.random_range(1..=6)).expect("dice");
        let plays = pos.legal_plays(dice);
        let mirror: Vec<_> = pos.mirror().legal_plays(dice);
        let mine: std::collections::HashSet<_> = plays.iter().map(|p| (p.notation(), p.position().mirror())).collect();
        let theirs: std::collections::HashSet<_> = mirror.iter().map(|p| (p.notation(), *p.position())).collect();
        assert_eq!(mine, theirs, "{}", pos.to_json());
        let play = &plays[rng.random_range(0..plays.len())];
        pos = if play.result().is_some() { Position::start() } else { *play.position() };
    }
}
