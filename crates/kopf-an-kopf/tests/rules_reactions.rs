//! Reactions out of turn (KK-33): re-roll after a roll, objection against a card, objections to
//! objections; every other seat is asked whether or not it holds a card; of several reactors the
//! first from the seat left of the active player goes first, the active player last.

mod common;

use common::*;
use engine::{Game, SeatSet, StepKind};
use kopf_an_kopf::{Cards, Event, Why};

#[test]
fn kk_33_after_a_roll_every_other_seat_is_asked_whether_or_not_it_holds_a_reroll() {
    let (mut g, mut rng) = game(4);
    for seat in 0..4 {
        g.set_hand(s(seat), Cards::EMPTY).unwrap();
    }
    g.set_hand(s(2), cards("reroll")).unwrap();
    act(&mut g, s(0), "keep", &mut rng);
    assert_eq!(g.step_kind(), StepKind::Reaction);
    assert_eq!(g.to_act(), SeatSet::from(vec![s(1), s(2), s(3)]));
    for seat in [1, 3] {
        assert!(legal(&g, s(seat), "pass"));
        assert!(!legal(&g, s(seat), "reroll horse"));
        assert_eq!(g.pass(s(seat)), Some("pass".parse().unwrap()));
    }
    assert!(legal(&g, s(2), "reroll move"));
    // Views say a window is open, never who could react.
    let spectator = serde_json::to_value(g.view(None)).unwrap();
    let from_one = serde_json::to_value(g.view(Some(s(1)))).unwrap();
    let from_three = serde_json::to_value(g.view(Some(s(3)))).unwrap();
    assert_eq!(spectator["window"], from_one["window"]);
    assert_eq!(from_three["window"], from_one["window"]);
}

#[test]
fn kk_33_a_reroll_rolls_one_die_again_before_the_roll_takes_effect() {
    let (mut g, mut rng) = game(3);
    g.set_hand(s(1), cards("reroll")).unwrap();
    g.set_roll(h(4), 2).unwrap();
    act(&mut g, s(0), "keep", &mut rng);
    act(&mut g, s(1), "reroll move", &mut rng);
    // Seat 1's answer is hidden until seat 2 answers too.
    assert_eq!(g.view(Some(s(2))).window.unwrap().mine, None);
    assert_eq!(g.view(Some(s(1))).window.unwrap().mine, Some("reroll move"));
    act(&mut g, s(2), "pass", &mut rng);
    // The re-roll card is on the table: a window for objections, for everyone but seat 1.
    assert_eq!(g.to_act(), SeatSet::from(vec![s(0), s(2)]));
    assert_eq!(g.view(None).window.unwrap().kind, "objection");
    let events = pass_all(&mut g, &mut rng);
    assert!(
        events.iter().any(
            |e| matches!(e, Event::Rolled { seat, horse, why: Why::Reroll, .. } if *seat == s(1) && *horse == h(4))
        )
    );
    assert!(g.hand(s(1)).is_empty());
    assert!(g.discard_pile().has(kopf_an_kopf::CardKind::Reroll));
    // The new roll opens a new window (everyone but the one who rolled it), then takes effect.
    assert_eq!(g.to_act(), SeatSet::from(vec![s(0), s(2)]));
    let movement = g.view(None).dice.unwrap().movement;
    pass_all(&mut g, &mut rng);
    assert_eq!(g.position(h(4)), movement);
}

#[test]
fn kk_33_several_reactors_the_first_clockwise_from_the_active_player_acts_the_others_keep_their_cards() {
    let (mut g, mut rng) = game(4);
    g.begin_turn(s(2), &mut rng);
    for seat in [0, 1, 3] {
        g.set_hand(s(seat), cards("reroll")).unwrap();
    }
    act(&mut g, s(2), "keep", &mut rng);
    for seat in [0, 1, 3] {
        act(&mut g, s(seat), "reroll horse", &mut rng);
    }
    // Clockwise from seat 2: seat 3 first.
    let view = g.view(None).window.unwrap();
    assert_eq!(view.stack[0].seat, s(3));
    assert!(g.hand(s(3)).is_empty());
    assert_eq!(g.hand(s(0)), cards("reroll"));
    assert_eq!(g.hand(s(1)), cards("reroll"));
}

