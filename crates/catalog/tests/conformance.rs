//! One conformance suite for every registered game, like OpenSpiel's generic game tests: a game
//! gets all of it by being registered in [`catalog::registry`]. The demo games of the engine
//! run too, so the parts of the contract the card games do not use yet (compound secret choices,
//! chained reaction windows) are covered.
//!
//! Per game and for every seat count and a spread of variant mixes: random games to the end with
//! the typed contract checks of `engine::testing` at every position (notation round trips, step
//! kinds, secret answers that show in no other view or event, `determinize` keeping the
//! observer's view and reading nothing it cannot see, refused actions that change nothing,
//! record → replay); then, through the type-erased face the server and the protocol use, records
//! that replay to identical views, malformed input refused without a change, and every bot
//! legal and deterministic for a seed.

use engine::demo::{Duel, Rps};
use engine::{GameKind, Preset, Registry, Seat, VariantKind};
use rand::Rng;
use serde_json::Value;

/// Every game of the catalog, and the engine's demo games with the standard bots.
fn registry() -> Registry {
    catalog::registry()
        .with::<Rps>(|spec| bots::standard::<Rps>(spec, || Box::new(engine::RandomBot::default())), bots::STANDARD_BOTS)
        .with::<Duel>(
            |spec| bots::standard::<Duel>(spec, || Box::new(engine::RandomBot::default())),
            bots::STANDARD_BOTS,
        )
}

/// The variant settings to try: none (the default game), each flag alone, every flag together,
/// each option of a choice, both ends of a number range and every preset.
fn variant_mixes(kind: &dyn GameKind) -> Vec<Vec<String>> {
    let variants = kind.info().variants;
    let mut mixes = vec![Vec::new()];
    let flags: Vec<String> =
        variants.iter().filter(|v| matches!(v.kind, VariantKind::Flag)).map(|v| v.name.to_owned()).collect();
    mixes.extend(flags.iter().map(|f| vec![f.clone()]));
    if flags.len() > 1 {
        mixes.push(flags.clone());
    }
    for variant in variants {
        match variant.kind {
            VariantKind::Flag => {}
            VariantKind::Choice { options, default } => {
                mixes.extend(options.iter().filter(|o| **o != default).map(|o| vec![format!("{}={o}", variant.name)]))
            }
            VariantKind::Number { min, max, default } => mixes.extend(
                [min, max].into_iter().filter(|n| *n != default).map(|n| vec![format!("{}={n}", variant.name)]),
            ),
        }
    }
    for preset in kind.info().presets {
        let mut mix = preset.with(&[]);
        mix.sort();
        if !mixes.iter().any(|m| {
            let mut m = m.clone();
            m.sort();
            m == mix
        }) {
            mixes.push(mix);
        }
    }
    mixes
}

/// Every config and seat count of `kind` the suite plays: (variants, config, seats).
fn set_ups(kind: &dyn GameKind) -> Vec<(Vec<String>, Value, usize)> {
    let info = kind.info();
    let mut out = Vec::new();
    for mix in variant_mixes(kind) {
        let config = kind.config_from_variants(&mix).unwrap_or_else(|e| panic!("{}: {mix:?} refused: {e}", info.name));
        for seats in info.min_seats..=info.max_seats {
            // Some mixes fit only some table sizes (a deck too small for many hands).
            if kind.new_match(&config, seats, 0).is_ok() {
                out.push((mix.clone(), config.clone(), seats));
            }
        }
    }
    assert!(!out.is_empty(), "{}: no variant mix sets up a game", info.name);
    out
}

#[test]
fn every_game_keeps_the_contract_in_random_games() {
    let registry = registry();
    for kind in registry.games() {
        let (mut games, mut resampled, mut changes) = (0, 0, 0);
        for (mix, config, seats) in set_ups(kind) {
            let coverage = kind.check_contract(&config, seats, 6, 1000 + seats as u64).unwrap_or_else(|e| {
                panic!("{} {mix:?} seats={seats}: {e}", kind.name());
            });
            games += coverage.games;
            resampled += coverage.resampled_positions;
            changes += coverage.observation_changes;
        }
        // A tensor that never changes would pass the information-set check by showing nothing.
        if kind.tensor_game(&Value::Null, kind.info().min_seats).is_ok() {
            assert!(changes > 0, "{}: no seat's observation ever changed", kind.name());
        }
        assert!(games >= 6, "{}: only {games} games played", kind.name());
        // Every game here hides something (hands, secret choices): a sampled world that never
        // differs from the true one for any other seat means the views give it all away.
        assert!(resampled > 0, "{}: determinize never resampled anything another seat sees", kind.name());
    }
}

