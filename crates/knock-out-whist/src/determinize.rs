//! Sampling a world consistent with one seat's knowledge (see [`engine::Game::determinize`]).
//!
//! Hidden are the other hands, the undealt deck and other voters' pending votes. Public and kept
//! are the cards played this round, round 1's turned card, every hand's size, and the voids a
//! player revealed by not following suit: a sampled hand never holds a suit its player showed
//! out of. The unseen cards are gathered in canonical bitset order and then shuffled, so the
//! sample depends only on the observer's view and the generator.

use engine::{GameRng, MAX_SEATS, Seat};
use rand::Rng;

use crate::card::Card;
use crate::cardset::CardSet;
use crate::state::{KnockOutWhist, Phase};
use crate::suit::{Suit, SuitSet};

impl KnockOutWhist {
    /// A copy of this game with everything `observer` cannot see resampled.
    pub(crate) fn sample_world(&self, observer: Seat, rng: &mut GameRng) -> KnockOutWhist {
        let mut world = self.clone();
        if self.phase == Phase::Over {
            return world;
        }
        if self.phase == Phase::Vote {
            for voter in self.voters.without(observer) {
                if self.votes[voter.index()].is_some() {
                    world.votes[voter.index()] = Some(Suit::from_index(rng.random_range(0..4u32) as usize));
                }
            }
        }
        let turned = self.turned.map_or(CardSet::EMPTY, CardSet::only);
        let unseen = !(self.hands[observer.index()] | self.played | turned);
        let mut needs = [0u8; MAX_SEATS];
        for seat in Seat::all(self.seats()) {
            if seat != observer {
                needs[seat.index()] = self.hands[seat.index()].len() as u8;
            }
        }
        let dealt = deal_unseen(unseen, &needs, &self.voids, rng);
        let mut others = CardSet::EMPTY;
        for seat in Seat::all(self.seats()) {
            if seat != observer {
                world.hands[seat.index()] = dealt[seat.index()];
                others |= dealt[seat.index()];
            }
        }
        world.deck = (unseen - others) | turned;
        world
    }
}

/// Deals `needs[s]` cards of `unseen` to each seat `s`, never a suit in `voids[s]`; the rest
/// stays undealt. Uniform when nobody is constrained; otherwise the most constrained seat
/// draws first, each draw checked to leave the rest dealable (Hall's condition over the 16
/// sets of suits), so it never fails when a consistent deal exists.
pub(crate) fn deal_unseen(
    unseen: CardSet,
    needs: &[u8; MAX_SEATS],
    voids: &[SuitSet; MAX_SEATS],
    rng: &mut GameRng,
) -> [CardSet; MAX_SEATS] {
    let mut cards = [0u8; 52];
    let mut len = 0;
    for card in unseen {
        cards[len] = card.index();
        len += 1;
    }
    let mut hands = [CardSet::EMPTY; MAX_SEATS];
    // A void in a suit nobody could hold anyway is no constraint.
    let unseen_suits = unseen.suits_held();
    let mut constrained = [0usize; MAX_SEATS];
    let mut n_constrained = 0;
    let mut total = 0usize;
    for seat in 0..MAX_SEATS {
        total += needs[seat] as usize;
        if needs[seat] > 0 && voids[seat].bits() & unseen_suits.bits() != 0 {
            constrained[n_constrained] = seat;
            n_constrained += 1;
        }
    }
    let total = total.min(len);
    if n_constrained == 0 {
        // Partial Fisher–Yates: only the dealt prefix needs to be random.
        for i in 0..total {
            let j = rng.random_range(i as u32..len as u32) as usize;
            cards.swap(i, j);
        }
        let mut next = 0;
        for (seat, hand) in hands.iter_mut().enumerate() {
            for _ in 0..needs[seat] {
                if next < len {
                    hand.insert(card_at(cards[next]));
                    next += 1;
                }
            }
        }
        return hands;
    }
    for i in 0..len.saturating_sub(1) {
        let j = rng.random_range(i as u32..len as u32) as usize;
        cards.swap(i, j);
    }
    let constrained = &mut constrained[..n_constrained];
    let allowed = |seat: usize| unseen - CardSet::suits(voids[seat]);
    // Most constrained first (fewest cards it may hold), ties by seat: canonical.
    constrained.sort_unstable_by_key(|&s| (allowed(s).len(), s));
    let mut taken = CardSet::EMPTY;
    if n_constrained == 1 {
        // One constrained seat: any choice of its allowed cards leaves a dealable rest.
        let seat = constrained[0];
        let allowed = allowed(seat);
        let mut want = needs[seat];
        for &index in &cards[..len] {
            if want == 0 {
                break;
            }
            let card = card_at(index);
            if allowed.contains(card) {
                hands[seat].insert(card);
                taken.insert(card);
                want -= 1;
            }
        }
    } else {
        deal_constrained(&cards[..len], constrained, needs, voids, unseen, &mut hands, &mut taken);
    }
    let mut next = 0;
    for seat in 0..MAX_SEATS {
        if constrained.contains(&seat) {
            continue;
        }
        let mut want = needs[seat];
        while want > 0 && next < len {
            let card = card_at(cards[next]);
            next += 1;
            if !taken.contains(card) {
                hands[seat].insert(card);
                want -= 1;
            }
        }
    }
    hands
}

