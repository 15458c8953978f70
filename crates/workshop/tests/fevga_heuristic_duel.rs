//! The Fevga heuristic player against the random player, in paired duels.
//!
//! The measurement (2,000 games, seed 2026) is the ignored test:
//! `cargo test --release -p plakoto-workshop --test fevga_heuristic_duel -- --ignored --nocapture`

use plakoto_core::fevga::Position;
use plakoto_engine::{FevgaHeuristic, Player, RandomPlayer};
use plakoto_workshop::duel::{DuelStats, duel_of};

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
