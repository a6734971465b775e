//! [`Registry`]: the games a program knows, by name.

use super::about::About;
use super::dyn_match::DynMatch;
use super::kind::{GameKind, Kind};
use crate::error::SetupError;
use crate::game::Game;
use crate::info::BotFactory;
use crate::record::{Record, ReplayError};

/// The games a program knows, by name.
#[derive(Default)]
pub struct Registry {
    kinds: Vec<Box<dyn GameKind>>,
}

impl Registry {
    /// An empty registry.
    pub fn new() -> Self {
        Registry::default()
    }

    /// This registry with game `G` added.
    pub fn with<G: Game>(mut self, bots: BotFactory<G>, bot_names: &'static [&'static str]) -> Self {
        self.kinds.push(Box::new(Kind::<G>::new(bots, bot_names)));
        self
    }

    /// This registry with game `G` added, with what a lobby shows about it and its bots.
    pub fn with_about<G: Game>(
        mut self,
        bots: BotFactory<G>,
        bot_names: &'static [&'static str],
        about: About,
    ) -> Self {
        let mut kind = Kind::<G>::new(bots, bot_names);
        kind.about = about;
        self.kinds.push(Box::new(kind));
        self
    }

    /// The game called `name`.
    pub fn get(&self, name: &str) -> Result<&dyn GameKind, SetupError> {
        self.kinds
            .iter()
            .find(|k| k.name() == name)
            .map(|k| k.as_ref())
            .ok_or_else(|| SetupError::UnknownGame(name.to_owned()))
    }

    /// All games, in registration order.
    pub fn games(&self) -> impl Iterator<Item = &dyn GameKind> {
        self.kinds.iter().map(|k| k.as_ref())
    }

    /// Replays a record of any registered game.
    pub fn replay(&self, record: &Record) -> Result<Box<dyn DynMatch>, ReplayError> {
        let kind = self.get(&record.game)?;
        kind.replay(record)
    }
}
