//! Game records on disk: where they go by default, writing them so that a
//! crash never leaves a broken or half-written file, and reading them back
//! into a verified `Match`.

use std::fs::{self, File};
use std::io::{self, Read, Write};
use std::path::{Path, PathBuf};
use std::time::SystemTime;

use anyhow::{Context, Result, anyhow, bail};
use serde::Serialize;
use serde::de::DeserializeOwned;
use tavli_core::game::{Match, MatchRecord};
#[cfg(doc)]
use tavli_core::tavli::AnyPosition;
use tavli_core::tavli::GamePosition;

mod layout;

/// A record larger than this is not one of ours (a long match is well under 1 MB).
const MAX_RECORD_BYTES: u64 = 64 << 20;

/// Writes `bytes` to `path` atomically: a temporary file in the same
/// directory is written and synced, renamed over `path`, and the directory
/// synced, so `path` holds either the old or the new contents, whole.
pub fn write_atomic(path: &Path, bytes: &[u8]) -> io::Result<()> {
    let dir = match path.parent() {
        Some(d) if !d.as_os_str().is_empty() => d,
        _ => Path::new("."),
    };
    let mut tmp = tempfile::Builder::new().prefix(".plakoto-save").suffix(".tmp").tempfile_in(dir)?;
    tmp.write_all(bytes)?;
    tmp.as_file().sync_all()?;
    tmp.persist(path).map_err(|e| e.error)?;
    // The rename is durable only once the directory entry is.
    File::open(dir)?.sync_all()
}

/// The folder for saved games: `tavli/games` in the user's data directory
/// (`$XDG_DATA_HOME` or `~/.local/share` on Linux; an older version's
/// `plakoto/games` while there is no new one, [`crate::user_data`]).
pub fn games_dir() -> Result<PathBuf> {
    crate::user_data::path("games", "games").map_err(|e| anyhow!("{e} (or use --save FILE)"))
}

/// A new, unused file name for a match: `<date>T<time>.json` in
/// [`games_dir`], with `-2`, `-3`, … added if that name is taken.
pub fn new_save_path() -> Result<PathBuf> {
    let dir = games_dir()?;
    fs::create_dir_all(&dir).with_context(|| format!("cannot create {}", dir.display()))?;
    // The date and time, never the seed: a file name anyone sees must not
    // tell the dice to come.
    let stamp = humantime::format_rfc3339_seconds(SystemTime::now()).to_string();
    let stamp = stamp.get(..19).unwrap_or("game").replace(':', "");
    for n in 1u32.. {
        let name = if n == 1 { format!("{stamp}.json") } else { format!("{stamp}-{n}.json") };
        let path = dir.join(name);
        if !path.exists() {
            return Ok(path);
        }
    }
    unreachable!("some file name is free")
}

/// Makes sure `path` can be saved to as a new game: its folder exists (it is
/// created) and no file is there already.
pub fn prepare_new(path: &Path) -> Result<()> {
    if path.exists() {
        bail!(
            "{} already exists; continue it with `tavli play --resume {0}`, or choose another --save FILE",
            path.display()
        );
    }
    if let Some(dir) = path.parent().filter(|d| !d.as_os_str().is_empty()) {
        fs::create_dir_all(dir).with_context(|| format!("cannot create {}", dir.display()))?;
    }
    Ok(())
}

/// Saves the match's record to `path` (atomically).
pub fn save<P: GamePosition + Serialize>(m: &Match<P>, path: &Path) -> Result<()> {
    let json = record_json(&m.record())?;
    write_atomic(path, json.as_bytes()).with_context(|| format!("cannot save the game to {}", path.display()))
}

/// The record as JSON laid out for people: one line per turn, the rest
/// indented (plain `to_string_pretty` spreads every move over six lines).
pub fn record_json<P: GamePosition + Serialize>(record: &MatchRecord<P>) -> Result<String> {
    Ok(layout::to_string(record)? + "\n")
}

