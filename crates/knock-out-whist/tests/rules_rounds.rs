//! Rounds: players and deck, the deal, dealer and lead, trump choice, knock-outs, the end of
//! the game and the ranking (KW-1 … KW-7, KW-20 … KW-23, KW-41).

mod common;

use std::collections::BTreeSet;

use common::*;
use engine::{EventLog, Game, Match, ReplayError, SetupError};
use knock_out_whist::{CardSet, Config, Event, KnockOutWhist, PhaseView, Standing, TrumpFrom};
use rand::Rng;

/// Round 6, four players, spades trump, seat 0 dealing, seat 1 leading. Played out, seats 3
/// and 0 win a trick each and seats 1 and 2 none.
fn round_six() -> Table {
    let pos = position(6, &["AH 9D", "2H 3H", "4H 5H", "AS 8D"], Some("S"), 0, 1);
    Table::new(&Config::default(), &pos, 1)
}

fn play_round_six(t: &mut Table) {
    t.play("2H 4H AS AH"); // seat 3 trumps
    t.play("8D 9D 3H 5H"); // seat 0 takes the diamond
}

// KW-1: 2 to 7 players.
#[test]
fn kw_1_two_to_seven_players() {
    for seats in [0, 1, 8] {
        assert!(matches!(Match::<KnockOutWhist>::new(&Config::default(), seats, 0), Err(SetupError::Seats { .. })));
    }
    for seats in 2..=7 {
        assert!(Match::<KnockOutWhist>::new(&Config::default(), seats, 0).is_ok());
    }
}

// KW-1: one 52-card deck: every card exactly once, in a hand or the undealt deck.
#[test]
fn kw_1_the_deck_has_52_cards() {
    for seed in 0..20 {
        let m = Match::<KnockOutWhist>::new(&Config::default(), 7, seed).unwrap();
        let game = m.state();
        let mut all = game.deck();
        for seat in 0..7 {
            assert!((all & game.hand(s(seat))).is_empty(), "a card twice");
            all |= game.hand(s(seat));
        }
        assert_eq!(all, CardSet::FULL);
        assert_eq!(game.deck().len(), 52 - 49);
    }
}

// KW-3 / KW-41: the hands run start, start − 1, …, 1.
#[test]
fn kw_3_hands_shrink_by_one_each_round() {
    for start in [6, 7, 8] {
        let config = Config { start_cards: start, ..Config::default() };
        let mut seen = BTreeSet::new();
        for seed in 0..40 {
            let mut m = Match::<KnockOutWhist>::new(&config, 3, seed).unwrap();
            let mut bot = engine::RandomBot::default();
            let mut rng = engine::seeded(seed);
            while let Some(seat) = m.state().to_act().first() {
                let view = m.state().view(None);
                assert_eq!(view.cards_per_hand, start + 1 - view.round, "round {} of start {start}", view.round);
                if view.tricks.is_empty() && view.trick.plays.is_empty() {
                    for p in view.players.iter().filter(|p| p.standing == Standing::In) {
                        assert_eq!(p.cards, view.cards_per_hand, "a full hand at the start of round {}", view.round);
                    }
                    seen.insert(view.round);
                }
                let action = m.ask(&mut bot, seat, &mut rng).unwrap();
                m.apply(seat, action).unwrap();
            }
        }
        assert!(seen.len() >= 4, "several rounds were reached: {seen:?}");
    }
}

// KW-4: the deal passes clockwise, skipping knocked-out players.
#[test]
fn kw_4_dealer_rotation_skips_knocked_out_players() {
    let mut t = round_six();
    play_round_six(&mut t);
    assert_eq!(t.game.round(), 7);
    // Seats 1 and 2 are out: the deal passes from seat 0 to seat 3.
    assert_eq!(t.game.dealer(), s(3));
}

