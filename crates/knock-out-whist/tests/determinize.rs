//! Sampled worlds: what they keep (the observer's view, public voids, hand sizes) and what they
//! resample (other hands, the undealt deck), and that they depend only on the observer's view.

mod common;

use std::collections::BTreeSet;

use common::*;
use engine::{EventLog, Game, Seat, seeded};
use knock_out_whist::{CardSet, Config, KnockOutWhist, Suit};
use rand::Rng;

/// Everything about a world, for comparison: every hand, the deck, every view.
fn fingerprint(game: &KnockOutWhist) -> String {
    let seats = game.seats();
    let hands: Vec<String> = Seat::all(seats).map(|s| game.hand(s).to_string()).collect();
    let views: Vec<String> =
        std::iter::once(None).chain(Seat::all(seats).map(Some)).map(|v| format!("{:?}", game.view(v))).collect();
    format!("{hands:?} {} {views:?}", game.deck())
}

/// Random positions from random games of every seat count, stopped at random points.
fn positions() -> Vec<KnockOutWhist> {
    let mut out = Vec::new();
    let mut legal = Vec::new();
    for seed in 0..60u64 {
        let seats = 2 + seed as usize % 6;
        let config = Config { mercy: seed % 2 == 0, knocked_out_vote: seed % 3 == 0, ..Config::default() };
        let mut rng = seeded(seed);
        let mut game = KnockOutWhist::new(&config, seats, &mut rng).unwrap();
        let stop = rng.random_range(0..60);
        for _ in 0..stop {
            let Some(seat) = game.to_act().iter().next() else { break };
            game.legal_actions(seat, &mut legal);
            let action = legal[rng.random_range(0..legal.len())];
            game.apply(seat, action, &mut rng, &mut EventLog::off()).unwrap();
        }
        if !game.is_over() {
            out.push(game);
        }
    }
    out
}

// A sampled world depends only on what the observer sees: two true worlds with the same view
// give the same sample from the same generator.
#[test]
fn determinize_depends_only_on_the_observers_view() {
    for game in positions() {
        for observer in Seat::all(game.seats()) {
            let other_truth = game.determinize(observer, &mut seeded(99));
            assert_eq!(other_truth.view(Some(observer)), game.view(Some(observer)));
            for k in 0..3 {
                let a = game.determinize(observer, &mut seeded(k));
                let b = other_truth.determinize(observer, &mut seeded(k));
                assert_eq!(fingerprint(&a), fingerprint(&b), "observer {observer}");
            }
        }
    }
}

// Hidden hands and the undealt deck are resampled; the observer's hand is not.
#[test]
fn determinize_resamples_hidden_cards_only() {
    let mut rng = seeded(1);
    let game = KnockOutWhist::new(&Config::default(), 4, &mut rng).unwrap();
    let mut others = BTreeSet::new();
    let mut decks = BTreeSet::new();
    for _ in 0..50 {
        let world = game.determinize(s(0), &mut rng);
        assert_eq!(world.hand(s(0)), game.hand(s(0)));
        assert_eq!(world.view(Some(s(0))), game.view(Some(s(0))));
        others.insert(world.hand(s(2)).bits());
        decks.insert(world.deck().bits());
        // Round 1's turned card is public: it stays in the deck.
        assert!(world.deck().contains(game.view(None).turned.unwrap()));
    }
    assert!(others.len() > 40 && decks.len() > 40, "hidden cards vary: {} {}", others.len(), decks.len());
}

// Revealed voids are honoured even when they leave little freedom.
#[test]
fn determinize_honours_revealed_voids() {
    // Round 5, three cards each, spades trump. Seat 1 leads a heart: seats 2 and 3 show out of
    // hearts. Then seat 3 leads a club: seats 0 and 2 show out of clubs.
    let pos = position(5, &["2H 3D 4S", "AH KH 5C", "2S 9D TD", "3S 4C JD"], Some("S"), 0, 1);
    let mut t = Table::new(&Config::default(), &pos, 1);
    t.play("AH 9D 3S 2H");
    t.play("4C 3D 5C TD");
    let game = t.game.clone();
    let hearts = CardSet::suit(Suit::Hearts);
    let clubs = CardSet::suit(Suit::Clubs);
    assert!(game.voids(s(2)).contains(Suit::Hearts) && game.voids(s(3)).contains(Suit::Hearts));
    assert!(game.voids(s(0)).contains(Suit::Clubs) && game.voids(s(2)).contains(Suit::Clubs));
    let mut rng = seeded(4);
    let mut holders = BTreeSet::new();
    for _ in 0..300 {
        let world = game.determinize(s(1), &mut rng);
        for seat in [2, 3] {
            assert!((world.hand(s(seat)) & hearts).is_empty(), "seat {seat} showed out of hearts");
        }
        for seat in [0, 2] {
            assert!((world.hand(s(seat)) & clubs).is_empty(), "seat {seat} showed out of clubs");
        }
        assert_eq!(world.view(Some(s(1))), game.view(Some(s(1))));
        for seat in [0, 2, 3] {
            assert_eq!(world.hand(s(seat)).len(), game.hand(s(seat)).len());
        }
        if world.hand(s(0)).contains(card("QH")) {
            holders.insert(0);
        }
        holders.insert(if world.deck().contains(card("QH")) { 9 } else { 1 });
    }
    // The queen of hearts is sampled only to seat 0 or the deck.
    assert!(holders.contains(&0) && holders.contains(&9));
}
