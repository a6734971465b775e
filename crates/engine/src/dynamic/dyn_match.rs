//! [`DynMatch`]: a match of some game behind JSON-shaped calls, and the events it returns.

use std::any::Any;

use serde::Serialize;
use serde_json::Value;
use thiserror::Error;

use super::hosted::Hosted;
use crate::ending::EndReason;
use crate::event::GameEvent;
use crate::game::Game;
use crate::info::{ActionValue, BotError};
use crate::matches::{ActionError, Match};
use crate::outcome::Outcome;
use crate::record::Record;
use crate::seat::{Seat, SeatSet};
use crate::step::StepKind;

/// One event as a viewer receives it: a line for logs and the structured event for UIs.
#[derive(Clone, Debug, PartialEq, Serialize)]
pub struct EventJson {
    /// A human-readable line.
    pub text: String,
    /// The event itself, redacted for the viewer.
    pub event: Value,
}

/// The events of one action, already redacted for each viewer.
#[derive(Clone, Debug, Default, PartialEq)]
pub struct ViewerEvents {
    spectator: Vec<EventJson>,
    seats: Vec<Vec<EventJson>>,
}

impl ViewerEvents {
    /// What `viewer` (`None` = spectator) may see of the action.
    pub fn for_viewer(&self, viewer: Option<Seat>) -> &[EventJson] {
        match viewer {
            None => &self.spectator,
            Some(seat) => self.seats.get(seat.index()).map_or(&[], Vec::as_slice),
        }
    }
}

fn event_json<E: GameEvent>(event: E) -> EventJson {
    EventJson { text: event.to_string(), event: serde_json::to_value(&event).expect("events serialise") }
}

/// `log` redacted for the spectator and each of `seats` seats.
pub(super) fn viewer_events<E: GameEvent>(log: &crate::event::EventLog<E>, seats: usize) -> ViewerEvents {
    ViewerEvents {
        spectator: log.for_viewer(None).map(event_json).collect(),
        seats: Seat::all(seats).map(|s| log.for_viewer(Some(s)).map(event_json).collect()).collect(),
    }
}

/// A match of some game, behind JSON-shaped calls.
pub trait DynMatch: Send + Sync {
    /// The registry name of the game.
    fn game(&self) -> &'static str;
    /// The number of seats.
    fn seats(&self) -> usize;
    /// Who may act now (empty when over).
    fn to_act(&self) -> SeatSet;
    /// What kind of step the seats to act take (see [`Game::step_kind`]).
    fn step_kind(&self) -> StepKind;
    /// In a reaction window, the notation of `seat`'s pass (see [`Game::pass`]).
    fn pass(&self, seat: Seat) -> Option<String>;
    /// The outcome, once over.
    fn outcome(&self) -> Option<Outcome>;
    /// What `viewer` sees (`None` = spectator), as JSON.
    fn view(&self, viewer: Option<Seat>) -> Value;
    /// `seat`'s legal actions in notation (empty if it is not to act).
    fn legal_actions(&self, seat: Seat) -> Vec<String>;
    /// What the set-up did ([`Game::start`]), per viewer.
    fn opening_events(&self) -> ViewerEvents;
    /// Applies `seat`'s action given in notation; returns the events per viewer.
    fn apply(&mut self, seat: Seat, notation: &str) -> Result<ViewerEvents, ActionError>;
    /// Asks the bot `spec` (seeded by `seed`) for `seat`'s action, in notation.
    fn bot_action(&self, seat: Seat, spec: &str, seed: u64) -> Result<String, DynBotError>;
    /// The bot `spec`'s values of `seat`'s legal actions ([`crate::Bot::analyse`]), the
    /// actions in notation, its search seeded by `seed`.
    fn analyse(&self, seat: Seat, spec: &str, seed: u64) -> Result<Vec<ActionValue<String>>, DynBotError>;
    /// The number of actions applied so far.
    fn actions(&self) -> usize;
    /// The match so far as a record.
    fn record(&self) -> Record;
    /// Sets who sits where, for the record.
    fn set_players(&mut self, players: Vec<String>);
    /// Why the game ended, once over and if the game says ([`Game::end_reason`]).
    fn end_reason(&self) -> Option<EndReason> {
        None
    }
    /// The last action applied, in canonical notation (as records write it).
    fn last_action(&self) -> Option<(Seat, String)> {
        None
    }
    /// The whole state in the game's position notation ([`Game::position`]). Host knowledge:
    /// never send it to a seat.
    fn position(&self) -> Option<String> {
        None
    }
    /// A copy of this match.
    fn clone_box(&self) -> Box<dyn DynMatch>;
    /// This match as `Any`, for [`typed`].
    fn as_any(&self) -> &dyn Any;
}

/// The typed match behind `m`, if `m` is a match of `G`: for hosts that draw a game's own
/// typed view (a terminal renderer) without going through JSON.
pub fn typed<G: Game>(m: &dyn DynMatch) -> Option<&Match<G>> {
    m.as_any().downcast_ref::<Hosted<G>>().map(|hosted| &hosted.m)
}

/// Why a bot could not move.
#[derive(Clone, Debug, PartialEq, Eq, Error)]
pub enum DynBotError {
    /// The bot spec is unknown or malformed.
    #[error(transparent)]
    Bot(#[from] BotError),
    /// The seat has nothing to do now.
    #[error("seat {0} is not to act now")]
    NotToAct(Seat),
    /// The bot does not search, so it values no action.
    #[error(
        "{0} does not search, so it values no action: ask a bot that searches (ismcts, or the levels hard and expert)"
    )]
    NoAnalysis(String),
}
