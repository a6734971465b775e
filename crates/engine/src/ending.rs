//! Why a game ended: a stable code for programs and a line for people.

use serde::{Deserialize, Serialize};

/// Why a finished game ended (Schotten-Totten: `three-adjacent-stones`; Knock-Out Whist:
/// `last-player-standing`). Games list their codes in their crate docs; hosts show `text`.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct EndReason {
    /// A stable kebab-case code, one of the few the game documents.
    pub code: String,
    /// One line for people, in the game's log style (`seat 1 won three adjacent stones`).
    pub text: String,
}

impl EndReason {
    /// A reason with `code` and `text`.
    pub fn new(code: &str, text: impl Into<String>) -> EndReason {
        EndReason { code: code.to_owned(), text: text.into() }
    }
}
