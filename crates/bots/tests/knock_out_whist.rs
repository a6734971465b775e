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

/// The `bits`-th combination of the on/off variants (cycling), valid for `seats` (start cards
/// shrink when the deck is short).
fn config(bits: u8, seats: usize) -> Config {
    let mut config = Config::flag_combinations().cycle().nth(usize::from(bits)).expect("twelve configs");
    config.start_cards = config.start_cards.min(Config::max_start_cards(seats));
    config
}

proptest! {
    #![proptest_config(ProptestConfig { cases: 96, ..ProptestConfig::default() })]

    #[test]
    fn bots_choose_legal_actions(seed in any::<u64>(), seats in 2usize..=7, depth in 0usize..150, bits in 0u8..16) {
        let config = config(bits, seats);
        for spec in ["ismcts:40,playout=random", "ismcts:40,playout=fast", "ismcts:20,belief=10,opponents=model", "random", "heuristic"] {
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
        for spec in
            ["ismcts:40,playout=random", "ismcts:40,playout=fast,belief=0,opponents=search", "ismcts:40", "heuristic"]
        {
            differed += usize::from(common::check_no_peeking(factory, spec, &config, seats, seed, depth));
        }
    }
    assert!(differed > 80, "most positions had hidden cards that moved ({differed})");
}

#[test]
fn default_heuristic_playout_and_believing_ismcts_play_legally_from_the_view_alone_and_repeat_themselves() {
    for seed in 0..6u64 {
        let depth = (seed * 11 % 40) as usize;
        for spec in ["ismcts:8", "ismcts:8,playout=heuristic", "ismcts:8,playout=heuristic,belief=10,opponents=model"] {
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

/// A model of the other players that always plays its lowest (or highest) legal card, counting
/// how often it is asked.
struct Extreme {
    highest: bool,
    asked: std::sync::Arc<std::sync::atomic::AtomicUsize>,
}

impl Bot<KnockOutWhist> for Extreme {
    fn name(&self) -> String {
        "extreme".into()
    }

    fn choose(
        &mut self,
        info: &engine::InfoSet<'_, KnockOutWhist>,
        _rng: &mut engine::GameRng,
    ) -> knock_out_whist::Action {
        self.asked.fetch_add(1, std::sync::atomic::Ordering::Relaxed);
        let mut legal = Vec::new();
        info.legal_actions(&mut legal);
        if self.highest { *legal.last().unwrap() } else { legal[0] }
    }
}

#[test]
fn modelled_opponents_are_played_by_the_model_and_change_what_the_search_expects() {
    use bots::{Budget, Ismcts};
    use engine::{Game, InfoSet, seeded};
    use std::sync::atomic::{AtomicUsize, Ordering};
    let mut rng = seeded(5);
    let game = KnockOutWhist::new(&Config::default(), 4, &mut rng).unwrap();
    let leader = game.to_act().first().unwrap();
    let info = InfoSet::new(&game, leader);
    let search = |highest: bool, modelled: bool| {
        let asked = std::sync::Arc::new(AtomicUsize::new(0));
        let model = Box::new(Extreme { highest, asked: asked.clone() });
        let bot = Ismcts::with_policy(Budget::Iterations(400), knock_out_whist::playout_policy);
        let mut bot = if modelled { bot.modelling(model) } else { bot };
        let found = bot.search(&info, &mut seeded(9));
        (found, asked.load(Ordering::Relaxed))
    };
    let (low, asked_low) = search(false, true);
    let (high, asked_high) = search(true, true);
    let (_, asked_unmodelled) = search(false, false);
    // Past the first expansions, iterations follow the three other seats through the trick
    // (forced moves are not asked).
    assert!(asked_low > 400 && asked_high > 400, "{asked_low} {asked_high}");
    assert_eq!(asked_unmodelled, 0);
    // Opponents who always duck make leading pay more than opponents who always play high.
    let value = |s: &bots::Search<_>| s.value();
    assert!(value(&low) > value(&high), "ducking {:.3}, playing high {:.3}", value(&low), value(&high));
}

#[test]
fn sampling_by_belief_keeps_to_a_time_budget() {
    use engine::{EventLog, Game, InfoSet, seeded};
    use std::time::{Duration, Instant};
    // Deep in round 1, where a pool of 1,000 explained worlds takes over a second to draw.
    let mut rng = seeded(8);
    let mut game = KnockOutWhist::new(&Config::default(), 4, &mut rng).unwrap();
    let mut heuristic = knock_out_whist::HeuristicBot::default();
    for _ in 0..18 {
        let seat = game.to_act().first().unwrap();
        let action = heuristic.choose(&InfoSet::new(&game, seat), &mut rng);
        game.apply(seat, action, &mut rng, &mut EventLog::off()).unwrap();
    }
    let seat = game.to_act().first().unwrap();
    let mut bot = factory(&BotSpec::parse("ismcts:30ms,belief=1000,opponents=model")).unwrap();
    let begun = Instant::now();
    bot.choose(&InfoSet::new(&game, seat), &mut rng);
    let took = begun.elapsed();
    assert!(took < Duration::from_millis(400), "a 30 ms search took {took:?}");
}
