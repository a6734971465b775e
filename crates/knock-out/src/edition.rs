//! The edition: every number the rules mark **[edition]**, read from one TOML file
//! (`src/edition.toml`, embedded) or from a player's own, and checked field by field.

use std::sync::{Arc, OnceLock};

use serde::{Deserialize, Serialize};

use crate::boxer::{Class, Level};

/// The edition this crate ships (`src/edition.toml`).
pub const DEFAULT_EDITION_TOML: &str = include_str!("edition.toml");

/// The most bet fields a tableau may have.
pub const MAX_FIELDS: usize = 6;
/// The most seats (KO-1).
pub(crate) const SEATS: usize = 5;

/// What a bet field bets on: the tableau's boxer wins, wins on points, or wins by knock-out.
#[derive(Clone, Copy, PartialEq, Eq, Hash, Debug, Serialize, Deserialize)]
#[serde(rename_all = "kebab-case")]
pub enum BetKind {
    /// `Sieg`: the backed boxer wins, however.
    Win,
    /// `Punktsieg`: the backed boxer wins on points (after all exchanges).
    Points,
    /// `K.O.`: the backed boxer wins by knock-out.
    Ko,
}

/// One bet field of a tableau (KO-13).
#[derive(Clone, PartialEq, Eq, Debug, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct BetField {
    /// The name printed on the field (`Sieg`, `K.O.`).
    pub name: String,
    /// What it bets on.
    pub kind: BetKind,
    /// The stake in Schmelings.
    pub stake: i64,
}

/// A number per level for each class of boxer: `light` and `heavy`, three levels each
/// (Amateur, Profi, Champion).
#[derive(Clone, Copy, PartialEq, Eq, Debug, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct ByClass {
    /// The lightweight's numbers.
    pub light: [i64; 3],
    /// The heavyweight's numbers.
    pub heavy: [i64; 3],
}

impl ByClass {
    /// The number for `class` at level index `level` (0 = Amateur … 2 = Champion).
    pub fn get(&self, class: Class, level: usize) -> i64 {
        match class {
            Class::Light => self.light[level],
            Class::Heavy => self.heavy[level],
        }
    }
}

/// Boxer names, one per seat for each class.
#[derive(Clone, PartialEq, Eq, Debug, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Names {
    /// The lightweights' names.
    pub light: Vec<String>,
    /// The heavyweights' names.
    pub heavy: Vec<String>,
}

/// Every [edition] number of the rules (see `src/edition.toml` for what each means). Part of
/// the [`crate::Config`], so a record carries the numbers it was played with.
#[derive(Clone, PartialEq, Eq, Debug, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Edition {
    /// KO-4: money each manager starts with.
    pub start_cash: i64,
    /// KO-4: the 12 fight cards of every manager (1 to 5).
    pub card_values: Vec<u8>,
    /// KO-10: cards a fighter must hold.
    pub min_cards: u8,
    /// KO-40: worth of a fight card left in hand at the end.
    pub card_bonus: i64,
    /// KO-32: what a debt certificate brings and costs.
    pub debt_amount: i64,
    /// KO-5: certificates in the box (more are written when they run out).
    pub debt_certificates: u8,
    /// KO-20: start distance in the basic game.
    pub start_distance: i64,
    /// KO-3: Superchampion start money = this × Champion's.
    pub superchampion_factor: i64,
    /// KO-3: World champion start money = this × Champion's.
    pub world_champion_factor: i64,
    /// KO-53: World champion belts.
    pub belts: u8,
    /// KO-53: Amateurs may not challenge Superchampions or World champions in season 2.
    pub amateur_restriction: bool,
    /// KO-3: start money by class and level.
    pub start_money: ByClass,
    /// KO-51: pro start distance by class and level.
    pub pro_start_distance: ByClass,
    /// Boxer names.
    pub names: Names,
    /// KO-13: the bet fields of each tableau, in notation order (1, 2, …).
    pub bet_fields: Vec<BetField>,
}

impl Default for Edition {
    fn default() -> Self {
        Edition::clone(&Edition::shipped())
    }
}

/// Why an edition was refused: the field and what is wrong with it.
#[derive(Clone, PartialEq, Eq, Debug)]
pub struct EditionError(pub String);

impl std::fmt::Display for EditionError {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str(&self.0)
    }
}

impl std::error::Error for EditionError {}

impl Edition {
    /// The shipped edition (`src/edition.toml`), read once and shared.
    pub fn shipped() -> Arc<Edition> {
        static SHIPPED: OnceLock<Arc<Edition>> = OnceLock::new();
        SHIPPED
            .get_or_init(|| Arc::new(Edition::from_toml(DEFAULT_EDITION_TOML).expect("the shipped edition is valid")))
            .clone()
    }

    /// Reads and checks an edition in TOML (the format of `src/edition.toml`).
    pub fn from_toml(text: &str) -> Result<Edition, EditionError> {
        let edition: Edition = toml::from_str(text).map_err(|e| EditionError(format!("edition: {e}")))?;
        edition.validate()?;
        Ok(edition)
    }

