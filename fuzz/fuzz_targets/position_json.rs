//! Position JSON from any bytes: never a panic; whatever parses writes back
//! to JSON and to an ID that both read back as the same position.

#![no_main]

use libfuzzer_sys::fuzz_target;
use tavli_core::{Position, parse_position};

fuzz_target!(|data: &[u8]| {
    let Ok(text) = std::str::from_utf8(data) else { return };
    let _ = parse_position(text);
    let Ok(pos) = Position::from_json(text) else { return };
    let json = pos.to_json();
    match Position::from_json(&json) {
        Ok(back) => assert_eq!(back, pos, "{json} reads back as another position"),
        Err(e) => panic!("to_json wrote {json}, which does not parse: {e}"),
    }
    assert_eq!(Position::from_json(&json).map(|p| p.to_json()).ok(), Some(json.clone()), "to_json is not stable");
    let id = pos.id();
    match Position::from_id(&id) {
        Ok(back) => assert_eq!(back, pos, "ID {id} decodes to another position than {json}"),
        Err(e) => panic!("id() wrote {id} for {json}, which does not decode: {e}"),
    }
});
