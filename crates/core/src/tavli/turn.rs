//! A turn of any of Tavli's games built one checker at a time: each game's
//! own turn builder inside, one interface outside, for the front ends that
//! let a person enter a play part by part.

use super::position::{AnyPlay, AnyPosition};
use super::schedule::MatchRules;
use crate::PlayError;
use crate::{Dice, Move, fevga, gulbara, portes};

/// A turn in progress in any game (see Plakoto's [`crate::TurnBuilder`]).
///
/// ```
/// use tavli_core::Dice;
/// use tavli_core::tavli::{AnyPosition, AnyTurn, GameKind};
/// let mut t = AnyTurn::new(&AnyPosition::start(GameKind::Portes), Dice::new(3, 1).unwrap());
/// t.enter("8/5").unwrap();
/// assert_eq!(t.dice_left(), &[1]);
/// t.enter("6/5").unwrap();
/// assert_eq!(t.complete().unwrap().notation(), "8/5 6/5");
/// ```
#[derive(Clone)]
pub enum AnyTurn {
    /// A Portes turn.
    Portes(portes::TurnBuilder),
    /// A Plakoto turn.
    Plakoto(crate::TurnBuilder),
    /// A Fevga turn.
    Fevga(fevga::TurnBuilder),
    /// A Gul bara decision: a roll that does not ladder, or one stage.
    GulBara(gulbara::TurnBuilder),
}

/// Calls the same method on whichever game's builder is inside.
macro_rules! each {
    ($value:expr, $t:ident => $body:expr) => {
        match $value {
            AnyTurn::Portes($t) => $body,
            AnyTurn::Plakoto($t) => $body,
            AnyTurn::Fevga($t) => $body,
            AnyTurn::GulBara($t) => $body,
        }
    };
}

/// Wraps a result of the game's own builder in the game's variant.
macro_rules! wrap {
    ($value:expr, $t:ident => $body:expr, $Out:ident) => {
        match $value {
            AnyTurn::Portes($t) => $body.map($Out::Portes),
            AnyTurn::Plakoto($t) => $body.map($Out::Plakoto),
            AnyTurn::Fevga($t) => $body.map($Out::Fevga),
            AnyTurn::GulBara($t) => $body.map($Out::GulBara),
        }
    };
}

impl AnyTurn {
    /// Starts the turn of the side on roll in `pos` with `dice`.
    pub fn new(pos: &AnyPosition, dice: Dice) -> AnyTurn {
        match pos {
            AnyPosition::Portes(p) => AnyTurn::Portes(portes::TurnBuilder::new(p, dice)),
            AnyPosition::Plakoto(p) => AnyTurn::Plakoto(crate::TurnBuilder::new(p, dice)),
            AnyPosition::Fevga(p) => AnyTurn::Fevga(fevga::TurnBuilder::new(p, dice)),
            AnyPosition::GulBara(p) => AnyTurn::GulBara(gulbara::TurnBuilder::new(p, dice)),
        }
    }

    /// Starts the turn under a match's `rules` (Fevga's options and the
    /// pinning games' change which plays are legal; Portes's only how a
    /// game ends, which the match itself scores).
    pub fn under(pos: &AnyPosition, dice: Dice, rules: &MatchRules) -> AnyTurn {
        match pos {
            AnyPosition::Fevga(p) => AnyTurn::Fevga(fevga::TurnBuilder::with_rules(p, dice, &rules.fevga)),
            AnyPosition::Plakoto(p) => {
                AnyTurn::Plakoto(crate::TurnBuilder::with_rules(p, dice, &rules.plakoto_for(p.game())))
            }
            other => AnyTurn::new(other, dice),
        }
    }

    /// The roll this turn is played with.
    pub fn dice(&self) -> Dice {
        each!(self, t => t.dice())
    }

    /// The dice not used yet, high first.
    pub fn dice_left(&self) -> &[u8] {
        each!(self, t => t.dice_left())
    }

    /// The single moves played so far (mover's numbering).
    pub fn moves(&self) -> Vec<Move> {
        each!(self, t => t.moves())
    }

    /// Can nothing be played with this roll?
    pub fn is_pass(&self) -> bool {
        each!(self, t => t.is_pass())
    }

