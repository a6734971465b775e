//! A seat's action and its notation: `challenge L 2H`, `train 1 2 3 5`, `offer red 2`,
//! `accept blue 4`, `pass`, `play 3`.

use std::fmt;
use std::str::FromStr;

use engine::{NotationError, Seat};
use serde::{Deserialize, Serialize};

use crate::boxer::{BoxerId, Class};
use crate::cards::{Cards, MAX_VALUE};
use crate::edition::MAX_FIELDS;

/// A betting tableau (KO-13): red backs the challenger, blue the defender.
#[derive(Clone, Copy, PartialEq, Eq, Hash, Debug, Serialize, Deserialize)]
#[serde(rename_all = "kebab-case")]
pub enum Tableau {
    /// The challenger's tableau: its bets say the challenger wins.
    Red,
    /// The defender's tableau: its bets say the defender wins.
    Blue,
}

impl Tableau {
    /// Both, red first (the order of settlement, KO-31).
    pub const BOTH: [Tableau; 2] = [Tableau::Red, Tableau::Blue];

    /// 0 for red, 1 for blue (also the fighter's side: 0 challenger, 1 defender).
    pub const fn index(self) -> usize {
        self as usize
    }

    /// The tableau of side `index` (0 red, 1 blue).
    pub const fn of(index: usize) -> Tableau {
        if index == 0 { Tableau::Red } else { Tableau::Blue }
    }

    /// `red` or `blue`.
    pub const fn name(self) -> &'static str {
        match self {
            Tableau::Red => "red",
            Tableau::Blue => "blue",
        }
    }
}

/// One action of one seat. Everything else (passing the red tableau on, the fight's
/// resolution, prizes, settlement, the season's end) follows from these inside `apply`.
#[derive(Clone, Copy, PartialEq, Eq, Hash, Debug)]
pub enum Action {
    /// KO-10: the active player's boxer of class `with` challenges `target`
    /// (`challenge L 2H`).
    Challenge {
        /// The active player's boxer.
        with: Class,
        /// The challenged boxer.
        target: BoxerId,
    },
    /// KO-12: a fighter's secret training choice, 4 cards (3 when holding 3)
    /// (`train 1 2 3 5`, values in ascending order).
    Train(Cards),
    /// KO-13: a chip on the offer slot of bet field `field` (0-based; notation 1-based) of a
    /// tableau (`offer red 2`).
    Offer {
        /// Which tableau.
        tableau: Tableau,
        /// Which field, 0-based.
        field: u8,
    },
    /// KO-13: a chip on the accept slot that takes the other side of the bet offered on
    /// `field` of `tableau` (`accept blue 4`).
    Accept {
        /// The tableau of the offered bet.
        tableau: Tableau,
        /// Which field, 0-based.
        field: u8,
    },
    /// KO-13: a chip on the pass field (`pass`).
    Pass,
    /// KO-20: a fighter's secret card for the exchange (`play 3`).
    Play(u8),
}

impl fmt::Display for Action {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Action::Challenge { with, target } => write!(f, "challenge {} {target}", with.letter()),
            Action::Train(cards) => write!(f, "train {cards}"),
            Action::Offer { tableau, field } => write!(f, "offer {} {}", tableau.name(), field + 1),
            Action::Accept { tableau, field } => write!(f, "accept {} {}", tableau.name(), field + 1),
            Action::Pass => f.write_str("pass"),
            Action::Play(value) => write!(f, "play {value}"),
        }
    }
}

const EXPECTED: &str = "expected challenge L|H SEAT+L|H (challenge L 2H), train 1 2 3 5, offer red|blue N, accept red|blue N, pass or play N";

