//! The data set's folder: its manifest, its shard files and their lines.
//!
//! A shard being written is plain text (`shard-IIII.part`, a line a label,
//! so a stopped run keeps every line it made); a complete one is
//! compressed (`shard-IIII.txt.gz`, gzip), about a third of the text, so
//! the labels that cost hours can be kept in the repository. A complete
//! shard written before that as plain `shard-IIII.txt` still reads.

use std::fs::{File, OpenOptions};
use std::io::{BufRead, BufReader, Read, Write};
use std::path::{Path, PathBuf};
use std::sync::atomic::{AtomicBool, Ordering};

use flate2::Compression;
use flate2::read::GzDecoder;
use flate2::write::GzEncoder;
use serde::{Deserialize, Serialize};
use tavli_engine::bearoff::Database;
use tavli_engine::network::Network;
use tavli_engine::{NetGame, Probabilities};

use super::{Recipe, label, sample};
use tavli_engine::NetEval;

/// The version of the folder's layout and line format.
const FORMAT: u32 = 1;

/// What made a data set: written once as `manifest.json`, and checked by
/// every later run against the same folder.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct Manifest {
    /// The layout's version.
    pub format: u32,
    /// The game (`portes`, `plakoto`, `fevga`).
    pub game: String,
    /// The fingerprint of the network that plays and labels (see
    /// [`fingerprint`]): another network makes other data.
    pub network: String,
    /// How positions are chosen and labelled.
    pub recipe: Recipe,
}

impl Manifest {
    /// The manifest of data of game `P` made by `net` as `recipe` says.
    pub fn new<P: NetGame>(net: &Network, recipe: Recipe) -> Manifest {
        Manifest { format: FORMAT, game: P::KIND.to_string(), network: fingerprint(net), recipe }
    }
}

/// A network's fingerprint as the manifest writes it
/// ([`Network::fingerprint`], in hex).
pub fn fingerprint(net: &Network) -> String {
    format!("{:016x}", net.fingerprint())
}

/// One labelled position: its ID and the rollout's chances for its side
/// on roll, with the rollout's standard error of the equity.
#[derive(Clone, Debug, PartialEq)]
pub struct Label {
    /// The position ID (the game's own, so the line says its game).
    pub id: String,
    /// The chances the network should give.
    pub target: Probabilities,
    /// The rollout's standard error of the equity.
    pub std_error: f32,
}

impl Label {
    /// The line of a shard file, newline included.
    fn line(&self) -> String {
        let t = &self.target;
        format!(
            "{} {:.6} {:.6} {:.6} {:.6} {:.6} {:.6}\n",
            self.id, t.win, t.win_double, t.lose, t.lose_double, t.draw, self.std_error
        )
    }

    /// Reads a line of a shard file (without its newline).
    fn parse(line: &str) -> Result<Label, String> {
        let mut parts = line.split_whitespace();
        let id = parts.next().ok_or("an empty line")?.to_string();
        let v: Vec<f32> = parts
            .map(|x| {
                x.parse::<f32>()
                    .ok()
                    .filter(|v| v.is_finite())
                    .ok_or_else(|| format!("`{}` is not a number", tavli_core::quote::excerpt(x)))
            })
            .collect::<Result<_, _>>()?;
        let [win, win_double, lose, lose_double, draw, std_error] = v[..] else {
            return Err(format!("expected an ID and six numbers, found {} numbers", v.len()));
        };
        Ok(Label { id, target: Probabilities { win, win_double, lose, lose_double, draw }, std_error })
    }
}

/// Reads every line of a shard file; a bad line is an error naming the
/// file and the line.
pub fn read_labels(path: &Path) -> Result<Vec<Label>, String> {
    let mut out = Vec::new();
    for (n, line) in shard_reader(path)?.lines().enumerate() {
        let line = line.map_err(|e| format!("{}: {e}", path.display()))?;
        out.push(Label::parse(&line).map_err(|e| format!("{} line {}: {e}", path.display(), n + 1))?);
    }
    Ok(out)
}

