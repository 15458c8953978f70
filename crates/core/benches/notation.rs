//! Notation speed: every legal play written, and read back as a record's
//! replay and verify read it (the reading generates the legal plays, as
//! `parse_play` does), in each game. Run: `cargo bench -p tavli-core
//! --bench notation`.
//!
//! The turns are the first 300 of games played at random from seed 7 (a
//! new game starting where one ends), the same on every run.

use criterion::{BenchmarkId, Criterion, Throughput, criterion_group, criterion_main};
use std::hint::black_box;
use tavli_core::Dice;
use tavli_core::game::{DiceSource, SeededDice};
use tavli_core::tavli::{AnyPlay, AnyPosition, GameKind};

/// Each turn: the position, the roll and its legal plays.
fn turns(kind: GameKind) -> Vec<(AnyPosition, Dice, Vec<AnyPlay>)> {
    let mut dice = SeededDice::new(7);
    let mut pos = AnyPosition::start(kind);
    let mut out = Vec::new();
    for _ in 0..300 {
        let roll = dice.roll();
        let plays = pos.legal_plays(roll);
        let next = plays[usize::from(dice.die()) % plays.len()].clone();
        out.push((pos, roll, plays));
        pos = if next.result().is_some() { AnyPosition::start(kind) } else { next.position() };
    }
    out
}

const GAMES: [(&str, GameKind); 3] =
    [("plakoto", GameKind::Plakoto), ("portes", GameKind::Portes), ("fevga", GameKind::Fevga)];

fn bench_read(c: &mut Criterion) {
    let mut g = c.benchmark_group("notation-read-printed");
    g.sample_size(20);
    for (name, kind) in GAMES {
        let texts: Vec<(AnyPosition, Dice, Vec<String>)> = turns(kind)
            .into_iter()
            .map(|(p, d, plays)| (p, d, plays.iter().map(AnyPlay::notation).collect()))
            .collect();
        let n: usize = texts.iter().map(|t| t.2.len()).sum();
        g.throughput(Throughput::Elements(n as u64));
        g.bench_function(BenchmarkId::new(name, format!("{n}-plays")), |b| {
            b.iter(|| {
                for (pos, roll, plays) in &texts {
                    for text in plays {
                        black_box(pos.parse_play(*roll, black_box(text)).is_ok());
                    }
                }
            })
        });
    }
    g.finish();
}

fn bench_write(c: &mut Criterion) {
    let mut g = c.benchmark_group("notation-write");
    for (name, kind) in GAMES {
        let plays: Vec<AnyPlay> = turns(kind).into_iter().flat_map(|t| t.2).collect();
        g.throughput(Throughput::Elements(plays.len() as u64));
        g.bench_function(BenchmarkId::new(name, format!("{}-plays", plays.len())), |b| {
            b.iter(|| {
                for play in &plays {
                    black_box(black_box(play).notation());
                }
            })
        });
    }
    g.finish();
}

criterion_group!(benches, bench_read, bench_write);
criterion_main!(benches);
