//! What the person types: reading lines safely (any bytes, any length) and
//! telling commands from plays.

use std::io::{self, BufRead, Read};

/// Longer lines are not plays or commands; they are skipped whole.
pub const MAX_LINE: usize = 1000;

/// One line of input.
#[derive(Debug, PartialEq, Eq)]
pub enum Line {
    /// The line, with control characters removed and tabs made spaces.
    Text(String),
    /// A line longer than [`MAX_LINE`] bytes (read to its end and dropped).
    TooLong,
    /// End of input.
    Eof,
}

/// Reads lines of at most [`MAX_LINE`] bytes without ever holding more.
pub struct LineReader<R> {
    inner: R,
}

impl<R: BufRead> LineReader<R> {
    pub fn new(inner: R) -> Self {
        LineReader { inner }
    }

    pub fn read(&mut self) -> io::Result<Line> {
        let mut buf = Vec::new();
        let n = (&mut self.inner).take(MAX_LINE as u64 + 1).read_until(b'\n', &mut buf)?;
        if n == 0 {
            return Ok(Line::Eof);
        }
        if buf.last() != Some(&b'\n') && buf.len() > MAX_LINE {
            self.inner.skip_until(b'\n')?;
            return Ok(Line::TooLong);
        }
        Ok(Line::Text(clean(&String::from_utf8_lossy(&buf))))
    }
}

/// Drops control characters (escape sequences from arrow keys, NULs, …),
/// turns tabs into spaces and trims.
pub fn clean(text: &str) -> String {
    text.chars()
        .filter_map(|c| match c {
            '\t' => Some(' '),
            c if c.is_control() => None,
            c => Some(c),
        })
        .collect::<String>()
        .trim()
        .to_string()
}

/// At most `n` characters of `text`, with `…` when cut (for echoing input).
pub fn shorten(text: &str, n: usize) -> String {
    if text.chars().count() <= n { text.to_string() } else { text.chars().take(n).collect::<String>() + "…" }
}

/// A line as the game understands it.
#[derive(Debug, PartialEq, Eq)]
pub enum Command {
    /// An empty line: confirms a complete turn.
    Empty,
    /// `ok`, `yes`: confirms a complete turn.
    Confirm,
    /// A play or single moves in notation, or `pass`.
    Play(String),
    /// `?` or `moves`: list the legal plays.
    List,
    Hint,
    Undo,
    Reset,
    Help,
    Board,
    Save,
    Resign,
    Quit,
    Unknown(String),
}

/// Reads a cleaned line as a command or a play.
pub fn parse(line: &str) -> Command {
    let line = line.trim();
    let mut words = line.split_whitespace();
    let Some(first) = words.next() else { return Command::Empty };
    let rest: Vec<&str> = words.collect();
    let word = first.to_lowercase();
    let bare = |c: Command| if rest.is_empty() { c } else { Command::Unknown(line.to_string()) };
    match word.as_str() {
        "?" | "moves" => bare(Command::List),
        "hint" => bare(Command::Hint),
        "undo" => bare(Command::Undo),
        "reset" => bare(Command::Reset),
        "help" | "h" => bare(Command::Help),
        "board" => bare(Command::Board),
        "save" => bare(Command::Save),
        "quit" | "exit" | "q" => bare(Command::Quit),
        "ok" | "yes" | "y" => bare(Command::Confirm),
        "pass" => Command::Play(line.to_string()),
        "resign" => bare(Command::Resign),
        // Anything that looks like notation goes to the play parser, which
        // says what is wrong with it (`bar/20`, `25/19`, …).
        _ if first.starts_with(|c: char| c.is_ascii_digit()) || first.contains('/') => Command::Play(line.to_string()),
        _ => Command::Unknown(line.to_string()),
    }
}

