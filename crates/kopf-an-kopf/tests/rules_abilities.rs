//! Horse abilities at the start of the owner's turn (KK-10, KK-40): the ones that must happen,
//! the ones the owner may use, in horse order.

mod common;

use common::*;
use engine::Game;
use kopf_an_kopf::{Cards, KopfAnKopf};

/// Seat 1 owns `horse`; its turn starts.
fn owned(horse: u8, setup: impl FnOnce(&mut KopfAnKopf)) -> (KopfAnKopf, engine::GameRng) {
    let (mut g, mut rng) = game(3);
    g.set_owner(h(horse), Some(s(1)));
    setup(&mut g);
    g.begin_turn(s(1), &mut rng);
    (g, rng)
}

#[test]
fn kk_40_donnerhuf_leading_alone_draws_a_card() {
    let (g, _) = owned(1, |g| g.set_position(h(1), 4).unwrap());
    assert_eq!(g.hand(s(1)).len(), 4);
    let (g, _) = owned(1, |g| {
        g.set_position(h(1), 4).unwrap();
        g.set_position(h(9), 4).unwrap();
    });
    assert_eq!(g.hand(s(1)).len(), 3, "level with horse 9: not alone");
}

#[test]
fn kk_40_silberpfeil_level_with_another_takes_money() {
    let (g, _) = owned(2, |g| {
        for n in 1..=10 {
            g.set_position(h(n), n).unwrap();
        }
    });
    assert_eq!(g.money(s(1)), 25);
    let (g, _) = owned(2, |g| g.set_position(h(2), 0).unwrap());
    assert_eq!(g.money(s(1)), 30);
}

#[test]
fn kk_40_rote_rakete_last_may_move_forward() {
    let (mut g, mut rng) = owned(3, |g| {
        for n in [1, 2, 4, 5, 6, 7, 8, 9, 10] {
            g.set_position(h(n), 2).unwrap();
        }
    });
    assert_eq!(phase(&g), "ability");
    assert!(legal(&g, s(1), "skip 3"));
    act(&mut g, s(1), "use 3", &mut rng);
    assert_eq!(g.position(h(3)), 1);
    assert_eq!(phase(&g), "second-chance");
    let (mut g, mut rng) = owned(3, |_| {});
    act(&mut g, s(1), "skip 3", &mut rng);
    assert_eq!(g.position(h(3)), 0);
}

#[test]
fn kk_40_nebellaeufer_in_the_dark_zone_takes_money() {
    let (g, _) = owned(4, |g| g.set_position(h(4), 15).unwrap());
    assert_eq!(g.money(s(1)), 30);
    let (g, _) = owned(4, |g| g.set_position(h(4), 14).unwrap());
    assert_eq!(g.money(s(1)), 25);
}

#[test]
fn kk_40_glueckskeks_with_fewer_than_three_cards_draws_one() {
    let (g, _) = owned(5, |g| g.set_hand(s(1), cards("whip")).unwrap());
    assert_eq!(g.hand(s(1)).len(), 2);
    let (g, _) = owned(5, |_| {});
    assert_eq!(g.hand(s(1)).len(), 3);
}

#[test]
fn kk_40_sturmwind_must_move_the_nearest_horse_ahead_back() {
    let (g, _) = owned(6, |g| {
        g.set_position(h(6), 3).unwrap();
        g.set_position(h(2), 5).unwrap();
        g.set_position(h(8), 5).unwrap();
        g.set_position(h(1), 9).unwrap();
    });
    // No choice: the lowest-numbered of the nearest horses ahead goes back.
    assert_eq!((g.position(h(2)), g.position(h(8)), g.position(h(1))), (4, 5, 9));
    assert_eq!(phase(&g), "second-chance");
}

#[test]
fn kk_40_kleiner_prinz_behind_horse_one_may_move() {
    let (mut g, mut rng) = owned(7, |g| g.set_position(h(1), 3).unwrap());
    assert_eq!(g.view(None).ability, Some(h(7)));
    act(&mut g, s(1), "use 7", &mut rng);
    assert_eq!(g.position(h(7)), 1);
    let (g, _) = owned(7, |_| {});
    assert_eq!(phase(&g), "second-chance", "level with horse 1: not behind");
}

#[test]
fn kk_40_eisenherz_at_the_start_takes_money() {
    let (g, _) = owned(8, |_| {});
    assert_eq!(g.money(s(1)), 30);
    let (g, _) = owned(8, |g| g.set_position(h(8), 1).unwrap());
    assert_eq!(g.money(s(1)), 25);
}

#[test]
fn kk_40_mondschein_level_with_horse_ten_may_move() {
    let (mut g, mut rng) = owned(9, |g| {
        g.set_position(h(9), 6).unwrap();
        g.set_position(h(10), 6).unwrap();
    });
    act(&mut g, s(1), "use 9", &mut rng);
    assert_eq!(g.position(h(9)), 7);
}

#[test]
fn kk_40_abilities_apply_in_horse_order() {
    // Sturmwind (6) pushes horse 8 back to the start first; then Eisenherz (8) is at the start.
    let (g, _) = owned(6, |g| {
        g.set_owner(h(8), Some(s(1)));
        g.set_position(h(6), 0).unwrap();
        for n in [1, 2, 3, 4, 5, 7, 9, 10] {
            g.set_position(h(n), 5).unwrap();
        }
        g.set_position(h(8), 1).unwrap();
    });
    assert_eq!(g.position(h(8)), 0);
    assert_eq!(g.money(s(1)), 30);
}

#[test]
fn kk_10_only_the_active_players_horses_use_abilities() {
    let (mut g, mut rng) = game(3);
    g.set_owner(h(8), Some(s(2)));
    g.begin_turn(s(1), &mut rng);
    assert_eq!(g.money(s(2)), 25, "Eisenherz pays its owner only on the owner's turn");
    g.set_hand(s(2), Cards::EMPTY).unwrap();
    g.begin_turn(s(2), &mut rng);
    assert_eq!(g.money(s(2)), 30);
}
