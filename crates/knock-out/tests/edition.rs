//! The edition: one TOML data file, part of the config (so records carry it), refused field by
//! field with a reason, never a panic.

use engine::{Game, Match, Seat, SetupError};
use knock_out::{Config, DEFAULT_EDITION_TOML, Edition, KnockOut};

fn refused(change: &str, from: &str, field: &str) {
    let text = DEFAULT_EDITION_TOML.replacen(from, change, 1);
    assert_ne!(text, DEFAULT_EDITION_TOML, "{from:?} not in the edition");
    let err = Edition::from_toml(&text).expect_err(change).to_string();
    assert!(err.contains(field), "{change:?}: {err:?} does not name {field}");
}

#[test]
fn a_bad_edition_is_refused_naming_the_field() {
    refused(
        "card_values = [1, 1, 2, 2, 2, 3, 3, 3, 4, 4, 5]",
        "card_values = [1, 1, 2, 2, 2, 3, 3, 3, 4, 4, 5, 5]",
        "card_values",
    );
    refused(
        "card_values = [1, 1, 2, 2, 2, 3, 3, 3, 4, 4, 5, 7]",
        "card_values = [1, 1, 2, 2, 2, 3, 3, 3, 4, 4, 5, 5]",
        "card_values",
    );
    refused("stake = -10000", "stake = 10000", "bet_fields[0].stake");
    refused("stake = 30001", "stake = 30000", "bet_fields[3].stake");
    refused("kind = \"win\"\nstake = 30000", "kind = \"ko\"\nstake = 30000", "bet_fields");
    refused("start_cash = 0", "start_cash = 100000", "start_cash");
    refused("min_cards = 2", "min_cards = 3", "min_cards");
    refused("light = [4000, 9000, 8000]", "light = [4000, 6000, 8000]", "start_money.light");
    refused("heavy = [6, 8, 0]", "heavy = [6, 8, 10]", "pro_start_distance.heavy");
    refused("start_distance = 0", "start_distance = 6", "start_distance");
    refused("debt_amount = 0", "debt_amount = 50000", "debt_amount");
    refused(
        "light = [\"Kid Kowalski\"]",
        "light = [\"Kid Kowalski\", \"Flash Ferreira\", \"Sugar Sato\", \"Tiny Tapia\", \"Lucky Lindqvist\"]",
        "names.light",
    );
    // A typo or a missing key is named by the TOML reader.
    refused("start_kash = 100000", "start_cash = 100000", "start_kash");
    refused("", "belts = 3", "belts");
    refused("start_cash = \"lots\"", "start_cash = 100000", "start_cash");
}

#[test]
fn a_bad_edition_in_a_config_is_a_setup_error_not_a_panic() {
    let mut config = Config::default();
    std::sync::Arc::make_mut(&mut config.edition).bet_fields[1].stake = 0;
    match KnockOut::setup(&config, 4) {
        Err(SetupError::Config(why)) => assert!(why.contains("bet_fields[1].stake"), "{why}"),
        other => panic!("{other:?}"),
    }
    let config = Config { first: 4, ..Config::default() };
    assert!(matches!(KnockOut::setup(&config, 4), Err(SetupError::Config(why)) if why.contains("first")));
}

#[test]
fn the_config_carries_the_edition_so_records_replay_it() {
    let text = DEFAULT_EDITION_TOML
        .replace("start_cash = 100000", "start_cash = 77000")
        .replace("stake = 30000", "stake = 40000");
    let edition = Edition::from_toml(&text).unwrap();
    let config = Config { pro: true, first: 2, edition: edition.into() };
    let json = serde_json::to_value(&config).unwrap();
    assert_eq!(json["edition"]["start_cash"], 77_000);
    assert_eq!(serde_json::from_value::<Config>(json.clone()).unwrap(), config);
    // Only some keys: the rest from the shipped edition.
    let partial: Config = serde_json::from_value(serde_json::json!({"pro": true})).unwrap();
    assert_eq!(*partial.edition, Edition::default());
    let mut m = Match::<KnockOut>::new(&config, 3, 9).unwrap();
    assert_eq!(m.state().money(Seat::at(0)), 77_000);
    m.apply_notation(Seat::at(2), "challenge L 0L").unwrap();
    let replayed = Match::<KnockOut>::replay(&m.record()).unwrap();
    assert_eq!(replayed.state().config(), &config);
    assert_eq!(replayed.state().view(None), m.state().view(None));
    assert_eq!(replayed.state().view(None).tableaus[0].fields[3].stake, 40_000);
}
