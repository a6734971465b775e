//! The `spieltisch` command as a library: one module per subcommand, each taking the game
//! [`Registry`](engine::Registry) to use, so tests can run every command on a registry of their
//! own (the binary passes `catalog::registry()`).
//!
//! ```
//! use engine::demo::Rps;
//! use engine::{RandomBot, Registry};
//!
//! let registry = Registry::new().with::<Rps>(|_| Ok(Box::new(RandomBot::default())), &["random"]);
//! let mut out = Vec::new();
//! cli::games::run(&registry, &cli::games::GamesArgs { json: false }, &mut out).unwrap();
//! assert!(String::from_utf8(out).unwrap().starts_with("rps-veto"));
//! ```
//!
//! # Commands
//! - [`arena`]: bot tournaments through `GameKind::play_bots` on a rayon pool.
//! - [`replay`]: checks a record action by action (`Registry::replay`) and shows the result.
//! - [`play`]: a human against bots, line by line, with a renderer per game.
//! - [`protocol`]: the JSON-lines protocol of `spieltisch engine` (`docs/protocol.md`).
//! - [`serve`]: starts the web table of the `server` crate.
//! - [`backup`]: copies the web table's SQLite database (`server::backup`).
//! - [`games`]: lists the games, seats, variants and bots.
//! - [`rules`]: prints a game's rules for players (English or German markdown).
//! - [`overlay`]: `--edition FILE`, a TOML file as a game's `edition` config key.
//!
//! # Choices in the arena
//! - **Entries.** Every `--bot` is one entry, even if the spec repeats: the first keeps the spec
//!   as its name, later copies are called `spec#2`, `spec#3`, … (`ismcts:1000` against
//!   `heuristic`, `heuristic#2`, `heuristic#3` in four-player Whist).
//! - **Lineups and seats.** With exactly `players` entries they all play every game; with more,
//!   every combination of `players` entries is a lineup (a round robin). Each lineup plays its
//!   cyclic seatings in turn (game `i`: lineup `(i / players) mod L`, rotation `i mod players`),
//!   so each entry takes each seat equally often once the game count is a multiple of
//!   `L × players` (the report says whether it is: `balanced`).
//! - **Seeds.** Game `i`'s seed is the `i`-th SplitMix64 output from the tournament seed, so a
//!   tournament reproduces exactly whatever the thread count; totals are integer sums.
//! - **Wins.** A first place shared by `k` seats counts `1/k` of a win for each (exact: wins are
//!   summed in 1/840ths), so the wins of all entries add up to the number of games.
//! - **Win-rate intervals** are 95 % Wilson score intervals.
//! - **Elo.** Every game gives a result for each pair of seats by place (better place = a win,
//!   equal place = half a win); Elo is the maximum-likelihood Bradley–Terry fit of all pairwise
//!   results at once (independent of game order), with one virtual draw per pair that met so
//!   perfect records stay finite, and centred on 0 over the entries.
//!
//! # Play at the terminal
//! Bots move first at a simultaneous choice (their choices stay hidden). Each bot move prints
//! the events the human may see as it happens; the table is drawn before each of the human's
//! moves and at the end. Typed input is notation, or the number of an action in the `help`
//! list. Renderers with a game's typed view rebuild it by replaying the record into a typed
//! `Match` (a `DynMatch` hands out JSON only), which costs microseconds per drawing.

pub mod arena;
pub mod backup;
pub mod error;
pub mod games;
pub mod overlay;
pub mod play;
pub mod protocol;
pub mod replay;
pub mod rules;
pub mod serve;
pub mod stats;
pub mod style;

pub use error::CliError;
