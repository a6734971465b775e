//! Random games of every seat count and variant: the engine's contract checks
//! ([`check_random_games`]) plus this game's own at every position — all 52 cards accounted
//! for, the hand sizes of the schedule, the game ending by the last round, no view or event
//! showing another hand or the undealt deck, and sampled worlds keeping every hand size and
//! revealed void.
//!
//! The leak checks read the typed views and events at every position and compare them with
//! their JSON at one position in [`JSON_EVERY`], so the full run stays cheap: the whole release
//! suite of this crate takes under 30 s of CPU.
//!
//! The always-on tests are sized for debug builds; the full run (over 10,000 games) is the
//! `*_full` tests, run in release: `cargo test --release -p knock-out-whist --test simulation`.

use engine::testing::check_random_games;
use engine::{Game, Match, Seat, seeded};
use knock_out_whist::{Card, CardSet, Config, Event, KnockOutWhist, PlayerView, Standing, TrickView, View, VoteView};

/// Every valid combination of the switches, with start-cards cycling through 6, 7 and 8.
fn configs(seats: usize) -> Vec<Config> {
    Config::flag_combinations()
        .enumerate()
        .map(|(i, config)| Config {
            start_cards: (6 + i as u8 % 3).min(Config::max_start_cards(seats)),
            dealer: i as u8 % seats as u8,
            ..config
        })
        .collect()
}

/// Every card named anywhere in a JSON document (as a string such as `"QS"`).
fn cards_in(json: &serde_json::Value) -> CardSet {
    match json {
        serde_json::Value::String(text) => text.parse::<Card>().map_or(CardSet::EMPTY, CardSet::only),
        serde_json::Value::Array(items) => items.iter().map(cards_in).fold(CardSet::EMPTY, |a, b| a | b),
        serde_json::Value::Object(map) => map.values().map(cards_in).fold(CardSet::EMPTY, |a, b| a | b),
        _ => CardSet::EMPTY,
    }
}

/// Every card a view shows, read from the typed view. The structs are destructured without
/// `..`, so a field added to them does not compile here until this reads it; and sampled
/// positions check that it finds exactly the cards of the view's JSON.
fn cards_in_view(view: &View) -> CardSet {
    let View {
        seats: _,
        viewer: _,
        phase: _,
        round: _,
        rounds: _,
        cards_per_hand: _,
        dealer: _,
        to_act: _,
        trump: _,
        trump_from: _,
        turned,
        chooser: _,
        cut_among: _,
        trump_options: _,
        hand,
        trick,
        tricks,
        players,
        vote,
        winner: _,
    } = view;
    for player in players {
        let PlayerView { seat: _, standing: _, out_round: _, cards: _, tricks: _, mercy_used: _, place: _ } = player;
    }
    if let Some(VoteView { voters: _, voted: _, mine: _, votes: _, leading: _ }) = vote {}
    let in_trick = |trick: &TrickView| {
        let TrickView { leader: _, led: _, plays, winner: _ } = trick;
        plays.iter().filter_map(|play| play.card).collect::<CardSet>()
    };
    let mut shown = turned.map_or(CardSet::EMPTY, CardSet::only) | hand.unwrap_or(CardSet::EMPTY) | in_trick(trick);
    for trick in tricks {
        shown |= in_trick(trick);
    }
    shown
}

/// Every card an event shows (every variant named, so a new one must be added here).
fn cards_in_event(event: &Event) -> CardSet {
    match event {
        Event::Dealt { hand, .. } => hand.unwrap_or(CardSet::EMPTY),
        Event::TrumpTurned { card } | Event::Played { card, .. } | Event::TrickWon { card, .. } => CardSet::only(*card),
        Event::TrumpKept { .. }
        | Event::NoTrump { .. }
        | Event::MostTricks { .. }
        | Event::VoteOpened { .. }
        | Event::Voted { .. }
        | Event::VoteResolved { .. }
        | Event::TrumpChosen { .. }
        | Event::Held { .. }
        | Event::BackIn { .. }
        | Event::Mercy { .. }
        | Event::KnockedOut { .. }
        | Event::Sweep { .. }
        | Event::GameOver { .. } => CardSet::EMPTY,
    }
}

