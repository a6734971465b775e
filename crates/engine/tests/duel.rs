//! The contract on the duel demo: a compound secret choice and a chained reaction window with
//! an order.

use engine::demo::{Duel, DuelAction, DuelConfig, Pick, Window};
use engine::testing::{check_random_games, play_game};
use engine::{ActionError, Game, IllegalAction, Match, Record, Seat, SeatSet, StepKind, seeded};
use rand::Rng;

const S0: Seat = Seat::at(0);
const S1: Seat = Seat::at(1);
const S2: Seat = Seat::at(2);

fn pick(a: u8, b: u8) -> String {
    format!("pick {a} {b}")
}

/// A three-seat duel in which seat `winner` wins round 1 (it picks 3 4, the others less).
fn won_round(winner: Seat) -> Match<Duel> {
    let mut m = Match::<Duel>::new(&DuelConfig::default(), 3, 1).unwrap();
    for seat in Seat::all(3) {
        let notation = if seat == winner { pick(3, 4) } else { pick(1, 2) };
        m.apply_notation(seat, &notation).unwrap();
    }
    m
}

#[test]
fn random_games_keep_the_contract_at_every_seat_count() {
    for seats in 2..=4 {
        let coverage = check_random_games::<Duel>(&DuelConfig::default(), seats, 300, 7, &mut |_| {});
        assert_eq!(coverage.games, 300);
        assert!(coverage.multi_seat_positions > 300, "secret picks and windows were exercised ({seats} seats)");
    }
}

#[test]
fn a_pick_is_one_action_of_two_cards_in_canonical_notation() {
    let parsed: DuelAction = "pick 3 1".parse().unwrap();
    assert_eq!(parsed, DuelAction::Pick(Pick::new(1, 3).unwrap()));
    assert_eq!(parsed.to_string(), "pick 1 3");
    for bad in ["pick 1 1", "pick 0 2", "pick 5 1", "pick 1", "pick 1 2 3", "pick a b"] {
        assert!(bad.parse::<DuelAction>().is_err(), "{bad:?} must not parse");
    }
    let m = Match::<Duel>::new(&DuelConfig::default(), 2, 1).unwrap();
    assert_eq!(m.state().step_kind(), StepKind::Secret);
    let mut legal = Vec::new();
    m.state().legal_actions(S0, &mut legal);
    assert_eq!(legal.len(), 6, "two of four cards: six picks");
}

#[test]
fn a_pick_stays_secret_until_every_seat_picked() {
    let mut m = Match::<Duel>::new(&DuelConfig::default(), 3, 1).unwrap();
    m.apply_notation(S1, &pick(2, 4)).unwrap();
    assert_eq!(m.state().step_kind(), StepKind::Secret, "the step goes on with one seat left");
    assert_eq!(m.state().to_act(), SeatSet::only(S0).with(S2));
    for viewer in [None, Some(S0), Some(S2)] {
        let json = serde_json::to_string(&m.state().view(viewer)).unwrap();
        assert!(!json.contains("[2,4]"), "{viewer:?} sees no pending pick: {json}");
    }
    assert_eq!(m.state().view(Some(S1)).my_pick, Pick::new(2, 4));
    assert_eq!(
        m.apply_notation(S1, &pick(1, 2)).unwrap_err(),
        ActionError::Illegal(IllegalAction::NotToAct(S1)),
        "a seat may not change its pick"
    );
}

#[test]
fn a_won_round_opens_a_reaction_window_for_every_seat() {
    let m = won_round(S0);
    assert_eq!(m.state().step_kind(), StepKind::Reaction);
    // The winner is asked too (it can only pass), so `to_act` tells nothing about vetoes.
    assert_eq!(m.state().to_act(), SeatSet::all(3));
    let mut legal = Vec::new();
    m.state().legal_actions(S0, &mut legal);
    assert_eq!(legal, vec![DuelAction::Pass]);
    m.state().legal_actions(S1, &mut legal);
    assert_eq!(legal, vec![DuelAction::Veto, DuelAction::Pass]);
    assert_eq!(m.state().pass(S1), Some(DuelAction::Pass));
}

