use plakoto_core::Position;
use plakoto_engine::NeuralEval;
use plakoto_engine::bearoff::load_default;
use plakoto_workshop::rollout::{Rollout, RolloutConfig};
use std::sync::Arc;
use std::sync::atomic::AtomicBool;
use std::time::Instant;
fn main() {
    let (db, _) = load_default();
    let eval = NeuralEval::shipped(Some(Arc::new(db)));
    let args: Vec<String> = std::env::args().collect();
    let ply: u8 = args.get(1).and_then(|s| s.parse().ok()).unwrap_or(0);
    let trials: u64 = args.get(2).and_then(|s| s.parse().ok()).unwrap_or(360);
    let trunc: Option<usize> = args.get(3).and_then(|s| s.parse().ok());
    let pos = Position::start().pass_turn();
    for vr in [false, true] {
        let cfg = RolloutConfig { trials, ply, truncate: trunc, variance_reduction: vr, seed: 1, ..Default::default() };
        let t = Instant::now();
        let r = Rollout::new(eval.clone(), cfg).run(&[pos], 2, &AtomicBool::new(false), &|_| {});
        let e = r[0].estimate();
        let s = t.elapsed().as_secs_f64();
        println!(
            "ply {ply} vr {vr}: {trials} trials {:.1}s ({:.1} trials/s) equity {:+.4} se {:.4} -> efficiency (1/(se^2*time)) {:.0}",
            s,
            trials as f64 / s,
            e.equity,
            e.std_error,
            1.0 / (e.std_error * e.std_error * s)
        );
    }
}
