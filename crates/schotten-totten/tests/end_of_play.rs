//! ST-31: once neither seat can play a card, the claims still pending are made in final claim
//! turns, then the rest is settled and ST-30 decides.

mod common;

use common::*;
use engine::{EventLog, Game, Seat, seeded};
use rand::Rng;
use schotten_totten::{Action, CardSet, Config, Event, Layout, PhaseView, SchottenTotten, WinReason};

/// The review's position: seat 1 claims 1, 2 and 5, then plays its last card on stone 3,
/// completing r7 r8 r9 against y3 p3 n3; seat 0 then plays its last card on stone 7.
const REVIEW: &str = "
    1: y1 p1 n1 | r1 r2 r3
    2: y2 p2 n2 | r4 r5 r6
    3: y3 p3 n3 | r7 r8
    4: b1 b2 b3 | y4 p4 n4 owner=0
    5: y5 p5 n5 | b4 b5 b6
    6: b7 b8 b9 | y6 p6 n6 owner=0
    7: g1 g2 | y7 p7 n7
    8: g4 g5 g6 | y8 p8 n8 owner=0
    9: g7 g8 g9 | y9 p9 n9 owner=0
    hand0: g3
    hand1: r9
    active: 1
";

/// The review's position one turn on: seat 1 (stones 1, 2, 5) has lost its last card to
/// stone 3, which it wins but has not claimed; seat 0 (stones 4, 6, 8, 9) is to play its last
/// card, g3, which can only go to stone 7, where it wins.
fn last_card() -> String {
    REVIEW
        .replace("1: y1 p1 n1 | r1 r2 r3", "1: y1 p1 n1 | r1 r2 r3 owner=1")
        .replace("2: y2 p2 n2 | r4 r5 r6", "2: y2 p2 n2 | r4 r5 r6 owner=1")
        .replace("5: y5 p5 n5 | b4 b5 b6", "5: y5 p5 n5 | b4 b5 b6 owner=1")
        .replace("3: y3 p3 n3 | r7 r8", "3: y3 p3 n3 | r7 r8 r9")
        .replace("hand1: r9", "")
        .replace("active: 1", "active: 0")
}

fn texts(events: &[Event]) -> Vec<String> {
    events.iter().map(ToString::to_string).collect()
}

fn awarded(events: &[Event]) -> Vec<(Seat, usize)> {
    events
        .iter()
        .filter_map(|e| match e {
            Event::Awarded { seat, stone, .. } => Some((*seat, stone.index() + 1)),
            _ => None,
        })
        .collect()
}

fn won(events: &[Event]) -> Option<(Seat, WinReason)> {
    events.iter().find_map(|e| match e {
        Event::GameWon { seat, reason, .. } => Some((*seat, *reason)),
        _ => None,
    })
}

#[test]
fn st_31_the_reviews_position_the_pending_claim_wins_before_any_settlement() {
    let mut g = game(&Config::default(), REVIEW);
    for claim in ["claim 1", "claim 2", "claim 5"] {
        act(&mut g, S1, claim).unwrap();
    }
    act(&mut g, S1, "play r9 3").unwrap();
    assert_eq!(legal(&g, S0), ["play g3 7"]);
    let events = act(&mut g, S0, "play g3 7").unwrap();
    // Nobody can play a card, but seat 1's claim on stone 3 is pending: no settlement yet.
    assert_eq!(texts(&events), ["seat 0 played g3 on stone 7"]);
    let view = g.view(None);
    assert_eq!((view.active, view.phase), (Some(S1), PhaseView::FinalClaims));
    assert_eq!(legal(&g, S1), ["claim 3", "pass"]);
    assert!(legal(&g, S0).is_empty());
    let events = act(&mut g, S1, "claim 3").unwrap();
    assert_eq!(won(&events), Some((S1, WinReason::ThreeAdjacent)), "{:?}", texts(&events));
    assert!(awarded(&events).is_empty(), "the game ended before any settlement");
    assert_eq!(g.outcome().unwrap().place(S1), 1);
}

