//! The standard bots on Schotten-Totten and its variants: legal moves, no peeking, determinism,
//! and ISMCTS beating random.

mod common;

use engine::{Bot, BotError, BotSpec};
use proptest::prelude::*;
use schotten_totten::{Config, SchottenTotten};

/// The bots as the catalog (and so the server and the CLI) builds them.
fn factory(spec: &BotSpec) -> Result<Box<dyn Bot<SchottenTotten>>, BotError> {
    catalog::schotten_totten_bots().build(spec)
}

fn config(bits: u8) -> Config {
    Config {
        claim_after_play: bits & 1 != 0,
        table_proof: bits & 2 != 0,
        starting_seat: (bits >> 2) & 1,
        ..Config::default()
    }
}

proptest! {
    #![proptest_config(ProptestConfig { cases: 64, ..ProptestConfig::default() })]

    #[test]
    fn bots_choose_legal_actions(seed in any::<u64>(), depth in 0usize..80, bits in 0u8..8) {
        for spec in ["ismcts:30,playout=random", "ismcts:30,playout=fast", "random", "heuristic"] {
            common::check_legal_choice(factory, spec, &config(bits), 2, seed, depth);
        }
    }
}

#[test]
fn ismcts_and_heuristic_decide_from_the_view_alone() {
    let mut differed = 0;
    for seed in 0..40u64 {
        let depth = (seed * 3 % 70) as usize;
        for spec in ["ismcts:30,playout=random", "ismcts:30,playout=fast", "heuristic"] {
            differed += usize::from(common::check_no_peeking(factory, spec, &config(seed as u8 % 8), 2, seed, depth));
        }
    }
    assert!(differed > 40, "most positions had hidden cards that moved ({differed})");
}

#[test]
fn default_and_heuristic_playout_ismcts_play_legally_from_the_view_alone_and_repeat_themselves() {
    for seed in 0..6u64 {
        let depth = (seed * 11 % 40) as usize;
        for spec in ["ismcts:8", "ismcts:8,playout=heuristic"] {
            common::check_legal_choice(factory, spec, &config(seed as u8 % 8), 2, seed, depth);
            common::check_deterministic(factory, spec, &config(seed as u8 % 8), 2, seed, depth);
            common::check_no_peeking(factory, spec, &config(seed as u8 % 8), 2, seed, depth);
        }
    }
}

#[test]
fn ismcts_repeats_itself_for_the_same_seed() {
    for seed in 0..12u64 {
        common::check_deterministic(
            factory,
            "ismcts:40,playout=random",
            &config(seed as u8 % 8),
            2,
            seed,
            seed as usize * 4,
        );
    }
}

#[test]
fn ismcts_beats_random() {
    let reward = common::mean_reward(factory, "ismcts:40,playout=random", "random", &Config::default(), 2, 10, 5);
    assert!(reward >= 0.8, "ismcts:40 against random: mean reward {reward:.3}");
}
