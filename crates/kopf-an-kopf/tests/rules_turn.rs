//! The turn (KK-1 … KK-14): set-up, the roll, the second chance, sprint bars, the 3's card, the
//! winners' ladder, the one action and the draw.

mod common;

use common::*;
use engine::{Game, StepKind};
use kopf_an_kopf::{Cards, Event, Why};

#[test]
fn kk_1_each_player_starts_with_25_euros_three_cards_and_a_second_chance() {
    let (g, _) = game(5);
    let view = g.view(Some(s(2)));
    for p in &view.players {
        assert_eq!((p.money, p.cards, p.second_chance), (25, 3, true));
    }
    assert_eq!(view.hand.unwrap().len(), 3);
    // KK-6: 104 cards, 15 dealt, the rest in two piles of about equal size.
    assert_eq!(view.piles[0] + view.piles[1], 104 - 15);
    assert!(view.piles[0].abs_diff(view.piles[1]) <= 1);
}

#[test]
fn kk_7_betting_chips_per_horse_are_the_players_at_most_seven() {
    let (g, _) = game(3);
    assert!(g.view(None).horses.iter().all(|h| h.chips_left == 3));
    let (g, _) = game(8);
    assert!(g.view(None).horses.iter().all(|h| h.chips_left == 7));
}

#[test]
fn kk_11_the_rolled_horse_moves_by_the_movement_die_then_the_action() {
    let (mut g, mut rng) = game(3);
    assert_eq!(phase(&g), "second-chance");
    let events = roll(&mut g, 4, 2, &mut rng);
    assert_eq!(g.position(h(4)), 2);
    assert!(events.contains(&Event::Moved { horse: h(4), from: 0, to: 2, why: Why::Roll }));
    assert_eq!(phase(&g), "action");
}

#[test]
fn kk_11_a_finished_horse_is_rolled_again() {
    let (mut g, mut rng) = game(2);
    g.set_position(h(5), 19).unwrap();
    roll(&mut g, 5, 1, &mut rng);
    assert_eq!(g.place(h(5)), Some(1));
    for seat in [0, 1].into_iter().cycle().take(300) {
        g.set_second_chance(s(seat), false);
        g.begin_turn(s(seat), &mut rng);
        assert_ne!(g.view(None).dice.unwrap().horse, h(5), "horse 5 has finished and is rolled again");
    }
}

#[test]
fn kk_11_the_second_chance_rerolls_one_die_once_per_game() {
    let (mut g, mut rng) = game(3);
    assert!(legal(&g, s(0), "chance move"));
    let events = act(&mut g, s(0), "chance horse", &mut rng);
    assert!(matches!(events[0], Event::Rolled { why: Why::SecondChance, .. }));
    assert!(!g.view(None).players[0].second_chance);
    assert_eq!(g.step_kind(), StepKind::Reaction);
    pass_all(&mut g, &mut rng);
    // Next time seat 0 rolls there is no second chance to decide on: the window opens at once.
    g.begin_turn(s(0), &mut rng);
    assert_eq!(phase(&g), "reaction");
}

#[test]
fn kk_11_2_sprint_bar_horses_may_move_too_in_the_order_the_owner_chooses() {
    let (mut g, mut rng) = game(3);
    // Horse 2 (sprint 1, 4, 7, 9) and horse 4 (sprint 1, 3, 8) both list horse 1.
    g.set_owner(h(2), Some(s(0)));
    g.set_owner(h(4), Some(s(0)));
    g.set_owner(h(5), Some(s(1))); // 5 lists 2, 7, 9: not seat 0's, does not move
    g.set_position(h(2), 19).unwrap();
    g.set_position(h(4), 19).unwrap();
    roll(&mut g, 1, 1, &mut rng);
    assert_eq!(g.position(h(1)), 1);
    assert_eq!(phase(&g), "sprint");
    assert_eq!(g.view(None).sprinters, vec![h(2), h(4)]);
    assert!(legal(&g, s(0), "decline"), "moving them is the owner's choice");
    act(&mut g, s(0), "sprint 4", &mut rng);
    // The order decides the ladder (KK-12): horse 4 first. Horse 2 is still asked about.
    assert_eq!(g.place(h(4)), Some(1));
    assert_eq!((phase(&g), g.view(None).sprinters), ("sprint", vec![h(2)]));
    act(&mut g, s(0), "sprint 2", &mut rng);
    assert_eq!(g.place(h(2)), Some(2));
    assert_eq!(g.position(h(5)), 0);
    assert_eq!(phase(&g), "action");
}

