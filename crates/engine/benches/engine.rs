//! Engine speed: static evaluation, a bear-off lookup, and 1/2-ply
//! decisions. Run: `cargo bench -p tavli-engine`. (Self-play speed is
//! the workshop's bench.)

use criterion::{BenchmarkId, Criterion, Throughput, criterion_group, criterion_main};
use std::hint::black_box;
use std::sync::Arc;
use tavli_core::game::{DiceSource, SeededDice};
use tavli_core::{Dice, Position};
use tavli_engine::bearoff::Database;
use tavli_engine::search::{SearchConfig, rank};
use tavli_engine::{Evaluator, NetGame, NeuralEval};

/// The evaluator the levels use: the shipped network with the bear-off
/// database (built here, as a front end loads it before evaluating).
fn engine_eval() -> NeuralEval {
    NeuralEval::shipped(Some(Arc::new(Database::build())))
}

/// Positions from seeded random games, all stages.
fn sample_positions(n: usize) -> Vec<Position> {
    let mut dice = SeededDice::new(77);
    let mut out = Vec::new();
    let mut pos = Position::start();
    while out.len() < n {
        if pos.outcome().is_some() {
            pos = Position::start();
        }
        out.push(pos);
        let plays = pos.legal_plays(dice.roll());
        pos = *plays[dice.die() as usize % plays.len()].position();
    }
    out
}

fn bench_eval(c: &mut Criterion) {
    let eval = engine_eval();
    let positions: Vec<Position> = sample_positions(2000).into_iter().filter(|p| p.outcome().is_none()).collect();
    let mut g = c.benchmark_group("evaluate");
    g.throughput(Throughput::Elements(positions.len() as u64));
    g.bench_function("0-ply/static", |b| {
        b.iter(|| {
            let mut s = 0.0;
            for p in &positions {
                s += eval.equity(black_box(p));
            }
            s
        })
    });
    // A race with both sides home: scored from the bear-off database.
    let race = tavli_core::pos!(White; white {1: 3, 2: 3, 3: 2, 5: 4, 6: 3}; black {24: 2, 22: 4, 20: 5, 19: 4});
    let db = Database::build();
    g.throughput(Throughput::Elements(1));
    g.bench_function("bear-off race lookup", |b| b.iter(|| black_box(&race).race(&db)));
    g.finish();
}

fn bench_decisions(c: &mut Criterion) {
    let eval = engine_eval();
    let cfg = SearchConfig::default();
    let positions: Vec<Position> =
        sample_positions(400).into_iter().skip(20).step_by(40).filter(|p| p.outcome().is_none()).take(6).collect();
    let mut g = c.benchmark_group("decision");
    g.sample_size(10);
    for ply in [1u8, 2] {
        g.bench_with_input(BenchmarkId::new("ply", ply), &ply, |b, &ply| {
            b.iter(|| {
                for p in &positions {
                    let plays = p.legal_plays(Dice::new(5, 3).expect("dice"));
                    black_box(rank(&eval, &plays, ply, &cfg)[0].index);
                }
            })
        });
    }
    g.finish();
}

/// Portes's static evaluation, and its two parts: the encoding alone, and
/// the shipped network on the encoded inputs.
fn bench_portes(c: &mut Criterion) {
    use tavli_core::portes;
    use tavli_engine::games::portes::inputs::encode;
    use tavli_engine::{NetGame, inputs::Inputs};
    let mut dice = SeededDice::new(77);
    let mut positions = Vec::new();
    let mut pos = portes::Position::start();
    while positions.len() < 2000 {
        if pos.outcome().is_some() {
            pos = portes::Position::start();
        }
        positions.push(pos);
        let plays = pos.legal_plays(dice.roll());
        pos = *plays[dice.die() as usize % plays.len()].position();
    }
    positions.retain(|p| p.outcome().is_none());
    let eval = portes::Position::shipped_eval(None).expect("Portes has a network");
    let net = portes::Position::shipped().expect("Portes has a network");
    let mut g = c.benchmark_group("portes");
    g.throughput(Throughput::Elements(positions.len() as u64));
    g.bench_function("0-ply/static", |b| b.iter(|| positions.iter().map(|p| eval.equity(black_box(p))).sum::<f32>()));
    let mut x = Inputs::with_capacity();
    g.bench_function("encode", |b| {
        b.iter(|| {
            positions
                .iter()
                .map(|p| {
                    encode(black_box(p), &mut x);
                    x.items.len()
                })
                .sum::<usize>()
        })
    });
    let encoded: Vec<Inputs> = positions
        .iter()
        .map(|p| {
            let mut x = Inputs::with_capacity();
            encode(p, &mut x);
            x
        })
        .collect();
    let mut h = Vec::new();
    g.bench_function("forward", |b| {
        b.iter(|| encoded.iter().map(|x| net.forward(black_box(x), &mut h)[0]).sum::<f32>())
    });
    g.finish();
}

criterion_group!(benches, bench_eval, bench_decisions, bench_portes);
criterion_main!(benches);
