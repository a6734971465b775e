//! Sampled worlds: everything the observer cannot see, dealt again at random.
//!
//! Unseen are the other hands (but for what the observer knows is in them: Inspector's look,
//! a card taken from the observer) and the two piles; the discard pile, the stack and every
//! hand size are public. The unseen cards are gathered into one pool and dealt out again,
//! known cards first, so a world depends only on the observer's knowledge and the generator.
//! What the other seats know of hands is forgotten in the world. Other seats' hidden answers in an open reaction window become passes: the observer cannot
//! know them, and a pass is an answer any hand can give.

use engine::{GameRng, Seat};

use crate::card::Cards;
use crate::state::{Answer, KopfAnKopf};

impl KopfAnKopf {
    pub(crate) fn sample_world(&self, observer: Seat, rng: &mut GameRng) -> KopfAnKopf {
        let mut world = self.clone();
        let o = observer.index();
        let n = self.seats as usize;
        let mut pool = self.piles[0];
        pool.add_all(&self.piles[1]);
        for s in (0..n).filter(|&s| s != o) {
            let mut unknown = self.hands[s];
            unknown.remove_all(&self.known[o][s]);
            pool.add_all(&unknown);
        }
        for s in (0..n).filter(|&s| s != o) {
            let mut hand = self.known[o][s];
            for _ in hand.len()..self.hands[s].len() {
                if let Some(card) = Self::take_random(&mut pool, rng) {
                    hand.add(card, 1);
                }
            }
            world.hands[s] = hand;
            if world.answers[s] != Answer::None {
                world.answers[s] = Answer::Pass;
            }
        }
        let mut first = Cards::EMPTY;
        for _ in 0..self.piles[0].len() {
            if let Some(card) = Self::take_random(&mut pool, rng) {
                first.add(card, 1);
            }
        }
        world.piles = [first, pool];
        // What the others know of hands is hidden from the observer: in the new world they
        // know nothing (a world must not depend on it, and their old knowledge may not hold).
        for x in (0..n).filter(|&x| x != o) {
            world.known[x] = [Cards::EMPTY; engine::MAX_SEATS];
        }
        world
    }
}
