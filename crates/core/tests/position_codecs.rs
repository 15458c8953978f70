//! The position formats are written once (`tavli_core::codec`) and serve
//! every game: the same malformed JSON or ID is refused by each game's
//! reader with the same kind of error and, where the fault is not about the
//! game, the same words; and random positions of every game round-trip
//! through JSON (text, value and serde) and their ID.

use base64::Engine;
use base64::engine::general_purpose::URL_SAFE_NO_PAD;
use proptest::prelude::*;
use rand::{RngExt, SeedableRng};
use rand_chacha::ChaCha8Rng;
use tavli_core::codec::PositionJsonError;
use tavli_core::tavli::{AnyPosition, GameKind};
use tavli_core::{Color, Dice, fevga, gulbara, portes};

/// What a game's JSON reader made of a text: the position's JSON, or the
/// kind of error (`Syntax`, `Shape`, `Invalid`) and its message.
type Read = Result<String, (&'static str, String)>;

/// A game's position JSON reader, as [`Read`].
type JsonReader = fn(&str) -> Read;

fn outcome<P, E: std::fmt::Display>(r: Result<P, PositionJsonError<E>>, json: impl Fn(&P) -> String) -> Read {
    r.map(|p| json(&p)).map_err(|e| {
        let kind = match &e {
            PositionJsonError::Syntax(_) => "Syntax",
            PositionJsonError::Shape(_) => "Shape",
            PositionJsonError::Invalid(_) => "Invalid",
        };
        (kind, e.to_string())
    })
}

/// Each game with its reader, its `game` entry as it starts an object, and
/// the board of its start.
fn games() -> [(GameKind, JsonReader, &'static str, &'static str); 4] {
    [
        (
            GameKind::Plakoto,
            |t| outcome(tavli_core::Position::from_json(t), tavli_core::Position::to_json),
            "",
            r#"{"24":15,"1":-15}"#,
        ),
        (
            GameKind::Portes,
            |t| outcome(portes::Position::from_json(t), portes::Position::to_json),
            r#""game":"portes","#,
            r#"{"24":2,"13":5,"8":3,"6":5,"1":-2,"12":-5,"17":-3,"19":-5}"#,
        ),
        (
            GameKind::Fevga,
            |t| outcome(fevga::Position::from_json(t), fevga::Position::to_json),
            r#""game":"fevga","#,
            r#"{"24":15,"12":-15}"#,
        ),
        (
            GameKind::GulBara,
            |t| outcome(gulbara::Position::from_json(t), gulbara::Position::to_json),
            r#""game":"gulbara","#,
            r#"{"24":15,"12":-15}"#,
        ),
    ]
}

#[test]
fn each_game_reads_its_own_start() {
    for (kind, read, game, board) in games() {
        let text = format!(r#"{{{game}"turn":"white","board":{board}}}"#);
        assert_eq!(read(&text), Ok(AnyPosition::start(kind).to_json()), "{text}");
    }
}

#[test]
fn the_same_fault_is_refused_the_same_way_by_every_game() {
    // `{game}` and `{board}` stand for each game's own; the rest is the fault.
    let cases = [
        ("{", "Syntax", "position JSON is not valid JSON: EOF while parsing an object at line 1 column 1"),
        (r#"{game}"board":{board}}"#, "Shape", "position JSON: missing field `turn`"),
        (r#"{game}"turn":"white"}"#, "Shape", "position JSON: missing field `board`"),
        (
            r#"{game}"turn":"red","board":{board}}"#,
            "Shape",
            r#"position JSON: `turn` must be "white" or "black", got "red""#,
        ),
        (
            r#"{game}"turn":"white","board":{board},"turn":"black"}"#,
            "Shape",
            "position JSON: field `turn` appears twice",
        ),
        (r#"{game}"turn":"white","board":[]}"#, "Shape", "position JSON: `board` must be an object, got []"),
        (
            r#"{game}"turn":"white","board":{"25":15}}"#,
            "Shape",
            "position JSON: `board`: point 25 is out of range; points are 1 to 24",
        ),
        (
            r#"{game}"turn":"white","board":{"x":15}}"#,
            "Shape",
            "position JSON: `board`: `x` is not a point; points are 1 to 24 (White's numbering)",
        ),
        (
            r#"{game}"turn":"white","board":{"24":7,"24":8}}"#,
            "Shape",
            "position JSON: `board`: point 24 is listed twice; a point is listed once",
        ),
        (
            r#"{game}"turn":"white","board":{"24":1.5}}"#,
            "Shape",
            "position JSON: `board.24` must be an integer, got 1.5",
        ),
        (
            r#"{game}"turn":"white","board":{board},"off":{"red":0}}"#,
            "Shape",
            r#"position JSON: `off`: unknown side `red`; use "white" and "black""#,
        ),
        (
            r#"{game}"turn":"white","board":{board},"off":[]}"#,
            "Shape",
            "position JSON: `off` must be an object, got []",
        ),
        (r#"{game}"turn":"white","board":{board},"off":{"white":-1}}"#, "Invalid", ""),
        (r#"{game}"turn":"white","board":{"24":16}}"#, "Invalid", ""),
    ];
    for (template, kind, words) in cases {
        for (game, read, entry, board) in games() {
            let text = template.replace("{game}", &format!("{{{entry}")).replace("{board}", board);
            let (got_kind, got) = read(&text).expect_err(&text);
            assert_eq!(got_kind, kind, "{game}: {text}: {got}");
            if !words.is_empty() {
                assert_eq!(got, words, "{game}: {text}");
            }
        }
    }
}

#[test]
fn each_reader_names_the_game_it_was_handed() {
    for (game, read, _, _) in games() {
        for other in GameKind::ALL.into_iter().filter(|&k| k != game) {
            let text = AnyPosition::start(other).to_json();
            let (kind, got) = read(&text).expect_err(&text);
            assert_eq!(kind, "Shape");
            // Plakoto's JSON has no `game`: that is what names it.
            let names = match other {
                GameKind::Plakoto => "a position with no `game` is plakoto's".to_string(),
                _ => format!("{} position, not a {} one", other.title(), game.title()).to_lowercase(),
            };
            assert!(got.to_lowercase().contains(&names), "{game} reading {text}: {got}");
        }
        let (_, got) = read(r#"{"game":"chess","turn":"white","board":{}}"#).unwrap_err();
        assert!(got.contains("`game` must be") && got.contains(r#""chess""#), "{got}");
        let (_, got) = read(r#"{"turn":"white","board":{},"colour":1}"#).unwrap_err();
        let unknown = if game == GameKind::Plakoto { "unknown field `colour`" } else { "missing field `game`" };
        assert!(got.contains(unknown), "{game}: {got}");
    }
}

/// A game's ID reader: the position's ID, or its error's variant (the
/// games' ID errors are their own enums).
type IdReader = fn(&str) -> Result<String, String>;

/// Each game's ID prefix and reader.
fn read_ids() -> [(&'static str, IdReader); 4] {
    fn variant(e: impl std::fmt::Debug) -> String {
        format!("{e:?}").split(['(', ' ']).next().unwrap_or_default().to_string()
    }
    [
        ("", |t| tavli_core::Position::from_id(t).map(|p| p.id()).map_err(variant)),
        ("p.", |t| portes::Position::from_id(t).map(|p| p.id()).map_err(variant)),
        ("f.", |t| fevga::Position::from_id(t).map(|p| p.id()).map_err(variant)),
        ("g.", |t| gulbara::Position::from_id(t).map(|p| p.id()).map_err(variant)),
    ]
}

#[test]
fn the_same_id_fault_is_refused_the_same_way_by_every_game() {
    for ((prefix, read), kind) in
        read_ids().into_iter().zip([GameKind::Plakoto, GameKind::Portes, GameKind::Fevga, GameKind::GulBara])
    {
        // One character past the game's longest ID (Gul bara's carry its counter).
        let too_long = if kind == GameKind::GulBara { 21 } else { 18 };
        let start = AnyPosition::start(kind).id();
        assert_eq!(read(&format!(" {start}\n")), Ok(start.clone()));
        // One padding bit set after the start's bits; Gul bara's start
        // fills its twelve bytes, so a byte more.
        let mut bytes = URL_SAFE_NO_PAD.decode(&start[prefix.len()..]).unwrap();
        if kind == GameKind::GulBara {
            bytes.push(0x80);
        } else {
            *bytes.last_mut().unwrap() |= 1;
        }
        let padded = format!("{prefix}{}", URL_SAFE_NO_PAD.encode(&bytes));
        for (text, fault) in [
            (String::new(), "Empty"),
            ("   ".into(), "Empty"),
            (format!("{prefix}AAAA+"), "Base64"),
            (format!("{prefix}AA"), "Truncated"),
            (format!("{prefix}____________"), "TooManyCheckers"),
            (format!("{prefix}{}", "A".repeat(too_long - prefix.len())), "TooLong"),
            (padded, "TrailingData"),
        ] {
            assert_eq!(read(&text), Err(fault.to_string()), "{kind}: `{text}`");
        }
    }
}

fn walk(kind: GameKind, seed: u64, plies: usize) -> Vec<AnyPosition> {
    let mut rng = ChaCha8Rng::seed_from_u64(seed);
    let mut pos = AnyPosition::start(kind);
    let mut seen = vec![pos];
    for _ in 0..plies {
        let dice = Dice::new(rng.random_range(1..=6), rng.random_range(1..=6)).expect("dice 1-6");
        let plays = pos.legal_plays(dice);
        let play = &plays[rng.random_range(0..plays.len())];
        pos = if play.result().is_some() { AnyPosition::start(kind) } else { play.position() };
        seen.push(pos);
    }
    seen
}

/// One game's position through every way in and out of its JSON and ID.
fn round_trip<P>(
    pos: &P,
    from_json: fn(&str) -> Result<P, String>,
    from_value: fn(&serde_json::Value) -> Result<P, String>,
    from_id: fn(&str) -> Result<P, String>,
    to: fn(&P) -> (String, serde_json::Value, String),
) -> Result<(), TestCaseError>
where
    P: Clone + PartialEq + std::fmt::Debug + serde::Serialize + serde::de::DeserializeOwned,
{
    let (json, value, id) = to(pos);
    prop_assert_eq!(from_json(&json), Ok(pos.clone()), "{}", json);
    prop_assert_eq!(serde_json::to_string(pos).ok(), Some(json.clone()));
    prop_assert_eq!(serde_json::from_str::<P>(&json).ok(), Some(pos.clone()));
    prop_assert_eq!(serde_json::to_value(pos).ok(), Some(value.clone()));
    prop_assert_eq!(from_value(&value), Ok(pos.clone()), "{}", value);
    prop_assert_eq!(from_id(&id), Ok(pos.clone()), "{} of {}", id, json);
    Ok(())
}

proptest! {
    #![proptest_config(ProptestConfig { cases: 48, ..ProptestConfig::default() })]

    #[test]
    fn random_positions_of_every_game_round_trip(seed in any::<u64>(), game in 0usize..4, plies in 0usize..150, turn in any::<bool>()) {
        let kind = GameKind::ALL[game];
        for pos in walk(kind, seed, plies) {
            // Either side on roll, so that both colours' numbering is seen.
            let pos = if turn { pos.with_turn(Color::Black) } else { pos };
            match pos {
                AnyPosition::Plakoto(p) => round_trip(
                    &p,
                    |t| tavli_core::Position::from_json(t).map_err(|e| e.to_string()),
                    |v| tavli_core::Position::from_json_value(v).map_err(|e| e.to_string()),
                    |t| tavli_core::Position::from_id(t).map_err(|e| e.to_string()),
                    |p| (p.to_json(), p.to_json_value(), p.id()),
                )?,
                AnyPosition::Portes(p) => round_trip(
                    &p,
                    |t| portes::Position::from_json(t).map_err(|e| e.to_string()),
                    |v| portes::Position::from_json_value(v).map_err(|e| e.to_string()),
                    |t| portes::Position::from_id(t).map_err(|e| e.to_string()),
                    |p| (p.to_json(), p.to_json_value(), p.id()),
                )?,
                AnyPosition::Fevga(p) => round_trip(
                    &p,
                    |t| fevga::Position::from_json(t).map_err(|e| e.to_string()),
                    |v| fevga::Position::from_json_value(v).map_err(|e| e.to_string()),
                    |t| fevga::Position::from_id(t).map_err(|e| e.to_string()),
                    |p| (p.to_json(), p.to_json_value(), p.id()),
                )?,
                AnyPosition::GulBara(p) => round_trip(
                    &p,
                    |t| gulbara::Position::from_json(t).map_err(|e| e.to_string()),
                    |v| gulbara::Position::from_json_value(v).map_err(|e| e.to_string()),
                    |t| gulbara::Position::from_id(t).map_err(|e| e.to_string()),
                    |p| (p.to_json(), p.to_json_value(), p.id()),
                )?,
            }
        }
    }
}

/// Two leniencies the games' readers always had are kept, each its own
/// game's: the formats are public, and a text read yesterday reads today.
#[test]
fn each_games_own_leniencies_are_kept() {
    for (game, read, entry, board) in games() {
        // `turn` in any case or as a letter: Plakoto and Fevga; not Portes,
        // nor Gul bara, whose reader came strict.
        let text = format!(r#"{{{entry}"turn":"B","board":{board}}}"#);
        assert_eq!(read(&text).is_ok(), matches!(game, GameKind::Plakoto | GameKind::Fevga), "{game}: {text}");
        // A side named twice in `off`, the last count winning: Plakoto only.
        let text = format!(r#"{{{entry}"turn":"white","board":{board},"off":{{"white":3,"white":0}}}}"#);
        assert_eq!(read(&text).is_ok(), game == GameKind::Plakoto, "{game}: {text}");
    }
}

/// A position ID that is not base64url is refused in this project's terms
/// (what is wrong with the ID, where), never with the decoding library's
/// text ("Invalid symbol 33, offset 0").
#[test]
fn an_id_that_is_not_base64url_is_refused_in_words_of_the_id() {
    for (id, says) in [
        ("!AAAAA", "`!` at character 1 is not one of its letters"),
        ("AAA!", "`!` at character 4 is not one of its letters"),
        ("p.!A-cHwAZgA-DnwA", "`!` at character 3 is not one of its letters"),
        ("f.AAAA+", "`+` at character 7 is not one of its letters"),
        ("p.A-cHwAZgA=", "`=` at character 12 is not one of its letters"),
        ("AAπA", "`π` at character 3 is not one of its letters"),
        ("AAAAA", "5 letters"),
        ("p.AB", "last letter `B` (character 4)"),
    ] {
        let e = AnyPosition::parse(id, None).unwrap_err();
        assert!(e.contains("base64url") && e.contains(says), "{id}: {e}");
        for library in ["Invalid symbol", "offset", "Invalid input length", "Invalid last symbol"] {
            assert!(!e.contains(library), "{id}: {e}");
        }
    }
    // GNU Backgammon's IDs are standard base64, worded the same way.
    let e = portes::Position::from_gnubg_id("4HPwATDgc!ABMA", Color::White).unwrap_err().to_string();
    assert!(e.contains("base64") && e.contains("`!` at character 10 is not one of its letters"), "{e}");
}
