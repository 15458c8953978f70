//! Records as the review reads them from anyone (`tavli review FILE`,
//! `POST /api/v1/review`): a plain move list, or a match record's JSON of
//! any game (a Tavli match's, or one game's). Never a panic; a match that
//! loads gives a record that loads back to it.

#![no_main]

use libfuzzer_sys::fuzz_target;
use tavli_core::game::{Match, MatchRecord, read_move_list};
use tavli_core::tavli::{AnyPosition, GamePosition};

fn round_trip<P: GamePosition>(m: &Match<P>) {
    let rec = m.record();
    let again = Match::for_review(&rec).unwrap_or_else(|e| panic!("a match's own record does not load: {e}"));
    assert_eq!(again.record(), rec, "the record reloads to another match");
}

fuzz_target!(|data: &[u8]| {
    let text = String::from_utf8_lossy(data);
    if let Ok(rec) = read_move_list(&text)
        && let Ok(m) = Match::for_review(&rec)
    {
        round_trip(&m);
    }
    if let Ok(rec) = serde_json::from_str::<MatchRecord<AnyPosition>>(&text)
        && let Ok(m) = Match::for_review(&rec)
    {
        round_trip(&m);
    }
});