/// Serialise views and events to JSON at one position in this many (rotating through the
/// viewers), and check the typed readers above against the JSON; every position checks the
/// typed views and events.
const JSON_EVERY: usize = 4;

/// The game's own invariants at one position.
fn check_position(m: &Match<KnockOutWhist>) {
    let game = m.state();
    let seats = game.seats();
    let step = m.history().len();
    let ctx = || format!("seed {} after {} actions", m.seed(), step);
    // 52 cards: every card once, in a hand, the undealt deck, or played this round.
    let mut all = game.deck();
    assert!((all & game.played()).is_empty(), "{}: a played card is still in the deck", ctx());
    all |= game.played();
    for seat in Seat::all(seats) {
        assert!((all & game.hand(seat)).is_empty(), "{}: a card twice", ctx());
        all |= game.hand(seat);
    }
    assert_eq!(all, CardSet::FULL, "{}: 52 cards", ctx());
    // The schedule, and the end by the last round.
    let spectator = game.view(None);
    assert!(spectator.round >= 1 && spectator.round <= spectator.rounds, "{}: round {}", ctx(), spectator.round);
    assert_eq!(spectator.cards_per_hand, spectator.rounds + 1 - spectator.round);
    let done = spectator.tricks.len() as u8;
    for p in &spectator.players {
        let played_now = spectator.trick.plays.iter().any(|play| play.seat == p.seat && play.card.is_some());
        match p.standing {
            Standing::In if spectator.winner.is_none_or(|w| w != p.seat) => {
                let held = spectator.cards_per_hand - done - u8::from(played_now);
                assert!(p.cards == held || p.cards == 0, "{}: seat {} holds {} cards", ctx(), p.seat, p.cards);
            }
            Standing::Mercy => assert!(p.cards <= 1, "{}: a mercy player holds one card", ctx()),
            Standing::Out => assert_eq!(p.cards, 0, "{}: a knocked-out player holds no card", ctx()),
            Standing::In => {}
        }
    }
    // Public voids are true.
    for seat in Seat::all(seats) {
        assert!((game.hand(seat) & CardSet::suits(game.voids(seat))).is_empty(), "{}: a false void", ctx());
    }
    // No view and no event shows another hand or the undealt deck.
    let turned = spectator.turned.map_or(CardSet::EMPTY, CardSet::only);
    let json_viewer = step.is_multiple_of(JSON_EVERY).then(|| step / JSON_EVERY % (seats + 1));
    let viewers = std::iter::once(None).chain(Seat::all(seats).map(Some));
    for (i, viewer) in viewers.enumerate() {
        let mut hidden = game.deck() - turned;
        for seat in Seat::all(seats).filter(|&s| Some(s) != viewer) {
            hidden |= game.hand(seat);
        }
        let view = if viewer.is_none() { spectator.clone() } else { game.view(viewer) };
        let shown = cards_in_view(&view);
        assert!((shown & hidden).is_empty(), "{}: {:?} leak to {viewer:?}: {view:?}", ctx(), shown & hidden);
        if json_viewer == Some(i) {
            let json = serde_json::to_value(&view).unwrap();
            assert_eq!(cards_in(&json), shown, "{}: the typed view shows what its JSON shows: {json}", ctx());
        }
        // Events before a new deal are about the last round, whose cards are all public now.
        // Before the first action, the events are the set-up's: round 1's deal and turned card.
        let log = if step == 0 { m.opening_events() } else { m.last_events() };
        let events: Vec<Event> = log.for_viewer(viewer).collect();
        if step == 0 {
            assert!(
                matches!(events.as_slice(), [Event::Dealt { round: 1, .. }, Event::TrumpTurned { card }] if Some(*card) == spectator.turned),
                "{}: the opening events deal round 1 and turn its trump: {events:?}",
                ctx()
            );
        }
        let this_round = events.iter().rposition(|e| matches!(e, Event::Dealt { .. })).unwrap_or(0);
        for (k, event) in events.into_iter().enumerate() {
            let shown = cards_in_event(&event);
            if k >= this_round {
                assert!((shown & hidden).is_empty(), "{}: {event:?} leaks {:?} to {viewer:?}", ctx(), shown & hidden);
            }
            match &event {
                Event::Dealt { hand, hands, .. } => {
                    let own = viewer.map(|s| game.hand(s)).filter(|h| !h.is_empty());
                    assert_eq!(*hand, own, "{}: {viewer:?} sees only its own dealt hand", ctx());
                    assert!(hands.iter().all(|h| h.is_empty()), "{}: a redacted deal keeps no hands", ctx());
                }
                Event::Voted { seat, suit } if Some(*seat) != viewer => {
                    assert_eq!(*suit, None, "{}: another's vote leaks to {viewer:?}", ctx())
                }
                _ => {}
            }
            if json_viewer == Some(i) || matches!(event, Event::Dealt { .. }) {
                let json = serde_json::to_value(&event).unwrap();
                assert!(json.get("hands").is_none(), "{}: the full deal is never serialised", ctx());
                assert_eq!(cards_in(&json), shown, "{}: the typed event shows what its JSON shows: {json}", ctx());
            }
        }
    }
    // Sampled worlds keep the observer's hand, every hand size and every revealed void, and hold
    // 52 cards. (That the observer's view and legal actions stay the same is
    // `check_random_games`'s own check, at every position for every seat.)
    let mut rng = seeded(m.seed() ^ step as u64);
    for observer in Seat::all(seats) {
        let world = game.determinize(observer, &mut rng);
        assert_eq!(world.hand(observer), game.hand(observer));
        let mut all = world.deck() | world.played();
        for seat in Seat::all(seats) {
            let hand = world.hand(seat);
            assert_eq!(hand.len(), game.hand(seat).len(), "{}: sampled hand sizes", ctx());
            assert!((hand & CardSet::suits(game.voids(seat))).is_empty(), "{}: a sampled hand breaks a void", ctx());
            assert!((all & hand).is_empty(), "{}: a sampled card twice", ctx());
            all |= hand;
        }
        assert_eq!(all, CardSet::FULL, "{}: a sampled world has 52 cards", ctx());
    }
}

