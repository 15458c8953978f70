//! Each game's evaluator, made once: [`GameEvals`] holds one per
//! [`GameKind`], for code that reaches a game through
//! [`for_game`](crate::for_game) or [`ByGame`](crate::ByGame).

use std::any::Any;
use std::sync::Arc;

use tavli_core::Position;
use tavli_core::tavli::GameKind;

use crate::NetEval;
use crate::NeuralEval;
use crate::bearoff::Database;
use crate::games::{GameCode, for_game};
use crate::net_game::NetGame;

/// The evaluator of each game, made once and shared by its clones.
#[derive(Clone)]
pub struct GameEvals {
    /// Game `P`'s `NetEval<P>` at `P::KIND`'s place in [`GameKind::ALL`].
    evals: Vec<Arc<dyn Any + Send + Sync>>,
}

impl GameEvals {
    /// `plakoto` for Plakoto (the network a front end was given), and for
    /// every other game its shipped network (or, while it ships none, its
    /// stand-in: [`NetGame::playing_network`]) with `plakoto`'s bear-off
    /// database for races: the evaluators the built-in levels play with.
    pub fn around(plakoto: NeuralEval) -> GameEvals {
        /// A game's evaluator of the levels.
        struct Shipped(Option<Arc<Database>>);
        impl GameCode for Shipped {
            type Out = Arc<dyn Any + Send + Sync>;
            fn run<P: NetGame>(self) -> Self::Out {
                Arc::new(P::playing_eval(self.0))
            }
        }
        let bearoff = plakoto.bearoff().cloned();
        let evals = GameKind::ALL.iter().map(|&k| for_game(k, Shipped(bearoff.clone()))).collect();
        GameEvals { evals }.with::<Position>(plakoto)
    }

    /// These evaluators with `eval` for game `P`.
    pub fn with<P: NetGame>(mut self, eval: NetEval<P>) -> GameEvals {
        self.evals[place(P::KIND)] = Arc::new(eval);
        self
    }

    /// The evaluator of game `P`.
    pub fn get<P: NetGame>(&self) -> &NetEval<P> {
        self.evals[place(P::KIND)].downcast_ref().expect("each game's place holds that game's evaluator")
    }
}

/// `kind`'s place in [`GameKind::ALL`].
fn place(kind: GameKind) -> usize {
    GameKind::ALL.iter().position(|&k| k == kind).expect("every game is in GameKind::ALL")
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::games::{ByGame, GameVisitor};
    use crate::{Evaluator, GameEvals, NeuralEval};
    use tavli_core::tavli::AnyPosition;
    use tavli_core::{fevga, gulbara, portes};

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
                AnyPosition::GulBara(p) => evals.get::<gulbara::Position>().probabilities(&p).equity(),
            };
            assert_eq!(equity, own, "{kind}");
        }
        // A game's own position visits as itself.
        assert_eq!(portes::Position::start().by_game(Evaluate(&evals)).0, GameKind::Portes);
    }
}