// KW-4: the deal passes clockwise to the next player not knocked out — with the `mercy`
// variant that includes players on a mercy chance (KW-30: they are not out).
#[test]
fn kw_4_dealer_rotation_is_clockwise_skipping_only_the_knocked_out() {
    let mut mercy_dealers = 0;
    for mercy in [false, true] {
        for seed in 0..40 {
            let config = Config { dealer: 2, mercy, ..Config::default() };
            let mut m = Match::<KnockOutWhist>::new(&config, 4, seed).unwrap();
            assert_eq!(m.state().dealer(), s(2));
            let mut bot = engine::RandomBot::default();
            let mut rng = engine::seeded(seed);
            let mut dealer = m.state().dealer();
            let mut round = 1;
            while let Some(seat) = m.state().to_act().first() {
                let action = m.ask(&mut bot, seat, &mut rng).unwrap();
                let before: Vec<Standing> = m.state().view(None).players.iter().map(|p| p.standing).collect();
                m.apply(seat, action).unwrap();
                if m.state().round() != round && !m.state().is_over() {
                    // The next seat after the old dealer that is not knocked out.
                    let players = m.state().view(None).players;
                    let mut expected = dealer.next(4);
                    while players[expected.index()].standing == Standing::Out {
                        expected = expected.next(4);
                    }
                    assert_eq!(m.state().dealer(), expected, "seed {seed}: standings before {before:?}");
                    if players[expected.index()].standing == Standing::Mercy {
                        mercy_dealers += 1;
                    }
                    dealer = expected;
                    round = m.state().round();
                }
            }
        }
    }
    assert!(mercy_dealers > 0, "a player on a mercy chance dealt in some game");
}

// KW-4 / KW-30: the deal reaches a player on a mercy chance; as the dealer they get their one
// card last in the first pass.
#[test]
fn kw_4_a_player_on_a_mercy_chance_deals() {
    let config = Config { mercy: true, ..Config::default() };
    // Round 4, spades trump, seat 0 dealing: seats 0 and 2 win two tricks each, seat 1 none.
    let pos = position(4, &["AH AC 2D 3D", "2H 2C 4D 5D", "KH KC AD 6D"], Some("S"), 0, 1);
    let mut t = Table::new(&config, &pos, 1);
    t.play("2H KH AH AC 2C KC 2D 4D AD 6D 3D 5D");
    let view = t.game.view(None);
    assert_eq!(view.round, 5);
    assert_eq!(view.players[1].standing, Standing::Mercy);
    assert_eq!(view.dealer, s(1), "the deal passes from seat 0 to seat 1, on its mercy chance");
    assert_eq!(view.players.iter().map(|p| p.cards).collect::<Vec<_>>(), [3, 1, 3]);
    assert!(t.saw(
        |e| matches!(e, Event::Dealt { round: 5, dealer, counts, .. } if *dealer == s(1) && counts == &[3, 1, 3])
    ));
    // The round is still led by the player with the most tricks, never the mercy dealer.
    assert!(view.chooser == Some(s(0)) || view.chooser == Some(s(2)));
    // A hand-built position may have a mercy dealer too, but not a knocked-out one.
    let mut pos = position(5, &["AH AC 2D", "2H", "KH KC AD"], Some("S"), 1, 0);
    pos.mercy = seats(&[1]);
    pos.mercy_used = seats(&[1]);
    assert_eq!(game(&config, &pos).dealer(), s(1));
    pos.mercy = seats(&[]);
    pos.hands[1] = CardSet::EMPTY;
    pos.out = vec![(s(1), 4)];
    assert!(KnockOutWhist::from_position(&config, &pos).is_err());
}

// KW-5: round 1's trump is the suit of the next card, turned face up for all to see.
#[test]
fn kw_5_turned_card_gives_round_one_trump() {
    for seed in 0..30 {
        let m = Match::<KnockOutWhist>::new(&Config::default(), 5, seed).unwrap();
        let game = m.state();
        let spectator = game.view(None);
        let turned = spectator.turned.expect("a turned card in round 1");
        assert_eq!(spectator.trump, Some(turned.suit()));
        assert_eq!(spectator.trump_from, TrumpFrom::Turned);
        assert!(game.deck().contains(turned));
        for seat in 0..5 {
            assert!(!game.hand(s(seat)).contains(turned));
            assert_eq!(game.view(Some(s(seat))).turned, Some(turned));
        }
    }
    // Later rounds have no turned card.
    let mut t = round_six();
    play_round_six(&mut t);
    assert_eq!(t.game.view(None).turned, None);
}

