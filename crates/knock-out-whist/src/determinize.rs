//! Sampling a world consistent with one seat's knowledge (see [`engine::Game::determinize`]).
//!
//! Hidden are the other hands, the undealt deck and other voters' pending votes. Public and kept
//! are the cards played this round, round 1's turned card, every hand's size, and the voids a
//! player revealed by not following suit: a sampled hand never holds a suit its player showed
//! out of. Every deal of the unseen cards consistent with those voids is equally likely (see
//! `uniform_deal.rs`). The unseen cards are gathered in canonical bitset order and then drawn,
//! so the sample depends only on the observer's view and the generator.

use engine::{GameRng, MAX_SEATS, Seat};
use rand::Rng;

use crate::cardset::CardSet;
use crate::state::{KnockOutWhist, Phase};
use crate::suit::Suit;
use crate::uniform_deal::deal_unseen;

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