#[test]
fn kk_11_2_the_owner_may_leave_any_or_all_sprint_bar_horses_where_they_are() {
    let (mut g, mut rng) = game(3);
    g.set_owner(h(2), Some(s(0)));
    g.set_owner(h(4), Some(s(0)));
    roll(&mut g, 1, 2, &mut rng);
    // Both may move: move horse 2, leave horse 4.
    let mut options = Vec::new();
    g.legal_actions(s(0), &mut options);
    let options: Vec<String> = options.iter().map(ToString::to_string).collect();
    assert_eq!(options, ["sprint 2", "sprint 4", "decline"]);
    act(&mut g, s(0), "sprint 2", &mut rng);
    let events = act(&mut g, s(0), "decline", &mut rng);
    assert_eq!((g.position(h(2)), g.position(h(4))), (2, 0));
    assert_eq!(events[0], Event::Held { seat: s(0), horses: kopf_an_kopf::HorseSet(1 << 3) });
    assert_eq!(phase(&g), "action");
    // A single sprint-bar horse is asked about too (rules 1 moved it by itself); none moves.
    g.set_owner(h(4), None);
    g.begin_turn(s(0), &mut rng);
    roll(&mut g, 1, 1, &mut rng);
    assert_eq!((phase(&g), g.view(None).sprinters), ("sprint", vec![h(2)]));
    act(&mut g, s(0), "decline", &mut rng);
    assert_eq!(g.position(h(2)), 2);
    // The held horses are public: every seat's log says so.
    let line = Event::Held { seat: s(0), horses: kopf_an_kopf::HorseSet(0b1010) }.to_string();
    assert_eq!(line, "seat 0 leaves sprint-bar horses 2, 4 where they are");
}

#[test]
fn kk_11_2_finished_horses_are_not_on_offer() {
    let (mut g, mut rng) = game(3);
    g.set_position(h(2), 19).unwrap();
    roll(&mut g, 2, 1, &mut rng);
    assert_eq!(g.place(h(2)), Some(1));
    // Horses 2 and 4 both list horse 1; horse 2 has finished and never moves again (KK-12).
    g.set_owner(h(2), Some(s(0)));
    g.set_owner(h(4), Some(s(0)));
    turn_with_roll(&mut g, 0, 1, 1, &mut rng);
    assert_eq!(g.view(None).sprinters, vec![h(4)]);
    assert!(!legal(&g, s(0), "sprint 2"));
}

#[test]
fn kk_11_a_sprint_bar_moves_only_the_active_players_horses() {
    let (mut g, mut rng) = game(3);
    g.set_owner(h(2), Some(s(1)));
    roll(&mut g, 1, 2, &mut rng);
    assert_eq!(g.position(h(2)), 0);
    assert_eq!(phase(&g), "action", "seat 0 has no sprint-bar horse to move");
    turn_with_roll(&mut g, 1, 1, 2, &mut rng);
    act(&mut g, s(1), "sprint 2", &mut rng);
    assert_eq!(g.position(h(2)), 2, "seat 1's horse 2 sprints on its owner's roll of horse 1");
}

#[test]
fn kk_11_3_a_three_may_take_a_random_card_from_the_rolled_horses_owner() {
    let (mut g, mut rng) = game(3);
    g.set_owner(h(6), Some(s(2)));
    g.set_hand(s(2), cards("whip")).unwrap();
    g.set_hand(s(0), Cards::EMPTY).unwrap();
    roll(&mut g, 6, 3, &mut rng);
    assert_eq!(phase(&g), "three-card");
    assert_eq!(g.view(Some(s(1))).three_from, Some(s(2)));
    assert!(legal(&g, s(0), "decline") && !legal(&g, s(0), "pile 1"));
    let events = act(&mut g, s(0), "steal", &mut rng);
    assert_eq!(g.hand(s(0)), cards("whip"));
    assert!(g.hand(s(2)).is_empty());
    assert!(events.iter().any(|e| matches!(e, Event::Stole { seat, from, .. } if *seat == s(0) && *from == s(2))));
    // Seat 2 knows where its whip went.
    assert_eq!(g.known(s(2), s(0)), cards("whip"));
    assert_eq!(phase(&g), "action");
}

#[test]
fn kk_11_3_the_three_card_may_be_declined() {
    let (mut g, mut rng) = game(3);
    g.set_owner(h(6), Some(s(2)));
    g.set_hand(s(2), cards("whip prize")).unwrap();
    let before = g.hand(s(0));
    roll(&mut g, 6, 3, &mut rng);
    let events = act(&mut g, s(0), "decline", &mut rng);
    assert_eq!(events, vec![Event::Declined { seat: s(0), from: Some(s(2)) }]);
    assert_eq!((g.hand(s(0)), g.hand(s(2))), (before, cards("whip prize")));
    assert_eq!(phase(&g), "action");
    // From the piles too.
    g.begin_turn(s(0), &mut rng);
    let piles = g.view(None).piles;
    roll(&mut g, 7, 3, &mut rng);
    let events = act(&mut g, s(0), "decline", &mut rng);
    assert_eq!(events, vec![Event::Declined { seat: s(0), from: None }]);
    assert_eq!(g.view(None).piles, piles);
    // An owner with no card leaves nothing to take: no step.
    g.set_hand(s(2), Cards::EMPTY).unwrap();
    turn_with_roll(&mut g, 0, 6, 3, &mut rng);
    assert_eq!(phase(&g), "action");
}

