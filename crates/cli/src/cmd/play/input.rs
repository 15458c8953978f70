//! What the person types: reading lines safely (any bytes, any length),
//! Ctrl-C as a line of its own, and telling commands from plays.

use std::io::{self, BufRead};
use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::{Arc, mpsc};

use super::text::unaccented;

/// Longer lines are not plays or commands; they are skipped whole.
pub const MAX_LINE: usize = 1000;

/// Ctrl-L (form feed): ends a line of its own, to draw the screen again.
const REDRAW: u8 = 0x0c;

/// One line of input.
#[derive(Debug, PartialEq, Eq)]
pub enum Line {
    /// The line, with control characters removed and tabs made spaces.
    Text(String),
    /// A line longer than [`MAX_LINE`] bytes (read to its end and dropped).
    TooLong,
    /// End of input.
    Eof,
    /// The person pressed Ctrl-C.
    Interrupt,
    /// The person pressed Ctrl-L: draw the screen again (what was typed
    /// before it on the line is dropped).
    Redraw,
}

/// Where a session's lines come from.
pub trait ReadLine {
    /// The next line.
    fn read_line(&mut self) -> io::Result<Line>;

    /// Has the person pressed Ctrl-C? Asked between turns, so that an
    /// interrupt while the computer thinks is noticed without a prompt.
    fn interrupted(&self) -> bool {
        false
    }
}

impl<R: BufRead> ReadLine for LineReader<R> {
    fn read_line(&mut self) -> io::Result<Line> {
        self.read()
    }
}

/// Standard input read on a thread, with Ctrl-C (SIGINT) caught and given
/// to the session as [`Line::Interrupt`], so that it saves and says how to
/// continue instead of dying. A second Ctrl-C before the first was seen
/// stops the program at once (the record on disk is always whole: it is
/// written atomically).
pub struct Interruptible {
    lines: mpsc::Receiver<io::Result<Line>>,
    interrupted: Arc<AtomicBool>,
    ended: bool,
}

impl Interruptible {
    /// Starts reading standard input and catching Ctrl-C.
    pub fn stdin() -> Interruptible {
        // One line read ahead at most: endless input is never piled up.
        let (tx, rx) = mpsc::sync_channel(1);
        let interrupted = Arc::new(AtomicBool::new(false));
        let lines = tx.clone();
        std::thread::spawn(move || {
            let mut reader = LineReader::new(io::stdin().lock());
            loop {
                let line = reader.read();
                let more = matches!(line, Ok(Line::Text(_) | Line::TooLong | Line::Redraw));
                if lines.send(line).is_err() || !more {
                    return;
                }
            }
        });
        let flag = interrupted.clone();
        // Without a handler (one was set already) Ctrl-C keeps its default
        // and stops the program; the record on disk is whole anyway.
        let _ = ctrlc::set_handler(move || {
            if flag.swap(true, Ordering::SeqCst) {
                restore_terminal();
                std::process::exit(130);
            }
            // A full channel holds a line the session is about to read;
            // it checks the flag after every line.
            let _ = tx.try_send(Ok(Line::Interrupt));
        });
        Interruptible { lines: rx, interrupted, ended: false }
    }
}

impl ReadLine for Interruptible {
    fn read_line(&mut self) -> io::Result<Line> {
        if self.interrupted() {
            return Ok(Line::Interrupt);
        }
        if self.ended {
            return Ok(Line::Eof);
        }
        let line = self.lines.recv().unwrap_or(Ok(Line::Eof));
        if self.interrupted() {
            return Ok(Line::Interrupt);
        }
        if matches!(line, Ok(Line::Eof) | Err(_)) {
            self.ended = true;
        }
        line
    }

    fn interrupted(&self) -> bool {
        self.interrupted.load(Ordering::SeqCst)
    }
}

/// Reads lines of at most [`MAX_LINE`] bytes without ever holding more.
pub struct LineReader<R> {
    inner: R,
}

impl<R: BufRead> LineReader<R> {
    pub fn new(inner: R) -> Self {
        LineReader { inner }
    }

    /// The next line, ended by a newline, or by Ctrl-L ([`Line::Redraw`]).
    pub fn read(&mut self) -> io::Result<Line> {
        let mut buf = Vec::new();
        let (mut any, mut too_long) = (false, false);
        loop {
            let available = match self.inner.fill_buf() {
                Ok(b) => b,
                Err(e) if e.kind() == io::ErrorKind::Interrupted => continue,
                Err(e) => return Err(e),
            };
            if available.is_empty() {
                if !any {
                    return Ok(Line::Eof);
                }
                break;
            }
            any = true;
            let end = available.iter().position(|&b| b == b'\n' || b == REDRAW);
            let take = end.unwrap_or(available.len());
            if !too_long {
                buf.extend_from_slice(&available[..take]);
                // Never more than one line's worth held.
                if buf.len() > MAX_LINE {
                    too_long = true;
                    buf = Vec::new();
                }
            }
            let redraw = end.is_some_and(|i| available[i] == REDRAW);
            self.inner.consume(end.map_or(take, |i| i + 1));
            if redraw {
                return Ok(Line::Redraw);
            }
            if end.is_some() {
                break;
            }
        }
        Ok(if too_long { Line::TooLong } else { Line::Text(clean(&String::from_utf8_lossy(&buf))) })
    }
}

