//! The `Game` contract every spieltisch game implements.

use std::fmt::{Debug, Display};
use std::hash::Hash;
use std::str::FromStr;

use serde::Serialize;
use serde::de::DeserializeOwned;

use crate::ending::EndReason;
use crate::error::{IllegalAction, NotationError, SetupError};
use crate::event::{EventLog, GameEvent};
use crate::info::Bot;
use crate::outcome::Outcome;
use crate::position::PositionError;
use crate::preset::Preset;
use crate::rng::GameRng;
use crate::seat::{Seat, SeatSet};
use crate::step::StepKind;

/// A game's rules: a state that seats act on until it has an outcome.
///
/// The contract, which the shared tests in [`crate::testing`] check for every game:
/// - **Chance** comes only from the `rng` passed to [`Game::new`] and [`Game::apply`]; the state
///   never owns a generator (a determinized world must not be able to predict the real one).
/// - **[`Game::step_kind`]** says what kind of step the seats in [`Game::to_act`] take: an
///   ordinary turn (one seat), a secret choice (every listed seat must choose) or a reaction
///   window (every listed seat reacts or passes, [`Game::pass`]). In the last two the seats
///   act in any order and a choice stays hidden from every other view until the game resolves
///   the step; hosts ask every seat of such a step from the position where the step began.
/// - **[`Game::apply`] never panics on any action and leaves the state unchanged** when it returns
///   an error.
/// - **[`Game::determinize`]** returns a world consistent with everything `observer` knows,
///   with all they cannot see resampled: hidden cards *and* other seats' pending secret choices.
///   It must depend only on `view(observer)` and `rng`, never on the true hidden arrangement
///   (gather unseen cards in a canonical order, then shuffle), so a bot that samples cannot peek.
pub trait Game: Clone + Debug + Send + Sync + 'static {
    /// The registry name, in kebab-case (`schotten-totten`).
    const NAME: &'static str;
    /// The display name (`Schotten-Totten`).
    const TITLE: &'static str;
    /// The version of the rules this crate implements; records carry it.
    const RULES_VERSION: &'static str;
    /// The fewest seats the game is played with.
    const MIN_SEATS: usize;
    /// The most seats the game is played with.
    const MAX_SEATS: usize;

    /// Variants and edition data. Serialised with the variant names of [`Game::variants`] as
    /// keys; `Default` is the rules files' default game.
    type Config: Clone + Debug + Default + PartialEq + Serialize + DeserializeOwned + Send + Sync + 'static;
    /// One action of one seat; `Display`/`FromStr` speak the game's notation.
    type Action: Copy + Eq + Hash + Debug + Display + FromStr<Err = NotationError> + Send + Sync + 'static;
    /// What one seat (or a spectator) may see.
    type View: Clone + Debug + PartialEq + Serialize + Send + 'static;
    /// What happened, before redaction.
    type Event: GameEvent;

    /// The variants a table may switch on, for lobbies and `--variant` flags.
    fn variants() -> &'static [Variant];

    /// The game's well-known ways to play, each a named set of variant settings a lobby offers
    /// as one choice ([`Preset`]); `--preset` takes their names. The default: none.
    fn presets() -> &'static [Preset] {
        &[]
    }

    /// Whether a record of the older rules version `version` replays unchanged under these
    /// rules with `config` (the rules changed only where `config` does not reach); hosts refuse
    /// the others ([`crate::ReplayError::WrongRulesVersion`]). The default: none does.
    fn replays_rules(version: &str, config: &Self::Config) -> bool {
        let _ = (version, config);
        false
    }

    /// A new game for `seats` seats, dealt with `rng`.
    fn new(config: &Self::Config, seats: usize, rng: &mut GameRng) -> Result<Self, SetupError>;

    /// A new game as [`Game::new`] sets it up, writing what the set-up did (a card turned for
    /// trump, a first player drawn) to `log`, so hosts can tell the players. Must leave the
    /// same state as `new` with the same `rng`. The default logs nothing.
    fn start(
        config: &Self::Config,
        seats: usize,
        rng: &mut GameRng,
        log: &mut EventLog<Self::Event>,
    ) -> Result<Self, SetupError> {
        let _ = log;
        Self::new(config, seats, rng)
    }

    /// The config this game was set up with.
    fn config(&self) -> &Self::Config;

    /// The number of seats at the table.
    fn seats(&self) -> usize;

    /// The seats that may act now; empty once the game is over.
    fn to_act(&self) -> SeatSet;

    /// What kind of step the seats in [`Game::to_act`] are taking. The default says a turn for
    /// one seat and a secret choice for several; a game with secret choices or reaction
    /// windows says so itself, for every position of the step (also once only one seat of
    /// the step is left to choose).
    fn step_kind(&self) -> StepKind {
        if self.to_act().len() > 1 { StepKind::Secret } else { StepKind::Turn }
    }

    /// In a reaction window, the action by which `seat` declines to react (one of its legal
    /// actions); `None` outside reaction windows and for seats not to act. Hosts answer it for
    /// a person whose time ran out.
    fn pass(&self, seat: Seat) -> Option<Self::Action> {
        let _ = seat;
        None
    }

    /// Replaces the contents of `out` with the legal actions of `seat` (empty if it is not to act).
    fn legal_actions(&self, seat: Seat, out: &mut Vec<Self::Action>);

    /// The action `seat`'s `action` stands for here, as [`Game::legal_actions`] lists it: where
    /// two spellings are one choice (two interchangeable cards in hand), `apply` takes both
    /// and hosts record and echo this one. Legal actions are their own canonical form. The
    /// default: the action itself.
    fn canonical(&self, seat: Seat, action: Self::Action) -> Self::Action {
        let _ = seat;
        action
    }

    /// Applies `seat`'s action, drawing chance from `rng` and writing what happened to `log`.
    fn apply(
        &mut self,
        seat: Seat,
        action: Self::Action,
        rng: &mut GameRng,
        log: &mut EventLog<Self::Event>,
    ) -> Result<(), IllegalAction>;

    /// What `viewer` may see (`None` = a spectator).
    fn view(&self, viewer: Option<Seat>) -> Self::View;

    /// The final result, once the game is over.
    fn outcome(&self) -> Option<Outcome>;

    /// A world consistent with all `observer` knows, everything hidden from them resampled.
    fn determinize(&self, observer: Seat, rng: &mut GameRng) -> Self;

    /// How many choices of seats other than `observer` recorded in this world's recent history
    /// `model` would have made differently, had each chooser held what it holds in this world;
    /// counting may stop at `stop_at`. Forced choices do not count.
    ///
    /// Searches call it on worlds from [`Game::determinize`] to prefer those that explain what
    /// the other seats did (a player who named hearts as trump holds hearts), modelling the
    /// others by `model`. The replay may use only this world and the public history, so it
    /// reveals nothing hidden from `observer`. The default counts nothing: every world explains
    /// everything, and sampling stays uniform.
    fn surprises(&self, observer: Seat, model: &mut dyn Bot<Self>, stop_at: u32, rng: &mut GameRng) -> u32 {
        let _ = (observer, model, stop_at, rng);
        0
    }

    /// Whether the game is over.
    fn is_over(&self) -> bool {
        self.to_act().is_empty()
    }

    /// Why the game ended, once it is over (`None` before, and for games that do not say).
    fn end_reason(&self) -> Option<EndReason> {
        None
    }

    /// Every action a seat could ever take in a game of `config` with `seats` seats, each once,
    /// in a fixed order: the action space of reinforcement-learning environments, over which
    /// a legal-action mask is laid. Every legal action of every reachable state must be in it.
    /// `None`: the game does not list its actions.
    fn action_space(config: &Self::Config, seats: usize) -> Option<Vec<Self::Action>> {
        let _ = (config, seats);
        None
    }

    /// A small number for each action of [`Game::action_space`], distinct among them (the
    /// contract checks it): learning code then finds an action's id by indexing a table
    /// instead of hashing the action (every step's mask looks up each legal action, and the
    /// hash cost a third of a step). `None` (the default): the game gives none, and ids are
    /// found by hash — as they are for a game that gives two actions one key.
    fn action_key(action: &Self::Action) -> Option<u16> {
        let _ = action;
        None
    }

    /// `seat`'s legal actions as ids (places in [`Game::action_space`] of this state's config
    /// and seat count), ascending, written into `out` without building the actions: for games
    /// with many legal actions a step, where finding each action's id cost as much as the step
    /// itself. Returns whether it wrote them; `false` (the default, and for any position a game
    /// leaves to the host) lets learning code map [`Game::legal_actions`] instead. The contract
    /// checks that both ways give the same ids.
    fn legal_action_ids(&self, seat: Seat, out: &mut Vec<u32>) -> bool {
        let _ = (seat, out);
        false
    }

    /// The shape of the observation tensor ([`Game::observe`]) of a game of `config` with
    /// `seats` seats: the layout each game documents in its crate docs (see
    /// [`crate::observation`]). `None`: the game offers no observation tensor.
    fn observation_shape(config: &Self::Config, seats: usize) -> Option<Vec<usize>> {
        let _ = (config, seats);
        None
    }

    /// Writes what `seat` knows now into `out` (as long as [`Game::observation_shape`] says):
    /// its information set only, so equal in every world [`Game::determinize`] samples for it.
    /// Writes every value, finite, without allocating. The default writes nothing.
    fn observe(&self, seat: Seat, out: &mut [f32]) {
        let _ = (seat, out);
    }

    /// The whole state, as a referee sees it, in the game's position notation (documented in
    /// its crate), such that [`Game::from_position`] with the same config and seat count
    /// restores it. Host knowledge: never show it to a seat. `None`: the game has no notation.
    fn position(&self) -> Option<String> {
        None
    }

    /// A game in the position `position` (as [`Game::position`] writes it), checked: a position
    /// that cannot happen (a card twice or missing, a hand too large) is refused with a reason.
    /// The default says the game has no position notation.
    fn from_position(config: &Self::Config, seats: usize, position: &str) -> Result<Self, PositionError> {
        let _ = (config, seats, position);
        Err(PositionError::NotSupported(Self::NAME))
    }
}

/// One variant a table may switch on: its config key and what it does.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize)]
pub struct Variant {
    /// The config key and `--variant` name (`claim-after-play`).
    pub name: &'static str,
    /// One line for humans.
    pub description: &'static str,
    /// What value it takes.
    #[serde(flatten)]
    pub kind: VariantKind,
}

/// The values a variant takes.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize)]
#[serde(tag = "kind", rename_all = "kebab-case")]
pub enum VariantKind {
    /// On or off (`--variant mercy`).
    Flag,
    /// One of a few words (`--variant name=word`).
    Choice { options: &'static [&'static str], default: &'static str },
    /// A whole number in a range (`--variant start-cards=6`).
    Number { min: i64, max: i64, default: i64 },
}
