//! A seat's action and its notation: `play QS`, `hold`, `trump H`, `vote D`.

use std::fmt;
use std::str::FromStr;

use engine::NotationError;

use crate::card::Card;
use crate::suit::Suit;

/// One action of one seat.
///
/// Dealing, turning the trump card and the trump cut are chance: they happen inside
/// [`Game::new`](engine::Game::new) and [`Game::apply`](engine::Game::apply), not as actions.
#[derive(Clone, Copy, PartialEq, Eq, Hash, Debug)]
pub enum Action {
    /// Play a card to the current trick (`play QS`).
    Play(Card),
    /// On a mercy chance: sit this trick out, keeping the one card (`hold`).
    Hold,
    /// Choose the trump suit for this round (`trump H`).
    Trump(Suit),
    /// A knocked-out player's vote on the trump (`vote D`).
    Vote(Suit),
}

impl fmt::Display for Action {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Action::Play(card) => write!(f, "play {card}"),
            Action::Hold => f.write_str("hold"),
            Action::Trump(suit) => write!(f, "trump {suit}"),
            Action::Vote(suit) => write!(f, "vote {suit}"),
        }
    }
}

impl FromStr for Action {
    type Err = NotationError;

    /// Reads the notation in any case; `play` may be left out (`QS` = `play QS`), tens may be
    /// written `T` or `10`, suits as letters, symbols or names (`trump hearts`).
    fn from_str(s: &str) -> Result<Self, Self::Err> {
        let text = s.trim();
        let (word, rest) = match text.split_once(char::is_whitespace) {
            Some((w, r)) => (w, r.trim()),
            None => (text, ""),
        };
        let suit = |what: &str| {
            Suit::parse(rest).ok_or_else(|| NotationError::new(s, format!("{what} needs a suit: C, D, H or S")))
        };
        match word.to_ascii_lowercase().as_str() {
            "play" => rest.parse().map(Action::Play).map_err(|e| NotationError::new(s, e.to_string())),
            "hold" if rest.is_empty() => Ok(Action::Hold),
            "trump" => suit("trump").map(Action::Trump),
            "vote" => suit("vote").map(Action::Vote),
            _ if rest.is_empty() => text.parse().map(Action::Play).map_err(|_| {
                NotationError::new(s, "expected play CARD (play QS, play TH), hold, trump SUIT or vote SUIT")
            }),
            _ => Err(NotationError::new(s, "expected play CARD (play QS, play TH), hold, trump SUIT or vote SUIT")),
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::card::Rank;

    #[test]
    fn notation_prints_and_reads_every_action() {
        let queen = Card::new(Rank::Queen, Suit::Spades);
        for (action, text) in [
            (Action::Play(queen), "play QS"),
            (Action::Play(Card::new(Rank::Ten, Suit::Hearts)), "play TH"),
            (Action::Hold, "hold"),
            (Action::Trump(Suit::Hearts), "trump H"),
            (Action::Vote(Suit::Diamonds), "vote D"),
        ] {
            assert_eq!(action.to_string(), text);
            assert_eq!(text.parse::<Action>().unwrap(), action);
        }
        assert_eq!("PLAY 10h".parse::<Action>().unwrap(), Action::Play(Card::new(Rank::Ten, Suit::Hearts)));
        assert_eq!("qs".parse::<Action>().unwrap(), Action::Play(queen));
        assert_eq!("trump hearts".parse::<Action>().unwrap(), Action::Trump(Suit::Hearts));
        for bad in ["", "play", "play 1S", "trump", "trump X", "vote 2", "hold on", "pass", "play QS KS"] {
            assert!(bad.parse::<Action>().is_err(), "{bad:?} should not parse");
        }
    }
}
