//! The tactic cards (ST-40 … ST-45) and the Battle Line mode (ST-50), rule by rule.

mod common;

use common::*;
use engine::{Game, Match, Seat};
use schotten_totten::{Action, CardSet, Class, Config, Event, PhaseView, PileKind, SchottenTotten, Tactic};

fn tactics() -> Config {
    Config { tactics: true, ..Config::default() }
}

fn battle_line(tactics: bool) -> Config {
    Config { battle_line: true, tactics, ..Config::default() }
}

fn has(g: &SchottenTotten, seat: Seat, action: &str) -> bool {
    legal(g, seat).iter().any(|a| a == action)
}

#[test]
fn st_40_a_second_face_down_pile_and_hands_of_seven() {
    let m = Match::<SchottenTotten>::new(&tactics(), 2, 3).unwrap();
    let view = m.state().view(Some(S0));
    assert_eq!(view.hand_sizes, [7, 7]);
    assert_eq!((view.pile, view.tactic_pile), (54 - 14, 10));
    assert_eq!(view.hand_tactics, [0, 0], "hands are dealt from the clan pile");
    let base = Match::<SchottenTotten>::new(&Config::default(), 2, 3).unwrap();
    assert_eq!((base.state().view(None).hand_sizes, base.state().view(None).tactic_pile), ([6, 6], 0));
}

#[test]
fn st_40_the_player_chooses_the_pile_and_an_empty_pile_cannot_be_drawn_from() {
    let mut g = game(&tactics(), "hand0: r1 r2\nhand1: b1 b2\npile: g1 spy");
    act(&mut g, S0, "play r1 1").unwrap();
    assert_eq!(g.view(None).phase, PhaseView::Draw);
    assert_eq!(legal(&g, S0), ["draw clan", "draw tactic"]);
    let events = act(&mut g, S0, "draw tactic").unwrap();
    assert_eq!(events, vec![Event::Drew { seat: S0, card: Some(Tactic::Spy.card()), pile: PileKind::Tactic }]);
    // Everyone sees which pile it was: the other seat knows seat 0 holds one tactic card.
    assert_eq!(events[0].to_string(), "seat 0 drew spy");
    let seen = engine::GameEvent::redact(&events[0], Some(S1)).unwrap();
    assert_eq!(seen.to_string(), "seat 0 drew a tactic card");
    assert_eq!(g.view(Some(S1)).hand_tactics, [1, 0]);
    // With no clan card left in the clan pile, the tactic pile is drawn from without asking.
    let rest = every_clan_but("r1 r2 b1 b2");
    let mut g = game(&tactics(), &format!("hand0: r1 r2\nhand1: b1 b2\ndiscard: {rest}"));
    assert!(g.apply(S0, Action::Draw(PileKind::Clan), &mut rng(), &mut engine::EventLog::new()).is_err());
    act(&mut g, S0, "play r1 1").unwrap();
    assert_eq!(g.view(None).pile, 0);
    assert_eq!(g.view(None).phase, PhaseView::Play, "only the tactic pile has cards: drawn from at once");
    assert_eq!(g.view(Some(S0)).hand_tactics, [1, 0]);
}

/// Every clan card of the base deck except `but`.
fn every_clan_but(but: &str) -> String {
    CardSet::BASE_DECK.minus(set(but)).to_string()
}

#[test]
fn st_41_a_player_may_never_have_played_more_than_one_tactic_card_more() {
    // Seat 0 has played one tactic card, seat 1 none: seat 0 may not play another.
    let spec = "1: spy | \nhand0: r1 joker1 mud recruiter\nhand1: b1 b2\nactive: 0";
    let mut g = game(&tactics(), spec);
    let actions = legal(&g, S0);
    assert!(actions.iter().all(|a| a.starts_with("play r1")), "{actions:?}");
    assert!(act(&mut g, S0, "play joker1 2").is_err());
    assert!(act(&mut g, S0, "play recruiter").is_err());
    // Once seat 1 has played one too, seat 0 may again.
    let g = game(&tactics(), &format!("{spec}\n2: | shield"));
    assert!(has(&g, S0, "play joker1 2") && has(&g, S0, "play mud 2") && has(&g, S0, "play recruiter"));
}

