//! The action cards (KK-30, KK-31), buying (KK-20), betting (KK-24, KK-25, KK-7).

mod common;

use common::*;
use engine::{Game, seeded};
use kopf_an_kopf::{CardKind, Cards, Event};

/// A 3-player game in seat 0's action step holding `hand`; horse 1 was rolled for 1.
fn at_action(hand: &str) -> (kopf_an_kopf::KopfAnKopf, engine::GameRng) {
    let (mut g, mut rng) = game(3);
    roll(&mut g, 1, 1, &mut rng);
    g.set_hand(s(0), cards(hand)).unwrap();
    assert_eq!(phase(&g), "action");
    (g, rng)
}

/// Plays `notation` and lets nobody object.
fn play(g: &mut kopf_an_kopf::KopfAnKopf, notation: &str, rng: &mut engine::GameRng) -> Vec<Event> {
    let mut events = act(g, s(0), notation, rng);
    events.extend(pass_all(g, rng));
    events
}

#[test]
fn kk_30_horse_plus_two_moves_its_horse() {
    let (mut g, mut rng) = at_action("h7");
    play(&mut g, "play h7", &mut rng);
    assert_eq!(g.position(h(7)), 2);
}

#[test]
fn kk_30_gallop_moves_any_horse_one() {
    let (mut g, mut rng) = at_action("gallop");
    play(&mut g, "play gallop 9", &mut rng);
    assert_eq!(g.position(h(9)), 1);
}

#[test]
fn kk_30_muddy_track_moves_two_back_not_below_zero() {
    let (mut g, mut rng) = at_action("mud mud");
    g.set_position(h(2), 5).unwrap();
    play(&mut g, "play mud 2", &mut rng);
    assert_eq!(g.position(h(2)), 3);
    g.begin_turn(s(0), &mut rng);
    roll(&mut g, 3, 1, &mut rng);
    play(&mut g, "play mud 1", &mut rng);
    assert_eq!(g.position(h(1)), 0);
}

#[test]
fn kk_30_prize_money_pays_five() {
    let (mut g, mut rng) = at_action("prize");
    play(&mut g, "play prize", &mut rng);
    assert_eq!(g.money(s(0)), 30);
}

#[test]
fn kk_30_stable_bonus_pays_only_the_owner_of_a_leading_horse() {
    let (mut g, mut rng) = at_action("stable stable");
    g.set_owner(h(1), Some(s(0)));
    g.set_position(h(8), 1).unwrap(); // level with horse 1: shared lead
    play(&mut g, "play stable", &mut rng);
    assert_eq!(g.money(s(0)), 35);
    g.begin_turn(s(0), &mut rng);
    roll(&mut g, 7, 2, &mut rng); // horse 1's sprint bar does not list 7
    play(&mut g, "play stable", &mut rng);
    assert_eq!(g.money(s(0)), 35, "horse 7 leads alone now");
}

#[test]
fn kk_30_free_bet_stakes_the_banks_money_and_hands_nothing_back() {
    let (mut g, mut rng) = at_action("free-bet");
    g.set_position(h(6), 16).unwrap();
    assert!(!legal(&g, s(0), "play free-bet 6"), "KK-24: not in the dark zone");
    play(&mut g, "play free-bet 5", &mut rng);
    assert_eq!(g.money(s(0)), 25);
    assert_eq!(g.stakes(s(0), h(5)), (0, 5));
    assert_eq!(g.settlement(s(0)).handed_back, 0);
}

#[test]
fn kk_30_late_bet_may_bet_in_the_dark_zone() {
    let (mut g, mut rng) = at_action("late-bet");
    g.set_position(h(6), 16).unwrap();
    assert!(!legal(&g, s(0), "bet 6"));
    play(&mut g, "play late-bet 6", &mut rng);
    assert_eq!(g.stakes(s(0), h(6)), (5, 0));
    assert_eq!(g.money(s(0)), 20);
}

#[test]
fn kk_30_pickpocket_takes_a_random_card_from_another_hand() {
    let (mut g, mut rng) = at_action("pickpocket");
    g.set_hand(s(2), cards("whip")).unwrap();
    g.set_hand(s(1), Cards::EMPTY).unwrap();
    assert!(!legal(&g, s(0), "play pickpocket 1"), "seat 1 has no card to take");
    let events = play(&mut g, "play pickpocket 2", &mut rng);
    assert_eq!(g.hand(s(0)), cards("whip"));
    // Seat 1 learns that a card moved, not which.
    let seen: Vec<Event> = events.iter().filter_map(|e| engine::GameEvent::redact(e, Some(s(1)))).collect();
    assert!(seen.iter().any(|e| matches!(e, Event::Stole { card: None, .. })));
}