/// A complete shard's text, read through gzip when its name ends `.gz`.
fn shard_reader(path: &Path) -> Result<Box<dyn BufRead>, String> {
    let f = File::open(path).map_err(|e| format!("{}: {e}", path.display()))?;
    Ok(if path.extension().is_some_and(|e| e == "gz") {
        Box::new(BufReader::new(GzDecoder::new(f)))
    } else {
        Box::new(BufReader::new(f))
    })
}

/// Writes `text` gzip-compressed to `to`, by way of a `.part` file renamed
/// once the whole is on disk. The gzip header carries no time or name, so
/// the same text makes the same bytes.
fn write_compressed(text: &[u8], to: &Path) -> Result<(), String> {
    let tmp = to.with_extension("gz.part");
    let show = |e: std::io::Error| format!("{}: {e}", tmp.display());
    let mut gz = GzEncoder::new(File::create(&tmp).map_err(show)?, Compression::best());
    gz.write_all(text).map_err(show)?;
    gz.finish().map_err(show)?.sync_all().map_err(show)?;
    std::fs::rename(&tmp, to).map_err(show)
}

/// A data set's folder, its manifest checked.
#[derive(Debug)]
pub struct DataSet {
    dir: PathBuf,
    manifest: Manifest,
}

/// Where a shard stands.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum ShardState {
    /// Complete, with this many labels.
    Done(usize),
    /// Not complete: this many labels kept so far.
    Partial(usize),
}

impl DataSet {
    /// Opens the data set in `dir`, creating the folder and its manifest
    /// if there is none; an existing manifest must be `manifest`.
    pub fn open(dir: &Path, manifest: Manifest) -> Result<DataSet, String> {
        let path = dir.join("manifest.json");
        let show = |e: std::io::Error| format!("{}: {e}", path.display());
        match std::fs::read_to_string(&path) {
            Ok(text) => {
                let found: Manifest = serde_json::from_str(&text).map_err(|e| format!("{}: {e}", path.display()))?;
                if found != manifest {
                    return Err(format!(
                        "{} was made with other settings: {}\nthis run asks for {}\n(use another folder, or the \
                         same settings)",
                        path.display(),
                        serde_json::to_string(&found).unwrap_or_default(),
                        serde_json::to_string(&manifest).unwrap_or_default()
                    ));
                }
            }
            Err(e) if e.kind() == std::io::ErrorKind::NotFound => {
                std::fs::create_dir_all(dir).map_err(show)?;
                let text = serde_json::to_string_pretty(&manifest).expect("a manifest serialises");
                let tmp = dir.join("manifest.json.part");
                std::fs::write(&tmp, text + "\n").map_err(show)?;
                std::fs::rename(&tmp, &path).map_err(show)?;
            }
            Err(e) => return Err(show(e)),
        }
        Ok(DataSet { dir: dir.to_path_buf(), manifest })
    }

    /// The manifest.
    pub fn manifest(&self) -> &Manifest {
        &self.manifest
    }

    /// The complete file of shard `s` as this version writes it.
    pub fn shard_path(&self, s: u64) -> PathBuf {
        self.dir.join(format!("shard-{s:04}.txt.gz"))
    }

    /// Shard `s`'s complete file, compressed or (written by an earlier
    /// version) plain, if it is there.
    pub fn done_path(&self, s: u64) -> Option<PathBuf> {
        let plain = self.dir.join(format!("shard-{s:04}.txt"));
        [self.shard_path(s), plain].into_iter().find(|p| p.exists())
    }

    fn part_path(&self, s: u64) -> PathBuf {
        self.dir.join(format!("shard-{s:04}.part"))
    }

    /// Every complete shard's file, in shard order.
    pub fn done_files(&self) -> Vec<PathBuf> {
        (0..self.manifest.recipe.shards).filter_map(|s| self.done_path(s)).collect()
    }

    /// Where shard `s` stands (complete lines of a `.part` file count).
    pub fn state(&self, s: u64) -> ShardState {
        let count = |r: Result<Box<dyn BufRead>, String>| -> usize {
            let mut text = Vec::new();
            let _ = r.map(|mut r| r.read_to_end(&mut text));
            text.iter().filter(|&&b| b == b'\n').count()
        };
        match self.done_path(s) {
            Some(done) => ShardState::Done(count(shard_reader(&done))),
            None => ShardState::Partial(count(shard_reader(&self.part_path(s)))),
        }
    }

