//! Helpers for the rules tests: a game at a known point, actions in notation, dice set by hand.
#![allow(dead_code)]

use engine::{EventLog, Game, GameRng, Seat, seeded};
use kopf_an_kopf::{Cards, Config, Event, Horse, KopfAnKopf};

/// Seat `i`.
pub fn s(i: usize) -> Seat {
    Seat::at(i)
}

/// Horse number `n`.
pub fn h(n: u8) -> Horse {
    Horse::number(n).unwrap()
}

/// Cards from notation words (`"h4 gallop gallop"`).
pub fn cards(words: &str) -> Cards {
    words.split_whitespace().map(|w| w.parse().unwrap()).collect()
}

/// A fresh game of `seats` with seat 0 to decide on its second chance after the first roll.
pub fn game(seats: usize) -> (KopfAnKopf, GameRng) {
    let mut rng = seeded(11);
    let game = KopfAnKopf::new(&Config::default(), seats, &mut rng).unwrap();
    (game, rng)
}

/// Applies `notation` for `seat`, returning the events.
pub fn act(g: &mut KopfAnKopf, seat: Seat, notation: &str, rng: &mut GameRng) -> Vec<Event> {
    let mut log = EventLog::new();
    let action = notation.parse().unwrap_or_else(|e| panic!("{notation}: {e}"));
    g.apply(seat, action, rng, &mut log).unwrap_or_else(|e| panic!("{notation} by {seat}: {e}"));
    log.take()
}

/// Whether `notation` is legal for `seat`.
pub fn legal(g: &KopfAnKopf, seat: Seat, notation: &str) -> bool {
    let mut out = Vec::new();
    g.legal_actions(seat, &mut out);
    let action: kopf_an_kopf::Action = notation.parse().unwrap();
    out.contains(&action)
}

/// Every seat in the open window passes; returns the events.
pub fn pass_all(g: &mut KopfAnKopf, rng: &mut GameRng) -> Vec<Event> {
    let mut events = Vec::new();
    for seat in g.to_act().iter() {
        events.extend(act(g, seat, "pass", rng));
    }
    events
}

/// From the second chance: the dice show `horse` and `movement`, the active player keeps them,
/// nobody re-rolls. Returns the events of the roll taking effect.
pub fn roll(g: &mut KopfAnKopf, horse: u8, movement: u8, rng: &mut GameRng) -> Vec<Event> {
    g.set_roll(h(horse), movement).unwrap();
    let active = g.active();
    let mut events = if g.view(None).phase == "second-chance" { act(g, active, "keep", rng) } else { Vec::new() };
    events.extend(pass_all(g, rng));
    events
}

/// Starts `seat`'s turn afresh and rolls `horse`/`movement` (the second chance is kept).
pub fn turn_with_roll(g: &mut KopfAnKopf, seat: usize, horse: u8, movement: u8, rng: &mut GameRng) -> Vec<Event> {
    g.begin_turn(s(seat), rng);
    roll(g, horse, movement, rng)
}

/// The phase name of the view.
pub fn phase(g: &KopfAnKopf) -> &'static str {
    g.view(None).phase
}
