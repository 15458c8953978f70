//! Where the database lives: built once and cached in a file in the
//! user's cache directory (`~/.cache/tavli/bearoff-v1.bin` on Linux), or
//! the file named by `TAVLI_BEAROFF` (or its old name, `PLAKOTO_BEAROFF`). A missing, damaged or old file is
//! rebuilt and replaced atomically (temporary file, sync, rename); when
//! nothing can be written the database simply stays in memory. Loading is
//! an explicit step ([`load_default`]) that a front end takes once at its
//! start; the engine prints nothing: the [`Origin`] says what happened.

use std::fs::{self, File};
use std::io::{self, Write};
use std::path::{Path, PathBuf};
use std::time::{SystemTime, UNIX_EPOCH};

use super::table::Database;

/// The environment variable naming the database file to use (and to write
/// when it is missing or not valid).
pub const ENV_VAR: &str = "TAVLI_BEAROFF";

/// [`ENV_VAR`]'s old name, still read when the new one is not set.
pub const OLD_ENV_VAR: &str = "PLAKOTO_BEAROFF";

/// The file's name in the cache directory; the number follows
/// [`FORMAT_VERSION`](super::FORMAT_VERSION).
pub const FILE_NAME: &str = "bearoff-v1.bin";

/// Where the process's database came from.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Origin {
    /// Read from this file.
    Read(PathBuf),
    /// Built in this process and written to this file; `reason` says why
    /// the file was not read (missing, damaged, another version).
    Saved {
        /// The file written.
        path: PathBuf,
        /// Why the file was not read.
        reason: String,
    },
    /// Built in this process and kept in memory only, and why.
    InMemory {
        /// Why no file was read or written.
        reason: String,
    },
}

/// The database file this process uses: `$TAVLI_BEAROFF` (or
/// `$PLAKOTO_BEAROFF`) when set and not empty, else `tavli/bearoff-v1.bin`
/// in the user's cache directory (`$XDG_CACHE_HOME` or `~/.cache` on
/// Linux); `None` when neither is known.
pub fn default_path() -> Option<PathBuf> {
    let named = |var: &str| std::env::var_os(var).filter(|p| !p.is_empty()).map(PathBuf::from);
    named(ENV_VAR).or_else(|| named(OLD_ENV_VAR)).or_else(|| dirs::cache_dir().map(|d| d.join("tavli").join(FILE_NAME)))
}

/// Reads the database from `path`.
pub fn read(path: &Path) -> Result<Database, String> {
    let bytes = fs::read(path).map_err(|e| format!("cannot read {}: {e}", path.display()))?;
    Database::from_bytes(&bytes).map_err(|e| format!("{}: {e}", path.display()))
}

/// Writes the database to `path` atomically, creating its folder: a
/// temporary file in the same folder is written, synced and renamed over
/// `path`, so `path` holds either the old contents or the new, whole.
pub fn write(db: &Database, path: &Path) -> io::Result<()> {
    let dir = match path.parent() {
        Some(d) if !d.as_os_str().is_empty() => d,
        _ => Path::new("."),
    };
    fs::create_dir_all(dir)?;
    let name = path.file_name().map_or_else(|| "bearoff".into(), |n| n.to_string_lossy().into_owned());
    let nanos = SystemTime::now().duration_since(UNIX_EPOCH).map_or(0, |d| d.subsec_nanos());
    let tmp = dir.join(format!(".{name}.{}.{nanos}.tmp", std::process::id()));
    let result = (|| {
        let mut f = File::create(&tmp)?;
        f.write_all(&db.to_bytes())?;
        f.sync_all()?;
        fs::rename(&tmp, path)
    })();
    if result.is_err() {
        let _ = fs::remove_file(&tmp);
    }
    result?;
    // The rename is durable once the directory entry is; a cache can do
    // without that, so a folder that cannot be synced is no error.
    if let Ok(d) = File::open(dir) {
        let _ = d.sync_all();
    }
    Ok(())
}

