//! Fevga move generation and perft speed, with Plakoto's `perft start 4`
//! measured in the same run so the two can be compared as a ratio (the
//! machine is shared; absolute timings vary from run to run). Run:
//! `cargo bench -p tavli-core --bench fevga`.
//!
//! The mid-game positions are plies 20, 40 and 60 of a seeded random game
//! (`ChaCha8Rng` seed 2024, uniform plays); their diagrams are beside the IDs.

use criterion::{BenchmarkId, Criterion, Throughput, criterion_group, criterion_main};
use std::hint::black_box;
use tavli_core::Dice;
use tavli_core::fevga::{MoveGen, Position};

/// (name, position ID).
const POSITIONS: [(&str, &str); 4] = [
    ("start", "f.AAAA__4AH__AAA"),
    // fevga W | W: 24:10 18:1 13:1 11:1 3:1 1:1 | B: 24:7 22:1 20:1 16:3 11:1 5:1 4:1
    ("ply20", "f.SASCB_4cJP4UCA"),
    // fevga W | W: 24:1 20:2 19:1 18:2 16:2 7:1 5:2 3:1 1:3 | B: 24:3 22:1 21:1 16:3 14:1 11:1 9:1 5:1 2:2 1:1
    ("ply40", "f.cmQBmsJOCnWISA"),
    // fevga W | W: 18:3 15:1 11:1 6:1 3:3 1:6 | B: 21:1 20:1 19:1 16:3 12:1 8:1 5:1 2:4 1:2
    ("ply60", "f.fnEEI4AcVDeIhA"),
];

fn positions() -> Vec<(&'static str, Position)> {
    POSITIONS.iter().map(|(n, id)| (*n, Position::from_id(id).expect("benchmark position"))).collect()
}

/// Perft from the start: Fevga at depths 4 and 5 beside Plakoto at 4, each
/// with its leaf count as throughput, so criterion prints leaves/s for both.
fn bench_perft_start(c: &mut Criterion) {
    let mut g = c.benchmark_group("perft-start");
    g.sample_size(10);
    for depth in [4, 5] {
        let start = Position::start();
        g.throughput(Throughput::Elements(tavli_core::fevga::perft(&start, depth)));
        g.bench_with_input(BenchmarkId::new("fevga", depth), &start, |b, p| {
            b.iter(|| tavli_core::fevga::perft(black_box(p), depth))
        });
    }
    let plakoto = tavli_core::Position::start();
    g.throughput(Throughput::Elements(tavli_core::perft(&plakoto, 4)));
    g.bench_with_input(BenchmarkId::new("plakoto", 4), &plakoto, |b, p| b.iter(|| tavli_core::perft(black_box(p), 4)));
    g.finish();
}

fn bench_perft_midgame(c: &mut Criterion) {
    let mut g = c.benchmark_group("fevga-perft");
    g.sample_size(10);
    for (name, pos) in positions().into_iter().skip(1) {
        let nodes = tavli_core::fevga::perft(&pos, 2);
        g.throughput(Throughput::Elements(nodes));
        g.bench_with_input(BenchmarkId::new(name, 2), &pos, |b, p| {
            b.iter(|| tavli_core::fevga::perft(black_box(p), 2))
        });
    }
    g.finish();
}

/// Every play (moves and resulting positions) for each of the 21 rolls:
/// what a player or the engine pays per position.
fn bench_plays(c: &mut Criterion) {
    let mut g = c.benchmark_group("fevga-legal-plays-per-roll");
    let mut movegen = MoveGen::default();
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
    g.finish();
}

criterion_group!(benches, bench_perft_start, bench_perft_midgame, bench_plays);
criterion_main!(benches);
