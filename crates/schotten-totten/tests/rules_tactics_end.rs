//! Rules 3 with tactic cards: the turn's draw only fills the hand up to 7 (ST-40), and play
//! ends only once neither seat can play a card nor change that by passing and drawing (ST-31).

mod common;

use common::*;
use engine::{EventLog, Game, seeded};
use rand::Rng;
use schotten_totten::{Config, Event, PhaseView, SchottenTotten};

fn tactics() -> Config {
    Config { tactics: true, ..Config::default() }
}

fn texts(events: &[Event]) -> Vec<String> {
    events.iter().map(ToString::to_string).collect()
}

fn drew(events: &[Event]) -> bool {
    events.iter().any(|e| matches!(e, Event::Drew { .. }))
}

/// Whether play is over: the final claim turns or the end of the game.
fn play_over(g: &SchottenTotten) -> bool {
    g.is_over() || g.view(None).phase == PhaseView::FinalClaims
}

#[test]
fn st_40_after_a_recruiter_leaves_seven_cards_the_turn_draws_nothing() {
    let mut g = game(&tactics(), "hand0: recruiter r1 r2 r3 r4 r5 r6\nhand1: b1 b2\npile: g1 g2 spy");
    act(&mut g, S0, "play recruiter").unwrap();
    for pile in ["clan", "clan", "tactic"] {
        act(&mut g, S0, &format!("draw {pile}")).unwrap();
    }
    assert_eq!(g.view(None).hand_sizes[0], 9, "the Recruiter's three draws");
    act(&mut g, S0, "return r1").unwrap();
    let events = act(&mut g, S0, "return r2").unwrap();
    // Seven cards in hand: no draw step, no draw, the other seat's turn.
    assert!(!drew(&events), "{:?}", texts(&events));
    let view = g.view(None);
    assert_eq!((view.hand_sizes, view.active, view.phase), ([7, 2], Some(S1), PhaseView::Play));
}

#[test]
fn st_40_a_seat_passing_with_seven_cards_draws_nothing() {
    let mut g = game(&tactics(), "hand0: joker1 spy shield bluff mud recruiter strategist\nhand1: b1 b2");
    let before = g.view(None);
    assert!(legal(&g, S0).contains(&"pass".to_owned()));
    let events = act(&mut g, S0, "pass").unwrap();
    assert_eq!(texts(&events), ["seat 0 passed"]);
    let view = g.view(None);
    assert_eq!((view.hand_sizes, view.pile, view.tactic_pile), (before.hand_sizes, before.pile, before.tactic_pile));
    assert_eq!(view.active, Some(S1));
    // With six cards the same pass draws (ST-5).
    let mut g = game(&tactics(), "hand0: joker1 spy shield bluff mud recruiter\nhand1: b1 b2");
    act(&mut g, S0, "pass").unwrap();
    assert_eq!(g.view(None).phase, PhaseView::Draw);
}

/// Seat 0 has played two tactic cards and seat 1 one (a Joker), so seat 0 may play none
/// (ST-41); seat 1 holds only the other Joker, which it may not play (ST-42). Seat 0 plays its
/// last clan card and draws a tactic card: now neither seat can play a card.
const BLOCKED: &str = "
    1: spy shield |
    2: | joker1
    hand0: r1 mud
    hand1: joker2
    pile: bluff
";

#[test]
fn st_31_with_tactics_a_seat_blocked_by_the_count_that_can_draw_keeps_playing() {
    let mut g = game(&tactics(), BLOCKED);
    act(&mut g, S0, "play r1 3").unwrap();
    act(&mut g, S0, "draw tactic").unwrap();
    assert_eq!(g.hand(S0), set("mud bluff"));
    // Neither can play, but both have room and clan cards are left to draw (rules 2 ended
    // play here and settled the stones).
    assert!(!play_over(&g), "play ended while clan cards were left to draw");
    assert_eq!(legal(&g, S1), ["pass"]);
    act(&mut g, S1, "pass").unwrap();
    act(&mut g, S1, "draw clan").unwrap();
    assert!(legal(&g, S0) == ["pass"] && !play_over(&g));
    act(&mut g, S0, "pass").unwrap();
    act(&mut g, S0, "draw clan").unwrap();
    // Seat 1 drew a clan card: it plays again.
    assert!(legal(&g, S1).iter().any(|a| a.starts_with("play ") && !a.contains("joker")), "{:?}", legal(&g, S1));
}

/// Seat 1's side is complete at every stone (no room, ST-26 aside); `extra` adds lines.
fn seat_1_full(extra: &str) -> String {
    let mut spec: String = (1..=9).map(|k| format!("{k}: | r{k} b{k} g{k}\n")).collect();
    spec.push_str(extra);
    spec
}

