//! A match: a game plus the chance and history that reproduce it.

use crate::error::{IllegalAction, NotationError, SetupError};
use crate::event::EventLog;
use crate::game::Game;
use crate::info::{Bot, InfoSet};
use crate::outcome::Outcome;
use crate::position::PositionError;
use crate::record::{Record, RecordedAction, ReplayError};
use crate::rng::{GameRng, seeded};
use crate::seat::Seat;
use crate::step::StepKind;

use thiserror::Error;

/// Why an action given as text was refused.
#[derive(Clone, Debug, PartialEq, Eq, Error)]
pub enum ActionError {
    /// The text is not an action in the game's notation.
    #[error(transparent)]
    Notation(#[from] NotationError),
    /// The action is not legal now.
    #[error(transparent)]
    Illegal(#[from] IllegalAction),
    /// There is no such seat at this table.
    #[error("there is no seat {0} at this table")]
    NoSuchSeat(usize),
}

/// A game in progress with its seed, its generator and its history: what a host (server, CLI,
/// arena) holds. The generator lives here, not in the game state, so no sampled world can
/// predict the real game's chance.
#[derive(Clone, Debug)]
pub struct Match<G: Game> {
    state: G,
    rng: GameRng,
    seed: u64,
    history: Vec<(Seat, G::Action)>,
    /// The kind of step each action of `history` answered.
    steps: Vec<StepKind>,
    log: EventLog<G::Event>,
    /// What the set-up did ([`Game::start`]), for hosts that tell players.
    opening: EventLog<G::Event>,
    players: Vec<String>,
    /// The position the match started from, if not from the game's own set-up.
    position: Option<String>,
}

impl<G: Game> Match<G> {
    /// A new match of `seats` seats with chance seeded by `seed`.
    pub fn new(config: &G::Config, seats: usize, seed: u64) -> Result<Self, SetupError> {
        SetupError::check_seats::<G>(seats)?;
        let mut rng = seeded(seed);
        let mut opening = EventLog::new();
        let state = G::start(config, seats, &mut rng, &mut opening)?;
        Ok(Match {
            state,
            rng,
            seed,
            history: Vec::new(),
            steps: Vec::new(),
            log: EventLog::new(),
            opening,
            players: Vec::new(),
            position: None,
        })
    }

    /// A match that starts from `position` (the game's position notation, checked by
    /// [`Game::from_position`]), its further chance seeded by `seed`.
    pub fn from_position(config: &G::Config, seats: usize, position: &str, seed: u64) -> Result<Self, PositionError> {
        SetupError::check_seats::<G>(seats)?;
        let state = G::from_position(config, seats, position)?;
        Ok(Match {
            state,
            rng: seeded(seed),
            seed,
            history: Vec::new(),
            steps: Vec::new(),
            log: EventLog::new(),
            opening: EventLog::new(),
            players: Vec::new(),
            position: Some(position.trim().to_owned()),
        })
    }

    /// The position the match started from, if it did not start from the game's own set-up.
    pub fn start_position(&self) -> Option<&str> {
        self.position.as_deref()
    }

    /// This match without event logging (for arenas and benchmarks).
    pub fn quiet(mut self) -> Self {
        self.log = EventLog::off();
        self.opening = EventLog::off();
        self
    }

    /// The events of the set-up ([`Game::start`]): the deal, a card turned for trump.
    pub fn opening_events(&self) -> &EventLog<G::Event> {
        &self.opening
    }

    /// Names who sits where (kept in the record).
    pub fn set_players(&mut self, players: Vec<String>) {
        self.players = players;
    }

    /// The true state. Hosts only: never hand it to a bot (give it an [`InfoSet`]).
    pub fn state(&self) -> &G {
        &self.state
    }

    /// The seed of the match.
    pub fn seed(&self) -> u64 {
        self.seed
    }

    /// The actions applied so far.
    pub fn history(&self) -> &[(Seat, G::Action)] {
        &self.history
    }

    /// The outcome, once the game is over.
    pub fn outcome(&self) -> Option<Outcome> {
        self.state.outcome()
    }

    /// Applies `seat`'s action; returns the (unredacted) events it caused. On error nothing changes.
    pub fn apply(&mut self, seat: Seat, action: G::Action) -> Result<&[G::Event], IllegalAction> {
        self.log.clear();
        if seat.index() >= self.state.seats() {
            return Err(IllegalAction::NotToAct(seat));
        }
        let step = self.state.step_kind();
        // Records and echoes write the action as the legal list has it.
        let action = self.state.canonical(seat, action);
        self.state.apply(seat, action, &mut self.rng, &mut self.log)?;
        self.history.push((seat, action));
        self.steps.push(step);
        Ok(self.log.events())
    }

    /// Parses `notation` and applies it for `seat`.
    pub fn apply_notation(&mut self, seat: Seat, notation: &str) -> Result<&[G::Event], ActionError> {
        let action: G::Action = notation.trim().parse()?;
        Ok(self.apply(seat, action)?)
    }

    /// The events of the last successful `apply`.
    pub fn last_events(&self) -> &EventLog<G::Event> {
        &self.log
    }

    /// Asks `bot` for `seat`'s action (`None` if the seat has nothing to do).
    pub fn ask(&self, bot: &mut dyn Bot<G>, seat: Seat, rng: &mut GameRng) -> Option<G::Action> {
        if !self.state.to_act().contains(seat) {
            return None;
        }
        Some(bot.choose(&InfoSet::new(&self.state, seat), rng))
    }

    /// The match so far as a record.
    pub fn record(&self) -> Record {
        Record {
            game: G::NAME.to_owned(),
            rules_version: G::RULES_VERSION.to_owned(),
            config: serde_json::to_value(self.state.config()).expect("configs serialise"),
            seats: self.state.seats(),
            players: self.players.clone(),
            seed: self.seed,
            position: self.position.clone(),
            actions: self
                .history
                .iter()
                .zip(&self.steps)
                .map(|(&(seat, action), &step)| RecordedAction {
                    seat,
                    action: action.to_string(),
                    step,
                    by_table: false,
                })
                .collect(),
            outcome: self.state.outcome(),
            end_reason: self.state.end_reason(),
        }
    }

    /// Replays `record` action by action. Fails on a record of another game or of other rules
    /// (its rules version, unless [`Game::replays_rules`] says it replays unchanged), on the
    /// first action that cannot be read or is not legal, on a truncated record, and on an
    /// outcome that differs from the recorded one.
    pub fn replay(record: &Record) -> Result<Self, ReplayError> {
        if record.game != G::NAME {
            return Err(ReplayError::WrongGame { expected: G::NAME.to_owned(), found: record.game.clone() });
        }
        let config = serde_json::from_value::<G::Config>(record.config.clone());
        // An older version's config may not even read (a variant renamed since): refuse it
        // for its version, not its config.
        let replays = |config: &G::Config| G::replays_rules(&record.rules_version, config);
        if record.rules_version != G::RULES_VERSION && !config.as_ref().is_ok_and(replays) {
            return Err(ReplayError::WrongRulesVersion {
                game: G::NAME,
                expected: G::RULES_VERSION,
                found: record.rules_version.clone(),
            });
        }
        let config = config.map_err(|e| SetupError::Config(e.to_string()))?;
        let mut m = match &record.position {
            Some(position) => Match::<G>::from_position(&config, record.seats, position, record.seed)?,
            None => Match::<G>::new(&config, record.seats, record.seed)?,
        };
        m.players = record.players.clone();
        for (i, entry) in record.actions.iter().enumerate() {
            let bad = |reason: String| ReplayError::BadAction {
                number: i + 1,
                seat: entry.seat,
                action: entry.action.clone(),
                reason,
            };
            let step = m.state.step_kind();
            if !entry.step.is_turn() && entry.step != step {
                return Err(bad(format!(
                    "it is recorded as answering a {} step, but here the step is a {step}",
                    entry.step
                )));
            }
            m.apply_notation(entry.seat, &entry.action).map_err(|e| bad(e.to_string()))?;
        }
        if let Some(recorded) = record.outcome {
            match m.outcome() {
                None => return Err(ReplayError::Truncated { actions: record.actions.len() }),
                Some(replayed) if replayed != recorded => {
                    return Err(ReplayError::OutcomeMismatch {
                        recorded: serde_json::to_string(&recorded).unwrap_or_default(),
                        replayed: serde_json::to_string(&replayed).unwrap_or_default(),
                    });
                }
                Some(_) => {}
            }
        }
        Ok(m)
    }
}
