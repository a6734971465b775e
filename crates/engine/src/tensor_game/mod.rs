//! The typed fast face of every game for learning code: actions as ids into the game's action
//! space ([`crate::Game::action_space`]), observations as tensors ([`crate::Game::observe`]),
//! legal actions and masks into reused buffers. Nothing goes through JSON or notation on the
//! way: the id ↔ action table is built once per config and seat count.
//!
//! [`crate::GameKind::tensor_game`] gives a [`TensorGame`] for any registered game that lists
//! its actions and offers an observation; the Python package and its vector API are built on
//! it and know no game of their own.
//!
//! ```
//! use engine::demo::Rps;
//! use engine::{RandomBot, Registry, Seat};
//!
//! let registry = Registry::new().with::<Rps>(|_| Ok(Box::new(RandomBot::default())), &["random"]);
//! let game = registry.get("rps-veto").unwrap().tensor_game(&serde_json::Value::Null, 2).unwrap();
//! let mut state = game.new_state(7).unwrap();
//! let mut legal = Vec::new();
//! state.legal_ids(Seat::at(0), &mut legal);
//! assert_eq!(game.action_name(legal[0]).as_deref(), Some("rock"));
//! let mut tensor = vec![0.0; game.observation_len()];
//! state.observe(Seat::at(0), &mut tensor);
//! state.apply(Seat::at(0), legal[0]).unwrap();
//! assert!(state.apply(Seat::at(0), legal[0]).is_err(), "seat 0 has thrown");
//! ```

mod helpers;
mod hosted;
mod table;
mod vector;

use std::any::Any;

use serde_json::Value;
use thiserror::Error;

use crate::error::{IllegalAction, SetupError};
use crate::info::BotError;
use crate::outcome::Outcome;
use crate::position::PositionError;
use crate::rng::GameRng;
use crate::seat::{Seat, SeatSet};
use crate::step::StepKind;

pub use helpers::{StepHelpers, StepPart, StepPartResult};
pub(crate) use hosted::tensor_game;
pub use vector::{SlotError, SlotOutput, VectorSlot};

/// A game of one config and seat count, driven by action ids and observed as tensors.
pub trait TensorGame: Send + Sync {
    /// The registry name of the game.
    fn name(&self) -> &'static str;
    /// The number of seats.
    fn seats(&self) -> usize;
    /// The full config, as JSON.
    fn config(&self) -> Value;
    /// The size of the action space: ids run from 0 to this, exclusive.
    fn num_actions(&self) -> usize;
    /// The shape of an observation tensor.
    fn observation_shape(&self) -> &[usize];
    /// The number of values in an observation tensor (the product of its shape).
    fn observation_len(&self) -> usize {
        self.observation_shape().iter().product()
    }
    /// The notation of action `id` (`None` past the action space).
    fn action_name(&self, id: u32) -> Option<String>;
    /// The id of the action written `notation`, if it is in the action space.
    fn action_id(&self, notation: &str) -> Option<u32>;
    /// A new game dealt with `seed` (the same seed deals the same game as a
    /// [`crate::Match`] with that seed).
    fn new_state(&self, seed: u64) -> Result<Box<dyn TensorState>, SetupError>;
    /// A game in `position` (the game's position notation, [`crate::Game::from_position`]), its
    /// further chance seeded by `seed`.
    fn state_at(&self, position: &str, seed: u64) -> Result<Box<dyn TensorState>, PositionError>;
    /// The bot `spec` (`heuristic`, `ismcts:200`, as the registry names them) for this game.
    fn bot(&self, spec: &str) -> Result<TensorBot, BotError>;
}

