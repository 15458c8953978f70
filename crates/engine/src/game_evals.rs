//! A way to run code written once over [`NetGame`] on a position of
//! whichever game it is, with each game's evaluator from
//! [`GameEvals`](crate::GameEvals): how a review of a Tavli match, whose
//! games change, ranks every turn with its own game's network.

use tavli_core::tavli::{AnyPosition, GamePosition};
use tavli_core::{Position, fevga, portes};

use crate::net_game::NetGame;

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
        match self {
            AnyPosition::Portes(p) => visitor.visit(p),
            AnyPosition::Plakoto(p) => visitor.visit(p),
            AnyPosition::Fevga(p) => visitor.visit(p),
        }
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
                AnyPosition::Portes(p) => evals.portes.probabilities(&p).equity(),
                AnyPosition::Plakoto(p) => evals.plakoto.probabilities(&p).equity(),
                AnyPosition::Fevga(p) => evals.fevga.probabilities(&p).equity(),
            };
            assert_eq!(equity, own, "{kind}");
        }
        // A game's own position visits as itself.
        assert_eq!(portes::Position::start().by_game(Evaluate(&evals)).0, GameKind::Portes);
    }
}
