// A perft over wildbg's move generator (https://github.com/carsten-wenderdel/wildbg),
// for measuring side by side with `tavli perft --game portes --full`:
// scripts/bench-portes-perft copies it into a wildbg checkout's engine examples.
use engine::dice::ALL_21;
use engine::position::{GameState, STARTING, Position};
use std::time::Instant;

fn perft(pos: &Position, depth: u32) -> u64 {
    if depth == 0 || matches!(pos.game_state(), GameState::GameOver(_)) {
        return 1;
    }
    let mut total = 0;
    for (dice, _) in ALL_21.iter() {
        let children = pos.all_positions_after_moving(dice);
        if depth == 1 {
            total += children.len() as u64;
        } else {
            for c in &children {
                total += perft(c, depth - 1);
            }
        }
    }
    total
}

fn main() {
    let depth: u32 = std::env::args().nth(1).and_then(|d| d.parse().ok()).unwrap_or(3);
    let t = Instant::now();
    let n = perft(&STARTING, depth);
    let s = t.elapsed().as_secs_f64();
    println!("{n}");
    eprintln!("wildbg perft({depth}) = {n} in {s:.3} s, {:.1} M nodes/s (1 thread)", n as f64 / s / 1e6);
}