/// Plays `games` random games for every variant combination at `seats`.
fn run(seats: usize, games: usize) -> usize {
    let mut played = 0;
    for (i, config) in configs(seats).iter().enumerate() {
        let seed = (seats * 1_000_000 + i * 10_000) as u64;
        let coverage = check_random_games::<KnockOutWhist>(config, seats, games, seed, &mut |m| check_position(m));
        assert_eq!(coverage.games, games);
        if config.knocked_out_vote && seats > 2 && games >= 10 {
            assert!(coverage.multi_seat_positions > 0 || seats == 3, "simultaneous votes were exercised: {config:?}");
        }
        played += coverage.games;
    }
    played
}

#[test]
fn random_games_two_and_three_players() {
    assert_eq!(run(2, 3) + run(3, 2), 3 * 12 + 2 * 12);
}

#[test]
fn random_games_four_and_five_players() {
    assert_eq!(run(4, 1) + run(5, 1), 24);
}

#[test]
fn random_games_six_and_seven_players() {
    assert_eq!(run(6, 1) + run(7, 1), 24);
}

/// The full run: 12 variant combinations × 6 seat counts × 140 games = 10,080 games.
const FULL: usize = 140;

#[test]
#[cfg_attr(debug_assertions, ignore = "the full simulation runs in release builds")]
fn random_games_two_and_three_players_full() {
    assert_eq!(run(2, FULL) + run(3, FULL), 2 * 12 * FULL);
}

#[test]
#[cfg_attr(debug_assertions, ignore = "the full simulation runs in release builds")]
fn random_games_four_and_five_players_full() {
    assert_eq!(run(4, FULL) + run(5, FULL), 2 * 12 * FULL);
}

#[test]
#[cfg_attr(debug_assertions, ignore = "the full simulation runs in release builds")]
fn random_games_six_and_seven_players_full() {
    assert_eq!(run(6, FULL) + run(7, FULL), 2 * 12 * FULL);
}