    /// The legal plays of the whole turn.
    pub fn legal_plays(&self) -> Vec<AnyPlay> {
        match self {
            AnyTurn::Portes(t) => t.legal_plays().iter().map(|p| AnyPlay::Portes(*p)).collect(),
            AnyTurn::Plakoto(t) => t.legal_plays().iter().map(|p| AnyPlay::Plakoto(*p)).collect(),
            AnyTurn::Fevga(t) => t.legal_plays().iter().map(|p| AnyPlay::Fevga(*p)).collect(),
            AnyTurn::GulBara(t) => t.legal_plays().iter().map(|p| AnyPlay::GulBara(*p)).collect(),
        }
    }

    /// The legal plays the single moves made so far can still become (all
    /// of them before the first move).
    pub fn reachable_plays(&self) -> Vec<AnyPlay> {
        match self {
            AnyTurn::Portes(t) => t.reachable_plays().into_iter().map(AnyPlay::Portes).collect(),
            AnyTurn::Plakoto(t) => t.reachable_plays().into_iter().map(AnyPlay::Plakoto).collect(),
            AnyTurn::Fevga(t) => t.reachable_plays().into_iter().map(AnyPlay::Fevga).collect(),
            AnyTurn::GulBara(t) => t.reachable_plays().into_iter().map(AnyPlay::GulBara).collect(),
        }
    }

    /// Every single move that keeps the turn completable into a legal play.
    pub fn legal_moves(&self) -> Vec<Move> {
        each!(self, t => t.legal_moves())
    }

    /// Plays the single moves of `text`, or none of them and says why.
    pub fn enter(&mut self, text: &str) -> Result<(), PlayError> {
        match self {
            AnyTurn::Portes(t) => t.enter(text),
            AnyTurn::Plakoto(t) => t.enter(text),
            AnyTurn::Fevga(t) => t.enter(text),
            AnyTurn::GulBara(t) => t.enter(text),
        }
    }

    /// Plays one checker from `from` to `to` (mover's numbering: 25 is
    /// Portes's bar, 0 is off), a hop over several dice as its single
    /// moves, or says why not (see Plakoto's [`crate::TurnBuilder::play_move`]).
    ///
    /// ```
    /// use tavli_core::Dice;
    /// use tavli_core::tavli::{AnyPosition, AnyTurn, GameKind};
    /// let mut t = AnyTurn::new(&AnyPosition::start(GameKind::Fevga), Dice::new(6, 5).unwrap());
    /// assert!(t.play_move(13, 7).is_err());
    /// t.play_move(24, 13).unwrap();
    /// assert_eq!(t.complete().unwrap().notation(), "24/18/13");
    /// ```
    pub fn play_move(&mut self, from: u8, to: u8) -> Result<(), PlayError> {
        match self {
            AnyTurn::Portes(t) => t.play_move(from, to),
            AnyTurn::Plakoto(t) => t.play_move(from, to),
            AnyTurn::Fevga(t) => t.play_move(from, to),
            AnyTurn::GulBara(t) => t.play_move(from, to),
        }
    }

    /// For every point (mover's numbering; Portes's bar 25 too) from which
    /// no checker can move now, why not, in order of the points: each
    /// game's own `why_not_each`.
    pub fn why_not_each(&self) -> Vec<(u8, PlayError)> {
        match self {
            AnyTurn::Portes(t) => t.why_not_each(),
            AnyTurn::Plakoto(t) => t.why_not_each(),
            AnyTurn::Fevga(t) => t.why_not_each(),
            AnyTurn::GulBara(t) => t.why_not_each(),
        }
    }

    /// Takes back the last move; returns it.
    pub fn undo(&mut self) -> Option<Move> {
        each!(self, t => t.undo())
    }

    /// Takes back every move.
    pub fn reset(&mut self) {
        each!(self, t => t.reset())
    }

    /// The legal play the moves so far make, once they make one.
    pub fn complete(&self) -> Option<AnyPlay> {
        wrap!(self, t => t.complete(), AnyPlay)
    }

