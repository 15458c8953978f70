//! Portes move generation and perft speed. Run: `cargo bench -p tavli-core --bench portes`.
//!
//! The positions are named by their GNU Backgammon IDs (White on roll), so
//! they paste into gnubg; their perft counts are checked in
//! `tests/portes_perft.rs`.

use criterion::{BenchmarkId, Criterion, Throughput, criterion_group, criterion_main};
use std::hint::black_box;
use tavli_core::portes::{MoveGen, Position, perft};
use tavli_core::{Color, Dice};

/// (name, gnubg ID, perft depth).
const POSITIONS: [(&str, &str, u32); 5] = [
    ("start", "4HPwATDgc/ABMA", 3),
    ("bar-both-sides", "sOfgAVCw5+ABUA", 3),
    ("blots-everywhere", "whm5JCSSM3EiJA", 2),
    ("bear-off-race", "7u4OAADb7g4AAA", 3),
    ("bear-off-anchor", "4HnwADLm3gMAAA", 3),
];

fn positions() -> Vec<(&'static str, Position, u32)> {
    POSITIONS
        .iter()
        .map(|(n, id, d)| (*n, Position::from_gnubg_id(id, Color::White).expect("benchmark position"), *d))
        .collect()
}

fn bench_perft(c: &mut Criterion) {
    let mut g = c.benchmark_group("portes-perft");
    g.sample_size(10);
    for (name, pos, depth) in positions() {
        let nodes = perft(&pos, depth);
        g.throughput(Throughput::Elements(nodes));
        g.bench_with_input(BenchmarkId::new(name, depth), &pos, |b, p| b.iter(|| perft(black_box(p), depth)));
    }
    g.finish();
}

fn bench_plays(c: &mut Criterion) {
    // Every play of each of the 21 rolls built (moves, hits, positions).
    let mut g = c.benchmark_group("portes-legal-plays-per-roll");
    let mut movegen = MoveGen::new();
    let mut out = Vec::with_capacity(1024);
    for (name, pos, _) in positions() {
        let total: usize = Dice::ALL
            .iter()
            .map(|&d| {
                movegen.plays(&pos, d, &mut out);
                out.len()
            })
            .sum();
        g.throughput(Throughput::Elements(total as u64));
        g.bench_function(BenchmarkId::new(name, format!("{total}-plays")), |b| {
            b.iter(|| {
                for d in Dice::ALL {
                    movegen.plays(black_box(&pos), d, &mut out);
                    black_box(out.len());
                }
            })
        });
    }
    g.finish();
}

criterion_group!(benches, bench_perft, bench_plays);
criterion_main!(benches);