    /// Computes shard `s`: samples its positions and labels those its
    /// `.part` file does not hold yet, appending each label as it is made
    /// (flushed to disk, so a stopped run loses at most the line being
    /// made), then renames the file complete. Lines already there must be
    /// the labels of the shard's first positions, in order (a file from
    /// elsewhere is refused). `progress(done, total)` is called after each
    /// label; once `stop` is set the shard is left partial. Returns the
    /// shard's state at the end.
    pub fn run_shard<P: NetGame>(
        &self,
        eval: &NetEval<P>,
        db: Option<&Database>,
        s: u64,
        stop: &AtomicBool,
        progress: &mut dyn FnMut(usize, usize),
    ) -> Result<ShardState, String> {
        let recipe = &self.manifest.recipe;
        if s >= recipe.shards {
            return Err(format!("shard {s} of a data set of {} shards", recipe.shards));
        }
        if let ShardState::Done(n) = self.state(s) {
            return Ok(ShardState::Done(n));
        }
        let positions = sample::<P>(eval, recipe, s, db);
        let part = self.part_path(s);
        let show = |e: std::io::Error| format!("{}: {e}", part.display());
        let kept = self.kept_lines(&part, &positions)?;
        let file = OpenOptions::new().create(true).truncate(false).write(true).open(&part).map_err(show)?;
        file.set_len(kept.1).map_err(show)?;
        let mut file = OpenOptions::new().append(true).open(&part).map_err(show)?;
        progress(kept.0, positions.len());
        for (k, pos) in positions.iter().enumerate().skip(kept.0) {
            if stop.load(Ordering::Relaxed) {
                return Ok(ShardState::Partial(k));
            }
            let l = label::<P>(eval, recipe, s, k as u64, pos);
            file.write_all(l.line().as_bytes()).map_err(show)?;
            file.sync_data().map_err(show)?;
            progress(k + 1, positions.len());
        }
        drop(file);
        let text = std::fs::read(&part).map_err(show)?;
        write_compressed(&text, &self.shard_path(s))?;
        std::fs::remove_file(&part).map_err(show)?;
        Ok(ShardState::Done(positions.len()))
    }

