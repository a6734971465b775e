//! Money changes: every one is a [`Payment`] between two parties with a reason, so the tests
//! can explain every Schmeling (KO-30, KO-31, KO-32, KO-40).

use std::fmt;

use engine::Seat;
use serde::{Deserialize, Serialize, Serializer};

/// Who pays or is paid.
#[derive(Clone, Copy, PartialEq, Eq, Hash, Debug)]
pub enum Party {
    /// A manager.
    Seat(Seat),
    /// The bank (unlimited money, KO-5).
    Bank,
    /// The bonus pot.
    Pot,
}

impl fmt::Display for Party {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Party::Seat(seat) => write!(f, "seat {seat}"),
            Party::Bank => f.write_str("the bank"),
            Party::Pot => f.write_str("the bonus pot"),
        }
    }
}

impl Serialize for Party {
    /// A seat number, `"bank"` or `"pot"`.
    fn serialize<S: Serializer>(&self, s: S) -> Result<S::Ok, S::Error> {
        match self {
            Party::Seat(seat) => seat.serialize(s),
            Party::Bank => s.serialize_str("bank"),
            Party::Pot => s.serialize_str("pot"),
        }
    }
}

/// Why money moved.
#[derive(Clone, Copy, PartialEq, Eq, Hash, Debug, Serialize, Deserialize)]
#[serde(rename_all = "kebab-case")]
pub enum Why {
    /// KO-30: the bank's prize to a fighter.
    Prize,
    /// KO-31: a bet between two players.
    Bet,
    /// KO-31: the bank pays half the stake of an unaccepted offer that won.
    BankBet,
    /// KO-31: an unaccepted offer that lost: the whole stake into the bonus pot.
    Pot,
    /// KO-32: a debt certificate's money from the bank.
    Debt,
    /// KO-40: the bonus pot to the owner(s) of the richest boxer (the remainder to the bank).
    PotShare,
    /// KO-40: fight cards left in hand.
    CardBonus,
    /// KO-40: debt certificates cost their holder.
    DebtCost,
}

/// One money change.
#[derive(Clone, Copy, PartialEq, Eq, Debug, Serialize)]
pub struct Payment {
    /// Who pays.
    pub from: Party,
    /// Who is paid.
    pub to: Party,
    /// How much, in Schmelings (positive).
    pub amount: i64,
    /// Why.
    pub why: Why,
    /// The bet field (1-based) and tableau for bets; `null` otherwise.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub field: Option<(crate::action::Tableau, u8)>,
}

impl fmt::Display for Payment {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let why = match self.why {
            Why::Prize => "prize money",
            Why::Bet => "a lost bet",
            Why::BankBet => "half the stake of a bet won against the bank",
            Why::Pot => "a bet lost against the bank",
            Why::Debt => "a debt certificate",
            Why::PotShare => "the bonus pot",
            Why::CardBonus => "fight cards left",
            Why::DebtCost => "debt certificates",
        };
        write!(f, "{} pays {} {} S ({why})", self.from, self.to, self.amount)
    }
}

/// The payments of the last settlement, in a fixed array (a view shows them; no allocation).
#[derive(Clone, Copy, Debug)]
pub(crate) struct Payments {
    items: [Payment; Payments::CAP],
    len: u8,
}

impl Payments {
    /// The most kept; later ones of the same settlement are only in the events.
    pub const CAP: usize = 48;

    pub fn clear(&mut self) {
        self.len = 0;
    }

    pub fn push(&mut self, payment: Payment) {
        if (self.len as usize) < Self::CAP {
            self.items[self.len as usize] = payment;
            self.len += 1;
        }
    }

    pub fn as_slice(&self) -> &[Payment] {
        &self.items[..self.len as usize]
    }
}

impl Default for Payments {
    fn default() -> Self {
        let none = Payment { from: Party::Bank, to: Party::Bank, amount: 0, why: Why::Prize, field: None };
        Payments { items: [none; Payments::CAP], len: 0 }
    }
}
