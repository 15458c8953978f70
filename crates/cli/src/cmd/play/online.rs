//! `plakoto play --join URL`: the terminal as one more client of a match
//! played online (`plakoto serve`), through the same HTTP API the page
//! uses. The invitation link takes the free seat, whose secret is kept in
//! the data directory (`plakoto/seats/`), so the same command comes back
//! to the seat after a quit or a lost connection; a match address without
//! a seat is watched. The opponent's plays arrive on the match's live
//! stream (server-sent events); every rule is checked by the server.

use std::io::{BufRead, BufReader, Write};
use std::path::PathBuf;

use anyhow::{Context, Result, anyhow, bail};
use plakoto_core::{Color, Dice, Position, parse_position};
use serde_json::{Value, json};

use super::input::{self, Command};
use super::render::{BoardView, Marks, Style, render};
use super::text::{self, Lang};

/// Where a `--join` URL points: the server, the match, the invitation.
#[derive(Debug, PartialEq, Eq)]
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
        let data =
            dirs::data_dir().ok_or_else(|| anyhow!("cannot find your data directory (set HOME or XDG_DATA_HOME)"))?;
        let host: String = self
            .base
            .trim_start_matches("http://")
            .chars()
            .map(|c| if c.is_ascii_alphanumeric() { c } else { '_' })
            .collect();
        Ok(data.join("plakoto").join("seats").join(format!("{host}-{}.json", self.id)))
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

