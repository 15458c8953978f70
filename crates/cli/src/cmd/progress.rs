//! Progress of long work (duels, training, rollouts, reviews, labels): a
//! bar with the time left on a terminal; off one (a job running in the
//! background, its output in a log), where a bar would not be drawn, a
//! line a minute with the count, the time taken and the time left.

use std::io::IsTerminal;
use std::time::{Duration, Instant};

use indicatif::{ProgressBar, ProgressStyle, WeakProgressBar};

/// How often a log line is written off a terminal.
const LOG_EVERY: Duration = Duration::from_secs(60);

/// A progress bar over `len` steps of `unit` (a plural word, "games"),
/// showing the bar's message after it; [`ProgressBar::set_prefix`] puts
/// words before it. Finish it with `finish_and_clear`.
pub fn bar(len: u64, unit: &str) -> ProgressBar {
    let bar = ProgressBar::new(len);
    let template = format!(
        "{{spinner}} {{prefix}}[{{elapsed_precise}}] {{wide_bar}} {{pos}}/{{len}} {unit} ({{per_sec}}, {{eta}} left) {{msg}}"
    );
    bar.set_style(ProgressStyle::with_template(&template).unwrap_or_else(|_| ProgressStyle::default_bar()));
    if !std::io::stderr().is_terminal() {
        log_while_running(bar.downgrade(), unit.to_string());
    }
    bar
}

/// Writes [`log_line`] every [`LOG_EVERY`] until the bar is finished or
/// dropped.
fn log_while_running(bar: WeakProgressBar, unit: String) {
    std::thread::spawn(move || {
        let mut last = Instant::now();
        loop {
            std::thread::sleep(Duration::from_secs(1));
            let Some(bar) = bar.upgrade() else { return };
            if bar.is_finished() {
                return;
            }
            if last.elapsed() >= LOG_EVERY {
                last = Instant::now();
                eprintln!("{}", log_line(bar.position(), bar.length(), bar.elapsed(), &unit));
            }
        }
    });
}

/// The line for `done` of `len` steps of `unit` after `elapsed`, the time
/// left reckoned at the rate so far.
pub fn log_line(done: u64, len: Option<u64>, elapsed: Duration, unit: &str) -> String {
    let secs = elapsed.as_secs_f64();
    let of = len.map_or(String::new(), |l| format!("/{l}"));
    let left = match len {
        Some(l) if done > 0 => format!("about {} left", duration(secs / done as f64 * l.saturating_sub(done) as f64)),
        _ => "time left not known yet".to_string(),
    };
    format!("tavli: {done}{of} {unit} in {}; {left}", duration(secs))
}

/// `secs` as people read a long time: seconds, minutes, or hours and
/// minutes.
pub fn duration(secs: f64) -> String {
    let s = secs.round() as u64;
    match s {
        0..60 => format!("{s} s"),
        60..3600 => format!("{} min", s / 60),
        _ => format!("{} h {:02} min", s / 3600, (s % 3600) / 60),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_log_line_says_the_count_the_time_taken_and_the_time_left() {
        let line = log_line(100, Some(400), Duration::from_secs(600), "games");
        assert_eq!(line, "tavli: 100/400 games in 10 min; about 30 min left");
        let first = log_line(0, Some(400), Duration::from_secs(60), "games");
        assert_eq!(first, "tavli: 0/400 games in 1 min; time left not known yet");
        assert_eq!(duration(3.0 * 3600.0 + 5.0 * 60.0), "3 h 05 min");
        assert_eq!(duration(42.4), "42 s");
    }
}
