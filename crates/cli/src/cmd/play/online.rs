//! `tavli play --join URL`: the terminal as one more client of a match
//! played online (`tavli serve`), through the same HTTP API the page
//! uses. The invitation link takes the free seat, whose secret is kept in
//! the data directory (`plakoto/seats/`), so the same command comes back
//! to the seat after a quit or a lost connection; a match address without
//! a seat is watched. The opponent's plays arrive on the match's live
//! stream (server-sent events); every rule is checked by the server.
//!
//! The server is not trusted with the terminal: what is read from it is
//! bounded, and what is printed is drawn by this client from the rules
//! core (the board, the plays' notation), never the server's text as
//! sent (a server's error message is shown with its control characters
//! taken out). The client adds its own random share to the dice when it
//! takes its seat, and checks every roll once the match is over. A server
//! that goes away (a restart) is waited for, with back-off.

use std::io::{BufRead, BufReader, Read, Write};
use std::path::PathBuf;
use std::sync::mpsc::{Receiver, TryRecvError, channel};
use std::time::{Duration, Instant};

use anyhow::{Context, Result, anyhow, bail};
use serde_json::{Value, json};
use tavli_core::game::{Contribution, MatchRecord};
use tavli_core::tavli::{AnyPlay, AnyPosition, AnyTurn, GameKind, MatchRules};
use tavli_core::{Color, Dice, GameResult};

use super::announce::{self, Voice};
use super::input::{self, Command};
use super::online_text;
use super::reasons;
use super::render::{BoardView, Marks, Style, render};
use super::text::{self, Lang};

/// Where a `--join` URL points: the server, the match, the invitation.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Address {
    /// `http://host:port`, no trailing slash.
    pub base: String,
    /// The match id.
    pub id: String,
    /// The invitation code, when the link carries one (`#join=CODE`).
    pub invite: Option<String>,
}

impl Address {
    /// Reads `http://host[:port]/match/ID[#join=CODE]`.
    pub fn parse(url: &str) -> Result<Address> {
        let bad = || anyhow!("`{url}` is not a match's address: give one like http://host:8080/match/ID#join=CODE");
        let (url, fragment) = url.trim().split_once('#').map_or((url.trim(), None), |(u, f)| (u, Some(f)));
        let rest = url.strip_prefix("http://").ok_or_else(|| {
            if url.starts_with("https://") {
                anyhow!("`{url}`: https is not supported here; put the server behind plain http on a private network, or use the browser")
            } else {
                bad()
            }
        })?;
        let (host, path) = rest.split_once('/').ok_or_else(bad)?;
        let id = path.strip_prefix("match/").ok_or_else(bad)?.trim_end_matches('/');
        let valid = |s: &str| {
            !s.is_empty() && s.len() <= 64 && s.chars().all(|c| c.is_ascii_alphanumeric() || "-_".contains(c))
        };
        if host.is_empty() || !valid(id) {
            return Err(bad());
        }
        let invite = fragment.and_then(|f| f.strip_prefix("join=")).map(percent_decode);
        Ok(Address { base: format!("http://{host}"), id: id.to_string(), invite })
    }

    fn url(&self, tail: &str) -> String {
        format!("{}/api/v1/matches/{}{tail}", self.base, self.id)
    }

    /// The file that keeps this browser's (this user's) seat secret.
    fn seat_file(&self) -> Result<PathBuf> {
        let seats = crate::user_data::path("seats", "seats")?;
        let host: String = self
            .base
            .trim_start_matches("http://")
            .chars()
            .map(|c| if c.is_ascii_alphanumeric() { c } else { '_' })
            .collect();
        Ok(seats.join(format!("{host}-{}.json", self.id)))
    }
}

fn percent_decode(s: &str) -> String {
    let b = s.as_bytes();
    let mut out = Vec::with_capacity(b.len());
    let mut i = 0;
    while i < b.len() {
        if b[i] == b'%'
            && let Some(v) = s.get(i + 1..i + 3).and_then(|h| u8::from_str_radix(h, 16).ok())
        {
            out.push(v);
            i += 3;
            continue;
        }
        out.push(b[i]);
        i += 1;
    }
    String::from_utf8_lossy(&out).into_owned()
}

/// The largest answer read from the server: a state of the longest game
/// is well under 1 MiB.
const MAX_ANSWER: u64 = 16 << 20;

/// The longest line read from the live stream.
const MAX_LINE: usize = 16 << 20;

/// How long the client waits for a server that went away before giving up.
const GIVE_UP_AFTER: Duration = Duration::from_secs(600);

/// `text` as the server sent it, safe to print: control characters (which
/// could move the cursor, clear the screen or retitle the terminal) are
/// dropped, and it is cut at 300 characters.
fn shown(text: &str) -> String {
    let mut out: String = text.chars().filter(|c| !c.is_control()).take(300).collect();
    if text.chars().filter(|c| !c.is_control()).nth(300).is_some() {
        out.push('…');
    }
    out
}

