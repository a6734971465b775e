//! The contract on the tiny demo game: simultaneous secret choices and a reaction window.

use engine::demo::{Rps, RpsAction, RpsConfig};
use engine::testing::check_random_games;
use engine::{
    ActionError, Game, IllegalAction, Match, RandomBot, Record, Registry, ReplayError, Seat, SeatSet, seeded,
};

const S0: Seat = Seat::at(0);
const S1: Seat = Seat::at(1);

fn registry() -> Registry {
    Registry::new().with::<Rps>(|_| Ok(Box::new(RandomBot::default())), &["random"])
}

#[test]
fn random_games_keep_the_contract() {
    let coverage = check_random_games::<Rps>(&RpsConfig::default(), 2, 500, 1, &mut |_| {});
    assert_eq!(coverage.games, 500);
    assert!(coverage.multi_seat_positions > 400, "simultaneous throws were exercised");
}

#[test]
fn a_simultaneous_choice_stays_hidden_until_both_are_in() {
    let mut m = Match::<Rps>::new(&RpsConfig::default(), 2, 0).unwrap();
    assert_eq!(m.state().to_act(), SeatSet::all(2));
    let events = m.apply_notation(S1, "paper").unwrap().to_vec();
    // Seat 1 has chosen; only seat 0 is still to act.
    assert_eq!(m.state().to_act(), SeatSet::only(S0));
    let other = m.state().view(Some(S0));
    assert_eq!(other.my_throw, None);
    assert_eq!(other.thrown, [false, true]);
    let spectator = serde_json::to_string(&m.state().view(None)).unwrap();
    assert!(!spectator.contains("paper"), "a spectator sees no pending throw: {spectator}");
    // The event is redacted for everyone but the thrower.
    use engine::GameEvent;
    assert!(events[0].redact(Some(S0)).unwrap().to_string().ends_with("threw"));
    assert!(events[0].redact(Some(S1)).unwrap().to_string().ends_with("threw paper"));
    // Seat 1 may not change its mind.
    assert_eq!(m.apply_notation(S1, "rock").unwrap_err(), ActionError::Illegal(IllegalAction::NotToAct(S1)));
}

#[test]
fn determinize_resamples_a_hidden_choice_but_keeps_the_observers_view() {
    let mut m = Match::<Rps>::new(&RpsConfig::default(), 2, 0).unwrap();
    m.apply_notation(S1, "paper").unwrap();
    let mut rng = seeded(3);
    let mut seen = std::collections::HashSet::new();
    for _ in 0..60 {
        let world = m.state().determinize(S0, &mut rng);
        assert_eq!(world.view(Some(S0)), m.state().view(Some(S0)));
        seen.insert(format!("{:?}", world.view(Some(S1)).my_throw));
    }
    assert_eq!(seen.len(), 3, "seat 1's hidden throw is resampled over all hands: {seen:?}");
    // The thrower's own view of its choice is never resampled.
    let world = m.state().determinize(S1, &mut rng);
    assert_eq!(world.view(Some(S1)).my_throw, m.state().view(Some(S1)).my_throw);
}

#[test]
fn a_reaction_window_is_offered_only_to_the_loser() {
    let mut m = Match::<Rps>::new(&RpsConfig::default(), 2, 0).unwrap();
    m.apply_notation(S0, "rock").unwrap();
    m.apply_notation(S1, "scissors").unwrap();
    assert_eq!(m.state().to_act(), SeatSet::only(S1));
    let mut legal = Vec::new();
    m.state().legal_actions(S1, &mut legal);
    assert_eq!(legal, vec![RpsAction::Veto, RpsAction::Accept]);
    m.state().legal_actions(S0, &mut legal);
    assert!(legal.is_empty());
    assert!(m.apply_notation(S0, "veto").is_err());
    m.apply_notation(S1, "veto").unwrap();
    // The veto is spent: the next lost throw scores at once.
    m.apply_notation(S0, "rock").unwrap();
    m.apply_notation(S1, "scissors").unwrap();
    assert_eq!(m.state().view(None).points, [1, 0]);
}

