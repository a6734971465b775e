//! Helpers for the rule tests: cards from text, positions from a small text format.
#![allow(dead_code)]

use engine::{EventLog, Game, GameRng, Seat, seeded};
use schotten_totten::{Action, Card, CardSet, Config, Event, Layout, SchottenTotten, Stone};

pub const S0: Seat = Seat::at(0);
pub const S1: Seat = Seat::at(1);

pub fn cards(text: &str) -> Vec<Card> {
    text.split_whitespace().map(|c| c.parse().unwrap_or_else(|e| panic!("{e}"))).collect()
}

pub fn set(text: &str) -> CardSet {
    cards(text).into_iter().collect()
}

pub fn stone(n: usize) -> Stone {
    Stone::number(n).unwrap()
}

/// A position from lines such as
/// `3: b7 b8 b9 | y7 y8` (stone 3, seat 0's side | seat 1's side, placed side 0 first),
/// `3: ... | ... first=1 owner=0`, `hand0: r1 r2`, `hand1: ...`, `revealed0: r1`,
/// `pile: g1 g2` (drawn first to last; tactic cards go on the tactic pile), `active: 1`;
/// with tactics also `mode: 3 mud 1` (a combat mode on stone 3, played by seat 1; before the
/// sides of that stone), `played0: recruiter` (ruses seat 0 has played), `discard: r1`.
pub fn layout(spec: &str) -> Layout {
    let mut layout = Layout::default();
    for line in spec.lines().map(str::trim).filter(|l| !l.is_empty() && !l.starts_with('#')) {
        let (key, rest) = line.split_once(':').unwrap_or_else(|| panic!("bad line {line:?}"));
        match key.trim() {
            "mode" => {
                let words: Vec<&str> = rest.split_whitespace().collect();
                let card: Card = words[1].parse().unwrap();
                layout.lay_mode(words[0].parse().unwrap(), words[2].parse().unwrap(), card).unwrap();
            }
            "played0" => layout.played_tactics[0] = layout.played_tactics[0].union(set(rest)),
            "played1" => layout.played_tactics[1] = layout.played_tactics[1].union(set(rest)),
            "discard" => layout.discard = set(rest),
            "hand0" => layout.hands[0] = set(rest),
            "hand1" => layout.hands[1] = set(rest),
            "revealed0" => layout.revealed[0] = set(rest),
            "revealed1" => layout.revealed[1] = set(rest),
            "pile" => layout.pile_top = cards(rest),
            "active" => layout.active = rest.trim().parse().unwrap(),
            number => {
                let n: usize = number.parse().unwrap_or_else(|_| panic!("bad key {number:?}"));
                let (left, right) = rest.split_once('|').unwrap_or_else(|| panic!("no | in {line:?}"));
                let mut extra = Vec::new();
                let right: Vec<&str> = right
                    .split_whitespace()
                    .filter(|w| {
                        let is_extra = w.contains('=');
                        if is_extra {
                            extra.push(*w);
                        }
                        !is_extra
                    })
                    .collect();
                layout.place(n, 0, &cards(left)).unwrap();
                layout.place(n, 1, &cards(&right.join(" "))).unwrap();
                for word in extra {
                    let (k, v) = word.split_once('=').unwrap();
                    let seat = Some(Seat::at(v.parse().unwrap()));
                    match k {
                        "first" => layout.stones[n - 1].first = seat,
                        "owner" => layout.stones[n - 1].owner = seat,
                        _ => panic!("bad option {word:?}"),
                    }
                }
            }
        }
    }
    layout
}

pub fn game(config: &Config, spec: &str) -> SchottenTotten {
    SchottenTotten::from_layout(config, &layout(spec)).unwrap_or_else(|e| panic!("{e}"))
}

pub fn legal(g: &SchottenTotten, seat: Seat) -> Vec<String> {
    let mut out = Vec::new();
    g.legal_actions(seat, &mut out);
    out.iter().map(ToString::to_string).collect()
}

pub fn rng() -> GameRng {
    seeded(7)
}

/// Applies `notation` for `seat`, returning the events.
pub fn act(g: &mut SchottenTotten, seat: Seat, notation: &str) -> Result<Vec<Event>, engine::IllegalAction> {
    let action: Action = notation.parse().unwrap();
    let mut log = EventLog::new();
    g.apply(seat, action, &mut rng(), &mut log)?;
    Ok(log.take())
}