#[test]
fn st_31_with_tactics_play_ends_when_no_card_a_seat_could_draw_would_help_though_the_pile_has_cards() {
    // Seat 0 is blocked by the count with a full hand (it draws nothing, ST-40); seat 1 has no
    // room and the tactic pile is empty. Clan cards are left in the pile, yet nothing changes.
    let spec = seat_1_full("hand0: joker2 bluff mud recruiter strategist banshee traitor\nhand1: y1 y2 y3 y4 y5 y6 y7")
        .replace("1: | r1 b1 g1", "1: spy shield | r1 b1 g1")
        .replace("9: | r9 b9 g9", "9: | r9 b9 joker1");
    let mut g = game(&tactics(), &spec);
    let pile = g.view(None).pile;
    assert!(pile > 0 && g.view(None).tactic_pile == 0);
    assert_eq!(legal(&g, S0), ["pass"]);
    let events = act(&mut g, S0, "pass").unwrap();
    assert!(!drew(&events));
    assert!(play_over(&g), "neither seat can play or draw a card it could play: {:?}", texts(&events));
    assert_eq!(g.view(None).pile, pile);
}

#[test]
fn st_31_with_tactics_two_passes_that_draw_nothing_end_play() {
    // Seat 0 could play a tactic card but passes with a full hand; seat 1 has no room and a full
    // hand. Both piles have cards, but the two passes left the table as it was.
    let spec = seat_1_full("hand0: joker1 joker2 spy shield bluff mud recruiter\nhand1: y1 y2 y3 y4 y5 y6 y7");
    let mut g = game(&tactics(), &spec);
    assert!(legal(&g, S0).contains(&"play mud 1".to_owned()));
    assert!(!drew(&act(&mut g, S0, "pass").unwrap()));
    assert!(!play_over(&g), "seat 0 could still play");
    assert_eq!(legal(&g, S1), ["pass"]);
    assert!(!drew(&act(&mut g, S1, "pass").unwrap()));
    assert!(play_over(&g));
    let view = g.view(None);
    assert!(view.pile > 0 && view.tactic_pile > 0);
}

/// Random tactics games (and Battle Line with tactics): no hand holds more than 7 cards but
/// during a Recruiter, and play never ends while a seat with room and fewer than 7 cards could
/// still draw a clan card (every clan card fits where there is room).
#[test]
fn st_31_st_40_random_tactics_games_keep_hands_to_seven_and_end_only_when_nothing_can_change() {
    let games = if cfg!(debug_assertions) { 100 } else { 600 };
    let mut legal = Vec::new();
    for battle_line in [false, true] {
        let config = Config { tactics: true, battle_line, ..Config::default() };
        let (mut ended_with_pile, mut full_hands) = (0, 0);
        for seed in 0..games {
            let mut g = SchottenTotten::new(&config, 2, &mut seeded(seed)).unwrap();
            let (mut rng, mut policy) = (seeded(seed ^ 5), seeded(seed ^ 6));
            while let Some(seat) = g.to_act().first() {
                let before = g.view(None);
                g.legal_actions(seat, &mut legal);
                let action = legal[policy.random_range(0..legal.len())];
                let mut log = EventLog::new();
                g.apply(seat, action, &mut rng, &mut log).unwrap();
                // Stones the settlement gave away had room just before it.
                let awarded: Vec<usize> = log
                    .events()
                    .iter()
                    .filter_map(|e| match e {
                        Event::Awarded { stone, .. } => Some(stone.index()),
                        _ => None,
                    })
                    .collect();
                let view = g.view(None);
                if view.phase != PhaseView::Recruit {
                    assert!(view.hand_sizes.iter().all(|&n| n <= 7), "seed {seed}: {:?}", view.hand_sizes);
                }
                full_hands += usize::from(view.hand_sizes.contains(&7) && view.phase == PhaseView::Play);
                let ended = before.phase != PhaseView::FinalClaims
                    && (view.phase == PhaseView::FinalClaims || !awarded.is_empty());
                if ended {
                    ended_with_pile += usize::from(view.pile > 0);
                    for s in [S0, S1] {
                        let room = view.stones.iter().enumerate().any(|(i, stone)| {
                            (stone.owner.is_none() || awarded.contains(&i))
                                && stone.sides[s.index()].len() < usize::from(stone.capacity)
                        });
                        let could_draw = room && view.hand_sizes[s.index()] < 7 && view.pile > 0;
                        assert!(!could_draw, "seed {seed}: play ended while seat {s} could draw a clan card to play");
                    }
                }
            }
        }
        eprintln!("{config:?}: {ended_with_pile} games ended with clan cards in the pile; {full_hands} full hands");
        assert!(full_hands > 0, "random play reaches hands of 7 at the start of a turn");
    }
}
