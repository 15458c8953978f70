//! The shipped network weights, compiled into the binary so a fresh clone
//! plays at full strength without training (`weights/README.md` says how
//! they were made).

use std::sync::{Arc, OnceLock};

use tavli_core::tavli::GameKind;

use crate::network::Network;

/// The network in the weights file `bytes` shipped for `game`, decoded on
/// first use and then shared by every evaluator of the process.
pub(crate) fn decoded_once(game: GameKind, bytes: &'static [u8]) -> Arc<Network> {
    static NETS: [OnceLock<Arc<Network>>; GameKind::ALL.len()] = [const { OnceLock::new() }; GameKind::ALL.len()];
    let place = GameKind::ALL.iter().position(|&k| k == game).expect("every game is in GameKind::ALL");
    NETS[place]
        .get_or_init(|| match Network::from_bytes_of(game, bytes) {
            Ok(n) => Arc::new(n),
            // The files are part of the build and checked by a test; a
            // broken one is a packaging error, not an input.
            Err(e) => panic!("the shipped {game} weights do not load: {e}"),
        })
        .clone()
}
