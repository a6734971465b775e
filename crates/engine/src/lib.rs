//! The spieltisch game contract.
//!
//! Every game implements [`Game`]: a state that seats act on until it has an [`Outcome`].
//! Hosts hold a [`Match`] (the game plus its seeded chance and history, which is also its
//! [`Record`]); bots see only an [`InfoSet`]; servers and tools reach every game by name through
//! a [`Registry`] of type-erased [`DynMatch`]es.
//!
//! ```
//! use engine::demo::{Rps, RpsConfig};
//! use engine::{Game, Match, Seat};
//!
//! // Rock-paper-scissors with a veto: both seats throw at once, secretly.
//! let mut m = Match::<Rps>::new(&RpsConfig::default(), 2, 7).unwrap();
//! assert_eq!(m.state().to_act().len(), 2);
//! m.apply_notation(Seat::at(0), "rock").unwrap();
//! // Seat 1 sees that seat 0 has thrown, not what.
//! let view = m.state().view(Some(Seat::at(1)));
//! assert_eq!((view.thrown, view.my_throw), ([true, false], None));
//! m.apply_notation(Seat::at(1), "scissors").unwrap();
//! // Seat 1 lost the throw: a reaction window opens for it alone.
//! assert_eq!(m.state().to_act().iter().collect::<Vec<_>>(), vec![Seat::at(1)]);
//! assert!(m.apply_notation(Seat::at(0), "veto").is_err()); // not seat 0's window
//! m.apply_notation(Seat::at(1), "veto").unwrap();
//!
//! // A record reproduces the match exactly.
//! let again = Match::<Rps>::replay(&m.record()).unwrap();
//! assert_eq!(again.state().view(None), m.state().view(None));
//! ```
//!
//! The same through the registry, as the server and the line protocol use it:
//!
//! ```
//! use engine::demo::Rps;
//! use engine::{RandomBot, Registry, Seat};
//!
//! let registry = Registry::new().with::<Rps>(|_| Ok(Box::new(RandomBot::default())), &["random"]);
//! let kind = registry.get("rps-veto").unwrap();
//! let config = kind.config_from_variants(&["first-to=3".to_string()]).unwrap();
//! let mut m = kind.new_match(&config, 2, 1).unwrap();
//! let events = m.apply(Seat::at(0), "paper").unwrap();
//! assert_eq!(events.for_viewer(Some(Seat::at(0)))[0].text, "seat 0 threw paper");
//! assert_eq!(events.for_viewer(Some(Seat::at(1)))[0].text, "seat 0 threw");
//! assert!(m.apply(Seat::at(0), "lizard").is_err());
//! ```

pub mod demo;
mod dynamic;
mod ending;
mod error;
mod event;
mod game;
mod info;
mod level;
mod matches;
mod observation;
mod outcome;
mod position;
mod preset;
mod random;
mod record;
mod rng;
mod rules_text;
mod seat;
mod step;
mod tensor_game;
pub mod testing;

pub use dynamic::{
    About, BotAbout, BotGame, BotGameError, DynBotError, DynMatch, EventJson, GameInfo, GameKind, Kind, Registry,
    ViewerEvents, typed,
};
pub use ending::{EndReason, leaders};
pub use error::{IllegalAction, NotationError, SetupError};
pub use event::{EventLog, GameEvent};
pub use game::{Game, Variant, VariantKind};
pub use info::{ActionValue, Bot, BotError, BotFactory, BotSpec, InfoSet};
pub use level::{BOT_NAMES, Level, LevelAbout, Levels, UnknownLevel};
pub use matches::{ActionError, Match};
pub use observation::Tensor;
pub use outcome::Outcome;
pub use position::PositionError;
pub use preset::Preset;
pub use random::RandomBot;
pub use record::{Record, RecordedAction, ReplayError};
pub use rng::{GameRng, seeded};
pub use rules_text::{FALLBACK_LANG, RulesText, rules_in};
pub use seat::{MAX_SEATS, Seat, SeatSet, SeatSetIter};
pub use step::{StepKind, step_continues};
pub use tensor_game::{
    SlotError, SlotOutput, StepError, StepHelpers, StepPart, StepPartResult, TensorBot, TensorGame, TensorGameError,
    TensorState, VectorSlot,
};
