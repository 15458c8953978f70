//! Match ids: 12 random URL-safe characters, and the check that keeps
//! anything else from reaching the store.

use rand::RngExt;

const ID_ALPHABET: &[u8] = b"ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-_";

/// A new match id: 12 random URL-safe characters (72 bits).
pub(super) fn new_id() -> String {
    let mut rng = rand::rng();
    (0..12).map(|_| ID_ALPHABET[rng.random_range(0..ID_ALPHABET.len())] as char).collect()
}

/// Could `id` be a match id? (Anything else is not found without a look-up.)
pub(super) fn valid_id(id: &str) -> bool {
    (1..=32).contains(&id.len()) && id.bytes().all(|b| ID_ALPHABET.contains(&b))
}
