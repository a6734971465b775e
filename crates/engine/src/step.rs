//! The kind of step the seats to act are taking: what every host must honour the same way.

use std::fmt;

use serde::{Deserialize, Serialize};

use crate::seat::{Seat, SeatSet};

/// What kind of step the seats in [`crate::Game::to_act`] are taking. Hosts (bots, test
/// helpers, the terminal, the server, the browser) read it instead of guessing from how many
/// seats are listed.
#[derive(Clone, Copy, PartialEq, Eq, Hash, Debug, Default, Serialize, Deserialize)]
#[serde(rename_all = "kebab-case")]
pub enum StepKind {
    /// An ordinary turn: one seat acts, knowing everything that happened before.
    #[default]
    Turn,
    /// A secret choice: every listed seat must choose, and no seat's choice is visible to any
    /// other seat (nor to the seats of this step that have yet to choose) until the game
    /// resolves the step. A seat that has chosen leaves `to_act`; the step goes on.
    Secret,
    /// A reaction window: every listed seat answers react or pass ([`crate::Game::pass`] names
    /// the pass), unseen by the others; when several react, the game's order decides who is
    /// first. The game lists every seat that could be asked, not only those that hold a
    /// reaction, so `to_act` reveals nothing.
    Reaction,
}

impl StepKind {
    /// The kebab-case name used by the protocol, records and the web API.
    pub const fn as_str(self) -> &'static str {
        match self {
            StepKind::Turn => "turn",
            StepKind::Secret => "secret",
            StepKind::Reaction => "reaction",
        }
    }

    /// Whether the listed seats choose without seeing each other's choices (a secret choice or
    /// a reaction window).
    pub const fn is_simultaneous(self) -> bool {
        !matches!(self, StepKind::Turn)
    }

    /// Whether this is an ordinary turn (records leave the kind out then).
    pub const fn is_turn(&self) -> bool {
        matches!(self, StepKind::Turn)
    }
}

impl fmt::Display for StepKind {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.as_str())
    }
}

/// Whether a simultaneous step goes on after `seat` answered: the kind is unchanged and exactly
/// `seat` left `to_act`. Hosts that collect every seat's answer from the position where the
/// step began apply them one by one while this holds; once it fails (the game resolved the step,
/// say when the first reactor in order reacted), the remaining answers are void. A game must
/// therefore never open a new step of the same kind that asks exactly the seats the last one was
/// still waiting for (asking every seat in every reaction window is the simple way); the
/// contract checks in [`crate::testing`] catch a game that does.
pub fn step_continues(before: (StepKind, SeatSet), seat: Seat, after: (StepKind, SeatSet)) -> bool {
    before.0.is_simultaneous() && after.0 == before.0 && after.1 == before.1.without(seat) && !after.1.is_empty()
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_step_goes_on_while_each_answer_removes_its_seat() {
        let both = SeatSet::all(2);
        let (s0, s1) = (Seat::at(0), Seat::at(1));
        assert!(step_continues((StepKind::Secret, both), s0, (StepKind::Secret, SeatSet::only(s1))));
        // The last answer ends the step, whatever follows.
        assert!(!step_continues((StepKind::Secret, SeatSet::only(s1)), s1, (StepKind::Secret, both)));
        // A resolved window followed by a new one for the other seats is a new step.
        assert!(!step_continues((StepKind::Reaction, both), s0, (StepKind::Reaction, SeatSet::only(s0))));
        assert!(!step_continues((StepKind::Reaction, both), s0, (StepKind::Secret, SeatSet::only(s1))));
        assert!(!step_continues((StepKind::Turn, SeatSet::only(s0)), s0, (StepKind::Turn, SeatSet::only(s1))));
    }
}
