//! What happens in a duel, and what each viewer may see of it.

use std::fmt;

use serde::Serialize;

use super::notation::{DuelAction, Pick};
use crate::event::GameEvent;
use crate::seat::Seat;

/// What happened in a duel.
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
#[serde(tag = "type", rename_all = "kebab-case")]
pub enum DuelEvent {
    /// A seat picked; the pick is visible only to the picker.
    Picked { seat: Seat, pick: Option<Pick> },
    /// Every pick revealed together (one per seat).
    Revealed { picks: Vec<Pick> },
    /// The highest sum was shared: nobody wins the round.
    Tied { sum: u8 },
    /// A seat won the round (it may still be vetoed).
    Won { seat: Seat, sum: u8 },
    /// A seat answered in a window; how is visible only to that seat.
    Answered { seat: Seat, react: Option<bool> },
    /// A seat vetoed the round.
    Vetoed { seat: Seat },
    /// The winner overruled the veto.
    Overruled { seat: Seat },
    /// The round was voided.
    Voided,
    /// A seat scored.
    Scored { seat: Seat },
}

impl fmt::Display for DuelEvent {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            DuelEvent::Picked { seat, pick: Some(p) } => write!(f, "seat {seat} {}", DuelAction::Pick(*p)),
            DuelEvent::Picked { seat, pick: None } => write!(f, "seat {seat} picked"),
            DuelEvent::Revealed { picks } => {
                let shown: Vec<String> = picks.iter().map(|p| format!("{:?}", p.cards())).collect();
                write!(f, "revealed: {}", shown.join(" "))
            }
            DuelEvent::Tied { sum } => write!(f, "tied at {sum}: nobody wins the round"),
            DuelEvent::Won { seat, sum } => write!(f, "seat {seat} wins the round with {sum}"),
            DuelEvent::Answered { seat, react: Some(true) } => write!(f, "seat {seat} reacted"),
            DuelEvent::Answered { seat, react: Some(false) } => write!(f, "seat {seat} passed"),
            DuelEvent::Answered { seat, react: None } => write!(f, "seat {seat} answered"),
            DuelEvent::Vetoed { seat } => write!(f, "seat {seat} vetoed the round"),
            DuelEvent::Overruled { seat } => write!(f, "seat {seat} overruled the veto"),
            DuelEvent::Voided => f.write_str("the round is void"),
            DuelEvent::Scored { seat } => write!(f, "seat {seat} scored"),
        }
    }
}

impl GameEvent for DuelEvent {
    fn redact(&self, viewer: Option<Seat>) -> Option<Self> {
        match *self {
            DuelEvent::Picked { seat, .. } if viewer != Some(seat) => Some(DuelEvent::Picked { seat, pick: None }),
            DuelEvent::Answered { seat, .. } if viewer != Some(seat) => Some(DuelEvent::Answered { seat, react: None }),
            _ => Some(self.clone()),
        }
    }
}
