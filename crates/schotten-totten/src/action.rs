//! What a seat can do on its turn (ST-5 … ST-7, ST-20).

use crate::card::Card;
use crate::stone::Stone;

/// One action. Its notation (see [`crate::notation`]) is how logs, records and the CLI write it.
#[derive(Clone, Copy, PartialEq, Eq, Hash, Debug)]
// A 2-byte tag makes an action 4 aligned bytes, which lists faster (measured).
#[repr(u16)]
pub enum Action {
    /// Play a card from hand on the own side of a stone (`play r7 3`).
    Play {
        /// The card.
        card: Card,
        /// The stone.
        stone: Stone,
    },
    /// Claim a stone (`claim 4`); only succeeding claims are legal (ST-25).
    Claim(Stone),
    /// Skip the play step when no card can be played (`pass`, ST-7).
    Pass,
    /// End the claim step of the `claim-after-play` timing and draw (`done`, ST-6).
    Done,
}
