//! Self-play speed: whole 0-ply games as training plays them.
//! Run: `cargo bench -p tavli-workshop`.

use criterion::{Criterion, Throughput, criterion_group, criterion_main};
use std::hint::black_box;
use tavli_engine::NeuralEval;
use tavli_workshop::train::self_play;

fn bench_self_play(c: &mut Criterion) {
    let eval = NeuralEval::shipped(None);
    let mut g = c.benchmark_group("self-play");
    g.sample_size(10);
    g.throughput(Throughput::Elements(20));
    g.bench_function("0-ply-games", |b| {
        let mut seed = 0;
        b.iter(|| {
            for _ in 0..20 {
                seed += 1;
                black_box(self_play::<tavli_core::Position>(&eval, seed, 0.7, 0.0).plies);
            }
        })
    });
    g.finish();
}

criterion_group!(benches, bench_self_play);
criterion_main!(benches);