// KW-3 / KW-5: round 1's deal and turned card are events like every later deal: `start` logs
// them (each seat sees only its own hand), and leaves the same game as `new`.
#[test]
fn kw_5_round_one_deal_and_turned_card_are_logged_by_start() {
    for seed in 0..20 {
        let config = Config { dealer: (seed % 4) as u8, ..Config::default() };
        let mut rng = engine::seeded(seed);
        let mut log = EventLog::new();
        let started = KnockOutWhist::start(&config, 4, &mut rng, &mut log).unwrap();
        let mut new_rng = engine::seeded(seed);
        let new = KnockOutWhist::new(&config, 4, &mut new_rng).unwrap();
        assert_eq!(format!("{started:?}"), format!("{new:?}"), "seed {seed}: start and new set up the same game");
        assert_eq!(rng.random::<u64>(), new_rng.random::<u64>(), "seed {seed}: and draw the same chance");
        let turned = started.view(None).turned.unwrap();
        for viewer in [None, Some(s(0)), Some(s(3))] {
            let events: Vec<Event> = log.for_viewer(viewer).collect();
            let hand = viewer.map(|seat| started.hand(seat));
            assert_eq!(
                events,
                [
                    Event::Dealt {
                        round: 1,
                        dealer: s(config.dealer as usize),
                        cards_per_hand: 7,
                        counts: vec![7; 4],
                        hand,
                        hands: [CardSet::EMPTY; 8],
                    },
                    Event::TrumpTurned { card: turned },
                ]
            );
        }
        // A match keeps them as its opening events.
        let m = Match::<KnockOutWhist>::new(&config, 4, seed).unwrap();
        assert_eq!(m.opening_events().for_viewer(None).count(), 2);
        assert_eq!(format!("{:?}", m.state()), format!("{new:?}"));
    }
}

// The rules version names the rules a record was played under: records of the rules before
// KW-4 and KW-40 were corrected ("1") are refused, not replayed under other rules.
#[test]
fn records_of_the_old_rules_are_refused() {
    let mut m = Match::<KnockOutWhist>::new(&Config::default(), 3, 5).unwrap();
    let seat = m.state().to_act().first().unwrap();
    let action = m.ask(&mut engine::RandomBot::default(), seat, &mut engine::seeded(1)).unwrap();
    m.apply(seat, action).unwrap();
    let mut record = m.record();
    assert_eq!(record.rules_version, "2");
    assert!(Match::<KnockOutWhist>::replay(&record).is_ok());
    record.rules_version = "1".into();
    match Match::<KnockOutWhist>::replay(&record) {
        Err(ReplayError::WrongRulesVersion { expected: "2", found, .. }) => assert_eq!(found, "1"),
        other => panic!("a record of rules version 1 must be refused, got {:?}", other.map(|_| ())),
    }
}

// KW-6: the player with the most tricks chooses trump after seeing the new hand; a tie is cut
// at random among the tied players only, and the cut is logged and public.
#[test]
fn kw_6_tie_for_most_tricks_is_cut_among_the_tied() {
    let mut choosers = BTreeSet::new();
    for seed in 0..40 {
        let pos = position(6, &["AH 9D", "2H 3H", "4H 5H", "AS 8D"], Some("S"), 0, 1);
        let mut t = Table::new(&Config::default(), &pos, seed);
        play_round_six(&mut t);
        let view = t.game.view(None);
        let chooser = view.chooser.unwrap();
        assert!(chooser == s(0) || chooser == s(3), "seed {seed}: chooser {chooser} was not tied");
        assert_eq!(view.cut_among, seats(&[0, 3]));
        assert!(t.saw(|e| *e == Event::MostTricks { seat: chooser, tricks: 1, tied: seats(&[0, 3]) }));
        // The chooser has the new hand and alone is to act.
        assert_eq!(view.phase, PhaseView::ChooseTrump);
        assert_eq!(t.turn(), chooser);
        assert_eq!(t.game.view(Some(chooser)).hand.unwrap().len(), 1);
        assert_eq!(t.legal(chooser), vec!["trump C", "trump D", "trump H", "trump S"]);
        choosers.insert(chooser.index());
    }
    assert_eq!(choosers, BTreeSet::from([0, 3]), "the cut picks either tied player");
}

/// Round 5, three players, spades trump: seat 0 wins two tricks, seat 1 one, seat 2 none.
fn round_five(seed: u64) -> Table {
    let pos = position(5, &["AS KS 2D", "AH 3D 4C", "2H 5C 6C"], Some("S"), 0, 1);
    let mut t = Table::new(&Config::default(), &pos, seed);
    t.play("AH 2H AS"); // seat 0 trumps
    t.play("KS 4C 5C");
    t.play("2D 3D 6C"); // seat 1 follows and wins
    t
}

// KW-6: without a tie the player with the most tricks chooses, every time.
#[test]
fn kw_6_most_tricks_chooses_trump() {
    for seed in 0..20 {
        let t = round_five(seed);
        assert_eq!(t.game.view(None).chooser, Some(s(0)));
        assert_eq!(t.game.view(None).cut_among, seats(&[]));
        assert!(t.saw(|e| *e == Event::MostTricks { seat: s(0), tricks: 2, tied: seats(&[0]) }));
    }
}

