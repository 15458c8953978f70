//! The database file: a header (magic, format version, the table's shape, a
//! note saying how to regenerate it, payload length and checksum) and the
//! payload, every distribution in index order. All integers little-endian.
//!
//! ```text
//! magic        8 bytes  "PLKBOFF\0"
//! version      u32      FORMAT_VERSION
//! positions    u32      54,264
//! max_turns    u32      MAX_TURNS
//! scale        u32      SCALE
//! note_len     u32      then note_len bytes of UTF-8
//! payload_len  u64
//! checksum     u64      FNV-1a 64 of the payload
//! payload      for each board index, its two distributions (all off,
//!              then first off), each: start u8, len u8, len × u16
//! ```
//!
//! Reading checks everything, down to each distribution adding up to
//! exactly `SCALE`: a file that fails any check is rebuilt, never trusted.

use thiserror::Error;

use super::index::POSITIONS;
use super::solve::MAX_TURNS;
use super::table::{Database, SCALE};

const MAGIC: &[u8; 8] = b"PLKBOFF\0";

/// Bump whenever the payload's meaning changes: the layout, the solver, or
/// the bearing-off rules of the core.
pub const FORMAT_VERSION: u32 = 1;

/// Carried in every file: what it is and how to make it again.
const NOTE: &str = "Plakoto one-sided bear-off database (all checkers in the home board, 0-15 on the board): \
     turns to bear off all and turns to bear off the first. Regenerate with `tavli bearoff build`.";

/// Why a file was not accepted.
#[derive(Debug, Error, PartialEq, Eq)]
pub enum FileError {
    /// The file does not start with the database's magic bytes.
    #[error("not a plakoto bear-off database (bad magic)")]
    Magic,
    /// The file is of another [`FORMAT_VERSION`].
    #[error("bear-off database format {found} is not this build's ({FORMAT_VERSION})")]
    Version {
        /// The version the file holds.
        found: u32,
    },
    /// A size in the header (named here) differs from this build's table.
    #[error("bear-off database shape differs from this build's: {0}")]
    Shape(&'static str),
    /// The file is shorter or longer than its header says.
    #[error("bear-off database is truncated or has a bad size")]
    Size,
    /// The payload does not match its checksum: the file is damaged.
    #[error("bear-off database checksum does not match: the file is damaged")]
    Checksum,
    /// A stored distribution of turns is empty or too long; holds the position's index.
    #[error("bear-off database holds an invalid distribution at index {0}")]
    Distribution(usize),
}

/// FNV-1a, 64 bits: enough to catch damage, with no dependency.
fn fnv1a(bytes: &[u8]) -> u64 {
    let mut h: u64 = 0xcbf2_9ce4_8422_2325;
    for &b in bytes {
        h ^= u64::from(b);
        h = h.wrapping_mul(0x0000_0100_0000_01b3);
    }
    h
}

impl Database {
    /// The file's bytes.
    pub fn to_bytes(&self) -> Vec<u8> {
        let mut payload = Vec::with_capacity(2 * self.data.len() + 2 * self.entries.len());
        for e in &self.entries {
            payload.push(e.start);
            payload.push(e.len);
            let o = e.offset as usize;
            for &v in &self.data[o..o + e.len as usize] {
                payload.extend_from_slice(&v.to_le_bytes());
            }
        }
        let mut out = Vec::with_capacity(payload.len() + 256);
        out.extend_from_slice(MAGIC);
        for x in [FORMAT_VERSION, POSITIONS as u32, MAX_TURNS as u32, SCALE, NOTE.len() as u32] {
            out.extend_from_slice(&x.to_le_bytes());
        }
        out.extend_from_slice(NOTE.as_bytes());
        out.extend_from_slice(&(payload.len() as u64).to_le_bytes());
        out.extend_from_slice(&fnv1a(&payload).to_le_bytes());
        out.extend_from_slice(&payload);
        out
    }

