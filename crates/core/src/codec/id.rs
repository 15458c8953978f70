//! The position IDs' framing, written once for every game: a bit string,
//! most significant bit of each byte first, whose first bit is the side on
//! roll (0 White, 1 Black), padded with zeros to whole bytes and written in
//! unpadded base64url (`A–Z a–z 0–9 - _`) after the game's prefix (none for
//! Plakoto, `p.` for Portes, `f.` for Fevga; base64url never holds a dot, so
//! the prefixes cannot be mistaken for a Plakoto ID).
//!
//! A named game (Tapa, Tsillitón, Mahbusa, Tabla: a game played by another
//! game's code) writes its base's ID after a marker of its own instead of
//! its base's prefix: its name and a dot ([`name_marker`], `tapa.…`,
//! `tabla.…`), so an ID says which game it is a position of and the IDs of
//! the base games are unchanged.
//!
//! Each game lays out its own bits after the first (its points, bar, pins)
//! with [`BitWriter`] and [`BitReader`]. Reading refuses empty, over-long
//! and non-base64url text, bits that run out, more than 15 checkers a side
//! and anything but zero padding after the position: the faults of
//! [`IdFault`], which each game's `PositionIdError` spells its own way.

use base64::Engine;
use base64::engine::general_purpose::URL_SAFE_NO_PAD;

use crate::color::Color;

/// A fault of an ID's framing, found the same way in every game.
#[derive(Clone, Debug, PartialEq, Eq)]
pub(crate) enum IdFault {
    /// The ID is empty (or only white space).
    Empty,
    /// The ID is longer than any of its game's.
    TooLong {
        /// Its length in characters.
        chars: usize,
        /// The longest an ID of the game can be.
        max: usize,
    },
    /// The text after the prefix is not unpadded base64url: what is wrong
    /// and where, in words of the ID ([`base64_words`]).
    Base64(String),
    /// The bits ran out while reading this part.
    Truncated(&'static str),
    /// The ID gives this side more than 15 checkers.
    TooManyCheckers(Color),
    /// Bits other than zero padding follow the position.
    TrailingData,
}

/// The error a game gives for a text without its prefix (the trimmed text).
pub(crate) type NotOurs<E> = fn(&str) -> E;

/// A game's position ID: the text before its bits and its longest length.
pub(crate) struct IdFormat<E> {
    /// The prefix and the error for a text without it; `None` for
    /// Plakoto's IDs, which came first and have none.
    pub(crate) prefix: Option<(&'static str, NotOurs<E>)>,
    /// The most characters an ID of the game has, its prefix included.
    pub(crate) max_len: usize,
}

impl<E: From<IdFault>> IdFormat<E> {
    /// The ID of a position with `turn` on roll whose other bits `body` writes.
    pub(crate) fn write(&self, turn: Color, body: impl FnOnce(&mut BitWriter)) -> String {
        let mut w = BitWriter::default();
        w.push(turn == Color::Black);
        body(&mut w);
        let prefix = self.prefix.map_or("", |(p, _)| p);
        format!("{prefix}{}", URL_SAFE_NO_PAD.encode(&w.bytes))
    }