/// Reads one line of at most `max` bytes (without its end of line);
/// `None` at the end of the stream.
fn read_line_bounded(reader: &mut impl BufRead, max: usize) -> std::io::Result<Option<String>> {
    let mut line = Vec::new();
    loop {
        let buf = reader.fill_buf()?;
        if buf.is_empty() {
            return Ok((!line.is_empty()).then(|| String::from_utf8_lossy(&line).into_owned()));
        }
        let (take, done) = match buf.iter().position(|&b| b == b'\n') {
            Some(i) => (i + 1, true),
            None => (buf.len(), false),
        };
        line.extend_from_slice(&buf[..take]);
        reader.consume(take);
        if line.len() > max + 1 {
            return Err(std::io::Error::other(format!("the server sent a line longer than {} MiB", max >> 20)));
        }
        if done {
            line.pop();
            if line.last() == Some(&b'\r') {
                line.pop();
            }
            return Ok(Some(String::from_utf8_lossy(&line).into_owned()));
        }
    }
}

/// The HTTP side: requests with the seat's secret, errors as the server words them.
#[derive(Clone)]
struct Client {
    agent: ureq::Agent,
    address: Address,
    token: Option<String>,
}

/// The server could not be reached, or the connection broke: worth waiting for.
#[derive(Debug)]
struct Unreachable(String);

impl std::fmt::Display for Unreachable {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str(&self.0)
    }
}

impl std::error::Error for Unreachable {}

impl Client {
    fn request(&self, method: &str, tail: &str, body: Option<Value>) -> Result<Value> {
        let url = self.address.url(tail);
        let auth = self.token.as_ref().map(|t| format!("Bearer {t}"));
        let response = match (method, body) {
            ("GET", _) => {
                let mut r = self.agent.get(&url);
                if let Some(a) = &auth {
                    r = r.header("Authorization", a);
                }
                r.call()
            }
            (_, body) => {
                let mut r = self.agent.post(&url);
                if let Some(a) = &auth {
                    r = r.header("Authorization", a);
                }
                r.send_json(body.unwrap_or(Value::Null))
            }
        };
        let mut response = response
            .map_err(|e| Unreachable(format!("cannot reach {}: {}", self.address.base, shown(&e.to_string()))))?;
        let status = response.status();
        let value: Value = response.body_mut().with_config().limit(MAX_ANSWER).read_json().unwrap_or(Value::Null);
        if status.is_success() {
            Ok(value)
        } else if status.is_server_error() && status.as_u16() != 500 {
            // 502, 503, 504: a server (or a proxy) that will be back.
            Err(Unreachable(format!("{} answered {status}", self.address.base)).into())
        } else {
            let message = value["error"]["message"].as_str().map_or_else(|| status.to_string(), str::to_string);
            Err(ServerSaid(shown(&message)).into())
        }
    }

    /// [`Client::request`], waiting for a server that went away (with
    /// back-off, saying so) until it answers or [`GIVE_UP_AFTER`].
    fn request_patiently(&self, method: &str, tail: &str, lang: Lang, out: &mut impl Write) -> Result<Value> {
        patiently(lang, &self.link(), out, || self.request(method, tail, None))
    }

    /// The match's address, to come back to it.
    fn link(&self) -> String {
        format!("{}/match/{}", self.address.base, self.address.id)
    }

    /// One live stream, each state it brings handed to `heard` until that
    /// says to stop (`false`, and then `Ok`); an error when the stream
    /// breaks or cannot be opened.
    fn stream_states(&self, mut heard: impl FnMut(Value) -> bool) -> Result<()> {
        let mut r = self.agent.get(&self.address.url("/events")).header("Accept", "text/event-stream");
        if let Some(t) = &self.token {
            r = r.header("Authorization", &format!("Bearer {t}"));
        }
        let response = r
            .call()
            .map_err(|e| Unreachable(format!("cannot reach {}: {}", self.address.base, shown(&e.to_string()))))?;
        let status = response.status();
        if status.is_server_error() {
            return Err(Unreachable(format!("the live stream answered {status}")).into());
        }
        if !status.is_success() {
            bail!("the live stream of the match answered {status}");
        }
        let mut reader = BufReader::new(response.into_body().into_reader());
        let mut kind = String::new();
        loop {
            let line = match read_line_bounded(&mut reader, MAX_LINE) {
                Ok(Some(l)) => l,
                Ok(None) => return Err(Unreachable("the live stream ended".into()).into()),
                Err(e) if e.kind() == std::io::ErrorKind::Other => return Err(anyhow!("the live stream: {e}")),
                Err(e) => return Err(Unreachable(format!("the live stream broke: {e}")).into()),
            };
            if let Some(k) = line.strip_prefix("event:") {
                kind = k.trim().to_string();
            } else if let Some(data) = line.strip_prefix("data:")
                && kind == "state"
            {
                let state: Value = serde_json::from_str(data.trim()).context("a state on the live stream")?;
                if !heard(state) {
                    return Ok(());
                }
            } else if line.is_empty() {
                kind.clear();
            }
        }
    }
}