#[test]
fn st_41_a_player_holding_only_tactic_cards_or_without_room_for_a_clan_card_may_pass() {
    let g = game(&tactics(), "hand0: mud spy\nhand1: b1 b2");
    let actions = legal(&g, S0);
    assert!(actions.contains(&"pass".to_owned()) && actions.contains(&"play spy 1".to_owned()), "{actions:?}");
    // A clan card and room: no pass.
    let g = game(&tactics(), "hand0: mud r1\nhand1: b1 b2");
    assert!(!has(&g, S0, "pass"));
    let mut g2 = g.clone();
    assert!(act(&mut g2, S0, "pass").is_err());
    // Passing draws like ST-7.
    let mut g = game(&tactics(), "hand0: mud spy\nhand1: b1 b2\npile: g1");
    act(&mut g, S0, "pass").unwrap();
    act(&mut g, S0, "draw clan").unwrap();
    assert!(g.hand(S0).contains(set("g1").first().unwrap()));
}

#[test]
fn st_41_play_ends_when_both_piles_are_empty_and_both_seats_pass() {
    let every = CardSet::BASE_DECK.union(CardSet::TACTICS).minus(set("r1 r2 b1 b2 mud bluff")).to_string();
    let mut g = game(&tactics(), &format!("1: r1 r2 | b1 b2\nhand0: mud\nhand1: bluff\ndiscard: {every}"));
    act(&mut g, S0, "pass").unwrap();
    assert_eq!(g.view(None).active, Some(S1));
    act(&mut g, S1, "pass").unwrap();
    assert!(g.is_over(), "two passes in a row with both piles empty end play (ST-31 settlement)");
}

#[test]
fn st_42_a_second_joker_cannot_be_played() {
    let g = game(&tactics(), "1: joker1 | shield\nhand0: joker2 r1\nhand1: b1");
    assert!(legal(&g, S0).iter().all(|a| !a.contains("joker")), "{:?}", legal(&g, S0));
    let mut g2 = g.clone();
    let err = act(&mut g2, S0, "play joker2 2").unwrap_err();
    assert!(err.to_string().contains("a Joker already"), "{err}");
}

#[test]
fn st_42_a_joker_discarded_still_counts_for_its_player_but_not_for_the_opponent() {
    // Seat 0's Joker went to the discard pile (a Banshee): seat 0 may not play the other one.
    let spec = "discard: joker1\nplayed0: joker1\nplayed1: banshee\nhand0: joker2 r1\nhand1: b1";
    let mut g = game(&tactics(), spec);
    assert!(legal(&g, S0).iter().all(|a| !a.contains("joker")), "{:?}", legal(&g, S0));
    assert!(act(&mut g, S0, "play joker2 1").unwrap_err().to_string().contains("a Joker already"));
    // Seat 1, who never played one, still may.
    let g = game(&tactics(), &spec.replace("hand0: joker2 r1\nhand1: b1", "hand0: r1\nhand1: joker2 b1\nactive: 1"));
    assert!(has(&g, S1, "play joker2 1"), "{:?}", legal(&g, S1));
}