#[test]
fn kk_11_3_a_three_on_an_unowned_horse_may_take_a_pile_card_of_the_players_choice() {
    let (mut g, mut rng) = game(3);
    let before = g.hand(s(0)).len();
    roll(&mut g, 6, 3, &mut rng);
    assert_eq!(phase(&g), "three-card");
    assert_eq!(g.view(None).three_from, None);
    assert!(!legal(&g, s(0), "steal"));
    let piles = g.view(None).piles;
    act(&mut g, s(0), "pile 2", &mut rng);
    assert_eq!(g.hand(s(0)).len(), before + 1);
    assert_eq!(g.view(None).piles, [piles[0], piles[1] - 1]);
    assert_eq!(phase(&g), "action");
    // With one pile empty only the other is offered (and the choice to decline).
    let keep: Vec<kopf_an_kopf::CardKind> = cards("whip prize").iter().collect();
    g.empty_piles(&keep);
    turn_with_roll(&mut g, 0, 6, 3, &mut rng);
    let mut options = Vec::new();
    g.legal_actions(s(0), &mut options);
    let options: Vec<String> = options.iter().map(ToString::to_string).collect();
    assert_eq!(options, ["pile 1", "decline"]);
}

#[test]
fn kk_11_3_a_three_on_an_own_horse_takes_nothing() {
    let (mut g, mut rng) = game(3);
    g.set_owner(h(6), Some(s(0)));
    let before = g.hand(s(0));
    roll(&mut g, 6, 3, &mut rng);
    assert_eq!(g.hand(s(0)), before);
    assert_eq!(phase(&g), "action");
}

#[test]
fn kk_12_finishing_horses_take_the_lowest_free_place() {
    let (mut g, mut rng) = game(3);
    g.set_position(h(7), 19).unwrap();
    g.set_position(h(3), 18).unwrap();
    let events = roll(&mut g, 7, 2, &mut rng);
    assert!(events.contains(&Event::Finished { horse: h(7), place: 1 }));
    assert_eq!(g.position(h(7)), 20);
    turn_with_roll(&mut g, 1, 3, 3, &mut rng);
    assert_eq!(g.place(h(3)), Some(2));
    assert_eq!(g.view(None).ladder, vec![h(7), h(3)]);
}

#[test]
fn kk_13_exactly_one_action_then_kk_14_a_draw_from_a_pile_of_choice() {
    let (mut g, mut rng) = game(3);
    roll(&mut g, 1, 1, &mut rng);
    g.set_hand(s(0), cards("gallop mud")).unwrap();
    let events = act(&mut g, s(0), "discard gallop mud", &mut rng);
    assert!(events.iter().any(|e| matches!(e, Event::Discarded { paid: 5, .. })));
    assert_eq!(g.money(s(0)), 30);
    assert_eq!(g.discard_pile(), cards("gallop mud"));
    // The action is done: the draw follows, from the pile the player names.
    assert_eq!(phase(&g), "draw");
    assert!(!legal(&g, s(0), "bet 3"));
    let piles = g.view(None).piles;
    let events = act(&mut g, s(0), "draw 1", &mut rng);
    assert!(events.iter().any(|e| matches!(e, Event::Drew { pile: 1, .. })));
    assert_eq!(g.view(None).piles[0], piles[0] - 1);
    assert_eq!(g.hand(s(0)).len(), 1);
    // The turn passed clockwise.
    assert_eq!(g.active(), s(1));
}

#[test]
fn kk_13_a_player_with_nothing_to_do_passes() {
    let (mut g, mut rng) = game(3);
    roll(&mut g, 1, 1, &mut rng);
    g.set_hand(s(0), cards("objection")).unwrap();
    g.set_money(s(0), 0);
    let mut legal_actions = Vec::new();
    g.legal_actions(s(0), &mut legal_actions);
    assert_eq!(legal_actions, vec!["pass".parse().unwrap()]);
    act(&mut g, s(0), "pass", &mut rng);
    assert_eq!(phase(&g), "draw");
}

#[test]
fn kk_6_the_discard_pile_is_shuffled_into_two_new_piles_when_both_run_out() {
    let (mut g, mut rng) = game(3);
    roll(&mut g, 1, 1, &mut rng);
    g.set_hand(s(0), cards("prize")).unwrap();
    g.empty_piles(&[kopf_an_kopf::CardKind::Whip]);
    let discard = g.discard_pile().len();
    act(&mut g, s(0), "play prize", &mut rng);
    let events = pass_all(&mut g, &mut rng);
    // The last pile card is drawn (no choice: one pile), and the discard pile becomes two piles.
    assert!(events.iter().any(|e| matches!(e, Event::Reshuffled { .. })), "{events:?}");
    let view = g.view(None);
    assert_eq!(view.piles[0] + view.piles[1], discard + 1);
    assert!(view.piles[0].abs_diff(view.piles[1]) <= 1);
    assert!(view.discard.is_empty());
    assert_eq!(g.all_cards(), g.deck());
}
