//! Components, set-up and the turn: ST-1 … ST-9 and ST-26.

mod common;

use common::*;
use engine::{Game, Match, Seat};
use schotten_totten::{CardSet, Config, Event, Layout, PhaseView, SchottenTotten, VARIANTS};

#[test]
fn st_1_and_st_4_a_new_game_deals_six_cards_each_from_54() {
    for seed in 0..20 {
        let m = Match::<SchottenTotten>::new(&Config::default(), 2, seed).unwrap();
        let g = m.state();
        assert_eq!((g.hand(S0).len(), g.hand(S1).len(), g.pile_cards().len()), (6, 6, 42));
        let all = g.hand(S0).union(g.hand(S1)).union(g.pile_cards());
        assert_eq!(all, CardSet::BASE_DECK);
        assert_eq!(all.len(), 54);
    }
}

#[test]
fn st_4_the_starting_seat_is_chosen_by_the_config() {
    for seat in 0..2u8 {
        let config = Config { starting_seat: seat, ..Config::default() };
        let m = Match::<SchottenTotten>::new(&config, 2, 1).unwrap();
        assert_eq!(m.state().view(None).active, Some(Seat::at(seat as usize)));
        assert_eq!(m.state().view(None).starting_seat, Seat::at(seat as usize));
    }
    assert!(Match::<SchottenTotten>::new(&Config { starting_seat: 2, ..Config::default() }, 2, 1).is_err());
    assert!(Match::<SchottenTotten>::new(&Config::default(), 3, 1).is_err());
}

#[test]
fn st_2_nine_stones_numbered_1_to_9() {
    let m = Match::<SchottenTotten>::new(&Config::default(), 2, 1).unwrap();
    let numbers: Vec<u8> = m.state().view(None).stones.iter().map(|s| s.number).collect();
    assert_eq!(numbers, (1..=9).collect::<Vec<u8>>());
    assert!("claim 0".parse::<schotten_totten::Action>().is_err());
    assert!("claim 10".parse::<schotten_totten::Action>().is_err());
    assert!("claim 9".parse::<schotten_totten::Action>().is_ok());
}

