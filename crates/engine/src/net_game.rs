//! What makes a game playable by a network: how its positions become
//! inputs, which evaluator runs its network, and the heuristic player its
//! training is measured against. Each game's position implements
//! [`NetGame`] in its folder under `games/`; evaluation, search, training
//! and the players are written once over it.

use std::sync::Arc;

use tavli_core::tavli::{AnyPosition, GameKind, GamePosition};

use crate::bearoff::{Database, HomeBoard};
use crate::category::Category;
use crate::evaluator::Evaluator;
use crate::fastnet::FastNet;
use crate::inputs::Inputs;
use crate::network::{Network, OUTPUTS};
use crate::neural::from_outputs;
use crate::player::Player;
use crate::probabilities::Probabilities;

/// A game whose positions a network evaluates.
pub trait NetGame: GamePosition + Into<AnyPosition> + std::hash::Hash + Sized {
    /// The game.
    const KIND: GameKind;
    /// Whether a game can end drawn (Plakoto's mother rule); otherwise the
    /// network's draw output is ignored and read as 0.
    const DRAWS: bool;
    /// How much of a level's noise (in equity) this game's players add:
    /// the plays of a roll lie closer together in some games than in
    /// others, so the same noise would make a weaker player there.
    const NOISE_SCALE: f32 = 1.0;
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
    fn evaluator(net: Arc<Network>, bearoff: Option<Arc<Database>>) -> NetEval<Self> {
        NetEval::with_bearoff(net, bearoff)
    }

    /// The network shipped in the binary for this game, if it has one.
    fn shipped() -> Option<Arc<Network>>;

    /// The shipped network as an evaluator, with `bearoff` for races.
    fn shipped_eval(bearoff: Option<Arc<Database>>) -> Option<NetEval<Self>> {
        Self::shipped().map(|net| Self::evaluator(net, bearoff))
    }

    /// The network the built-in levels, hints and evaluations play with:
    /// the shipped one, or, in a game that ships none yet, a stand-in of
    /// its own (which says so in its `about`). A game with neither must
    /// give one: the levels need a network.
    fn playing_network() -> Arc<Network> {
        Self::shipped().expect("a game that ships no network gives a stand-in")
    }

    /// [`NetGame::playing_network`] as an evaluator, with `bearoff` for races.
    fn playing_eval(bearoff: Option<Arc<Database>>) -> NetEval<Self> {
        Self::evaluator(Self::playing_network(), bearoff)
    }

    /// The hand-written player a network of this game is measured against.
    fn heuristic() -> Box<dyn Player<Self>>;

    /// The kinds of decision of this game, in the order reports list them.
    const CATEGORIES: &'static [Category];

    /// The kind of decision in this position (the benchmark's and the
    /// network gap's reports by kind).
    fn category(&self) -> Category;

    /// Whether no contact is left (every checker past every opposing one):
    /// the race that supervised training and benchmarks keep apart.
    fn is_race(&self) -> bool;

    /// The home boards of the side on roll and of the opponent (each in its
    /// own numbering) when the position is a pure bear-off race the
    /// database answers; `None` otherwise (and in games whose bear-off the
    /// database does not describe).
    fn home_boards(&self) -> Option<(HomeBoard, HomeBoard)> {
        None
    }

    /// The exact probabilities of a pure bear-off race from `db`; `None`
    /// when the position is not one ([`NetGame::home_boards`]).
    #[inline]
    fn race(&self, db: &Database) -> Option<Probabilities> {
        let (own, opp) = self.home_boards()?;
        Some(db.race(&own, &opp))
    }
}

/// A network of game `P` through the fast kernel ([`NetGame::forward`]):
/// finished games scored exactly, pure bear-off races from
/// the bear-off database when one is given ([`NetGame::race`]), everything
/// else by the network. Cheap to clone: the kernel and the database are
/// shared.
pub struct NetEval<P> {
    fast: Arc<FastNet>,
    /// A network of its own for races (`NetGame::is_race`), if any: a race
    /// is a different game from a contact position, and one network for
    /// both fits neither as well.
    race: Option<Arc<FastNet>>,
    bearoff: Option<Arc<Database>>,
    game: std::marker::PhantomData<fn(&P)>,
}

impl<P> Clone for NetEval<P> {
    fn clone(&self) -> Self {
        NetEval {
            fast: self.fast.clone(),
            race: self.race.clone(),
            bearoff: self.bearoff.clone(),
            game: std::marker::PhantomData,
        }
    }
}