    /// The position after the moves so far, the mover still on roll.
    pub fn current_position(&self) -> AnyPosition {
        each!(self, t => t.current_position().into())
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::tavli::GameKind;

    /// Every game: a whole legal play entered move by move completes to
    /// itself, and a bad entry changes nothing.
    #[test]
    fn each_game_builds_its_plays_move_by_move() {
        for kind in GameKind::ALL {
            let pos = AnyPosition::start(kind);
            for (a, b) in [(6, 4), (3, 1), (5, 5), (2, 1)] {
                let dice = Dice::new(a, b).unwrap();
                for play in pos.legal_plays(dice) {
                    let mut t = AnyTurn::new(&pos, dice);
                    assert!(t.enter("1/30").is_err());
                    assert!(t.moves().is_empty(), "{kind} {dice}");
                    for m in play.moves() {
                        t.enter(&format!("{}/{}", m.from, m.to))
                            .unwrap_or_else(|e| panic!("{kind} {dice} {play}: {e}"));
                    }
                    let done = t.complete().unwrap_or_else(|| panic!("{kind} {dice} {play} incomplete"));
                    assert_eq!(done.position(), play.position(), "{kind} {dice} {play}");
                    assert_eq!(t.current_position().kind(), kind);
                    t.reset();
                    assert_eq!(t.current_position(), pos);
                }
            }
        }
    }

    /// Under Fevga's "pass" release a turn offers exactly the match's
    /// plays: TAVLI.md's F4 has 2 with 2-1, 1 under the option.
    #[test]
    fn a_turn_under_the_rules_offers_the_rules_plays() {
        use crate::fevga::{FevgaRules, Release};
        use crate::tavli::GamePosition;
        let mut rules = MatchRules::only(GameKind::Fevga);
        rules.fevga = FevgaRules { release: Release::Pass, ..FevgaRules::default() };
        let f4 = AnyPosition::parse(
            r#"{"game":"fevga","turn":"white","board":{"24":14,"14":1,"8":-5,"4":-5,"22":-5}}"#,
            None,
        )
        .unwrap();
        let dice = Dice::new(2, 1).unwrap();
        let t = AnyTurn::under(&f4, dice, &rules);
        assert_eq!(t.legal_plays(), f4.legal_plays_under(dice, &rules));
        assert_eq!((t.legal_plays().len(), AnyTurn::new(&f4, dice).legal_plays().len()), (1, 2));
    }

    #[test]
    fn portes_enters_from_the_bar() {
        let pos = AnyPosition::parse(
            r#"{"game":"portes","turn":"white","bar":{"white":1},"board":{"24":1,"13":5,"8":3,"6":5,"1":-2,"12":-5,"17":-3,"19":-5}}"#,
            None,
        )
        .unwrap();
        let mut t = AnyTurn::new(&pos, Dice::new(6, 3).unwrap());
        assert!(t.enter("13/10").is_err(), "the bar first");
        t.enter("bar/22").unwrap();
        assert_eq!(t.current_position().bar(crate::Color::White), 0);
    }

    #[test]
    fn single_moves_and_the_reasons_of_each_game() {
        let pos = AnyPosition::parse(
            r#"{"game":"portes","turn":"white","bar":{"white":1},"board":{"24":1,"13":5,"8":3,"6":5,"1":-2,"12":-5,"17":-3,"19":-5}}"#,
            None,
        )
        .unwrap();
        let mut t = AnyTurn::new(&pos, Dice::new(6, 3).unwrap());
        let first = portes::PlayError::MustEnterFirst { from: 13, bar: 1 };
        assert_eq!(t.play_move(13, 10), Err(first.clone()));
        assert!(t.why_not_each().contains(&(13, first)));
        t.play_move(25, 22).unwrap();
        t.play_move(13, 7).unwrap();
        assert_eq!(t.complete().unwrap().notation(), "bar/22 13/7");
        for kind in [GameKind::Plakoto, GameKind::Fevga, GameKind::GulBara] {
            let t = AnyTurn::new(&AnyPosition::start(kind), Dice::new(6, 4).unwrap());
            let why = t.why_not_each();
            assert!(why.iter().any(|(p, e)| *p == 13 && e.to_string() == "you have no checker on point 13"), "{kind}");
            assert!(why.iter().all(|(p, _)| *p != 24), "{kind}: 24 can move: {why:?}");
        }
    }
}
