//! What makes a game playable by a network: how its positions become
//! inputs, which evaluator runs its network, and the heuristic player its
//! training is measured against. Plakoto's and Portes's positions implement
//! [`NetGame`]; training and the greedy player are written once over it.

use std::sync::Arc;

use tavli_core::Position;
use tavli_core::tavli::{GameKind, GamePosition};
use tavli_core::{fevga, portes};

use crate::bearoff::Database;
use crate::evaluator::Evaluator;
use crate::fastnet::FastNet;
use crate::inputs::{self, Inputs};
use crate::network::{Network, OUTPUTS};
use crate::neural::{NeuralEval, from_outputs};
use crate::player::Player;
use crate::probabilities::Probabilities;
use crate::{FevgaHeuristic, HeuristicPlayer, PortesHeuristic};
use crate::{fevga_inputs, portes_inputs};

/// A game whose positions a network evaluates.
pub trait NetGame: GamePosition {
    /// The game.
    const KIND: GameKind;
    /// Whether a game can end drawn (Plakoto's mother rule); otherwise the
    /// network's draw output is ignored and read as 0.
    const DRAWS: bool;
    /// How much of a level's noise (in equity) this game's players add:
    /// the plays of a roll lie closer together in some games than in
    /// others, so the same noise would make a weaker player there.
    const NOISE_SCALE: f32 = 1.0;
    /// The evaluator that runs a network of this game.
    type Eval: Evaluator<Self> + Clone + Send + Sync + 'static;

    /// The network inputs of this position (`out` cleared first).
    fn encode(&self, out: &mut Inputs);

    /// The first input of each point's count inputs in this game's
    /// encoding (the groups [`FastNet`] sums in advance).
    fn point_groups() -> Vec<usize>;

    /// The network's outputs for this position through `fast` (prepared
    /// with [`NetGame::point_groups`]): the same as [`NetGame::encode`] and
    /// [`Network::forward`], faster.
    fn forward(&self, fast: &FastNet) -> [f32; OUTPUTS];

    /// An evaluator running `net` (a network of [`NetGame::KIND`]), with
    /// the pure bear-off races of the game looked up in `bearoff` when one
    /// is given.
    fn evaluator(net: Arc<Network>, bearoff: Option<Arc<Database>>) -> Self::Eval;

    /// The network `eval` runs (what tells two evaluators apart).
    fn network(eval: &Self::Eval) -> &Arc<Network>;

    /// The network shipped in the binary for this game, if it has one.
    fn shipped() -> Option<Arc<Network>>;

    /// The evaluator of the built-in levels: the shipped network, with
    /// `bearoff` for races.
    fn shipped_eval(bearoff: Option<Arc<Database>>) -> Option<Self::Eval> {
        Self::shipped().map(|net| Self::evaluator(net, bearoff))
    }

    /// The hand-written player a network of this game is measured against.
    fn heuristic() -> Box<dyn Player<Self>>;

    /// The exact probabilities of a pure bear-off race from `db`; `None`
    /// when the position is not one (or the game's evaluator looks races up
    /// itself, as Plakoto's does).
    fn race(&self, _db: &Database) -> Option<Probabilities> {
        None
    }
}

impl NetGame for Position {
    const KIND: GameKind = GameKind::Plakoto;
    const DRAWS: bool = true;
    type Eval = NeuralEval;

    fn encode(&self, out: &mut Inputs) {
        inputs::encode(self, out);
    }

    fn point_groups() -> Vec<usize> {
        inputs::point_groups()
    }

    fn forward(&self, fast: &FastNet) -> [f32; OUTPUTS] {
        fast.forward_position(self)
    }

    fn evaluator(net: Arc<Network>, bearoff: Option<Arc<Database>>) -> NeuralEval {
        NeuralEval::with_bearoff(net, bearoff)
    }

    fn network(eval: &NeuralEval) -> &Arc<Network> {
        eval.network()
    }

    fn shipped() -> Option<Arc<Network>> {
        Some(crate::shipped::shipped_network())
    }

    fn heuristic() -> Box<dyn Player<Position>> {
        Box::new(HeuristicPlayer)
    }
}

impl NetGame for portes::Position {
    const KIND: GameKind = GameKind::Portes;
    const DRAWS: bool = false;
    // Without pins, a Portes roll's plays lie closer together than
    // Plakoto's: at the full noise `casual` fell below the heuristic.
    const NOISE_SCALE: f32 = 0.5;
    type Eval = NetEval<portes::Position>;

    fn encode(&self, out: &mut Inputs) {
        portes_inputs::encode(self, out);
    }

    fn point_groups() -> Vec<usize> {
        let per_side = (1..=25).map(|p| (p - 1) * portes_inputs::PER_POINT);
        per_side.clone().chain(per_side.map(|i| portes_inputs::SIDE_INPUTS + i)).collect()
    }