impl<P: NetGame> NetEval<P> {
    /// An evaluator for `net`. Panics if `net` plays another game (a
    /// programming error: files are read by `Network::from_bytes_of`).
    pub fn new(net: Arc<Network>) -> NetEval<P> {
        assert_eq!(net.game(), P::KIND, "a {} network evaluates {} positions", net.game(), P::KIND);
        NetEval {
            fast: FastNet::shared(net, &P::point_groups()),
            race: None,
            bearoff: None,
            game: std::marker::PhantomData,
        }
    }

    /// This evaluator with `race` evaluating the races the bear-off
    /// database does not answer. Panics if `race` plays another game.
    pub fn with_race(self, race: Arc<Network>) -> NetEval<P> {
        assert_eq!(race.game(), P::KIND, "a {} network evaluates {} positions", race.game(), P::KIND);
        NetEval { race: Some(FastNet::shared(race, &P::point_groups())), ..self }
    }

    /// The race network, if the evaluator has one.
    pub fn race_network(&self) -> Option<&Arc<Network>> {
        self.race.as_ref().map(|f| f.network())
    }

    /// An evaluator for `net` with pure bear-off races looked up in
    /// `bearoff` when one is given.
    pub fn with_bearoff(net: Arc<Network>, bearoff: Option<Arc<Database>>) -> NetEval<P> {
        NetEval { bearoff, ..NetEval::new(net) }
    }

    /// The network shipped for game `P`, with `bearoff` for races: the
    /// evaluator of the built-in levels. Panics for a game that ships no
    /// network (every game has one).
    pub fn shipped(bearoff: Option<Arc<Database>>) -> NetEval<P> {
        NetEval::with_bearoff(P::shipped().expect("the game ships a network"), bearoff)
    }

    /// Raw network outputs (no game-over or bear-off check; a race by the
    /// race network when there is one).
    pub fn raw(&self, pos: &P) -> [f32; OUTPUTS] {
        match &self.race {
            Some(race) if pos.is_race() => pos.forward(race),
            _ => pos.forward(&self.fast),
        }
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
        let mut out = self.raw(pos);
        if !P::DRAWS {
            out[3] = 0.0;
        }
        from_outputs(&out)
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::games::portes::inputs as portes_inputs;
    use tavli_core::{fevga, portes};

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

    #[test]
    fn a_race_network_evaluates_the_races_and_nothing_else() {
        let main = Arc::new(Network::random_for(GameKind::Portes, 8, 1));
        let race = Arc::new(Network::random_for(GameKind::Portes, 8, 2));
        let alone = portes::Position::evaluator(main.clone(), None);
        let both = alone.clone().with_race(race.clone());
        let only_race = portes::Position::evaluator(race.clone(), None);
        assert!(alone.race_network().is_none());
        assert!(Arc::ptr_eq(both.race_network().unwrap(), &race));
        // A race not yet home (the database would not answer it anyway).
        let running = tavli_core::portes_pos!(White; white {12: 5, 3: 10}; black {24: 7, 13: 8});
        assert!(running.is_race());
        assert_eq!(both.probabilities(&running), only_race.probabilities(&running));
        assert_ne!(both.probabilities(&running), alone.probabilities(&running));
        // Contact: the main network.
        let start = portes::Position::start();
        assert_eq!(both.probabilities(&start), alone.probabilities(&start));
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
        // The TD-trained Portes network the search chain starts from.
        let bytes = include_bytes!("../../../benchmark/portes/td-600k.bin");
        let older = Network::from_bytes_of(GameKind::Portes, bytes).expect("td-600k reads as a Portes network");
        assert_eq!(older.encoding_read(), 1, "td-600k is of encoding 1");
        fast_matches_slow::<portes::Position>(Arc::new(older), 9, 5000);
        let current = Network::random_for(GameKind::Portes, 8, 1);
        assert_eq!(current.encoding_read(), portes_inputs::ENCODING_VERSION);
    }

    /// The shipped Portes network, of two hidden layers, evaluates on the
    /// fast path as its plain forward pass does.
    #[test]
    fn the_shipped_two_layer_portes_network_evaluates_as_its_forward_pass() {
        let net = portes::Position::shipped().expect("Portes ships a network");
        assert!(net.mid() > 0, "the shipped Portes network has a second layer");
        fast_matches_slow::<portes::Position>(net, 11, 5000);
    }

    #[test]
    #[should_panic(expected = "a plakoto network evaluates portes positions")]
    fn a_network_of_another_game_is_refused() {
        let _ = NetEval::<portes::Position>::new(Arc::new(Network::random_for(GameKind::Plakoto, 8, 1)));
    }
}