/// The HTTP side: requests with the seat's secret, errors as the server words them.
struct Client {
    agent: ureq::Agent,
    address: Address,
    token: Option<String>,
}

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
        let mut response = response.map_err(|e| anyhow!("cannot reach {}: {e}", self.address.base))?;
        let status = response.status();
        let value: Value = response.body_mut().read_json().unwrap_or(Value::Null);
        if status.is_success() {
            Ok(value)
        } else {
            let message = value["error"]["message"].as_str().map_or_else(|| status.to_string(), str::to_string);
            Err(ServerSaid(message).into())
        }
    }

    /// Waits on the live stream until the match is past `version`; the new state.
    fn wait_past(&self, version: u64) -> Result<Value> {
        let mut r = self.agent.get(&self.address.url("/events")).header("Accept", "text/event-stream");
        if let Some(t) = &self.token {
            r = r.header("Authorization", &format!("Bearer {t}"));
        }
        let response = r.call().map_err(|e| anyhow!("cannot reach {}: {e}", self.address.base))?;
        if !response.status().is_success() {
            bail!("the live stream of the match answered {}", response.status());
        }
        let reader = BufReader::new(response.into_body().into_reader());
        let mut kind = String::new();
        for line in reader.lines() {
            let line = line.context("the live stream broke")?;
            if let Some(k) = line.strip_prefix("event:") {
                kind = k.trim().to_string();
            } else if let Some(data) = line.strip_prefix("data:")
                && kind == "state"
            {
                let state: Value = serde_json::from_str(data.trim()).context("a state on the live stream")?;
                if state["version"].as_u64().unwrap_or(0) > version {
                    return Ok(state);
                }
            } else if line.is_empty() {
                kind.clear();
            }
        }
        bail!("the live stream ended")
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

fn colour_of(s: &str) -> Option<Color> {
    match s {
        "white" => Some(Color::White),
        "black" => Some(Color::Black),
        _ => None,
    }
}

/// Takes the seat (the invitation, or the secret kept from before) or
/// watches; the client and the side it plays.
fn connect(address: Address, lang: Lang, out: &mut impl Write) -> Result<(Client, Option<Color>)> {
    let agent: ureq::Agent = ureq::Agent::config_builder().http_status_as_error(false).build().into();
    let file = address.seat_file()?;
    let kept: Option<Value> = std::fs::read_to_string(&file).ok().and_then(|t| serde_json::from_str(&t).ok());
    let mut client = Client { agent, address, token: None };
    if let Some(seat) = kept {
        client.token = seat["token"].as_str().map(str::to_string);
        let side = seat["side"].as_str().and_then(colour_of);
        writeln!(out, "{}", text::online_seat_again(lang, &side_name(lang, side)))?;
        return Ok((client, side));
    }
    let Some(invite) = client.address.invite.clone() else {
        writeln!(out, "{}", text::online_watching(lang))?;
        return Ok((client, None));
    };
    let joined = match client.request("POST", "/join", Some(json!({ "invite": invite }))) {
        Ok(j) => j,
        // Used already (by the friend, or from another computer): watch.
        Err(e) if e.is::<ServerSaid>() => {
            writeln!(out, "{}", text::online_join_refused(lang, &e.to_string()))?;
            writeln!(out, "{}", text::online_watching(lang))?;
            return Ok((client, None));
        }
        Err(e) => return Err(e),
    };
    let token = joined["seat"]["token"].as_str().ok_or_else(|| anyhow!("the server gave no seat"))?.to_string();
    let side = joined["seat"]["side"].as_str().and_then(colour_of);
    if let Some(dir) = file.parent() {
        std::fs::create_dir_all(dir).with_context(|| format!("cannot create {}", dir.display()))?;
    }
    let saved = json!({ "side": joined["seat"]["side"], "token": token, "match": client.address.id });
    std::fs::write(&file, saved.to_string()).with_context(|| format!("cannot keep the seat in {}", file.display()))?;
    client.token = Some(token);
    writeln!(out, "{}", text::online_joined(lang, &side_name(lang, side)))?;
    Ok((client, side))
}

fn side_name(lang: Lang, side: Option<Color>) -> String {
    side.map_or_else(String::new, |c| text::colour(lang, c))
}

/// Draws the state's board, the last play marked.
fn draw(state: &Value, me: Option<Color>, lang: Lang, style: Style, out: &mut impl Write) -> Result<()> {
    let game = &state["game"];
    let position: Position =
        parse_position(&game["position"].to_string()).map_err(|e| anyhow!("the server's position: {e}"))?;
    let dice =
        game["dice"].as_array().and_then(|d| Dice::new(d.first()?.as_u64()? as u8, d.get(1)?.as_u64()? as u8).ok());
    let left: Vec<u8> =
        dice.map(|d| plakoto_core::TurnBuilder::new(&position, d).dice_left().to_vec()).unwrap_or_default();
    let last = game["log"].as_array().and_then(|l| l.last());
    let caption = last.map(|e| {
        let side = e["side"].as_str().and_then(colour_of).unwrap_or(Color::White);
        format!("{} {}: {}", text::colour(lang, side), dice_text(&e["dice"]), e["notation"].as_str().unwrap_or(""))
    });
    let marks = last.and_then(|e| {
        let side = e["side"].as_str().and_then(colour_of)?;
        let before = Position::from_id(e["position_id"].as_str()?).ok()?;
        let after = if position.turn() == side { position } else { position.pass_turn() };
        Marks::between(&before, &after, side)
    });
    let names = [text::colour(lang, Color::White), text::colour(lang, Color::Black)];
    let view = BoardView {
        lang,
        position: &position,
        viewpoint: me.unwrap_or(Color::White),
        dice: dice.filter(|_| !state["over"].as_bool().unwrap_or(false)).map(|d| (d, left.as_slice())),
        names: [names[0].as_str(), names[1].as_str()],
        score: [
            state["score"]["white"].as_u64().unwrap_or(0) as u32,
            state["score"]["black"].as_u64().unwrap_or(0) as u32,
        ],
        match_to: state["match_to"].as_u64().unwrap_or(1) as u32,
        game: game["number"].as_u64().unwrap_or(1) as usize,
        over: !game["result"].is_null(),
        marks,
        caption: caption.as_deref(),
    };
    write!(out, "{}", render(&view, style))?;
    Ok(())
}

fn dice_text(d: &Value) -> String {
    format!("{}-{}", d[0].as_u64().unwrap_or(0), d[1].as_u64().unwrap_or(0))
}

/// Plays (or watches) the match at `url` until it is over or the person quits.
pub fn run(url: &str, lang: Lang, style: Style) -> Result<()> {
    let stdout = std::io::stdout();
    let mut out = stdout.lock();
    let address = Address::parse(url)?;
    let (client, me) = connect(address, lang, &mut out)?;
    let stdin = std::io::stdin();
    let mut lines = stdin.lock().lines();
    let mut state = client.request("GET", "", None)?;
    // Piped input is echoed, so a transcript reads as a terminal would show it.
    let echo = !std::io::IsTerminal::is_terminal(&std::io::stdin());
    let mut redraw = true;
    loop {
        if redraw {
            draw(&state, me, lang, style, &mut out)?;
        }
        redraw = true;
        let version = state["version"].as_u64().unwrap_or(0);
        if state["over"].as_bool().unwrap_or(false) {
            let w = state["winner"].as_str().and_then(colour_of).unwrap_or(Color::White);
            let score = |c: Color| state["score"][c.name()].as_u64().unwrap_or(0);
            writeln!(out, "{}", text::online_match_over(lang, &text::colour(lang, w), score(w), score(w.opponent())))?;
            return Ok(());
        }
        let on_roll = state["to_act"]["side"].as_str().and_then(colour_of);
        if me.is_none() || on_roll != me {
            writeln!(out, "{}", text::online_waiting(lang, &side_name(lang, on_roll)))?;
            out.flush()?;
            state = client.wait_past(version)?;
            continue;
        }
        write!(out, "{}", text::online_your_turn(lang, &dice_text(&state["game"]["dice"])))?;
        out.flush()?;
        let Some(line) = lines.next() else {
            writeln!(out, "\n{}", text::online_left(lang, url))?;
            return Ok(());
        };
        let line = input::clean(&line?);
        if echo {
            writeln!(out, "{line}")?;
        }
        redraw = false;
        let body = match input::parse(&line) {
            Command::Play(play) => json!({ "notation": play, "version": version }),
            Command::Empty if state["game"]["plays"].as_array().is_some_and(|p| p.len() == 1) => {
                json!({ "notation": state["game"]["plays"][0]["notation"], "version": version })
            }
            Command::List => {
                for p in state["game"]["plays"].as_array().into_iter().flatten() {
                    writeln!(out, "  {}", p["notation"].as_str().unwrap_or(""))?;
                }
                continue;
            }
            Command::Board => {
                redraw = true;
                continue;
            }
            Command::Resign => {
                write!(out, "{}", text::online_resign_prompt(lang))?;
                out.flush()?;
                let answer = lines.next().transpose()?.map(|l| input::clean(&l)).unwrap_or_default();
                if echo {
                    writeln!(out, "{answer}")?;
                }
                if !matches!(input::parse(&answer), Command::Confirm) {
                    writeln!(out, "{}", text::not_resigned(lang))?;
                    continue;
                }
                json!({ "version": version })
            }
            Command::Quit => {
                writeln!(out, "{}", text::online_left(lang, url))?;
                return Ok(());
            }
            _ => {
                writeln!(out, "{}", text::online_help(lang))?;
                continue;
            }
        };
        let action = if body.get("notation").is_some() { "/play" } else { "/resign" };
        match client.request("POST", action, Some(body)) {
            Ok(s) => {
                state = s;
                redraw = true;
            }
            // Illegal, or the match moved on (another window): say why and ask again.
            Err(e) if e.is::<ServerSaid>() => {
                writeln!(out, "{}", text::not_played(lang, &e.to_string()))?;
                let fresh = client.request("GET", "", None)?;
                redraw = fresh["version"] != state["version"];
                state = fresh;
            }
            Err(e) => return Err(e),
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

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