/// Several constrained seats: each draw must leave the remaining constrained needs satisfiable.
fn deal_constrained(
    shuffled: &[u8],
    constrained: &[usize],
    needs: &[u8; MAX_SEATS],
    voids: &[SuitSet; MAX_SEATS],
    unseen: CardSet,
    hands: &mut [CardSet; MAX_SEATS],
    taken: &mut CardSet,
) {
    let mut left = [0u8; 4];
    for suit in Suit::ALL {
        left[suit.index()] = unseen.count_suit(suit) as u8;
    }
    let mut want = [0u8; MAX_SEATS];
    let mut allowed_suits = [0u8; MAX_SEATS];
    for (k, &seat) in constrained.iter().enumerate() {
        want[k] = needs[seat];
        allowed_suits[k] = !voids[seat].bits() & 0b1111;
    }
    let n = constrained.len();
    for (k, &seat) in constrained.iter().enumerate() {
        for &index in shuffled {
            if want[k] == 0 {
                break;
            }
            let card = card_at(index);
            let suit = card.suit().index();
            if taken.contains(card) || allowed_suits[k] & (1 << suit) == 0 {
                continue;
            }
            left[suit] -= 1;
            want[k] -= 1;
            if dealable(&left, &want[..n], &allowed_suits[..n]) {
                hands[seat].insert(card);
                taken.insert(card);
            } else {
                left[suit] += 1;
                want[k] += 1;
            }
        }
    }
}

/// Hall's condition: for every proper set of suits, the seats that may hold only those suits
/// need no more cards than are left in them.
#[inline]
fn dealable(left: &[u8; 4], want: &[u8], allowed_suits: &[u8]) -> bool {
    for suits in 1u8..15 {
        let mut need = 0u32;
        for (k, &allowed) in allowed_suits.iter().enumerate() {
            if allowed & !suits == 0 {
                need += u32::from(want[k]);
            }
        }
        if need == 0 {
            continue;
        }
        let mut have = 0u32;
        for (suit, &count) in left.iter().enumerate() {
            if suits & (1 << suit) != 0 {
                have += u32::from(count);
            }
        }
        if need > have {
            return false;
        }
    }
    true
}

#[inline]
fn card_at(index: u8) -> Card {
    Card::from_index(index).expect("a card index below 52")
}

#[cfg(test)]
mod tests {
    use super::*;
    use engine::seeded;

    fn set(s: &str) -> CardSet {
        s.parse().unwrap()
    }

    #[test]
    fn unconstrained_deals_give_every_seat_its_count_from_the_unseen() {
        let unseen = CardSet::FULL - set("AS KS");
        let mut needs = [0u8; MAX_SEATS];
        needs[1] = 5;
        needs[2] = 7;
        let hands = deal_unseen(unseen, &needs, &[SuitSet::EMPTY; MAX_SEATS], &mut seeded(1));
        assert_eq!((hands[1].len(), hands[2].len()), (5, 7));
        assert!((hands[1] & hands[2]).is_empty());
        assert_eq!(hands[1] | hands[2], (hands[1] | hands[2]) & unseen);
    }

    // A tight puzzle: three seats each void in a different suit, exactly enough cards of each
    // suit to go round. Greedy dealing would often get stuck; Hall's check never does.
    #[test]
    fn tight_void_constraints_are_always_met() {
        let unseen = set("2C 3C 2D 3D 2H 3H");
        let mut needs = [0u8; MAX_SEATS];
        let mut voids = [SuitSet::EMPTY; MAX_SEATS];
        for (seat, void) in [(0, "C"), (1, "D"), (2, "H")] {
            needs[seat] = 2;
            voids[seat] = SuitSet::only(Suit::parse(void).unwrap());
        }
        let mut rng = seeded(9);
        let mut seen = std::collections::HashSet::new();
        for _ in 0..300 {
            let hands = deal_unseen(unseen, &needs, &voids, &mut rng);
            for seat in 0..3 {
                assert_eq!(hands[seat].len(), 2, "seat {seat} got {:?}", hands[seat]);
                assert!((hands[seat] & CardSet::suits(voids[seat])).is_empty());
            }
            assert_eq!(hands[0] | hands[1] | hands[2], unseen);
            seen.insert(hands[0].bits());
        }
        assert!(seen.len() > 3, "the sample still varies: {}", seen.len());
    }
}