    /// Unwraps an ID (white space around it ignored) down to its bits: the
    /// side on roll and a reader at the game's first own bit.
    pub(crate) fn read(&self, id: &str) -> Result<(Color, BitReader), E> {
        let id = id.trim();
        if id.is_empty() {
            return Err(IdFault::Empty.into());
        }
        // The prefix first: a text of another kind is named as such, however long.
        let body = match self.prefix {
            Some((prefix, not_ours)) => id.strip_prefix(prefix).ok_or_else(|| not_ours(id))?,
            None => id,
        };
        // In characters, as the message counts them (a long non-ASCII text
        // is not called longer than it looks; base64url refuses it anyway).
        let chars = id.chars().count();
        if chars > self.max_len {
            return Err(IdFault::TooLong { chars, max: self.max_len }.into());
        }
        let skip = id.len() - body.len();
        let bytes = URL_SAFE_NO_PAD.decode(body).map_err(|e| IdFault::Base64(base64_words(id, skip, &e, URL)))?;
        let mut r = BitReader { bytes, pos: 0 };
        let turn = if r.bit("the side on roll")? { Color::Black } else { Color::White };
        Ok((turn, r))
    }
}

/// The marker a named game's IDs start with: its name and a dot (`tapa.`);
/// `None` for the games with code of their own, whose IDs have their own
/// prefix or none.
pub(crate) const fn name_marker(game: crate::tavli::GameKind) -> Option<&'static str> {
    use crate::tavli::GameKind;
    match game {
        GameKind::Tapa => Some("tapa."),
        GameKind::Tsilliton => Some("tsilliton."),
        GameKind::Mahbusa => Some("mahbusa."),
        GameKind::Tabla => Some("tabla."),
        GameKind::Portes | GameKind::Plakoto | GameKind::Fevga | GameKind::GulBara => None,
    }
}

/// The named game of `base` whose marker `id` starts with, if any.
pub(crate) fn named_in(id: &str, base: crate::tavli::GameKind) -> Option<(crate::tavli::GameKind, &'static str)> {
    let id = id.trim_start();
    crate::tavli::GameKind::NAMED
        .into_iter()
        .filter(|g| g.base() == base)
        .find_map(|g| name_marker(g).filter(|m| id.starts_with(m)).map(|m| (g, m)))
}

/// The kind of base64 an ID is written in, for saying why a text is not.
pub(crate) struct Base64Kind {
    /// Its name: `base64url`, `base64`.
    pub(crate) name: &'static str,
    /// Its letters, as a message lists them.
    pub(crate) letters: &'static str,
}

/// This project's IDs: unpadded base64url.
pub(crate) const URL: Base64Kind = Base64Kind { name: "base64url", letters: "A–Z, a–z, 0–9, - and _" };

/// GNU Backgammon's IDs: standard base64.
pub(crate) const STANDARD: Base64Kind = Base64Kind { name: "base64", letters: "A–Z, a–z, 0–9, + and /" };

/// Why the ID `id`, whose base64 text starts after its first `skip` bytes
/// (its prefix), failed to decode (`e`), in words of the ID: the letter at
/// fault and where it stands, counted in characters of the ID from 1
/// (`a position ID is base64url: `!` at character 3 is not one of its
/// letters (A–Z, a–z, 0–9, - and _)`), never the decoder's own text.
pub(crate) fn base64_words(id: &str, skip: usize, e: &base64::DecodeError, kind: Base64Kind) -> String {
    let body = &id[skip..];
    let at = |offset: usize| {
        let offset = offset.min(body.len());
        // The decoder counts bytes; a person counts characters.
        let start = (0..=offset).rev().find(|&i| body.is_char_boundary(i)).unwrap_or(0);
        let c = body[start..].chars().next().unwrap_or('?');
        (c, id[..skip + start].chars().count() + 1)
    };
    let lead = format!("a position ID is {}", kind.name);
    match e {
        base64::DecodeError::InvalidByte(offset, _) => {
            let (c, n) = at(*offset);
            format!("{lead}: `{c}` at character {n} is not one of its letters ({})", kind.letters)
        }
        base64::DecodeError::InvalidLastSymbol { offset, .. } => {
            let (c, n) = at(*offset);
            format!(
                "{lead}: its last letter `{c}` (character {n}) sets bits past its last whole byte, which must be 0 \
                 (a letter changed, or letters missing)"
            )
        }
        base64::DecodeError::InvalidLength(_) | base64::DecodeError::InvalidPadding => {
            let n = body.chars().count();
            format!(
                "{lead}: {n} letters{} write no whole number of bytes (a letter is missing or one too many)",
                if skip > 0 { " after its prefix" } else { "" }
            )
        }
    }
}

/// Bits written most significant first into whole bytes.
#[derive(Default)]
pub(crate) struct BitWriter {
    bytes: Vec<u8>,
    len: usize,
}

impl BitWriter {
    /// Writes one bit.
    pub(crate) fn push(&mut self, bit: bool) {
        if self.len.is_multiple_of(8) {
            self.bytes.push(0);
        }
        if bit && let Some(last) = self.bytes.last_mut() {
            *last |= 0x80 >> (self.len % 8);
        }
        self.len += 1;
    }

    /// Writes `n` in unary: `n` one bits, then a zero.
    pub(crate) fn unary(&mut self, n: u8) {
        for _ in 0..n {
            self.push(true);
        }
        self.push(false);
    }
}

/// Bits read back as [`BitWriter`] wrote them, each fault named.
pub(crate) struct BitReader {
    bytes: Vec<u8>,
    pos: usize,
}

impl BitReader {
    /// The next bit; `what` names the part being read if there is none.
    pub(crate) fn bit(&mut self, what: &'static str) -> Result<bool, IdFault> {
        let byte = self.bytes.get(self.pos / 8).ok_or(IdFault::Truncated(what))?;
        let bit = byte & (0x80 >> (self.pos % 8)) != 0;
        self.pos += 1;
        Ok(bit)
    }

    /// One side's checkers on `N` places in order, each a unary count; a side
    /// has at most 15 checkers in all.
    pub(crate) fn side<const N: usize>(&mut self, color: Color) -> Result<[u8; N], IdFault> {
        let mut counts = [0u8; N];
        let mut total = 0u32;
        for count in &mut counts {
            while self.bit("the checkers")? {
                total += 1;
                if total > 15 {
                    return Err(IdFault::TooManyCheckers(color));
                }
                *count += 1;
            }
        }
        Ok(counts)
    }

    /// Checks that only zero padding, to the next whole byte, is left: an ID
    /// is canonical, one text for one position.
    pub(crate) fn finish(self) -> Result<(), IdFault> {
        if self.bytes.len() != self.pos.div_ceil(8) {
            return Err(IdFault::TrailingData);
        }
        let padding = self.pos % 8;
        match self.bytes.last() {
            Some(last) if padding != 0 && last & (0xFF >> padding) != 0 => Err(IdFault::TrailingData),
            _ => Ok(()),
        }
    }
}
