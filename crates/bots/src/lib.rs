//! Bots that play every spieltisch game — `random` and information-set MCTS ([`Ismcts`]) — and
//! the standard way to build one from its spec ([`standard`]).
//!
//! A bot sees only an [`engine::InfoSet`]: its seat's view, its legal actions and worlds sampled
//! consistently with them. It never holds the true state, so it cannot peek at hidden cards.
//!
//! ```
//! use bots::{Budget, Ismcts};
//! use engine::demo::{Rps, RpsAction, RpsConfig};
//! use engine::{Bot, Game, InfoSet, Seat, seeded};
//!
//! // Rock-paper-scissors with a veto: seat 0 lost the first throw and may veto it.
//! let mut rng = seeded(1);
//! let mut game = Rps::new(&RpsConfig::default(), 2, &mut rng).unwrap();
//! let mut log = engine::EventLog::off();
//! game.apply(Seat::at(0), "rock".parse().unwrap(), &mut rng, &mut log).unwrap();
//! game.apply(Seat::at(1), "paper".parse().unwrap(), &mut rng, &mut log).unwrap();
//!
//! let mut bot = Ismcts::<Rps>::new(Budget::Iterations(2000));
//! let search = bot.search(&InfoSet::new(&game, Seat::at(0)), &mut rng);
//! // Accepting would put seat 1 one point from winning; the veto is worth more.
//! assert_eq!(search.chosen, RpsAction::Veto);
//!
//! // The same bot from its spec, as servers and arenas build it.
//! let spec = engine::BotSpec::parse("ismcts:500");
//! let bot = bots::standard::<Rps>(&spec, || unreachable!("no heuristic needed")).unwrap();
//! assert_eq!(bot.name(), "ismcts:500");
//! ```

mod budget;
mod decide;
mod index;
mod ismcts;
mod playout;
mod spec;
mod tree;
mod ucb;

pub use budget::{Budget, BudgetError};
pub use decide::ActionStats;
pub use ismcts::{DEFAULT_EXPLORATION, Ismcts, Search};
pub use playout::{BotPlayout, PlayoutPolicy, RandomPlayout};
pub use spec::{STANDARD_BOTS, standard};