#[test]
fn kk_33_an_objection_discards_both_cards_and_nothing_happens() {
    let (mut g, mut rng) = game(3);
    roll(&mut g, 1, 1, &mut rng);
    g.set_hand(s(0), cards("h5")).unwrap();
    g.set_hand(s(2), cards("objection")).unwrap();
    act(&mut g, s(0), "play h5", &mut rng);
    assert_eq!(g.to_act(), SeatSet::from(vec![s(1), s(2)]));
    assert_eq!(g.view(None).window.unwrap().play.as_deref(), Some("h5"));
    act(&mut g, s(1), "pass", &mut rng);
    act(&mut g, s(2), "object", &mut rng);
    // The objection may itself be objected to: seats 0 and 1 are asked.
    assert_eq!(g.to_act(), SeatSet::from(vec![s(0), s(1)]));
    let events = pass_all(&mut g, &mut rng);
    assert!(events.iter().any(|e| matches!(e, Event::Cancelled { .. })));
    assert_eq!(g.position(h(5)), 0, "the +2 did not happen");
    assert!(g.discard_pile().has(kopf_an_kopf::CardKind::HorsePlus(h(5))));
    assert!(g.discard_pile().has(kopf_an_kopf::CardKind::Objection));
    assert_eq!(phase(&g), "draw");
}

#[test]
fn kk_33_an_objection_to_an_objection_lets_the_card_happen() {
    let (mut g, mut rng) = game(3);
    roll(&mut g, 1, 1, &mut rng);
    g.set_hand(s(0), cards("h5 objection")).unwrap();
    g.set_hand(s(2), cards("objection")).unwrap();
    act(&mut g, s(0), "play h5", &mut rng);
    act(&mut g, s(1), "pass", &mut rng);
    act(&mut g, s(2), "object", &mut rng);
    act(&mut g, s(1), "pass", &mut rng);
    act(&mut g, s(0), "object", &mut rng);
    assert_eq!(g.view(None).window.unwrap().stack.len(), 3);
    let events = pass_all(&mut g, &mut rng);
    assert_eq!(g.position(h(5)), 2, "two objections cancel out");
    assert_eq!(g.discard_pile().count(kopf_an_kopf::CardKind::Objection), 2);
    // The objection that was objected to is reported cancelled; the +2 is not.
    let cancelled: Vec<&Event> = events.iter().filter(|e| matches!(e, Event::Cancelled { .. })).collect();
    assert_eq!(cancelled, [&Event::Cancelled { seat: s(2), card: kopf_an_kopf::CardKind::Objection }]);
}

#[test]
fn kk_33_three_objections_cancel_the_card_and_the_middle_objection_top_first() {
    let (mut g, mut rng) = game(3);
    roll(&mut g, 1, 1, &mut rng);
    g.set_hand(s(0), cards("h5 objection")).unwrap();
    g.set_hand(s(1), cards("objection")).unwrap();
    g.set_hand(s(2), cards("objection")).unwrap();
    act(&mut g, s(0), "play h5", &mut rng);
    act(&mut g, s(1), "pass", &mut rng);
    act(&mut g, s(2), "object", &mut rng);
    act(&mut g, s(0), "object", &mut rng);
    act(&mut g, s(1), "pass", &mut rng);
    act(&mut g, s(1), "object", &mut rng);
    act(&mut g, s(2), "pass", &mut rng);
    let events = pass_all(&mut g, &mut rng);
    assert_eq!(g.position(h(5)), 0);
    let cancelled: Vec<&Event> = events.iter().filter(|e| matches!(e, Event::Cancelled { .. })).collect();
    let objection = kopf_an_kopf::CardKind::Objection;
    assert_eq!(
        cancelled,
        [
            &Event::Cancelled { seat: s(0), card: objection },
            &Event::Cancelled { seat: s(0), card: kopf_an_kopf::CardKind::HorsePlus(h(5)) }
        ]
    );
}

