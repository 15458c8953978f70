//! Fevga's position JSON (TAVLI.md Part 3b):
//!
//! ```json
//! {"game":"fevga","turn":"white","board":{"24":15,"12":-15},"off":{"white":0,"black":0}}
//! ```
//!
//! Points are in White's numbering (Black's own point n is White's S(n));
//! positive counts are White's, negative Black's; there is no `bar` and no
//! `pinned`. Here is only what is Fevga's own: its `game` and its `Setup`.
//! Reading and writing are `crate::codec::json`'s, shared with the other
//! games.

use serde_json::Value;

use super::position::Position;
use super::setup::{PositionError, Setup};
use crate::codec::json::{self, JsonFormat};
use crate::color::Color;
use crate::tavli::GameKind;

/// Why a Fevga position JSON was rejected.
pub type PositionJsonError = crate::codec::PositionJsonError<PositionError>;

impl JsonFormat for Position {
    type Invalid = PositionError;
    type Setup = Setup;
    const GAME: GameKind = GameKind::Fevga;
    const LACKS: &'static [(&'static str, &'static str)] =
        &[("pinned", "nothing is pinned in Fevga"), ("bar", "nothing is hit in Fevga")];
    const LOOSE_TURN: bool = true;
    const OFF_REPEATS: bool = false;

    fn setup(turn: Color) -> Setup {
        Setup::empty(turn)
    }

    fn put(setup: &mut Setup, point: u8, count: i64) {
        // Fevga's setup counts each side apart; a 0 puts no checker.
        let color = if count > 0 { Color::White } else { Color::Black };
        setup.checkers[color.index()][point as usize] = count.abs();
    }

    fn set_off(setup: &mut Setup, off: [i64; 2]) {
        setup.off = off;
    }

    fn validate(setup: &Setup) -> Result<Position, PositionError> {
        setup.validate()
    }

    fn on_roll(&self) -> Color {
        self.turn
    }

    fn point(&self, point: u8) -> Option<(Color, u8)> {
        self.on(point)
    }

    fn borne_off(&self, color: Color) -> u8 {
        self.off(color)
    }
}

impl Position {
    /// Parses Fevga position JSON, naming any fault; never panics.
    ///
    /// ```
    /// use tavli_core::fevga::Position;
    /// let p = Position::from_json(r#"{"game":"fevga","turn":"white","board":{"24":15,"12":-15}}"#).unwrap();
    /// assert_eq!(p, Position::start());
    /// let e = Position::from_json(r#"{"turn":"white","board":{"24":15,"1":-15}}"#).unwrap_err();
    /// assert!(e.to_string().contains("no `game`"));
    /// let e = Position::from_json(r#"{"game":"fevga","turn":"white","board":{"24":15,"12":-15},"pinned":{}}"#);
    /// assert!(e.unwrap_err().to_string().contains("nothing is pinned"));
    /// ```
    pub fn from_json(text: &str) -> Result<Position, PositionJsonError> {
        json::read(text)
    }

    /// Parses an already-decoded JSON value (e.g. inside a larger document).
    pub fn from_json_value(v: &Value) -> Result<Position, PositionJsonError> {
        json::read_value(v)
    }

    /// The position JSON, compact, points from 24 down to 1.
    ///
    /// ```
    /// use tavli_core::fevga::Position;
    /// assert_eq!(
    ///     Position::start().to_json(),
    ///     r#"{"game":"fevga","turn":"white","board":{"24":15,"12":-15},"off":{"white":0,"black":0}}"#
    /// );
    /// ```
    pub fn to_json(&self) -> String {
        json::write(self)
    }

    /// The position JSON as a `serde_json::Value`.
    pub fn to_json_value(&self) -> Value {
        json::write_value(self)
    }
}

json::serde_impls!(Position);

#[cfg(test)]
mod tests {
    use super::*;
    use crate::fevga_pos;

    #[test]
    fn start_prints_and_parses_exactly() {
        let text = Position::start().to_json();
        assert_eq!(Position::from_json(&text), Ok(Position::start()));
        assert_eq!(serde_json::to_string(&Position::start()).unwrap(), text);
        assert_eq!(serde_json::from_str::<Position>(&text).unwrap(), Position::start());
        // TAVLI.md Part 3b's start, without `off`.
        let short = r#"{"game":"fevga","turn":"white","board":{"24":15,"12":-15}}"#;
        assert_eq!(Position::from_json(short), Ok(Position::start()));
    }

    #[test]
    fn black_on_roll_round_trips_in_whites_numbering() {
        let p = fevga_pos!(Black; white {24: 10, 6: 3}; black {20: 3, 13: 4, 1: 1});
        let text = p.to_json();
        // Black's 20 is White's 8, its 13 White's 1, its 1 White's 13.
        assert!(text.contains(r#""8":-3"#) && text.contains(r#""1":-4"#) && text.contains(r#""13":-1"#), "{text}");
        assert_eq!(Position::from_json(&text), Ok(p));
    }

    fn err(text: &str) -> String {
        Position::from_json(text).unwrap_err().to_string()
    }

    #[test]
    fn faults_are_named() {
        let ok = r#""game":"fevga","turn":"white""#;
        assert!(err("{").contains("not valid JSON"));
        assert!(err("[]").contains("expected an object"));
        assert!(err(r#"{"game":"portes","turn":"white","board":{}}"#).contains("Portes position"));
        assert!(err(r#"{"game":7,"turn":"white","board":{}}"#).contains("`game` must be"));
        assert!(err(r#"{"game":"fevga","board":{}}"#).contains("missing field `turn`"));
        assert!(err(r#"{"game":"fevga","turn":"red","board":{}}"#).contains("\"white\" or \"black\""));
        assert!(err(&format!(r#"{{{ok},"board":{{"25":15,"12":-15}}}}"#)).contains("point 25 is out of range"));
        assert!(err(&format!(r#"{{{ok},"board":{{"x":15,"12":-15}}}}"#)).contains("`x` is not a point"));
        assert!(err(&format!(r#"{{{ok},"board":{{"24":16,"12":-15}}}}"#)).contains("at most 15"));
        assert!(err(&format!(r#"{{{ok},"board":{{"24":15,"12":-14}}}}"#)).contains("Black has 14 checkers"));
        assert!(err(&format!(r#"{{{ok},"board":{{"24":15,"12":-15,"12":1}}}}"#)).contains("listed twice"));
        assert!(err(&format!(r#"{{{ok},"board":{{"24":15,"12":-15}},"bar":{{}}}}"#)).contains("no `bar`"));
        assert!(err(&format!(r#"{{{ok},"board":{{"24":15,"12":-15}},"turn":"black"}}"#)).contains("twice"));
        assert!(err(&format!(r#"{{{ok},"board":{{"24":1.5,"12":-15}}}}"#)).contains("must be an integer"));
        assert!(err(&format!(r#"{{{ok},"board":{{"24":15,"12":-15}},"off":{{"red":0}}}}"#)).contains("unknown side"));
        assert!(err(&format!(r#"{{{ok},"board":{{"24":15,"12":-15}},"colour":1}}"#)).contains("unknown field"));
        assert!(err(&format!(r#"{{{ok},"board":[]}}"#)).contains("`board` must be an object"));
    }
}
