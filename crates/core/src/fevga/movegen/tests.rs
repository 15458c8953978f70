//! The generator's fast paths against its own slow paths, over positions
//! of seeded random games under every set of options.

use super::*;
use crate::movegen_common::testing::{assert_unique_is_every_order, random_positions};

/// Positions of random games (`games` of them), each with its rules.
fn positions(seed: u64, games: usize) -> Vec<(Position, FevgaRules)> {
    let rules = |g: usize| FevgaRules::ALL[g % FevgaRules::ALL.len()];
    let legal = |g, pos: &Position, dice| pos.legal_plays_with(dice, &rules(g));
    random_positions(Position::start(), seed, games, 400, legal).into_iter().map(|(p, g)| (p, rules(g))).collect()
}

/// The closed-form counts agree with enumeration wherever they apply.
#[test]
fn fast_counts_match_enumeration() {
    let mut checked = 0;
    for (pos, rules) in positions(5, 160) {
        let mut movegen = MoveGen::new(rules);
        let ctx = Ctx::new(&pos, &rules);
        for d in Dice::ALL {
            let (plan, _) = ctx.plan(d);
            if plan == Plan::Unique && ctx.wall == 0 {
                assert_eq!(movegen.count_with(&ctx, d), movegen.count_enumerated(&ctx, d), "{pos:?} {d} {rules:?}");
                checked += 1;
            }
        }
    }
    assert!(checked > 100_000, "{checked}");
}

/// The one-per-position generators give exactly the plays of the
/// every-order generator with duplicates removed.
#[test]
fn unique_generation_matches_every_order() {
    let (mut set, mut seen) = (KeySet::new(), KeySet::new());
    let mut checked = 0;
    for (pos, rules) in positions(9, 80) {
        let ctx = Ctx::new(&pos, &rules);
        for d in Dice::ALL {
            let (plan, c) = ctx.plan(d);
            if plan == Plan::Unique {
                assert_unique_is_every_order(&Roll { ctx: &ctx, c }, d, (&mut set, &mut seen), Play::key, &pos);
                checked += 1;
            }
        }
    }
    assert!(checked > 50_000, "{checked}");
}

/// The positions perft walks are exactly the positions of the plays, and
/// the counts agree, under every set of options.
#[test]
fn positions_and_counts_are_those_of_the_plays() {
    let (mut plays, mut reached) = (Vec::new(), Vec::new());
    let mut checked = 0;
    for (pos, rules) in positions(13, 40) {
        let mut movegen = MoveGen::new(rules);
        let ctx = Ctx::new(&pos, &rules);
        for d in Dice::ALL {
            movegen.plays_with(&ctx, &pos, d, &mut plays);
            movegen.positions_with(&ctx, &pos, d, &mut reached);
            let want: Vec<Position> = plays.iter().map(|p| *p.position()).collect();
            assert_eq!(reached, want, "{pos:?} {d} {rules:?}");
            assert_eq!(movegen.count_with(&ctx, d) as usize, want.len(), "{pos:?} {d} {rules:?}");
            checked += 1;
        }
    }
    assert!(checked > 50_000, "{checked}");
}
