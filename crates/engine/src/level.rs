//! Bot levels: how people choose a bot's strength (Easy, Medium, Hard, Expert), each mapped by a
//! game's catalog entry to a bot spec and a fixed rating.
//!
//! Specs (`ismcts:1000`) stay the language of the protocol, the arena and the catalog; levels are
//! what a lobby, a table and the terminal offer a player. Wherever a spec is accepted, a level's
//! name is accepted too and stands for the spec its game gives it ([`Levels::resolve`]).
//!
//! ```
//! use engine::{Level, LevelAbout, Levels};
//!
//! const LEVELS: Levels = Levels::new(&[
//!     LevelAbout { level: Level::Easy, spec: "random", rating: 800 },
//!     LevelAbout { level: Level::Medium, spec: "heuristic", rating: 1200 },
//!     LevelAbout { level: Level::Hard, spec: "ismcts:300", rating: 1400 },
//!     LevelAbout { level: Level::Expert, spec: "ismcts:1000", rating: 1500 },
//! ]);
//! assert_eq!("hard".parse::<Level>(), Ok(Level::Hard));
//! assert_eq!(LEVELS.resolve("Expert"), "ismcts:1000");
//! assert_eq!(LEVELS.resolve("ismcts:50"), "ismcts:50", "a spec stays itself");
//! assert_eq!(LEVELS.get(Level::Medium).map(|l| l.rating), Some(1200));
//! ```

use std::fmt;
use std::str::FromStr;

use serde::{Deserialize, Serialize};
use thiserror::Error;

/// A bot's strength as people choose it, weakest first.
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Hash, Serialize, Deserialize)]
#[serde(rename_all = "kebab-case")]
pub enum Level {
    /// For a first game: makes mistakes a beginner can punish.
    Easy,
    /// Plays sensibly without searching.
    Medium,
    /// Searches; beats Medium clearly.
    Hard,
    /// The strongest bot the game has within the server's thinking time.
    Expert,
}

impl Level {
    /// Every level, weakest first.
    pub const ALL: [Level; 4] = [Level::Easy, Level::Medium, Level::Hard, Level::Expert];

    /// The lowercase name the protocol, the arena and the web API use (`expert`).
    pub const fn name(self) -> &'static str {
        match self {
            Level::Easy => "easy",
            Level::Medium => "medium",
            Level::Hard => "hard",
            Level::Expert => "expert",
        }
    }
}

impl fmt::Display for Level {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.name())
    }
}

/// A word that names no level.
#[derive(Clone, Debug, PartialEq, Eq, Error)]
#[error("{0:?} is not a bot level (easy, medium, hard, expert)")]
pub struct UnknownLevel(pub String);

impl FromStr for Level {
    type Err = UnknownLevel;

    /// A level by name, in any case (`Expert`, `expert`).
    fn from_str(s: &str) -> Result<Level, UnknownLevel> {
        Level::ALL
            .into_iter()
            .find(|l| s.trim().eq_ignore_ascii_case(l.name()))
            .ok_or_else(|| UnknownLevel(s.to_owned()))
    }
}

/// One level as a game defines it: the bot that plays it and its fixed rating.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize)]
pub struct LevelAbout {
    /// Which level.
    pub level: Level,
    /// The bot spec that plays it (`ismcts:1000`).
    pub spec: &'static str,
    /// Its fixed rating, from the game's calibration run (rated tables use it; the lobby shows it).
    pub rating: u32,
}

/// A game's levels (every game defines all four; the conformance suite checks it).
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Serialize)]
#[serde(transparent)]
pub struct Levels(&'static [LevelAbout]);

impl Levels {
    /// The levels `levels` lists.
    pub const fn new(levels: &'static [LevelAbout]) -> Levels {
        Levels(levels)
    }

    /// Every level defined, in the order given.
    pub fn all(&self) -> &'static [LevelAbout] {
        self.0
    }

    /// The definition of `level`, if the game gives one.
    pub fn get(&self, level: Level) -> Option<&'static LevelAbout> {
        self.0.iter().find(|l| l.level == level)
    }

    /// The bot spec `spec` stands for: a level's name becomes the game's spec for it; anything
    /// else is returned as it is.
    pub fn resolve<'a>(&self, spec: &'a str) -> &'a str {
        match spec.parse::<Level>().ok().and_then(|l| self.get(l)) {
            Some(about) => about.spec,
            None => spec,
        }
    }
}
