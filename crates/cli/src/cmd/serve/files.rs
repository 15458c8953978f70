//! Open files: every connection the server holds is one, so its
//! connection limits must fit the process's open-file limit, or past it
//! `accept` fails and nobody new is served, players included. The soft
//! limit is often 1,024 while the hard one is far higher; a process may
//! raise its own soft limit up to the hard one, and `serve` does.

use tavli_web::ConnLimits;

/// Raises the soft open-file limit (RLIMIT_NOFILE) to the hard one; the
/// limit in force afterwards, or None where it cannot be read.
#[cfg(unix)]
pub fn raise_open_files() -> Option<u64> {
    let mut now = libc::rlimit { rlim_cur: 0, rlim_max: 0 };
    // SAFETY: getrlimit only writes the struct it is given, which lives here.
    if unsafe { libc::getrlimit(libc::RLIMIT_NOFILE, &mut now) } != 0 {
        return None;
    }
    if now.rlim_cur < now.rlim_max {
        let raised = libc::rlimit { rlim_cur: now.rlim_max, rlim_max: now.rlim_max };
        // SAFETY: setrlimit only reads the struct it is given. It may refuse
        // (macOS caps the soft limit below an unlimited hard one): then the
        // limit stays what it was.
        if unsafe { libc::setrlimit(libc::RLIMIT_NOFILE, &raised) } == 0 {
            return Some(widen(now.rlim_max));
        }
    }
    Some(widen(now.rlim_cur))
}

/// `rlim_t` is 64 bits on most platforms and 32 on some.
#[cfg(unix)]
#[allow(clippy::useless_conversion)]
fn widen(n: libc::rlim_t) -> u64 {
    u64::from(n)
}

/// Where the limit cannot be read, it is not checked.
#[cfg(not(unix))]
pub fn raise_open_files() -> Option<u64> {
    None
}

/// Fits `conns` into `files` open files. Limits the operator `chose` that
/// do not fit are an error naming them; the defaults shrink instead, the
/// general and stream budgets in proportion, and the note says so.
pub fn fit(conns: &mut ConnLimits, files: u64, chosen: bool) -> Result<Option<String>, String> {
    let needed = conns.files_needed();
    let files = usize::try_from(files).unwrap_or(usize::MAX);
    if needed <= files {
        return Ok(None);
    }
    let own = needed - conns.max_connections - conns.max_streams;
    if chosen {
        return Err(format!(
            "--max-connections {} and --max-streams {} need {needed} open files with the server's own, but \
             this process may open {files} (`ulimit -Hn`): lower them or raise the limit",
            conns.max_connections, conns.max_streams
        ));
    }
    let room = files.saturating_sub(own);
    if room < 32 {
        return Err(format!(
            "this process may open only {files} files (`ulimit -Hn`), too few to serve: {} are needed",
            own + 32
        ));
    }
    let general = (room * conns.max_connections / (conns.max_connections + conns.max_streams)).max(16);
    conns.max_connections = general;
    conns.max_streams = room - general;
    Ok(Some(format!(
        "the open-file limit is {files}, so at most {} connections and {} live streams are served at once \
         (raise the limit, `ulimit -Hn`, for the defaults: {needed} files)",
        conns.max_connections, conns.max_streams
    )))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_defaults_shrink_to_fit_and_chosen_limits_that_do_not_fit_are_refused() {
        let mut c = ConnLimits::default();
        assert_eq!(fit(&mut c, 1 << 20, false), Ok(None));
        let mut c = ConnLimits::default();
        let note = fit(&mut c, 1024, false).unwrap().unwrap();
        assert!(c.files_needed() <= 1024 && c.max_streams > c.max_connections, "{c:?}");
        assert!(note.contains("1024"), "{note}");
        let mut c = ConnLimits::default();
        assert!(fit(&mut c, 1024, true).unwrap_err().contains("--max-connections 900 and --max-streams 2048"));
        assert!(fit(&mut ConnLimits::default(), 100, false).unwrap_err().contains("too few"));
    }
}
