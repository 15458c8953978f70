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