/// Every game of the catalog is driven by ids and observed as tensors at every seat count and
/// variant mix: the id path (what the Python package uses) plays the same game as the notation
/// path the server uses, its masks agree with its legal ids, and its returns add up to zero.
#[test]
fn every_catalog_game_plays_the_same_through_action_ids() {
    let registry = catalog::registry();
    for kind in registry.games() {
        for (mix, config, seats) in set_ups(kind) {
            let ctx = format!("{} {mix:?} seats={seats}", kind.name());
            let game = kind.tensor_game(&config, seats).unwrap_or_else(|e| panic!("{ctx}: {e}"));
            let names = kind.action_space(&config, seats).unwrap().expect("catalog games list their actions");
            assert_eq!(game.num_actions(), names.len(), "{ctx}");
            // Every id back from its notation (ids found by the game's action keys or by hash).
            for (id, name) in names.iter().enumerate() {
                assert_eq!(game.action_id(name), Some(id as u32), "{ctx}: {name}");
            }
            assert!(game.observation_len() > 0, "{ctx}");
            let mut state = game.new_state(31).unwrap();
            let mut m = kind.new_match(&config, seats, 31).unwrap();
            let (mut legal, mut mask) = (Vec::new(), vec![0u8; game.num_actions()]);
            let mut tensor = vec![0.0f32; game.observation_len()];
            let mut rng = engine::seeded(8);
            while !state.is_over() {
                let seat = state.to_act().first().unwrap();
                state.legal_ids(seat, &mut legal);
                state.legal_mask(seat, &mut mask);
                let from_mask: Vec<u32> = (0..mask.len() as u32).filter(|&i| mask[i as usize] == 1).collect();
                assert_eq!(from_mask, legal, "{ctx}: mask and legal ids differ");
                let mut by_name: Vec<u32> = m.legal_actions(seat).iter().map(|a| game.action_id(a).unwrap()).collect();
                by_name.sort_unstable();
                assert_eq!(by_name, legal, "{ctx}: legal ids differ from the legal notation");
                state.observe(seat, &mut tensor);
                let id = legal[rng.random_range(0..legal.len())];
                assert!(state.apply(seat, game.num_actions() as u32).is_err(), "{ctx}: an id past the space");
                state.apply(seat, id).unwrap();
                m.apply(seat, &game.action_name(id).unwrap()).unwrap();
                assert_eq!(state.view(Some(seat)), m.view(Some(seat)), "{ctx}: the id path went elsewhere");
            }
            assert_eq!(state.outcome(), m.outcome(), "{ctx}");
            let mut returns = vec![0.0f32; seats];
            state.returns(&mut returns);
            assert!(returns.iter().sum::<f32>().abs() < 1e-5, "{ctx}: returns {returns:?} do not add up to 0");
        }
    }
}

/// What every viewer sees of `m`, as JSON.
fn views(m: &dyn engine::DynMatch) -> Vec<Value> {
    std::iter::once(None).chain(Seat::all(m.seats()).map(Some)).map(|v| m.view(v)).collect()
}