fn bet(s: &str, rest: &[&str]) -> Result<(Tableau, u8), NotationError> {
    let [tableau, field] = rest else {
        return Err(NotationError::new(s, "a bet needs a tableau and a field: offer red 2"));
    };
    let tableau = match tableau.to_ascii_lowercase().as_str() {
        "red" | "r" => Tableau::Red,
        "blue" | "b" => Tableau::Blue,
        _ => return Err(NotationError::new(s, "the tableau is red or blue")),
    };
    let field: u8 = field.parse().map_err(|_| NotationError::new(s, "the field is a number from 1"))?;
    if field == 0 || field as usize > MAX_FIELDS {
        return Err(NotationError::new(s, format!("the field is a number from 1 to {MAX_FIELDS}")));
    }
    Ok((tableau, field - 1))
}

fn value(s: &str, text: &str) -> Result<u8, NotationError> {
    match text.parse::<u8>() {
        Ok(v) if (1..=MAX_VALUE).contains(&v) => Ok(v),
        _ => Err(NotationError::new(s, format!("a fight card is 1 to {MAX_VALUE}, not {text:?}"))),
    }
}

impl FromStr for Action {
    type Err = NotationError;

    /// Reads the notation in any case; training values may come in any order.
    fn from_str(s: &str) -> Result<Self, Self::Err> {
        let words: Vec<&str> = s.split_whitespace().collect();
        let Some((word, rest)) = words.split_first() else {
            return Err(NotationError::new(s, EXPECTED));
        };
        match word.to_ascii_lowercase().as_str() {
            "challenge" => {
                let [with, target] = rest else {
                    return Err(NotationError::new(s, "challenge names your boxer and the target: challenge L 2H"));
                };
                let with = Class::parse(with).ok_or_else(|| NotationError::new(s, "your boxer is L or H"))?;
                let split = target.len().saturating_sub(1);
                let (seat, class) = (target.get(..split).unwrap_or(""), target.get(split..).unwrap_or(""));
                let owner: Seat =
                    seat.parse().map_err(|_| NotationError::new(s, "the target is a seat and L or H: 2H"))?;
                let class =
                    Class::parse(class).ok_or_else(|| NotationError::new(s, "the target is a seat and L or H: 2H"))?;
                Ok(Action::Challenge { with, target: BoxerId::new(owner, class) })
            }
            "train" => {
                if rest.is_empty() || rest.len() > 12 {
                    return Err(NotationError::new(s, "train names the cards: train 1 2 3 5"));
                }
                let mut cards = Cards::EMPTY;
                for text in rest {
                    cards.add(value(s, text)?);
                }
                Ok(Action::Train(cards))
            }
            "offer" => bet(s, rest).map(|(tableau, field)| Action::Offer { tableau, field }),
            "accept" => bet(s, rest).map(|(tableau, field)| Action::Accept { tableau, field }),
            "pass" if rest.is_empty() => Ok(Action::Pass),
            "play" => match rest {
                [text] => value(s, text).map(Action::Play),
                _ => Err(NotationError::new(s, "play names one card: play 3")),
            },
            _ => Err(NotationError::new(s, EXPECTED)),
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn notation_prints_and_reads_every_action() {
        for text in [
            "challenge L 2H",
            "challenge H 0L",
            "train 1 2 3 5",
            "train 2 2 4",
            "offer red 2",
            "accept blue 4",
            "pass",
            "play 3",
        ] {
            let action: Action = text.parse().unwrap();
            assert_eq!(action.to_string(), text);
        }
        assert_eq!("TRAIN 5 1 3 2".parse::<Action>().unwrap().to_string(), "train 1 2 3 5");
        assert_eq!("Offer Blue 1".parse::<Action>().unwrap(), Action::Offer { tableau: Tableau::Blue, field: 0 });
        for bad in [
            "",
            "challenge",
            "challenge L",
            "challenge X 2H",
            "challenge L 9H",
            "challenge L 2",
            "train",
            "train 6",
            "offer green 1",
            "offer red 0",
            "offer red 7",
            "accept red",
            "pass 1",
            "play",
            "play 0",
            "play 1 2",
            "hook",
        ] {
            assert!(bad.parse::<Action>().is_err(), "{bad:?} should not parse");
        }
    }
}
