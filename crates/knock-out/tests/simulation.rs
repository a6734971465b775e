//! Random games of 3, 4 and 5 seats, basic and pro: the engine's contract checks
//! ([`check_random_games`]: notation, determinize keeps each seat's view and legal actions,
//! out-of-turn refusal, record → replay) plus this game's own at every position — no view or
//! event shows a fighter's training choice or pending card to anyone else, every change of
//! money, the pot and the debts is explained by a payment event with its reason, and the game
//! ends.
//!
//! The always-on tests are sized for debug builds; the full run (over 10,000 games) is the
//! `*_full` tests, run in release: `cargo test --release -p knock-out --test simulation`.

use std::collections::HashMap;

use engine::testing::check_random_games;
use engine::{Game, Match, Seat, seeded};
use knock_out::{Config, Event, KnockOut, Party, View, Why};
use rand::Rng;

fn configs() -> [Config; 2] {
    [Config::default(), Config::pro()]
}

/// No view of `viewer` shows another seat's training choice or pending card (its JSON too when
/// `json`).
fn check_view_hides(view: &View, viewer: Option<Seat>, json: bool, ctx: &str) {
    for manager in &view.managers {
        if Some(manager.seat) != viewer {
            assert!(manager.training.is_none(), "{ctx}: {viewer:?} sees seat {}'s training", manager.seat);
        }
    }
    if let Some(fight) = &view.fight {
        let mine = viewer.is_some_and(|v| fight.boxers.iter().any(|b| b.owner == v));
        if !mine {
            assert!(
                fight.my_training.is_none() && fight.my_card.is_none(),
                "{ctx}: {viewer:?} sees a fighter's secret"
            );
        }
    }
    if !json {
        return;
    }
    let json = serde_json::to_value(view).unwrap();
    for manager in json["managers"].as_array().unwrap() {
        if Some(manager["seat"].as_u64().unwrap() as usize) != viewer.map(Seat::index) {
            assert!(manager["training"].is_null(), "{ctx}: JSON shows another seat's training");
        }
    }
}

/// No event shows `viewer` another seat's training or pending card.
fn check_events_hide(events: &[Event], viewer: Option<Seat>, ctx: &str) {
    for event in events {
        let Some(seen) = engine::GameEvent::redact(event, viewer) else { continue };
        match seen {
            Event::Trained { seat, cards } if Some(seat) != viewer => {
                assert!(cards.is_none(), "{ctx}: {viewer:?} sees seat {seat}'s training in an event")
            }
            Event::Chose { seat, card } if Some(seat) != viewer => {
                assert!(card.is_none(), "{ctx}: {viewer:?} sees seat {seat}'s card in an event")
            }
            _ => {}
        }
    }
}

/// Check the views' JSON at one position in this many (the typed views at every position).
const JSON_EVERY: usize = 8;

/// Money, pot and debts recomputed from the payment events.
#[derive(Default)]
struct Books {
    money: HashMap<usize, i64>,
    pot: i64,
    debts: HashMap<usize, u8>,
}

impl Books {
    fn new(game: &KnockOut) -> Books {
        let mut books = Books::default();
        for s in Seat::all(game.seats()) {
            books.money.insert(s.index(), game.money(s));
        }
        books
    }

    fn read(&mut self, events: &[Event], ctx: &str) {
        for event in events {
            if let Event::Paid(p) = event {
                assert!(p.amount > 0, "{ctx}: a payment of {}", p.amount);
                // Each reason has its parties.
                let ok = match p.why {
                    Why::Prize | Why::BankBet | Why::Debt | Why::CardBonus => {
                        p.from == Party::Bank && matches!(p.to, Party::Seat(_))
                    }
                    Why::Bet => matches!((p.from, p.to), (Party::Seat(a), Party::Seat(b)) if a != b),
                    Why::Pot => matches!(p.from, Party::Seat(_)) && p.to == Party::Pot,
                    Why::PotShare => p.from == Party::Pot,
                    Why::DebtCost => matches!(p.from, Party::Seat(_)) && p.to == Party::Bank,
                };
                assert!(ok, "{ctx}: payment {p:?} has the wrong parties for its reason");
                match p.from {
                    Party::Seat(s) => *self.money.get_mut(&s.index()).unwrap() -= p.amount,
                    Party::Pot => self.pot -= p.amount,
                    Party::Bank => {}
                }
                match p.to {
                    Party::Seat(s) => *self.money.get_mut(&s.index()).unwrap() += p.amount,
                    Party::Pot => self.pot += p.amount,
                    Party::Bank => {}
                }
                if p.why == Why::Debt {
                    let Party::Seat(s) = p.to else { unreachable!() };
                    *self.debts.entry(s.index()).or_default() += 1;
                }
            }
        }
    }

