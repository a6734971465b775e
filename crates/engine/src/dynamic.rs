//! The type-erased face of every game: JSON-shaped calls and a registry by name. Servers, the
//! CLI and the line protocol use only this, so they have one code path for all games.

use std::any::Any;
use std::marker::PhantomData;

use serde::Serialize;
use serde_json::{Map, Value};
use thiserror::Error;

use crate::ending::EndReason;
use crate::error::SetupError;
use crate::event::GameEvent;
use crate::game::{Game, Variant, VariantKind};
use crate::info::{BotError, BotFactory, BotSpec};
use crate::level::Levels;
use crate::matches::{ActionError, Match};
use crate::outcome::Outcome;
use crate::position::PositionError;
use crate::record::{Record, ReplayError};
use crate::rng::seeded;
use crate::rules_text::RulesText;
use crate::seat::{Seat, SeatSet};
use crate::step::{StepKind, step_continues};
use crate::testing::Coverage;

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
}

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
    /// Plays one whole game between bots (one spec per seat), fast and without events.
    fn play_bots(&self, config: &Value, bots: &[String], seed: u64, keep_record: bool)
    -> Result<BotGame, BotGameError>;
    /// Plays `games` random games with the typed contract checks of [`crate::testing`] at every
    /// position (for conformance suites over a whole registry). Panics, naming the game, seed
    /// and step, where the game breaks the contract.
    fn check_contract(&self, config: &Value, seats: usize, games: usize, seed: u64) -> Result<Coverage, SetupError>;
}

/// The result of [`GameKind::play_bots`].
#[derive(Clone, Debug)]
pub struct BotGame {
    /// The outcome.
    pub outcome: Outcome,
    /// The number of actions played.
    pub actions: usize,
    /// Why the game ended, if the game says.
    pub end_reason: Option<EndReason>,
    /// The record, if asked for.
    pub record: Option<Record>,
}

/// Why a bot game could not be played.
#[derive(Clone, Debug, PartialEq, Eq, Error)]
pub enum BotGameError {
    /// The config or seat count is invalid.
    #[error(transparent)]
    Setup(#[from] SetupError),
    /// A bot spec is invalid.
    #[error(transparent)]
    Bot(#[from] BotError),
    /// A bot returned an illegal action: a bug in the bot.
    #[error("bot {bot} played the illegal action {action:?}: {reason}")]
    IllegalMove { bot: String, action: String, reason: String },
    /// The game did not end within its action limit: a bug in the game or bots.
    #[error("the game did not end after {0} actions")]
    NoEnd(usize),
}

/// The description of a game a lobby shows.
#[derive(Clone, Debug, Serialize)]
pub struct GameInfo {
    /// The registry name.
    pub name: &'static str,
    /// The display name.
    pub title: &'static str,
    /// The rules version.
    pub rules_version: &'static str,
    /// The fewest seats.
    pub min_seats: usize,
    /// The most seats.
    pub max_seats: usize,
    /// The variants a table may switch on.
    pub variants: &'static [Variant],
    /// The bots that can take a seat (`ismcts` takes a parameter: `ismcts:1000`).
    pub bots: &'static [&'static str],
    /// The default config.
    pub default_config: Value,
    /// One or two sentences a lobby shows about the game (empty if none was given).
    pub summary: &'static str,
    /// The same in German (empty if none was given: a lobby then shows `summary`).
    pub summary_de: &'static str,
    /// What a lobby shows about each bot, where the registry was told ([`Registry::with_about`]).
    pub bot_info: &'static [BotAbout],
    /// The bot levels people choose from (Easy … Expert), each a spec and a fixed rating; a
    /// level's name is accepted wherever a spec is.
    pub levels: Levels,
    /// The rules for players, one text per language ([`crate::rules_in`] picks one). Not in the
    /// JSON: the texts are long and hosts serve them on their own.
    #[serde(skip)]
    pub rules: &'static [RulesText],
}

/// What a lobby shows about a game beyond its rules: given by the catalog when it registers it.
#[derive(Clone, Copy, Debug, Default)]
pub struct About {
    /// One or two sentences about the game.
    pub summary: &'static str,
    /// The same in German.
    pub summary_de: &'static str,
    /// Per bot: its label and what it costs.
    pub bots: &'static [BotAbout],
    /// The levels people choose from, each mapped to a bot spec and a fixed rating.
    pub levels: Levels,
    /// The rules for players, one markdown text per language (English first).
    pub rules: &'static [RulesText],
}

/// What a lobby shows about one bot.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize)]
pub struct BotAbout {
    /// The bot's name (`heuristic`, `ismcts`).
    pub name: &'static str,
    /// A short label (`Heuristic bot — plays sensibly and fast`).
    pub label: &'static str,
    /// What a move costs (`about 70 ms a move at ismcts:1000`), empty if not measured.
    pub cost: &'static str,
}

/// The registry entry of game `G`: its bot factory and bot names.
pub struct Kind<G: Game> {
    bots: BotFactory<G>,
    bot_names: &'static [&'static str],
    about: About,
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

