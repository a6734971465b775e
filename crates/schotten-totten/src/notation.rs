//! The action notation: `play r7 3`, `claim 4`, `pass`, `done`; with tactic cards also
//! `play recruiter`, `draw clan`, `draw tactic`, `return r7`, `move r7 5`, `discard r7`.
//!
//! A card is its colour letter (`r` red, `b` blue, `g` green, `y` yellow, `p` purple, `n` brown)
//! followed by its value, or a tactic card's word (`joker1`, `spy`, `mud`, …; Battle Line's
//! words such as `leader1` or `scout` are read too); a stone is its number 1–9, left to right.
//! Words are separated by spaces and read case-insensitively; actions print in lower case.

use std::fmt;
use std::str::FromStr;

use engine::NotationError;
use serde::{Serialize, Serializer};

use crate::action::{Action, PileKind};
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
            Action::Ruse(card) => {
                f.write_str("play ")?;
                f.write_str(card.name())
            }
            Action::Draw(pile) => {
                f.write_str("draw ")?;
                f.write_str(pile.word())
            }
            Action::Return(card) => {
                f.write_str("return ")?;
                f.write_str(card.name())
            }
            Action::Move { card, stone } => {
                f.write_str("move ")?;
                f.write_str(card.name())?;
                f.write_str(STONE_NUMBERS[stone.index()])
            }
            Action::Discard(card) => {
                f.write_str("discard ")?;
                f.write_str(card.name())
            }
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
        let card = |word: &str| word.parse::<Card>().map_err(|e| NotationError::new(input, format!("{e}")));
        match (first, second, third, rest) {
            (Some(w), Some(c), Some(at), None) if is(w, "play") => {
                Ok(Action::Play { card: card(c)?, stone: stone(input, at)? })
            }
            (Some(w), Some(c), None, None) if is(w, "play") => Ok(Action::Ruse(card(c)?)),
            (Some(w), Some(c), Some(at), None) if is(w, "move") => {
                Ok(Action::Move { card: card(c)?, stone: stone(input, at)? })
            }
            (Some(w), Some(c), None, None) if is(w, "discard") => Ok(Action::Discard(card(c)?)),
            (Some(w), Some(c), None, None) if is(w, "return") => Ok(Action::Return(card(c)?)),
            (Some(w), Some(p), None, None) if is(w, "draw") && is(p, "clan") => Ok(Action::Draw(PileKind::Clan)),
            (Some(w), Some(p), None, None) if is(w, "draw") && is(p, "tactic") => Ok(Action::Draw(PileKind::Tactic)),
            (Some(w), Some(at), None, None) if is(w, "claim") => Ok(Action::Claim(stone(input, at)?)),
            (Some(w), None, None, None) if is(w, "pass") => Ok(Action::Pass),
            (Some(w), None, None, None) if is(w, "done") => Ok(Action::Done),
            _ => Err(NotationError::new(
                input,
                "expected `play CARD STONE` (play r7 3), `claim STONE`, `pass`, `done`, `play RUSE`, \
                 `draw clan`, `draw tactic`, `return CARD`, `move CARD STONE` or `discard CARD`",
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
            ("play recruiter", Action::Ruse(crate::card::Tactic::Recruiter.card())),
            (
                "play joker1 2",
                Action::Play { card: crate::card::Tactic::Joker1.card(), stone: Stone::number(2).unwrap() },
            ),
            ("draw clan", Action::Draw(PileKind::Clan)),
            ("draw tactic", Action::Draw(PileKind::Tactic)),
            ("return spy", Action::Return(crate::card::Tactic::Spy.card())),
            ("move r7 5", Action::Move { card: Card::clan(Colour::Red, 7).unwrap(), stone: Stone::number(5).unwrap() }),
            ("discard n10", Action::Discard(Card::clan(Colour::Brown, 10).unwrap())),
        ] {
            assert_eq!(action.to_string(), text);
            assert_eq!(text.parse::<Action>().unwrap(), action);
        }
        assert_eq!("  PLAY  R7   3 ".parse::<Action>().unwrap(), play);
        for bad in [
            "",
            "play",
            "play x7",
            "draw",
            "draw troop x",
            "move r7",
            "return",
            "play r7 0",
            "play r7 10",
            "play x7 3",
            "claim",
            "claim 1 2",
            "pass 1",
            "fold",
        ] {
            assert!(bad.parse::<Action>().is_err(), "{bad:?} parsed");
        }
    }
}