    fn forward(&self, fast: &FastNet) -> [f32; OUTPUTS] {
        // The shipped network weighs encoding 1's inputs only; encoding 2's
        // features would double the cost of an evaluation for nothing.
        fast.forward_with::<{ portes_inputs::NUM_INPUTS }>(|list| {
            portes_inputs::encode_version_into(self, fast.encoding(), list)
        })
    }

    fn evaluator(net: Arc<Network>, bearoff: Option<Arc<Database>>) -> NetEval<portes::Position> {
        NetEval { bearoff, ..NetEval::new(net) }
    }

    fn network(eval: &NetEval<portes::Position>) -> &Arc<Network> {
        eval.network()
    }

    fn shipped() -> Option<Arc<Network>> {
        Some(crate::shipped::shipped_portes_network())
    }

    fn race(&self, db: &Database) -> Option<Probabilities> {
        db.portes_race(self)
    }

    fn heuristic() -> Box<dyn Player<portes::Position>> {
        Box::new(PortesHeuristic)
    }
}

impl NetGame for fevga::Position {
    const KIND: GameKind = GameKind::Fevga;
    const DRAWS: bool = false;
    type Eval = NetEval<fevga::Position>;

    fn encode(&self, out: &mut Inputs) {
        fevga_inputs::encode(self, out);
    }

    fn point_groups() -> Vec<usize> {
        fevga_inputs::point_groups()
    }

    fn forward(&self, fast: &FastNet) -> [f32; OUTPUTS] {
        fast.forward_with::<{ fevga_inputs::NUM_INPUTS }>(|list| fevga_inputs::encode_into(self, list))
    }

    fn evaluator(net: Arc<Network>, bearoff: Option<Arc<Database>>) -> NetEval<fevga::Position> {
        NetEval { bearoff, ..NetEval::new(net) }
    }

    fn network(eval: &NetEval<fevga::Position>) -> &Arc<Network> {
        eval.network()
    }

    fn shipped() -> Option<Arc<Network>> {
        Some(crate::shipped::shipped_fevga_network())
    }

    fn heuristic() -> Box<dyn Player<fevga::Position>> {
        Box::new(FevgaHeuristic)
    }

    fn race(&self, db: &Database) -> Option<Probabilities> {
        db.fevga_race(self)
    }
}

/// A network of game `P` through the fast kernel ([`NetGame::forward`]):
/// finished games scored exactly, pure bear-off races from
/// the bear-off database when one is given ([`NetGame::race`]), everything
/// else by the network. Plakoto's [`NeuralEval`] is the same for Plakoto.
pub struct NetEval<P> {
    fast: Arc<FastNet>,
    bearoff: Option<Arc<Database>>,
    game: std::marker::PhantomData<fn(&P)>,
}

impl<P> Clone for NetEval<P> {
    fn clone(&self) -> Self {
        NetEval { fast: self.fast.clone(), bearoff: self.bearoff.clone(), game: std::marker::PhantomData }
    }
}

impl<P: NetGame> NetEval<P> {
    /// An evaluator for `net`. Panics if `net` plays another game (a
    /// programming error: files are read by `Network::from_bytes_of`).
    pub fn new(net: Arc<Network>) -> NetEval<P> {
        assert_eq!(net.game(), P::KIND, "a {} network evaluates {} positions", net.game(), P::KIND);
        NetEval { fast: FastNet::shared(net, &P::point_groups()), bearoff: None, game: std::marker::PhantomData }
    }

    /// The bear-off database this evaluator looks races up in, if any.
    pub fn bearoff(&self) -> Option<&Arc<Database>> {
        self.bearoff.as_ref()
    }

    /// The network.
    pub fn network(&self) -> &Arc<Network> {
        self.fast.network()
    }
}

