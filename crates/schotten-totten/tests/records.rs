//! Records of older rules versions. Rules 3 changed only the tactic cards (ST-31's end of play,
//! ST-40's draw), so a rules 2 record without them replays unchanged; one with them, and any
//! rules 1 record, is refused with the version named.

use engine::{Game, Match, Record, ReplayError};
use schotten_totten::{Config, SchottenTotten};

/// A finished game of random moves under `config`, as a record.
fn record(config: &Config, seed: u64) -> Record {
    let mut m = Match::<SchottenTotten>::new(config, 2, seed).unwrap();
    let mut bot = engine::RandomBot::default();
    let mut rng = engine::seeded(seed);
    while let Some(seat) = m.state().to_act().first() {
        let action = m.ask(&mut bot, seat, &mut rng).unwrap();
        m.apply(seat, action).unwrap();
    }
    m.record()
}

fn refused_for_its_version(record: &Record) -> bool {
    matches!(
        Match::<SchottenTotten>::replay(record),
        Err(ReplayError::WrongRulesVersion { game: "schotten-totten", expected: "3", .. })
    )
}

#[test]
fn st_31_st_40_rules_2_records_without_tactics_replay_and_with_tactics_are_refused() {
    assert_eq!(SchottenTotten::RULES_VERSION, "3");
    for config in [
        Config::default(),
        Config { battle_line: true, claim_after_play: true, ..Config::default() },
        Config { match_games: 3, iello_scoring: true, ..Config::default() },
    ] {
        let mut old = record(&config, 4);
        assert_eq!(old.rules_version, "3");
        old.rules_version = "2".into();
        let replayed = Match::<SchottenTotten>::replay(&old).unwrap_or_else(|e| panic!("{config:?}: {e}"));
        assert_eq!(replayed.outcome(), old.outcome);
        // Replayed under rules 3, it is a rules 3 record now.
        assert_eq!(replayed.record().rules_version, "3");
        assert_eq!(replayed.record().actions, old.actions);
    }
    for config in [
        Config { tactics: true, ..Config::default() },
        Config { tactics: true, battle_line: true, ..Config::default() },
    ] {
        let mut old = record(&config, 4);
        assert!(Match::<SchottenTotten>::replay(&old).is_ok());
        old.rules_version = "2".into();
        assert!(refused_for_its_version(&old), "{config:?}");
        let message = Match::<SchottenTotten>::replay(&old).err().unwrap().to_string();
        assert_eq!(
            message,
            "this record follows rules version \"2\" of schotten-totten; this build plays version \"3\""
        );
    }
}

#[test]
fn rules_1_records_and_unknown_versions_are_refused_for_their_version() {
    let mut old = record(&Config::default(), 9);
    for version in ["1", "4", ""] {
        old.rules_version = version.into();
        assert!(refused_for_its_version(&old), "version {version:?}");
    }
    // Rules 1 named the scoring variant differently: its config does not even read, and the
    // refusal still names the version.
    old.rules_version = "1".into();
    old.config = serde_json::json!({"scoring": "seed"});
    assert!(refused_for_its_version(&old));
}
