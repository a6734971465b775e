//! Random games of every seat count: the engine's contract checks ([`check_random_games`]:
//! notation round trips, determinize keeping the observer's view and legal actions, refusals,
//! record → replay) plus this game's own at every position — the deck's cards all accounted
//! for, every euro accounted for, no view or event showing another hand or a pile, and sampled
//! worlds keeping what the observer knows.
//!
//! The always-on tests are sized for debug builds; the full run is the `*_full` tests, run in
//! release: 105 games through the contract harness and 10,010 fast games (7 seat counts ×
//! 1,430) with this game's invariants, determinize and replay checks: `cargo test --release -p kopf-an-kopf --test simulation`.

use engine::testing::check_random_games;
use engine::{Game, Match, Seat, seeded};
use kopf_an_kopf::{BetKind, Cards, Config, Event, KopfAnKopf};

/// The game's own invariants at one position. `ledger` follows the money the bank paid out
/// and took in, from the events, across the positions of one game.
fn check_position(m: &Match<KopfAnKopf>, ledger: &mut (u64, i64)) {
    let game = m.state();
    let seats = game.seats();
    let step = m.history().len();
    let ctx = || format!("seed {} after {} actions", m.seed(), step);
    // KK-6: the deck's cards are all somewhere: hands, piles, discard pile, stack.
    assert_eq!(game.all_cards(), game.deck(), "{}: cards lost or made", ctx());
    assert_eq!(game.deck().len(), 104, "{}: the edition has 104 cards", ctx());
    // Money: the players' money and stakes change only by what the bank pays and takes.
    if ledger.0 != m.seed() || step == 0 {
        *ledger = (m.seed(), 25 * seats as i64);
    }
    for event in m.last_events().events().iter().filter(|_| step > 0) {
        match event {
            Event::Paid { amount, .. } => ledger.1 += *amount as i64,
            Event::Discarded { paid, .. } => ledger.1 += *paid as i64,
            Event::Bought { price, .. } => ledger.1 -= *price as i64,
            _ => {}
        }
    }
    let mut held = 0i64;
    for seat in Seat::all(seats) {
        held += game.money(seat) as i64;
        for h in kopf_an_kopf::Horse::ALL {
            held += game.stakes(seat, h).0 as i64;
        }
    }
    assert_eq!(held, ledger.1, "{}: money not accounted for", ctx());
    // The rest reads views and samples worlds: every position in short runs, one in five in
    // the full run (check_random_games already checks views and worlds at every position).
    if !step.is_multiple_of(CHECK_EVERY.with(|c| c.get())) {
        return;
    }
    // Views: the own hand, what the viewer knows, never another hand or a pile.
    for seat in Seat::all(seats) {
        let view = game.view(Some(seat));
        assert_eq!(view.hand, Some(game.hand(seat)), "{}: seat {seat} sees its own hand", ctx());
        for known in &view.known {
            assert_eq!(known.cards, game.known(seat, known.seat), "{}", ctx());
            let hand = game.hand(known.seat);
            assert!(
                hand.contains_all(&known.cards),
                "{}: seat {seat} knows cards {:?} not in hand {:?}",
                ctx(),
                known.cards,
                hand
            );
        }
        if step.is_multiple_of(7) {
            let json = serde_json::to_value(&view).unwrap();
            assert!(json.get("piles").unwrap().is_array());
            assert_eq!(json["players"].as_array().unwrap().len(), seats);
        }
        // Events: a card moving between hands or from a pile is seen only by those involved.
        for event in m.last_events().for_viewer(Some(seat)) {
            match event {
                Event::Dealt { hands, .. } => {
                    assert!(hands.iter().all(Cards::is_empty), "{}: a redacted deal keeps no hands", ctx());
                }
                Event::Drew { seat: s, card, .. } => {
                    assert_eq!(card.is_some(), s == seat, "{}: a drawn card leaks", ctx())
                }
                Event::Stole { seat: s, from, card } | Event::Took { seat: s, target: from, card } => {
                    assert_eq!(card.is_some(), s == seat || from == seat, "{}: a taken card leaks", ctx())
                }
                Event::Inspected { seat: s, hand, .. } => {
                    assert_eq!(hand.is_some(), s == seat, "{}: an inspected hand leaks", ctx())
                }
                _ => {}
            }
        }
    }
    assert!(game.view(None).hand.is_none());
    // Sampled worlds keep the observer's hand and knowledge, hand and pile sizes, the deck.
    {
        let mut rng = seeded(m.seed() ^ step as u64);
        for observer in Seat::all(seats) {
            let world = game.determinize(observer, &mut rng);
            assert_eq!(world.hand(observer), game.hand(observer), "{}", ctx());
            assert_eq!(world.all_cards(), game.deck(), "{}: a sampled world keeps the deck", ctx());
            for seat in Seat::all(seats) {
                assert_eq!(world.hand(seat).len(), game.hand(seat).len(), "{}: sampled hand sizes", ctx());
                assert!(world.hand(seat).contains_all(&game.known(observer, seat)), "{}: known cards kept", ctx());
            }
            assert_eq!(world.piles().map(|p| p.len()), game.piles().map(|p| p.len()), "{}", ctx());
        }
    }
}

