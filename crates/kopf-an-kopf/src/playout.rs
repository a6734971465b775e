//! A cheap rule of thumb for search playouts: no reactions, no second chance; in the action
//! step a "+2" for a horse it has bet on, else a bet on the leading horse outside the dark
//! zone, else prize money, else a discard, else the first legal action.
//!
//! It decides on a *sampled world* (see [`engine::Game::determinize`]), so it may look at
//! everything in it; a decision is a scan of the legal actions, no allocation.

use engine::{GameRng, Seat};
use rand::Rng;

use crate::action::{Action, Play};
use crate::state::{KopfAnKopf, Phase};

/// The policy: one of `legal` (not empty) for `seat` in `world`.
pub fn playout_policy(world: &KopfAnKopf, seat: Seat, legal: &[Action], rng: &mut GameRng) -> Action {
    if legal.len() == 1 {
        return legal[0];
    }
    match world.phase {
        Phase::RollWindow | Phase::CardWindow => Action::Pass,
        Phase::SecondChance => Action::Keep,
        Phase::Ability(h) => Action::Use(h),
        Phase::Draw | Phase::ThreePile => {
            let p = world.larger_pile();
            if world.phase == Phase::Draw { Action::Draw(p) } else { Action::Pile(p) }
        }
        Phase::Action => action(world, seat, legal, rng),
        _ => legal[rng.random_range(0..legal.len())],
    }
}

fn action(world: &KopfAnKopf, seat: Seat, legal: &[Action], rng: &mut GameRng) -> Action {
    let i = seat.index();
    let mut best = (0u32, legal[rng.random_range(0..legal.len())]);
    for &a in legal {
        let score = match a {
            Action::Play(Play::HorsePlus(h)) if world.bets[i][h.index()] > 0 => 50,
            Action::Play(Play::Prize | Play::Stable) => 30,
            Action::Play(Play::FreeBet(h)) => 25 + world.pos[h.index()] as u32,
            Action::Bet(h) => 10 + world.pos[h.index()] as u32,
            Action::Discard(..) => 5,
            _ => 0,
        };
        if score > best.0 {
            best = (score, a);
        }
    }
    best.1
}
