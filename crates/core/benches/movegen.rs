//! Move generation and perft speed. Run: `cargo bench -p tavli-core`.
//!
//! Mid-game positions come from a seeded random game (see the IDs); their
//! JSON is in docs/CORE.md, "Speed".

use criterion::{BenchmarkId, Criterion, Throughput, criterion_group, criterion_main};
use std::hint::black_box;
use tavli_core::{Dice, MoveGen, Position, perft};

/// (name, position ID): the start, and plies 30/40/50/60 of seed 2024.
const POSITIONS: [(&str, &str); 5] = [
    ("start", "AAAA__7__gAAAA"),
    ("ply30-pins", "AB9FysQq1elACYA"),
    ("ply40-pins-both-ways", "Ig702AQHL04IiMA"),
    ("ply50-five-pins", "KaTdUAQEuk-IhDA"),
    ("ply60-bearing-in", "anZyEEAEqGprRDA"),
];

fn positions() -> Vec<(&'static str, Position)> {
    POSITIONS.iter().map(|(n, id)| (*n, Position::from_id(id).expect("benchmark position"))).collect()
}

fn bench_perft(c: &mut Criterion) {
    let mut g = c.benchmark_group("perft");
    g.sample_size(10);
    for (name, pos) in positions() {
        let depth = if name == "start" { 3 } else { 2 };
        let nodes = perft(&pos, depth);
        g.throughput(Throughput::Elements(nodes));
        g.bench_with_input(BenchmarkId::new(name, depth), &pos, |b, p| b.iter(|| perft(black_box(p), depth)));
    }
    g.finish();
}

fn bench_plays(c: &mut Criterion) {
    // Generating every play (moves, notation data, resulting positions) for
    // each of the 21 rolls; the time per roll is what a player or the
    // engine pays.
    let mut g = c.benchmark_group("legal-plays-per-roll");
    let mut movegen = MoveGen::new();
    let mut out = Vec::with_capacity(1024);
    for (name, pos) in positions().into_iter().skip(1) {
        let total: usize = Dice::ALL
            .iter()
            .map(|&d| {
                movegen.plays(&pos, d, &mut out);
                out.len()
            })
            .sum();
        g.throughput(Throughput::Elements(21));
        g.bench_function(BenchmarkId::new(name, format!("{total}-plays")), |b| {
            b.iter(|| {
                for d in Dice::ALL {
                    movegen.plays(black_box(&pos), d, &mut out);
                    black_box(out.len());
                }
            })
        });
    }
    // One typical mid-game non-doublet roll.
    let pos = Position::from_id(POSITIONS[2].1).expect("benchmark position");
    let d = Dice::new(5, 3).expect("dice");
    g.throughput(Throughput::Elements(1));
    g.bench_function("ply40-pins-both-ways/5-3", |b| {
        b.iter(|| {
            movegen.plays(black_box(&pos), d, &mut out);
            black_box(out.len())
        })
    });
    g.finish();
}

criterion_group!(benches, bench_perft, bench_plays);
criterion_main!(benches);
