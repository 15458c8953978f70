//! Times Portes's input encodings 1 and 2 on the same positions, in one run
//! (rounds alternate so load from elsewhere hits both alike):
//! `cargo run --release -p tavli-engine --example portes_encode_speed`.

use std::hint::black_box;
use std::time::Instant;

use tavli_core::game::{DiceSource, SeededDice};
use tavli_core::portes::Position;
use tavli_engine::games::portes::inputs::encode_version_into;
use tavli_engine::inputs::Inputs;

fn main() {
    // Positions from random play, as the trainer meets them.
    let mut dice = SeededDice::new(7);
    let mut pos = Position::start();
    let mut positions = Vec::new();
    while positions.len() < 20_000 {
        if pos.outcome().is_some() {
            pos = Position::start();
        }
        positions.push(pos);
        let plays = pos.legal_plays(dice.roll());
        pos = *plays[dice.die() as usize % plays.len()].position();
    }
    let mut x = Inputs::with_capacity();
    let mut best = [f64::MAX; 2];
    for _round in 0..7 {
        for version in [1u32, 2] {
            let t = Instant::now();
            for _ in 0..10 {
                for p in &positions {
                    x.items.clear();
                    encode_version_into(black_box(p), version, &mut x);
                    black_box(&x);
                }
            }
            let ns = t.elapsed().as_nanos() as f64 / (10 * positions.len()) as f64;
            best[version as usize - 1] = best[version as usize - 1].min(ns);
        }
    }
    println!("encoding 1: {:.0} ns/position", best[0]);
    println!("encoding 2: {:.0} ns/position", best[1]);
    println!("ratio 2/1: {:.2}", best[1] / best[0]);
}
