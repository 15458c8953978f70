//! Helpers for the tests of `tavli serve` as a real process: start it on
//! a free port, speak HTTP/1.1 to it over plain sockets, kill it.

#![allow(dead_code)]

use std::io::{BufRead, BufReader, Read, Write};
use std::net::{SocketAddr, TcpStream};
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

    /// Starts `tavli serve` on `db` with more options.
    pub fn start_with(db: &Path, options: &[&str]) -> Server {
        Server::start_db(db.to_str().expect("a UTF-8 path"), options)
    }

    /// Starts `tavli serve --db DB` (a file or a postgres:// URL) with more options.
    pub fn start_db(db: &str, options: &[&str]) -> Server {
        Server::start_on("127.0.0.1:0", db, options)
    }

    /// Starts `tavli serve --addr ADDR --db DB` (a server restarted where it was).
    pub fn start_on(addr: &str, db: &str, options: &[&str]) -> Server {
        let mut child = Command::new(env!("CARGO_BIN_EXE_tavli"))
            .args(["serve", "--addr", addr, "--db", db])
            .args(options)
            .stdout(Stdio::piped())
            .stderr(Stdio::null())
            .spawn()
            .expect("start tavli serve");
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
            if let Some(status) = self.child.try_wait().expect("wait for tavli serve") {
                return status;
            }
            assert!(t.elapsed() < within, "tavli serve still runs {within:?} after SIG{signal}");
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

/// Polls `ready` every 20 ms until it holds, up to `within`; panics naming
/// `what` if it never does. Tests wait for what they expect this way, never
/// a fixed sleep: a loaded machine is slower, not wrong.
pub fn until(within: Duration, what: &str, mut ready: impl FnMut() -> bool) {
    let deadline = std::time::Instant::now() + within;
    while !ready() {
        assert!(std::time::Instant::now() < deadline, "{what}: not so within {within:?}");
        std::thread::sleep(Duration::from_millis(20));
    }
}

/// [`request`] for the holder of a seat's secret `token`.
pub fn request_as(
    addr: &str,
    method: &str,
    path: &str,
    body: Option<&Value>,
    token: Option<&str>,
) -> std::io::Result<(u16, Value)> {
    let auth = token.map(|t| format!("Bearer {t}"));
    let headers: Vec<(&str, &str)> = auth.iter().map(|a| ("Authorization", a.as_str())).collect();
    request_from(None, addr, method, path, body, &headers)
}

/// [`request`] from the loopback address `local` (any when None), with
/// more headers.
pub fn request_from(
    local: Option<&str>,
    addr: &str,
    method: &str,
    path: &str,
    body: Option<&Value>,
    headers: &[(&str, &str)],
) -> std::io::Result<(u16, Value)> {
    let mut s = match local {
        Some(l) => connect_from(l, addr)?,
        None => TcpStream::connect(addr)?,
    };
    s.set_read_timeout(Some(Duration::from_secs(30)))?;
    let body = body.map(Value::to_string).unwrap_or_default();
    let extra: String = headers.iter().map(|(k, v)| format!("{k}: {v}\r\n")).collect();
    write!(
        s,
        "{method} {path} HTTP/1.1\r\nHost: {addr}\r\nContent-Type: application/json\r\n{extra}Content-Length: {}\r\nConnection: close\r\n\r\n{body}",
        body.len()
    )?;
    let mut raw = Vec::new();
    s.read_to_end(&mut raw)?;
    reply(&raw)
}

/// The status and JSON body of a whole HTTP reply (not chunked).
pub fn reply(raw: &[u8]) -> std::io::Result<(u16, Value)> {
    let text = String::from_utf8_lossy(raw);
    let (head, body) = text
        .split_once("\r\n\r\n")
        .ok_or_else(|| std::io::Error::new(std::io::ErrorKind::UnexpectedEof, "no complete reply"))?;
    let status = head.split(' ').nth(1).and_then(|s| s.parse().ok()).unwrap_or(0);
    let v = if body.is_empty() && status == 204 {
        Value::Null
    } else {
        serde_json::from_str(body)
            .map_err(|e| std::io::Error::new(std::io::ErrorKind::InvalidData, format!("{e}: {head}\r\n\r\n{body}")))?
    };
    Ok((status, v))
}

/// Opens a connection from `local` (a loopback address of its own) to `addr`.
pub fn connect_from(local: &str, addr: &str) -> std::io::Result<TcpStream> {
    let target: SocketAddr = addr.parse().map_err(|_| std::io::Error::other(format!("bad address {addr}")))?;
    let socket = socket2::Socket::new(socket2::Domain::IPV4, socket2::Type::STREAM, None)?;
    let from: SocketAddr =
        format!("{local}:0").parse().map_err(|_| std::io::Error::other(format!("bad address {local}")))?;
    socket.bind(&from.into())?;
    socket.connect_timeout(&target.into(), Duration::from_secs(5))?;
    Ok(socket.into())
}

/// A match's live stream read over a socket of its own.
pub struct Live {
    reader: BufReader<TcpStream>,
    /// Decoded text not yet split into events.
    text: String,
}

impl Live {
    /// Opens the live stream of match `id` from `local` with more headers:
    /// the stream, its first event read (the state), or the refusal's
    /// status and JSON body.
    pub fn open(
        local: &str,
        addr: &str,
        id: &str,
        headers: &[(&str, &str)],
    ) -> std::io::Result<Result<(Live, Value), (u16, Value)>> {
        let mut s = connect_from(local, addr)?;
        // Only so a broken server fails the test instead of hanging it.
        s.set_read_timeout(Some(Duration::from_secs(30)))?;
        let mut extra: String = headers.iter().map(|(k, v)| format!("{k}: {v}\r\n")).collect();
        if !headers.iter().any(|(k, _)| k.eq_ignore_ascii_case("host")) {
            extra.push_str(&format!("Host: {addr}\r\n"));
        }
        // Closed after the reply, so a refusal's body is read to its end.
        write!(s, "GET /api/v1/matches/{id}/events HTTP/1.1\r\n{extra}Connection: close\r\n\r\n")?;
        let mut reader = BufReader::new(s);
        let mut head = String::new();
        loop {
            let mut line = String::new();
            if reader.read_line(&mut line)? == 0 {
                return Err(std::io::Error::new(std::io::ErrorKind::UnexpectedEof, format!("no reply head: {head}")));
            }
            head.push_str(&line);
            if line == "\r\n" {
                break;
            }
        }
        let status: u16 = head.split(' ').nth(1).and_then(|c| c.parse().ok()).unwrap_or(0);
        if status != 200 {
            let mut rest = Vec::new();
            let _ = reader.read_to_end(&mut rest);
            let mut raw = head.into_bytes();
            raw.extend(rest);
            return reply(&raw).map(Err);
        }
        let mut live = Live { reader, text: String::new() };
        let (event, state) = live.next_event()?;
        assert_eq!(event, "state", "a live stream starts with the state: {state}");
        Ok(Ok((live, state)))
    }

    /// The next event (its name and JSON data), skipping comments; an
    /// error once the stream has ended.
    pub fn next_event(&mut self) -> std::io::Result<(String, Value)> {
        loop {
            if let Some(end) = self.text.find("\n\n") {
                let block: String = self.text.drain(..end + 2).collect();
                let mut event = String::from("message");
                let mut data = String::new();
                for line in block.lines() {
                    if let Some(e) = line.strip_prefix("event:") {
                        event = e.trim().to_string();
                    } else if let Some(d) = line.strip_prefix("data:") {
                        data.push_str(d.trim_start());
                    }
                }
                if data.is_empty() {
                    continue;
                }
                let v = serde_json::from_str(&data).map_err(|e| std::io::Error::other(format!("{e}: {data}")))?;
                return Ok((event, v));
            }
            let chunk = self.chunk()?;
            self.text.push_str(&String::from_utf8_lossy(&chunk).replace("\r\n", "\n"));
        }
    }

    /// The next event named `name`, skipping others.
    pub fn next(&mut self, name: &str) -> std::io::Result<Value> {
        loop {
            let (event, v) = self.next_event()?;
            if event == name {
                return Ok(v);
            }
        }
    }

    /// Reads on until the server ends the stream: true when it did, false
    /// when the read timed out or failed otherwise.
    pub fn ends(&mut self) -> bool {
        loop {
            match self.chunk() {
                Ok(_) => continue,
                Err(e) => return e.kind() == std::io::ErrorKind::UnexpectedEof,
            }
        }
    }

    /// One chunk of the chunked body; UnexpectedEof at its end.
    fn chunk(&mut self) -> std::io::Result<Vec<u8>> {
        let eof = || std::io::Error::new(std::io::ErrorKind::UnexpectedEof, "the live stream ended");
        let mut size = String::new();
        if self.reader.read_line(&mut size)? == 0 {
            return Err(eof());
        }
        let n = usize::from_str_radix(size.trim(), 16).map_err(|_| std::io::Error::other(format!("chunk {size:?}")))?;
        if n == 0 {
            return Err(eof());
        }
        let mut chunk = vec![0; n + 2];
        self.reader.read_exact(&mut chunk)?;
        chunk.truncate(n);
        Ok(chunk)
    }
}

pub fn next_move(addr: &str, id: &str, state: &Value) -> std::io::Result<(u16, Value)> {
    if state["to_act"]["who"] == "engine" {
        request(addr, "POST", &format!("/api/v1/matches/{id}/engine-move"), Some(&json!({})))
    } else {
        let play = json!({"moves": state["game"]["plays"][0]["moves"], "version": state["version"]});
        request(addr, "POST", &format!("/api/v1/matches/{id}/play"), Some(&play))
    }
}