/// The hops of an entry in notation (`24/18 13/7*`, `24/20/14`, `6/off`,
/// `24/18(2)`), as (from, to) with 0 for off, for entering single moves.
/// `None` when it is not plain notation (the full parser then says why).
pub fn hops(text: &str) -> Option<Vec<(u8, u8)>> {
    let mut out = Vec::new();
    for token in text.split(|c: char| c.is_whitespace() || c == ',').filter(|t| !t.is_empty()) {
        let (body, count) = match token.split_once('(') {
            Some((body, n)) => (body, n.strip_suffix(')')?.parse::<usize>().ok().filter(|n| (1..=4).contains(n))?),
            None => (token, 1),
        };
        let points: Vec<u8> = body
            .split('/')
            .map(|p| {
                let p = p.trim_end_matches('*').to_ascii_lowercase();
                if p == "off" || p == "o" { Some(0) } else { p.parse::<u8>().ok().filter(|&n| n <= 24) }
            })
            .collect::<Option<_>>()?;
        if points.len() < 2 || points[..points.len() - 1].contains(&0) {
            return None;
        }
        for _ in 0..count {
            out.extend(points.windows(2).map(|w| (w[0], w[1])));
        }
        if out.len() > 8 {
            return None;
        }
    }
    (!out.is_empty()).then_some(out)
}

#[cfg(test)]
mod tests {
    use super::*;

    fn read_all(bytes: &[u8]) -> Vec<Line> {
        let mut r = LineReader::new(bytes);
        let mut out = Vec::new();
        loop {
            let l = r.read().unwrap();
            let end = l == Line::Eof;
            out.push(l);
            if end {
                return out;
            }
        }
    }

    #[test]
    fn lines_are_cleaned_and_long_ones_dropped() {
        let mut input = b"  24/18\t13/7 \r\n\x1b[A\x00hint\n".to_vec();
        input.extend(vec![b'x'; 5000]);
        input.extend(b"\n\xff\xfe?\nlast");
        assert_eq!(
            read_all(&input),
            vec![
                Line::Text("24/18 13/7".into()),
                Line::Text("[Ahint".into()),
                Line::TooLong,
                Line::Text("\u{fffd}\u{fffd}?".into()),
                Line::Text("last".into()),
                Line::Eof
            ]
        );
    }

    #[test]
    fn a_line_of_exactly_the_limit_is_kept() {
        let mut input = vec![b'1'; MAX_LINE];
        input.push(b'\n');
        assert!(matches!(&read_all(&input)[0], Line::Text(t) if t.len() == MAX_LINE));
    }

    #[test]
    fn commands_and_plays() {
        assert_eq!(parse(""), Command::Empty);
        assert_eq!(parse("?"), Command::List);
        assert_eq!(parse("MOVES"), Command::List);
        assert_eq!(parse("ok"), Command::Confirm);
        assert_eq!(parse("24/18 13/7"), Command::Play("24/18 13/7".into()));
        assert_eq!(parse("pass"), Command::Play("pass".into()));
        assert_eq!(parse("resign"), Command::Resign);
        assert_eq!(parse("resign 7"), Command::Unknown("resign 7".into()));
        assert_eq!(parse("hint me"), Command::Unknown("hint me".into()));
        assert_eq!(parse("foo"), Command::Unknown("foo".into()));
        assert_eq!(parse("bar/20"), Command::Play("bar/20".into()));
    }

    #[test]
    fn hops_of_notation() {
        assert_eq!(hops("24/18"), Some(vec![(24, 18)]));
        assert_eq!(hops("24/20/14 6/off"), Some(vec![(24, 20), (20, 14), (6, 0)]));
        assert_eq!(hops("13/7*(2)"), Some(vec![(13, 7), (13, 7)]));
        assert_eq!(hops("24/18,18/12"), Some(vec![(24, 18), (18, 12)]));
        assert_eq!(hops("off/3"), None);
        assert_eq!(hops("25/3"), None);
        assert_eq!(hops("24"), None);
        assert_eq!(hops("24/18(9)"), None);
    }

    #[test]
    fn shorten_cuts_long_text() {
        assert_eq!(shorten("abc", 5), "abc");
        assert_eq!(shorten("abcdef", 3), "abc…");
    }
}
