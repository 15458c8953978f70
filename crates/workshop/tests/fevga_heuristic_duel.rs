//! The Fevga heuristic player in paired duels: against the random player,
//! and against a player that only runs (lowest pip count), which shows what
//! the blocking terms are worth.
//!
//! The measurements (2,000 games each, seed 2026) are the ignored tests:
//! `cargo test --release -p tavli-workshop --test fevga_heuristic_duel -- --ignored --nocapture`

use tavli_core::fevga::Position;
use tavli_engine::{FevgaHeuristic, Player, RandomPlayer};
use tavli_workshop::duel::{DuelStats, duel_of};

fn heuristic_vs_random(pairs: u64, seed: u64) -> DuelStats {
    let h = |_: u64| Box::new(FevgaHeuristic) as Box<dyn Player<Position>>;
    let r = |i: u64| Box::new(RandomPlayer::new(i)) as Box<dyn Player<Position>>;
    let threads = std::thread::available_parallelism().map_or(1, |n| n.get()).min(2);
    duel_of(Position::start(), &h, &r, pairs, seed, threads, &|_| {}).expect("no player fails")
}

#[test]
fn fevga_heuristic_beats_random() {
    let s = heuristic_vs_random(100, 7);
    assert_eq!(s.games, 200);
    let (ppg, ci) = (s.points_per_game(), s.ci95());
    assert!(ppg - ci > 0.5, "{s:?}: {ppg:+.3} ± {ci:.3} points per game");
}

#[test]
#[ignore = "a measurement: 2,000 games"]
fn measure_fevga_heuristic_against_random() {
    let start = std::time::Instant::now();
    let s = heuristic_vs_random(1000, 2026);
    println!(
        "FevgaHeuristic vs random, {} games (seed 2026): {:+.3} ± {:.3} points per game (95%), won {}, lost {}, {:.1}s",
        s.games,
        s.points_per_game(),
        s.ci95(),
        s.wins,
        s.losses,
        start.elapsed().as_secs_f64()
    );
}

/// Plays the play that leaves its own pip count lowest (a runner, no plan).
struct PipPlayer;

impl Player<Position> for PipPlayer {
    fn name(&self) -> String {
        "pips".into()
    }

    fn choose(&mut self, _: &Position, _: tavli_core::Dice, plays: &[tavli_core::fevga::Play]) -> usize {
        let pips = |p: &tavli_core::fevga::Play| {
            if p.result().is_some() { 0 } else { p.position().pips(p.mover()) }
        };
        (0..plays.len()).min_by_key(|&i| pips(&plays[i])).unwrap_or(0)
    }
}

#[test]
#[ignore = "a measurement: 2,000 games"]
fn measure_fevga_heuristic_against_pips() {
    let h = |_: u64| Box::new(FevgaHeuristic) as Box<dyn Player<Position>>;
    let r = |_: u64| Box::new(PipPlayer) as Box<dyn Player<Position>>;
    let s = duel_of(Position::start(), &h, &r, 1000, 2026, 2, &|_| {}).expect("no player fails");
    println!(
        "FevgaHeuristic vs pips-only, {} games (seed 2026): {:+.3} ± {:.3} points per game (95%), won {}, lost {}",
        s.games,
        s.points_per_game(),
        s.ci95(),
        s.wins,
        s.losses
    );
}
