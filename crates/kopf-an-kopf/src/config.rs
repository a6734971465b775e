//! The table's config: the first player and the edition (KK-1 … KK-7, the horse cards, the
//! action cards), so a record carries every number it was played with.

use std::sync::Arc;

use engine::{SetupError, Variant, VariantKind};
use serde::{Deserialize, Serialize};

use crate::edition::Edition;

/// How a table plays Kopf an Kopf. Every key is optional (`{"first": 2}` is a full config);
/// `edition` is a whole [`Edition`] (hosts overlay a file's keys onto the default one), shared
/// behind an `Arc` so a new game (a search makes many) copies a reference, not the names.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "kebab-case", default, deny_unknown_fields)]
pub struct Config {
    /// The seat of the starting player.
    pub first: u8,
    /// The edition's numbers.
    pub edition: Arc<Edition>,
}

impl Default for Config {
    fn default() -> Self {
        Config { first: 0, edition: Edition::shipped() }
    }
}

/// The variants a table may switch on.
pub(crate) const VARIANTS: &[Variant] = &[Variant {
    name: "first",
    description: "the seat of the starting player (the one who was last at a race track)",
    kind: VariantKind::Number { min: 0, max: 7, default: 0 },
}];

impl Config {
    /// Checks the config against a table of `seats` players.
    pub(crate) fn validate(&self, seats: usize) -> Result<(), SetupError> {
        if self.first as usize >= seats {
            return Err(SetupError::Config(format!(
                "first {} is not a seat at a table of {seats} (seats 0 to {})",
                self.first,
                seats - 1
            )));
        }
        self.edition.validate().map_err(SetupError::Config)?;
        let dealt = seats as u32 * self.edition.start_cards as u32;
        if dealt > self.edition.cards.total() {
            return Err(SetupError::Config(format!(
                "edition.start_cards: {seats} players are dealt {dealt} cards but the edition has {}",
                self.edition.cards.total()
            )));
        }
        Ok(())
    }
}
