//! What a bot may know: an information set, and the `Bot` trait that decides from it.

use std::fmt;

use serde::Serialize;
use thiserror::Error;

use crate::game::Game;
use crate::rng::GameRng;
use crate::seat::{Seat, SeatSet};
use crate::step::StepKind;

/// What one seat knows when it must act: its view, its legal actions, and worlds sampled
/// consistently with that knowledge. The true state is a private field: a bot holding an
/// `InfoSet` has no way to read it, so bots cannot cheat by construction.
pub struct InfoSet<'a, G: Game> {
    state: &'a G,
    seat: Seat,
}

impl<'a, G: Game> InfoSet<'a, G> {
    /// The information set of `seat` in `state` (for hosts: matches, arenas, servers).
    pub fn new(state: &'a G, seat: Seat) -> Self {
        InfoSet { state, seat }
    }

    /// The seat that decides.
    pub fn seat(&self) -> Seat {
        self.seat
    }

    /// The number of seats at the table.
    pub fn seats(&self) -> usize {
        self.state.seats()
    }

    /// The config of the game (public knowledge).
    pub fn config(&self) -> &G::Config {
        self.state.config()
    }

    /// What the seat sees.
    pub fn view(&self) -> G::View {
        self.state.view(Some(self.seat))
    }

    /// Who may act now (public knowledge).
    pub fn to_act(&self) -> SeatSet {
        self.state.to_act()
    }

    /// What kind of step the seats to act take (public knowledge).
    pub fn step_kind(&self) -> StepKind {
        self.state.step_kind()
    }

    /// The seat's legal actions, into `out`.
    pub fn legal_actions(&self, out: &mut Vec<G::Action>) {
        self.state.legal_actions(self.seat, out);
    }

    /// A world consistent with what the seat knows (see [`Game::determinize`]).
    pub fn sample(&self, rng: &mut GameRng) -> G {
        self.state.determinize(self.seat, rng)
    }
}

/// A player program: picks an action from an information set.
///
/// For a given `rng` state (and, for budgeted bots, an iteration budget) the choice must be
/// deterministic, so arenas and tests reproduce.
pub trait Bot<G: Game>: Send {
    /// The bot's name as the registry knows it (`heuristic`, `ismcts:1000`).
    fn name(&self) -> String;

    /// One of `info`'s legal actions. Only called when the seat has at least one.
    fn choose(&mut self, info: &InfoSet<'_, G>, rng: &mut GameRng) -> G::Action;

    /// Every legal action of `info`'s seat with the value the bot's search gives it, from what
    /// the seat knows only: hints and the analysis of a finished game. The search's ranking
    /// first. `None` (the default) for a bot that does not search. Only called when the seat
    /// has a legal action; deterministic for a given `rng` state, as [`Bot::choose`] is.
    fn analyse(&mut self, info: &InfoSet<'_, G>, rng: &mut GameRng) -> Option<Vec<ActionValue<G::Action>>> {
        let _ = (info, rng);
        None
    }
}

/// One legal action as a bot's search values it ([`Bot::analyse`]).
#[derive(Clone, Copy, Debug, PartialEq, Serialize)]
pub struct ActionValue<A> {
    /// The action.
    pub action: A,
    /// The deciding seat's estimated reward after it, 0 to 1: its chance to win, a shared
    /// place counting as in [`crate::Outcome::reward`].
    pub value: f64,
    /// How many of the search's iterations tried it (how much the value rests on).
    pub visits: u32,
}

/// Why a bot could not be created.
#[derive(Clone, Debug, PartialEq, Eq, Error)]
pub enum BotError {
    /// No bot of this name exists for this game.
    #[error("unknown bot {name:?} for {game}; known: {known}")]
    Unknown { game: &'static str, name: String, known: String },
    /// The bot exists but its parameter is malformed.
    #[error("bad parameter for bot {name:?}: {reason}")]
    Parameter { name: String, reason: String },
}

/// A bot's name with its optional parameter, as typed: `random`, `heuristic`, `ismcts:2000`,
/// `ismcts:250ms`.
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub struct BotSpec {
    /// The bot's kind (`ismcts`).
    pub kind: String,
    /// What follows the colon, if anything (`2000`).
    pub param: Option<String>,
}

impl BotSpec {
    /// Splits `name[:param]`.
    pub fn parse(spec: &str) -> BotSpec {
        match spec.trim().split_once(':') {
            Some((kind, param)) => BotSpec { kind: kind.to_owned(), param: Some(param.to_owned()) },
            None => BotSpec { kind: spec.trim().to_owned(), param: None },
        }
    }
}

impl fmt::Display for BotSpec {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match &self.param {
            Some(p) => write!(f, "{}:{}", self.kind, p),
            None => f.write_str(&self.kind),
        }
    }
}

/// Builds the bots of one game from their specs; a game's registry entry holds one.
pub type BotFactory<G> = fn(&BotSpec) -> Result<Box<dyn Bot<G>>, BotError>;
