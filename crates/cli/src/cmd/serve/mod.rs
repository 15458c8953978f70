//! `tavli serve [--addr 127.0.0.1:8080] [--db PATH|postgres://…]`: the web app and the
//! JSON API, with every match saved in SQLite or PostgreSQL.

use std::io::Write;
use std::net::SocketAddr;
use std::path::PathBuf;
use std::time::{Duration, Instant};

use anyhow::{Context, Result, anyhow};

mod files;

/// Serve the web app and the HTTP API (/api/v1; OpenAPI at /api/v1/openapi.json).
///
/// Open the printed address in a browser to play against the engine, a
/// friend on the same device, or a friend online (who gets a link). Every
/// match is saved as it is played, so the tab can be closed and the match
/// finished later from its address.
///
/// Connections have two budgets. Every connection starts in the general one
/// (--max-connections, --max-connections-per-address; idle ones close
/// after --idle-timeout). A connection whose request becomes a match's live
/// stream moves to the streams' budget (--max-streams in all, of which
/// --stream-seat-reserve only for the players; --max-streams-per-address;
/// --max-watchers-per-match; --max-streams-per-seat), so watchers can never
/// shut the players out. Each connection is an open file: at start the
/// soft open-file limit is raised to the hard one, and the default limits
/// shrink to fit it if it is small.
///
/// GET /healthz is the readiness check: 503 while the database does not
/// answer (PostgreSQL down or restarting), when requests that need it get
/// 503 database-unavailable too. SIGTERM or Ctrl-C stops the server with
/// status 0.
#[derive(clap::Args)]
pub struct Args {
    /// Address to listen on (port 0 picks a free port).
    #[arg(long, default_value = "127.0.0.1:8080")]
    addr: SocketAddr,
    /// Where matches are saved: an SQLite file [default: plakoto/plakoto.db in
    /// the user's data directory, e.g. ~/.local/share/plakoto/plakoto.db], or a
    /// PostgreSQL URL (postgres://user@host:port/db) for several replicas. Add
    /// ?sslmode=require for TLS (the server's certificate is checked against
    /// the system's trusted certificates), or sslmode=prefer for TLS when the
    /// server offers it; without sslmode, no TLS.
    #[arg(long, value_name = "PATH|URL")]
    db: Option<String>,
    /// Longest the engine may think for one request, in seconds.
    #[arg(long, default_value_t = 10.0, value_name = "SECONDS")]
    engine_timeout: f64,
    /// New matches one client address may start per minute.
    #[arg(long, default_value_t = 30, value_name = "N", value_parser = clap::value_parser!(u32).range(1..=1_000_000))]
    matches_per_minute: u32,
    /// Connections open at once, from all clients, live streams apart; more get a 503
    /// [default: 900, less when the open-file limit is small].
    #[arg(long, value_name = "N", value_parser = clap::value_parser!(u32).range(1..=1_000_000))]
    max_connections: Option<u32>,
    /// Connections open at once from one client address, live streams apart; more get a 503.
    #[arg(long, default_value_t = 64, value_name = "N", value_parser = clap::value_parser!(u32).range(1..=1_000_000))]
    max_connections_per_address: u32,
    /// Live streams (a match's events) open at once, watchers and players
    /// [default: 2048, less when the open-file limit is small].
    #[arg(long, value_name = "N", value_parser = clap::value_parser!(u32).range(1..=1_000_000))]
    max_streams: Option<u32>,
    /// Of --max-streams, how many only the players (seat holders) may use; watchers
    /// get 503 `too-many-streams` once the rest is taken [default: a quarter of --max-streams].
    #[arg(long, value_name = "N", value_parser = clap::value_parser!(u32).range(0..=1_000_000))]
    stream_seat_reserve: Option<u32>,
    /// Watchers' live streams open at once from one address (429 `too-many-streams`
    /// past it); players' streams from one address count apart, up to as many again.
    #[arg(long, default_value_t = 32, value_name = "N", value_parser = clap::value_parser!(u32).range(1..=1_000_000))]
    max_streams_per_address: u32,
    /// Watchers of one match at once (503 `too-many-watchers` past it); its players
    /// are never counted among them.
    #[arg(long, default_value_t = 256, value_name = "N", value_parser = clap::value_parser!(u32).range(1..=1_000_000))]
    max_watchers_per_match: u32,
    /// Live streams of one seat at once (a player's tabs and devices): one more
    /// closes the seat's oldest, so a player who reconnects is never refused.
    #[arg(long, default_value_t = 4, value_name = "N", value_parser = clap::value_parser!(u32).range(1..=1000))]
    max_streams_per_seat: u32,
    /// Where browsers reach this server when not at --addr itself (behind a proxy,
    /// or on 0.0.0.0): SCHEME://HOST or SCHEME://HOST:PORT, repeatable or comma-separated. A live
    /// stream opened by a page whose Origin is neither is refused (403 `bad-origin`).
    #[arg(long, value_name = "URL", value_delimiter = ',')]
    public_origin: Vec<tavli_web::SiteOrigin>,
    /// Longest a connection may stay open with no request in flight, in seconds.
    #[arg(long, default_value_t = 30.0, value_name = "SECONDS")]
    idle_timeout: f64,
    /// How long to wait at the start for a PostgreSQL database that does not
    /// answer yet (down, starting up), trying again with growing pauses and
    /// saying so on stderr, before giving up (0: try once).
    #[arg(long, default_value_t = 60.0, value_name = "SECONDS")]
    db_wait: f64,
    /// Game reviews run at once, each on a thread of its own at a lower
    /// CPU priority, apart from the engine that answers moves and hints.
    #[arg(long, default_value_t = 1, value_name = "N", value_parser = clap::value_parser!(u32).range(1..=256))]
    review_threads: u32,
}

