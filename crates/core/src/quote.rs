//! Quoting what a person typed in an error about it: the one place that
//! bounds how much of the text an error repeats. A message names the fault
//! and shows where it is, so a line of 60 KB gives an error of a line, on
//! the command line and over HTTP alike.

/// The most characters of a text an error quotes.
pub const EXCERPT_CHARS: usize = 60;

/// `text` as an error quotes it: whole when it is at most
/// [`EXCERPT_CHARS`] characters, else its first ones, an ellipsis and its
/// length (`24/18 24/18 … (61,440 characters)`).
///
/// ```
/// use tavli_core::quote::excerpt;
/// assert_eq!(excerpt("24/18 24/20"), "24/18 24/20");
/// let long = "x".repeat(60_000);
/// let e = excerpt(&long);
/// assert!(e.starts_with(&"x".repeat(60)) && e.ends_with("… (60,000 characters)"), "{e}");
/// assert!(e.chars().count() < 90);
/// ```
pub fn excerpt(text: &str) -> String {
    excerpt_of(text, EXCERPT_CHARS)
}

/// [`excerpt`] with at most `max` characters quoted.
pub fn excerpt_of(text: &str, max: usize) -> String {
    match text.char_indices().nth(max) {
        None => text.to_string(),
        Some((cut, _)) => format!("{}… ({} characters)", &text[..cut], thousands(text.chars().count())),
    }
}

/// `message` with every text quoted in it (between double quotes or
/// backticks) longer than [`EXCERPT_CHARS`] cut to its [`excerpt`]: for
/// messages made by others that quote what they were given whole (a JSON
/// reader's `invalid type: string "…"` or ``unknown variant `…` ``).
/// Backslash escapes inside double quotes are kept whole.
///
/// ```
/// use tavli_core::quote::shorten_quoted;
/// let long = "24/18 ".repeat(10_000);
/// let said = format!("invalid type: string \"{long}\", expected a sequence at line 1 column 60016");
/// let short = shorten_quoted(&said);
/// assert!(short.len() < 160 && short.ends_with("\", expected a sequence at line 1 column 60016"), "{short}");
/// let said = format!("unknown variant `{long}`, expected `white` or `black`");
/// assert!(shorten_quoted(&said).ends_with("characters)`, expected `white` or `black`"));
/// assert_eq!(shorten_quoted("unknown field `x`, expected \"a\""), "unknown field `x`, expected \"a\"");
/// ```
pub fn shorten_quoted(message: &str) -> String {
    let mut out = String::with_capacity(message.len().min(1024));
    let mut rest = message;
    while let Some(open) = rest.find(['"', '`']) {
        let quote = if rest[open..].starts_with('"') { '"' } else { '`' };
        out.push_str(&rest[..=open]);
        let inner = &rest[open + 1..];
        // The closing quote: the first not escaped by a backslash.
        let mut escaped = false;
        let close = inner.char_indices().find(|&(_, c)| {
            let end = c == quote && !escaped;
            escaped = quote == '"' && c == '\\' && !escaped;
            end
        });
        match close {
            Some((i, _)) => {
                out.push_str(&excerpt(&inner[..i]));
                out.push(quote);
                rest = &inner[i + 1..];
            }
            None => {
                out.push_str(&excerpt(inner));
                return out;
            }
        }
    }
    out.push_str(rest);
    out
}

/// `n` with commas between its thousands: 61,440.
fn thousands(n: usize) -> String {
    let digits = n.to_string();
    let mut out = String::with_capacity(digits.len() + digits.len() / 3);
    for (i, c) in digits.chars().enumerate() {
        if i > 0 && (digits.len() - i).is_multiple_of(3) {
            out.push(',');
        }
        out.push(c);
    }
    out
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn short_texts_are_whole_and_long_ones_cut_at_a_character() {
        assert_eq!(excerpt(""), "");
        let sixty = "a".repeat(60);
        assert_eq!(excerpt(&sixty), sixty);
        assert_eq!(excerpt(&format!("{sixty}b")), format!("{sixty}… (61 characters)"));
        // Cut between characters, never inside one.
        let greek = "π".repeat(1000);
        assert_eq!(excerpt(&greek), format!("{}… (1,000 characters)", "π".repeat(60)));
        assert_eq!(thousands(1_234_567), "1,234,567");
        assert_eq!(thousands(999), "999");
    }
}
