//! What a weights file says about its game: the game's code in the file
//! and the input encodings this build reads. Apart from [`for_game`]
//! (crate::games::for_game) so that reading a weights file does not
//! depend on the evaluators built over it.

use tavli_core::tavli::GameKind;

use super::{fevga, gulbara, plakoto, portes};
use crate::inputs::Encodings;

/// The weights-file facts of `game` (a named game's are its base's: it is
/// played by the base's networks).
pub(crate) fn of(game: GameKind) -> Encodings {
    match game {
        GameKind::Plakoto | GameKind::Tapa | GameKind::Tsilliton | GameKind::Mahbusa => plakoto::inputs::ENCODINGS,
        GameKind::Portes | GameKind::Tabla => portes::inputs::ENCODINGS,
        GameKind::Fevga => fevga::inputs::ENCODINGS,
        GameKind::GulBara => gulbara::inputs::ENCODINGS,
    }
}

/// The game whose weights files carry `code`.
pub(crate) fn game_of_code(code: u32) -> Option<GameKind> {
    GameKind::ALL.into_iter().find(|&g| of(g).file_code == code)
}
