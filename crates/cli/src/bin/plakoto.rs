//! `plakoto`: the old name of the `tavli` command, kept for this release
//! so that scripts written for it go on working. It runs the `tavli` beside
//! it with the same arguments; `tavli` then calls itself `plakoto` in its
//! help and says that this is the old name.

use std::process::{Command, ExitCode};

fn main() -> ExitCode {
    let Some(tavli) = std::env::current_exe().ok().and_then(|me| {
        let name = format!("tavli{}", std::env::consts::EXE_SUFFIX);
        me.parent().map(|dir| dir.join(name)).filter(|p| p.exists())
    }) else {
        eprintln!("plakoto: this is the old name of the `tavli` command, which is not beside it; install `tavli`");
        return ExitCode::FAILURE;
    };
    let mut cmd = Command::new(&tavli);
    cmd.args(std::env::args_os().skip(1)).env(OLD_NAME_VAR, "plakoto");
    #[cfg(unix)]
    {
        use std::os::unix::process::CommandExt;
        // Replaces this process: signals, the terminal and the exit
        // status are `tavli`'s own.
        let e = cmd.exec();
        eprintln!("plakoto: cannot run {}: {e}", tavli.display());
        ExitCode::FAILURE
    }
    #[cfg(not(unix))]
    match cmd.status() {
        Ok(s) => ExitCode::from(s.code().unwrap_or(1).clamp(0, 255) as u8),
        Err(e) => {
            eprintln!("plakoto: cannot run {}: {e}", tavli.display());
            ExitCode::FAILURE
        }
    }
}

/// Tells `tavli` the name it was called by (read in its `main`).
const OLD_NAME_VAR: &str = "TAVLI_CALLED_AS";
