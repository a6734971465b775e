//! The standard bots on Knock-Out Whist, every seat count and variant: legal moves, no peeking,
//! determinism, and ISMCTS beating random.

mod common;

use engine::{Bot, BotError, BotSpec};
use knock_out_whist::{Config, KnockOutWhist};
use proptest::prelude::*;

/// The bots as the catalog (and so the server and the CLI) builds them.
fn factory(spec: &BotSpec) -> Result<Box<dyn Bot<KnockOutWhist>>, BotError> {
    catalog::knock_out_whist_bots().build(spec)
}

/// A config from variant bits, valid for `seats` (start cards shrink when the deck is short;
/// the vote needs chosen trumps, so it wins over `fixed-trump`).
fn config(bits: u8, seats: usize) -> Config {
    let mut config = Config {
        mercy: bits & 1 != 0,
        fixed_trump: bits & 2 != 0 && bits & 4 == 0,
        knocked_out_vote: bits & 4 != 0,
        no_trump_final: bits & 8 != 0,
        ..Config::default()
    };
    config.start_cards = config.start_cards.min(Config::max_start_cards(seats));
    config
}

proptest! {
    #![proptest_config(ProptestConfig { cases: 96, ..ProptestConfig::default() })]

    #[test]
    fn bots_choose_legal_actions(seed in any::<u64>(), seats in 2usize..=7, depth in 0usize..150, bits in 0u8..16) {
        let config = config(bits, seats);
        for spec in ["ismcts:40,playout=random", "ismcts:40,playout=fast", "random", "heuristic"] {
            common::check_legal_choice(factory, spec, &config, seats, seed, depth);
        }
    }
}

#[test]
fn ismcts_and_heuristic_decide_from_the_view_alone() {
    let mut differed = 0;
    for seed in 0..60u64 {
        let seats = 2 + (seed % 6) as usize;
        let config = config((seed / 6 % 16) as u8, seats);
        let depth = (seed * 7 % 60) as usize;
        for spec in ["ismcts:40,playout=random", "ismcts:40,playout=fast", "heuristic"] {
            differed += usize::from(common::check_no_peeking(factory, spec, &config, seats, seed, depth));
        }
    }
    assert!(differed > 60, "most positions had hidden cards that moved ({differed})");
}

#[test]
fn default_and_heuristic_playout_ismcts_play_legally_from_the_view_alone_and_repeat_themselves() {
    for seed in 0..6u64 {
        let depth = (seed * 11 % 40) as usize;
        for spec in ["ismcts:8", "ismcts:8,playout=heuristic"] {
            common::check_legal_choice(factory, spec, &config(seed as u8 % 16, 4), 4, seed, depth);
            common::check_deterministic(factory, spec, &config(seed as u8 % 16, 4), 4, seed, depth);
            common::check_no_peeking(factory, spec, &config(seed as u8 % 16, 4), 4, seed, depth);
        }
    }
}

#[test]
fn ismcts_repeats_itself_for_the_same_seed() {
    for seed in 0..20u64 {
        let seats = 2 + (seed % 6) as usize;
        common::check_deterministic(
            factory,
            "ismcts:60",
            &config(seed as u8 % 16, seats),
            seats,
            seed,
            seed as usize * 5,
        );
    }
}

#[test]
fn ismcts_beats_random() {
    // Four players: a random player's mean reward is one half.
    let reward = common::mean_reward(factory, "ismcts:60,playout=random", "random", &Config::default(), 4, 64, 11);
    assert!(reward > 0.6, "ismcts:60 against three random players: mean reward {reward:.3}");
}