/// One game in progress behind a [`TensorGame`]: its state and its own seeded chance.
pub trait TensorState: Send + Sync {
    /// The number of seats.
    fn seats(&self) -> usize;
    /// The seats that may act now; empty once the game is over.
    fn to_act(&self) -> SeatSet;
    /// What kind of step the seats to act take ([`crate::Game::step_kind`]).
    fn step_kind(&self) -> StepKind;
    /// Whether the game is over.
    fn is_over(&self) -> bool {
        self.to_act().is_empty()
    }
    /// Replaces `out` with the ids of `seat`'s legal actions, ascending (empty if it is not to
    /// act).
    fn legal_ids(&mut self, seat: Seat, out: &mut Vec<u32>);
    /// Writes `seat`'s legal-action mask: 1 at each legal id, 0 elsewhere (`out` as long as the
    /// action space).
    fn legal_mask(&mut self, seat: Seat, out: &mut [u8]);
    /// Applies action `id` for `seat`, chance drawn from the state's own generator. On error
    /// nothing changes.
    fn apply(&mut self, seat: Seat, id: u32) -> Result<(), StepError>;
    /// Writes what `seat` knows into `out` (as long as the observation).
    fn observe(&self, seat: Seat, out: &mut [f32]);
    /// The final result, once the game is over.
    fn outcome(&self) -> Option<Outcome>;
    /// Each seat's return into `out` (one per seat): 0 before the end; at the end the share of
    /// other seats it finished ahead of (a shared place counting half), scaled to −1 … 1, so a
    /// lone winner gets 1, a lone loser −1 and the returns of a game add up to 0.
    fn returns(&self, out: &mut [f32]) {
        out.fill(0.0);
        if let Some(outcome) = self.outcome() {
            for (seat, value) in Seat::all(out.len()).zip(out.iter_mut()) {
                *value = (2.0 * outcome.reward(seat) - 1.0) as f32;
            }
        }
    }
    /// What `viewer` sees (`None` = spectator), as the game's view JSON.
    fn view(&self, viewer: Option<Seat>) -> Value;
    /// The whole state in the game's position notation. Host knowledge: never show it to a seat.
    fn position(&self) -> Option<String>;
    /// A world consistent with all `observer` knows ([`crate::Game::determinize`]), its further
    /// chance seeded by `seed`.
    fn resample(&self, observer: Seat, seed: u64) -> Box<dyn TensorState>;
    /// Asks `bot` (made by the same [`TensorGame`]) for `seat`'s action id; `None` if the seat
    /// is not to act or the bot is of another game.
    fn ask(&self, seat: Seat, bot: &mut TensorBot, rng: &mut GameRng) -> Option<u32>;
    /// A copy of this state, its generator included (the copy goes on exactly as this would).
    fn clone_box(&self) -> Box<dyn TensorState>;
}

impl Clone for Box<dyn TensorState> {
    fn clone(&self) -> Self {
        self.clone_box()
    }
}

/// A bot of one game, for [`TensorState::ask`].
pub struct TensorBot {
    name: String,
    bot: Box<dyn Any + Send>,
}

impl TensorBot {
    /// The bot's name (`ismcts:200`).
    pub fn name(&self) -> &str {
        &self.name
    }
}

impl std::fmt::Debug for TensorBot {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_struct("TensorBot").field("name", &self.name).finish_non_exhaustive()
    }
}

/// Why a game cannot be driven by ids and tensors.
#[derive(Clone, Debug, PartialEq, Eq, Error)]
pub enum TensorGameError {
    /// The config or seat count cannot set up a game.
    #[error(transparent)]
    Setup(#[from] SetupError),
    /// The game does not list its actions ([`crate::Game::action_space`]).
    #[error("{0} does not list its actions")]
    NoActionSpace(&'static str),
    /// The game offers no observation tensor ([`crate::Game::observation_shape`]).
    #[error("{0} offers no observation tensor")]
    NoObservation(&'static str),
}

/// Why an action id was refused. The state is unchanged.
#[derive(Clone, Debug, PartialEq, Eq, Error)]
pub enum StepError {
    /// The id is past the action space.
    #[error("no action has id {id}: the action space has {actions}")]
    NoSuchAction { id: u32, actions: usize },
    /// There is no such seat at this table.
    #[error("there is no seat {0} at this table")]
    NoSuchSeat(usize),
    /// The action is not legal now.
    #[error("{action}: {reason}")]
    Illegal { action: String, reason: IllegalAction },
}
