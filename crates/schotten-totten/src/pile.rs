//! The face-down draw piles: the clan pile (ST-4, ST-8) and the tactic pile (ST-40).

use crate::card::Card;
use crate::card_set::CardSet;

/// A face-down draw pile; the top card is the last one.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub(crate) struct Pile {
    cards: [Card; 60],
    len: u8,
}

impl Pile {
    pub(crate) fn from_set(set: CardSet) -> Pile {
        let mut pile = Pile { cards: [Card::FILLER; 60], len: 0 };
        for card in set {
            pile.push(card);
        }
        pile
    }

    pub(crate) fn len(&self) -> usize {
        self.len as usize
    }

    pub(crate) fn cards_mut(&mut self) -> &mut [Card] {
        &mut self.cards[..self.len as usize]
    }

    pub(crate) fn set(&self) -> CardSet {
        self.cards[..self.len as usize].iter().copied().collect()
    }

    pub(crate) fn push(&mut self, card: Card) {
        self.cards[self.len as usize] = card;
        self.len += 1;
    }

    pub(crate) fn is_empty(&self) -> bool {
        self.len == 0
    }

    /// Puts `card` under the pile (the Recruiter, ST-45).
    pub(crate) fn push_bottom(&mut self, card: Card) {
        let len = self.len as usize;
        self.cards.copy_within(0..len, 1);
        self.cards[0] = card;
        self.len += 1;
    }

    pub(crate) fn pop(&mut self) -> Option<Card> {
        if self.len == 0 {
            return None;
        }
        self.len -= 1;
        Some(self.cards[self.len as usize])
    }
}