thread_local! {
    static CHECK_EVERY: std::cell::Cell<usize> = const { std::cell::Cell::new(1) };
}

/// Plays `games` random games at `seats` with the default edition.
fn run(seats: usize, games: usize) -> usize {
    let config = Config { first: (seats as u8 - 1).min(2), ..Config::default() };
    let mut ledger = (u64::MAX, 0);
    let seed = seats as u64 * 1_000_000;
    let coverage =
        check_random_games::<KopfAnKopf>(&config, seats, games, seed, &mut |m| check_position(m, &mut ledger));
    if seats > 2 {
        assert!(coverage.multi_seat_positions > 0, "reaction windows were exercised");
    }
    coverage.games
}

#[test]
fn random_games_two_to_four_players() {
    assert_eq!(run(2, 2) + run(3, 1) + run(4, 1), 4);
}

#[test]
fn random_games_five_to_eight_players() {
    assert_eq!(run(5, 1) + run(8, 1), 2);
}

/// Contract games per seat count in the full run (check_random_games builds and serialises
/// every seat's view and samples two worlds for every seat at every one of a game's ~600
/// positions: about 0.5 s a 4-player game in release).
const CONTRACT_FULL: usize = 15;

/// Fast games per seat count in the full run: 7 × 1,430 = 10,010 games.
const FAST_FULL: usize = 1_430;

#[test]
#[cfg_attr(debug_assertions, ignore = "the full simulation runs in release builds")]
fn random_games_contract_full() {
    CHECK_EVERY.with(|c| c.set(5));
    let played: usize = (2..=8).map(|seats| run(seats, CONTRACT_FULL)).sum();
    assert_eq!(played, 7 * CONTRACT_FULL);
}

