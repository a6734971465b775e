//! The action notation: `play r7 3`, `claim 4`, `pass`, `done`.
//!
//! A card is its colour letter (`r` red, `b` blue, `g` green, `y` yellow, `p` purple, `n` brown)
//! followed by its value; a stone is its number 1–9, left to right. Words are separated by
//! spaces and read case-insensitively; actions print in lower case.

use std::fmt;
use std::str::FromStr;

use engine::NotationError;
use serde::{Serialize, Serializer};

use crate::action::Action;
use crate::card::Card;
use crate::stone::Stone;

impl fmt::Display for Action {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Action::Play { card, stone } => {
                f.write_str("play ")?;
                f.write_str(card.name())?;
                f.write_str(STONE_NUMBERS[stone.index()])
            }
            Action::Claim(stone) => {
                f.write_str("claim")?;
                f.write_str(STONE_NUMBERS[stone.index()])
            }
            Action::Pass => f.write_str("pass"),
            Action::Done => f.write_str("done"),
        }
    }
}

/// " 1" … " 9": stones as the notation writes them after a word.
const STONE_NUMBERS: [&str; 9] = [" 1", " 2", " 3", " 4", " 5", " 6", " 7", " 8", " 9"];

fn stone(input: &str, word: &str) -> Result<Stone, NotationError> {
    word.parse::<usize>()
        .ok()
        .and_then(Stone::number)
        .ok_or_else(|| NotationError::new(input, format!("{word:?} is not a stone: write a number from 1 to 9")))
}

impl FromStr for Action {
    type Err = NotationError;
    fn from_str(input: &str) -> Result<Self, Self::Err> {
        let mut words = input.split_whitespace();
        let (first, second, third, rest) = (words.next(), words.next(), words.next(), words.next());
        let is = |word: &str, expected: &str| word.eq_ignore_ascii_case(expected);
        match (first, second, third, rest) {
            (Some(w), Some(card), Some(at), None) if is(w, "play") => {
                let card: Card = card.parse().map_err(|e| NotationError::new(input, format!("{e}")))?;
                Ok(Action::Play { card, stone: stone(input, at)? })
            }
            (Some(w), Some(at), None, None) if is(w, "claim") => Ok(Action::Claim(stone(input, at)?)),
            (Some(w), None, None, None) if is(w, "pass") => Ok(Action::Pass),
            (Some(w), None, None, None) if is(w, "done") => Ok(Action::Done),
            _ => Err(NotationError::new(
                input,
                "expected `play CARD STONE` (play r7 3), `claim STONE`, `pass` or `done`",
            )),
        }
    }
}

impl Serialize for Action {
    fn serialize<S: Serializer>(&self, serializer: S) -> Result<S::Ok, S::Error> {
        serializer.collect_str(self)
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::card::Colour;

    #[test]
    fn notation_round_trips() {
        let play = Action::Play { card: Card::clan(Colour::Red, 7).unwrap(), stone: Stone::number(3).unwrap() };
        for (text, action) in [
            ("play r7 3", play),
            ("claim 4", Action::Claim(Stone::number(4).unwrap())),
            ("pass", Action::Pass),
            ("done", Action::Done),
        ] {
            assert_eq!(action.to_string(), text);
            assert_eq!(text.parse::<Action>().unwrap(), action);
        }
        assert_eq!("  PLAY  R7   3 ".parse::<Action>().unwrap(), play);
        for bad in
            ["", "play", "play r7", "play r7 0", "play r7 10", "play x7 3", "claim", "claim 1 2", "pass 1", "fold"]
        {
            assert!(bad.parse::<Action>().is_err(), "{bad:?} parsed");
        }
    }
}