#[test]
fn st_42_holding_both_jokers_play_joker2_is_the_same_action_as_play_joker1() {
    let g = game(&tactics(), "hand0: joker1 joker2 r1\nhand1: b1");
    // Listed once (they are interchangeable), under the first.
    assert!(has(&g, S0, "play joker1 1") && !has(&g, S0, "play joker2 1"));
    let (mut one, mut two) = (g.clone(), g.clone());
    act(&mut one, S0, "play joker1 1").unwrap();
    let events = act(&mut two, S0, "play joker2 1").unwrap();
    assert_eq!(events[0].to_string(), "seat 0 played joker1 on stone 1");
    assert_eq!((two.view(Some(S0)), two.view(Some(S1))), (one.view(Some(S0)), one.view(Some(S1))));
    // Hosts record and echo the action as the list has it.
    let position = g.position().unwrap();
    let mut m = Match::<SchottenTotten>::from_position(&tactics(), 2, &position, 1).unwrap();
    m.apply_notation(S0, "play joker2 1").unwrap();
    assert_eq!(m.record().actions[0].action, "play joker1 1");
    assert_eq!(Match::<SchottenTotten>::replay(&m.record()).unwrap().state().hand(S0), set("joker2 r1"));
    // Holding only the second, it is played as itself.
    let mut g = game(&tactics(), "hand0: joker2 r1\nhand1: b1 joker1");
    assert!(has(&g, S0, "play joker2 1"));
    assert_eq!(act(&mut g, S0, "play joker2 1").unwrap()[0].to_string(), "seat 0 played joker2 on stone 1");
}

