//! Position IDs from any bytes: never a panic; an ID that decodes is the
//! one `id()` writes for that position (IDs are canonical), and the
//! position survives JSON too.

#![no_main]

use libfuzzer_sys::fuzz_target;
use tavli_core::Position;

fuzz_target!(|data: &[u8]| {
    let Ok(text) = std::str::from_utf8(data) else { return };
    let Ok(pos) = Position::from_id(text) else { return };
    let id = pos.id();
    assert_eq!(id, text.trim(), "a decoded ID is not the one id() writes");
    match Position::from_id(&id) {
        Ok(back) => assert_eq!(back, pos, "ID {id} decodes to another position"),
        Err(e) => panic!("id() wrote {id}, which does not decode: {e}"),
    }
    let json = pos.to_json();
    match Position::from_json(&json) {
        Ok(back) => assert_eq!(back, pos, "{json} reads back as another position"),
        Err(e) => panic!("to_json wrote {json}, which does not parse: {e}"),
    }
});
