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
//! assert_eq!(LEVELS.level_of("ismcts:300"), Some(Level::Hard), "the spec a level plays");
//! assert_eq!(LEVELS.level_of("ismcts:500"), None, "an expert's own spec");
//! ```

use std::fmt;
use std::str::FromStr;

use serde::{Deserialize, Serialize};
use thiserror::Error;

use crate::MAX_SEATS;

/// A bot's strength as people choose it, weakest first.
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Hash, Serialize, Deserialize)]
#[serde(rename_all = "kebab-case")]
pub enum Level {
    /// For a first game: makes mistakes a beginner can punish.
    Easy,
    /// Plays sensibly, but a careful player beats it.
    Medium,
    /// Stronger than Medium: few mistakes.
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

/// A game's levels (every game defines all four; the conformance suite checks it), and the
/// search that hints and analyses ask. Serialised as the list of levels.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct Levels {
    levels: &'static [LevelAbout],
    /// The search hints and analyses use where it is not Expert's spec (see [`Levels::search`]).
    search: Option<&'static str>,
}

impl Serialize for Levels {
    fn serialize<S: serde::Serializer>(&self, serializer: S) -> Result<S::Ok, S::Error> {
        self.levels.serialize(serializer)
    }
}

impl Levels {
    /// The levels `levels` lists; hints and analyses ask Expert's spec.
    pub const fn new(levels: &'static [LevelAbout]) -> Levels {
        Levels { levels, search: None }
    }

    /// The same levels, with hints and analyses asking the search `spec` instead of Expert:
    /// for a game whose strongest player does not search (its heuristic), so it has no values
    /// to give, while a search does.
    pub const fn searching_with(self, spec: &'static str) -> Levels {
        Levels { search: Some(spec), ..self }
    }

    /// The spec hints and analyses ask: the one given by [`Levels::searching_with`], else
    /// Expert's; `None` for a game without levels.
    pub fn search(&self) -> Option<&'static str> {
        self.search.or_else(|| self.get(Level::Expert).map(|l| l.spec))
    }

    /// Every level defined, in the order given.
    pub fn all(&self) -> &'static [LevelAbout] {
        self.levels
    }

    /// The definition of `level`, if the game gives one.
    pub fn get(&self, level: Level) -> Option<&'static LevelAbout> {
        self.levels.iter().find(|l| l.level == level)
    }

    /// The bot spec `spec` stands for: a level's name becomes the game's spec for it; anything
    /// else is returned as it is.
    pub fn resolve<'a>(&self, spec: &'a str) -> &'a str {
        match spec.parse::<Level>().ok().and_then(|l| self.get(l)) {
            Some(about) => about.spec,
            None => spec,
        }
    }

    /// The level `spec` plays at: a level's name (`hard`, in any case), or exactly the spec the
    /// game gives a level; `None` for any other spec (an expert's `ismcts:500`).
    pub fn level_of(&self, spec: &str) -> Option<Level> {
        let spec = spec.trim();
        spec.parse::<Level>()
            .ok()
            .filter(|l| self.get(*l).is_some())
            .or_else(|| self.levels.iter().find(|l| l.spec == spec).map(|l| l.level))
    }

    /// The bot spec `spec` stands for in an analysis: `expert` is the search hints and analyses
    /// ask ([`Levels::search`]); anything else as [`Levels::resolve`] says.
    pub fn resolve_analysis<'a>(&self, spec: &'a str) -> &'a str {
        match (spec.parse::<Level>(), self.search()) {
            (Ok(Level::Expert), Some(search)) => search,
            _ => self.resolve(spec),
        }
    }
}

/// What people call the bots at a table, in the order of their seats ("Bot Anna", "Bot Bruno",
/// …): so a log that says who paid whom names two different bots, and a player can choose whom
/// to target. One list for every language (the names read alike in English and German), so
/// people of different languages at one table call a bot alike; hosts translate "Bot".
pub const BOT_NAMES: [&str; MAX_SEATS] = ["Anna", "Bruno", "Clara", "David", "Emma", "Felix", "Greta", "Hugo"];

#[cfg(test)]
mod tests {
    use super::*;

    const LEVELS: Levels = Levels::new(&[
        LevelAbout { level: Level::Easy, spec: "random", rating: 800 },
        LevelAbout { level: Level::Medium, spec: "heuristic", rating: 1200 },
        LevelAbout { level: Level::Hard, spec: "ismcts:250", rating: 1400 },
        LevelAbout { level: Level::Expert, spec: "ismcts:1000", rating: 1500 },
    ]);

    #[test]
    fn a_spec_has_the_level_it_plays_at() {
        assert_eq!(LEVELS.level_of("hard"), Some(Level::Hard));
        assert_eq!(LEVELS.level_of("Expert"), Some(Level::Expert));
        assert_eq!(LEVELS.level_of("heuristic"), Some(Level::Medium));
        assert_eq!(LEVELS.level_of(" ismcts:250 "), Some(Level::Hard));
        assert_eq!(LEVELS.level_of("ismcts:500"), None, "an expert's own spec");
        assert_eq!(Levels::default().level_of("hard"), None, "a game without levels");
    }

    #[test]
    fn hints_and_analyses_ask_expert_unless_the_game_names_a_search() {
        assert_eq!(LEVELS.search(), Some("ismcts:1000"));
        assert_eq!(LEVELS.resolve_analysis("expert"), "ismcts:1000");
        const PLAIN: Levels = Levels::new(&[
            LevelAbout { level: Level::Easy, spec: "random", rating: 800 },
            LevelAbout { level: Level::Expert, spec: "heuristic", rating: 1500 },
        ])
        .searching_with("ismcts:2000");
        assert_eq!(PLAIN.search(), Some("ismcts:2000"));
        assert_eq!(PLAIN.resolve_analysis("Expert"), "ismcts:2000");
        assert_eq!(PLAIN.resolve("expert"), "heuristic", "Expert still plays its level's bot");
        assert_eq!(PLAIN.resolve_analysis("easy"), "random");
        assert_eq!(PLAIN.resolve_analysis("ismcts:50"), "ismcts:50");
        assert_eq!(serde_json::to_value(PLAIN).unwrap(), serde_json::to_value(PLAIN.all()).unwrap(), "the list");
        assert_eq!(Levels::default().search(), None);
    }

    #[test]
    fn every_bot_seat_of_a_full_table_has_its_own_name() {
        let unique: std::collections::HashSet<&str> = BOT_NAMES.iter().copied().collect();
        assert_eq!(unique.len(), MAX_SEATS);
    }
}
