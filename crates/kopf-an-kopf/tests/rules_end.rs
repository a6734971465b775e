//! The end (KK-50 … KK-53).

mod common;

use common::*;
use engine::Game;

#[test]
fn kk_50_the_game_ends_the_moment_the_third_horse_finishes_mid_turn() {
    let (mut g, mut rng) = game(3);
    g.set_position(h(1), 19).unwrap();
    g.set_position(h(2), 19).unwrap();
    g.set_position(h(4), 19).unwrap();
    // Seat 0 owns horse 2 (sprint 1, 4, 7, 9) and horse 4 (sprint 1, 3, 8): a roll of horse 1
    // finishes horse 1, then the sprint bars finish the other two (the owner moves them).
    g.set_owner(h(2), Some(s(0)));
    g.set_owner(h(4), Some(s(0)));
    roll(&mut g, 1, 1, &mut rng);
    act(&mut g, s(0), "sprint 2", &mut rng);
    assert!(!g.is_over());
    act(&mut g, s(0), "sprint 4", &mut rng);
    assert!(g.is_over());
    assert_eq!(g.view(None).ladder, vec![h(1), h(2), h(4)]);
    assert!(g.to_act().is_empty());
    assert!(g.outcome().is_some());
    // A finished game's view has no step to take, as the status says (`step_kind: null`).
    assert_eq!(g.view(None).step, None);
    assert_eq!(serde_json::to_value(g.view(Some(s(1)))).unwrap()["step"], serde_json::Value::Null);
}

#[test]
fn kk_50_a_card_can_end_the_game_in_the_action_step() {
    let (mut g, mut rng) = game(3);
    g.set_position(h(1), 19).unwrap();
    g.set_position(h(2), 19).unwrap();
    g.set_position(h(3), 18).unwrap();
    roll(&mut g, 1, 1, &mut rng);
    turn_with_roll(&mut g, 1, 2, 1, &mut rng);
    g.set_hand(s(1), cards("whip mud")).unwrap();
    // Horse 2 was rolled and has finished: no whip. Mud does not finish anything.
    assert!(!legal(&g, s(1), "play whip"));
    g.begin_turn(s(2), &mut rng);
    roll(&mut g, 3, 1, &mut rng);
    g.set_hand(s(2), cards("whip")).unwrap();
    act(&mut g, s(2), "play whip", &mut rng);
    pass_all(&mut g, &mut rng);
    assert!(g.is_over(), "the whip finishes horse 3: the game ends before the draw");
    assert_eq!(g.view(None).phase, "over");
}

#[test]
fn kk_51_kk_52_kk_53_bets_handed_back_or_paid_by_the_odds_most_money_wins() {
    let (mut g, mut rng) = game(3);
    // Seat 0 bets on horse 10 (odds 10/6/4), seat 1 on horse 5, seat 2 on horse 1 twice.
    roll(&mut g, 6, 1, &mut rng);
    act(&mut g, s(0), "bet 10", &mut rng);
    act(&mut g, s(0), "draw 1", &mut rng);
    roll(&mut g, 6, 1, &mut rng);
    act(&mut g, s(1), "bet 5", &mut rng);
    act(&mut g, s(1), "draw 1", &mut rng);
    roll(&mut g, 6, 1, &mut rng);
    act(&mut g, s(2), "bet 1", &mut rng);
    act(&mut g, s(2), "draw 1", &mut rng);
    roll(&mut g, 6, 1, &mut rng);
    g.set_position(h(10), 19).unwrap();
    g.set_position(h(1), 19).unwrap();
    g.set_position(h(7), 19).unwrap();
    turn_with_roll(&mut g, 1, 10, 1, &mut rng);
    turn_with_roll(&mut g, 2, 1, 1, &mut rng);
    turn_with_roll(&mut g, 0, 7, 1, &mut rng);
    assert!(g.is_over());
    // Horse 10 first (×10), horse 1 second (×2), horse 7 third; horse 5 unplaced: handed back.
    let rows = g.view(None).settlement.unwrap();
    assert_eq!((rows[0].winnings, rows[0].handed_back), (50, 0));
    assert_eq!((rows[1].winnings, rows[1].handed_back), (0, 5));
    assert_eq!((rows[2].winnings, rows[2].handed_back), (10, 0));
    let outcome = g.outcome().unwrap();
    for row in &rows {
        assert_eq!(row.total, row.cash + row.handed_back + row.winnings);
        assert_eq!(outcome.score(row.seat), row.total as i64);
    }
    assert_eq!(outcome.winners().collect::<Vec<_>>(), vec![s(0)]);
}

#[test]
fn kk_53_equal_money_shares_the_place() {
    let (mut g, mut rng) = game(2);
    for n in [1, 2, 3] {
        g.set_position(h(n), 19).unwrap();
    }
    roll(&mut g, 1, 1, &mut rng);
    turn_with_roll(&mut g, 1, 2, 1, &mut rng);
    g.set_money(s(0), 40);
    g.set_money(s(1), 40);
    turn_with_roll(&mut g, 0, 3, 1, &mut rng);
    assert_eq!(g.outcome().unwrap().places(), &[1, 1]);
}
