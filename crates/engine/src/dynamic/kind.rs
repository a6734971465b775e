//! [`GameKind`]: a game as the registry knows it, and [`Kind`], the entry of a typed game.

use std::marker::PhantomData;
use std::sync::Arc;

use serde_json::Value;

use super::about::{About, GameInfo};
use super::bot_game::{BotGame, BotGameError, play_bots};
use super::bots::Bots;
use super::dyn_match::DynMatch;
use super::hosted::Hosted;
use super::variants::variants_to_json;
use crate::error::SetupError;
use crate::game::Game;
use crate::info::BotFactory;
use crate::matches::Match;
use crate::position::PositionError;
use crate::record::{Record, ReplayError};
use crate::tensor_game::{TensorGame, TensorGameError};
use crate::testing::{Coverage, FuzzCount};

/// A game as the registry knows it: its description and how to start or replay its matches.
pub trait GameKind: Send + Sync {
    /// The registry name (`schotten-totten`).
    fn name(&self) -> &'static str;
    /// Everything a lobby shows about the game.
    fn info(&self) -> GameInfo;
    /// The default config as JSON.
    fn default_config(&self) -> Value;
    /// A full config from variant settings (`claim-after-play`, `start-cards=6`), validated.
    fn config_from_variants(&self, variants: &[String]) -> Result<Value, SetupError>;
    /// A new match. `config` may be partial: missing keys take their defaults.
    fn new_match(&self, config: &Value, seats: usize, seed: u64) -> Result<Box<dyn DynMatch>, SetupError>;
    /// A match replayed from a record.
    fn replay(&self, record: &Record) -> Result<Box<dyn DynMatch>, ReplayError>;
    /// A match starting from `position` (the game's position notation), its chance seeded by
    /// `seed`. `config` may be partial, as for [`GameKind::new_match`].
    fn setup_match(
        &self,
        config: &Value,
        seats: usize,
        position: &str,
        seed: u64,
    ) -> Result<Box<dyn DynMatch>, PositionError>;
    /// Every action of the game with `config` and `seats` seats in a fixed order, in notation
    /// ([`Game::action_space`]); `Ok(None)` when the game does not list them.
    fn action_space(&self, config: &Value, seats: usize) -> Result<Option<Vec<String>>, SetupError>;
    /// The game with `config` and `seats` seats driven by action ids and observed as tensors
    /// (see [`crate::TensorGame`]), for learning code; refused for games that do not list their
    /// actions or offer no observation.
    fn tensor_game(&self, config: &Value, seats: usize) -> Result<Arc<dyn TensorGame>, TensorGameError>;
    /// Plays one whole game between bots (one spec per seat), fast and without events.
    fn play_bots(&self, config: &Value, bots: &[String], seed: u64, keep_record: bool)
    -> Result<BotGame, BotGameError>;
    /// Plays `games` random games with the typed contract checks of [`crate::testing`] at every
    /// position (for conformance suites over a whole registry). Panics, naming the game, seed
    /// and step, where the game breaks the contract.
    fn check_contract(&self, config: &Value, seats: usize, games: usize, seed: u64) -> Result<Coverage, SetupError>;
    /// Plays one game as a fuzzer's `data` chooses, checking the contract at every step
    /// ([`crate::testing::fuzz_game`]); panics where the game breaks it.
    fn fuzz(&self, data: &[u8]) -> FuzzCount;
}

/// The registry entry of game `G`: its bot factory and bot names.
pub struct Kind<G: Game> {
    bots: BotFactory<G>,
    bot_names: &'static [&'static str],
    pub(super) about: About,
    game: PhantomData<fn() -> G>,
}