// KW-7: round 1 is led by the player left of the dealer.
#[test]
fn kw_7_round_one_is_led_left_of_the_dealer() {
    for (seats, dealer, leader) in [(4, 0, 1), (4, 2, 3), (7, 6, 0), (2, 1, 0)] {
        let m = Match::<KnockOutWhist>::new(&Config { dealer, ..Config::default() }, seats, 3).unwrap();
        assert_eq!(m.state().to_act().first(), Some(s(leader)));
        assert_eq!(m.state().view(None).trick.leader, s(leader));
    }
}

// KW-7: later rounds are led by the trump chooser.
#[test]
fn kw_7_later_rounds_are_led_by_the_chooser() {
    let mut t = round_five(4);
    t.act(s(0), "trump D").unwrap();
    assert_eq!(t.game.trump(), Some(suit("D")));
    assert_eq!(t.turn(), s(0));
    assert_eq!(t.game.view(None).trick.leader, s(0));
    assert!(t.saw(|e| *e == Event::TrumpChosen { seat: s(0), suit: suit("D") }));
}

// KW-20: a player who wins no trick is knocked out at the end of the round.
#[test]
fn kw_20_no_trick_knocks_a_player_out() {
    let mut t = round_six();
    play_round_six(&mut t);
    let view = t.game.view(None);
    for seat in [1, 2] {
        assert_eq!(view.players[seat].standing, Standing::Out);
        assert_eq!(view.players[seat].out_round, Some(6));
        assert_eq!(view.players[seat].cards, 0, "a knocked-out player is dealt nothing");
        assert!(t.saw(|e| *e == Event::KnockedOut { seat: s(seat), round: 6 }));
    }
    for seat in [0, 3] {
        assert_eq!(view.players[seat].standing, Standing::In);
        assert_eq!(view.players[seat].cards, 1);
    }
}

// KW-21: winning every trick wins the game at once — even in round 1.
#[test]
fn kw_21_sweep_in_round_one_ends_the_game() {
    let hands = vec![cards("2D 3D 4D 5D 6D 7D 8D"), cards("AS KS QS JS TS 9S 8S"), cards("2H 3H 4H 5H 6H 7H 8H")];
    let pos = knock_out_whist::Position::first_round(hands, card("2S"));
    let mut t = Table::new(&Config::default(), &pos, 1);
    for lead in ["AS", "KS", "QS", "JS", "TS", "9S", "8S"] {
        assert_eq!(t.turn(), s(1));
        t.act(s(1), &format!("play {lead}")).unwrap();
        let seat = t.turn();
        let discard = t.legal(seat)[0].clone();
        t.act(seat, &discard).unwrap();
        let seat = t.turn();
        let discard = t.legal(seat)[0].clone();
        t.act(seat, &discard).unwrap();
    }
    assert!(t.game.is_over());
    assert!(t.saw(|e| *e == Event::Sweep { seat: s(1), round: 1 }));
    let outcome = t.game.outcome().unwrap();
    assert_eq!(outcome.places(), &[2, 1, 2]);
    assert_eq!(t.game.view(None).winner, Some(s(1)));
}

// KW-21: a sweep in a later round ends the game with players still in.
#[test]
fn kw_21_sweep_in_a_later_round_ends_the_game() {
    let pos = position(5, &["AS KS QS", "2H 3H 4H", "5H 6H 7H"], Some("S"), 2, 0);
    let mut t = Table::new(&Config::default(), &pos, 1);
    t.play("AS 2H 5H KS 3H 6H QS 4H 7H");
    assert!(t.game.is_over());
    assert_eq!(t.game.outcome().unwrap().places(), &[1, 2, 2]);
}

// KW-22: the 1-card round ends the game: its one trick leaves one player in.
#[test]
fn kw_22_the_last_round_leaves_one_player() {
    let mut t = round_six();
    play_round_six(&mut t);
    let chooser = t.turn();
    t.act(chooser, "trump C").unwrap();
    let first = t.turn();
    let lead = t.legal(first)[0].clone();
    t.act(first, &lead).unwrap();
    let second = t.turn();
    let reply = t.legal(second)[0].clone();
    t.act(second, &reply).unwrap();
    assert!(t.game.is_over());
    let winner = t.game.view(None).winner.unwrap();
    assert!(winner == s(0) || winner == s(3));
    let loser = if winner == s(0) { s(3) } else { s(0) };
    assert!(t.saw(|e| *e == Event::KnockedOut { seat: loser, round: 7 }));
    assert!(!t.saw(|e| matches!(e, Event::Sweep { .. })), "the last round's single trick is no sweep");
    assert!(t.game.to_act().is_empty());
}

