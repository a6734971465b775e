//! A game's bot factory together with its levels.

use crate::game::Game;
use crate::info::{BotError, BotFactory, BotSpec};
use crate::level::Levels;

/// A game's bot factory with its levels: builds a bot from a spec or a level's name.
pub(super) struct Bots<G: Game> {
    pub(super) factory: BotFactory<G>,
    pub(super) levels: Levels,
}

impl<G: Game> Clone for Bots<G> {
    fn clone(&self) -> Self {
        *self
    }
}

impl<G: Game> Copy for Bots<G> {}

impl<G: Game> Bots<G> {
    /// The bot `spec` names (a level's name stands for its spec).
    pub(super) fn build(&self, spec: &str) -> Result<Box<dyn crate::info::Bot<G>>, BotError> {
        (self.factory)(&BotSpec::parse(self.levels.resolve(spec)))
    }

    /// The bot `spec` names for an analysis: `expert` is the game's search for hints and
    /// analyses ([`Levels::search`]).
    pub(super) fn build_analysis(&self, spec: &str) -> Result<Box<dyn crate::info::Bot<G>>, BotError> {
        (self.factory)(&BotSpec::parse(self.levels.resolve_analysis(spec)))
    }
}
