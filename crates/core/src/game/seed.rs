//! The seed a match's dice come from, and its commitment.
//!
//! Fair dice: nobody playing may know a roll before it is rolled, yet a
//! finished match must prove its dice were not chosen after the fact. So a
//! match's seed is a 256-bit secret, written out as 64 hex digits; while the
//! match is played only its SHA-256 digest (the commitment) is shown, and
//! once the match is over the seed itself, which anyone can then check
//! against the commitment (`printf %s SEED | sha256sum`) and replay. A
//! number below 2⁶⁴ is a seed too (`tavli play --seed 42`, a test): fine
//! for repeating a match, but guessable, so not a secret.

use std::fmt;

use serde::de::{self, Visitor};
use serde::{Deserialize, Deserializer, Serialize, Serializer};
use sha2::{Digest, Sha256};

use super::dice_stream::ChaCha8;

/// A match's seed: a secret of 32 bytes, or a plain number.
///
/// ```
/// use tavli_core::game::Seed;
/// let s = Seed::Secret([7; 32]);
/// assert_eq!(s.to_string().len(), 64);
/// assert_eq!(s.to_string().parse::<Seed>().unwrap(), s);
/// assert_eq!("42".parse::<Seed>().unwrap(), Seed::Number(42));
/// // The commitment is the SHA-256 of the seed as written.
/// assert_eq!(Seed::Number(42).commitment(), "73475cb40a568e8da8a045ced110137e159f890ac4da883b6b17dc651b3a8049");
/// ```
#[derive(Clone, Copy, PartialEq, Eq, Hash)]
pub enum Seed {
    /// A number, written in decimal: repeatable, not secret.
    Number(u64),
    /// 32 random bytes, written as 64 lowercase hex digits.
    Secret([u8; 32]),
}

impl Seed {
    /// The SHA-256 digest of the seed as written (its decimal or hex text),
    /// in lowercase hex: shown while the match is played, it commits to the
    /// seed without revealing it.
    pub fn commitment(&self) -> String {
        hex(&Sha256::digest(self.to_string().as_bytes()))
    }

    /// The dice generator this seed starts: ChaCha8 keyed with the secret's
    /// bytes, or with the number spread over 32 bytes by PCG32.
    pub(crate) fn rng(&self) -> ChaCha8 {
        match self {
            Seed::Number(n) => ChaCha8::from_u64(*n),
            Seed::Secret(bytes) => ChaCha8::from_key(*bytes),
        }
    }

    /// A 64-bit value derived from the seed and `parts`, for choices that
    /// must be repeatable yet reveal nothing of the seed (an engine's
    /// random choices on a turn). For a number, a mix of it (it is no
    /// secret); for a secret, bytes of a SHA-256 over it and `parts`.
    pub(crate) fn derive(&self, parts: &[u64]) -> u64 {
        match self {
            Seed::Number(n) => parts.iter().enumerate().fold(splitmix(*n), |z, (i, &p)| {
                splitmix(z ^ p.rotate_left(17 * i as u32 + 1) ^ (i as u64 + 1).wrapping_mul(0x9E37_79B9_7F4A_7C15))
            }),
            Seed::Secret(bytes) => {
                let mut h = Sha256::new();
                h.update(b"plakoto-derive");
                h.update(bytes);
                for p in parts {
                    h.update(p.to_le_bytes());
                }
                let d = h.finalize();
                u64::from_le_bytes([d[0], d[1], d[2], d[3], d[4], d[5], d[6], d[7]])
            }
        }
    }
}

/// What joins a server's committed secret with the two players'
/// contributions in the key of a match's dice ([`Seed::joint`]).
pub const JOINT_DICE_DOMAIN: &str = "plakoto-joint-dice";

impl Seed {
    /// The seed of a match's dice made from this seed (the server's secret,
    /// committed to before either player contributed) and each side's
    /// contribution: a secret whose 32 bytes are the SHA-256 of
    /// `plakoto-joint-dice:SEED:WHITE:BLACK`, each part as written (the seed
    /// in decimal or 64 hex digits, the contributions in 64 hex digits), so
    /// `printf %s … | sha256sum` recomputes it. Neither player knows the
    /// secret, and the secret was fixed before the contributions came, so
    /// nobody alone can know or choose the dice.
    ///
    /// ```
    /// use tavli_core::game::{Contribution, Seed};
    /// let s = Seed::Secret([1; 32]);
    /// let (w, b) = (Contribution([2; 32]), Contribution([3; 32]));
    /// assert_ne!(s.joint(&w, &b), s.joint(&b, &w));
    /// assert!(matches!(s.joint(&w, &b), Seed::Secret(_)));
    /// ```
    pub fn joint(&self, white: &Contribution, black: &Contribution) -> Seed {
        let text = format!("{JOINT_DICE_DOMAIN}:{self}:{white}:{black}");
        Seed::Secret(Sha256::digest(text.as_bytes()).into())
    }
}

/// One player's share of the dice of a match between two people: 32 random
/// bytes its client chose, written as 64 lowercase hex digits. See
/// [`Seed::joint`].
#[derive(Clone, Copy, PartialEq, Eq, Hash)]
pub struct Contribution(pub [u8; 32]);

impl fmt::Display for Contribution {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(&hex(&self.0))
    }
}

impl fmt::Debug for Contribution {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "Contribution({self})")
    }
}

/// Why a text is not a contribution.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
#[error("`{0}` is not a dice contribution: write 64 hex digits (32 random bytes)")]
pub struct ContributionError(pub String);

impl std::str::FromStr for Contribution {
    type Err = ContributionError;

