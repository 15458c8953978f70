use plakoto_engine::network::Network;
use plakoto_engine::{NeuralEval, shipped_network};
use plakoto_workshop::distill::*;
use plakoto_workshop::rollout::Shard;
use std::sync::Arc;
use std::sync::atomic::AtomicBool;
use std::time::Instant;
fn main() {
    let a: Vec<String> = std::env::args().collect();
    let games: u64 = a[1].parse().unwrap();
    let ply: u8 = a[2].parse().unwrap();
    let hidden: usize = a[3].parse().unwrap();
    let epochs: usize = a[4].parse().unwrap();
    let init = a.get(5).cloned();
    let out = a.get(6).cloned().unwrap_or("/tmp/distilled.bin".into());
    let base = match &init {
        Some(p) if p != "-" => Arc::new(Network::from_bytes(&std::fs::read(p).unwrap()).unwrap()),
        _ => shipped_network(),
    };
    let eval = NeuralEval::new(base.clone());
    let t = Instant::now();
    let ps = sample_positions(&eval, 1, games, 0.05, Shard::ALL);
    eprintln!("{} positions in {:.1}s", ps.len(), t.elapsed().as_secs_f64());
    let t = Instant::now();
    let data = label(&eval, ply, &ps, 2, &AtomicBool::new(false), &|_| {});
    eprintln!("labelled at {ply}-ply in {:.1}s", t.elapsed().as_secs_f64());
    let mut net = if hidden == base.hidden() { (*base).clone() } else { Network::random(hidden, 1) };
    let t = Instant::now();
    let cfg = DistillConfig { epochs, lr: 0.0005, lr_end: 0.00005, ..DistillConfig::default() };
    distill(&mut net, &data, &cfg, &AtomicBool::new(false), &mut |r| {
        eprintln!(
            "epoch {} train {:.4} holdout {:.4} ({:.0}s)",
            r.epoch,
            r.train_error,
            r.holdout_error,
            t.elapsed().as_secs_f64()
        )
    });
    net.about = format!("distill probe: {games} games, {ply}-ply labels, {epochs} epochs");
    std::fs::write(&out, net.to_bytes()).unwrap();
    eprintln!("wrote {out}");
}
