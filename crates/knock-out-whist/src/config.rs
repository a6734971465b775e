//! The table's variants (KW-30 … KW-43) and where the deal starts.

use engine::{SetupError, Variant, VariantKind};
use serde::{Deserialize, Serialize};

/// How a table plays Knock-Out Whist. Keys are the variant names; every key is optional
/// (`{"mercy": true}` is a full config).
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "kebab-case", default, deny_unknown_fields)]
pub struct Config {
    /// KW-30 … KW-33: one mercy chance per player.
    pub mercy: bool,
    /// KW-40: round 1's trump stays for the whole game.
    pub fixed_trump: bool,
    /// KW-41: cards in round 1 (6, 7 or 8); the schedule runs down to 1.
    pub start_cards: u8,
    /// KW-42: knocked-out players vote on the next trump.
    pub knocked_out_vote: bool,
    /// KW-43: the 1-card round is played without trump.
    pub no_trump_final: bool,
    /// KW-4: the first dealer's seat.
    pub dealer: u8,
}

impl Default for Config {
    fn default() -> Self {
        Config {
            mercy: false,
            fixed_trump: false,
            start_cards: 7,
            knocked_out_vote: false,
            no_trump_final: false,
            dealer: 0,
        }
    }
}

/// The variants a table may switch on.
pub(crate) const VARIANTS: &[Variant] = &[
    Variant {
        name: "mercy",
        description: "a player knocked out for the first time plays on with one card and is back in if it wins a trick",
        kind: VariantKind::Flag,
    },
    Variant {
        name: "fixed-trump",
        description: "the trump turned in round 1 stays for the whole game",
        kind: VariantKind::Flag,
    },
    Variant {
        name: "start-cards",
        description: "cards dealt in round 1; the hands shrink by one each round down to 1",
        kind: VariantKind::Number { min: 6, max: 8, default: 7 },
    },
    Variant {
        name: "knocked-out-vote",
        description: "knocked-out players vote on the next trump",
        kind: VariantKind::Flag,
    },
    Variant {
        name: "no-trump-final",
        description: "the 1-card round is played without trump",
        kind: VariantKind::Flag,
    },
    Variant {
        name: "dealer",
        description: "the seat of the first dealer",
        kind: VariantKind::Number { min: 0, max: 6, default: 0 },
    },
];

impl Config {
    /// Checks the config against a table of `seats` players (seat count itself is checked by the
    /// caller).
    pub(crate) fn validate(&self, seats: usize) -> Result<(), SetupError> {
        if !(6..=8).contains(&self.start_cards) {
            return Err(SetupError::Config(format!("start-cards must be 6, 7 or 8, not {}", self.start_cards)));
        }
        if self.start_cards > Config::max_start_cards(seats) {
            let needed = self.start_cards as usize * seats + 1;
            return Err(SetupError::Config(format!(
                "start-cards {} needs {} × {seats} + 1 = {needed} cards for {seats} players, but the deck has 52",
                self.start_cards, self.start_cards
            )));
        }
        if self.dealer as usize >= seats {
            return Err(SetupError::Config(format!(
                "dealer {} is not a seat at a table of {seats} (seats 0 to {})",
                self.dealer,
                seats - 1
            )));
        }
        if self.fixed_trump && self.knocked_out_vote {
            return Err(SetupError::Config(
                "fixed-trump and knocked-out-vote cannot be combined: with a fixed trump there is nothing to vote on"
                    .into(),
            ));
        }
        Ok(())
    }

    /// The most start cards the deck deals to `seats` players with one card left to turn up
    /// for trump (KW-41): 8 up to six players, 7 for seven.
    pub fn max_start_cards(seats: usize) -> u8 {
        u8::try_from(51 / seats.max(1)).unwrap_or(u8::MAX).min(8)
    }

    /// Every combination of the on/off variants (`mercy`, `fixed-trump`, `knocked-out-vote`,
    /// `no-trump-final`) that a table accepts — twelve, since the vote needs chosen trumps —
    /// with the default start cards and dealer: for tests and arenas that sweep the variants.
    pub fn flag_combinations() -> impl Iterator<Item = Config> + Clone {
        (0u8..16)
            .map(|bits| Config {
                mercy: bits & 1 != 0,
                fixed_trump: bits & 2 != 0,
                knocked_out_vote: bits & 4 != 0,
                no_trump_final: bits & 8 != 0,
                ..Config::default()
            })
            .filter(|config| !(config.fixed_trump && config.knocked_out_vote))
    }

    /// The number of rounds at most (= start cards: the hands run N, N−1, …, 1).
    pub fn rounds(&self) -> u8 {
        self.start_cards
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    // KW-40/KW-42: every flag combination but a fixed trump with a vote on it.
    #[test]
    fn flag_combinations_are_the_twelve_a_table_accepts() {
        let all: Vec<Config> = Config::flag_combinations().collect();
        assert_eq!(all.len(), 12);
        for (i, config) in all.iter().enumerate() {
            assert!(all[..i].iter().all(|other| other != config), "{config:?} twice");
            for seats in 2..=7 {
                assert!(config.validate(seats).is_ok(), "{config:?} refused for {seats} seats");
            }
        }
    }
}