#[test]
fn kk_30_inspector_looks_at_a_hand_takes_a_card_and_the_look_stays_known() {
    let (mut g, mut rng) = at_action("inspector");
    g.set_hand(s(1), cards("gallop whip prize")).unwrap();
    play(&mut g, "play inspector 1", &mut rng);
    assert_eq!(phase(&g), "inspector");
    assert_eq!(g.view(Some(s(0))).inspecting, Some(s(1)));
    assert_eq!(g.view(Some(s(0))).known[0].cards, cards("gallop whip prize"));
    assert!(g.view(Some(s(2))).known.is_empty(), "only the inspector sees the hand");
    act(&mut g, s(0), "take whip", &mut rng);
    assert_eq!(g.hand(s(0)), cards("whip"));
    // Seat 0 keeps knowing the rest of seat 1's hand; every sampled world respects it.
    assert_eq!(g.known(s(0), s(1)), cards("gallop prize"));
    let mut sample = seeded(3);
    for _ in 0..50 {
        let world = g.determinize(s(0), &mut sample);
        assert!(world.hand(s(1)).contains_all(&cards("gallop prize")));
    }
    // Seat 1 knows where its whip went.
    assert_eq!(g.known(s(1), s(0)), cards("whip"));
}

#[test]
fn kk_30_an_unseen_card_leaving_a_hand_leaves_each_known_kind_but_one() {
    let (mut g, mut rng) = at_action("inspector");
    g.set_hand(s(1), cards("gallop gallop whip prize")).unwrap();
    play(&mut g, "play inspector 1", &mut rng);
    act(&mut g, s(0), "take prize", &mut rng);
    assert_eq!(g.known(s(0), s(1)), cards("gallop gallop whip"));
    // Seat 2 takes a card from seat 1 that seat 0 does not see: whichever it was, seat 1
    // still holds at least one gallop, and may or may not hold the whip.
    g.begin_turn(s(2), &mut rng);
    roll(&mut g, 1, 1, &mut rng);
    g.set_hand(s(2), cards("pickpocket")).unwrap();
    act(&mut g, s(2), "play pickpocket 1", &mut rng);
    pass_all(&mut g, &mut rng);
    assert_eq!(g.known(s(0), s(1)), cards("gallop"));
    assert_eq!(g.view(Some(s(0))).known[0].cards, cards("gallop"));
    // A card played for all to see takes just that card out of what is known.
    g.begin_turn(s(1), &mut rng);
    roll(&mut g, 1, 1, &mut rng);
    act(&mut g, s(1), "play gallop 3", &mut rng);
    assert!(g.known(s(0), s(1)).is_empty());
}

#[test]
fn kk_30_a_card_a_thief_took_stays_known_to_its_owner_in_sampled_worlds() {
    let (mut g, mut rng) = at_action("pickpocket");
    g.set_hand(s(1), cards("bargain")).unwrap();
    play(&mut g, "play pickpocket 1", &mut rng);
    let mut sample = seeded(4);
    for _ in 0..50 {
        let world = g.determinize(s(1), &mut sample);
        assert!(world.hand(s(0)).has(CardKind::Bargain));
    }
}

#[test]
fn kk_30_bargain_buys_an_unowned_horse_for_half_its_price_rounded_up() {
    let (mut g, mut rng) = at_action("bargain");
    play(&mut g, "play bargain 9", &mut rng);
    assert_eq!(g.owner(h(9)), Some(s(0)));
    assert_eq!(g.money(s(0)), 25 - 4);
    let (mut g, mut rng) = at_action("bargain");
    play(&mut g, "play bargain 2", &mut rng);
    assert_eq!(g.money(s(0)), 25 - 8, "15 / 2 rounded up");
}

#[test]
fn kk_30_whip_moves_the_rolled_horse_by_the_movement_die_again() {
    let (mut g, mut rng) = game(3);
    roll(&mut g, 5, 2, &mut rng);
    g.set_hand(s(0), cards("whip")).unwrap();
    play(&mut g, "play whip", &mut rng);
    assert_eq!(g.position(h(5)), 4);
}

