//! One trick: the plays in order and who is winning it (KW-10 … KW-12).

use engine::Seat;
use serde::Serialize;

use crate::card::Card;
use crate::suit::Suit;

/// One turn in a trick: a card played, or (`card: None`) a mercy player holding their card
/// (KW-31).
#[derive(Clone, Copy, PartialEq, Eq, Debug, Serialize)]
pub struct Play {
    /// Who acted.
    pub seat: Seat,
    /// The card played; `None` for a hold.
    pub card: Option<Card>,
}

/// Whether `card` beats `best` (the card winning the trick so far) under `trump` (KW-12): a
/// higher card of the same suit, or any trump over a non-trump. An off-suit, non-trump card
/// never wins.
#[inline]
pub fn beats(card: Card, best: Card, trump: Option<Suit>) -> bool {
    if card.suit() == best.suit() { card.index() > best.index() } else { Some(card.suit()) == trump }
}

/// A trick in progress or finished: up to one turn per seat, in play order.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub struct Trick {
    plays: [Play; engine::MAX_SEATS],
    len: u8,
    leader: Seat,
    best: Option<(Seat, Card)>,
}

impl Trick {
    /// An empty trick led by `leader`.
    pub(crate) const fn new(leader: Seat) -> Trick {
        Trick { plays: [Play { seat: Seat::at(0), card: None }; engine::MAX_SEATS], len: 0, leader, best: None }
    }

    /// The seat that leads (or led) the trick.
    pub fn leader(&self) -> Seat {
        self.leader
    }

    /// The turns so far, in order (holds included).
    pub fn plays(&self) -> &[Play] {
        &self.plays[..self.len as usize]
    }

    /// Whether nobody has played yet.
    pub fn is_empty(&self) -> bool {
        self.len == 0
    }

    /// The suit led: the suit of the first card (the leader always plays).
    #[inline]
    pub fn led(&self) -> Option<Suit> {
        if self.len == 0 { None } else { self.plays[0].card.map(Card::suit) }
    }

    /// Who is winning the trick so far, with which card (after the last play: who won it).
    #[inline]
    pub fn best(&self) -> Option<(Seat, Card)> {
        self.best
    }

    /// Records a turn; a card takes the lead if it beats the best so far (KW-12).
    #[inline]
    pub(crate) fn push(&mut self, seat: Seat, card: Option<Card>, trump: Option<Suit>) {
        self.plays[self.len as usize] = Play { seat, card };
        self.len += 1;
        if let Some(card) = card {
            match self.best {
                Some((_, best)) if !beats(card, best, trump) => {}
                _ => self.best = Some((seat, card)),
            }
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn card(s: &str) -> Card {
        s.parse().unwrap()
    }

    fn trick(plays: &[&str], trump: Option<Suit>) -> Trick {
        let mut t = Trick::new(Seat::at(0));
        for (i, p) in plays.iter().enumerate() {
            t.push(Seat::at(i), (*p != "hold").then(|| card(p)), trump);
        }
        t
    }

    // KW-12: the highest trump wins; without trump the highest card of the led suit.
    #[test]
    fn kw_12_trump_beats_led_suit_and_highest_wins() {
        let t = trick(&["AS", "2H", "KS", "5H"], Some(Suit::Hearts));
        assert_eq!(t.best(), Some((Seat::at(3), card("5H"))));
        let t = trick(&["9S", "2H", "KS", "AD"], None);
        assert_eq!(t.best(), Some((Seat::at(2), card("KS"))));
        assert_eq!(t.led(), Some(Suit::Spades));
    }

    // KW-12: an off-suit card that is not trump never wins, however high.
    #[test]
    fn kw_12_off_suit_never_wins() {
        let t = trick(&["2S", "AD", "AC", "AH"], Some(Suit::Clubs));
        assert_eq!(t.best().unwrap().0, Seat::at(2));
        let t = trick(&["2S", "AD", "AH"], Some(Suit::Clubs));
        assert_eq!(t.best().unwrap().0, Seat::at(0));
        assert!(!beats(card("AD"), card("2S"), Some(Suit::Clubs)));
        assert!(!beats(card("AD"), card("2S"), None));
    }

    #[test]
    fn holds_take_no_part() {
        let t = trick(&["5S", "hold", "4S"], Some(Suit::Hearts));
        assert_eq!(t.plays().len(), 3);
        assert_eq!(t.best(), Some((Seat::at(0), card("5S"))));
    }
}
