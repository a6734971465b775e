//! The duel's action notation: `pick 1 3`, `veto`, `overrule`, `pass`.

use std::fmt;
use std::str::FromStr;

use serde::Serialize;

use crate::error::NotationError;

/// Two of the cards 1–4 (a bitset: bit `v - 1` for card `v`, exactly two bits set).
#[derive(Clone, Copy, PartialEq, Eq, Hash, Debug, Serialize)]
#[serde(into = "[u8; 2]")]
pub struct Pick(u8);

impl Pick {
    /// Every pick, in notation order (`1 2`, `1 3`, … `3 4`).
    pub const ALL: [Pick; 6] = [Pick(0b0011), Pick(0b0101), Pick(0b1001), Pick(0b0110), Pick(0b1010), Pick(0b1100)];

    /// The pick of cards `a` and `b` (1–4, different), in either order.
    pub fn new(a: u8, b: u8) -> Option<Pick> {
        ((1..=4).contains(&a) && (1..=4).contains(&b) && a != b).then(|| Pick((1 << (a - 1)) | (1 << (b - 1))))
    }

    /// The two cards, lower first.
    pub fn cards(self) -> [u8; 2] {
        let low = self.0.trailing_zeros() as u8 + 1;
        let high = 8 - self.0.leading_zeros() as u8;
        [low, high]
    }

    /// The sum of the two cards.
    pub fn sum(self) -> u8 {
        let [a, b] = self.cards();
        a + b
    }
}

impl From<Pick> for [u8; 2] {
    fn from(pick: Pick) -> [u8; 2] {
        pick.cards()
    }
}

/// An action of a duel.
#[derive(Clone, Copy, PartialEq, Eq, Hash, Debug)]
pub enum DuelAction {
    /// Pick two cards for this round (secretly).
    Pick(Pick),
    /// Void the round just won by another seat (once per game).
    Veto,
    /// Void the veto against one's own round (once per game).
    Overrule,
    /// Do not react.
    Pass,
}

impl fmt::Display for DuelAction {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            DuelAction::Pick(pick) => {
                let [a, b] = pick.cards();
                write!(f, "pick {a} {b}")
            }
            DuelAction::Veto => f.write_str("veto"),
            DuelAction::Overrule => f.write_str("overrule"),
            DuelAction::Pass => f.write_str("pass"),
        }
    }
}

impl FromStr for DuelAction {
    type Err = NotationError;
    fn from_str(s: &str) -> Result<Self, Self::Err> {
        let mut words = s.split_whitespace();
        let action = match words.next() {
            Some("veto") => DuelAction::Veto,
            Some("overrule") => DuelAction::Overrule,
            Some("pass") => DuelAction::Pass,
            Some("pick") => {
                let mut card = || words.next().and_then(|w| w.parse::<u8>().ok());
                let (a, b) = (card(), card());
                match (a, b) {
                    (Some(a), Some(b)) => DuelAction::Pick(
                        Pick::new(a, b).ok_or_else(|| NotationError::new(s, "pick two different cards from 1 to 4"))?,
                    ),
                    _ => return Err(NotationError::new(s, "pick takes two cards: pick 1 3")),
                }
            }
            _ => return Err(NotationError::new(s, "expected pick A B, veto, overrule or pass")),
        };
        if words.next().is_some() {
            return Err(NotationError::new(s, "unexpected words after the action"));
        }
        Ok(action)
    }
}
