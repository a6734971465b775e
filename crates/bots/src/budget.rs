//! How long a search may think: a number of iterations or a wall-clock time.

use std::fmt;
use std::str::FromStr;
use std::time::Duration;

use thiserror::Error;

/// A search budget, written `2000` (iterations) or `250ms` (time).
///
/// An iteration budget makes a search deterministic for a given seed; a time budget does not
/// (how far it gets depends on the machine), so tests and arenas that must reproduce use
/// iterations.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Budget {
    /// Exactly this many iterations (at least 1).
    Iterations(u32),
    /// As many iterations as fit in this time (at least one).
    Time(Duration),
}

impl Budget {
    /// The budget of a plain `ismcts`: 1000 iterations.
    pub const DEFAULT: Budget = Budget::Iterations(1000);
}

impl Default for Budget {
    fn default() -> Self {
        Budget::DEFAULT
    }
}

/// Why a budget text is malformed.
#[derive(Clone, Debug, PartialEq, Eq, Error)]
pub enum BudgetError {
    /// Not a number of iterations, nor a time such as `250ms`.
    #[error("{0:?} is not a budget: expected iterations (2000) or milliseconds (250ms)")]
    Malformed(String),
    /// A budget of zero iterations or zero time cannot choose anything.
    #[error("a budget must be positive, got {0:?}")]
    Zero(String),
}

impl FromStr for Budget {
    type Err = BudgetError;

    fn from_str(text: &str) -> Result<Self, Self::Err> {
        let trimmed = text.trim();
        let malformed = || BudgetError::Malformed(text.to_owned());
        let number = |digits: &str| -> Result<u64, BudgetError> {
            if digits.is_empty() || !digits.bytes().all(|b| b.is_ascii_digit()) {
                return Err(malformed());
            }
            match digits.parse::<u64>() {
                Ok(0) => Err(BudgetError::Zero(text.to_owned())),
                Ok(n) => Ok(n),
                Err(_) => Err(malformed()),
            }
        };
        if let Some(ms) = trimmed.strip_suffix("ms") {
            Ok(Budget::Time(Duration::from_millis(number(ms)?)))
        } else {
            let n = number(trimmed)?;
            u32::try_from(n).map(Budget::Iterations).map_err(|_| malformed())
        }
    }
}

impl fmt::Display for Budget {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Budget::Iterations(n) => write!(f, "{n}"),
            Budget::Time(t) => write!(f, "{}ms", t.as_millis()),
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn parses_iterations_and_times() {
        assert_eq!("2000".parse(), Ok(Budget::Iterations(2000)));
        assert_eq!("250ms".parse(), Ok(Budget::Time(Duration::from_millis(250))));
        assert_eq!("2000ms".parse(), Ok(Budget::Time(Duration::from_secs(2))));
    }

    #[test]
    fn refuses_malformed_and_zero_budgets() {
        for bad in ["", "ms", "abc", "12x", "-5", "1.5s", "2s", "99999999999", "+3"] {
            assert!(matches!(bad.parse::<Budget>(), Err(BudgetError::Malformed(_))), "{bad:?}");
        }
        for zero in ["0", "0ms"] {
            assert!(matches!(zero.parse::<Budget>(), Err(BudgetError::Zero(_))), "{zero:?}");
        }
    }

    #[test]
    fn display_round_trips() {
        for text in ["1000", "250ms", "2000ms", "1500ms"] {
            assert_eq!(text.parse::<Budget>().unwrap().to_string(), text);
        }
    }
}