    fn check(&self, game: &KnockOut, ctx: &str) {
        for s in Seat::all(game.seats()) {
            assert_eq!(game.money(s), self.money[&s.index()], "{ctx}: seat {s}'s money is not explained by payments");
            assert_eq!(game.debts(s), self.debts.get(&s.index()).copied().unwrap_or(0), "{ctx}: debts unexplained");
        }
        assert_eq!(game.pot(), self.pot, "{ctx}: the pot is not explained by payments");
        assert!(game.pot() >= 0, "{ctx}: negative pot");
    }
}

/// Plays `games` random games per seat count and config with the game's own checks at every
/// position; returns the games played.
fn own_checks(games: u64, seed: u64) -> usize {
    let mut played = 0;
    let mut legal = Vec::new();
    for config in configs() {
        for seats in 3..=5 {
            for g in 0..games {
                let game_seed = seed + g * 7 + seats as u64;
                let mut m = Match::<KnockOut>::new(&config, seats, game_seed).unwrap();
                let mut rng = seeded(game_seed ^ 0xBEEF);
                let mut books = Books::new(m.state());
                let mut steps = 0;
                let mut fights_seen = 0;
                while !m.state().is_over() {
                    let ctx = format!("pro={} seats={seats} seed={game_seed} step={steps}", config.pro);
                    assert!(steps < 5_000, "{ctx}: the game does not end");
                    let to_act = m.state().to_act();
                    let actor = to_act.iter().nth(rng.random_range(0..to_act.len())).unwrap();
                    m.state().legal_actions(actor, &mut legal);
                    let action = legal[rng.random_range(0..legal.len())];
                    let events = m.apply(actor, action).unwrap().to_vec();
                    books.read(&events, &ctx);
                    books.check(m.state(), &ctx);
                    for viewer in std::iter::once(None).chain(Seat::all(seats).map(Some)) {
                        check_events_hide(&events, viewer, &ctx);
                        check_view_hides(&m.state().view(viewer), viewer, steps % JSON_EVERY == 0, &ctx);
                    }
                    // Two prizes per fight (KO-30), paid by the bank.
                    let prizes = events.iter().filter(|e| matches!(e, Event::Paid(p) if p.why == Why::Prize)).count();
                    let won = events.iter().filter(|e| matches!(e, Event::FightWon { .. })).count();
                    assert_eq!(prizes, 2 * won, "{ctx}: prizes without a fight");
                    fights_seen += won;
                    steps += 1;
                }
                assert_eq!(fights_seen, m.state().fights() as usize);
                assert!(m.outcome().is_some());
                played += 1;
            }
        }
    }
    played
}

#[test]
fn random_games_keep_books_and_secrets() {
    assert_eq!(own_checks(10, 1), 60);
}

#[test]
fn random_games_pass_the_engine_contract() {
    for config in configs() {
        for seats in 3..=5 {
            let coverage = check_random_games::<KnockOut>(&config, seats, 3, 11, &mut |_| {});
            assert!(coverage.multi_seat_positions > 0);
        }
    }
}

/// The full run: 10,200 games with the game's own checks, and 600 through the engine's
/// contract checks (each position there is checked for every seat with sampled worlds).
#[test]
#[cfg_attr(debug_assertions, ignore = "the full simulation runs in release builds (./test.sh)")]
fn random_games_full() {
    assert_eq!(own_checks(1_700, 1000), 10_200);
    for config in configs() {
        for seats in 3..=5 {
            let coverage = check_random_games::<KnockOut>(&config, seats, 100, 5000, &mut |_| {});
            assert_eq!(coverage.games, 100);
        }
    }
}