/// What the live stream's thread tells the session.
enum Heard {
    /// A state of the match.
    State(Value),
    /// The stream broke or could not be opened (why); tried again in so
    /// many seconds.
    Lost(String, u64),
    /// The stream is open again after [`Heard::Lost`].
    Back,
    /// The stream failed for good (why); nothing follows.
    Failed(String),
}

/// The match's live stream, held open for the whole session on a thread
/// of its own, so the seat counts as connected while its holder types as
/// while it waits (a browser tab's stream is open all along too), and the
/// server sees the seat leave when the terminal does.
struct Listener {
    heard: Receiver<Heard>,
}

impl Listener {
    /// Opens the stream, and opens it again with back-off (1, 2, 4 … up
    /// to 10 s) while the server is away, for at most [`GIVE_UP_AFTER`].
    fn start(client: Client, lang: Lang) -> Listener {
        let (tx, heard) = channel();
        std::thread::spawn(move || {
            let mut lost_since: Option<Instant> = None;
            let mut wait = Duration::from_secs(1);
            loop {
                let r = client.stream_states(|state| {
                    if lost_since.take().is_some() && tx.send(Heard::Back).is_err() {
                        return false;
                    }
                    wait = Duration::from_secs(1);
                    tx.send(Heard::State(state)).is_ok()
                });
                let told = match r {
                    // The session is over: nobody listens.
                    Ok(()) => return,
                    Err(e) if e.is::<Unreachable>() => {
                        if lost_since.get_or_insert_with(Instant::now).elapsed() >= GIVE_UP_AFTER {
                            tx.send(Heard::Failed(format!(
                                "{e}\n{}",
                                online_text::online_gave_up(lang, &client.link())
                            )))
                        } else {
                            tx.send(Heard::Lost(e.to_string(), wait.as_secs()))
                        }
                    }
                    Err(e) => {
                        let _ = tx.send(Heard::Failed(format!("{e:#}")));
                        return;
                    }
                };
                if told.is_err() || lost_since.is_some_and(|t| t.elapsed() >= GIVE_UP_AFTER) {
                    return;
                }
                std::thread::sleep(wait);
                wait = (wait * 2).min(Duration::from_secs(10));
            }
        });
        Listener { heard }
    }

    /// Waits until the match is past `version`; the newest state heard.
    /// An outage that began and ended while the person was typing is not
    /// told after the fact; one still going on is, and so is its end.
    fn wait_past(&self, version: u64, lang: Lang, out: &mut impl Write) -> Result<Value> {
        let past = |s: &Value| s["version"].as_u64().unwrap_or(0) > version;
        let mut newest = None;
        let mut lost = None;
        loop {
            match self.heard.try_recv() {
                Ok(Heard::State(s)) if past(&s) => newest = Some(s),
                Ok(Heard::State(_)) => {}
                Ok(Heard::Lost(why, secs)) => lost = Some((why, secs)),
                Ok(Heard::Back) => lost = None,
                Ok(Heard::Failed(why)) => bail!("{why}"),
                Err(TryRecvError::Empty) => break,
                Err(TryRecvError::Disconnected) => bail!("the live stream stopped"),
            }
        }
        if let Some(s) = newest {
            return Ok(s);
        }
        let mut lost = match lost {
            Some((why, secs)) => {
                writeln!(out, "{}", online_text::online_reconnecting(lang, &why, secs))?;
                out.flush()?;
                true
            }
            None => false,
        };
        loop {
            match self.heard.recv() {
                Ok(Heard::State(s)) if past(&s) => return Ok(s),
                Ok(Heard::State(_)) => {}
                Ok(Heard::Lost(why, secs)) => {
                    lost = true;
                    writeln!(out, "{}", online_text::online_reconnecting(lang, &why, secs))?;
                    out.flush()?;
                }
                Ok(Heard::Back) => {
                    if std::mem::take(&mut lost) {
                        writeln!(out, "{}", online_text::online_reconnected(lang))?;
                    }
                }
                Ok(Heard::Failed(why)) => bail!("{why}"),
                Err(_) => bail!("the live stream stopped"),
            }
        }
    }
}

