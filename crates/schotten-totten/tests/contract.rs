//! The shared engine contract over 10,000 random matches across the variants (a smaller share
//! in debug builds), plus Schotten-Totten's own invariants at every position: all 54 cards
//! accounted for, kept claims equal to claims worked out anew, no view or event showing a
//! hidden card.
//!
//! Hidden cards are looked for in the typed views and events at every position: the helpers
//! below take them apart field by field, so a new field or event cannot slip past without a
//! compile error here. At every [`JSON_EVERY`]-th position the serialised JSON and the printed
//! event lines are searched for hidden cards as well, which also covers the serialisers.

use engine::testing::check_random_games;
use engine::{Game, Match, Seat};
use schotten_totten::{Action, Card, CardSet, Config, Event, LastAction, SchottenTotten, Stone, StoneView, View};

const S: [Seat; 2] = [Seat::at(0), Seat::at(1)];

/// One position in this many also gets the JSON and text search for hidden cards.
const JSON_EVERY: usize = 8;

/// Every card named in `text` as a card token (`r7`, optionally quoted).
fn cards_named(text: &str) -> CardSet {
    let mut found = CardSet::EMPTY;
    // Card tokens are 2 to 10 characters long (`r7`, `n10`, `strategist`): skip other words unparsed.
    for word in text.split(|c: char| !c.is_ascii_alphanumeric()).filter(|w| (2..=10).contains(&w.len())) {
        if let Ok(card) = word.parse::<Card>() {
            found.insert(card);
        }
    }
    found
}

/// Every card a view shows, except the previous game's final table (public, and its cards
/// are dealt anew).
fn cards_in_view(view: &View) -> CardSet {
    let View {
        viewer: _,
        hand,
        hand_sizes: _,
        revealed,
        pile: _,
        tactic_pile: _,
        hand_tactics: _,
        discard,
        played_tactics,
        tucked,
        known,
        recruit: _,
        tactics: _,
        battle_line: _,
        stones,
        active: _,
        phase: _,
        final_claim_turns: _,
        game: _,
        games: _,
        starting_seat: _,
        scores: _,
        last_action,
        previous_game: _,
    } = *view;
    let mut cards = hand.unwrap_or_default().union(revealed[0]).union(revealed[1]);
    cards = cards.union(discard).union(played_tactics[0]).union(played_tactics[1]).union(tucked).union(known);
    // `resolved` names the clan cards elite troops stand for, not cards: see `without_resolutions`.
    for StoneView { number: _, sides, first: _, owner: _, formations: _, modes, capacity: _, resolved: _ } in stones {
        cards = cards.union(sides[0].set()).union(sides[1].set()).union(modes);
    }
    match last_action {
        Some(LastAction {
            seat: _,
            action:
                Action::Play { card, stone: _ }
                | Action::Ruse(card)
                | Action::Return(card)
                | Action::Move { card, stone: _ }
                | Action::Discard(card),
        }) => cards.insert(card),
        Some(LastAction { seat: _, action: Action::Claim(_) | Action::Pass | Action::Done | Action::Draw(_) })
        | None => {}
    }
    cards
}

/// The view with the resolutions of elite troops left out: they name the clan cards the troops
/// stand for, which may be anywhere.
fn without_resolutions(mut view: View) -> View {
    for stone in &mut view.stones {
        stone.resolved = Default::default();
    }
    view
}

/// The event with the resolutions left out (see [`without_resolutions`]).
fn event_without_resolutions(event: Event) -> Event {
    match event {
        Event::Claimed { seat, stone, revealed, resolved: _ } => {
            Event::Claimed { seat, stone, revealed, resolved: Default::default() }
        }
        Event::Awarded { seat, stone, resolved: _ } => Event::Awarded { seat, stone, resolved: Default::default() },
        other => other,
    }
}

/// Every card an event shows.
fn cards_in_event(event: &Event) -> CardSet {
    match *event {
        Event::Played { card, .. } => CardSet::only(card),
        Event::Claimed { revealed, .. } => revealed,
        Event::Drew { card, .. } | Event::Returned { card, .. } => card.map(CardSet::only).unwrap_or_default(),
        Event::Ruse { card, .. } | Event::Moved { card, .. } | Event::Discarded { card, .. } => CardSet::only(card),
        Event::Passed { .. }
        | Event::Done { .. }
        | Event::Awarded { .. }
        | Event::GameWon { .. }
        | Event::GameStarted { .. }
        | Event::MatchOver { .. } => CardSet::EMPTY,
    }
}

