//! A play entered a checker at a time, the same in every game: the text's
//! single hops (each game reads its own tokens), and playing them on a
//! turn builder all or none.

use crate::dice::Dice;

/// How an entry's text went wrong, in the game's own error.
pub(crate) struct EntryErrors<E> {
    /// More hops than the roll has moves.
    pub too_many: E,
    /// No hop at all (nothing written like a move).
    pub empty: E,
}

/// The single-checker hops `text` names, in the order written: each token
/// (split at spaces and commas) read by `token` into its path's hops and
/// how many times the path is taken (`24/18(2)`); at most as many as `dice`
/// has moves, checked as the tokens are read (so a long text stops early).
pub(crate) fn hops<E>(
    text: &str,
    dice: Dice,
    token: impl Fn(&str) -> Result<(Vec<(u8, u8)>, usize), E>,
    errors: impl FnOnce() -> EntryErrors<E>,
) -> Result<Vec<(u8, u8)>, E> {
    let mut hops = Vec::new();
    for t in text.split(|c: char| c.is_whitespace() || c == ',').filter(|t| !t.is_empty()) {
        let (path, count) = token(t)?;
        for _ in 0..count {
            hops.extend_from_slice(&path);
        }
        if hops.len() > dice.moves_allowed() {
            return Err(errors().too_many);
        }
    }
    if hops.is_empty() {
        return Err(errors().empty);
    }
    Ok(hops)
}

/// A turn builder that plays and takes back single moves.
pub(crate) trait Steps {
    /// The game's reason a move cannot be played.
    type Error;
    /// Plays one checker from `from` to `to`, or says why not.
    fn step(&mut self, from: u8, to: u8) -> Result<(), Self::Error>;
    /// How many single moves have been played.
    fn made(&self) -> usize;
    /// Takes back the last single move.
    fn take_back(&mut self);
}

/// Plays every hop, or none: on the first refusal every hop played here is
/// taken back and the refusal returned.
pub(crate) fn play_all<S: Steps>(turn: &mut S, hops: &[(u8, u8)]) -> Result<(), S::Error> {
    let made = turn.made();
    for &(from, to) in hops {
        if let Err(e) = turn.step(from, to) {
            while turn.made() > made {
                turn.take_back();
            }
            return Err(e);
        }
    }
    Ok(())
}
