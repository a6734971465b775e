//! Helpers for building positions by hand and playing them out.
#![allow(dead_code)]

use engine::{EventLog, Game, GameRng, IllegalAction, Seat, SeatSet, seeded};
use knock_out_whist::{Action, Card, CardSet, Config, Event, KnockOutWhist, Position, Start, Suit};

/// A set of cards from text (`"AS KS 2H"`).
pub fn cards(text: &str) -> CardSet {
    text.parse().unwrap_or_else(|e| panic!("{e}"))
}

/// One card from text.
pub fn card(text: &str) -> Card {
    text.parse().unwrap_or_else(|e| panic!("{e}"))
}

/// A suit from its letter.
pub fn suit(text: &str) -> Suit {
    Suit::parse(text).unwrap()
}

/// The seat with this index.
pub fn s(index: usize) -> Seat {
    Seat::at(index)
}

/// A set of seats.
pub fn seats(indices: &[usize]) -> SeatSet {
    indices.iter().map(|&i| Seat::at(i)).collect()
}

/// A round-`round` position: hands by seat (`""` for a knocked-out seat), the given trump, seat
/// `dealer` dealing and `leader` leading; everyone with cards is in.
pub fn position(round: u8, hands: &[&str], trump: Option<&str>, dealer: usize, leader: usize) -> Position {
    let hands: Vec<CardSet> = hands.iter().map(|h| cards(h)).collect();
    let out = hands.iter().enumerate().filter(|(_, h)| h.is_empty()).map(|(i, _)| (Seat::at(i), 1)).collect();
    Position {
        round,
        dealer: Seat::at(dealer),
        hands,
        trump: trump.map(suit),
        turned: None,
        mercy: SeatSet::EMPTY,
        mercy_used: SeatSet::EMPTY,
        out,
        start: Start::Play { leader: Seat::at(leader) },
    }
}

/// The game at `position`.
pub fn game(config: &Config, position: &Position) -> KnockOutWhist {
    KnockOutWhist::from_position(config, position).unwrap_or_else(|e| panic!("bad test position: {e}"))
}

/// A game being played with its own generator and event log.
pub struct Table {
    pub game: KnockOutWhist,
    pub rng: GameRng,
    pub events: Vec<Event>,
}

impl Table {
    /// A table at `position`, chance seeded with `seed`.
    pub fn new(config: &Config, position: &Position, seed: u64) -> Table {
        Table { game: game(config, position), rng: seeded(seed), events: Vec::new() }
    }

    /// The seat to act (the only one, outside votes).
    pub fn turn(&self) -> Seat {
        let to_act = self.game.to_act();
        assert_eq!(to_act.len(), 1, "one seat to act, not {to_act:?}");
        to_act.first().unwrap()
    }

    /// `seat` acts with `notation`; the events are kept.
    pub fn act(&mut self, seat: Seat, notation: &str) -> Result<(), IllegalAction> {
        let action: Action = notation.parse().unwrap_or_else(|e| panic!("{e}"));
        let mut log = EventLog::new();
        self.game.apply(seat, action, &mut self.rng, &mut log)?;
        self.events.extend(log.take());
        Ok(())
    }

    /// Plays whitespace-separated cards (or `hold`) in turn order, each by the seat to act.
    pub fn play(&mut self, moves: &str) {
        for token in moves.split_whitespace() {
            let seat = self.turn();
            let notation = if token == "hold" { "hold".to_owned() } else { format!("play {token}") };
            self.act(seat, &notation).unwrap_or_else(|e| panic!("seat {seat} cannot {notation}: {e}"));
        }
    }

    /// The legal actions of `seat`, in notation.
    pub fn legal(&self, seat: Seat) -> Vec<String> {
        let mut out = Vec::new();
        self.game.legal_actions(seat, &mut out);
        out.iter().map(ToString::to_string).collect()
    }

    /// Whether an event matching `pred` happened.
    pub fn saw(&self, pred: impl Fn(&Event) -> bool) -> bool {
        self.events.iter().any(pred)
    }
}
