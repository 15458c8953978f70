//! The training log (CSV) and its plot (SVG): strength against the
//! heuristic player, and the error rate on the benchmark of best play when
//! one is given, as training goes on.

use std::io::Write;
use std::path::Path;

use plotters::prelude::*;
use tavli_core::tavli::GameKind;

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
    /// The 0-ply network's error rate on the benchmark of best play, in
    /// thousandths of a point per decision, with its 95% interval
    /// half-width (`None` when the run has no benchmark).
    pub error_rate: Option<(f64, f64)>,
}

/// The first line of `log.csv`: the names of the [`LogRow`] columns.
const CSV_HEADER: &str = "games,seconds,positions,ppg_vs_heuristic,ci95,win_rate,error_rate,error_ci95";

/// Appends a row to the CSV log, writing the header for a new file.
pub fn append_csv(path: &Path, row: &LogRow) -> std::io::Result<()> {
    let new = !path.exists();
    let mut f = std::fs::OpenOptions::new().create(true).append(true).open(path)?;
    if new {
        writeln!(f, "{CSV_HEADER}")?;
    }
    let error = row.error_rate.map(|(e, ci)| format!("{e:.2},{ci:.2}")).unwrap_or_else(|| ",".into());
    writeln!(
        f,
        "{},{:.1},{},{:.4},{:.4},{:.4},{error}",
        row.games, row.seconds, row.positions, row.ppg, row.ci95, row.win_rate
    )?;
    f.sync_all()
}

/// Reads the CSV log back (for the plot after a resume); logs written
/// before the error-rate columns read with none.
pub fn read_csv(path: &Path) -> Vec<LogRow> {
    let Ok(text) = std::fs::read_to_string(path) else { return Vec::new() };
    text.lines()
        .skip(1)
        .filter_map(|l| {
            let cells: Vec<&str> = l.split(',').map(str::trim).collect();
            let f: Vec<f64> = cells.get(..6)?.iter().map(|x| x.parse().ok()).collect::<Option<Vec<_>>>()?;
            let error_rate = match cells.get(6..8) {
                Some([e, ci]) if !e.is_empty() => Some((e.parse().ok()?, ci.parse().ok()?)),
                _ => None,
            };
            (cells.len() == 6 || cells.len() == 8).then(|| LogRow {
                games: f[0] as u64,
                seconds: f[1],
                positions: f[2] as u64,
                ppg: f[3],
                ci95: f[4],
                win_rate: f[5],
                error_rate,
            })
        })
        .collect()
}

/// Draws points per game against the heuristic player (with its 95%
/// interval) against games trained; below it, when the log has them, the
/// error rate on the benchmark of best play. `game` names the network's
/// game in the title.
pub fn plot_svg(path: &Path, game: GameKind, rows: &[LogRow]) -> Result<(), String> {
    if rows.is_empty() {
        return Ok(());
    }
    let errors: Vec<(u64, f64, f64)> =
        rows.iter().filter_map(|r| r.error_rate.map(|(e, ci)| (r.games, e, ci))).collect();
    let height = if errors.is_empty() { 540 } else { 900 };
    let root = SVGBackend::new(path, (900, height)).into_drawing_area();
    root.fill(&WHITE).map_err(|e| e.to_string())?;
    let max_games = rows.iter().map(|r| r.games).max().unwrap_or(1).max(1) as f64;
    let strength: Vec<(u64, f64, f64)> = rows.iter().map(|r| (r.games, r.ppg, r.ci95)).collect();
    let name = game.name();
    let caption = format!(
        "{}{} network: points per game vs the heuristic player (0-ply, paired games)",
        name[..1].to_uppercase(),
        &name[1..]
    );
    let strength_panel = Panel { caption: &caption, y_desc: "points per game", colour: BLUE, floor: (-0.5, 1.0) };
    if errors.is_empty() {
        return panel(&root, max_games, &strength, &strength_panel)
            .and_then(|()| root.present().map_err(|e| e.to_string()));
    }
    let (top, bottom) = root.split_vertically(540);
    panel(&top, max_games, &strength, &strength_panel)?;
    let error_panel = Panel {
        caption: "error rate on the benchmark of best play (0-ply, thousandths of a point per decision)",
        y_desc: "error rate",
        colour: RED,
        floor: (0.0, 0.0),
    };
    panel(&bottom, max_games, &errors, &error_panel)?;
    root.present().map_err(|e| e.to_string())
}