#[test]
fn the_first_veto_in_clockwise_order_from_the_winners_left_counts() {
    // Seat 1 wins; the order is seat 2, then seat 0. Both veto: seat 2's veto counts.
    let mut m = won_round(S1);
    m.apply_notation(S0, "veto").unwrap();
    assert_eq!(m.state().step_kind(), StepKind::Reaction, "seat 2 comes first and has not answered");
    m.apply_notation(S2, "veto").unwrap();
    let view = m.state().view(None);
    assert_eq!(view.vetoes, vec![true, true, false], "seat 0 keeps its veto");
    // The veto is answered: the winner may overrule; everyone is asked, only the winner may.
    assert_eq!(view.window, Some(Window::Overrule { winner: S1, vetoer: S2 }));
    assert_eq!(m.state().to_act(), SeatSet::all(3));
    let mut legal = Vec::new();
    m.state().legal_actions(S1, &mut legal);
    assert_eq!(legal, vec![DuelAction::Overrule, DuelAction::Pass]);
    m.state().legal_actions(S2, &mut legal);
    assert_eq!(legal, vec![DuelAction::Pass]);
}

#[test]
fn the_window_closes_as_soon_as_the_first_in_order_reacts() {
    let mut m = won_round(S1);
    m.apply_notation(S2, "veto").unwrap();
    // Seat 0's answer is no longer asked for: the veto window is over.
    assert_eq!(m.state().view(None).window, Some(Window::Overrule { winner: S1, vetoer: S2 }));
    assert_eq!(m.state().view(None).vetoes, vec![true, true, false]);
}

#[test]
fn an_overrule_answers_a_veto_and_the_round_stands() {
    let mut m = won_round(S1);
    m.apply_notation(S2, "veto").unwrap();
    m.apply_notation(S0, "pass").unwrap();
    m.apply_notation(S2, "pass").unwrap();
    m.apply_notation(S1, "overrule").unwrap();
    let view = m.state().view(None);
    assert_eq!(view.points, vec![0, 1, 0]);
    assert_eq!(view.overrules, vec![true, false, true]);
    assert_eq!(view.round, 2);
    assert_eq!(m.state().step_kind(), StepKind::Secret);
}

#[test]
fn a_veto_not_overruled_voids_the_round() {
    let mut m = won_round(S1);
    m.apply_notation(S2, "veto").unwrap();
    m.apply_notation(S1, "pass").unwrap();
    assert_eq!(m.state().step_kind(), StepKind::Reaction, "seats 2 and 0 come first in order and must answer");
    m.apply_notation(S2, "pass").unwrap();
    m.apply_notation(S0, "pass").unwrap();
    assert_eq!(m.state().view(None).points, vec![0, 0, 0]);
    assert_eq!(m.state().step_kind(), StepKind::Secret);
    assert_eq!(m.state().view(None).round, 2);
}

#[test]
fn only_a_seat_that_may_react_can_react() {
    let mut m = won_round(S1);
    assert!(m.apply_notation(S1, "veto").is_err(), "the winner cannot veto its own round");
    assert!(m.apply_notation(S0, "overrule").is_err(), "no overrule in a veto window");
    assert!(m.apply_notation(S0, &pick(1, 2)).is_err(), "no pick in a window");
}

#[test]
fn determinize_keeps_what_an_open_window_tells() {
    // Seat 1 won; order: seat 2, seat 0. Seat 0 answered, seat 2 not yet: seat 0's answer is
    // unknown to seat 2 and resampled; it stays the observer's own for seat 0.
    let mut m = won_round(S1);
    m.apply_notation(S0, "veto").unwrap();
    let mut rng = seeded(5);
    let mut answers = std::collections::HashSet::new();
    for _ in 0..40 {
        let world = m.state().determinize(S2, &mut rng);
        assert_eq!(world.view(Some(S2)), m.state().view(Some(S2)));
        answers.insert(world.view(Some(S0)).my_answer);
    }
    assert_eq!(answers.len(), 2, "seat 0's hidden answer is resampled: {answers:?}");
}

#[test]
fn replay_refuses_a_record_whose_step_kinds_lie() {
    let m = won_round(S0);
    let mut record: Record = m.record();
    assert!(record.actions.iter().all(|a| a.step == StepKind::Secret), "picks are recorded as secret");
    let json = serde_json::to_value(&record).unwrap();
    assert_eq!(json["actions"][0]["step"], "secret");
    record.actions[0].step = StepKind::Reaction;
    assert!(Match::<Duel>::replay(&record).is_err());
}

#[test]
fn hosts_ask_every_seat_of_a_step_from_where_it_began() {
    // A chooser that would copy another seat's pending pick if it could see one: with every
    // seat asked from the start of the step, it never sees any.
    play_game::<Duel>(&DuelConfig::default(), 3, 11, |game, seat, legal, rng| {
        let view = game.view(Some(seat));
        if matches!(game.step_kind(), StepKind::Secret) {
            assert!(view.picked.iter().all(|p| !p), "seat {seat} was asked after another seat had picked");
        }
        legal[rng.random_range(0..legal.len())]
    });
}