/// The cards `viewer` may not see: the piles (but what it put under them) and the other seats'
/// hand cards it has not been shown (or put under a pile for them to draw).
fn hidden_from(g: &SchottenTotten, viewer: Option<Seat>) -> CardSet {
    let revealed = g.view(None).revealed;
    let mine = g.view(viewer);
    S.into_iter().filter(|&s| Some(s) != viewer).fold(g.pile_cards().minus(mine.tucked), |hidden, seat| {
        hidden.union(g.hand(seat).minus(revealed[seat.index()]).minus(mine.known))
    })
}

/// Every card is in exactly one place; the kept claims are right; no view or event shows a
/// hidden card (searched in the JSON and text too when `json` is set).
fn invariants(m: &Match<SchottenTotten>, json: bool) {
    let g = m.state();
    let public = g.view(None);
    let mut seen = CardSet::EMPTY;
    let mut count = 0;
    let mut place = |set: CardSet| {
        assert!(seen.intersection(set).is_empty(), "a card is in two places");
        seen = seen.union(set);
        count += set.len();
    };
    place(g.hand(S[0]));
    place(g.hand(S[1]));
    place(g.pile_cards());
    place(g.discard_pile());
    for stone in public.stones {
        place(stone.modes);
        for side in stone.sides {
            place(side.set());
        }
    }
    let config = g.config();
    let deck = if config.battle_line { CardSet::BATTLE_DECK } else { CardSet::BASE_DECK };
    let deck = if config.tactics { deck.union(CardSet::TACTICS) } else { deck };
    assert_eq!(count, deck.len(), "ST-1, ST-40, ST-50: every card in a hand, a pile, on the table or discarded");
    assert_eq!(seen, deck);
    assert_eq!(public.pile as usize + public.tactic_pile as usize, g.pile_cards().len());
    for seat in S {
        assert_eq!(usize::from(public.hand_tactics[seat.index()]), g.hand(seat).tactics().len());
        let played = public.played_tactics;
        assert!(played[seat.index()].len() <= played[1 - seat.index()].len() + 1, "ST-41: {played:?}");
    }
    // The kept claim statuses agree with proofs worked out from scratch. The seat to act's are
    // always kept; the other seat's may be stale until its turn, when they are checked here.
    for seat in S {
        let scratch = g.claimable_from_scratch(seat);
        match g.kept_claims(seat) {
            Some(kept) => assert_eq!(kept, scratch, "claims of seat {seat}"),
            None => assert!(g.is_over() || !g.to_act().contains(seat), "seat {seat} acts on stale claims"),
        }
        let asked = Stone::all().filter(|&s| g.can_claim(seat, s)).fold(0u16, |m, s| m | 1 << s.index());
        assert_eq!(asked, scratch, "can_claim of seat {seat}");
    }

    // The action that dealt a new game named cards of the old one: skip its events.
    let new_game = m.last_events().events().iter().any(|e| matches!(e, Event::GameStarted { .. }));
    for viewer in [None, Some(S[0]), Some(S[1])] {
        let hidden = hidden_from(g, viewer);
        let view = g.view(viewer);
        assert_eq!(view.hand, viewer.map(|seat| g.hand(seat)), "a seat sees its own hand, a spectator none");
        let shown = cards_in_view(&view).intersection(hidden);
        assert!(shown.is_empty(), "{viewer:?} sees hidden cards {shown} in {view:?}");
        if json {
            let json = serde_json::to_string(&View { previous_game: None, ..without_resolutions(view) }).unwrap();
            assert!(cards_named(&json).intersection(hidden).is_empty(), "{viewer:?} sees a hidden card: {json}");
        }
        if new_game {
            continue;
        }
        for event in m.last_events().for_viewer(viewer) {
            if let Event::Drew { seat, card, .. } | Event::Returned { seat, card, .. } = event {
                assert_eq!(card.is_some(), viewer == Some(seat), "only the drawer sees the card: {event}");
            }
            let event = event_without_resolutions(event);
            assert!(cards_in_event(&event).intersection(hidden).is_empty(), "{viewer:?} sees a hidden card: {event:?}");
            if json {
                let text = format!("{event} {}", serde_json::to_string(&event).unwrap());
                assert!(cards_named(&text).intersection(hidden).is_empty(), "{viewer:?} sees a hidden card: {text}");
            }
        }
    }
}

