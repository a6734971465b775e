//! Tiny games that exercise the parts of the contract the card games need, so every host
//! (bots, test helpers, the line protocol, the server) can be tested on them without a card
//! game's rules:
//!
//! - [`Rps`] (`rps-veto`): rock-paper-scissors with a veto — a secret choice of two seats and a
//!   reaction window for one.
//! - [`Duel`] (`duel`): two to four seats each secretly pick two of their four cards (a compound
//!   choice, one action), and every round won opens a chained reaction window with an order: a
//!   veto, answered by an overrule.

mod duel;
mod rps;

pub use duel::{Duel, DuelAction, DuelConfig, DuelEvent, DuelView, Pick, Window};
pub use rps::{Hand, Rps, RpsAction, RpsConfig, RpsEvent, RpsView};
