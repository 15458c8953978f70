//! A real PostgreSQL server for the tests: `$TAVLI_TEST_PG` when set (a
//! server scripts/test started), else one started here from Debian's
//! `postgresql` binaries in a temporary data directory on a free port, and
//! stopped when the guard is dropped. scripts/setup-test-deps installs them.
//!
//! A server started here can be stopped and started again on the same port
//! and data directory ([`Postgres::stop`], [`Postgres::start_again`]), for
//! the outage tests.

#![allow(dead_code)]

use std::net::TcpListener;
use std::path::{Path, PathBuf};
use std::process::{Child, Command, Stdio};
use std::time::{Duration, Instant};

/// A running server and a fresh database on it.
pub struct Postgres {
    /// `postgres://…` of a database of its own.
    pub url: String,
    server: Option<Local>,
}

/// A server started here: its programs, data directory and port.
struct Local {
    child: Option<Child>,
    bin: PathBuf,
    port: u16,
    dir: tempfile::TempDir,
}

impl Local {
    fn data(&self) -> String {
        self.dir.path().join("data").to_str().expect("a UTF-8 path").to_string()
    }

    fn spawn(&mut self) {
        let sock = self.dir.path().to_str().unwrap().to_string();
        let child = as_server_user(
            &self.bin.join("postgres"),
            &["-D", &self.data(), "-p", &self.port.to_string(), "-k", &sock, "-c", "listen_addresses=127.0.0.1"],
        )
        .stdout(Stdio::null())
        .stderr(Stdio::null())
        .spawn()
        .expect("start postgres");
        self.child = Some(child);
        let base = format!("postgres://plakoto@127.0.0.1:{}/postgres", self.port);
        let deadline = Instant::now() + Duration::from_secs(30);
        while postgres::Client::connect(&base, postgres::NoTls).is_err() {
            assert!(Instant::now() < deadline, "postgres did not start within 30 s");
            std::thread::sleep(Duration::from_millis(50));
        }
    }

    /// `pg_ctl stop` in `mode` (`fast`: clients are told the server shuts
    /// down; `immediate`: as a crash), waiting until the server is gone.
    fn stop(&mut self, mode: &str) {
        let out = as_server_user(&self.bin.join("pg_ctl"), &["stop", "-D", &self.data(), "-m", mode, "-w"])
            .stdout(Stdio::null())
            .output()
            .expect("run pg_ctl stop");
        assert!(out.status.success(), "pg_ctl stop failed: {}", String::from_utf8_lossy(&out.stderr));
        if let Some(mut c) = self.child.take() {
            let _ = c.wait();
        }
    }
}

impl Drop for Postgres {
    fn drop(&mut self) {
        if let Some(mut local) = self.server.take()
            && let Some(mut child) = local.child.take()
        {
            // The child is `runuser` when the tests run as root: killing it
            // leaves the server running (until it notices, within a minute,
            // that its data directory is gone). pg_ctl stops the server.
            let _ = as_server_user(&local.bin.join("pg_ctl"), &["stop", "-D", &local.data(), "-m", "immediate", "-w"])
                .stdout(Stdio::null())
                .stderr(Stdio::null())
                .status();
            let _ = child.kill();
            let _ = child.wait();
        }
    }
}

impl Postgres {
    /// `host:port/database`, as the server names the database in messages.
    pub fn address(&self) -> String {
        self.url.rsplit_once('@').map_or(self.url.clone(), |(_, a)| a.to_string())
    }

    /// Stops the server (`fast` or `immediate`, as `pg_ctl stop -m`).
    /// Panics when the server is not one started here.
    pub fn stop(&mut self, mode: &str) {
        self.server.as_mut().expect("a server started by the test").stop(mode);
    }

    /// Starts the stopped server again on the same port and data directory,
    /// returning once it accepts connections.
    pub fn start_again(&mut self) {
        self.server.as_mut().expect("a server started by the test").spawn();
    }

    /// Is this a server the test started (so it can stop it)?
    pub fn local(&self) -> bool {
        self.server.is_some()
    }
}

/// Where Debian puts the server's programs.
fn bin_dir() -> Option<PathBuf> {
    let mut dirs: Vec<PathBuf> = std::fs::read_dir("/usr/lib/postgresql")
        .ok()?
        .filter_map(|e| e.ok().map(|e| e.path().join("bin")))
        .filter(|p| p.join("initdb").exists())
        .collect();
    dirs.sort();
    dirs.pop()
}

fn free_port() -> u16 {
    TcpListener::bind("127.0.0.1:0").and_then(|l| l.local_addr()).map(|a| a.port()).expect("a free port")
}

/// `cmd` run as the `postgres` user when the tests run as root (the server
/// refuses to run as root).
fn as_server_user(bin: &Path, args: &[&str]) -> Command {
    if is_root() {
        let mut c = Command::new("runuser");
        c.args(["-u", "postgres", "--"]).arg(bin).args(args);
        c
    } else {
        let mut c = Command::new(bin);
        c.args(args);
        c
    }
}

fn is_root() -> bool {
    Command::new("id").arg("-u").output().map(|o| String::from_utf8_lossy(&o.stdout).trim() == "0").unwrap_or(false)
}

/// A PostgreSQL database for one test binary.
pub fn start() -> Postgres {
    if let Ok(url) = std::env::var("TAVLI_TEST_PG") {
        return Postgres { url: fresh_database(&url), server: None };
    }
    start_local()
}

/// A PostgreSQL server started here (never `$TAVLI_TEST_PG`'s), for the
/// tests that stop and start it.
pub fn start_local() -> Postgres {
    let bin = bin_dir().unwrap_or_else(|| {
        panic!("PostgreSQL is not installed (no /usr/lib/postgresql/*/bin/initdb): run scripts/setup-test-deps")
    });
    let dir = tempfile::tempdir().expect("a temporary directory");
    let data = dir.path().join("data");
    std::fs::create_dir_all(&data).unwrap();
    if is_root() {
        let ok = Command::new("chown").args(["-R", "postgres"]).arg(dir.path()).status().map(|s| s.success());
        assert_eq!(ok.ok(), Some(true), "cannot give the data directory to the postgres user");
    }
    let out = as_server_user(&bin.join("initdb"), &["-D", data.to_str().unwrap(), "-A", "trust", "-U", "plakoto"])
        .stdout(Stdio::null())
        .output()
        .expect("run initdb");
    assert!(out.status.success(), "initdb failed: {}", String::from_utf8_lossy(&out.stderr));
    let mut local = Local { child: None, bin, port: free_port(), dir };
    local.spawn();
    let base = format!("postgres://plakoto@127.0.0.1:{}/postgres", local.port);
    Postgres { url: fresh_database(&base), server: Some(local) }
}

/// A new, empty database on the server at `url`; its URL.
fn fresh_database(url: &str) -> String {
    let mut c = postgres::Client::connect(url, postgres::NoTls).expect("connect to postgres");
    let name = format!("plakoto_test_{:08x}", rand_u32());
    c.batch_execute(&format!("CREATE DATABASE {name}")).expect("create a test database");
    match url.rfind('/') {
        Some(i) => format!("{}/{name}", &url[..i]),
        None => format!("{url}/{name}"),
    }
}

fn rand_u32() -> u32 {
    let t = std::time::SystemTime::now().duration_since(std::time::UNIX_EPOCH).unwrap_or_default();
    t.subsec_nanos() ^ std::process::id().rotate_left(16)
}