/// Runs `release` matches in release builds and `debug` in debug builds.
fn run(config: Config, release: usize, debug: usize, seed: u64) {
    let games = if cfg!(debug_assertions) { debug } else { release };
    let mut position = 0usize;
    let mut check = |m: &Match<SchottenTotten>| {
        position += 1;
        invariants(m, position % JSON_EVERY == 1);
    };
    let coverage = check_random_games::<SchottenTotten>(&config, 2, games, seed, &mut check);
    assert_eq!(coverage.games, games);
}

#[test]
fn random_games_default() {
    run(Config::default(), 4000, 60, 1);
}

#[test]
fn random_games_claim_after_play() {
    run(Config { claim_after_play: true, ..Config::default() }, 2500, 40, 100_000);
}

#[test]
fn random_games_table_proof_starting_seat_1() {
    run(Config { table_proof: true, starting_seat: 1, ..Config::default() }, 2500, 40, 200_000);
}

#[test]
fn random_games_all_variants_in_matches_of_3() {
    let config = Config {
        claim_after_play: true,
        table_proof: true,
        iello_scoring: true,
        match_games: 3,
        starting_seat: 1,
        ..Config::default()
    };
    run(config, 1000, 15, 300_000);
}

// ST-40 … ST-46: 10,000 random games with tactics, across the timings and proof variants.
#[test]
fn random_games_tactics() {
    run(Config { tactics: true, ..Config::default() }, 4000, 40, 400_000);
}

#[test]
fn random_games_tactics_claim_after_play_table_proof() {
    let config =
        Config { tactics: true, claim_after_play: true, table_proof: true, starting_seat: 1, ..Config::default() };
    run(config, 3000, 30, 500_000);
}

#[test]
fn random_games_tactics_in_matches_of_3() {
    let config = Config { tactics: true, iello_scoring: true, match_games: 3, ..Config::default() };
    run(config, 1000, 10, 600_000);
}

// ST-50: 10,000 random Battle Line games.
#[test]
fn random_games_battle_line() {
    run(Config { battle_line: true, ..Config::default() }, 6000, 40, 700_000);
}

#[test]
fn random_games_battle_line_claim_after_play_table_proof() {
    let config = Config { battle_line: true, claim_after_play: true, table_proof: true, ..Config::default() };
    run(config, 4000, 30, 800_000);
}

// ST-50 with ST-40 … ST-46: 10,000 random Battle Line games with tactics.
#[test]
fn random_games_battle_line_with_tactics() {
    run(Config { battle_line: true, tactics: true, ..Config::default() }, 6000, 40, 900_000);
}

#[test]
fn random_games_battle_line_with_tactics_claim_after_play_table_proof() {
    let config =
        Config { battle_line: true, tactics: true, claim_after_play: true, table_proof: true, ..Config::default() };
    run(config, 4000, 30, 1_000_000);
}

#[test]
fn the_leak_detectors_find_cards() {
    assert_eq!(cards_named(r#"{"hand":["r7","n10"],"x":"y9 b1"}"#).len(), 4);
    assert!(cards_named(r#"{"pile":42,"played":"r"}"#).is_empty());
    // A view handing seat 0 the other seat's hand is caught by the typed check.
    let m = Match::<SchottenTotten>::new(&Config::default(), 2, 5).unwrap();
    let g = m.state();
    let mut view = g.view(Some(S[0]));
    assert!(cards_in_view(&view).intersection(hidden_from(g, Some(S[0]))).is_empty());
    view.hand = Some(g.hand(S[1]));
    assert_eq!(cards_in_view(&view).intersection(hidden_from(g, Some(S[0]))), g.hand(S[1]));
    let drew = Event::Drew { seat: S[1], card: g.hand(S[1]).first(), pile: schotten_totten::PileKind::Clan };
    assert_eq!(cards_in_event(&drew).len(), 1);
    let _ = SchottenTotten::NAME;
}
