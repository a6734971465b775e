//! The variants a table may switch on (ST-3, ST-6, ST-24, ST-32, ST-40, ST-50), their
//! `Game::variants` entries and the presets a lobby offers (ST-3).

use engine::{Preset, SetupError, Variant, VariantKind};
use serde::{Deserialize, Serialize};

use crate::card::CARD_SLOTS;
use crate::card_set::CardSet;

/// The variants of a game of Schotten-Totten. Keys are the variant names (kebab-case); missing
/// keys take their defaults, which are the rules file's default game.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "kebab-case", default, deny_unknown_fields)]
pub struct Config {
    /// ST-6: claims come after playing and before drawing instead of before playing.
    pub claim_after_play: bool,
    /// ST-24: proofs count only cards on the table as unavailable; the claimant's hand is ignored.
    pub table_proof: bool,
    /// ST-32: the loser of a game also scores 1 point per stone they own (IELLO); without it
    /// only the winner scores (5 points, the seed's rule).
    pub iello_scoring: bool,
    /// ST-32: the number of games in the match (1 = a single game).
    pub match_games: u8,
    /// ST-4: the seat that starts the first game (0 or 1).
    pub starting_seat: u8,
    /// ST-40 … ST-46: the ten tactic cards in a second pile, 7-card hands.
    pub tactics: bool,
    /// ST-50: the Battle Line mode, 60 cards 1–10 and 7-card hands.
    pub battle_line: bool,
}

impl Default for Config {
    fn default() -> Self {
        Config {
            claim_after_play: false,
            table_proof: false,
            iello_scoring: false,
            match_games: 1,
            starting_seat: 0,
            tactics: false,
            battle_line: false,
        }
    }
}

/// [`Config::card_places`] of the four card lists: base, Battle Line, each with tactics.
static CARD_PLACES: [[u8; CARD_SLOTS]; 4] = [
    places(CardSet::BASE_DECK),
    places(CardSet::BATTLE_DECK),
    places(CardSet::BASE_DECK.union(CardSet::TACTICS)),
    places(CardSet::BATTLE_DECK.union(CardSet::TACTICS)),
];

/// Each card slot's place among `cards`.
const fn places(cards: CardSet) -> [u8; CARD_SLOTS] {
    let mut places = [u8::MAX; CARD_SLOTS];
    let (mut slot, mut place) = (0, 0);
    while slot < CARD_SLOTS {
        if cards.bits() >> slot & 1 == 1 {
            places[slot] = place;
            place += 1;
        }
        slot += 1;
    }
    places
}

/// The most games a match may have.
pub const MAX_MATCH_GAMES: u8 = 99;

impl Config {
    /// The clan cards of this mode: 54 (ST-1) or Battle Line's 60 (ST-50).
    pub const fn clan_deck(&self) -> CardSet {
        if self.battle_line { CardSet::BATTLE_DECK } else { CardSet::BASE_DECK }
    }

    /// Every card of a game with this config: the clan cards, and the tactic cards with
    /// tactics (ST-40). The action space and the observation list them in this order.
    pub const fn cards(&self) -> CardSet {
        if self.tactics { self.clan_deck().union(CardSet::TACTICS) } else { self.clan_deck() }
    }

    /// Each card slot's place among [`Config::cards`] (`u8::MAX` for a card not in the game):
    /// the action space's and the observation's index of a card, found without counting.
    pub(crate) fn card_places(&self) -> &'static [u8; CARD_SLOTS] {
        &CARD_PLACES[usize::from(self.battle_line) + 2 * usize::from(self.tactics)]
    }

    /// Cards dealt to each player: 6, or 7 with tactics or in Battle Line (ST-4).
    pub const fn hand_size(&self) -> usize {
        if self.tactics || self.battle_line { 7 } else { 6 }
    }

    /// The highest clan value: 9, or 10 in Battle Line.
    pub const fn max_value(&self) -> u8 {
        if self.battle_line { 10 } else { 9 }
    }

    /// The Spy's value: 7, or 8 for Battle Line's Companion Cavalry (ST-42, ST-50).
    pub const fn spy_value(&self) -> u8 {
        if self.battle_line { 8 } else { 7 }
    }

    /// Checks the ranges serde cannot express.
    pub fn validate(&self) -> Result<(), SetupError> {
        if !(1..=MAX_MATCH_GAMES).contains(&self.match_games) {
            return Err(SetupError::Config(format!("match-games must be 1 to {MAX_MATCH_GAMES}")));
        }
        if self.starting_seat > 1 {
            return Err(SetupError::Config("starting-seat must be 0 or 1".into()));
        }
        Ok(())
    }
}

/// The variants as `Game::variants` lists them.
pub const VARIANTS: &[Variant] = &[
    Variant {
        name: "claim-after-play",
        description: "claim stones after playing a card and before drawing (IELLO 2016), not before playing",
        kind: VariantKind::Flag,
    },
    Variant {
        name: "table-proof",
        description: "proofs count only the cards on the table; the claimant's hand cannot be shown (IELLO 2016)",
        kind: VariantKind::Flag,
    },
    Variant {
        name: "iello-scoring",
        description: "match scoring (IELLO): the winner of a game scores 5 and the loser 1 per stone they own",
        kind: VariantKind::Flag,
    },
    Variant {
        name: "tactics",
        description: "the ten tactic cards in a second pile; hands of 7; draw from either pile (2004 edition)",
        kind: VariantKind::Flag,
    },
    Variant {
        name: "battle-line",
        description: "Battle Line: 60 cards in six colours 1-10, hands of 7 (with the tactics variant: its tactic cards)",
        kind: VariantKind::Flag,
    },
    Variant {
        name: "match-games",
        description: "games in the match; the loser of a game starts the next",
        kind: VariantKind::Number { min: 1, max: MAX_MATCH_GAMES as i64, default: 1 },
    },
    Variant {
        name: "starting-seat",
        description: "the seat that starts the first game",
        kind: VariantKind::Number { min: 0, max: 1, default: 0 },
    },
];

/// The presets as `Game::presets` lists them (ST-3): the game sold as Battle Line is
/// `battle-line` with `tactics`; `battle-line` alone is its troops-only game.
pub const PRESETS: &[Preset] = &[
    Preset { name: "schotten-totten", title: "Schotten-Totten", title_de: "Schotten-Totten", variants: &[] },
    Preset {
        name: "schotten-totten-tactics",
        title: "Schotten-Totten with tactics",
        title_de: "Schotten-Totten mit Taktikkarten",
        variants: &["tactics"],
    },
    Preset {
        name: "battle-line",
        title: "Battle Line",
        title_de: "Battle Line",
        variants: &["battle-line", "tactics"],
    },
    Preset {
        name: "battle-line-troops",
        title: "Battle Line, troops only",
        title_de: "Battle Line, nur Truppenkarten",
        variants: &["battle-line"],
    },
];