/// Runs `attempt` until it succeeds or fails for a reason other than an
/// unreachable server; while the server is away it says so and waits
/// 1, 2, 4 … up to 10 s between tries, for at most [`GIVE_UP_AFTER`].
fn patiently<T>(lang: Lang, url: &str, out: &mut impl Write, mut attempt: impl FnMut() -> Result<T>) -> Result<T> {
    let started = Instant::now();
    let mut wait = Duration::from_secs(1);
    let mut lost = false;
    loop {
        match attempt() {
            Ok(v) => {
                if lost {
                    writeln!(out, "{}", online_text::online_reconnected(lang))?;
                }
                return Ok(v);
            }
            Err(e) if e.is::<Unreachable>() && started.elapsed() < GIVE_UP_AFTER => {
                lost = true;
                writeln!(out, "{}", online_text::online_reconnecting(lang, &e.to_string(), wait.as_secs()))?;
                out.flush()?;
                std::thread::sleep(wait);
                wait = (wait * 2).min(Duration::from_secs(10));
            }
            Err(e) if e.is::<Unreachable>() => return Err(anyhow!("{e}\n{}", online_text::online_gave_up(lang, url))),
            Err(e) => return Err(e),
        }
    }
}

/// A refusal in the server's own words (an illegal play, not your turn).
#[derive(Debug)]
struct ServerSaid(String);

impl std::fmt::Display for ServerSaid {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str(&self.0)
    }
}

impl std::error::Error for ServerSaid {}

/// A side as the server's JSON names it (the core's `Color::name`).
fn colour_of(s: &str) -> Option<Color> {
    [Color::White, Color::Black].into_iter().find(|c| c.name() == s)
}

/// The seat this terminal holds in a match: its side, its secret, and the
/// contribution it made to the dice.
struct Seat {
    side: Option<Color>,
    contribution: Option<Contribution>,
}

/// Keeps the seat's secret in `file`, readable by its owner only (0600, in
/// a 0700 folder): whoever reads it can play the seat.
fn keep_seat(file: &std::path::Path, seat: &Value) -> Result<()> {
    if let Some(dir) = file.parent() {
        std::fs::create_dir_all(dir).with_context(|| format!("cannot create {}", dir.display()))?;
        #[cfg(unix)]
        {
            use std::os::unix::fs::PermissionsExt;
            std::fs::set_permissions(dir, std::fs::Permissions::from_mode(0o700))
                .with_context(|| format!("cannot make {} private", dir.display()))?;
        }
    }
    // The temporary file the atomic write renames is created 0600.
    crate::records::write_atomic(file, seat.to_string().as_bytes())
        .with_context(|| format!("cannot keep the seat in {}", file.display()))
}

/// Takes the seat (the invitation, or the secret kept from before) or
/// watches; the client and the seat it holds.
fn connect(address: Address, lang: Lang, out: &mut impl Write) -> Result<(Client, Seat)> {
    let agent: ureq::Agent = ureq::Agent::config_builder().http_status_as_error(false).build().into();
    let file = address.seat_file()?;
    let kept: Option<Value> =
        std::fs::File::open(&file).ok().and_then(|f| serde_json::from_reader(f.take(64 * 1024)).ok());
    let mut client = Client { agent, address, token: None };
    if let Some(kept) = kept {
        client.token = kept["token"].as_str().map(str::to_string);
        let seat = Seat {
            side: kept["side"].as_str().and_then(colour_of),
            contribution: kept["contribution"].as_str().and_then(|c| c.parse().ok()),
        };
        writeln!(out, "{}", online_text::online_seat_again(lang, &side_name(lang, seat.side)))?;
        return Ok((client, seat));
    }
    let Some(invite) = client.address.invite.clone() else {
        writeln!(out, "{}", online_text::online_watching(lang))?;
        return Ok((client, Seat { side: None, contribution: None }));
    };
    // This terminal's own share of the dice, drawn here: with it, not even
    // the server could have chosen the dice.
    let contribution = Contribution(rand::random());
    let body = json!({ "invite": invite, "contribution": contribution.to_string() });
    let joined = match client.request("POST", "/join", Some(body)) {
        Ok(j) => j,
        // Used already (by the friend, or from another computer): watch.
        Err(e) if e.is::<ServerSaid>() => {
            writeln!(out, "{}", online_text::online_join_refused(lang, &e.to_string()))?;
            writeln!(out, "{}", online_text::online_watching(lang))?;
            return Ok((client, Seat { side: None, contribution: None }));
        }
        Err(e) => return Err(e),
    };
    let token = joined["seat"]["token"]
        .as_str()
        .filter(|t| t.len() <= 128 && t.bytes().all(|b| b.is_ascii_alphanumeric()))
        .ok_or_else(|| anyhow!("the server gave no seat"))?
        .to_string();
    let side = joined["seat"]["side"].as_str().and_then(colour_of);
    let saved = json!({
        "side": side.map(Color::name),
        "token": token,
        "match": client.address.id,
        "contribution": contribution.to_string(),
    });
    keep_seat(&file, &saved)?;
    client.token = Some(token);
    writeln!(out, "{}", online_text::online_joined(lang, &side_name(lang, side)))?;
    Ok((client, Seat { side, contribution: Some(contribution) }))
}