/// How one panel of the training plot looks.
struct Panel<'a> {
    caption: &'a str,
    y_desc: &'static str,
    colour: RGBColor,
    /// The y range always shows at least from `.0` to `.1`.
    floor: (f64, f64),
}

/// One panel: the values `(games, value, 95% half-width)` against games
/// trained, with their intervals, and the zero line.
fn panel<DB: DrawingBackend>(
    area: &DrawingArea<DB, plotters::coord::Shift>,
    max_games: f64,
    points: &[(u64, f64, f64)],
    look: &Panel,
) -> Result<(), String> {
    let lo = points.iter().map(|p| p.1 - p.2).fold(look.floor.0, f64::min);
    let hi = points.iter().map(|p| p.1 + p.2).fold(look.floor.1, f64::max);
    let hi = if hi > lo { hi } else { lo + 1.0 };
    let mut chart = ChartBuilder::on(area)
        .caption(look.caption, ("sans-serif", 20))
        .margin(16)
        .x_label_area_size(40)
        .y_label_area_size(56)
        .build_cartesian_2d(0.0..max_games * 1.02, lo..hi)
        .map_err(|e| e.to_string())?;
    chart
        .configure_mesh()
        .x_desc("self-play games trained")
        .x_label_formatter(&|x| if *x >= 1000.0 { format!("{}k", (*x / 1000.0).round()) } else { format!("{x:.0}") })
        .y_desc(look.y_desc)
        .draw()
        .map_err(|e| e.to_string())?;
    chart
        .draw_series(std::iter::once(PathElement::new(vec![(0.0, 0.0), (max_games * 1.02, 0.0)], BLACK.mix(0.4))))
        .map_err(|e| e.to_string())?;
    let colour = look.colour;
    chart
        .draw_series(points.iter().map(|&(g, y, ci)| {
            let x = g as f64;
            PathElement::new(vec![(x, y - ci), (x, y + ci)], colour.mix(0.35))
        }))
        .map_err(|e| e.to_string())?;
    chart
        .draw_series(LineSeries::new(points.iter().map(|&(g, y, _)| (g as f64, y)), colour.stroke_width(2)))
        .map_err(|e| e.to_string())?;
    chart
        .draw_series(points.iter().map(|&(g, y, _)| Circle::new((g as f64, y), 3, colour.filled())))
        .map_err(|e| e.to_string())?;
    Ok(())
}

#[cfg(test)]
mod tests {
    use super::*;

    fn row(games: u64, error_rate: Option<(f64, f64)>) -> LogRow {
        LogRow { games, seconds: 1.5, positions: 90 * games, ppg: 0.25, ci95: 0.1, win_rate: 0.6, error_rate }
    }

    #[test]
    fn the_log_reads_back_with_and_without_error_rates_and_old_logs_still_read() {
        let dir = tempfile::tempdir().unwrap();
        let path = dir.path().join("log.csv");
        append_csv(&path, &row(10, Some((12.25, 3.5)))).unwrap();
        append_csv(&path, &row(20, None)).unwrap();
        let back = read_csv(&path);
        assert_eq!(back.len(), 2);
        assert_eq!((back[0].games, back[0].error_rate), (10, Some((12.25, 3.5))));
        assert_eq!((back[1].games, back[1].error_rate), (20, None));
        assert_eq!(back[1].positions, 1800);
        // A log written before the error-rate columns.
        std::fs::write(&path, "games,seconds,positions,ppg_vs_heuristic,ci95,win_rate\n5,1.0,400,0.5,0.1,0.7\n")
            .unwrap();
        let old = read_csv(&path);
        assert_eq!((old.len(), old[0].games, old[0].error_rate), (1, 5, None));
        // Both plots draw: with an error-rate panel only when there are error rates.
        let svg = dir.path().join("a.svg");
        plot_svg(&svg, GameKind::Plakoto, &old).unwrap();
        assert!(!std::fs::read_to_string(&svg).unwrap().contains("error rate on the benchmark"));
        plot_svg(&svg, GameKind::Plakoto, &back).unwrap();
        assert!(std::fs::read_to_string(&svg).unwrap().contains("error rate on the benchmark"));
    }
}
