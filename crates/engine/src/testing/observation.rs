//! The observation contract at one position: the declared shape, finite values, and a tensor
//! that depends only on what the seat knows.

use crate::game::Game;
use crate::seat::Seat;

/// A buffer for one seat's observation tensor, filled with NaN before each fill so a value the
/// game forgot to write shows up as not finite.
pub(super) struct Observer {
    len: usize,
    truth: Vec<f32>,
    world: Vec<f32>,
    /// Each seat's tensor at the position before, to count positions where it changed.
    last: Vec<Vec<f32>>,
}

impl Observer {
    /// The observer of games of `G` with `config` and `seats` seats; `None` if the game offers no
    /// observation tensor.
    pub(super) fn new<G: Game>(config: &G::Config, seats: usize) -> Option<Observer> {
        let shape = G::observation_shape(config, seats)?;
        assert!(!shape.is_empty() && shape.iter().all(|&n| n > 0), "{}: empty observation shape {shape:?}", G::NAME);
        let len = shape.iter().product();
        Some(Observer { len, truth: vec![0.0; len], world: vec![0.0; len], last: vec![Vec::new(); seats] })
    }

    /// Fills `seat`'s tensor of the true state and checks its values; returns whether it differs
    /// from the seat's tensor at the position before.
    pub(super) fn observe<G: Game>(&mut self, state: &G, seat: Seat, ctx: &str) -> bool {
        fill(state, seat, &mut self.truth, ctx);
        let last = &mut self.last[seat.index()];
        let changed = !last.is_empty() && *last != self.truth;
        last.clear();
        last.extend_from_slice(&self.truth);
        changed
    }

    /// `world`, sampled for `seat`, must give the seat the tensor of the true state (filled by
    /// [`Observer::observe`] just before).
    pub(super) fn same_in<G: Game>(&mut self, world: &G, seat: Seat, ctx: &str) {
        fill(world, seat, &mut self.world, ctx);
        if let Some(at) = (0..self.len).find(|&i| self.world[i].to_bits() != self.truth[i].to_bits()) {
            panic!(
                "{ctx}: seat {seat}'s observation depends on what it cannot know: value {at} is {} in the true state and {} in a world sampled for it",
                self.truth[at], self.world[at]
            );
        }
    }
}

fn fill<G: Game>(state: &G, seat: Seat, out: &mut [f32], ctx: &str) {
    out.fill(f32::NAN);
    state.observe(seat, out);
    if let Some(at) = out.iter().position(|v| !v.is_finite()) {
        panic!("{ctx}: seat {seat}'s observation value {at} is {} (unwritten or not finite)", out[at]);
    }
}