/// The terminal's settings before [`TerminalKeys`] changed them.
#[cfg(unix)]
static SAVED: std::sync::Mutex<Option<libc::termios>> = std::sync::Mutex::new(None);

/// While it lives, Ctrl-L typed at the terminal (standard input) ends the
/// line at once, so the game can draw the screen again without waiting for
/// Enter: the terminal's end-of-line key is set to it (`VEOL`). Restored
/// when dropped, and by Ctrl-C's way out.
pub struct TerminalKeys(());

impl TerminalKeys {
    /// Sets Ctrl-L as an end of line when standard input is a terminal.
    pub fn redraw_on_ctrl_l() -> TerminalKeys {
        #[cfg(unix)]
        {
            // SAFETY: tcgetattr and tcsetattr only read and write the
            // termios struct given, which lives on this stack.
            unsafe {
                let mut t: libc::termios = std::mem::zeroed();
                if libc::isatty(0) == 1 && libc::tcgetattr(0, &mut t) == 0 {
                    let saved = t;
                    t.c_cc[libc::VEOL] = REDRAW;
                    if libc::tcsetattr(0, libc::TCSANOW, &t) == 0 {
                        *SAVED.lock().unwrap_or_else(|e| e.into_inner()) = Some(saved);
                    }
                }
            }
        }
        TerminalKeys(())
    }
}

impl Drop for TerminalKeys {
    fn drop(&mut self) {
        restore_terminal();
    }
}