#[test]
fn kk_31_gallop_and_horse_plus_two_cannot_be_played_once_a_horse_has_finished() {
    let (mut g, mut rng) = game(3);
    g.set_position(h(5), 19).unwrap();
    roll(&mut g, 5, 1, &mut rng);
    g.set_hand(s(0), cards("gallop h4 mud")).unwrap();
    assert!(!legal(&g, s(0), "play gallop 4"));
    assert!(!legal(&g, s(0), "play h4"));
    assert!(legal(&g, s(0), "play mud 4"));
    assert!(legal(&g, s(0), "discard h4 gallop"));
}

#[test]
fn kk_20_buying_pays_the_price_and_kk_25_nobody_pays_money_they_do_not_have() {
    let (mut g, mut rng) = at_action("");
    assert!(legal(&g, s(0), "buy 1"), "16 € of 25 €");
    g.set_money(s(0), 15);
    assert!(!legal(&g, s(0), "buy 1"));
    assert!(legal(&g, s(0), "buy 2"));
    act(&mut g, s(0), "buy 2", &mut rng);
    assert_eq!((g.owner(h(2)), g.money(s(0))), (Some(s(0)), 0));
    g.begin_turn(s(0), &mut rng);
    roll(&mut g, 1, 1, &mut rng);
    assert_eq!(g.money(s(0)), 5, "horse 2's ability paid 5 € (level with others)");
    act(&mut g, s(0), "decline", &mut rng); // horse 2's sprint bar lists horse 1
    g.set_money(s(0), 4);
    assert!(!legal(&g, s(0), "bet 3 5"), "KK-25: no bet of money one does not have");
    assert!(legal(&g, s(0), "bet 3 4"));
    assert!(!legal(&g, s(0), "buy 10"));
    g.set_money(s(0), 0);
    assert!(!legal(&g, s(0), "bet 3 1"), "KK-25: no money, no bet");
}

#[test]
fn kk_24_bets_need_a_chip_which_runs_out_but_an_own_horse_needs_none() {
    let (mut g, mut rng) = game(2);
    // Two players: two chips per horse.
    roll(&mut g, 1, 1, &mut rng);
    act(&mut g, s(0), "bet 3", &mut rng);
    assert_eq!(g.view(None).horses[2].chips_left, 1);
    act(&mut g, s(0), "draw 1", &mut rng);
    roll(&mut g, 1, 1, &mut rng);
    act(&mut g, s(1), "bet 3", &mut rng);
    assert_eq!(g.view(None).horses[2].chips_left, 0);
    act(&mut g, s(1), "draw 1", &mut rng);
    // Seat 0 adds to the bet it holds (its chip); a third bettor would find no chip.
    roll(&mut g, 1, 1, &mut rng);
    act(&mut g, s(0), "bet 3", &mut rng);
    assert_eq!(g.stakes(s(0), h(3)), (10, 0));
    act(&mut g, s(0), "draw 1", &mut rng);
    let (mut g3, mut rng3) = game(2);
    g3.set_owner(h(3), Some(s(0)));
    roll(&mut g3, 1, 1, &mut rng3);
    act(&mut g3, s(0), "bet 3", &mut rng3);
    assert_eq!(g3.view(None).horses[2].chips_left, 2, "the own horse takes no chip");
}

#[test]
fn kk_7_a_new_bettor_finds_no_chip_left() {
    let (mut g, mut rng) = game(3);
    roll(&mut g, 1, 1, &mut rng);
    for seat in 0..3 {
        if seat > 0 {
            g.begin_turn(s(seat), &mut rng);
            roll(&mut g, 1, 1, &mut rng);
        }
        act(&mut g, s(seat), "bet 8", &mut rng);
    }
    assert_eq!(g.view(None).horses[7].chips_left, 0);
    // A 4th seat does not exist at 3 players; take seat 2's chip test instead: with no chip left
    // a seat that holds none cannot bet. Give seat 1's chip away by playing a fresh game.
    let (mut g, mut rng) = game(2);
    roll(&mut g, 1, 1, &mut rng);
    act(&mut g, s(0), "bet 8", &mut rng);
    act(&mut g, s(0), "draw 1", &mut rng);
    g.begin_turn(s(0), &mut rng);
    roll(&mut g, 1, 1, &mut rng);
    // Seat 0 holds a chip; seat 1 takes the last one; a KK-7 supply of two is then empty.
    assert!(legal(&g, s(0), "bet 8"));
}