#[test]
fn illegal_input_is_a_typed_error_and_changes_nothing() {
    let mut m = Match::<Rps>::new(&RpsConfig::default(), 2, 0).unwrap();
    let before = m.state().view(None);
    assert!(matches!(m.apply_notation(S0, "lizard"), Err(ActionError::Notation(_))));
    assert!(matches!(m.apply_notation(S0, "veto"), Err(ActionError::Illegal(IllegalAction::Rule(_)))));
    assert!(matches!(m.apply(Seat::at(5), RpsAction::Veto), Err(IllegalAction::NotToAct(_))));
    assert_eq!(m.state().view(None), before);
    assert!(m.history().is_empty());
}

#[test]
fn setup_errors_are_typed() {
    assert!(Match::<Rps>::new(&RpsConfig::default(), 3, 0).is_err());
    assert!(Match::<Rps>::new(&RpsConfig { first_to: 0 }, 2, 0).is_err());
    let reg = registry();
    let kind = reg.get("rps-veto").unwrap();
    assert!(kind.config_from_variants(&["first-to=99".into()]).is_err());
    assert!(kind.config_from_variants(&["no-such-thing".into()]).is_err());
    assert!(kind.new_match(&serde_json::json!({"colour": 1}), 2, 0).is_err());
    assert!(reg.get("chess").is_err());
}

fn finished_record() -> Record {
    let reg = registry();
    let game = reg
        .get("rps-veto")
        .unwrap()
        .play_bots(&serde_json::Value::Null, &["random".into(), "random".into()], 9, true)
        .unwrap();
    game.record.unwrap()
}

#[test]
fn tampered_and_truncated_records_name_the_first_bad_action() {
    let record = finished_record();
    assert!(Match::<Rps>::replay(&record).is_ok());

    let mut truncated = record.clone();
    truncated.actions.pop();
    assert!(matches!(Match::<Rps>::replay(&truncated), Err(ReplayError::Truncated { .. })));

    let mut tampered = record.clone();
    tampered.actions[1].action = "lizard".into();
    match Match::<Rps>::replay(&tampered) {
        Err(ReplayError::BadAction { number, .. }) => assert_eq!(number, 2),
        other => panic!("expected a bad action, got {other:?}"),
    }

    let mut wrong_outcome = record.clone();
    wrong_outcome.outcome = Some(engine::Outcome::from_scores(&[0, 0]));
    assert!(matches!(Match::<Rps>::replay(&wrong_outcome), Err(ReplayError::OutcomeMismatch { .. })));

    let mut older_rules = record.clone();
    older_rules.rules_version = "0".into();
    assert!(matches!(Match::<Rps>::replay(&older_rules), Err(ReplayError::WrongRulesVersion { .. })));
}

#[test]
fn the_registry_speaks_json_with_per_viewer_events() {
    let reg = registry();
    let kind = reg.get("rps-veto").unwrap();
    let info = serde_json::to_value(kind.info()).unwrap();
    assert_eq!(info["variants"][0]["name"], "first-to");
    let mut m = kind.new_match(&serde_json::json!({"first-to": 1}), 2, 5).unwrap();
    assert_eq!(m.legal_actions(S0), vec!["rock", "paper", "scissors"]);
    let events = m.apply(S0, "rock").unwrap();
    assert_eq!(events.for_viewer(None)[0].event["hand"], serde_json::Value::Null);
    assert_eq!(events.for_viewer(Some(S0))[0].event["hand"], "rock");
    m.apply(S1, "paper").unwrap();
    m.apply(S0, "accept").unwrap();
    assert_eq!(m.outcome().unwrap().place(S1), 1);
    // A host can get the typed match back (a terminal renderer draws the typed view).
    let typed = engine::typed::<Rps>(m.as_ref()).expect("a match of Rps");
    assert_eq!(serde_json::to_value(typed.state().view(None)).unwrap(), m.view(None));
    let record = m.record();
    let again = reg.replay(&record).unwrap();
    assert_eq!(again.view(None), m.view(None));
    assert_eq!(m.bot_action(S0, "random", 1).unwrap_err().to_string(), "seat 0 is not to act now");
}