// KW-23: the winner first, then by the round players went out; the same round shares a place.
#[test]
fn kw_23_ranking_shares_places_for_the_same_round() {
    let mut t = round_six();
    play_round_six(&mut t);
    let chooser = t.turn();
    t.act(chooser, "trump H").unwrap();
    while let Some(seat) = t.game.to_act().first() {
        let action = t.legal(seat)[0].clone();
        t.act(seat, &action).unwrap();
    }
    let outcome = t.game.outcome().unwrap();
    let winner = t.game.view(None).winner.unwrap();
    let runner_up = if winner == s(0) { s(3) } else { s(0) };
    assert_eq!(outcome.place(winner), 1);
    assert_eq!(outcome.place(runner_up), 2, "out in round 7");
    assert_eq!(outcome.place(s(1)), 3, "out in round 6, shared");
    assert_eq!(outcome.place(s(2)), 3, "out in round 6, shared");
    assert_eq!(outcome.score(winner), 7);
    assert_eq!(outcome.score(s(1)), 5);
    let view = t.game.view(None);
    assert_eq!(view.players.iter().map(|p| p.place.unwrap()).collect::<Vec<_>>(), outcome.places().to_vec());
    assert!(
        t.saw(|e| matches!(e, Event::GameOver { winner: w, places } if *w == winner && places == outcome.places()))
    );
}

// KW-23: players out in earlier rounds rank lower.
#[test]
fn kw_23_earlier_knock_outs_rank_lower() {
    // Seat 3 went out in round 2; seat 0 sweeps round 5 against seats 1 and 2.
    let mut pos = position(5, &["AS KS QS", "2H 3H 4H", "5H 6H 7H", ""], Some("S"), 2, 0);
    pos.out = vec![(s(3), 2)];
    let mut t = Table::new(&Config::default(), &pos, 1);
    t.play("AS 2H 5H KS 3H 6H QS 4H 7H");
    assert_eq!(t.game.outcome().unwrap().places(), &[1, 2, 2, 4]);
}

// KW-41: `start-cards` N runs N … 1 and needs N × players + 1 ≤ 52.
#[test]
fn kw_41_start_cards_needs_enough_cards() {
    let config = |n| Config { start_cards: n, ..Config::default() };
    match Match::<KnockOutWhist>::new(&config(8), 7, 0) {
        Err(SetupError::Config(message)) => {
            assert!(message.contains("52") && message.contains("start-cards 8"), "a clear message: {message}")
        }
        other => panic!("8 cards for 7 players must be refused, got {:?}", other.map(|_| ())),
    }
    assert!(Match::<KnockOutWhist>::new(&config(8), 6, 0).is_ok());
    assert!(Match::<KnockOutWhist>::new(&config(7), 7, 0).is_ok());
    assert!(Match::<KnockOutWhist>::new(&config(6), 7, 0).is_ok());
    for bad in [0, 5, 9] {
        assert!(matches!(Match::<KnockOutWhist>::new(&config(bad), 4, 0), Err(SetupError::Config(_))));
    }
    let m = Match::<KnockOutWhist>::new(&config(8), 6, 0).unwrap();
    assert_eq!((m.state().view(None).cards_per_hand, m.state().view(None).rounds), (8, 8));
    assert_eq!(m.state().hand(s(0)).len(), 8);
    // `max_start_cards` says exactly which start-cards a table accepts.
    for seats in 2..=7 {
        for n in 6..=8u8 {
            let accepted = Match::<KnockOutWhist>::new(&config(n), seats, 0).is_ok();
            assert_eq!(accepted, n <= Config::max_start_cards(seats), "{n} cards for {seats} players");
        }
    }
    assert_eq!(Config::max_start_cards(7), 7);
}

// KW-4: the first dealer is configurable and must be a seat at the table.
#[test]
fn kw_4_first_dealer_must_exist() {
    assert!(matches!(
        Match::<KnockOutWhist>::new(&Config { dealer: 4, ..Config::default() }, 4, 0),
        Err(SetupError::Config(_))
    ));
    assert_eq!(
        Match::<KnockOutWhist>::new(&Config { dealer: 3, ..Config::default() }, 4, 0).unwrap().state().dealer(),
        s(3)
    );
}