    fn from_str(s: &str) -> Result<Contribution, ContributionError> {
        let t = s.trim();
        match hex32(t) {
            Some(bytes) => Ok(Contribution(bytes)),
            None => Err(ContributionError(crate::quote::excerpt_of(t, 80))),
        }
    }
}

impl Serialize for Contribution {
    fn serialize<S: Serializer>(&self, s: S) -> Result<S::Ok, S::Error> {
        s.collect_str(self)
    }
}

impl<'de> Deserialize<'de> for Contribution {
    fn deserialize<D: Deserializer<'de>>(d: D) -> Result<Contribution, D::Error> {
        let s = String::deserialize(d)?;
        s.parse().map_err(de::Error::custom)
    }
}

/// 64 hex digits as 32 bytes.
fn hex32(t: &str) -> Option<[u8; 32]> {
    if t.len() != 64 || !t.bytes().all(|b| b.is_ascii_hexdigit()) {
        return None;
    }
    let mut bytes = [0u8; 32];
    for (i, pair) in t.as_bytes().chunks(2).enumerate() {
        bytes[i] = u8::from_str_radix(std::str::from_utf8(pair).ok()?, 16).ok()?;
    }
    Some(bytes)
}

/// splitmix64's finaliser: nearby inputs give unrelated outputs.
fn splitmix(mut z: u64) -> u64 {
    z = z.wrapping_add(0x9E37_79B9_7F4A_7C15);
    z = (z ^ (z >> 30)).wrapping_mul(0xBF58_476D_1CE4_E5B9);
    z = (z ^ (z >> 27)).wrapping_mul(0x94D0_49BB_1331_11EB);
    z ^ (z >> 31)
}

fn hex(bytes: &[u8]) -> String {
    bytes.iter().map(|b| format!("{b:02x}")).collect()
}

impl From<u64> for Seed {
    fn from(n: u64) -> Seed {
        Seed::Number(n)
    }
}

impl fmt::Display for Seed {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Seed::Number(n) => write!(f, "{n}"),
            Seed::Secret(b) => f.write_str(&hex(b)),
        }
    }
}

impl fmt::Debug for Seed {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "Seed({self})")
    }
}

/// Why a text is not a seed.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
#[error("`{0}` is not a seed: write a whole number below 2^64, or 64 hex digits")]
pub struct SeedError(pub String);

impl std::str::FromStr for Seed {
    type Err = SeedError;

    fn from_str(s: &str) -> Result<Seed, SeedError> {
        let t = s.trim();
        let bad = || SeedError(crate::quote::excerpt_of(t, 80));
        if let Some(bytes) = hex32(t) {
            return Ok(Seed::Secret(bytes));
        }
        if !t.is_empty() && t.bytes().all(|b| b.is_ascii_digit()) {
            return t.parse::<u64>().map(Seed::Number).map_err(|_| bad());
        }
        Err(bad())
    }
}

impl Serialize for Seed {
    /// A number as a JSON number; a secret as a string of 64 hex digits.
    fn serialize<S: Serializer>(&self, s: S) -> Result<S::Ok, S::Error> {
        match self {
            Seed::Number(n) => s.serialize_u64(*n),
            Seed::Secret(_) => s.collect_str(self),
        }
    }
}

impl<'de> Deserialize<'de> for Seed {
    fn deserialize<D: Deserializer<'de>>(d: D) -> Result<Seed, D::Error> {
        struct V;
        impl Visitor<'_> for V {
            type Value = Seed;
            fn expecting(&self, f: &mut fmt::Formatter) -> fmt::Result {
                f.write_str("a seed: a whole number, or a string of 64 hex digits")
            }
            fn visit_u64<E: de::Error>(self, n: u64) -> Result<Seed, E> {
                Ok(Seed::Number(n))
            }
            fn visit_i64<E: de::Error>(self, n: i64) -> Result<Seed, E> {
                u64::try_from(n).map(Seed::Number).map_err(|_| E::custom(format!("a seed is not negative ({n})")))
            }
            fn visit_str<E: de::Error>(self, s: &str) -> Result<Seed, E> {
                s.parse().map_err(E::custom)
            }
        }
        d.deserialize_any(V)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn seeds_round_trip_through_text_and_json() {
        for seed in [Seed::Number(0), Seed::Number(u64::MAX), Seed::Secret([0xab; 32])] {
            assert_eq!(seed.to_string().parse::<Seed>().unwrap(), seed);
            let json = serde_json::to_string(&seed).unwrap();
            assert_eq!(serde_json::from_str::<Seed>(&json).unwrap(), seed);
        }
        assert_eq!(serde_json::to_string(&Seed::Number(7)).unwrap(), "7");
        for bad in ["", "-1", "12a", "abc", &"f".repeat(63), &"g".repeat(64), "18446744073709551616"] {
            assert!(bad.parse::<Seed>().is_err(), "{bad}");
        }
        assert!(serde_json::from_str::<Seed>("-3").is_err());
        assert!(serde_json::from_str::<Seed>("1.5").is_err());
    }

    #[test]
    fn derived_values_differ_by_part_and_secret() {
        let s = Seed::Secret([1; 32]);
        assert_ne!(s.derive(&[1, 0]), s.derive(&[2, 0]));
        assert_ne!(s.derive(&[1, 0]), s.derive(&[1, 1]));
        assert_ne!(s.derive(&[1, 0]), Seed::Secret([2; 32]).derive(&[1, 0]));
        assert_eq!(s.derive(&[1, 5]), s.derive(&[1, 5]));
        let n = Seed::Number(3);
        assert_ne!(n.derive(&[1, 0]), n.derive(&[2, 0]));
    }
}
