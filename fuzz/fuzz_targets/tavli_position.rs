//! Positions of any game (Tavli's three and Gul bara) from any bytes, as the command line and
//! the APIs read them: `AnyPosition::parse` with no game and with each game,
//! Portes's GNU Backgammon ID with either side on roll, Fevga's diagram, and
//! each game's own `parse_position`. Never a panic; whatever parses holds 15
//! checkers a side, and writes JSON (stable) and an ID that both read back as
//! the same position (a Portes or Fevga ID that decodes is the one `id()`
//! writes: IDs are canonical); a Portes position's GNU Backgammon ID reads back to it
//! (the ID is seen from the side on roll, so read with the other side on roll
//! it is the mirror); a Fevga position's diagram reads back to it.

#![no_main]

use libfuzzer_sys::fuzz_target;
use tavli_core::tavli::{AnyPosition, GameKind};
use tavli_core::{Color, fevga, portes};

fn round_trip(pos: &AnyPosition, from: &str) {
    let kind = pos.kind();
    for c in [Color::White, Color::Black] {
        let on: u32 = (1..=24).map(|p| u32::from(pos.checkers(c, p))).sum();
        let total = on + u32::from(pos.bar(c)) + u32::from(pos.off(c));
        assert_eq!(total, 15, "`{from}` read as {kind} {pos} gives {c} {total} checkers");
    }
    let json = pos.to_json();
    match AnyPosition::parse(&json, None) {
        Ok(back) => assert_eq!(back, *pos, "{json} reads back as another position (from `{from}`)"),
        Err(e) => panic!("to_json wrote {json} (from `{from}`), which does not parse: {e}"),
    }
    match AnyPosition::parse(&json, Some(kind)) {
        Ok(back) => assert_eq!(back, *pos, "{json} reads back as another {kind} position"),
        Err(e) => panic!("to_json wrote {json}, which does not parse as {kind}: {e}"),
    }
    assert_eq!(AnyPosition::from_json(&json).map(|p| p.to_json()).ok(), Some(json.clone()), "to_json is not stable");
    match serde_json::from_str::<AnyPosition>(&json) {
        Ok(back) => assert_eq!(back, *pos, "{json} deserialises as another position"),
        Err(e) => panic!("to_json wrote {json}, which does not deserialise: {e}"),
    }
    let id = pos.id();
    for game in [None, Some(kind)] {
        match AnyPosition::parse(&id, game) {
            Ok(back) => assert_eq!(back, *pos, "ID {id} decodes to another position than {json}"),
            Err(e) => panic!("id() wrote {id} for {json}, which does not decode ({game:?}): {e}"),
        }
    }
    match pos {
        AnyPosition::Portes(p) => {
            let gnubg = p.gnubg_id();
            let turn = p.turn();
            // A GNU Backgammon ID names no game: it reads as Portes, and a
            // Tabla position's board comes back under Portes's name.
            let named = |back: portes::Position| back.as_game(p.game()).expect("Portes takes its names");
            match portes::Position::from_gnubg_id(&gnubg, turn) {
                Ok(back) => {
                    assert_eq!(named(back), *p, "GNU Backgammon ID {gnubg} reads back as another position than {json}")
                }
                Err(e) => panic!("gnubg_id() wrote {gnubg} for {json}, which does not decode: {e}"),
            }
            match portes::Position::from_gnubg_id(&gnubg, turn.opponent()) {
                Ok(back) => assert_eq!(
                    named(back),
                    p.mirror(),
                    "GNU Backgammon ID {gnubg} for {}: not the mirror of {json}",
                    turn.opponent()
                ),
                Err(e) => {
                    panic!("gnubg_id() wrote {gnubg} for {json}, which does not decode for {}: {e}", turn.opponent())
                }
            }
            if turn == Color::White {
                let as_portes = p.as_game(GameKind::Portes).expect("Portes takes its names");
                assert_eq!(
                    AnyPosition::parse(&gnubg, Some(GameKind::Portes)),
                    Ok(AnyPosition::Portes(as_portes)),
                    "{gnubg} as a Portes position"
                );
            }
        }
        AnyPosition::Fevga(p) => {
            let diagram = p.diagram();
            match fevga::parse_diagram(&diagram) {
                Ok((back, dice)) => {
                    assert_eq!(back, *p, "diagram `{diagram}` reads back as another position than {json}");
                    assert_eq!(dice, None);
                }
                Err(e) => panic!("diagram() wrote `{diagram}` for {json}, which does not parse: {e}"),
            }
            assert_eq!(AnyPosition::parse(&diagram, None), Ok(*pos), "`{diagram}` as a position");
        }
        // Their JSON and ID round trips above are all they have.
        AnyPosition::Plakoto(_) | AnyPosition::GulBara(_) => {}
    }
}

fuzz_target!(|data: &[u8]| {
    let Ok(text) = std::str::from_utf8(data) else { return };
    for game in std::iter::once(None).chain(GameKind::ALL.map(Some)) {
        if let Ok(pos) = AnyPosition::parse(text, game) {
            if let Some(g) = game {
                assert_eq!(pos.kind(), g, "`{text}` asked as {g} parses as {}", pos.kind());
            }
            let t = text.trim();
            if t.starts_with("p.") || t.starts_with("f.") {
                assert_eq!(pos.id(), t, "a decoded {} ID is not the one id() writes", pos.kind());
            }
            round_trip(&pos, text);
        }
    }
    let canonical = text.trim();
    let canonical = canonical.strip_suffix("==").unwrap_or(canonical);
    for turn in [Color::White, Color::Black] {
        if let Ok(p) = portes::Position::from_gnubg_id(text, turn) {
            assert_eq!(p.turn(), turn);
            assert_eq!(p.gnubg_id(), canonical, "a decoded GNU Backgammon ID is not the one gnubg_id() writes");
            round_trip(&p.into(), text);
        }
    }
    if let Ok(p) = portes::parse_position(text) {
        round_trip(&p.into(), text);
    }
    if let Ok((p, _dice)) = fevga::parse_diagram(text) {
        round_trip(&p.into(), text);
    }
    if let Ok(p) = fevga::parse_position(text) {
        round_trip(&p.into(), text);
    }
});