#[test]
fn kk_33_the_order_starts_left_of_the_active_player_who_reacts_last() {
    let (mut g, mut rng) = game(4);
    g.set_hand(s(1), cards("reroll")).unwrap();
    g.set_hand(s(0), cards("objection")).unwrap();
    g.set_hand(s(3), cards("objection")).unwrap();
    act(&mut g, s(0), "keep", &mut rng);
    act(&mut g, s(1), "reroll horse", &mut rng);
    pass_all(&mut g, &mut rng);
    // Seat 1's re-roll: seats 0 (the active player), 2 and 3 are asked; 0 and 3 object.
    assert_eq!(g.to_act(), SeatSet::from(vec![s(0), s(2), s(3)]));
    act(&mut g, s(0), "object", &mut rng);
    act(&mut g, s(2), "pass", &mut rng);
    let events = act(&mut g, s(3), "object", &mut rng);
    // From the seat left of seat 0: 1 (not asked), 2 (passed), 3 — before the active player.
    assert_eq!(events[0], Event::WindowClosed { reacted: Some(s(3)) });
    assert_eq!(g.view(None).window.unwrap().stack[1].seat, s(3));
    assert_eq!(g.hand(s(0)), cards("objection"), "the active player keeps its card");
}

#[test]
fn kk_33_a_reroll_window_that_closes_with_a_reactor_says_so() {
    let (mut g, mut rng) = game(3);
    g.set_hand(s(1), cards("reroll")).unwrap();
    act(&mut g, s(0), "keep", &mut rng);
    act(&mut g, s(1), "reroll move", &mut rng);
    let events = act(&mut g, s(2), "pass", &mut rng);
    assert_eq!(events[0], Event::WindowClosed { reacted: Some(s(1)) });
    assert!(matches!(events[1], Event::Played { card: kopf_an_kopf::CardKind::Reroll, .. }));
    // Exactly one window-closed per window: the objection window then closes with nobody.
    let events = pass_all(&mut g, &mut rng);
    let closed = events.iter().filter(|e| matches!(e, Event::WindowClosed { .. })).count();
    assert_eq!((closed, &events[0]), (1, &Event::WindowClosed { reacted: None }));
}

#[test]
fn kk_33_a_reroll_can_be_objected_to() {
    let (mut g, mut rng) = game(2);
    g.set_hand(s(1), cards("reroll")).unwrap();
    g.set_hand(s(0), cards("objection")).unwrap();
    g.set_roll(h(3), 1).unwrap();
    act(&mut g, s(0), "keep", &mut rng);
    act(&mut g, s(1), "reroll horse", &mut rng);
    act(&mut g, s(0), "object", &mut rng);
    act(&mut g, s(1), "pass", &mut rng);
    // The roll stands; seat 1 is asked again (it holds no re-roll now), then horse 3 moves.
    assert_eq!(g.view(None).dice.unwrap().horse, h(3));
    pass_all(&mut g, &mut rng);
    assert_eq!(g.position(h(3)), 1);
}

#[test]
fn kk_33_reaction_cards_cannot_be_played_as_the_action() {
    let (mut g, mut rng) = game(3);
    roll(&mut g, 1, 1, &mut rng);
    g.set_hand(s(0), cards("objection reroll")).unwrap();
    assert!(!legal(&g, s(0), "discard objection objection"));
    assert!(legal(&g, s(0), "discard objection reroll"));
    assert!("play objection".parse::<kopf_an_kopf::Action>().is_err());
}