#[test]
fn st_42_elite_troops_are_fixed_to_the_owners_best_when_the_stone_is_resolved() {
    let spec = "1: joker1 r8 r9 | b1 b2 g4 first=0\nhand0: n1\nhand1: n2";
    let mut g = game(&tactics(), spec);
    let formation = g.view(None).stones[0].formations[0].unwrap();
    assert_eq!((formation.class, formation.sum), (Class::ColourRun, 24), "the Joker as r7: 7-8-9 red");
    let events = act(&mut g, S0, "claim 1").unwrap();
    assert_eq!(events[0].to_string(), "seat 0 claimed stone 1, joker1 as r7");
    let json = serde_json::to_string(&events[0]).unwrap();
    assert!(json.contains(r#""resolved":[[{"card":"joker1","as":"r7"}],[]]"#), "{json}");
    assert_eq!(serde_json::to_value(g.view(None).stones[0].resolved).unwrap()[0][0]["as"], "r7");
    // The Spy is a 7 of any colour, the Shield-bearer a 1, 2 or 3.
    for (side, class, sum) in [
        ("spy y8 y9", Class::ColourRun, 24),
        ("shield b1 b2", Class::ColourRun, 6),
        ("shield b5 b6", Class::Colour, 14),
        ("spy shield r7", Class::Colour, 17),
        ("joker1 spy g7", Class::OfAKind, 21),
    ] {
        let g = game(&tactics(), &format!("1: {side} | first=0\nhand0: n1\nhand1: n2"));
        let f = g.view(None).stones[0].formations[0].unwrap();
        assert_eq!((f.class, f.sum), (class, sum), "{side}");
    }
}

#[test]
fn st_43_blind_mans_bluff_counts_only_the_sum() {
    let spec = "mode: 1 bluff 1\n1: r1 r2 r3 | b9 g8 y6 first=0\nhand0: n1\nhand1: n2\nplayed0: recruiter\nactive: 1";
    let mut g = game(&tactics(), spec);
    assert_eq!(g.view(None).stones[0].formations[0].unwrap().class, Class::Sum);
    assert!(has(&g, S1, "claim 1"), "23 beats 6");
    act(&mut g, S1, "claim 1").unwrap();
    // Without the bluff the colour run wins.
    let g = game(&tactics(), "1: r1 r2 r3 | b9 g8 y6 first=0\nhand0: n1\nhand1: n2\nactive: 0");
    assert!(has(&g, S0, "claim 1"));
    // Elite troops count at their highest value: the Joker 9, the Shield-bearer 3.
    let g =
        game(&tactics(), "mode: 1 bluff 1\n1: joker1 shield r9 | first=0\nhand0: n1\nhand1: n2\nplayed1: recruiter");
    let f = g.view(None).stones[0].formations[0].unwrap();
    assert_eq!((f.class, f.sum), (Class::Sum, 21));
}

#[test]
fn st_44_mud_needs_four_cards_on_both_sides() {
    let spec = "mode: 1 mud 1\n1: r7 r8 r9 | b1 b2 b4\nhand0: r6 n1\nhand1: n2\nplayed0: recruiter";
    let mut g = game(&tactics(), spec);
    assert_eq!(g.view(None).stones[0].capacity, 4);
    assert!(!has(&g, S0, "claim 1"), "three cards are not a side under Mud");
    assert!(has(&g, S0, "play r6 1"));
    act(&mut g, S0, "play r6 1").unwrap();
    let f = g.view(None).stones[0].formations[0].unwrap();
    assert_eq!((f.class, f.sum), (Class::ColourRun, 30), "a colour run of four");
    // Mud laid on complete sides opens them again: who completes first is decided anew.
    let mut g = game(&tactics(), "1: r7 r8 r9 | b1 b2 b4 first=0\nhand0: r6\nhand1: mud b5\npile: g1 g2 g3");
    act(&mut g, S0, "play r6 2").unwrap();
    act(&mut g, S0, "draw clan").unwrap();
    act(&mut g, S1, "play mud 1").unwrap();
    let stone = g.view(None).stones[0];
    assert_eq!((stone.capacity, stone.first, stone.formations), (4, None, [None, None]));
    act(&mut g, S1, "draw clan").unwrap();
    act(&mut g, S0, "play g1 3").unwrap();
    act(&mut g, S0, "draw clan").unwrap();
    act(&mut g, S1, "play b5 1").unwrap();
    let stone = g.view(None).stones[0];
    assert_eq!(stone.first, Some(S1));
    assert_eq!(stone.formations[1].unwrap().class, Class::Colour, "four of one colour");
}

#[test]
fn st_45_the_recruiter_draws_three_then_puts_two_back_under_their_piles() {
    let mut g = game(&tactics(), "hand0: recruiter r1\nhand1: b1\npile: g1 g2 spy g3");
    let before = g.view(None);
    act(&mut g, S0, "play recruiter").unwrap();
    assert_eq!(g.view(None).phase, PhaseView::Recruit);
    for pile in ["clan", "tactic", "clan"] {
        assert_eq!(legal(&g, S0), ["draw clan", "draw tactic"]);
        act(&mut g, S0, &format!("draw {pile}")).unwrap();
    }
    assert_eq!(g.hand(S0), set("r1 g1 g2 spy"));
    assert_eq!(legal(&g, S0), ["return r1", "return g1", "return g2", "return spy"]);
    let events = act(&mut g, S0, "return spy").unwrap();
    assert_eq!(events[0], Event::Returned { seat: S0, card: Some(Tactic::Spy.card()), pile: PileKind::Tactic });
    assert_eq!(
        engine::GameEvent::redact(&events[0], Some(S1)).unwrap().to_string(),
        "seat 0 put a card under the tactic pile"
    );
    act(&mut g, S0, "return r1").unwrap();
    // The ruse is resolved (on the discard pile) and the turn ends with the usual draw.
    let view = g.view(Some(S0));
    assert_eq!(view.phase, PhaseView::Draw);
    assert!(view.discard.contains(Tactic::Recruiter.card()));
    assert_eq!(view.tucked, set("r1 spy"), "seat 0 knows what it put back");
    assert!(g.view(Some(S1)).tucked.is_empty());
    assert_eq!(view.last_action.unwrap().action.to_string(), "draw clan", "the put-back card stays secret");
    assert_eq!((view.pile, view.tactic_pile), (before.pile - 2 + 1, before.tactic_pile - 1 + 1));
    // Under the piles: drawn last.
    assert!(!g.pile_cards().is_empty());
    act(&mut g, S0, "draw clan").unwrap();
    assert_eq!(g.hand(S0), set("g1 g2 g3"));
}

#[test]
fn st_45_the_strategist_moves_or_discards_one_of_your_cards() {
    let spec = "1: r1 r2 | b1\n2: r3 | \n3: | \n4: r7 r8 r9 | b7 first=0 owner=0\nhand0: strategist n1\nhand1: n2\npile: g1 g2";
    let mut g = game(&tactics(), spec);
    act(&mut g, S0, "play strategist").unwrap();
    let steps = legal(&g, S0);
    assert!(steps.contains(&"discard r1".to_owned()) && steps.contains(&"move r1 3".to_owned()));
    assert!(!steps.contains(&"move r1 1".to_owned()), "to another stone");
    assert!(!steps.iter().any(|a| a.contains("r7") || a.contains("b1")), "only own cards on unclaimed stones");
    let events = act(&mut g, S0, "move r1 2").unwrap();
    assert_eq!(events[0].to_string(), "seat 0 moved r1 from stone 1 to stone 2");
    assert_eq!(g.view(None).stones[1].sides[0].as_slice(), &cards("r3 r1")[..]);
    let mut g = game(&tactics(), spec);
    act(&mut g, S0, "play strategist").unwrap();
    act(&mut g, S0, "discard r2").unwrap();
    assert_eq!(g.discard_pile(), set("r2 strategist"));
}

#[test]
fn st_45_the_banshee_discards_one_card_of_the_opponent() {
    let spec = "1: r1 | b1 joker1\n2: r7 r8 r9 | b7 first=0 owner=0\nhand0: banshee n1\nhand1: n2\npile: g1 g2";
    let mut g = game(&tactics(), &format!("{spec}\nplayed0: recruiter"));
    act(&mut g, S0, "play banshee").unwrap();
    assert_eq!(legal(&g, S0), ["discard b1", "discard joker1"], "elite troops too; not claimed stones");
    act(&mut g, S0, "discard joker1").unwrap();
    assert_eq!(g.view(None).stones[0].sides[1].as_slice(), &cards("b1")[..]);
    assert!(g.discard_pile().contains(Tactic::Joker1.card()));
}

#[test]
fn st_45_the_traitor_moves_only_clan_cards_of_the_opponent() {
    let spec = "1: r1 | b1 joker1\n2: r2 r3 | g5\nhand0: traitor n1\nhand1: n2\npile: g1 g2\nplayed0: recruiter";
    let mut g = game(&tactics(), spec);
    act(&mut g, S0, "play traitor").unwrap();
    let steps = legal(&g, S0);
    assert!(steps.iter().all(|a| !a.contains("joker1")), "not an elite troop: {steps:?}");
    assert!(steps.contains(&"move b1 2".to_owned()) && steps.contains(&"move g5 1".to_owned()));
    act(&mut g, S0, "move b1 2").unwrap();
    let stones = g.view(None).stones;
    assert_eq!(stones[1].sides[0].as_slice(), &cards("r2 r3 b1")[..]);
    assert_eq!(stones[0].sides[1].as_slice(), &cards("joker1")[..]);
    assert_eq!(stones[1].first, Some(S0));
}

#[test]
fn st_46_proofs_ignore_tactic_cards_not_yet_played_and_count_a_joker_on_the_other_side() {
    // Seat 0: yellow 7-8-9 is beaten by no clan completion of g5 g6 … but seat 1 could still
    // play a Joker: the proof ignores it (ST-46).
    let g = game(&tactics(), "1: y7 y8 y9 | g5 g6 first=0\nhand0: n1\nhand1: n2\nactive: 0");
    assert!(has(&g, S0, "claim 1"));
    // With a Joker on seat 1's side, g5 g6 joker is a colour run 5-6-7 at best: still below.
    let g = game(&tactics(), "1: y7 y8 y9 | g5 joker1 first=0\nhand0: n1\nhand1: n2\nactive: 0");
    assert!(has(&g, S0, "claim 1"));
    // But against 4-5-6 yellow, Joker + g8 + g9 (green 7-8-9) beats it, so no claim until g8 or
    // g9 is out of reach; when both are on the table, the claim holds.
    let g = game(&tactics(), "1: y4 y5 y6 | joker1 first=0\nhand0: n1\nhand1: n2\nactive: 0");
    assert!(!has(&g, S0, "claim 1"));
    // With r1 beside the Joker the best is red 1-2-3: the claim holds.
    let g = game(&tactics(), "1: y4 y5 y6 | joker1 r1 first=0\nhand0: n1\nhand1: n2\nactive: 0");
    assert!(has(&g, S0, "claim 1"));
}

#[test]
fn st_50_battle_line_has_sixty_cards_nine_flags_and_runs_to_ten() {
    let m = Match::<SchottenTotten>::new(&battle_line(false), 2, 1).unwrap();
    let view = m.state().view(None);
    assert_eq!((view.hand_sizes, view.pile, view.tactic_pile, view.stones.len()), ([7, 7], 60 - 14, 0, 9));
    let g = game(&battle_line(false), "1: r8 r9 r10 | b1 b2 first=0\nhand0: n10\nhand1: n2");
    let f = g.view(None).stones[0].formations[0].unwrap();
    assert_eq!((f.class, f.sum), (Class::ColourRun, 27));
    // Companion Cavalry is an 8; a Leader may be a 10.
    let g = game(&battle_line(true), "1: spy r9 r10 | joker1 b9 first=0\nhand0: n10\nhand1: n2");
    let f = g.view(None).stones[0].formations[0].unwrap();
    assert_eq!((f.class, f.sum), (Class::ColourRun, 27), "spy as r8");
    // The notation reads Battle Line's names.
    assert_eq!("play leader1 3".parse::<Action>().unwrap().to_string(), "play joker1 3");
    assert_eq!(Tactic::Recruiter.title(true), "Scout");
    // Base decks refuse the 10s.
    assert!(SchottenTotten::from_layout(&tactics(), &layout("hand0: r10")).is_err());
}

#[test]
fn st_31_with_tactics_the_settlement_meets_incomplete_sides() {
    // Seat 1 holds only the second Joker (unplayable, ST-42), seat 0 plays its last card; both
    // piles are empty. Stone 1 has an incomplete side, stone 3 two.
    let every = CardSet::BASE_DECK.union(CardSet::TACTICS).minus(set("r1 r2 r3 b1 b2 b3 r4 joker1 joker2"));
    let spec =
        format!("1: r1 r2 r3 | b1 first=0\n2: | joker1 b2 b3 first=1\nhand0: r4\nhand1: joker2\ndiscard: {every}");
    let mut g = game(&tactics(), &spec);
    act(&mut g, S0, "play r4 3").unwrap();
    // Seat 1 may claim stone 2 (nothing is left to complete seat 0's side), seat 0 stone 1.
    assert_eq!(g.view(None).phase, PhaseView::FinalClaims);
    assert_eq!(legal(&g, S1), ["claim 2", "pass"]);
    act(&mut g, S1, "pass").unwrap();
    assert_eq!(legal(&g, S0), ["claim 1", "pass"]);
    let events = act(&mut g, S0, "pass").unwrap();
    let lines: Vec<String> = events.iter().map(ToString::to_string).collect();
    // The complete side takes a stone whose other side can never be completed; stone 3 (both
    // sides incomplete) stays open; one stone each: the seat that did not start wins.
    assert_eq!(lines[0], "seat 0 passed");
    assert_eq!(lines[1], "stone 1 goes to seat 0");
    assert_eq!(lines[2], "stone 2 goes to seat 1, joker1 as b4");
    assert!(lines[3].starts_with("seat 1 won game 1 with more stones"), "{lines:?}");
    assert_eq!(g.view(None).stones[2].owner, None);
}
