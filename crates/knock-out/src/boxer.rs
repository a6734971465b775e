//! Boxers: a class (light or heavy), a level, and which manager owns them.

use std::fmt;

use engine::Seat;
use serde::{Deserialize, Serialize, Serializer};

/// A boxer's weight class (KO-2). Notation `L` and `H`.
#[derive(Clone, Copy, PartialEq, Eq, Hash, Debug, PartialOrd, Ord, Serialize)]
#[serde(rename_all = "kebab-case")]
pub enum Class {
    /// The small boxer.
    Light,
    /// The big boxer.
    Heavy,
}

impl Class {
    /// Both classes, light first.
    pub const BOTH: [Class; 2] = [Class::Light, Class::Heavy];

    /// 0 for light, 1 for heavy.
    pub const fn index(self) -> usize {
        self as usize
    }

    /// The notation letter.
    pub const fn letter(self) -> char {
        match self {
            Class::Light => 'L',
            Class::Heavy => 'H',
        }
    }

    /// Reads `L`/`H` (any case) or `light`/`heavy`.
    pub fn parse(text: &str) -> Option<Class> {
        match text.to_ascii_lowercase().as_str() {
            "l" | "light" => Some(Class::Light),
            "h" | "heavy" => Some(Class::Heavy),
            _ => None,
        }
    }
}

/// A boxer's level (KO-2). Superchampion and World champion exist only in the pro game.
#[derive(Clone, Copy, PartialEq, Eq, Hash, Debug, PartialOrd, Ord, Serialize, Deserialize)]
#[serde(rename_all = "kebab-case")]
pub enum Level {
    /// The lowest level.
    Amateur,
    /// Every boxer's first level.
    Profi,
    /// The top level of the basic game.
    Champion,
    /// A Champion of season 1 of the pro game (KO-52).
    Superchampion,
    /// The winner of a world-title fight (KO-53).
    WorldChampion,
}

impl Level {
    /// Whether this is a title level (Superchampion or World champion): the levels of world-title
    /// fights.
    pub const fn is_title(self) -> bool {
        matches!(self, Level::Superchampion | Level::WorldChampion)
    }

    /// One level up, not above Champion.
    pub const fn up(self) -> Level {
        match self {
            Level::Amateur => Level::Profi,
            Level::Profi | Level::Champion => Level::Champion,
            other => other,
        }
    }

    /// One level down, not below Amateur.
    pub const fn down(self) -> Level {
        match self {
            Level::Amateur | Level::Profi => Level::Amateur,
            Level::Champion => Level::Profi,
            Level::Superchampion | Level::WorldChampion => Level::Champion,
        }
    }

    /// The display name.
    pub const fn name(self) -> &'static str {
        match self {
            Level::Amateur => "Amateur",
            Level::Profi => "Profi",
            Level::Champion => "Champion",
            Level::Superchampion => "Superchampion",
            Level::WorldChampion => "World champion",
        }
    }
}

/// One boxer: owner and class.
#[derive(Clone, Copy, PartialEq, Eq, Hash, Debug)]
pub struct BoxerId {
    /// The manager who owns it.
    pub owner: Seat,
    /// Light or heavy.
    pub class: Class,
}

impl BoxerId {
    /// The boxer of `owner` in `class`.
    pub const fn new(owner: Seat, class: Class) -> BoxerId {
        BoxerId { owner, class }
    }
}

impl fmt::Display for BoxerId {
    /// `2H`: seat 2's heavyweight.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}{}", self.owner, self.class.letter())
    }
}

impl Serialize for BoxerId {
    fn serialize<S: Serializer>(&self, s: S) -> Result<S::Ok, S::Error> {
        s.collect_str(self)
    }
}

/// A boxer's standing this season.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub(crate) struct Boxer {
    pub level: Level,
    pub knocked_out: bool,
}

impl Default for Boxer {
    fn default() -> Self {
        Boxer { level: Level::Profi, knocked_out: false }
    }
}

/// The levels of winner and loser after a fight (KO-30, KO-53). `belts_free` says whether a
/// World champion belt is free once the loser has given up theirs.
pub(crate) fn after_fight(winner: Level, loser: Level, belts_free: bool) -> (Level, Level) {
    let new_loser = loser.down();
    let new_winner = if winner.is_title() && loser.is_title() {
        // A world-title fight: the winner becomes World champion while a belt is left.
        if winner == Level::WorldChampion || belts_free { Level::WorldChampion } else { winner }
    } else if loser.is_title() && winner == Level::Champion {
        // A Champion who beats a Superchampion or World champion takes that level (and belt).
        loser
    } else if winner.is_title() {
        winner
    } else {
        winner.up()
    };
    (new_winner, new_loser)
}
