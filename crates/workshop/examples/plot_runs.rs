//! Draws the strength curve of consecutive training runs as one plot:
//! `cargo run --release -p tavli-workshop --example plot_runs -- OUT.svg RUN1/log.csv RUN2/log.csv …`
//! (each run continued the previous one, so their game counts add up).

use std::path::Path;

use tavli_workshop::train::report::{append_csv, plot_svg, read_csv};

fn main() {
    let args: Vec<String> = std::env::args().skip(1).collect();
    let Some((out, logs)) = args.split_first() else {
        eprintln!("usage: plot_runs OUT.svg LOG.csv...");
        std::process::exit(2);
    };
    let mut rows = Vec::new();
    let (mut games, mut seconds, mut positions) = (0u64, 0.0f64, 0u64);
    for log in logs {
        let run = read_csv(Path::new(log));
        for r in &run {
            let mut r = r.clone();
            r.games += games;
            r.seconds += seconds;
            r.positions += positions;
            rows.push(r);
        }
        if let Some(last) = run.last() {
            games += last.games;
            seconds += last.seconds;
            positions += last.positions;
        }
    }
    let csv = Path::new(out).with_extension("csv");
    let _ = std::fs::remove_file(&csv);
    for r in &rows {
        append_csv(&csv, r).expect("write the combined log");
    }
    plot_svg(Path::new(out), tavli_core::tavli::GameKind::Plakoto, &rows).expect("draw the plot");
    println!("{} points, {games} games, {seconds:.0} s: {out} and {}", rows.len(), csv.display());
}
