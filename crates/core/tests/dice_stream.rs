//! The dice a seed gives are pinned: the first hundred rolls of fixed seeds
//! are written out here literally, so a change to the dice stream (a
//! dependency update, a refactoring) fails this test instead of making
//! every stored match unloadable.

use tavli_core::game::{DiceSource, Seed, SeededDice};

/// The first `n` rolls of `seed`, each as its two dice in the order thrown.
fn rolls(seed: Seed, n: usize) -> String {
    let mut d = SeededDice::new(seed);
    (0..2 * n).map(|_| char::from(b'0' + d.die())).collect()
}

fn secret(byte: u8) -> Seed {
    Seed::Secret([byte; 32])
}

/// Each seed's first hundred rolls, two dice a roll, in the order thrown
/// (for a match: the opening roll-offs' single dice first, then two a turn).
#[test]
fn the_first_hundred_rolls_of_fixed_seeds_are_these() {
    let golden = [
        (
            Seed::Number(0),
            "4553454126443556356136653443154412634446466514551646665445453233533156111433516333634412466622342242\
          1361534453624461162643143562132115425634255144123555133333323143342356461424636522361166634423244134",
        ),
        (
            Seed::Number(42),
            "2516533452412215455244364654652264122321614225413132263545554561226215155321361435655125664563365446\
          1214335321616565652341344653516422523332422324362334643626436362466335211152451413321615612466356363",
        ),
        (
            Seed::Number(u64::MAX),
            "6543134344456226122625214645621355611445352166326264611434623446421556423226435531246551661414651655\
          6351134446541363653623444123144421565464664446315614215322554322524215251436263555546223152323534222",
        ),
        (
            secret(0),
            "2664524132314152123514432433156464166514536441465462341351434421232263564623152215433323423214213644\
          3553554455341443124241453255243523511325124163413426216164156266524614554541556134365134144351253251",
        ),
        (
            secret(0xa7),
            "3244561642151625643161123254414631554124643624363225442662233355315134252234161653232362561225341362\
          2441652436324265421461254426614421523132412553445613324356316226522622543452465124166165553616626556",
        ),
    ];
    for (seed, dice) in golden {
        let dice: String = dice.split_whitespace().collect();
        assert_eq!(rolls(seed, 100), dice, "seed {seed}");
    }
}

/// The dice stream is the one `rand` 0.10 gave (ChaCha8Rng, `random_range(1..=6)`)
/// when matches were first stored: records written since load with the same
/// dice. (If `rand` changes, this test may be dropped; the literal rolls above
/// are the contract.)
#[test]
fn the_stream_draws_what_rand_0_10_drew() {
    use rand::{RngExt, SeedableRng};
    use rand_chacha::ChaCha8Rng;
    let seeds = (0..64u64)
        .map(Seed::Number)
        .chain([Seed::Number(u64::MAX)])
        .chain((0..32u8).map(|b| Seed::Secret([b.wrapping_mul(37); 32])));
    for seed in seeds {
        let mut theirs = match seed {
            Seed::Number(n) => ChaCha8Rng::seed_from_u64(n),
            Seed::Secret(k) => ChaCha8Rng::from_seed(k),
        };
        let mut ours = SeededDice::new(seed);
        for i in 0..2000 {
            assert_eq!(ours.die(), theirs.random_range(1..=6u8), "seed {seed}, die {i}");
        }
    }
}