#[test]
fn st_31_the_last_card_leaves_the_next_seat_its_claim_in_both_timings() {
    for claim_after_play in [false, true] {
        let config = Config { claim_after_play, ..Config::default() };
        let mut g = game(&config, &last_card());
        act(&mut g, S0, "play g3 7").unwrap();
        if claim_after_play {
            // Seat 0's own claim step comes first; it could win stone 7 here but says `done`.
            assert_eq!(legal(&g, S0), ["claim 7", "done"]);
            act(&mut g, S0, "done").unwrap();
        }
        assert_eq!(g.view(None).phase, PhaseView::FinalClaims, "{config:?}");
        assert_eq!(legal(&g, S1), ["claim 3", "pass"], "{config:?}");
        let events = act(&mut g, S1, "claim 3").unwrap();
        assert_eq!(won(&events), Some((S1, WinReason::ThreeAdjacent)), "{config:?}: {:?}", texts(&events));
    }
}

#[test]
fn st_31_both_seats_meet_st_30_at_the_settlement_and_more_stones_win() {
    for claim_after_play in [false, true] {
        let config = Config { claim_after_play, ..Config::default() };
        let mut g = game(&config, &last_card());
        act(&mut g, S0, "play g3 7").unwrap();
        if claim_after_play {
            act(&mut g, S0, "done").unwrap();
        }
        // Seat 1 passes up its winning claim; seat 0, whose turn follows, passes up its own.
        assert_eq!(texts(&act(&mut g, S1, "pass").unwrap()), ["seat 1 passed"]);
        assert_eq!(legal(&g, S0), ["claim 7", "pass"], "{config:?}");
        assert!(act(&mut g, S0, "play g3 7").is_err());
        let events = act(&mut g, S0, "pass").unwrap();
        // Stone 3 to seat 1 (1, 2, 3 adjacent), stone 7 to seat 0 (five stones, 7-8-9 adjacent).
        assert_eq!(awarded(&events), [(S1, 3), (S0, 7)], "{config:?}");
        assert_eq!(won(&events), Some((S0, WinReason::MostStones)), "{config:?}: {:?}", texts(&events));
        let line = events.iter().find(|e| matches!(e, Event::GameWon { .. })).unwrap().to_string();
        assert_eq!(line, "seat 0 won game 1 with more stones; score 5–0");
        assert_eq!(g.view(None).previous_game.unwrap().reason, WinReason::MostStones);
    }
}

/// Every slot is filled except seat 0's sides of stones 7 (2 cards, p8 to come) and 8 (2
/// cards, never completed); stone 9 was claimed early by seat 1. Seat 0 plays its last card.
const END_OF_PLAY: &str = "
    1: r1 r2 r3 | b1 g2 y4
    2: p1 n2 b4 | r4 r5 r6
    3: b5 b6 b7 | g1 y2 p4
    4: n1 g3 y5 | g4 g5 g6
    5: y6 y7 y8 | p2 n3 r7
    6: b2 y1 p5 | n4 n5 n6
    7: p6 p7 | b3 r8 g7
    8: b8 g8 | y3 n7 r9
    9: p3 b9 | g9 y9 n8 owner=1
    hand0: p8
    hand1: p9 n9
";

#[test]
fn st_31_when_nobody_claims_complete_stones_are_decided_then_st_30() {
    let mut g = game(&Config::default(), END_OF_PLAY);
    assert_eq!(g.view(None).pile, 0);
    act(&mut g, S0, "play p8 7").unwrap();
    // Seat 0 is out of cards and seat 1 has no room: the final claim turns, seat 1 first.
    assert_eq!(legal(&g, S1), ["claim 2", "claim 4", "claim 6", "claim 8", "pass"]);
    act(&mut g, S1, "pass").unwrap();
    assert_eq!(legal(&g, S0), ["claim 1", "claim 3", "claim 5", "claim 7", "pass"]);
    let events = act(&mut g, S0, "pass").unwrap();
    let lines = texts(&events);
    assert_eq!(awarded(&events), [(S0, 1), (S1, 2), (S0, 3), (S1, 4), (S0, 5), (S1, 6), (S0, 7), (S1, 8)], "{lines:?}");
    // Stone 8 could never be completed by seat 0, so seat 1 gets it: 2, 4, 6, 8, 9 = five stones.
    assert_eq!(won(&events), Some((S1, WinReason::FiveStones)), "{lines:?}");
    assert!(matches!(events.last().unwrap(), Event::MatchOver { winner: Some(s), .. } if *s == S1), "{lines:?}");
    assert!(g.is_over());
}