/// A logged turn's play, worked out here from its position, dice and
/// moves (never the server's text); `None` if it is not a play.
fn logged_play(entry: &Value) -> Option<AnyPlay> {
    let before = AnyPosition::parse(entry["position_id"].as_str()?, None).ok()?;
    let d = entry["dice"].as_array()?;
    let dice = Dice::new(d.first()?.as_u64()?.try_into().ok()?, d.get(1)?.as_u64()?.try_into().ok()?).ok()?;
    let mut tb = AnyTurn::new(&before, dice);
    for m in entry["moves"].as_array()? {
        let (from, to) = (m.get(0)?.as_u64()?.try_into().ok()?, m.get(1)?.as_u64()?.try_into().ok()?);
        tb.play_move(from, to).ok()?;
    }
    tb.complete()
}

/// The position (of any game) and dice of the turn being played, as the
/// rules core reads them.
fn turn_of(state: &Value) -> Result<(AnyPosition, Option<Dice>)> {
    let game = &state["game"];
    let position =
        AnyPosition::from_json(&game["position"].to_string()).map_err(|e| anyhow!("the server's position: {e}"))?;
    let dice = game["dice"]
        .as_array()
        .and_then(|d| Dice::new(d.first()?.as_u64()?.try_into().ok()?, d.get(1)?.as_u64()?.try_into().ok()?).ok());
    Ok((position, dice))
}

/// Once the match is over: fetches its record, whose seed is revealed now,
/// and checks every roll against the commitment and the contributions
/// (this terminal's own among them, when it holds a seat).
fn check_dice(client: &Client, seat: &Seat, lang: Lang, out: &mut impl Write) -> Result<()> {
    let record = client.request("GET", "/record", None)?;
    let verdict = serde_json::from_value::<MatchRecord<AnyPosition>>(record)
        .map_err(|e| anyhow!("the record is not readable: {e}"))
        .and_then(|r| r.check_dice().map_err(|e| anyhow!("{e}")));
    let line = match verdict {
        Ok(check) if check.contributions.is_none() => return Ok(()),
        Ok(check) => {
            let given = check.contributions.unwrap_or_default();
            let mine_used = match (seat.side, seat.contribution) {
                (Some(Color::White), Some(c)) => given.white == Some(c),
                (Some(Color::Black), Some(c)) => given.black == Some(c),
                _ => true,
            };
            let sealed: String = check.commitment.unwrap_or_default().chars().take(16).collect();
            if !mine_used {
                online_text::online_dice_unfair(lang, &online_text::online_share_not_used(lang))
            } else if seat.contribution.is_some() {
                online_text::online_dice_fair(lang, check.dice, &sealed)
            } else {
                online_text::online_dice_checked(lang, check.dice, &sealed)
            }
        }
        Err(e) => online_text::online_dice_unfair(lang, &shown(&e.to_string())),
    };
    writeln!(out, "{line}")?;
    Ok(())
}

fn side_name(lang: Lang, side: Option<Color>) -> String {
    side.map_or_else(String::new, |c| text::colour(lang, c))
}

/// Draws the state's board, the last play marked.
fn draw(state: &Value, me: Option<Color>, lang: Lang, style: Style, out: &mut impl Write) -> Result<()> {
    let game = &state["game"];
    let (position, dice) = turn_of(state)?;
    let left: Vec<u8> = dice.map(|d| AnyTurn::new(&position, d).dice_left().to_vec()).unwrap_or_default();
    let last = game["log"].as_array().and_then(|l| l.last());
    let viewpoint = me.unwrap_or(Color::White);
    let caption = last.map(|e| {
        let side = e["side"].as_str().and_then(colour_of).unwrap_or(Color::White);
        // In the mover's numbering, and the seat's board's beside it.
        let play = logged_play(e).map_or_else(|| "?".into(), |p| super::format::play_for(lang, &p, Some(viewpoint)));
        format!("{} {}: {play}", text::colour(lang, side), dice_text(&e["dice"]))
    });
    let marks = last.and_then(|e| {
        let side = e["side"].as_str().and_then(colour_of)?;
        let before = AnyPosition::parse(e["position_id"].as_str()?, None).ok()?;
        Marks::between(&before, &position.with_turn(side), side)
    });
    // The seat's own side is "(you)", as at a local game.
    let names = [Color::White, Color::Black]
        .map(|c| if me == Some(c) { text::you_name(lang, &text::colour(lang, c)) } else { text::colour(lang, c) });
    // A match not of Plakoto alone names its game, and a match whose games
    // rotate (Tavli, Tabla) the next, as a local game's board does.
    let plakoto_only = state["rules"]["games"].as_str().is_none_or(|g| g == "plakoto");
    let next = game["next_game"].as_str().and_then(|g| g.parse::<GameKind>().ok());
    let rotation = (!plakoto_only).then(|| next.filter(|&n| n != position.kind()));
    let view = BoardView {
        lang,
        position: &position,
        viewpoint,
        dice: dice.filter(|_| !state["over"].as_bool().unwrap_or(false)).map(|d| (d, left.as_slice())),
        names: [names[0].as_str(), names[1].as_str()],
        score: [
            state["score"]["white"].as_u64().unwrap_or(0) as u32,
            state["score"]["black"].as_u64().unwrap_or(0) as u32,
        ],
        match_to: state["match_to"].as_u64().unwrap_or(1) as u32,
        game: game["number"].as_u64().unwrap_or(1) as usize,
        rotation,
        over: !game["result"].is_null(),
        marks,
        caption: caption.as_deref(),
    };
    write!(out, "{}", render(&view, style))?;
    Ok(())
}

