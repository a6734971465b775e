//! What a seat can do on its turn (ST-5 … ST-7, ST-20, ST-40 … ST-45).

use std::fmt;

use serde::Serialize;

use crate::card::Card;
use crate::stone::Stone;

/// One action. Its notation (see [`crate::notation`]) is how logs, records and the CLI write it.
#[derive(Clone, Copy, PartialEq, Eq, Hash, Debug)]
// A 2-byte tag makes an action 4 aligned bytes, which lists faster (measured).
#[repr(u16)]
pub enum Action {
    /// Play a card from hand on the own side of a stone (`play r7 3`): a clan card, an elite
    /// troop (ST-42), or a combat mode laid on the stone (ST-43, ST-44).
    Play {
        /// The card.
        card: Card,
        /// The stone.
        stone: Stone,
    },
    /// Claim a stone (`claim 4`); only succeeding claims are legal (ST-25).
    Claim(Stone),
    /// Skip the play step (`pass`): no card can be played (ST-7), or with tactics no clan card
    /// can be played (ST-41); in a final claim turn, end the claims (ST-31).
    Pass,
    /// End the claim step of the `claim-after-play` timing and draw (`done`, ST-6).
    Done,
    /// Play a ruse (`play recruiter`, ST-45); its steps follow as the same seat's actions.
    Ruse(Card),
    /// Draw the top card of a pile (`draw clan`, `draw tactic`; ST-40, the Recruiter).
    Draw(PileKind),
    /// The Recruiter: put a hand card under its own pile (`return r7`, ST-45).
    Return(Card),
    /// The Strategist (own card) or the Traitor (the opponent's clan card): move `card` from its
    /// stone to the acting seat's side of `stone` (`move r7 5`, ST-45).
    Move {
        /// The card.
        card: Card,
        /// Where it goes.
        stone: Stone,
    },
    /// The Strategist (own card) or the Banshee (the opponent's card): discard a card from its
    /// stone (`discard r7`, ST-45).
    Discard(Card),
}

/// Which face-down pile (ST-40).
#[derive(Clone, Copy, PartialEq, Eq, Hash, Debug, Serialize)]
#[serde(rename_all = "kebab-case")]
pub enum PileKind {
    /// The clan cards (troops in Battle Line).
    Clan,
    /// The tactic cards.
    Tactic,
}

impl PileKind {
    /// The pile a card belongs to.
    pub const fn of(card: Card) -> PileKind {
        if card.is_clan() { PileKind::Clan } else { PileKind::Tactic }
    }

    /// The word the notation writes.
    pub const fn word(self) -> &'static str {
        match self {
            PileKind::Clan => "clan",
            PileKind::Tactic => "tactic",
        }
    }
}

impl fmt::Display for PileKind {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.word())
    }
}