impl<G: Game> Kind<G> {
    /// The entry for `G` with the bots `bots` builds; `bot_names` lists them for lobbies.
    pub fn new(bots: BotFactory<G>, bot_names: &'static [&'static str]) -> Self {
        Kind { bots, bot_names, about: About::default(), game: PhantomData }
    }

    /// The bots of this game, levels included.
    fn bots(&self) -> Bots<G> {
        Bots { factory: self.bots, levels: self.about.levels }
    }

    fn config(&self, config: &Value) -> Result<G::Config, SetupError> {
        // Missing keys take their defaults: overlay the given object on the default config.
        let mut full = serde_json::to_value(G::Config::default()).expect("configs serialise");
        match (config, &mut full) {
            (Value::Null, _) => {}
            (Value::Object(given), Value::Object(base)) => {
                for (key, value) in given {
                    if !base.contains_key(key) {
                        return Err(SetupError::Config(format!("unknown config key {key:?}")));
                    }
                    base.insert(key.clone(), value.clone());
                }
            }
            _ => return Err(SetupError::Config("a config is a JSON object".into())),
        }
        serde_json::from_value(full).map_err(|e| SetupError::Config(e.to_string()))
    }
}

impl<G: Game> GameKind for Kind<G> {
    fn name(&self) -> &'static str {
        G::NAME
    }

    fn info(&self) -> GameInfo {
        GameInfo {
            name: G::NAME,
            title: G::TITLE,
            rules_version: G::RULES_VERSION,
            min_seats: G::MIN_SEATS,
            max_seats: G::MAX_SEATS,
            variants: G::variants(),
            presets: G::presets(),
            bots: self.bot_names,
            default_config: self.default_config(),
            summary: self.about.summary,
            summary_de: self.about.summary_de,
            bot_info: self.about.bots,
            levels: self.about.levels,
            rules: self.about.rules,
        }
    }

    fn default_config(&self) -> Value {
        serde_json::to_value(G::Config::default()).expect("configs serialise")
    }

    fn config_from_variants(&self, variants: &[String]) -> Result<Value, SetupError> {
        let config = variants_to_json(G::variants(), variants)?;
        Ok(serde_json::to_value(self.config(&config)?).expect("configs serialise"))
    }

    fn new_match(&self, config: &Value, seats: usize, seed: u64) -> Result<Box<dyn DynMatch>, SetupError> {
        let config = self.config(config)?;
        Ok(Box::new(Hosted { m: Match::<G>::new(&config, seats, seed)?, bots: self.bots() }))
    }

    fn replay(&self, record: &Record) -> Result<Box<dyn DynMatch>, ReplayError> {
        Ok(Box::new(Hosted { m: Match::<G>::replay(record)?, bots: self.bots() }))
    }

    fn setup_match(
        &self,
        config: &Value,
        seats: usize,
        position: &str,
        seed: u64,
    ) -> Result<Box<dyn DynMatch>, PositionError> {
        let config = self.config(config)?;
        Ok(Box::new(Hosted { m: Match::<G>::from_position(&config, seats, position, seed)?, bots: self.bots() }))
    }

    fn action_space(&self, config: &Value, seats: usize) -> Result<Option<Vec<String>>, SetupError> {
        SetupError::check_seats::<G>(seats)?;
        let config = self.config(config)?;
        Ok(G::action_space(&config, seats).map(|actions| actions.iter().map(ToString::to_string).collect()))
    }

    fn tensor_game(&self, config: &Value, seats: usize) -> Result<Arc<dyn TensorGame>, TensorGameError> {
        crate::tensor_game::tensor_game::<G>(self.config(config)?, seats, self.bots, self.about.levels)
    }

    fn play_bots(
        &self,
        config: &Value,
        bots: &[String],
        seed: u64,
        keep_record: bool,
    ) -> Result<BotGame, BotGameError> {
        let config = self.config(config)?;
        play_bots(&config, self.bots(), bots, seed, keep_record)
    }

    fn check_contract(&self, config: &Value, seats: usize, games: usize, seed: u64) -> Result<Coverage, SetupError> {
        self.checked(config, seats, games, seed)
    }

    fn fuzz(&self, data: &[u8]) -> FuzzCount {
        crate::testing::fuzz_game::<G>(data)
    }
}

impl<G: Game> Kind<G> {
    fn checked(&self, config: &Value, seats: usize, games: usize, seed: u64) -> Result<Coverage, SetupError> {
        let config = self.config(config)?;
        Match::<G>::new(&config, seats, seed)?;
        Ok(crate::testing::check_random_games::<G>(&config, seats, games, seed, &mut |_| {}))
    }
}
