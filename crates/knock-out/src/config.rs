//! The table's choices: the basic or the pro game, who opens, and the edition's numbers.

use std::sync::Arc;

use engine::{SetupError, Variant, VariantKind};
use serde::{Deserialize, Serialize};

use crate::edition::Edition;

/// How a table plays Knock Out. Keys are the variant names plus `edition`; every key is
/// optional (`{"pro": true}` is a full config).
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "kebab-case", default, deny_unknown_fields)]
pub struct Config {
    /// KO-50 … KO-54: the pro game (start distances by level, two seasons, world titles).
    pub pro: bool,
    /// The seat that holds the red tableau first (KO-10: "seat 0 or the table's choice").
    pub first: u8,
    /// Every [edition] number (`src/edition.toml` by default). Shared, because every game and
    /// every search world holds the config: a copy costs a reference count, not the names.
    pub edition: Arc<Edition>,
}

impl Default for Config {
    /// The basic game with the shipped edition, seat 0 first.
    fn default() -> Self {
        Config { pro: false, first: 0, edition: Edition::shipped() }
    }
}

/// The variants a table may switch on.
pub(crate) const VARIANTS: &[Variant] = &[
    Variant {
        name: "pro",
        description: "the pro game — start distances by level, two seasons, Superchampions and world titles",
        kind: VariantKind::Flag,
    },
    Variant {
        name: "first",
        description: "the seat that holds the red tableau first",
        kind: VariantKind::Number { min: 0, max: 4, default: 0 },
    },
];

impl Config {
    /// The pro game with the shipped edition.
    pub fn pro() -> Config {
        Config { pro: true, ..Config::default() }
    }

    /// Checks the config for a table of `seats` (the seat count itself is checked by the
    /// caller); the error names the field and why.
    pub(crate) fn validate(&self, seats: usize) -> Result<(), SetupError> {
        if self.first as usize >= seats {
            return Err(SetupError::Config(format!(
                "first: seat {} is not at a table of {seats} (seats 0 to {})",
                self.first,
                seats - 1
            )));
        }
        self.edition.validate().map_err(|e| SetupError::Config(e.0))
    }

    /// The seasons of a game: 1 in the basic game, 2 in the pro game (KO-52).
    pub fn seasons(&self) -> u8 {
        if self.pro { 2 } else { 1 }
    }
}
