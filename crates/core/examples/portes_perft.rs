//! Portes perft from the start beside Plakoto's, in one process so that the
//! ratio holds on a shared machine: Portes's perft from its start at depths
//! 1 to DEPTH (default 3), then ROUNDS rounds (default 3) of Plakoto's
//! `perft start 4` (the count `tavli perft start 4` prints) and Portes's
//! perft at DEPTH, one after the other. Each game's best round (the one
//! least disturbed by other work) gives its speed, and the ratio is of
//! those. One thread; both count the last ply without building the plays.
//!
//! ```sh
//! cargo run --release -p tavli-core --example portes_perft -- 3 5
//! ```

use std::time::Instant;

fn timed(f: impl FnOnce() -> u64) -> (u64, f64) {
    let t = Instant::now();
    let n = f();
    (n, t.elapsed().as_secs_f64().max(1e-9))
}

fn arg(i: usize, default: u32, max: u32) -> u32 {
    match std::env::args().nth(i).map(|a| a.parse::<u32>()) {
        None => default,
        Some(Ok(v)) if (1..=max).contains(&v) => v,
        _ => {
            eprintln!("usage: portes_perft [DEPTH 1-4 (4 takes hours)] [ROUNDS 1-20]");
            std::process::exit(2);
        }
    }
}

fn main() {
    let depth = arg(1, 3, 4);
    let rounds = arg(2, 3, 20);
    let portes_start = tavli_core::portes::Position::start();
    let plakoto_start = tavli_core::Position::start();
    for d in 1..depth {
        let (n, s) = timed(|| tavli_core::portes::perft(&portes_start, d));
        println!("portes  perft(start, {d}) = {n} in {s:.3} s, {:.1} M plays/s", n as f64 / s / 1e6);
    }
    let (mut best_plakoto, mut best_portes) = (0f64, 0f64);
    for r in 1..=rounds {
        let (n, s) = timed(|| tavli_core::perft(&plakoto_start, 4));
        let rate = n as f64 / s / 1e6;
        best_plakoto = best_plakoto.max(rate);
        println!("round {r}: tavli perft(start, 4) = {n} in {s:.3} s, {rate:.1} M plays/s");
        let (n, s) = timed(|| tavli_core::portes::perft(&portes_start, depth));
        let rate = n as f64 / s / 1e6;
        best_portes = best_portes.max(rate);
        println!("round {r}: portes  perft(start, {depth}) = {n} in {s:.3} s, {rate:.1} M plays/s");
    }
    println!(
        "best of {rounds}: portes depth {depth} {best_portes:.1} M plays/s, plakoto depth 4 {best_plakoto:.1} M plays/s, portes/plakoto = {:.2}",
        best_portes / best_plakoto
    );
}