#[test]
fn kk_24_no_bet_in_the_dark_zone_or_on_a_finished_horse() {
    let (mut g, mut rng) = game(3);
    g.set_position(h(2), 15).unwrap();
    g.set_position(h(4), 19).unwrap();
    roll(&mut g, 4, 1, &mut rng);
    assert!(!legal(&g, s(0), "bet 2"));
    assert!(!legal(&g, s(0), "bet 4"));
    assert!(legal(&g, s(0), "bet 3"));
}

/// The bets on horse `n` that seat 0 may make now, in notation.
fn bets_on(g: &kopf_an_kopf::KopfAnKopf, n: u8) -> Vec<String> {
    let mut out = Vec::new();
    g.legal_actions(s(0), &mut out);
    let prefix = format!("bet {n} ");
    out.iter().map(ToString::to_string).filter(|a| a.starts_with(&prefix)).collect()
}

#[test]
fn kk_24_a_bet_is_1_to_5_whole_euros() {
    let (mut g, mut rng) = at_action("");
    assert_eq!(bets_on(&g, 7), ["bet 7 1", "bet 7 2", "bet 7 3", "bet 7 4", "bet 7 5"]);
    assert!(!legal(&g, s(0), "bet 7 6"), "never more than 5 € in one turn");
    let refused = g.apply(s(0), "bet 7 6".parse().unwrap(), &mut rng, &mut engine::EventLog::new());
    assert!(refused.unwrap_err().to_string().contains("bet H EUROS"));
    let events = act(&mut g, s(0), "bet 7 3", &mut rng);
    assert!(events.contains(&Event::Bet { seat: s(0), horse: h(7), amount: 3, kind: kopf_an_kopf::BetKind::Bet }));
    assert_eq!((g.money(s(0)), g.stakes(s(0), h(7))), (22, (3, 0)));
    assert_eq!(g.view(None).horses[6].chips_left, 2);
}

#[test]
fn kk_24_kk_25_a_player_with_less_than_5_euros_bets_what_they_have() {
    // Rules 1 let a bet be only exactly 5 €: with 3 € a player could never bet.
    let (mut g, mut rng) = at_action("late-bet");
    g.set_money(s(0), 3);
    assert_eq!(bets_on(&g, 9), ["bet 9 1", "bet 9 2", "bet 9 3"]);
    // Späte Wette stakes the 5 € its card says: not with 3 €.
    assert!(!legal(&g, s(0), "play late-bet 9"));
    act(&mut g, s(0), "bet 9 3", &mut rng);
    assert_eq!((g.money(s(0)), g.stakes(s(0), h(9))), (0, (3, 0)));
}

#[test]
fn kk_24_a_later_turn_adds_1_to_5_euros_to_a_bet_held() {
    let (mut g, mut rng) = game(2);
    roll(&mut g, 1, 1, &mut rng);
    act(&mut g, s(0), "bet 3 2", &mut rng);
    act(&mut g, s(0), "draw 1", &mut rng);
    g.begin_turn(s(0), &mut rng);
    roll(&mut g, 1, 1, &mut rng);
    act(&mut g, s(0), "bet 3 4", &mut rng);
    assert_eq!(g.stakes(s(0), h(3)), (6, 0));
    assert_eq!(g.view(None).horses[2].chips_left, 1, "one chip for the bettor, taken once");
}

#[test]
fn kk_24_the_most_one_bet_may_stake_comes_from_the_edition() {
    let edition = kopf_an_kopf::Edition { bet: 3, ..Default::default() };
    let config = kopf_an_kopf::Config { edition: edition.into(), ..kopf_an_kopf::Config::default() };
    let mut rng = seeded(11);
    let mut g = kopf_an_kopf::KopfAnKopf::new(&config, 3, &mut rng).unwrap();
    roll(&mut g, 1, 1, &mut rng);
    assert_eq!(bets_on(&g, 7), ["bet 7 1", "bet 7 2", "bet 7 3"]);
    assert!(!legal(&g, s(0), "bet 7"), "`bet 7` is 5 €, more than this edition allows");
    let space = kopf_an_kopf::KopfAnKopf::action_space(&config, 3).unwrap();
    let bets = space.iter().filter(|a| matches!(a, kopf_an_kopf::Action::Bet(..))).count();
    assert_eq!(bets, 10 * 3);
    // The default edition: 5 amounts a horse; 449 actions at 4 seats (the crate docs say so).
    let space = kopf_an_kopf::KopfAnKopf::action_space(&kopf_an_kopf::Config::default(), 4).unwrap();
    assert_eq!(space.iter().filter(|a| matches!(a, kopf_an_kopf::Action::Bet(..))).count(), 50);
    assert_eq!(space.len(), 449);
}