/// Opens the store at `db`; while PostgreSQL does not answer, tries again
/// with growing pauses for up to `wait`, telling stderr what it waits for.
fn open_waiting(db: &str, wait: Duration) -> Result<tavli_web::Storage> {
    let deadline = Instant::now() + wait;
    let mut pause = Duration::from_millis(250);
    loop {
        match tavli_web::Storage::open(db) {
            Ok(store) => return Ok(store),
            Err(tavli_web::StoreError::Unavailable { database, why }) => {
                let left = deadline.saturating_duration_since(Instant::now());
                if left.is_zero() {
                    return Err(anyhow!(
                        "the database {database} did not answer within {} s (--db-wait): {why}",
                        wait.as_secs_f64()
                    ));
                }
                pause = pause.min(left);
                eprintln!(
                    "tavli: waiting for the database {database} ({why}); trying again in {:.1} s, {:.0} s left",
                    pause.as_secs_f64(),
                    left.as_secs_f64()
                );
                std::thread::sleep(pause);
                pause = (pause * 2).min(Duration::from_secs(5));
            }
            Err(e) => return Err(anyhow!(e)),
        }
    }
}

fn default_db() -> Result<PathBuf> {
    crate::user_data::path("tavli.db", "plakoto.db").map_err(|e| anyhow!("{e}; or choose a database with --db PATH"))
}

