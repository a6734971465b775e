//! Sampled worlds: what an observer cannot know is the other fighter's training choice and
//! pending exchange card. Every card each manager still holds is public (everyone starts with
//! the same cards and every played card is shown), so the resample draws the other fighter's
//! remaining training cards at random from all they hold, and a pending card from those.

use engine::{GameRng, Seat};
use rand::Rng;

use crate::cards::Cards;
use crate::state::{KnockOut, Phase};

impl KnockOut {
    /// A world consistent with what `observer` sees, the others' secret choices redrawn.
    pub(crate) fn sample_world(&self, observer: Seat, rng: &mut GameRng) -> KnockOut {
        let mut world = self.clone();
        if !matches!(self.phase, Phase::Training | Phase::Betting | Phase::Fight) {
            return world;
        }
        let Some(fight) = world.fight.as_mut() else { return world };
        if fight.result.is_some() {
            return world;
        }
        for side in 0..2 {
            let owner = fight.boxers[side].owner;
            if owner == observer || !fight.trained[side] {
                continue;
            }
            let held = world.hands[owner.index()].plus(fight.training[side]);
            let size = fight.training[side].len();
            // Draw `size` of the held cards, each card equally likely (a partial shuffle).
            let mut pool = [0u8; 32];
            let n = held.len() as usize;
            for (i, v) in held.iter().enumerate() {
                pool[i] = v;
            }
            let mut training = Cards::EMPTY;
            for i in 0..size as usize {
                let j = rng.random_range(i..n);
                pool.swap(i, j);
                training.add(pool[i]);
            }
            fight.training[side] = training;
            world.hands[owner.index()] = held.minus(training);
            if fight.pending[side].is_some() {
                let k = rng.random_range(0..training.len());
                fight.pending[side] = training.nth(k);
            }
        }
        world
    }
}
