//! Why a game ended: a stable code for programs and a line for people.

use serde::{Deserialize, Serialize};

use crate::seat::Seat;

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

/// Who has the highest score, in words, and that score: `("seat 2 has", 90)` or
/// `("seat 0 and seat 2 share", 90)`, for end-reason texts (`… the most money, 90 S`).
pub fn leaders(scores: &[i64]) -> (String, i64) {
    let best = scores.iter().copied().max().unwrap_or(0);
    let seats: Vec<String> =
        Seat::all(scores.len()).filter(|s| scores[s.index()] == best).map(|s| format!("seat {s}")).collect();
    let verb = if seats.len() == 1 { "has" } else { "share" };
    (format!("{} {verb}", seats.join(" and ")), best)
}

#[cfg(test)]
mod tests {
    use super::leaders;

    #[test]
    fn leaders_name_the_seats_with_the_highest_score() {
        assert_eq!(leaders(&[3, 9, 4]), ("seat 1 has".to_owned(), 9));
        assert_eq!(leaders(&[9, 2, 9]), ("seat 0 and seat 2 share".to_owned(), 9));
    }
}
