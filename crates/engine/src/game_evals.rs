//! The one place above the core where a game chosen at run time reaches
//! its code: [`for_game`] runs code written once over [`NetGame`] for a
//! [`GameKind`], and [`ByGame`] on a position of whichever game it is,
//! with each game's evaluator from [`GameEvals`](crate::GameEvals). The
//! engine, the workshop, the server and the command line all go through
//! here; a new game is one more arm of [`for_game`].

use std::any::Any;
use std::sync::Arc;

use tavli_core::tavli::{AnyPosition, GameKind, GamePosition};
use tavli_core::{Position, fevga, portes};

use crate::NeuralEval;
use crate::bearoff::Database;
use crate::net_game::NetGame;

/// Code written once over [`NetGame`], run by [`for_game`] for a game
/// chosen at run time (a generic closure, which Rust has not).
pub trait GameCode {
    /// What it gives.
    type Out;
    /// Runs for game `P`.
    fn run<P: NetGame>(self) -> Self::Out;
}

/// Runs `code` for the game `kind`: every game with a network is listed
/// here, and only here.
pub fn for_game<C: GameCode>(kind: GameKind, code: C) -> C::Out {
    match kind {
        GameKind::Portes => code.run::<portes::Position>(),
        GameKind::Plakoto => code.run::<Position>(),
        GameKind::Fevga => code.run::<fevga::Position>(),
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

/// The evaluator of each game, made once and shared by its clones.
#[derive(Clone)]
pub struct GameEvals {
    /// Game `P`'s `P::Eval` at `P::KIND`'s place in [`GameKind::ALL`].
    evals: Vec<Arc<dyn Any + Send + Sync>>,
}

impl GameEvals {
    /// `plakoto` for Plakoto (the network a front end was given), and for
    /// every other game its shipped network with `plakoto`'s bear-off
    /// database for races: the evaluators the built-in levels play with.
    pub fn around(plakoto: NeuralEval) -> GameEvals {
        /// A game's shipped evaluator.
        struct Shipped(Option<Arc<Database>>);
        impl GameCode for Shipped {
            type Out = Arc<dyn Any + Send + Sync>;
            fn run<P: NetGame>(self) -> Self::Out {
                Arc::new(P::shipped_eval(self.0).expect("every game ships a network"))
            }
        }
        let bearoff = plakoto.bearoff().cloned();
        let evals = GameKind::ALL.iter().map(|&k| for_game(k, Shipped(bearoff.clone()))).collect();
        GameEvals { evals }.with::<Position>(plakoto)
    }

    /// These evaluators with `eval` for game `P`.
    pub fn with<P: NetGame>(mut self, eval: P::Eval) -> GameEvals {
        self.evals[place(P::KIND)] = Arc::new(eval);
        self
    }

    /// The evaluator of game `P`.
    pub fn get<P: NetGame>(&self) -> &P::Eval {
        self.evals[place(P::KIND)].downcast_ref().expect("each game's place holds that game's evaluator")
    }
}

/// `kind`'s place in [`GameKind::ALL`].
fn place(kind: GameKind) -> usize {
    GameKind::ALL.iter().position(|&k| k == kind).expect("every game is in GameKind::ALL")
}

/// Positions of the games with a network: each game's own, and
/// [`AnyPosition`], which is one of them.
pub trait ByGame: GamePosition {
    /// Runs `visitor` on this position as its own game's.
    fn by_game<V: GameVisitor>(&self, visitor: V) -> V::Out;
}

impl ByGame for Position {
    fn by_game<V: GameVisitor>(&self, visitor: V) -> V::Out {
        visitor.visit(self)
    }
}

impl ByGame for portes::Position {
    fn by_game<V: GameVisitor>(&self, visitor: V) -> V::Out {
        visitor.visit(self)
    }
}

impl ByGame for fevga::Position {
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

#[cfg(test)]
mod tests {
    use super::*;
    use crate::{Evaluator, GameEvals, NeuralEval};
    use tavli_core::tavli::GameKind;

    /// Names the game it was run on and evaluates the position with that
    /// game's evaluator.
    struct Evaluate<'a>(&'a GameEvals);
    impl GameVisitor for Evaluate<'_> {
        type Out = (GameKind, f32);
        fn visit<P: NetGame>(self, pos: &P) -> (GameKind, f32) {
            (P::KIND, self.0.get::<P>().probabilities(pos).equity())
        }
    }

    #[test]
    fn a_position_of_any_game_is_evaluated_by_its_own_games_evaluator() {
        let evals = GameEvals::around(NeuralEval::shipped(None));
        for kind in GameKind::ALL {
            let any = AnyPosition::start(kind);
            let (seen, equity) = any.by_game(Evaluate(&evals));
            assert_eq!(seen, kind);
            let own = match any {
                AnyPosition::Portes(p) => evals.get::<portes::Position>().probabilities(&p).equity(),
                AnyPosition::Plakoto(p) => evals.get::<Position>().probabilities(&p).equity(),
                AnyPosition::Fevga(p) => evals.get::<fevga::Position>().probabilities(&p).equity(),
            };
            assert_eq!(equity, own, "{kind}");
        }
        // A game's own position visits as itself.
        assert_eq!(portes::Position::start().by_game(Evaluate(&evals)).0, GameKind::Portes);
    }
}