impl<P: NetGame> Evaluator<P> for NetEval<P> {
    fn probabilities(&self, pos: &P) -> Probabilities {
        if let Some(p) = Probabilities::exact(pos) {
            return p;
        }
        if let Some(p) = self.bearoff.as_ref().and_then(|db| pos.race(db)) {
            return p;
        }
        let mut out = pos.forward(&self.fast);
        if !P::DRAWS {
            out[3] = 0.0;
        }
        from_outputs(&out)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_portes_network_evaluates_portes_positions_without_draws() {
        let eval = portes::Position::evaluator(Arc::new(Network::random_for(GameKind::Portes, 8, 1)), None);
        let p = eval.probabilities(&portes::Position::start());
        assert_eq!(p.draw, 0.0);
        assert!((p.win + p.lose - 1.0).abs() < 1e-5, "{p:?}");
        assert!(p.win_double <= p.win && p.lose_double <= p.lose);
        // A finished game is scored exactly, not by the network.
        let over = tavli_core::portes_pos!(Black; white {}; black {19: 15});
        assert_eq!(eval.probabilities(&over).lose_double, 1.0);
    }

    /// Game `P`'s fast path for `net` against its encoding and the plain
    /// forward pass, over `steps` positions of random games.
    fn fast_matches_slow<P: NetGame>(net: Arc<Network>, seed: u64, steps: usize) {
        use tavli_core::game::{DiceSource, SeededDice};
        use tavli_core::tavli::GamePlay;
        let fast = FastNet::with_groups(net.clone(), &P::point_groups());
        let (mut dice, mut x) = (SeededDice::new(seed + 1), Inputs::with_capacity());
        let start = P::start_of(P::KIND).unwrap();
        let mut pos = start;
        for _ in 0..steps {
            if pos.outcome().is_some() {
                pos = start;
            }
            pos.encode(&mut x);
            let (slow, got) = (net.forward(&x, &mut Vec::new()), pos.forward(&fast));
            for k in 0..OUTPUTS {
                assert!((slow[k] - got[k]).abs() < 1e-5, "{pos:?}: {slow:?} vs {got:?}");
            }
            let plays = pos.legal_plays(dice.roll());
            pos = plays[dice.die() as usize % plays.len()].position();
        }
    }

    /// The fast path computes what encoding and the plain forward pass do,
    /// for a layer the AVX2 kernel takes (128 units) and one it leaves to
    /// the portable kernel (40), in Portes and in Fevga.
    #[test]
    fn fast_evaluation_matches_encode_and_forward() {
        for (hidden, seed) in [(128, 3), (40, 5)] {
            fast_matches_slow::<portes::Position>(
                Arc::new(Network::random_for(GameKind::Portes, hidden, seed)),
                seed,
                5000,
            );
            fast_matches_slow::<fevga::Position>(
                Arc::new(Network::random_for(GameKind::Fevga, hidden, seed)),
                seed,
                3000,
            );
        }
    }

    /// A Portes network of encoding 1 is evaluated from encoding 1's inputs
    /// alone, and evaluates as it does from all of them.
    #[test]
    fn a_network_of_an_older_encoding_reads_only_its_inputs() {
        let shipped = crate::shipped::shipped_portes_network();
        assert_eq!(shipped.encoding_read(), 1, "the shipped Portes network is of encoding 1");
        fast_matches_slow::<portes::Position>(shipped, 9, 5000);
        let current = Network::random_for(GameKind::Portes, 8, 1);
        assert_eq!(current.encoding_read(), portes_inputs::ENCODING_VERSION);
    }

    #[test]
    fn fevga_races_home_come_from_the_database() {
        use tavli_core::fevga_pos;
        let db = Database::build();
        // White home on its 1..3, Black home on its own 1..2 (White's 13, 14).
        let race = fevga_pos!(White; white {1: 5, 2: 5, 3: 5}; black {1: 5, 2: 10});
        let p = db.fevga_race(&race).expect("both home");
        assert_eq!(p, db.race(&[5, 5, 5, 0, 0, 0], &[5, 10, 0, 0, 0, 0]));
        // A race not yet home is left to the network.
        assert!(db.fevga_race(&fevga_pos!(White; white {12: 5, 3: 10}; black {11: 15})).is_none());
        assert!(db.fevga_race(&fevga::Position::start()).is_none());
    }

    #[test]
    fn portes_races_come_from_the_database_when_given() {
        use tavli_core::portes_pos;
        let db = Arc::new(Database::build());
        let net = Arc::new(Network::random_for(GameKind::Portes, 8, 1));
        let race = portes_pos!(White; white {1: 2, 2: 3, 6: 4}; black {24: 5, 23: 5, 19: 5});
        let with = portes::Position::evaluator(net.clone(), Some(db.clone())).probabilities(&race);
        assert_eq!(Some(with), db.portes_race(&race));
        assert_ne!(with, portes::Position::evaluator(net, None).probabilities(&race));
        // Not yet a bear-off: a checker outside its home board, or on the bar.
        assert!(db.portes_race(&portes_pos!(White; white {1: 2, 7: 1}; black {24: 5})).is_none());
        assert!(db.portes_race(&portes_pos!(White; white {1: 2}; black {24: 5, 18: 1})).is_none());
        assert!(db.portes_race(&portes_pos!(White; white {bar: 1, 1: 2}; black {24: 5})).is_none());
    }

    #[test]
    #[should_panic(expected = "a plakoto network evaluates portes positions")]
    fn a_network_of_another_game_is_refused() {
        let _ = NetEval::<portes::Position>::new(Arc::new(Network::random(8, 1)));
    }
}