#[test]
fn st_3_tactics_and_battle_line_are_variants_a_table_can_switch_on() {
    for key in ["tactics", "battle-line"] {
        assert!(VARIANTS.iter().any(|v| v.name == key), "{key} is offered");
        let config: Config = serde_json::from_str(&format!(r#"{{"{key}": true}}"#)).unwrap();
        assert!(Match::<SchottenTotten>::new(&config, 2, 1).is_ok());
    }
    // The base deck holds no value-10 card.
    assert_eq!(CardSet::BASE_DECK.count_value(10), 0);
}

const CLAIM_AND_PLAY: &str = "
    1: b7 b8 b9 | y7 y8
    hand0: r1 r2
    hand1: g1 g2
    pile: n9 n8
";

#[test]
fn st_5_default_timing_claims_before_playing_then_one_card_then_a_draw() {
    let mut g = game(&Config::default(), CLAIM_AND_PLAY);
    let legal = legal(&g, S0);
    assert_eq!(legal[0], "claim 1", "claims come first: {legal:?}");
    assert!(legal.contains(&"play r1 2".to_string()));
    assert!(!legal.iter().any(|a| a.starts_with("play") && a.ends_with(" 1")), "the own side of stone 1 is full");
    assert_eq!(legal.len(), 1 + 2 * 8);
    act(&mut g, S0, "claim 1").unwrap();
    assert_eq!(g.view(None).active, Some(S0), "a claim keeps the turn");
    let events = act(&mut g, S0, "play r1 2").unwrap();
    assert_eq!(events[0].to_string(), "seat 0 played r1 on stone 2");
    assert_eq!(events[1].to_string(), "seat 0 drew n9");
    assert_eq!(g.hand(S0), set("r2 n9"));
    assert_eq!(g.view(None).active, Some(S1));
    // One card per turn: seat 0 may not play again.
    assert!(act(&mut g, S0, "play r2 3").is_err());
    // A card not in hand, or on the opponent's side, cannot be played.
    assert!(act(&mut g, S1, "play r2 3").is_err());
}

#[test]
fn st_6_claim_after_play_claims_between_playing_and_drawing() {
    let config = Config { claim_after_play: true, ..Config::default() };
    let mut g = game(&config, CLAIM_AND_PLAY);
    assert!(!legal(&g, S0).iter().any(|a| a.starts_with("claim")), "no claims before playing");
    assert!(act(&mut g, S0, "claim 1").is_err());
    let events = act(&mut g, S0, "play r1 2").unwrap();
    assert_eq!(events.len(), 1, "no draw yet: {events:?}");
    assert_eq!(g.view(None).phase, PhaseView::Claim);
    assert_eq!(legal(&g, S0), vec!["claim 1", "done"]);
    assert!(act(&mut g, S0, "play r2 3").is_err(), "one card per turn");
    let events = act(&mut g, S0, "claim 1").unwrap();
    // The last claim ends the claim step: the draw follows at once.
    assert_eq!(
        events.iter().map(ToString::to_string).collect::<Vec<_>>(),
        ["seat 0 claimed stone 1", "seat 0 drew n9"]
    );
    assert_eq!(g.view(None).active, Some(S1));

    // `done` ends the claim step without claiming.
    let mut g = game(&config, CLAIM_AND_PLAY);
    act(&mut g, S0, "play r1 2").unwrap();
    let events = act(&mut g, S0, "done").unwrap();
    assert_eq!(
        events.iter().map(ToString::to_string).collect::<Vec<_>>(),
        ["seat 0 is done claiming", "seat 0 drew n9"]
    );
    assert_eq!(g.view(None).stones[0].owner, None);

    // The card just played can make the claim.
    let mut g = game(&config, "1: b7 b8 | y7 y8\nhand0: b9 r1\nhand1: g1\npile: n9");
    act(&mut g, S0, "play b9 1").unwrap();
    assert_eq!(legal(&g, S0), vec!["claim 1", "done"]);
    // Without a claim to make, the draw follows the play at once.
    let mut g = game(&config, "hand0: r1\nhand1: g1\npile: n9");
    assert_eq!(act(&mut g, S0, "play r1 1").unwrap().len(), 2);
}

/// Seat 0's sides are full everywhere; it holds two cards, seat 1 one.
fn no_room_for_seat_0() -> Layout {
    let mut layout = layout("hand0: y1 y2\nhand1: p1\npile: n9");
    for n in 1..=9u8 {
        layout.place(n as usize, 0, &cards(&format!("r{n} b{n} g{n}"))).unwrap();
    }
    layout
}

#[test]
fn st_7_a_seat_that_cannot_play_passes_and_still_draws() {
    for claim_after_play in [false, true] {
        let config = Config { claim_after_play, ..Config::default() };
        let mut g = SchottenTotten::from_layout(&config, &no_room_for_seat_0()).unwrap();
        assert_eq!(legal(&g, S0), vec!["pass"]);
        let events = act(&mut g, S0, "pass").unwrap();
        assert_eq!(events.iter().map(ToString::to_string).collect::<Vec<_>>(), ["seat 0 passed", "seat 0 drew n9"]);
        assert_eq!(g.hand(S0).len(), 3, "the draw still happens");
        assert_eq!(g.view(None).active, Some(S1));
        assert!(act(&mut g, S1, "pass").is_err(), "seat 1 can play, so it may not pass");
    }
    // Claims still happen on a pass turn, before the pass by default, after it otherwise.
    let mut layout = no_room_for_seat_0();
    layout.place(9, 1, &cards("y3 p4 n5")).unwrap();
    let mut g = SchottenTotten::from_layout(&Config::default(), &layout).unwrap();
    assert_eq!(legal(&g, S0), vec!["claim 9", "pass"]);
    act(&mut g, S0, "claim 9").unwrap();
    act(&mut g, S0, "pass").unwrap();
    let config = Config { claim_after_play: true, ..Config::default() };
    let mut g = SchottenTotten::from_layout(&config, &layout).unwrap();
    assert_eq!(legal(&g, S0), vec!["pass"]);
    act(&mut g, S0, "pass").unwrap();
    assert_eq!(legal(&g, S0), vec!["claim 9", "done"]);
}

#[test]
fn st_8_with_an_empty_pile_play_goes_on_without_drawing() {
    let all: Vec<_> = CardSet::BASE_DECK.iter().collect();
    let layout = Layout {
        hands: [all[..27].iter().copied().collect(), all[27..].iter().copied().collect()],
        ..Layout::default()
    };
    let mut g = SchottenTotten::from_layout(&Config::default(), &layout).unwrap();
    assert_eq!(g.view(None).pile, 0);
    let events = act(&mut g, S0, "play r1 5").unwrap();
    assert_eq!(events.len(), 1, "no draw: {events:?}");
    assert_eq!(g.hand(S0).len(), 26);
    let events = act(&mut g, S1, "play y1 5").unwrap();
    assert!(!events.iter().any(|e| matches!(e, Event::Drew { .. })));
}

#[test]
fn st_9_played_cards_never_move() {
    let mut policy = engine::seeded(3);
    for seed in 0..30 {
        let mut m = Match::<SchottenTotten>::new(&Config::default(), 2, seed).unwrap();
        let mut before = m.state().view(None);
        let mut buffer = Vec::new();
        while !m.state().is_over() {
            let seat = m.state().to_act().first().unwrap();
            m.state().legal_actions(seat, &mut buffer);
            let action = buffer[rand::Rng::random_range(&mut policy, 0..buffer.len())];
            m.apply(seat, action).unwrap();
            let after = m.state().view(None);
            for (old, new) in before.stones.iter().zip(&after.stones) {
                for (a, b) in old.sides.iter().zip(&new.sides) {
                    assert!(b.as_slice().starts_with(a.as_slice()), "{a:?} became {b:?}");
                }
            }
            before = after;
        }
    }
}

#[test]
fn st_26_a_claimed_stone_takes_no_more_cards() {
    let mut g = game(&Config::default(), "1: r1 | b7 b8 b9 owner=1\nhand0: r5\nhand1: g1");
    assert!(!legal(&g, S0).iter().any(|a| a.ends_with(" 1")), "{:?}", legal(&g, S0));
    assert!(act(&mut g, S0, "play r5 1").is_err());
    assert_eq!(g.view(None).stones[0].sides[0].len(), 1);
    act(&mut g, S0, "play r5 2").unwrap();
}

#[test]
fn layouts_are_checked() {
    let mut bad = layout("1: r1 r2 r3 | b1");
    bad.stones[0].first = None;
    assert!(SchottenTotten::from_layout(&Config::default(), &bad).is_err(), "a complete side without `first`");
    let mut bad = layout("1: r1 r2 | b1");
    bad.stones[0].first = Some(S1);
    assert!(SchottenTotten::from_layout(&Config::default(), &bad).is_err());
    let twice = Layout { hands: [set("r1"), set("r1 r2")], ..Layout::default() };
    assert!(SchottenTotten::from_layout(&Config::default(), &twice).is_err());
    let mut full = layout("");
    assert!(full.place(2, 0, &cards("r1 r2 r3 r4")).is_err(), "four cards on a side");
    assert!(full.place(10, 0, &cards("r1")).is_err() && full.place(0, 0, &cards("r1")).is_err());
    assert!(full.place(1, 2, &cards("r1")).is_err());
}
