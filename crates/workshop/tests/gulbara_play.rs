//! Gul bara through the workshop, written once over every game: paired
//! duels (ladder stages and remainders played without a throw), and the
//! self-play of training, whose targets are not turned round where the
//! same side is on roll again.
//!
//! The measurements are the ignored tests:
//! `cargo test --release -p tavli-workshop --test gulbara_play -- --ignored --nocapture`

use tavli_core::gulbara::Position;
use tavli_engine::{GulBaraHeuristic, LEVELS, NetGame, Player, RandomPlayer};
use tavli_workshop::duel::{DuelStats, PlayerFactory, duel_of};
use tavli_workshop::train::self_play;

fn duel(a: &PlayerFactory<Position>, b: &PlayerFactory<Position>, pairs: u64, seed: u64) -> DuelStats {
    duel_of(Position::start(), a, b, pairs, seed, 1, &|_| {}).expect("no player fails")
}

fn heuristic(_: u64) -> Box<dyn Player<Position>> {
    Box::new(GulBaraHeuristic)
}

fn random(i: u64) -> Box<dyn Player<Position>> {
    Box::new(RandomPlayer::new(i))
}

#[test]
fn the_heuristic_beats_random_play() {
    let s = duel(&heuristic, &random, 60, 7);
    assert_eq!(s.games, 120);
    let (ppg, ci) = (s.points_per_game(), s.ci95());
    assert!(ppg - ci > 0.5, "{s:?}: {ppg:+.3} ± {ci:.3} points per game");
}

#[test]
fn self_play_targets_follow_the_side_on_roll() {
    let eval = Position::playing_eval(None);
    let game = self_play(&eval, 5, 0.7, 0.0);
    assert_eq!(game.samples.len(), game.plies);
    assert!(game.plies > 20, "{}", game.plies);
    for s in &game.samples {
        // win, win double, lose double, draw: each a probability.
        assert!(s.target.iter().all(|t| (0.0..=1.0).contains(t)), "{:?}", s.target);
        assert!(s.target[1] <= s.target[0] + 1e-6 && s.target[3] == 0.0, "{:?}", s.target);
    }
}

#[test]
#[ignore = "a measurement: 2,000 games"]
fn measure_the_players_of_gul_bara() {
    let eval = Position::playing_eval(None);
    let level = |name: &'static str| {
        let l = LEVELS.iter().find(|l| l.name == name).expect("a level");
        let eval = eval.clone();
        move |i: u64| l.player_of::<Position>(&eval, i)
    };
    for (a, b, pairs) in [("heuristic", "random", 1000), ("advanced", "heuristic", 1000), ("expert", "heuristic", 200)]
    {
        let t = std::time::Instant::now();
        let make = |name: &'static str| -> Box<PlayerFactory<Position>> {
            match name {
                "random" => Box::new(random),
                "heuristic" => Box::new(heuristic),
                level_name => Box::new(level(level_name)),
            }
        };
        let s = duel(&*make(a), &*make(b), pairs, 2026);
        println!(
            "{a} vs {b}, {} Gul bara games (seed 2026): {:+.3} ± {:.3} points per game (95%), won {}, lost {}, {:.1}s",
            s.games,
            s.points_per_game(),
            s.ci95(),
            s.wins,
            s.losses,
            t.elapsed().as_secs_f64()
        );
    }
}