    fn play_bots(
        &self,
        config: &Value,
        bots: &[String],
        seed: u64,
        keep_record: bool,
    ) -> Result<BotGame, BotGameError> {
        let config = self.config(config)?;
        let mut m = Match::<G>::new(&config, bots.len(), seed)?.quiet();
        let mut players: Vec<Box<dyn crate::info::Bot<G>>> =
            bots.iter().map(|spec| self.bots().build(spec)).collect::<Result<_, _>>()?;
        // Bots draw from their own generator so the game's chance stays the record's.
        let mut bot_rng = seeded(seed ^ 0x9E37_79B9_7F4A_7C15);
        const LIMIT: usize = 1_000_000;
        let mut answers: Vec<(Seat, G::Action)> = Vec::new();
        while !m.state().is_over() {
            if m.history().len() >= LIMIT {
                return Err(BotGameError::NoEnd(LIMIT));
            }
            // Every seat of a secret choice or reaction window answers from the position where
            // the step began, so no bot's answer depends on another's.
            let (kind, to_act) = (m.state().step_kind(), m.state().to_act());
            answers.clear();
            for seat in to_act.iter().take(if kind.is_simultaneous() { usize::MAX } else { 1 }) {
                let bot = &mut players[seat.index()];
                answers.push((seat, m.ask(bot.as_mut(), seat, &mut bot_rng).expect("seat is to act")));
            }
            let mut before = (kind, to_act);
            for &(seat, action) in &answers {
                m.apply(seat, action).map_err(|e| BotGameError::IllegalMove {
                    bot: players[seat.index()].name(),
                    action: action.to_string(),
                    reason: e.to_string(),
                })?;
                let after = (m.state().step_kind(), m.state().to_act());
                if !step_continues(before, seat, after) {
                    break;
                }
                before = after;
            }
        }
        let actions = m.history().len();
        let record = keep_record.then(|| {
            m.set_players(bots.to_vec());
            m.record()
        });
        Ok(BotGame {
            outcome: m.outcome().expect("the loop ends only when the game is over"),
            actions,
            end_reason: m.state().end_reason(),
            record,
        })
    }

    fn check_contract(&self, config: &Value, seats: usize, games: usize, seed: u64) -> Result<Coverage, SetupError> {
        self.checked(config, seats, games, seed)
    }
}

impl<G: Game> Kind<G> {
    fn checked(&self, config: &Value, seats: usize, games: usize, seed: u64) -> Result<Coverage, SetupError> {
        let config = self.config(config)?;
        Match::<G>::new(&config, seats, seed)?;
        Ok(crate::testing::check_random_games::<G>(&config, seats, games, seed, &mut |_| {}))
    }
}

/// Turns `--variant` settings into a config object: `name` switches a flag on, `name=value`
/// sets a choice or a number.
fn variants_to_json(known: &[Variant], given: &[String]) -> Result<Value, SetupError> {
    let mut config = Map::new();
    for setting in given {
        let (name, value) = match setting.split_once('=') {
            Some((n, v)) => (n.trim(), Some(v.trim())),
            None => (setting.trim(), None),
        };
        let variant = known.iter().find(|v| v.name == name).ok_or_else(|| {
            let names: Vec<_> = known.iter().map(|v| v.name).collect();
            SetupError::Config(format!("unknown variant {name:?}; known: {}", names.join(", ")))
        })?;
        let json = match (variant.kind, value) {
            (VariantKind::Flag, None | Some("true" | "on")) => Value::Bool(true),
            (VariantKind::Flag, Some("false" | "off")) => Value::Bool(false),
            (VariantKind::Choice { options, .. }, Some(v)) if options.contains(&v) => Value::String(v.to_owned()),
            (VariantKind::Choice { options, .. }, _) => {
                return Err(SetupError::Config(format!("variant {name} takes one of: {}", options.join(", "))));
            }
            (VariantKind::Number { min, max, .. }, Some(v)) => match v.parse::<i64>() {
                Ok(n) if (min..=max).contains(&n) => Value::from(n),
                _ => return Err(SetupError::Config(format!("variant {name} takes a number from {min} to {max}"))),
            },
            (VariantKind::Number { min, max, .. }, None) => {
                return Err(SetupError::Config(format!("variant {name} needs a value: {name}=N ({min}..={max})")));
            }
            (VariantKind::Flag, Some(v)) => {
                return Err(SetupError::Config(format!("variant {name} is a switch and takes no value {v:?}")));
            }
        };
        config.insert(name.to_owned(), json);
    }
    Ok(Value::Object(config))
}

