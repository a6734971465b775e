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

pub mod arena;
pub mod error;
pub mod games;
pub mod play;
pub mod protocol;
pub mod replay;
pub mod serve;
pub mod stats;
pub mod style;

pub use error::CliError;
