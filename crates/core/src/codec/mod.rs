//! The position formats that every game shares, written once: position
//! JSON (`json`) and the position ID's framing (`id`).
//!
//! A game says only what is its own. For JSON it implements a small trait
//! (its `game` name, its extra field, how a `board` entry goes into its
//! `Setup`); for the ID it gives a descriptor (prefix, length) and writes
//! and reads its own layout of points, bar and pins with the shared bit
//! reader and writer. Each game's `from_json`, `to_json`, `from_id`, `id`
//! and serde impls stay on its `Position`, one line each, so their paths and
//! documentation are unchanged.
//!
//! Public only for [`PositionJsonError`], the generic error that each game's
//! `PositionJsonError` names with its own `PositionError`.

pub(crate) mod id;
pub(crate) mod json;

pub use json::PositionJsonError;