/// How a game ended, naming the sides (the opponent online is a person,
/// not the computer the play sentences speak of): `Black resigns: White
/// wins 2 points.`
fn game_result(r: GameResult, lang: Lang) -> String {
    let names = [text::colour(lang, Color::White), text::colour(lang, Color::Black)];
    announce::result(r, &Voice::naming(lang, names, |_, word| word.to_string()))
}

/// How the game now begun started, said once before its first turn: the
/// opening roll-offs (`Opening roll: you roll 5, Black rolls 3: you
/// start.`), or the last game's winner starting, as at a local game.
fn game_start(state: &Value, me: Option<Color>, lang: Lang) -> Vec<String> {
    let game = &state["game"];
    if game["log"].as_array().is_some_and(|l| !l.is_empty()) {
        return Vec::new();
    }
    let names = [Color::White, Color::Black].map(|c| text::colour(lang, c));
    let voice = Voice::new(lang, names, |_, word| word.to_string(), me);
    let first = game["first"].as_str().and_then(colour_of);
    match game["start"].as_str() {
        Some("opening-roll") => game["opening"]
            .as_array()
            .into_iter()
            .flatten()
            .filter_map(|r| {
                Some(announce::opening(r[0].as_u64()?.try_into().ok()?, r[1].as_u64()?.try_into().ok()?, &voice))
            })
            .collect(),
        Some("winner") => first.map(|c| voice.won_last(c)).into_iter().collect(),
        _ => Vec::new(),
    }
}

fn dice_text(d: &Value) -> String {
    format!("{}-{}", d[0].as_u64().unwrap_or(0), d[1].as_u64().unwrap_or(0))
}