#[test]
fn st_31_a_final_claim_turn_ends_by_itself_when_no_claim_is_left() {
    let mut g = game(&Config::default(), END_OF_PLAY);
    act(&mut g, S0, "play p8 7").unwrap();
    for claim in ["claim 2", "claim 4", "claim 6"] {
        act(&mut g, S1, claim).unwrap();
    }
    // Seat 1 keeps its turn while it has claims; it passes with stone 8 still open.
    assert_eq!(legal(&g, S1), ["claim 8", "pass"]);
    act(&mut g, S1, "pass").unwrap();
    for claim in ["claim 1", "claim 3", "claim 5"] {
        assert!(act(&mut g, S0, claim).unwrap().len() == 1 && !g.is_over());
    }
    // Seat 0's last claim leaves it nothing to claim: its turn ends, the settlement follows.
    let events = act(&mut g, S0, "claim 7").unwrap();
    assert_eq!(awarded(&events), [(S1, 8)], "{:?}", texts(&events));
    assert_eq!(won(&events), Some((S1, WinReason::FiveStones)));
    assert!(g.is_over());
}

#[test]
fn st_31_equal_sides_at_the_end_go_to_the_side_completed_first() {
    // Swap seat 0's sides of stones 1 and 2: stone 1 is then sum 7 against sum 7.
    for first in [S0, S1] {
        let spec = END_OF_PLAY
            .replace("1: r1 r2 r3 | b1 g2 y4", &format!("1: p1 n2 b4 | b1 g2 y4 first={}", first.index()))
            .replace("2: p1 n2 b4 | r4 r5 r6", "2: r1 r2 r3 | r4 r5 r6");
        let mut g = game(&Config::default(), &spec);
        act(&mut g, S0, "play p8 7").unwrap();
        act(&mut g, S1, "pass").unwrap();
        act(&mut g, S0, "pass").unwrap();
        assert_eq!(g.view(None).previous_game.unwrap().stones[0].owner, Some(first));
        assert!(g.is_over());
    }
}

/// Stones 1–7 are claimed (seat 0: 1, 3, 5, 7; seat 1: 2, 4, 6); seat 1 is complete at 8 and 9
/// with runs and holds every card not named; seat 0 plays its last card, b5, on stone 8.
fn runs_at_8_and_9(side8: &str) -> Layout {
    let mut layout = layout(&format!(
        "1: r1 r2 r3 | owner=0\n2: | y1 y2 y3 owner=1\n3: b1 b2 b3 | owner=0\n4: | p1 p2 p3 owner=1\n\
         5: g1 g2 g3 | owner=0\n6: | n1 n2 n3 owner=1\n7: r4 r5 r6 | owner=0\n\
         8: {side8} | y4 p5 n6\n9: g4 g5 | y7 p8 n9\nhand0: b5"
    ));
    let named = layout.stones.iter().flat_map(|s| s.sides()).fold(layout.hands[0], |all, side| all.union(side.set()));
    layout.hands[1] = CardSet::BASE_DECK.minus(named);
    layout
}

#[test]
fn st_31_with_no_claim_to_make_the_settlement_comes_at_once() {
    // Proofs that count the hand: seat 1 can claim 8 and 9 (seat 0 has no card left).
    let mut g = SchottenTotten::from_layout(&Config::default(), &runs_at_8_and_9("b4")).unwrap();
    act(&mut g, S0, "play b5 8").unwrap();
    assert_eq!(legal(&g, S1), ["claim 8", "claim 9", "pass"]);
    // `table-proof`: seat 1's own b6 and g6 could complete colour runs, so neither seat has a
    // claim to make and the settlement follows the last card at once.
    let config = Config { table_proof: true, ..Config::default() };
    let mut g = SchottenTotten::from_layout(&config, &runs_at_8_and_9("b4")).unwrap();
    let events = act(&mut g, S0, "play b5 8").unwrap();
    assert_eq!(awarded(&events), [(S1, 8), (S1, 9)], "{:?}", texts(&events));
    assert_eq!(won(&events), Some((S1, WinReason::FiveStones)));
}

