//! Bots that play every spieltisch game — `random` and information-set MCTS ([`Ismcts`]) — and
//! the standard way to build one from its spec ([`GameBots`], [`standard`]).
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
//! // (`heuristic` makes the game's heuristic bot; the demo has none, so random stands in.)
//! let spec = engine::BotSpec::parse("ismcts:500");
//! let bot = bots::standard::<Rps>(&spec, || Box::new(engine::RandomBot::default())).unwrap();
//! assert_eq!(bot.name(), "ismcts:500");
//! ```
//!
//! # Specs
//! `random`, `heuristic` (the game's own; `heuristic:noise=P` plays a random move at chance
//! P), `ismcts` (1000 iterations), `ismcts:N` (N iterations, deterministic for a seed),
//! `ismcts:Nms` (a time budget), each optionally followed
//! by `,playout=random|fast|heuristic`, `,widen=K`, `,c=X`, `,belief=N`,
//! `,opponents=search|model`, `,cutoff=N|off` (see [`standard`]). What a spec leaves out, the game decides
//! ([`GameBots::defaults`], measured per game: Schotten-Totten plays out with its own fast rule
//! of thumb; Knock-Out Whist samples by belief and models the other players by its heuristic;
//! Kopf an Kopf cuts playouts off and gives forced moves no node, [`IsmctsDefaults::skip_forced`]).
//! A malformed budget or option is [`engine::BotError::Parameter`].
//!
//! # The search
//! Single-observer ISMCTS (Cowling, Powley & Whitehouse 2012): one tree of the deciding seat's
//! information; each iteration samples a world with [`engine::InfoSet::sample`], selects by UCB1
//! with availability counts among the actions legal in that world, expands one node, plays out
//! (with the game's fast policy or heuristic for the standard `ismcts`, uniformly random for
//! [`Ismcts::new`]; [`PlayoutPolicy`] to change it) and credits each node with the
//! [`engine::Outcome::reward`] of the seat that chose it. Several seats to act: the lowest moves
//! first in a sampled world; within a simultaneous step, later seats choose from statistics
//! that do not depend on the earlier, hidden choices (decoupled UCT) — see [`Ismcts`].
//!
//! Two options make the search assume something about the other players, which pays where
//! they play like the game's heuristic: **belief** ([`Ismcts::believing`]) samples worlds that
//! explain the others' choices under the heuristic ([`engine::Game::surprises`]) instead of
//! uniformly, and **modelled opponents** ([`Ismcts::modelling`]) let the heuristic play the
//! other seats inside the tree instead of searching for their best replies.
//!
//! # Speed
//! Nodes live in one `Vec` arena kept between decisions; children are sibling lists matched to
//! the legal actions by position hints (and a small hash index for long lists); legal-action and
//! selection buffers are reused; playouts log no events. After warm-up an iteration allocates
//! only if the game's `determinize` does. `cargo bench -p bots` and
//! `cargo run --release -p bots --example ismcts_speed` measure iterations per second.

mod belief;
mod budget;
mod decide;
mod index;
mod ismcts;
mod noisy;
mod options;
mod playout;
mod spec;
mod tree;
mod ucb;

pub use budget::{Budget, BudgetError};
pub use decide::ActionStats;
pub use ismcts::{DEFAULT_EXPLORATION, Ismcts, Search};
pub use noisy::Noisy;
pub use options::{IsmctsDefaults, Opponents, Playout};
pub use playout::{BotPlayout, EvaluationFn, PlayoutPolicy, RandomPlayout};
pub use spec::{GameBots, PlayoutFn, STANDARD_BOTS, ismcts_budget, standard};
pub use ucb::Widening;
