//! The kind of step the seats to act are taking: what every host must honour the same way.

use std::fmt;

use serde::{Deserialize, Serialize};

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
}

impl fmt::Display for StepKind {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.as_str())
    }
}