#[test]
fn st_31_a_seat_without_a_claim_is_skipped() {
    // Seat 0's last card completes a colour run at 8; seat 1 (next) cannot prove 9.
    let config = Config { table_proof: true, ..Config::default() };
    let mut g = SchottenTotten::from_layout(&config, &runs_at_8_and_9("b4 b6")).unwrap();
    act(&mut g, S0, "play b5 8").unwrap();
    let view = g.view(None);
    assert_eq!((view.active, view.phase), (Some(S0), PhaseView::FinalClaims));
    assert!(legal(&g, S1).is_empty());
    assert_eq!(legal(&g, S0), ["claim 8", "pass"]);
    let events = act(&mut g, S0, "pass").unwrap();
    assert_eq!(awarded(&events), [(S0, 8), (S1, 9)]);
    assert_eq!(won(&events), Some((S0, WinReason::FiveStones)));
}

#[test]
fn st_31_final_claim_turns_refuse_plays_and_done_and_change_nothing() {
    let mut g = game(&Config::default(), &last_card());
    act(&mut g, S0, "play g3 7").unwrap();
    let before = (g.view(None), g.view(Some(S0)), g.view(Some(S1)));
    for refused in ["done", "play g3 3", "claim 7", "claim 4"] {
        assert!(act(&mut g, S1, refused).is_err(), "{refused}");
    }
    assert!(act(&mut g, S0, "pass").is_err(), "not seat 0's turn");
    assert_eq!((g.view(None), g.view(Some(S0)), g.view(Some(S1))), before);
}

/// Random games to the end in every timing and proof rule: the final claim turns come, end
/// within two turns of at most nine claims, and the game is then over.
#[test]
fn st_31_final_claim_turns_end_under_random_play() {
    let games = if cfg!(debug_assertions) { 300 } else { 2000 };
    for (claim_after_play, table_proof) in [(false, false), (true, false), (false, true), (true, true)] {
        let config = Config { claim_after_play, table_proof, ..Config::default() };
        let (mut reached, mut passed_up, mut most_stones) = (0, 0, 0);
        // Settlements that award a stone, and those where a side of it was incomplete.
        let (mut awards, mut incomplete_awards) = (0, 0);
        let mut legal = Vec::new();
        for seed in 0..games {
            let mut g = SchottenTotten::new(&config, 2, &mut seeded(seed)).unwrap();
            let (mut rng, mut policy) = (seeded(seed ^ 77), seeded(seed ^ 78));
            let mut final_actions = 0;
            while let Some(seat) = g.to_act().first() {
                let in_final = g.view(None).phase == PhaseView::FinalClaims;
                g.legal_actions(seat, &mut legal);
                let action = legal[policy.random_range(0..legal.len())];
                if in_final {
                    final_actions += 1;
                    assert!(final_actions <= 11, "{config:?} seed {seed}: the final claims do not end");
                    assert_eq!(legal.last(), Some(&Action::Pass));
                    assert!(legal[..legal.len() - 1].iter().all(|a| matches!(a, Action::Claim(_))));
                    passed_up += usize::from(action == Action::Pass && legal.len() > 1);
                }
                let mut log = EventLog::new();
                g.apply(seat, action, &mut rng, &mut log).unwrap();
                let events = log.take();
                if in_final && g.view(None).phase != PhaseView::FinalClaims {
                    assert!(won(&events).is_some(), "{config:?} seed {seed}: final claims end the game");
                }
                if let Some((_, reason)) = won(&events) {
                    most_stones += usize::from(reason == WinReason::MostStones);
                }
                for (_, stone) in awarded(&events) {
                    awards += 1;
                    let stone = g.view(None).stones[stone - 1];
                    let full = |side: usize| stone.sides[side].len() == usize::from(stone.capacity);
                    incomplete_awards += usize::from(!full(0) || !full(1));
                }
            }
            reached += usize::from(final_actions > 0);
        }
        eprintln!(
            "{config:?}: {reached} of {games} games had final claims, {passed_up} passed up, {most_stones} more stones"
        );
        assert!(reached > 0 && passed_up > 0, "{config:?}: random play reaches the final claim turns");
        // Decisions, settlement: in the base game each seat receives exactly 27 cards for its 27
        // slots, so play only ends once neither seat has room: no side is incomplete then.
        assert!(awards > 0, "{config:?}: settlements award stones");
        assert_eq!(incomplete_awards, 0, "{config:?}: a base-game settlement met an incomplete side");
    }
}
