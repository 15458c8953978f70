//! Each game's engine code in a folder of its own, and the one place above
//! the core where a game chosen at run time reaches it.
//!
//! A game's folder holds what is its own: its network inputs, its
//! hand-written player, and its [`NetGame`] implementation (the shipped
//! weights, how its races are looked up, how its network is run fast).
//! Everything else (evaluators, search, players, levels, analysis, the
//! workshop's training and rollouts) is written once over [`NetGame`].
//!
//! [`for_game`] runs such code for a [`GameKind`], and [`ByGame`] on a
//! position of whichever game it is: the engine, the workshop, the server
//! and the command line all go through here. A new game is its folder,
//! one arm of [`for_game`] and one row of `encodings.rs` (its weights
//! files' code and input encodings).

use tavli_core::tavli::{AnyPosition, GameKind, GamePosition};

use crate::net_game::NetGame;

pub(crate) mod encodings;
pub mod fevga;
pub mod gulbara;
pub mod plakoto;
pub mod portes;

/// Code written once over [`NetGame`], run by [`for_game`] for a game
/// chosen at run time (a generic closure, which Rust has not).
pub trait GameCode {
    /// What it gives.
    type Out;
    /// Runs for game `P`.
    fn run<P: NetGame>(self) -> Self::Out;
}

/// Runs `code` for the game `kind`: every game is listed here, and only
/// here, with the code that plays it (a named game is its base's: Tapa,
/// Tsillitón and Mahbusa Plakoto's, Tabla Portes's, whose positions carry
/// the name).
pub fn for_game<C: GameCode>(kind: GameKind, code: C) -> C::Out {
    match kind {
        GameKind::Portes | GameKind::Tabla => code.run::<tavli_core::portes::Position>(),
        GameKind::Plakoto | GameKind::Tapa | GameKind::Tsilliton | GameKind::Mahbusa => {
            code.run::<tavli_core::Position>()
        }
        GameKind::Fevga => code.run::<tavli_core::fevga::Position>(),
        GameKind::GulBara => code.run::<tavli_core::gulbara::Position>(),
    }
}

/// Code written once over [`NetGame`], run by [`ByGame::by_game`] on a
/// position of whichever game it holds (a generic closure, which Rust
/// has not).
pub trait GameVisitor {
    /// What it gives.
    type Out;
    /// Runs on `pos`, a position of game `P`.
    fn visit<P: NetGame>(self, pos: &P) -> Self::Out;
}

/// Positions of the games with a network: each game's own, and
/// [`AnyPosition`], which is one of them.
pub trait ByGame: GamePosition {
    /// Runs `visitor` on this position as its own game's.
    fn by_game<V: GameVisitor>(&self, visitor: V) -> V::Out;
}

impl<P: NetGame> ByGame for P {
    fn by_game<V: GameVisitor>(&self, visitor: V) -> V::Out {
        visitor.visit(self)
    }
}

impl ByGame for AnyPosition {
    fn by_game<V: GameVisitor>(&self, visitor: V) -> V::Out {
        struct Inside<'a, V>(&'a AnyPosition, V);
        impl<V: GameVisitor> GameCode for Inside<'_, V> {
            type Out = V::Out;
            fn run<P: NetGame>(self) -> V::Out {
                let pos = P::from_any(self.0).expect("an AnyPosition of a game is that game's position");
                self.1.visit(&pos)
            }
        }
        for_game(self.kind(), Inside(self, visitor))
    }
}
