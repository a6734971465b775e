//! Helpers to play scripted rounds of Knock Out in notation.
#![allow(dead_code)]

use engine::{EventLog, Game, GameRng, Seat, seeded};
use knock_out::{Action, Config, Edition, Event, KnockOut, Payment, Why};

/// The seat with this index.
pub fn s(index: usize) -> Seat {
    Seat::at(index)
}

/// The shipped edition with changes made in TOML-free Rust.
pub fn edition(change: impl FnOnce(&mut Edition)) -> Config {
    let mut config = Config::default();
    change(std::sync::Arc::make_mut(&mut config.edition));
    config
}

/// A game being played with its own event log.
pub struct Table {
    pub game: KnockOut,
    pub rng: GameRng,
    pub events: Vec<Event>,
}

impl Table {
    pub fn new(config: &Config, seats: usize) -> Table {
        Table::from(KnockOut::setup(config, seats).unwrap())
    }

    pub fn from(game: KnockOut) -> Table {
        Table { game, rng: seeded(1), events: Vec::new() }
    }

    /// Applies `text` for `seat`; panics if it is refused.
    pub fn act(&mut self, seat: usize, text: &str) -> &mut Table {
        if let Err(e) = self.try_act(seat, text) {
            panic!("seat {seat}: {text:?} refused: {e}");
        }
        self
    }

    /// Applies `text` for `seat`.
    pub fn try_act(&mut self, seat: usize, text: &str) -> Result<(), String> {
        let action: Action = text.parse().map_err(|e| format!("{e}"))?;
        let mut log = EventLog::new();
        self.game.apply(s(seat), action, &mut self.rng, &mut log).map_err(|e| e.to_string())?;
        self.events.extend(log.take());
        Ok(())
    }

    /// The legal actions of `seat` in notation.
    pub fn legal(&self, seat: usize) -> Vec<String> {
        let mut legal = Vec::new();
        self.game.legal_actions(s(seat), &mut legal);
        legal.iter().map(|a| a.to_string()).collect()
    }

    /// Betting where the fighters offer field 1 (and the K.O.) and everyone else passes.
    pub fn quiet_bets(&mut self) -> &mut Table {
        while self.game.view(None).phase == knock_out::PhaseView::Betting {
            let seat = self.game.to_act().first().unwrap().index();
            let legal = self.legal(seat);
            let choice = if legal.contains(&"pass".to_string()) { "pass".to_string() } else { legal[0].clone() };
            self.act(seat, &choice);
        }
        self
    }

    /// One exchange: red plays `red`, blue plays `blue`.
    pub fn exchange(&mut self, red: u8, blue: u8) -> &mut Table {
        let [r, b] = self.game.fighters().unwrap().map(|id| id.owner.index());
        self.act(r, &format!("play {red}"));
        self.act(b, &format!("play {blue}"));
        self
    }

    /// The payments logged so far with reason `why`.
    pub fn payments(&self, why: Why) -> Vec<Payment> {
        self.events
            .iter()
            .filter_map(|e| match e {
                Event::Paid(p) if p.why == why => Some(*p),
                _ => None,
            })
            .collect()
    }

    /// Forgets the events so far.
    pub fn clear(&mut self) -> &mut Table {
        self.events.clear();
        self
    }
}