/// Plays (or watches) the match at `url` until it is over or the person quits.
pub fn run(url: &str, lang: Lang, style: Style) -> Result<()> {
    let stdout = std::io::stdout();
    let mut out = stdout.lock();
    let address = Address::parse(url)?;
    let (client, seat) = connect(address, lang, &mut out)?;
    let listener = Listener::start(client.clone(), lang);
    let me = seat.side;
    let stdin = std::io::stdin();
    let mut lines = stdin.lock().lines();
    // A server never reached is an error at once; one that goes away later is waited for.
    let mut state = client.request("GET", "", None)?;
    // Piped input is echoed, so a transcript reads as a terminal would show it.
    let echo = !std::io::IsTerminal::is_terminal(&std::io::stdin());
    let mut redraw = true;
    // The games whose end has been told: those before the one first seen.
    let mut game_seen = state["game"]["number"].as_u64().unwrap_or(1);
    // The game whose start has been told.
    let mut start_told = 0;
    // The turn being entered a move at a time, and the version it is for.
    let mut turn: Option<(u64, AnyTurn)> = None;
    loop {
        let number = state["game"]["number"].as_u64().unwrap_or(1);
        if number > game_seen {
            // A game that ended since the last board: how (the page shows it too).
            for g in state["games"].as_array().into_iter().flatten() {
                let n = g["number"].as_u64().unwrap_or(0);
                if (game_seen..number).contains(&n)
                    && let Ok(r) = serde_json::from_value::<GameResult>(g["result"].clone())
                {
                    writeln!(out, "{}", game_result(r, lang))?;
                }
            }
            game_seen = number;
        }
        if start_told < number {
            start_told = number;
            for line in game_start(&state, me, lang) {
                writeln!(out, "{line}")?;
            }
        }
        if redraw {
            draw(&state, me, lang, style, &mut out)?;
        }
        redraw = true;
        let version = state["version"].as_u64().unwrap_or(0);
        if turn.as_ref().is_some_and(|(v, _)| *v != version) {
            turn = None;
        }
        if state["over"].as_bool().unwrap_or(false) {
            if let Ok(r) = serde_json::from_value::<GameResult>(state["game"]["result"].clone()) {
                writeln!(out, "{}", game_result(r, lang))?;
            }
            let w = state["winner"].as_str().and_then(colour_of).unwrap_or(Color::White);
            let score = |c: Color| state["score"][c.name()].as_u64().unwrap_or(0);
            let said = if me == Some(w) {
                online_text::online_you_win_match(lang, score(w), score(w.opponent()))
            } else {
                online_text::online_match_over(lang, &text::colour(lang, w), score(w), score(w.opponent()))
            };
            writeln!(out, "{said}")?;
            return check_dice(&client, &seat, lang, &mut out);
        }
        // A resignation offered online: the other seat answers it first.
        let offer = state["offer"]["side"].as_str().and_then(colour_of);
        if let Some(side) = offer.filter(|&s| me == Some(s.opponent())) {
            write!(out, "{}", online_text::online_offer_to_you(lang, &side_name(lang, Some(side))))?;
            out.flush()?;
            let Some(answer) = lines.next().transpose()?.map(|l| input::clean(&l)) else {
                writeln!(out, "\n{}", online_text::online_left(lang, url))?;
                return Ok(());
            };
            if echo {
                writeln!(out, "{answer}")?;
            }
            let body = json!({ "version": version, "accept": text::is_yes(&answer) });
            state = send(&client, "/resign/answer", body, &state, lang, &mut out)?;
            continue;
        }
        if offer == me && me.is_some() {
            writeln!(out, "{}", online_text::online_offer_waiting(lang, &side_name(lang, me.map(Color::opponent))))?;
        }
        let on_roll = state["to_act"]["side"].as_str().and_then(colour_of);
        if me.is_none() || on_roll != me {
            writeln!(out, "{}", online_text::online_waiting(lang, &side_name(lang, on_roll)))?;
            out.flush()?;
            state = listener.wait_past(version, lang, &mut out)?;
            continue;
        }
        let prompt = match &turn {
            Some((_, tb)) if !tb.moves().is_empty() => {
                let dice = dice_text(&state["game"]["dice"]);
                let moves: Vec<String> = tb.moves().into_iter().map(super::format::move_text).collect();
                match tb.complete() {
                    Some(p) => text::prompt_confirm(lang, &side_name(lang, me), &dice, &p.notation()),
                    None => format!("{} {dice} [{}] > ", side_name(lang, me), moves.join(" ")),
                }
            }
            _ => online_text::online_your_turn(lang, &dice_text(&state["game"]["dice"])),
        };
        write!(out, "{prompt}")?;
        out.flush()?;
        let Some(line) = lines.next() else {
            writeln!(out, "\n{}", online_text::online_left(lang, url))?;
            return Ok(());
        };
        let line = input::clean(&line?);
        if echo {
            writeln!(out, "{line}")?;
        }
        redraw = false;
        let (position, dice) = turn_of(&state)?;
        let plays = dice.map(|d| position.legal_plays(d)).unwrap_or_default();
        let rules = serde_json::from_value::<MatchRules>(state["rules"].clone()).unwrap_or_default();
        let body = match input::parse(&line) {
            // A whole play, or single moves built here as at a local game
            // (the server still checks the play it is sent).
            Command::Play(text) => {
                let Some(d) = dice else { continue };
                let (_, tb) = turn.get_or_insert_with(|| (version, AnyTurn::under(&position, d, &rules)));
                match super::session::enter(&position, tb, &text, &rules) {
                    Ok(Some(play)) => json!({ "notation": play.notation(), "version": version }),
                    Ok(None) => {
                        redraw = false;
                        continue;
                    }
                    Err(e) => {
                        writeln!(out, "{}", text::not_played(lang, &input::shorten(&reasons::reason(lang, &e), 200)))?;
                        continue;
                    }
                }
            }
            Command::Empty | Command::Confirm if turn.as_ref().is_some_and(|(_, tb)| !tb.moves().is_empty()) => {
                let Some((_, tb)) = &turn else { continue };
                match tb.complete() {
                    Some(play) => json!({ "notation": play.notation(), "version": version }),
                    None => {
                        let left: Vec<String> = tb.dice_left().iter().map(u8::to_string).collect();
                        writeln!(out, "{}", text::turn_not_complete(lang, &left.join(", ")))?;
                        continue;
                    }
                }
            }
            Command::Empty if plays.len() == 1 => json!({ "notation": plays[0].notation(), "version": version }),
            Command::Undo => {
                match turn.as_mut().and_then(|(_, tb)| tb.undo()) {
                    Some(m) => writeln!(out, "{}", text::took_back(lang, &super::format::move_text(m)))?,
                    None => writeln!(out, "{}", text::nothing_to_undo(lang))?,
                }
                continue;
            }
            // Every move of the turn taken back: the prompt starts afresh.
            Command::Reset => {
                turn = None;
                continue;
            }
            Command::Hint => {
                writeln!(out, "{}", online_text::online_no_hints(lang))?;
                continue;
            }
            Command::List => {
                for p in &plays {
                    writeln!(out, "  {}", p.notation())?;
                }
                continue;
            }
            Command::Board => {
                redraw = true;
                continue;
            }
            Command::Resign => {
                // As at a local game: where the rules give 2, a double game
                // or a single one offered (which the friend answers).
                let due = me.and_then(|c| state["resign_points"][c.name()].as_u64()).unwrap_or(1).min(15) as u8;
                let friend = side_name(lang, me.map(Color::opponent));
                let prompt = match due {
                    1 => online_text::online_resign_prompt(lang),
                    2 => text::resign_prompt_single_or_double(lang, &friend),
                    _ => text::resign_prompt_up_to(lang, &friend, due),
                };
                write!(out, "{prompt}")?;
                out.flush()?;
                let answer = lines.next().transpose()?.map(|l| input::clean(&l)).unwrap_or_default();
                if echo {
                    writeln!(out, "{answer}")?;
                }
                let text::Answer::Points(points) = text::resignation_answer(&answer, due) else {
                    writeln!(out, "{}", text::not_resigned(lang))?;
                    continue;
                };
                json!({ "version": version, "points": points })
            }
            Command::Quit => {
                writeln!(out, "{}", online_text::online_left(lang, url))?;
                return Ok(());
            }
            _ => {
                writeln!(out, "{}", online_text::online_help(lang))?;
                continue;
            }
        };
        let action = if body.get("notation").is_some() { "/play" } else { "/resign" };
        turn = None;
        let before = state["version"].clone();
        state = send(&client, action, body, &state, lang, &mut out)?;
        redraw = state["version"] != before;
    }
}