pub fn run(args: Args) -> Result<()> {
    let db = match &args.db {
        Some(p) => p.clone(),
        None => default_db()?.display().to_string(),
    };
    let postgres = db.starts_with("postgres://") || db.starts_with("postgresql://");
    if !postgres && let Some(dir) = PathBuf::from(&db).parent().filter(|d| !d.as_os_str().is_empty()) {
        std::fs::create_dir_all(dir).with_context(|| format!("creating {}", dir.display()))?;
    }
    if !(0.1..=600.0).contains(&args.engine_timeout) {
        return Err(anyhow!("--engine-timeout must be 0.1 to 600 seconds"));
    }
    if !(0.0..=86_400.0).contains(&args.db_wait) {
        return Err(anyhow!("--db-wait must be 0 to 86400 seconds"));
    }
    let store = open_waiting(&db, Duration::from_secs_f64(args.db_wait))?;
    // The bear-off database is loaded (or built) now, before serving, so
    // no request ever waits for it.
    let engine = super::engine_eval();
    let limits = tavli_web::Limits {
        engine_timeout: Duration::from_secs_f64(args.engine_timeout),
        matches_per_minute: args.matches_per_minute,
        public_origins: args.public_origin.clone(),
        reviews: tavli_web::ReviewLimits { workers: args.review_threads as usize, ..Default::default() },
        ..Default::default()
    };
    if !(0.5..=3600.0).contains(&args.idle_timeout) {
        return Err(anyhow!("--idle-timeout must be 0.5 to 3600 seconds"));
    }
    let conns = conn_limits(&args, files::raise_open_files())?;
    // Where the state lives, as said to the operator (a URL without its password).
    let shown = if postgres { redact(&db) } else { db.clone() };
    tavli_web::serve_blocking(args.addr, store, engine, limits, conns, |addr| {
        // The first line of stdout is the address, for scripts and tests.
        println!("tavli: serving on http://{addr}/");
        let _ = std::io::stdout().flush();
        eprintln!("tavli: matches are saved in {shown}; Ctrl-C stops the server");
    })
    .map_err(|e| anyhow!(e))
}

/// The connection limits asked for, fitted into `open_files` (the
/// process's open-file limit, when known): defaults shrink to fit, chosen
/// numbers that do not fit are an error.
fn conn_limits(args: &Args, open_files: Option<u64>) -> Result<tavli_web::ConnLimits> {
    let defaults = tavli_web::ConnLimits::default();
    let mut conns = tavli_web::ConnLimits {
        max_connections: args.max_connections.map_or(defaults.max_connections, |n| n as usize),
        max_per_address: args.max_connections_per_address as usize,
        idle_timeout: Duration::from_secs_f64(args.idle_timeout),
        max_streams: args.max_streams.map_or(defaults.max_streams, |n| n as usize),
        max_streams_per_address: args.max_streams_per_address as usize,
        max_watchers_per_match: args.max_watchers_per_match as usize,
        max_streams_per_seat: args.max_streams_per_seat as usize,
        ..defaults
    };
    if let Some(files) = open_files {
        let chosen = args.max_connections.is_some() || args.max_streams.is_some();
        if let Some(note) = files::fit(&mut conns, files, chosen).map_err(|e| anyhow!(e))? {
            eprintln!("tavli: {note}");
        }
    }
    conns.stream_seat_reserve = args.stream_seat_reserve.map_or(conns.max_streams / 4, |n| n as usize);
    if conns.stream_seat_reserve >= conns.max_streams {
        return Err(anyhow!(
            "--stream-seat-reserve {} leaves no live stream for watchers: keep it below --max-streams ({})",
            conns.stream_seat_reserve,
            conns.max_streams
        ));
    }
    Ok(conns)
}

/// A database URL with any password replaced by `***`.
fn redact(url: &str) -> String {
    match (url.find("://"), url.rfind('@')) {
        (Some(s), Some(at)) if at > s => {
            let creds = &url[s + 3..at];
            match creds.split_once(':') {
                Some((user, _)) => format!("{}{user}:***{}", &url[..s + 3], &url[at..]),
                None => url.to_string(),
            }
        }
        _ => url.to_string(),
    }
}

#[cfg(test)]
mod tests {
    #[test]
    fn a_password_in_a_database_url_is_not_shown() {
        assert_eq!(super::redact("postgres://u:secret@h:5432/db"), "postgres://u:***@h:5432/db");
        assert_eq!(super::redact("postgres://u@h/db"), "postgres://u@h/db");
    }
}