/// Plays `games` random games at `seats` directly (no contract harness): at every position the
/// cards and the money are accounted for and every seat's knowledge is true; at one position in
/// ten a sampled world keeps each observer's view and legal actions; each game's record
/// replays to the same views.
fn run_fast(seats: usize, games: usize) -> usize {
    use rand::Rng;
    let config = Config { first: (seats as u8 * 3) % seats as u8, ..Config::default() };
    let mut legal = Vec::new();
    let mut other = Vec::new();
    for game in 0..games as u64 {
        let seed = 7_000_000 + seats as u64 * 100_000 + game;
        let mut m = Match::<KopfAnKopf>::new(&config, seats, seed).unwrap();
        let mut policy = seeded(seed ^ 0xBEEF);
        let mut ledger = (u64::MAX, 0);
        let mut step = 0;
        while !m.state().is_over() {
            assert!(step < 100_000, "seed {seed}: the game does not end");
            let game = m.state();
            assert_eq!(game.all_cards(), game.deck(), "seed {seed} step {step}: cards");
            light_money_check(&m, &mut ledger);
            for o in Seat::all(seats) {
                for t in Seat::all(seats) {
                    assert!(game.hand(t).contains_all(&game.known(o, t)), "seed {seed} step {step}: false knowledge");
                }
            }
            let to_act = game.to_act();
            if step % 10 == 0 {
                let observer = Seat::at(step / 10 % seats);
                let world = game.determinize(observer, &mut policy);
                assert_eq!(
                    world.view(Some(observer)),
                    game.view(Some(observer)),
                    "seed {seed} step {step}: world view"
                );
                world.legal_actions(observer, &mut other);
                game.legal_actions(observer, &mut legal);
                assert_eq!(other, legal, "seed {seed} step {step}: world legal actions");
            }
            let actor = to_act.iter().nth(policy.random_range(0..to_act.len())).unwrap();
            game.legal_actions(actor, &mut legal);
            let action = legal[policy.random_range(0..legal.len())];
            m.apply(actor, action).unwrap_or_else(|e| panic!("seed {seed} step {step}: {action} refused: {e}"));
            step += 1;
        }
        let outcome = m.outcome().expect("an outcome");
        let replayed = Match::<KopfAnKopf>::replay(&m.record()).unwrap();
        assert_eq!(replayed.outcome(), Some(outcome), "seed {seed}: replay");
        for viewer in Seat::all(seats) {
            assert_eq!(replayed.state().view(Some(viewer)), m.state().view(Some(viewer)), "seed {seed}: replayed view");
        }
    }
    games
}

/// The money ledger of [`check_position`] alone.
fn light_money_check(m: &Match<KopfAnKopf>, ledger: &mut (u64, i64)) {
    let game = m.state();
    let seats = game.seats();
    if ledger.0 != m.seed() || m.history().is_empty() {
        *ledger = (m.seed(), 25 * seats as i64);
    }
    if !m.history().is_empty() {
        for event in m.last_events().events() {
            match event {
                Event::Paid { amount, .. } => ledger.1 += *amount as i64,
                Event::Discarded { paid, .. } => ledger.1 += *paid as i64,
                Event::Bought { price, .. } => ledger.1 -= *price as i64,
                _ => {}
            }
        }
    }
    let held: i64 = Seat::all(seats)
        .map(|s| {
            game.money(s) as i64 + kopf_an_kopf::Horse::ALL.iter().map(|&h| game.stakes(s, h).0 as i64).sum::<i64>()
        })
        .sum();
    assert_eq!(held, ledger.1, "seed {}: money not accounted for", m.seed());
}

#[test]
fn fast_random_games_every_seat_count() {
    assert_eq!((2..=8).map(|seats| run_fast(seats, 2)).sum::<usize>(), 14);
}

#[test]
#[cfg_attr(debug_assertions, ignore = "the full simulation runs in release builds")]
fn fast_random_games_two_to_five_players_full() {
    assert_eq!((2..=5).map(|seats| run_fast(seats, FAST_FULL)).sum::<usize>(), 4 * FAST_FULL);
}

#[test]
#[cfg_attr(debug_assertions, ignore = "the full simulation runs in release builds")]
fn fast_random_games_six_to_eight_players_full() {
    assert_eq!((6..=8).map(|seats| run_fast(seats, FAST_FULL)).sum::<usize>(), 3 * FAST_FULL);
}

/// BetKind is public for UIs; the ledger above counts only own-money bets as stakes.
#[test]
fn free_bets_are_not_stakes() {
    assert_ne!(BetKind::Free, BetKind::Bet);
}

/// How long the two kinds of game take (for sizing the full runs).
#[test]
#[ignore = "timing only"]
fn random_games_timing() {
    CHECK_EVERY.with(|c| c.set(5));
    let t = std::time::Instant::now();
    assert_eq!(run(4, 10), 10);
    eprintln!("10 contract games: {:?}", t.elapsed());
    let t = std::time::Instant::now();
    assert_eq!(run_fast(4, 200), 200);
    eprintln!("200 fast games: {:?}", t.elapsed());
}