/// Gives the terminal back its settings, if [`TerminalKeys`] changed them.
pub fn restore_terminal() {
    #[cfg(unix)]
    if let Some(t) = SAVED.lock().unwrap_or_else(|e| e.into_inner()).take() {
        // SAFETY: writes back the settings read before.
        unsafe {
            libc::tcsetattr(0, libc::TCSANOW, &t);
        }
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
    /// `last`, `rate`, `hint last`: how the person's last play ranked.
    Last,
    /// `id`: the position ID.
    Id,
    Undo,
    Reset,
    Help,
    Board,
    Save,
    Resign,
    Quit,
    Unknown(String),
}

/// Reads a cleaned line as a command or a play. Commands are the English
/// words, or their Greek aliases (with or without accents): `κινήσεις`,
/// `υπόδειξη`, `τελευταία`, `αξιολόγηση`, `κωδικός`, `αναίρεση`,
/// `επαναφορά`, `βοήθεια`, `ταμπλό`, `αποθήκευση`, `έξοδος`, `ναι`, `πάσο`,
/// `παραίτηση`; or their Bulgarian ones: `ходове`, `подсказка`,
/// `последен`, `оценка`, `код`, `отмени`, `отначало`, `помощ`, `табла`,
/// `запази`, `изход`, `да`, `пас`, `предавам се`.
pub fn parse(line: &str) -> Command {
    let line = line.trim();
    let mut words = line.split_whitespace();
    let Some(first) = words.next() else { return Command::Empty };
    let rest: Vec<String> = words.map(|w| unaccented(&w.to_lowercase())).collect();
    let word = unaccented(&first.to_lowercase());
    let bare = |c: Command| if rest.is_empty() { c } else { Command::Unknown(line.to_string()) };
    match word.as_str() {
        "?" | "moves" | "κινησεις" | "ходове" => bare(Command::List),
        "hint" | "υποδειξη" | "подсказка"
            if rest.len() == 1 && matches!(rest[0].as_str(), "last" | "τελευταια" | "последен") =>
        {
            Command::Last
        }
        "hint" | "υποδειξη" | "подсказка" => bare(Command::Hint),
        "last" | "rate" | "τελευταια" | "αξιολογηση" | "последен" | "оценка" => {
            bare(Command::Last)
        }
        "id" | "κωδικος" | "код" => bare(Command::Id),
        "undo" | "αναιρεση" | "отмени" => bare(Command::Undo),
        "reset" | "επαναφορα" | "отначало" => bare(Command::Reset),
        "help" | "h" | "βοηθεια" | "помощ" => bare(Command::Help),
        "board" | "ταμπλο" | "табла" => bare(Command::Board),
        "save" | "αποθηκευση" | "запази" => bare(Command::Save),
        "quit" | "exit" | "q" | "εξοδος" | "изход" => bare(Command::Quit),
        "ok" | "yes" | "y" | "ναι" | "да" => bare(Command::Confirm),
        "pass" => Command::Play(line.to_string()),
        "πασο" | "пас" => bare(Command::Play("pass".to_string())),
        "resign" | "παραιτηση" => bare(Command::Resign),
        // `предавам се`, "I give up", the reflexive pronoun optional.
        "предавам" if rest.is_empty() || rest == ["се"] => Command::Resign,
        // Anything that looks like notation goes to the play parser, which
        // says what is wrong with it (`bar/20`, `25/19`, …).
        _ if first.starts_with(|c: char| c.is_ascii_digit()) || first.contains('/') => Command::Play(line.to_string()),
        _ => Command::Unknown(line.to_string()),
    }
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
    fn ctrl_l_ends_a_line_of_its_own_to_redraw() {
        assert_eq!(
            read_all(b"24/\x0c\x0c?\nhint"),
            vec![Line::Redraw, Line::Redraw, Line::Text("?".into()), Line::Text("hint".into()), Line::Eof]
        );
        let mut long = vec![b'x'; MAX_LINE + 5];
        long.extend(b"\x0cok\n");
        assert_eq!(read_all(&long), vec![Line::Redraw, Line::Text("ok".into()), Line::Eof]);
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
        assert_eq!(parse("hint last"), Command::Last);
        assert_eq!(parse("Hint LAST"), Command::Last);
        assert_eq!(parse("last"), Command::Last);
        assert_eq!(parse("rate"), Command::Last);
        assert_eq!(parse("id"), Command::Id);
        assert_eq!(parse("id 3"), Command::Unknown("id 3".into()));
        assert_eq!(parse("foo"), Command::Unknown("foo".into()));
        assert_eq!(parse("bar/20"), Command::Play("bar/20".into()));
    }

    #[test]
    fn greek_aliases_with_or_without_accents() {
        assert_eq!(parse("κινήσεις"), Command::List);
        assert_eq!(parse("υπόδειξη"), Command::Hint);
        assert_eq!(parse("ΥΠΟΔΕΙΞΗ"), Command::Hint);
        assert_eq!(parse("υποδειξη τελευταία"), Command::Last);
        assert_eq!(parse("hint τελευταια"), Command::Last);
        assert_eq!(parse("τελευταία"), Command::Last);
        assert_eq!(parse("αξιολόγηση"), Command::Last);
        assert_eq!(parse("κωδικός"), Command::Id);
        assert_eq!(parse("αναίρεση"), Command::Undo);
        assert_eq!(parse("Αναίρεση"), Command::Undo);
        assert_eq!(parse("επαναφορά"), Command::Reset);
        assert_eq!(parse("βοήθεια"), Command::Help);
        assert_eq!(parse("ταμπλό"), Command::Board);
        assert_eq!(parse("αποθήκευση"), Command::Save);
        assert_eq!(parse("έξοδος"), Command::Quit);
        assert_eq!(parse("εξοδος"), Command::Quit);
        assert_eq!(parse("ναι"), Command::Confirm);
        assert_eq!(parse("πάσο"), Command::Play("pass".into()));
        assert_eq!(parse("παραίτηση"), Command::Resign);
        assert_eq!(parse("παραίτηση τώρα"), Command::Unknown("παραίτηση τώρα".into()));
        assert_eq!(parse("Πλακωτό"), Command::Unknown("Πλακωτό".into()));
    }

    #[test]
    fn bulgarian_aliases_in_any_case() {
        assert_eq!(parse("ходове"), Command::List);
        assert_eq!(parse("Подсказка"), Command::Hint);
        assert_eq!(parse("подсказка последен"), Command::Last);
        assert_eq!(parse("hint последен"), Command::Last);
        assert_eq!(parse("последен"), Command::Last);
        assert_eq!(parse("оценка"), Command::Last);
        assert_eq!(parse("код"), Command::Id);
        assert_eq!(parse("ОТМЕНИ"), Command::Undo);
        assert_eq!(parse("отначало"), Command::Reset);
        assert_eq!(parse("помощ"), Command::Help);
        assert_eq!(parse("табла"), Command::Board);
        assert_eq!(parse("запази"), Command::Save);
        assert_eq!(parse("изход"), Command::Quit);
        assert_eq!(parse("да"), Command::Confirm);
        assert_eq!(parse("пас"), Command::Play("pass".into()));
        assert_eq!(parse("предавам се"), Command::Resign);
        assert_eq!(parse("Предавам"), Command::Resign);
        assert_eq!(parse("предавам се сега"), Command::Unknown("предавам се сега".into()));
        assert_eq!(parse("помощ 2"), Command::Unknown("помощ 2".into()));
        assert_eq!(parse("Тапа"), Command::Unknown("Тапа".into()));
    }

    #[test]
    fn shorten_cuts_long_text() {
        assert_eq!(shorten("abc", 5), "abc");
        assert_eq!(shorten("abcdef", 3), "abc…");
    }
}
