//! Seats of a match played online: each held by a secret the holder's
//! browser keeps (the store keeps only its digest), and who may act for
//! which side.

use tavli_core::Color;

use super::{ErrorKind, Seats, ServiceError};

/// A seat given to a browser: the side and its secret (shown once).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct SeatGrant {
    /// The seat's side.
    pub side: Color,
    /// The secret that holds it (64 hex digits); only its digest is kept.
    pub token: String,
}

/// 32 random bytes as hex: a seat's secret or an invitation.
pub(super) fn secret() -> String {
    let bytes: [u8; 32] = rand::random();
    bytes.iter().map(|b| format!("{b:02x}")).collect()
}

/// The SHA-256 digest (hex) of a secret: what the store keeps.
pub(super) fn digest(secret: &str) -> String {
    use sha2::{Digest, Sha256};
    Sha256::digest(secret.as_bytes()).iter().map(|b| format!("{b:02x}")).collect()
}

/// The side whose seat `token` holds, if any.
pub(super) fn holder(seats: &Seats, token: Option<&str>) -> Option<Color> {
    let digest = digest(token?);
    [Color::White, Color::Black].into_iter().find(|&c| {
        let held = if c == Color::White { &seats.white } else { &seats.black };
        held.as_deref() == Some(digest.as_str())
    })
}

/// Who may act for the side to act in an online match: the holder of
/// that side's seat (`token`); 403 for anyone else.
pub(super) fn check_seat(seats: &Seats, token: Option<&str>, side: Color) -> Result<(), ServiceError> {
    if !seats.online() {
        return Ok(());
    }
    match holder(seats, token) {
        Some(mine) if mine == side => Ok(()),
        Some(mine) => Err(ServiceError::conflict("not-your-turn", format!("it is {side}'s turn; your seat is {mine}"))),
        None => Err(ServiceError::new(
            ErrorKind::Forbidden,
            "not-your-seat",
            format!("only the holder of {side}'s seat can play {side}: this browser holds no seat in this match"),
        )),
    }
}
