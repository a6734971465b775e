//! The type-erased face of every game: JSON-shaped calls and a registry by name. Servers, the
//! CLI and the line protocol use only this, so they have one code path for all games.
//!
//! - [`DynMatch`] (`dyn_match`): a match behind JSON-shaped calls; `hosted` puts a typed
//!   [`crate::Match`] behind it.
//! - [`GameKind`] (`kind`): a game as the registry knows it, with [`Kind`] its typed entry;
//!   `bot_game` plays whole games between bots, `variants` reads variant settings.
//! - [`GameInfo`], [`About`], [`BotAbout`] (`about`): what a lobby shows.
//! - [`Registry`] (`registry`): the games a program knows, by name.

mod about;
mod bot_game;
mod bots;
mod dyn_match;
mod hosted;
mod kind;
mod registry;
mod variants;

pub use about::{About, BotAbout, GameInfo};
pub use bot_game::{BotGame, BotGameError};
pub use dyn_match::{DynBotError, DynMatch, EventJson, ViewerEvents, typed};
pub use kind::{GameKind, Kind};
pub use registry::Registry;
