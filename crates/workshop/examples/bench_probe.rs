use plakoto_engine::NeuralEval;
use plakoto_engine::bearoff::load_default;
use plakoto_workshop::benchmark::*;
use plakoto_workshop::rollout::{Rollout, RolloutConfig, Shard};
use std::sync::Arc;
use std::time::Instant;
fn main() {
    let (db, _) = load_default();
    let eval = NeuralEval::shipped(Some(Arc::new(db)));
    let t = Instant::now();
    let found = find_decisions(&eval, &[("casual", "expert")], 4, 1, 3, Shard::ALL).unwrap();
    eprintln!("{} decisions in {:.1}s", found.len(), t.elapsed().as_secs_f64());
    let rollout = Rollout::new(eval.clone(), RolloutConfig { trials: 324, ..Default::default() });
    for (p, d, c) in found.iter().take(4) {
        let t = Instant::now();
        let dec = roll_out(&eval, &rollout, p, *d, 2);
        eprintln!("{c:?} {} {d}: {:.1}s", p.id(), t.elapsed().as_secs_f64());
        for c in &dec.candidates {
            eprintln!("   {:<20} {:+.3} ± {:.3}", c.notation, c.equity, c.std_error);
        }
    }
}