/// A game's bot factory with its levels: builds a bot from a spec or a level's name.
struct Bots<G: Game> {
    factory: BotFactory<G>,
    levels: Levels,
}

impl<G: Game> Clone for Bots<G> {
    fn clone(&self) -> Self {
        *self
    }
}

impl<G: Game> Copy for Bots<G> {}

impl<G: Game> Bots<G> {
    /// The bot `spec` names (a level's name stands for its spec).
    fn build(&self, spec: &str) -> Result<Box<dyn crate::info::Bot<G>>, BotError> {
        (self.factory)(&BotSpec::parse(self.levels.resolve(spec)))
    }
}

/// A typed match behind the [`DynMatch`] face.
#[derive(Clone)]
struct Hosted<G: Game> {
    m: Match<G>,
    bots: Bots<G>,
}

fn event_json<E: GameEvent>(event: E) -> EventJson {
    EventJson { text: event.to_string(), event: serde_json::to_value(&event).expect("events serialise") }
}

/// `log` redacted for the spectator and each of `seats` seats.
fn viewer_events<E: GameEvent>(log: &crate::event::EventLog<E>, seats: usize) -> ViewerEvents {
    ViewerEvents {
        spectator: log.for_viewer(None).map(event_json).collect(),
        seats: Seat::all(seats).map(|s| log.for_viewer(Some(s)).map(event_json).collect()).collect(),
    }
}

impl<G: Game> DynMatch for Hosted<G> {
    fn game(&self) -> &'static str {
        G::NAME
    }

    fn seats(&self) -> usize {
        self.m.state().seats()
    }

    fn to_act(&self) -> SeatSet {
        self.m.state().to_act()
    }

    fn step_kind(&self) -> StepKind {
        self.m.state().step_kind()
    }

    fn pass(&self, seat: Seat) -> Option<String> {
        self.m.state().pass(seat).map(|a| a.to_string())
    }

    fn outcome(&self) -> Option<Outcome> {
        self.m.outcome()
    }

    fn view(&self, viewer: Option<Seat>) -> Value {
        serde_json::to_value(self.m.state().view(viewer)).expect("views serialise")
    }

    fn legal_actions(&self, seat: Seat) -> Vec<String> {
        let mut out = Vec::new();
        self.m.state().legal_actions(seat, &mut out);
        out.iter().map(ToString::to_string).collect()
    }

    fn opening_events(&self) -> ViewerEvents {
        viewer_events(self.m.opening_events(), self.seats())
    }

    fn apply(&mut self, seat: Seat, notation: &str) -> Result<ViewerEvents, ActionError> {
        if seat.index() >= self.seats() {
            return Err(ActionError::NoSuchSeat(seat.index()));
        }
        self.m.apply_notation(seat, notation)?;
        Ok(viewer_events(self.m.last_events(), self.seats()))
    }

    fn bot_action(&self, seat: Seat, spec: &str, seed: u64) -> Result<String, DynBotError> {
        let mut bot = self.bots.build(spec)?;
        let mut rng = seeded(seed);
        self.m.ask(bot.as_mut(), seat, &mut rng).map(|a| a.to_string()).ok_or(DynBotError::NotToAct(seat))
    }

    fn actions(&self) -> usize {
        self.m.history().len()
    }

    fn record(&self) -> Record {
        self.m.record()
    }

    fn set_players(&mut self, players: Vec<String>) {
        self.m.set_players(players);
    }

    fn end_reason(&self) -> Option<EndReason> {
        self.m.state().end_reason()
    }

    fn last_action(&self) -> Option<(Seat, String)> {
        self.m.history().last().map(|(seat, action)| (*seat, action.to_string()))
    }

    fn position(&self) -> Option<String> {
        self.m.state().position()
    }

    fn clone_box(&self) -> Box<dyn DynMatch> {
        Box::new(self.clone())
    }

    fn as_any(&self) -> &dyn Any {
        self
    }
}

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