    /// Checks every number; the error names the field and why it is refused.
    pub fn validate(&self) -> Result<(), EditionError> {
        let err = |field: &str, why: String| Err(EditionError(format!("edition.{field}: {why}")));
        if self.start_cash <= 0 {
            return err("start_cash", format!("must be positive, not {}", self.start_cash));
        }
        if self.card_values.len() != 12 {
            return err("card_values", format!("a manager has 12 fight cards (KO-4), not {}", self.card_values.len()));
        }
        if let Some(v) = self.card_values.iter().find(|&&v| !(1..=5).contains(&v)) {
            return err(
                "card_values",
                format!("fight cards are valued 1 to 5 (the left hook is 1 against 5), not {v}"),
            );
        }
        if !(3..=12).contains(&self.min_cards) {
            return err("min_cards", format!("must be 3 to 12 (a fight has 3 exchanges), not {}", self.min_cards));
        }
        if self.card_bonus < 0 {
            return err("card_bonus", format!("must not be negative, not {}", self.card_bonus));
        }
        if self.debt_amount <= 0 {
            return err("debt_amount", format!("must be positive, not {}", self.debt_amount));
        }
        if !(1..=30).contains(&self.start_distance) {
            return err("start_distance", format!("must be 1 to 30 fields, not {}", self.start_distance));
        }
        if !(1..=10).contains(&self.superchampion_factor) {
            return err("superchampion_factor", format!("must be 1 to 10, not {}", self.superchampion_factor));
        }
        if !(1..=10).contains(&self.world_champion_factor) {
            return err("world_champion_factor", format!("must be 1 to 10, not {}", self.world_champion_factor));
        }
        for (class, money) in [("light", self.start_money.light), ("heavy", self.start_money.heavy)] {
            if money.iter().any(|&m| m <= 0) || !(money[0] <= money[1] && money[1] <= money[2]) {
                return err(
                    &format!("start_money.{class}"),
                    format!("must be positive and rise with the level (Amateur ≤ Profi ≤ Champion), not {money:?}"),
                );
            }
            if money[2] > 10_000_000 {
                return err(&format!("start_money.{class}"), format!("{} is more than 10,000,000", money[2]));
            }
        }
        for (class, distance) in [("light", self.pro_start_distance.light), ("heavy", self.pro_start_distance.heavy)] {
            if distance.iter().any(|d| !(1..=30).contains(d)) {
                return err(
                    &format!("pro_start_distance.{class}"),
                    format!("must be 1 to 30 fields, not {distance:?}"),
                );
            }
        }
        for (class, names) in [("light", &self.names.light), ("heavy", &self.names.heavy)] {
            if names.len() != SEATS {
                return err(&format!("names.{class}"), format!("needs one name per seat (5), not {}", names.len()));
            }
            if names.iter().any(|n| n.trim().is_empty()) {
                return err(&format!("names.{class}"), "a name is empty".into());
            }
        }
        if self.bet_fields.is_empty() || self.bet_fields.len() > MAX_FIELDS {
            return err(
                "bet_fields",
                format!("a tableau has 1 to {MAX_FIELDS} bet fields, not {}", self.bet_fields.len()),
            );
        }
        for (i, field) in self.bet_fields.iter().enumerate() {
            if field.stake <= 0 || field.stake % 2 != 0 || field.stake > 10_000_000 {
                return err(
                    &format!("bet_fields[{i}].stake"),
                    format!(
                        "must be positive, even (the bank pays half of it) and at most 10,000,000, not {}",
                        field.stake
                    ),
                );
            }
            if field.name.trim().is_empty() {
                return err(&format!("bet_fields[{i}].name"), "is empty".into());
            }
        }
        let kinds = |kind| self.bet_fields.iter().filter(|f| f.kind == kind).count();
        if kinds(BetKind::Win) == 0 {
            return err("bet_fields", "needs a `win` field: fighters must offer a Sieg bet (KO-15)".into());
        }
        if kinds(BetKind::Ko) != 1 {
            return err(
                "bet_fields",
                format!(
                    "needs exactly one `ko` field: fighters must offer the K.O. bet (KO-15), not {}",
                    kinds(BetKind::Ko)
                ),
            );
        }
        Ok(())
    }

    /// The start money of a `class` boxer at `level` (KO-3).
    pub fn start_money(&self, class: Class, level: Level) -> i64 {
        let champion = self.start_money.get(class, 2);
        match level {
            Level::Amateur => self.start_money.get(class, 0),
            Level::Profi => self.start_money.get(class, 1),
            Level::Champion => champion,
            Level::Superchampion => self.superchampion_factor * champion,
            Level::WorldChampion => self.world_champion_factor * champion,
        }
    }

    /// Fields between a boxer and the K.O. field at the start of a fight (KO-20, KO-51).
    pub fn start_distance(&self, pro: bool, class: Class, level: Level) -> i64 {
        if pro { self.pro_start_distance.get(class, (level as usize).min(2)) } else { self.start_distance }
    }

    /// The name of `seat`'s boxer of `class`.
    pub fn name(&self, seat: usize, class: Class) -> &str {
        match class {
            Class::Light => &self.names.light[seat],
            Class::Heavy => &self.names.heavy[seat],
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_shipped_edition_is_the_rules_files() {
        let e = Edition::default();
        assert_eq!(e.card_values, vec![1, 1, 2, 2, 2, 3, 3, 3, 4, 4, 5, 5]);
        assert_eq!(e.start_money(Class::Heavy, Level::WorldChampion), 30_000);
        assert_eq!(e.start_money(Class::Light, Level::Superchampion), 16_000);
        assert_eq!(e.bet_fields.iter().map(|f| f.stake).collect::<Vec<_>>(), vec![10_000, 20_000, 20_000, 30_000]);
    }
}
