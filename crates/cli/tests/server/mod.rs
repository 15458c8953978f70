//! Helpers for the tests of `plakoto serve` as a real process: start it on
//! a free port, speak HTTP/1.1 to it over plain sockets, kill it.

#![allow(dead_code)]

use std::io::{BufRead, BufReader, Read, Write};
use std::net::TcpStream;
use std::path::Path;
use std::process::{Child, Command, Stdio};
use std::time::Duration;

use serde_json::{Value, json};

pub struct Server {
    child: Child,
    pub addr: String,
}

impl Server {
    pub fn start(db: &Path) -> Server {
        Server::start_with(db, &[])
    }

    /// Starts `plakoto serve` on `db` with more options.
    pub fn start_with(db: &Path, options: &[&str]) -> Server {
        Server::start_db(db.to_str().expect("a UTF-8 path"), options)
    }

    /// Starts `plakoto serve --db DB` (a file or a postgres:// URL) with more options.
    pub fn start_db(db: &str, options: &[&str]) -> Server {
        Server::start_on("127.0.0.1:0", db, options)
    }

    /// Starts `plakoto serve --addr ADDR --db DB` (a server restarted where it was).
    pub fn start_on(addr: &str, db: &str, options: &[&str]) -> Server {
        let mut child = Command::new(env!("CARGO_BIN_EXE_plakoto"))
            .args(["serve", "--addr", addr, "--db", db])
            .args(options)
            .stdout(Stdio::piped())
            .stderr(Stdio::null())
            .spawn()
            .expect("start plakoto serve");
        let mut line = String::new();
        BufReader::new(child.stdout.take().unwrap()).read_line(&mut line).unwrap();
        let addr = line
            .split("http://")
            .nth(1)
            .unwrap_or_else(|| panic!("no address in `{line}`"))
            .trim()
            .trim_end_matches('/')
            .to_string();
        Server { child, addr }
    }

    /// Sends `signal` (`TERM`, `INT`) and waits up to `within` for the
    /// server to exit; its exit status (panics if it is still running).
    pub fn stop_with(mut self, signal: &str, within: Duration) -> std::process::ExitStatus {
        let pid = self.child.id().to_string();
        let sent = Command::new("kill").args([&format!("-{signal}"), &pid]).status().expect("run kill");
        assert!(sent.success(), "kill -{signal} {pid} failed");
        let t = std::time::Instant::now();
        loop {
            if let Some(status) = self.child.try_wait().expect("wait for plakoto serve") {
                return status;
            }
            assert!(t.elapsed() < within, "plakoto serve still runs {within:?} after SIG{signal}");
            std::thread::sleep(Duration::from_millis(20));
        }
    }

    /// SIGKILL: no shutdown, no flush, nothing.
    pub fn kill_9(mut self) {
        self.child.kill().unwrap();
        self.child.wait().unwrap();
    }
}

impl Drop for Server {
    fn drop(&mut self) {
        let _ = self.child.kill();
        let _ = self.child.wait();
    }
}

/// One HTTP/1.1 request over a fresh connection; the status and JSON body.
pub fn request(addr: &str, method: &str, path: &str, body: Option<&Value>) -> std::io::Result<(u16, Value)> {
    request_as(addr, method, path, body, None)
}

/// [`request`] for the holder of a seat's secret `token`.
pub fn request_as(
    addr: &str,
    method: &str,
    path: &str,
    body: Option<&Value>,
    token: Option<&str>,
) -> std::io::Result<(u16, Value)> {
    let mut s = TcpStream::connect(addr)?;
    s.set_read_timeout(Some(Duration::from_secs(30)))?;
    let body = body.map(Value::to_string).unwrap_or_default();
    let auth = token.map(|t| format!("Authorization: Bearer {t}\r\n")).unwrap_or_default();
    write!(
        s,
        "{method} {path} HTTP/1.1\r\nHost: {addr}\r\nContent-Type: application/json\r\n{auth}Content-Length: {}\r\nConnection: close\r\n\r\n{body}",
        body.len()
    )?;
    let mut raw = Vec::new();
    s.read_to_end(&mut raw)?;
    let text = String::from_utf8_lossy(&raw);
    let (head, body) = text
        .split_once("\r\n\r\n")
        .ok_or_else(|| std::io::Error::new(std::io::ErrorKind::UnexpectedEof, "no complete reply"))?;
    let status = head.split(' ').nth(1).and_then(|s| s.parse().ok()).unwrap_or(0);
    let v = serde_json::from_str(body)
        .map_err(|e| std::io::Error::new(std::io::ErrorKind::InvalidData, format!("{e}: {body}")))?;
    Ok((status, v))
}

pub fn next_move(addr: &str, id: &str, state: &Value) -> std::io::Result<(u16, Value)> {
    if state["to_act"]["who"] == "engine" {
        request(addr, "POST", &format!("/api/v1/matches/{id}/engine-move"), Some(&json!({})))
    } else {
        let play = json!({"moves": state["game"]["plays"][0]["moves"], "version": state["version"]});
        request(addr, "POST", &format!("/api/v1/matches/{id}/play"), Some(&play))
    }
}