#[test]
fn every_game_replays_its_records_and_refuses_bad_input_through_the_registry() {
    let registry = registry();
    let malformed = ["", "   ", "%%%", "\u{0}", "play play play", "🂡 🂢", &"x".repeat(10_000)];
    for kind in registry.games() {
        for (mix, config, seats) in set_ups(kind).into_iter().take(8) {
            let ctx = format!("{} {mix:?} seats={seats}", kind.name());
            let mut m = kind.new_match(&config, seats, 77).unwrap();
            let mut rng = engine::seeded(5);
            let mut applied = Vec::new();
            while let Some(seat) = m.to_act().iter().nth(rng.random_range(0..m.to_act().len().max(1))) {
                let before = views(m.as_ref());
                for text in malformed {
                    assert!(m.apply(seat, text).is_err(), "{ctx}: {text:?} was taken");
                }
                // (At a full table of eight every seat is at the table: nobody to try.)
                if seats < 8 {
                    assert!(m.apply(Seat::at(seats), "pass").is_err(), "{ctx}: a seat not at the table acted");
                }
                assert_eq!(views(m.as_ref()), before, "{ctx}: refused input changed the state");
                let legal = m.legal_actions(seat);
                let action = legal[rng.random_range(0..legal.len())].clone();
                m.apply(seat, &action).unwrap_or_else(|e| panic!("{ctx}: legal {action:?} refused: {e}"));
                applied.push(action);
            }
            let record = m.record();
            let written: Vec<&str> = record.actions.iter().map(|a| a.action.as_str()).collect();
            assert_eq!(written, applied, "{ctx}: records write actions as the legal list names them");
            let json = serde_json::to_string(&record).unwrap();
            let replayed = registry.replay(&serde_json::from_str(&json).unwrap()).unwrap();
            assert_eq!(views(replayed.as_ref()), views(m.as_ref()), "{ctx}: the replay differs");
            assert_eq!(replayed.outcome(), m.outcome(), "{ctx}: the replayed outcome differs");
        }
    }
}

#[test]
fn every_bot_of_every_game_plays_legally_and_the_search_repeats_for_a_seed() {
    let registry = registry();
    for kind in registry.games() {
        let info = kind.info();
        let config = kind.default_config();
        let seats = info.min_seats.max(2).min(info.max_seats);
        for bot in info.bots {
            let spec = if *bot == "ismcts" { "ismcts:24".to_owned() } else { (*bot).to_owned() };
            let lineup: Vec<String> =
                (0..seats).map(|i| if i == 0 { spec.clone() } else { "random".to_owned() }).collect();
            let first =
                kind.play_bots(&config, &lineup, 3, true).unwrap_or_else(|e| panic!("{} {spec}: {e}", kind.name()));
            let again = kind.play_bots(&config, &lineup, 3, true).unwrap();
            assert_eq!(
                first.record.unwrap().actions,
                again.record.unwrap().actions,
                "{} {spec}: the same seed must give the same game",
                kind.name()
            );
        }
    }
}

#[test]
fn every_catalog_game_offers_the_four_levels_each_a_working_bot_rated_above_the_last() {
    for kind in catalog::registry().games() {
        let info = kind.info();
        let mut last = None;
        for level in engine::Level::ALL {
            let about = info.levels.get(level).unwrap_or_else(|| panic!("{}: no level {level}", info.name));
            assert!(
                last.is_none_or(|rating| about.rating > rating),
                "{}: {level} is rated {}, not above the level below it",
                info.name,
                about.rating
            );
            last = Some(about.rating);
            // The level's name plays wherever a spec is taken, as the spec it stands for.
            let m = kind.new_match(&kind.default_config(), info.min_seats, 11).unwrap();
            let seat = m.to_act().iter().next().unwrap();
            let action = m
                .bot_action(seat, level.name(), 5)
                .unwrap_or_else(|e| panic!("{}: level {level} ({}) cannot play: {e}", info.name, about.spec));
            assert!(m.legal_actions(seat).contains(&action), "{}: {level} played {action:?}", info.name);
        }
    }
}

/// Hints and analyses ask `expert`: at every game it names a search that values legal actions
/// (Kopf an Kopf's Expert plays the heuristic, so its levels name the search apart).
#[test]
fn every_catalog_games_expert_values_legal_actions_for_hints_and_analyses() {
    for kind in catalog::registry().games() {
        let info = kind.info();
        let search = info.levels.search().unwrap_or_else(|| panic!("{}: no search for hints", info.name));
        let m = kind.new_match(&kind.default_config(), info.min_seats, 11).unwrap();
        let seat = m.to_act().iter().next().unwrap();
        let values = m
            .analyse(seat, "expert", 5)
            .unwrap_or_else(|e| panic!("{}: `expert` ({search}) does not analyse: {e}", info.name));
        let legal = m.legal_actions(seat);
        assert!(!values.is_empty(), "{}: no action valued", info.name);
        for value in &values {
            assert!(legal.contains(&value.action), "{}: {} is not legal", info.name, value.action);
            assert!((0.0..=1.0).contains(&value.value), "{}: {value:?}", info.name);
        }
    }
}

