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

/// Always plays the last legal action: an advisor whose choice is easy to recognise.
struct Last;

impl Bot<SchottenTotten> for Last {
    fn name(&self) -> String {
        "last".into()
    }

    fn choose(
        &mut self,
        info: &engine::InfoSet<'_, SchottenTotten>,
        _rng: &mut engine::GameRng,
    ) -> schotten_totten::Action {
        let mut legal = Vec::new();
        info.legal_actions(&mut legal);
        *legal.last().expect("to act")
    }
}

#[test]
fn the_advisors_choice_is_the_first_move_the_search_tries() {
    use bots::{Budget, Ismcts};
    use engine::{Game, InfoSet, seeded};
    let mut differs = 0;
    for seed in 0..8u64 {
        let game = SchottenTotten::new(&Config::default(), 2, &mut seeded(seed)).unwrap();
        let seat = game.to_act().first().unwrap();
        let info = InfoSet::new(&game, seat);
        let mut legal = Vec::new();
        info.legal_actions(&mut legal);
        let advice = *legal.last().unwrap();
        for budget in [1, 2] {
            let mut bot = Ismcts::with_policy(Budget::Iterations(budget), schotten_totten::playout_policy)
                .widening(0.25, 0.5)
                .advised_by(Box::new(Last));
            let search = bot.search(&info, &mut seeded(seed));
            let tried: Vec<_> = search.actions.iter().filter(|s| s.visits > 0).map(|s| s.action).collect();
            // Widening 0.25 keeps the root at one child for the first iterations.
            assert_eq!(tried, [advice], "seed {seed}, {budget} iterations");
        }
        // Without the advisor the first move is the playout policy's.
        let mut plain = Ismcts::with_policy(Budget::Iterations(1), schotten_totten::playout_policy).widening(0.25, 0.5);
        let search = plain.search(&info, &mut seeded(seed));
        let first = search.actions.iter().find(|s| s.visits > 0).unwrap().action;
        differs += usize::from(first != advice);
    }
    assert!(differs > 0, "the playout policy alone would have tried the advice first anyway");
}
