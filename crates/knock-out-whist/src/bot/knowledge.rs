//! What a seat can know, gathered from its view alone: the unseen cards, the voids opponents
//! showed, who still has to play to this trick, and the odds that they can beat a card.

use engine::{MAX_SEATS, Seat};

use crate::card::Card;
use crate::cardset::CardSet;
use crate::suit::{Suit, SuitSet};
use crate::trick::beats;
use crate::view::{Standing, View};

/// The public facts of one decision, plus the deciding seat's hand.
pub(crate) struct Knowledge {
    pub me: Seat,
    pub hand: CardSet,
    pub trump: Option<Suit>,
    /// Cards neither in the hand, played this round, nor face up: in other hands or the deck.
    pub unseen: CardSet,
    pub voids: [SuitSet; MAX_SEATS],
    pub cards: [u8; MAX_SEATS],
    pub tricks: [u8; MAX_SEATS],
    pub standing: [Standing; MAX_SEATS],
    /// The led suit of the current trick (`None`: I lead).
    pub led: Option<Suit>,
    /// Who is winning the current trick, with which card.
    pub best: Option<(Seat, Card)>,
    /// The seats still to play to this trick after me, in order.
    pub after: [Seat; MAX_SEATS],
    pub n_after: usize,
    /// Tricks left in the round, this one included.
    pub tricks_left: u8,
}

impl Knowledge {
    pub(crate) fn new(view: &View, me: Seat) -> Knowledge {
        let seats = view.seats;
        let hand = view.hand.unwrap_or_default();
        let mut played = CardSet::EMPTY;
        let mut voids = [SuitSet::EMPTY; MAX_SEATS];
        for trick in view.tricks.iter().chain(std::iter::once(&view.trick)) {
            for play in &trick.plays {
                if let Some(card) = play.card {
                    played.insert(card);
                    if let Some(led) = trick.led
                        && card.suit() != led
                    {
                        voids[play.seat.index()].insert(led);
                    }
                }
            }
        }
        let turned = view.turned.map_or(CardSet::EMPTY, CardSet::only);
        let mut cards = [0; MAX_SEATS];
        let mut tricks = [0; MAX_SEATS];
        let mut standing = [Standing::Out; MAX_SEATS];
        for p in &view.players {
            cards[p.seat.index()] = p.cards;
            tricks[p.seat.index()] = p.tricks;
            standing[p.seat.index()] = p.standing;
        }
        let mut after = [me; MAX_SEATS];
        let mut n_after = 0;
        let mut seat = me.next(seats);
        while seat != view.trick.leader && seat != me {
            if cards[seat.index()] > 0 {
                after[n_after] = seat;
                n_after += 1;
            }
            seat = seat.next(seats);
        }
        let best = view.trick.plays.iter().fold(None, |best: Option<(Seat, Card)>, play| match (best, play.card) {
            (None, Some(card)) => Some((play.seat, card)),
            (Some((_, b)), Some(card)) if beats(card, b, view.trump) => Some((play.seat, card)),
            _ => best,
        });
        let tricks_done = view.tricks.len() as u8;
        Knowledge {
            me,
            hand,
            trump: view.trump,
            unseen: !(hand | played | turned),
            voids,
            cards,
            tricks,
            standing,
            led: view.trick.led,
            best,
            after,
            n_after,
            tricks_left: view.cards_per_hand.saturating_sub(tricks_done),
        }
    }

    /// The seats still to play to this trick after me.
    pub(crate) fn after(&self) -> &[Seat] {
        &self.after[..self.n_after]
    }

    /// Whether `seat` is in this round and has not won a trick yet.
    pub(crate) fn needy(&self, seat: Seat) -> bool {
        matches!(self.standing[seat.index()], Standing::In | Standing::Mercy) && self.tricks[seat.index()] == 0
    }

    /// Whether `card` is a trump.
    pub(crate) fn is_trump(&self, card: Card) -> bool {
        Some(card.suit()) == self.trump
    }

    /// My trumps that rank above every unseen trump: tricks nobody can take from me.
    pub(crate) fn boss_trumps(&self) -> usize {
        let Some(trump) = self.trump else { return 0 };
        let top_unseen = self.unseen.of_suit(trump).highest();
        match top_unseen {
            None => self.hand.count_suit(trump),
            Some(top) => self.hand.above(top).len(),
        }
    }

    /// The chance that `seat` can beat `best` in a trick led in `led` (it must follow suit if it
    /// can; otherwise it may trump). Cards are taken as spread evenly over the unseen cards its
    /// voids allow.
    fn beat_chance(&self, seat: Seat, best: Card, led: Suit) -> f64 {
        let held = f64::from(self.cards[seat.index()]);
        let pool = self.unseen - CardSet::suits(self.voids[seat.index()]);
        let n = pool.len() as f64;
        if held == 0.0 || n == 0.0 {
            return 0.0;
        }
        let q = (held / n).min(1.0);
        let none_of = |count: usize, q: f64| (1.0 - q).powi(count as i32);
        let led_count = pool.count_suit(led);
        let void_led = none_of(led_count, q);
        // Without the led suit the hand is spread over the other suits.
        let q_rest = (held / (n - led_count as f64).max(1.0)).min(1.0);
        let trump = self.trump.filter(|&t| t != led);
        if best.suit() == led {
            let higher = none_of(pool.above(best).len(), q);
            let ruff = trump.map_or(0.0, |t| 1.0 - none_of(pool.count_suit(t), q_rest));
            ((1.0 - higher) + void_led * ruff).min(1.0)
        } else {
            void_led * (1.0 - none_of(pool.above(best).len(), q_rest))
        }
    }

    /// The chance that `card` would win a trick led with it, everyone else in the round to play
    /// after: a rough measure of its worth later in the round.
    pub(crate) fn lead_chance(&self, card: Card) -> f64 {
        let seats = self.cards.len();
        (0..seats)
            .map(Seat::at)
            .filter(|&s| s != self.me && self.cards[s.index()] > 0)
            .map(|seat| 1.0 - self.beat_chance(seat, card, card.suit()))
            .product()
    }

    /// The chance that `card`, played now, wins the trick: 0 if it does not beat the card winning
    /// so far, else the chance that nobody after me beats it.
    pub(crate) fn win_chance(&self, card: Card) -> f64 {
        if let Some((_, best)) = self.best
            && !beats(card, best, self.trump)
        {
            return 0.0;
        }
        let led = self.led.unwrap_or(card.suit());
        self.after().iter().map(|&seat| 1.0 - self.beat_chance(seat, card, led)).product()
    }
}
