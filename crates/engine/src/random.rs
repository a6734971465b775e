//! The `random` bot: a uniformly random legal action. The baseline every other bot must beat.

use rand::Rng;

use crate::game::Game;
use crate::info::{Bot, InfoSet};
use crate::rng::GameRng;

/// Plays a uniformly random legal action.
#[derive(Clone, Debug)]
pub struct RandomBot<G: Game> {
    buffer: Vec<G::Action>,
}

impl<G: Game> Default for RandomBot<G> {
    fn default() -> Self {
        RandomBot { buffer: Vec::new() }
    }
}

impl<G: Game> Bot<G> for RandomBot<G> {
    fn name(&self) -> String {
        "random".into()
    }

    fn choose(&mut self, info: &InfoSet<'_, G>, rng: &mut GameRng) -> G::Action {
        info.legal_actions(&mut self.buffer);
        assert!(!self.buffer.is_empty(), "a bot is only asked when its seat has a legal action");
        self.buffer[rng.random_range(0..self.buffer.len())]
    }
}