/// Reads a record and replays it into a match, checking every roll and play.
/// Every fault comes back as an error naming the file, never a panic.
/// `P` says which games the reader plays: [`AnyPosition`] reads every
/// record (a Tavli match too), Plakoto's `Position` only Plakoto's.
pub fn load<P: GamePosition + DeserializeOwned>(path: &Path) -> Result<Match<P>> {
    let record = read(path)?;
    Match::from_record(&record).map_err(|e| anyhow!("{} cannot be replayed: {e}", path.display()))
}

/// Reads a record as it is written, not replayed yet.
pub fn read<P: GamePosition + DeserializeOwned>(path: &Path) -> Result<MatchRecord<P>> {
    let file = File::open(path).with_context(|| format!("cannot open {}", path.display()))?;
    let mut text = String::new();
    file.take(MAX_RECORD_BYTES + 1)
        .read_to_string(&mut text)
        .with_context(|| format!("cannot read {} (is it a game record?)", path.display()))?;
    if text.len() as u64 > MAX_RECORD_BYTES {
        bail!("{} is too large to be a game record", path.display());
    }
    // The reader may quote a string of the wrong type whole: bound it.
    serde_json::from_str(&text).map_err(|e| {
        anyhow!(
            "{} is not a readable game record: {}",
            path.display(),
            tavli_core::quote::shorten_quoted(&e.to_string())
        )
    })
}

#[cfg(test)]
mod tests {
    use super::*;
    use tavli_core::game::Players;

    #[test]
    fn atomic_write_replaces_whole_file_and_leaves_no_temp() {
        let dir = tempfile::tempdir().unwrap();
        let path = dir.path().join("g.json");
        write_atomic(&path, b"first").unwrap();
        write_atomic(&path, b"second").unwrap();
        assert_eq!(fs::read_to_string(&path).unwrap(), "second");
        assert_eq!(fs::read_dir(dir.path()).unwrap().count(), 1);
    }

    #[test]
    fn save_then_load_gives_the_same_match() {
        let dir = tempfile::tempdir().unwrap();
        let path = dir.path().join("m.json");
        let mut m = Match::new(3, 5, Players::against_engine(tavli_core::Color::White, "random")).unwrap();
        for _ in 0..10 {
            m.roll().unwrap();
            let p = m.game().legal_plays()[0];
            m.play(&p).unwrap();
        }
        save(&m, &path).unwrap();
        assert_eq!(load(&path).unwrap().record(), m.record());
        let text = fs::read_to_string(&path).unwrap();
        assert!(text.contains(r#"  "players": {"white": "human", "black": "engine:random"},"#), "{text}");
        // One line per turn.
        assert_eq!(text.lines().filter(|l| l.trim_start().starts_with(r#"{"side": "#)).count(), 10, "{text}");
    }

    #[test]
    fn corrupt_files_are_errors() {
        let dir = tempfile::tempdir().unwrap();
        let path = dir.path().join("bad.json");
        for bad in ["", "{", "[]", "\u{0}\u{1}garbage", r#"{"format":"chess","version":1}"#] {
            fs::write(&path, bad).unwrap();
            let e = load::<tavli_core::tavli::AnyPosition>(&path).unwrap_err().to_string();
            assert!(e.contains("bad.json"), "{e}");
        }
        fs::write(&path, [0xff, 0xfe, 0x00]).unwrap();
        assert!(load::<tavli_core::tavli::AnyPosition>(&path).is_err());
        assert!(load::<tavli_core::tavli::AnyPosition>(&dir.path().join("missing.json")).is_err());
    }

    #[test]
    fn prepare_new_refuses_existing_files() {
        let dir = tempfile::tempdir().unwrap();
        let path = dir.path().join("sub").join("g.json");
        prepare_new(&path).unwrap();
        fs::write(&path, "x").unwrap();
        assert!(prepare_new(&path).unwrap_err().to_string().contains("--resume"));
    }
}