/// Sends a play, a resignation or an answer to the match; the match as the
/// server then has it. Refused (illegal, or the match moved on in another
/// window), it says why; unreachable, it waits for the server: sent or
/// not, the server knows.
fn send(client: &Client, action: &str, body: Value, state: &Value, lang: Lang, out: &mut impl Write) -> Result<Value> {
    match client.request("POST", action, Some(body)) {
        Ok(s) => Ok(s),
        Err(e) if e.is::<ServerSaid>() => {
            writeln!(out, "{}", text::not_played(lang, &e.to_string()))?;
            let fresh = client.request_patiently("GET", "", lang, out)?;
            Ok(if fresh["version"] == state["version"] { state.clone() } else { fresh })
        }
        Err(e) if e.is::<Unreachable>() => {
            writeln!(out, "{}", online_text::online_reconnecting(lang, &e.to_string(), 1))?;
            std::thread::sleep(Duration::from_secs(1));
            client.request_patiently("GET", "", lang, out)
        }
        Err(e) => Err(e),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn server_text_is_shown_without_control_characters_and_cut() {
        assert_eq!(shown("\u{1b}[2J\u{1b}]0;x\u{7}24/18 \u{9b}2J"), "[2J]0;x24/18 2J");
        assert_eq!(shown(&"a".repeat(400)).chars().count(), 301);
        assert_eq!(shown("Not your turn"), "Not your turn");
    }

    #[test]
    fn lines_are_read_up_to_a_bound() {
        let mut r = std::io::BufReader::with_capacity(4, &b"ab\r\ncdef\n\nlast"[..]);
        assert_eq!(read_line_bounded(&mut r, 8).unwrap().as_deref(), Some("ab"));
        assert_eq!(read_line_bounded(&mut r, 8).unwrap().as_deref(), Some("cdef"));
        assert_eq!(read_line_bounded(&mut r, 8).unwrap().as_deref(), Some(""));
        assert_eq!(read_line_bounded(&mut r, 8).unwrap().as_deref(), Some("last"));
        assert_eq!(read_line_bounded(&mut r, 8).unwrap(), None);
        let long = [b'x'; 100];
        let e = read_line_bounded(&mut std::io::BufReader::with_capacity(16, &long[..]), 10).unwrap_err();
        assert!(e.to_string().contains("longer than"), "{e}");
    }

    #[test]
    fn match_addresses_are_read_with_their_invitation() {
        let a = Address::parse("http://127.0.0.1:8080/match/AbC-12_x#join=k%2Fq9").unwrap();
        assert_eq!(
            a,
            Address { base: "http://127.0.0.1:8080".into(), id: "AbC-12_x".into(), invite: Some("k/q9".into()) }
        );
        assert_eq!(Address::parse("http://h/match/x1/").unwrap().invite, None);
        for bad in
            ["h/match/x", "http://h/", "http://h/game/x", "http:///match/x", "http://h/match/a b", "http://h/match/"]
        {
            assert!(Address::parse(bad).is_err(), "{bad}");
        }
        assert!(Address::parse("https://h/match/x").unwrap_err().to_string().contains("https"));
    }
}