/// The database at `path` if it reads and checks out; otherwise `build()`,
/// written to `path` (or kept in memory if that fails).
pub fn load_or_build_at(path: &Path, build: impl FnOnce() -> Database) -> (Database, Origin) {
    let reason = match read(path) {
        Ok(db) => return (db, Origin::Read(path.to_path_buf())),
        Err(e) => e,
    };
    let db = build();
    match write(&db, path) {
        Ok(()) => (db, Origin::Saved { path: path.to_path_buf(), reason }),
        Err(e) => (db, Origin::InMemory { reason: format!("{reason}; and cannot write {}: {e}", path.display()) }),
    }
}

/// The database from [`default_path`]: read if the file is there and
/// checks out, else built (a few seconds) and written there for next time
/// (or kept in memory when nothing can be written), with where it came
/// from. This is the explicit step a front end takes once, before it
/// evaluates: nothing in the engine reads or writes the file by itself.
pub fn load_default() -> (Database, Origin) {
    match default_path() {
        Some(path) => load_or_build_at(&path, Database::build),
        None => (Database::build(), Origin::InMemory { reason: "no cache directory is known".into() }),
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::bearoff::table::sample;

    /// A fresh folder under the system's temporary folder.
    fn scratch(name: &str) -> PathBuf {
        let dir = std::env::temp_dir().join(format!("plakoto-bearoff-{name}-{}", std::process::id()));
        let _ = fs::remove_dir_all(&dir);
        fs::create_dir_all(&dir).unwrap();
        dir
    }

    fn no_build() -> Database {
        panic!("a valid file must be read, not rebuilt")
    }

    #[test]
    fn builds_once_then_reads_the_file() {
        let dir = scratch("once");
        let path = dir.join("sub").join(FILE_NAME);
        let (db, origin) = load_or_build_at(&path, sample);
        assert!(matches!(&origin, Origin::Saved { path: p, reason } if p == &path && reason.contains("cannot read")));
        let (again, origin) = load_or_build_at(&path, no_build);
        assert_eq!(origin, Origin::Read(path.clone()));
        assert_eq!(again, db);
        // Only the file itself: no temporary file is left behind.
        assert_eq!(fs::read_dir(path.parent().unwrap()).unwrap().count(), 1);
        fs::remove_dir_all(dir).unwrap();
    }

    #[test]
    fn a_damaged_or_foreign_file_is_rebuilt_and_replaced() {
        let dir = scratch("damaged");
        let path = dir.join(FILE_NAME);
        let good = sample().to_bytes();
        let mut damaged = good.clone();
        let last = damaged.len() - 1;
        damaged[last] ^= 1;
        let mut version = good.clone();
        version[8] = 99;
        for (bytes, why) in [(damaged, "checksum"), (version, "format 99"), (b"hello".to_vec(), "truncated")] {
            fs::write(&path, bytes).unwrap();
            let (db, origin) = load_or_build_at(&path, sample);
            assert!(matches!(&origin, Origin::Saved { reason, .. } if reason.contains(why)), "{origin:?}");
            assert_eq!(db, sample());
            assert_eq!(fs::read(&path).unwrap(), good);
        }
        fs::remove_dir_all(dir).unwrap();
    }

    #[test]
    fn an_unwritable_place_keeps_the_database_in_memory() {
        let dir = scratch("unwritable");
        // A regular file where the folder should be: nobody can write there.
        fs::write(dir.join("plakoto"), b"").unwrap();
        let path = dir.join("plakoto").join(FILE_NAME);
        let (db, origin) = load_or_build_at(&path, sample);
        assert!(matches!(&origin, Origin::InMemory { reason } if reason.contains("cannot write")), "{origin:?}");
        assert_eq!(db, sample());
        fs::remove_dir_all(dir).unwrap();
    }
}