    /// Reads a file's bytes, checking every field.
    pub fn from_bytes(bytes: &[u8]) -> Result<Database, FileError> {
        let mut r = Reader { bytes, at: 0 };
        if r.take(8)? != MAGIC {
            return Err(FileError::Magic);
        }
        let version = r.u32()?;
        if version != FORMAT_VERSION {
            return Err(FileError::Version { found: version });
        }
        if r.u32()? != POSITIONS as u32 {
            return Err(FileError::Shape("number of positions"));
        }
        if r.u32()? != MAX_TURNS as u32 {
            return Err(FileError::Shape("maximum number of turns"));
        }
        if r.u32()? != SCALE {
            return Err(FileError::Shape("fixed-point scale"));
        }
        let note_len = r.u32()? as usize;
        r.take(note_len)?;
        let payload_len = r.u64()?;
        let checksum = r.u64()?;
        if payload_len != (bytes.len() - r.at) as u64 {
            return Err(FileError::Size);
        }
        let payload = &bytes[r.at..];
        if fnv1a(payload) != checksum {
            return Err(FileError::Checksum);
        }
        let mut p = Reader { bytes: payload, at: 0 };
        let mut db =
            Database { entries: Vec::with_capacity(2 * POSITIONS), data: Vec::with_capacity(payload.len() / 2) };
        let mut values = Vec::with_capacity(MAX_TURNS);
        for k in 0..2 * POSITIONS {
            let (start, len) = (p.u8()? as usize, p.u8()? as usize);
            if len == 0 || start + len > MAX_TURNS {
                return Err(FileError::Distribution(k / 2));
            }
            values.clear();
            for _ in 0..len {
                values.push(p.u16()?);
            }
            if values.iter().map(|&v| u32::from(v)).sum::<u32>() != SCALE {
                return Err(FileError::Distribution(k / 2));
            }
            db.push(start, &values);
        }
        if p.at != payload.len() {
            return Err(FileError::Size);
        }
        Ok(db)
    }
}

struct Reader<'a> {
    bytes: &'a [u8],
    at: usize,
}

impl<'a> Reader<'a> {
    fn take(&mut self, n: usize) -> Result<&'a [u8], FileError> {
        let end = self.at.checked_add(n).filter(|&e| e <= self.bytes.len()).ok_or(FileError::Size)?;
        let s = &self.bytes[self.at..end];
        self.at = end;
        Ok(s)
    }

    fn u8(&mut self) -> Result<u8, FileError> {
        Ok(self.take(1)?[0])
    }

    fn u16(&mut self) -> Result<u16, FileError> {
        Ok(u16::from_le_bytes(self.take(2)?.try_into().map_err(|_| FileError::Size)?))
    }

    fn u32(&mut self) -> Result<u32, FileError> {
        Ok(u32::from_le_bytes(self.take(4)?.try_into().map_err(|_| FileError::Size)?))
    }

    fn u64(&mut self) -> Result<u64, FileError> {
        Ok(u64::from_le_bytes(self.take(8)?.try_into().map_err(|_| FileError::Size)?))
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::bearoff::table::sample;

    #[test]
    fn round_trips() {
        let db = sample();
        assert_eq!(Database::from_bytes(&db.to_bytes()), Ok(db));
    }

    #[test]
    fn rejects_every_kind_of_damage() {
        let bytes = sample().to_bytes();
        let header = 8 + 5 * 4 + NOTE.len() + 2 * 8;
        let mut b = bytes.clone();
        b[0] = b'X';
        assert_eq!(Database::from_bytes(&b), Err(FileError::Magic));
        let mut b = bytes.clone();
        b[8] = 2;
        assert_eq!(Database::from_bytes(&b), Err(FileError::Version { found: 2 }));
        let mut b = bytes.clone();
        b[16] ^= 1;
        assert_eq!(Database::from_bytes(&b), Err(FileError::Shape("maximum number of turns")));
        let mut b = bytes.clone();
        b[header + 100] ^= 0x40;
        assert_eq!(Database::from_bytes(&b), Err(FileError::Checksum));
        assert_eq!(Database::from_bytes(&bytes[..bytes.len() - 1]), Err(FileError::Size));
        assert_eq!(Database::from_bytes(&bytes[..5]), Err(FileError::Size));
        assert_eq!(Database::from_bytes(&[]), Err(FileError::Size));
    }

    #[test]
    fn rejects_a_distribution_that_does_not_add_up_even_with_a_good_checksum() {
        let mut db = sample();
        db.data[1] -= 1;
        assert_eq!(Database::from_bytes(&db.to_bytes()), Err(FileError::Distribution(0)));
    }
}
