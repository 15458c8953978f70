//! The training log (CSV) and its plot (SVG): strength against the
//! heuristic player as training goes on.

use std::io::Write;
use std::path::Path;

use plotters::prelude::*;

/// One strength measurement during training.
#[derive(Clone, Debug)]
pub struct LogRow {
    /// Self-play games trained on when the measurement was taken.
    pub games: u64,
    /// Seconds of training by then, resumed sessions included.
    pub seconds: f64,
    /// Training positions (samples) by then.
    pub positions: u64,
    /// Points per game against the heuristic player.
    pub ppg: f64,
    /// The half-width of the 95% confidence interval of `ppg`.
    pub ci95: f64,
    /// The share of the duel's games the network won.
    pub win_rate: f64,
}

/// The first line of `log.csv`: the names of the [`LogRow`] columns.
const CSV_HEADER: &str = "games,seconds,positions,ppg_vs_heuristic,ci95,win_rate";

/// Appends a row to the CSV log, writing the header for a new file.
pub fn append_csv(path: &Path, row: &LogRow) -> std::io::Result<()> {
    let new = !path.exists();
    let mut f = std::fs::OpenOptions::new().create(true).append(true).open(path)?;
    if new {
        writeln!(f, "{CSV_HEADER}")?;
    }
    writeln!(
        f,
        "{},{:.1},{},{:.4},{:.4},{:.4}",
        row.games, row.seconds, row.positions, row.ppg, row.ci95, row.win_rate
    )?;
    f.sync_all()
}

/// Reads the CSV log back (for the plot after a resume).
pub fn read_csv(path: &Path) -> Vec<LogRow> {
    let Ok(text) = std::fs::read_to_string(path) else { return Vec::new() };
    text.lines()
        .skip(1)
        .filter_map(|l| {
            let f: Vec<f64> = l.split(',').map(|x| x.trim().parse().ok()).collect::<Option<Vec<_>>>()?;
            (f.len() == 6).then(|| LogRow {
                games: f[0] as u64,
                seconds: f[1],
                positions: f[2] as u64,
                ppg: f[3],
                ci95: f[4],
                win_rate: f[5],
            })
        })
        .collect()
}

/// Draws points per game against the heuristic player (with its 95%
/// interval) against games trained.
pub fn plot_svg(path: &Path, rows: &[LogRow]) -> Result<(), String> {
    if rows.is_empty() {
        return Ok(());
    }
    let max_games = rows.iter().map(|r| r.games).max().unwrap_or(1).max(1) as f64;
    let lo = rows.iter().map(|r| r.ppg - r.ci95).fold(0.0f64, f64::min).min(-0.5);
    let hi = rows.iter().map(|r| r.ppg + r.ci95).fold(0.0f64, f64::max).max(1.0);
    let root = SVGBackend::new(path, (900, 540)).into_drawing_area();
    root.fill(&WHITE).map_err(|e| e.to_string())?;
    let mut chart = ChartBuilder::on(&root)
        .caption("Plakoto network: points per game vs the heuristic player (0-ply, paired games)", ("sans-serif", 20))
        .margin(16)
        .x_label_area_size(40)
        .y_label_area_size(56)
        .build_cartesian_2d(0.0..max_games * 1.02, lo..hi)
        .map_err(|e| e.to_string())?;
    chart
        .configure_mesh()
        .x_desc("self-play games trained")
        .x_label_formatter(&|x| if *x >= 1000.0 { format!("{}k", (*x / 1000.0).round()) } else { format!("{x:.0}") })
        .y_desc("points per game")
        .draw()
        .map_err(|e| e.to_string())?;
    chart
        .draw_series(std::iter::once(PathElement::new(vec![(0.0, 0.0), (max_games * 1.02, 0.0)], BLACK.mix(0.4))))
        .map_err(|e| e.to_string())?;
    chart
        .draw_series(rows.iter().map(|r| {
            let x = r.games as f64;
            PathElement::new(vec![(x, r.ppg - r.ci95), (x, r.ppg + r.ci95)], BLUE.mix(0.35))
        }))
        .map_err(|e| e.to_string())?;
    chart
        .draw_series(LineSeries::new(rows.iter().map(|r| (r.games as f64, r.ppg)), BLUE.stroke_width(2)))
        .map_err(|e| e.to_string())?;
    chart
        .draw_series(rows.iter().map(|r| Circle::new((r.games as f64, r.ppg), 3, BLUE.filled())))
        .map_err(|e| e.to_string())?;
    root.present().map_err(|e| e.to_string())
}
