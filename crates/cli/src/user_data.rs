//! Where the command keeps what it saves for the user: saved games, seats
//! of online matches, the server's SQLite database.

use std::path::{Path, PathBuf};

use anyhow::{Result, anyhow};

/// `name` in the command's folder of the user's data directory
/// (`$XDG_DATA_HOME` or `~/.local/share` on Linux): `tavli/name`, except
/// that where an older version (named `plakoto`) left `plakoto/old_name`
/// and nothing is at `tavli/name` yet, that old file or folder is used, so
/// an update loses no saved game, seat or match.
pub fn path(name: &str, old_name: &str) -> Result<PathBuf> {
    let data =
        dirs::data_dir().ok_or_else(|| anyhow!("cannot find your data directory (set HOME or XDG_DATA_HOME)"))?;
    Ok(choose(&data, name, old_name))
}

fn choose(data: &Path, name: &str, old_name: &str) -> PathBuf {
    let new = data.join("tavli").join(name);
    let old = data.join("plakoto").join(old_name);
    if !new.exists() && old.exists() { old } else { new }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn an_old_folder_is_used_until_a_new_one_exists() {
        let d = tempfile::tempdir().unwrap();
        assert_eq!(choose(d.path(), "tavli.db", "plakoto.db"), d.path().join("tavli/tavli.db"));
        std::fs::create_dir_all(d.path().join("plakoto")).unwrap();
        std::fs::write(d.path().join("plakoto/plakoto.db"), b"").unwrap();
        assert_eq!(choose(d.path(), "tavli.db", "plakoto.db"), d.path().join("plakoto/plakoto.db"));
        std::fs::create_dir_all(d.path().join("tavli")).unwrap();
        std::fs::write(d.path().join("tavli/tavli.db"), b"").unwrap();
        assert_eq!(choose(d.path(), "tavli.db", "plakoto.db"), d.path().join("tavli/tavli.db"));
    }
}