    /// How many labels of `part` to keep, and the bytes they take: its
    /// complete lines that read and name `positions` in order (a line cut
    /// short by a stop is dropped). A line naming another position is an
    /// error.
    fn kept_lines<P: NetGame>(&self, part: &Path, positions: &[P]) -> Result<(usize, u64), String> {
        let mut text = Vec::new();
        match File::open(part) {
            Ok(mut f) => f.read_to_end(&mut text).map_err(|e| format!("{}: {e}", part.display()))?,
            Err(e) if e.kind() == std::io::ErrorKind::NotFound => 0,
            Err(e) => return Err(format!("{}: {e}", part.display())),
        };
        let (mut count, mut bytes) = (0usize, 0u64);
        for line in text.split_inclusive(|&b| b == b'\n') {
            let Some(body) = line.strip_suffix(b"\n") else { break };
            let Ok(l) = std::str::from_utf8(body).map_err(|e| e.to_string()).and_then(Label::parse) else { break };
            match positions.get(count) {
                Some(p) if p.id() == l.id => {}
                _ => {
                    return Err(format!(
                        "{} line {}: {} is not this shard's position {} (the file is from other settings)",
                        part.display(),
                        count + 1,
                        l.id,
                        count + 1
                    ));
                }
            }
            count += 1;
            bytes += line.len() as u64;
        }
        Ok((count, bytes))
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use tavli_core::portes;

    fn recipe() -> Recipe {
        Recipe { seed: 3, games: 4, shards: 2, keep: 0.1, epsilon: 0.1, trials: 12, truncate: Some(2), ply: 0 }
    }

    fn temp(name: &str) -> PathBuf {
        let d = std::env::temp_dir().join(format!("supervised-{name}-{}", std::process::id()));
        let _ = std::fs::remove_dir_all(&d);
        d
    }

    #[test]
    fn a_stopped_shard_goes_on_to_the_same_file_as_an_unbroken_run() {
        let eval = portes::Position::shipped_eval(None).unwrap();
        let net = portes::Position::shipped().unwrap();
        let manifest = Manifest::new::<portes::Position>(&net, recipe());
        let (a, b) = (temp("whole"), temp("broken"));
        let whole = DataSet::open(&a, manifest.clone()).unwrap();
        let n = match whole.run_shard::<portes::Position>(&eval, None, 1, &AtomicBool::new(false), &mut |_, _| {}) {
            Ok(ShardState::Done(n)) => n,
            other => panic!("{other:?}"),
        };
        assert!(n >= 3, "{n} positions");
        let broken = DataSet::open(&b, manifest.clone()).unwrap();
        let stop = AtomicBool::new(false);
        let state = broken.run_shard::<portes::Position>(&eval, None, 1, &stop, &mut |done, _| {
            if done == 2 {
                stop.store(true, Ordering::Relaxed)
            }
        });
        assert_eq!(state, Ok(ShardState::Partial(2)));
        // A stop in the middle of writing leaves half a line: dropped.
        let mut f = OpenOptions::new().append(true).open(broken.part_path(1)).unwrap();
        f.write_all(b"p.half 0.5").unwrap();
        assert_eq!(broken.state(1), ShardState::Partial(2));
        let again = broken.run_shard::<portes::Position>(&eval, None, 1, &AtomicBool::new(false), &mut |_, _| {});
        assert_eq!(again, Ok(ShardState::Done(n)));
        let read = |d: &DataSet| std::fs::read(d.shard_path(1)).unwrap();
        assert_eq!(read(&whole), read(&broken), "the same compressed bytes");
        assert!(!broken.part_path(1).exists());
        assert_eq!(read_labels(&whole.shard_path(1)).unwrap().len(), n);
        // A plain shard (an earlier version's) reads as the compressed one.
        let labels = read_labels(&whole.shard_path(1)).unwrap();
        let plain = a.join("shard-0001.txt");
        std::fs::write(&plain, labels.iter().map(Label::line).collect::<String>()).unwrap();
        std::fs::remove_file(whole.shard_path(1)).unwrap();
        assert_eq!((whole.done_files(), whole.state(1)), (vec![plain.clone()], ShardState::Done(n)));
        assert_eq!(read_labels(&plain).unwrap(), labels);
        // Other settings are refused in the same folder.
        let other = Manifest::new::<portes::Position>(&net, Recipe { seed: 4, ..recipe() });
        assert!(DataSet::open(&a, other).unwrap_err().contains("other settings"));
        for d in [a, b] {
            let _ = std::fs::remove_dir_all(d);
        }
    }

    #[test]
    fn a_part_file_of_other_positions_is_refused() {
        let eval = portes::Position::shipped_eval(None).unwrap();
        let net = portes::Position::shipped().unwrap();
        let dir = temp("foreign");
        let set = DataSet::open(&dir, Manifest::new::<portes::Position>(&net, recipe())).unwrap();
        std::fs::write(set.part_path(0), "p.A-cHwAZgA-DnwAA 0.5 0.1 0.5 0.1 0 0.01\n").unwrap();
        let err = set.run_shard::<portes::Position>(&eval, None, 0, &AtomicBool::new(false), &mut |_, _| {});
        let err = err.unwrap_err();
        assert!(err.contains("line 1") && err.contains("not this shard's position"), "{err}");
        let _ = std::fs::remove_dir_all(dir);
    }

    #[test]
    fn lines_read_back_and_bad_lines_are_named() {
        let l = Label {
            id: "p.A-cHwAZgA-DnwAA".into(),
            target: Probabilities { win: 0.5, win_double: 0.125, lose: 0.5, lose_double: 0.25, draw: 0.0 },
            std_error: 0.01,
        };
        let line = l.line();
        assert_eq!(Label::parse(line.trim_end()), Ok(l));
        assert!(Label::parse("p.x 0.5 0.1").unwrap_err().contains("six numbers"));
        assert!(Label::parse("p.x 0.5 0.1 0.5 0.1 0 NaN").unwrap_err().contains("not a number"));
    }
}