/// Every preset sets up its game, differs from the game's other presets, and has a title in
/// English and German; Schotten-Totten's are the four ways to play of ST-3.
#[test]
fn every_preset_sets_up_its_game_and_has_titles_in_english_and_german() {
    let registry = registry();
    for kind in registry.games() {
        let info = kind.info();
        let mut configs: Vec<Value> = Vec::new();
        for preset in info.presets {
            let ctx = format!("{} preset {}", info.name, preset.name);
            assert!(!preset.title.is_empty() && !preset.title_de.is_empty(), "{ctx}: a title in both languages");
            let kebab = preset.name.chars().all(|c| c.is_ascii_lowercase() || c.is_ascii_digit() || c == '-');
            assert!(kebab && !preset.name.is_empty(), "{ctx}: a kebab-case name");
            assert_eq!(Preset::find(info.presets, preset.name).unwrap(), preset, "{ctx}: names are unique");
            let config = kind.config_from_variants(&preset.with(&[])).unwrap_or_else(|e| panic!("{ctx}: {e}"));
            kind.new_match(&config, info.min_seats, 1).unwrap_or_else(|e| panic!("{ctx}: {e}"));
            assert!(!configs.contains(&config), "{ctx}: the same game as another preset");
            configs.push(config);
        }
    }
    let st = registry.get("schotten-totten").unwrap();
    let presets = st.info().presets;
    let shown: Vec<(&str, &str)> = presets.iter().map(|p| (p.title, p.title_de)).collect();
    assert_eq!(
        shown,
        [
            ("Schotten-Totten", "Schotten-Totten"),
            ("Schotten-Totten with tactics", "Schotten-Totten mit Taktikkarten"),
            ("Battle Line", "Battle Line"),
            ("Battle Line, troops only", "Battle Line, nur Truppenkarten"),
        ]
    );
    // ST-3: the game sold as Battle Line is `battle-line` with `tactics`.
    let config = |name: &str, more: &[&str]| {
        let more: Vec<String> = more.iter().map(|s| (*s).to_owned()).collect();
        st.config_from_variants(&Preset::find(presets, name).unwrap().with(&more)).unwrap()
    };
    let flags = |c: &Value| (c["battle-line"].as_bool().unwrap(), c["tactics"].as_bool().unwrap());
    assert_eq!(flags(&config("battle-line", &[])), (true, true));
    assert_eq!(flags(&config("battle-line-troops", &[])), (true, false));
    assert_eq!(flags(&config("schotten-totten-tactics", &[])), (false, true));
    assert_eq!(flags(&config("schotten-totten", &[])), (false, false));
    // Variants given after a preset add to it or override it.
    let more = config("battle-line", &["claim-after-play", "tactics=off"]);
    assert_eq!((flags(&more), more["claim-after-play"].as_bool().unwrap()), ((true, false), true));
    assert!(Preset::find(presets, "battle-line-tactics").unwrap_err().to_string().contains("battle-line-troops"));
}

#[test]
fn every_game_survives_the_fuzzers_first_inputs() {
    // What `fuzz/` runs under libFuzzer for millions of actions (docs/fuzzing.md), here on
    // sixty random inputs per game: legal and illegal actions, edited notation, positions and
    // records, with the contract checked at every step.
    for kind in registry().games() {
        let mut rng = engine::seeded(0xF022);
        let mut count = engine::testing::FuzzCount::default();
        for _ in 0..60 {
            let data: Vec<u8> = (0..rng.random_range(0..400)).map(|_| rng.random()).collect();
            count += kind.fuzz(&data);
        }
        assert!(count.games >= 12 && count.actions >= 12 * 10, "{}: {count:?}", kind.name());
        assert!(count.refused > 0 && count.records > 0, "{}: {count:?}", kind.name());
    }
}
