//! The position formats that every game shares, written once: so far
//! position JSON (`json`).
//!
//! A game says only what is its own: it implements a small trait (its
//! `game` name, its extra field, how a `board` entry goes into its
//! `Setup`). Each game's `from_json`, `to_json` and serde impls stay on its
//! `Position`, one line each, so their paths and documentation are
//! unchanged.
//!
//! Public only for [`PositionJsonError`], the generic error that each game's
//! `PositionJsonError` names with its own `PositionError`.

pub(crate) mod json;

pub use json::PositionJsonError;
