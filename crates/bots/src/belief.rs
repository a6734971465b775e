//! Sampling worlds by belief: worlds that explain what the other seats did, under a model of
//! how they play (see [`engine::Game::surprises`]), instead of uniformly.

use std::time::Instant;

use engine::{Bot, Game, GameRng, InfoSet};

/// Candidates drawn per wanted world before settling for worlds that explain less.
const TRIES_PER_WORLD: usize = 40;

/// Surprises beyond this many are not counted: such a world is far off anyway.
const STOP_AT: u32 = 3;

/// The worlds one search samples from, drawn once per search by rejection: uniform samples
/// that the model explains fully are kept; if too few turn up, those with the fewest surprises
/// fill the pool. If every candidate is explained (nothing seen yet says anything), the search
/// samples afresh each iteration, as without belief.
pub(crate) struct Belief<G: Game> {
    model: Box<dyn Bot<G>>,
    worlds: usize,
    pool: Vec<G>,
    /// Candidates with surprises, and how many.
    near: Vec<(u32, G)>,
    /// Whether every candidate was explained: then the pool adds nothing to fresh samples.
    uninformed: bool,
    next: usize,
}

impl<G: Game> Belief<G> {
    /// Belief modelling the other seats by `model`, pooling `worlds` worlds per search.
    pub(crate) fn new(model: Box<dyn Bot<G>>, worlds: usize) -> Self {
        Belief { model, worlds: worlds.max(1), pool: Vec::new(), near: Vec::new(), uninformed: true, next: 0 }
    }

    /// The number of worlds pooled per search.
    pub(crate) fn worlds(&self) -> usize {
        self.worlds
    }

    /// Draws this search's pool for `info`, trying no longer than until `deadline` (a time
    /// budget's share for it) if one is given.
    pub(crate) fn refill(&mut self, info: &InfoSet<'_, G>, deadline: Option<Instant>, rng: &mut GameRng) {
        self.pool.clear();
        self.near.clear();
        self.next = 0;
        self.uninformed = true;
        for tried in 0..self.worlds * TRIES_PER_WORLD {
            if self.pool.len() == self.worlds {
                break;
            }
            // Replays cost microseconds: look at the clock now and then, and keep at least one
            // candidate.
            if tried > 0 && tried % 16 == 0 && deadline.is_some_and(|d| Instant::now() >= d) {
                break;
            }
            let world = info.sample(rng);
            // Once the fallback pool is full, a candidate matters only if it beats its worst.
            let stop_at = match self.near.iter().map(|(s, _)| *s).max() {
                Some(worst) if self.near.len() == self.worlds => worst,
                _ => STOP_AT,
            };
            let surprises = world.surprises(info.seat(), self.model.as_mut(), stop_at, rng);
            if surprises == 0 {
                self.pool.push(world);
                continue;
            }
            self.uninformed = false;
            if self.near.len() < self.worlds {
                self.near.push((surprises, world));
            } else if surprises < stop_at
                && let Some(worst) = self.near.iter_mut().max_by_key(|(s, _)| *s)
            {
                *worst = (surprises, world);
            }
        }
        if self.pool.len() < self.worlds {
            self.near.sort_by_key(|(s, _)| *s);
            let missing = self.worlds - self.pool.len();
            self.pool.extend(self.near.drain(..).take(missing).map(|(_, world)| world));
        }
    }

    /// The next world of the pool, or a fresh sample if the pool is uninformed.
    pub(crate) fn draw(&mut self, info: &InfoSet<'_, G>, rng: &mut GameRng) -> G {
        if self.uninformed || self.pool.is_empty() {
            return info.sample(rng);
        }
        let world = self.pool[self.next % self.pool.len()].clone();
        self.next += 1;
        world
    }
}

#[cfg(test)]
mod tests {
    use engine::{EventLog, Game, Seat, seeded};
    use knock_out_whist::{Config, HeuristicBot, KnockOutWhist, TrumpFrom};

    use super::*;

    /// A 4-player game played by heuristics into round 2, `plays` cards after trump was chosen.
    fn round_two(seed: u64, plays: usize) -> Option<KnockOutWhist> {
        let mut rng = seeded(seed);
        let mut game = KnockOutWhist::new(&Config::default(), 4, &mut rng).unwrap();
        let mut bot = HeuristicBot::default();
        let mut log = EventLog::off();
        let mut since = None;
        while let Some(seat) = game.to_act().first() {
            if game.round() == 2 && game.view(None).trump_from == TrumpFrom::Chosen {
                let n = since.get_or_insert(0);
                if *n == plays {
                    return Some(game);
                }
                *n += 1;
            }
            let action = bot.choose(&InfoSet::new(&game, seat), &mut rng);
            game.apply(seat, action, &mut rng, &mut log).unwrap();
        }
        None
    }

    #[test]
    fn pooled_worlds_explain_what_the_others_did_better_than_uniform_ones() {
        let mut compared = 0;
        for seed in 0..30 {
            let Some(game) = round_two(seed, 6) else { continue };
            let observer = game.to_act().first().unwrap();
            let info = InfoSet::new(&game, observer);
            let mut rng = seeded(seed);
            let mut belief = Belief::new(Box::new(HeuristicBot::default()), 20);
            belief.refill(&info, None, &mut rng);
            let mut model = HeuristicBot::default();
            let mut count = |world: &KnockOutWhist, rng: &mut GameRng| world.surprises(observer, &mut model, 9, rng);
            let (mut pooled, mut uniform) = (0, 0);
            for _ in 0..20 {
                let world = belief.draw(&info, &mut rng);
                pooled += count(&world, &mut rng);
                let world = info.sample(&mut rng);
                uniform += count(&world, &mut rng);
            }
            assert!(pooled <= uniform, "seed {seed}: pooled {pooled}, uniform {uniform}");
            assert!(!belief.uninformed, "seed {seed}: six plays and a trump choice said nothing");
            compared += usize::from(pooled < uniform);
        }
        assert!(compared > 15, "pooled worlds explained more in only {compared} positions");
    }

    #[test]
    fn where_nothing_is_explained_worlds_are_drawn_afresh() {
        // The demo game explains every world (the default `surprises`).
        let mut rng = seeded(1);
        let game = engine::demo::Rps::new(&Default::default(), 2, &mut rng).unwrap();
        let info = InfoSet::new(&game, Seat::at(0));
        let mut belief = Belief::new(Box::new(engine::RandomBot::default()), 5);
        belief.refill(&info, None, &mut rng);
        assert!(belief.uninformed);
    }
}
