//! How a search finishes a game from a new node: the playout policy.

use engine::{EventLog, Game, GameRng, MAX_SEATS, Outcome, Seat, step_continues};
use rand::Rng;

/// Chooses actions in playouts. It sees a sampled world (not the real game), so it may look at
/// everything in it; it must be cheap, because it runs for every move of every iteration.
pub trait PlayoutPolicy<G: Game>: Send {
    /// One of `legal` (never empty) for `seat` in `world`.
    fn choose(&mut self, world: &G, seat: Seat, legal: &[G::Action], rng: &mut GameRng) -> G::Action;

    /// The policy's name in a bot's spec (`heuristic`); `None` for the default random playouts
    /// and for unnamed functions.
    fn name(&self) -> Option<String> {
        None
    }
}

/// Uniformly random playouts: the default, and game-agnostic.
#[derive(Clone, Copy, Debug, Default)]
pub struct RandomPlayout;

impl<G: Game> PlayoutPolicy<G> for RandomPlayout {
    #[inline]
    fn choose(&mut self, _world: &G, _seat: Seat, legal: &[G::Action], rng: &mut GameRng) -> G::Action {
        legal[rng.random_range(0..legal.len())]
    }
}

/// A plain function as a policy (a game's cheap rule of thumb).
impl<G: Game, F> PlayoutPolicy<G> for F
where
    F: FnMut(&G, Seat, &[G::Action], &mut GameRng) -> G::Action + Send,
{
    #[inline]
    fn choose(&mut self, world: &G, seat: Seat, legal: &[G::Action], rng: &mut GameRng) -> G::Action {
        self(world, seat, legal, rng)
    }
}

/// A game's estimate of a world that a playout stopped in before the end
/// ([`crate::Ismcts::cut_off`], [`crate::GameBots::evaluation`]): it writes each seat's
/// expected reward into `rewards[..seats]`, on the scale of [`engine::Outcome::reward`] (in
/// `[0, 1]`: the share of the other seats the seat is expected to finish ahead of). It sees the
/// sampled world, so it may look at everything in it, and it may use `rng` (to simulate the
/// rest cheaply); like a playout policy it runs once per iteration and should not allocate.
pub type EvaluationFn<G> = fn(&G, &mut GameRng, &mut [f64; MAX_SEATS]);

/// How a playout ended.
pub(crate) enum Ending {
    /// The game is over.
    Over(Outcome),
    /// The action limit was reached first.
    Cut,
}

/// Plays `world` with `policy` to the end, or until `limit` actions have been applied
/// (`u32::MAX`: no limit). In a secret choice or reaction window every seat to
/// act chooses from the position where the step began, and the answers are applied in seat
/// order while the step goes on ([`engine::step_continues`]), so no seat's choice in a playout
/// sees another's pending one. Returns how it ended, or `None` if the game refused an action it
/// had offered (a bug in the game; the caller drops the iteration rather than panic mid-match).
pub(crate) fn play_out<G: Game, P: PlayoutPolicy<G> + ?Sized>(
    world: &mut G,
    policy: &mut P,
    legal: &mut Vec<G::Action>,
    log: &mut EventLog<G::Event>,
    rng: &mut GameRng,
    limit: u32,
) -> Option<Ending> {
    let mut answers: [Option<G::Action>; MAX_SEATS] = [None; MAX_SEATS];
    let mut played = 0u32;
    loop {
        let (kind, to_act) = (world.step_kind(), world.to_act());
        let Some(first) = to_act.first() else {
            return world.outcome().map(Ending::Over);
        };
        if played >= limit {
            return Some(Ending::Cut);
        }
        if !kind.is_simultaneous() || to_act.len() == 1 {
            world.legal_actions(first, legal);
            if legal.is_empty() {
                return None;
            }
            let action = policy.choose(world, first, legal, rng);
            world.apply(first, action, rng, log).ok()?;
            played += 1;
            continue;
        }
        for seat in to_act {
            world.legal_actions(seat, legal);
            if legal.is_empty() {
                return None;
            }
            answers[seat.index()] = Some(policy.choose(world, seat, legal, rng));
        }
        let mut before = (kind, to_act);
        for seat in to_act {
            let action = answers[seat.index()].take()?;
            world.apply(seat, action, rng, log).ok()?;
            played += 1;
            let after = (world.step_kind(), world.to_act());
            if !step_continues(before, seat, after) {
                break;
            }
            before = after;
        }
        answers = [None; MAX_SEATS];
    }
}

/// A bot as playout policy (the game's heuristic, typically): it decides from the sampled
/// world's view of the seat to move, like in a real game, so playouts model opponents as
/// heuristic players instead of random ones. Slower per move than [`RandomPlayout`]; with
/// `epsilon > 0` a share of moves is random, to keep playouts varied.
pub struct BotPlayout<G: Game> {
    bot: Box<dyn engine::Bot<G>>,
    epsilon: f64,
}

impl<G: Game> BotPlayout<G> {
    /// Playouts by `bot`, a share `epsilon` of moves (0 to 1) random instead.
    pub fn new(bot: Box<dyn engine::Bot<G>>, epsilon: f64) -> Self {
        BotPlayout { bot, epsilon }
    }
}

impl<G: Game> PlayoutPolicy<G> for BotPlayout<G> {
    fn choose(&mut self, world: &G, seat: Seat, legal: &[G::Action], rng: &mut GameRng) -> G::Action {
        if legal.len() == 1 {
            return legal[0];
        }
        if self.epsilon > 0.0 && rng.random_bool(self.epsilon) {
            return legal[rng.random_range(0..legal.len())];
        }
        self.bot.choose(&engine::InfoSet::new(world, seat), rng)
    }

    fn name(&self) -> Option<String> {
        Some(self.bot.name())
    }
}
