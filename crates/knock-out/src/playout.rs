//! A cheap rule of thumb for search playouts. It decides on a *sampled world* (see
//! [`engine::Game::determinize`]), where both trainings are drawn, so it may look at them:
//! challenge with the boxer whose prize is largest, train at random, bet by a crude estimate
//! from the two trainings' totals, and play a random training card. A decision is a few
//! arithmetic operations, no allocation; it is meant for the millions of moves of a search's
//! playouts, not as a player.

use engine::{GameRng, Seat};
use rand::Rng;

use crate::action::Action;
use crate::bot::bet_value;
use crate::edition::BetKind;
use crate::state::{KnockOut, Phase};

/// The policy: one of `legal` (not empty) for `seat` in `world`.
pub fn playout_policy(world: &KnockOut, seat: Seat, legal: &[Action], rng: &mut GameRng) -> Action {
    if legal.len() == 1 {
        return legal[0];
    }
    match world.phase {
        Phase::Challenge => {
            let mut best = (i64::MIN, legal[0]);
            for &action in legal {
                if let Action::Challenge { with, target } = action {
                    let mine = crate::boxer::BoxerId::new(seat, with);
                    // The prize, then weaker opponents; a little noise breaks ties.
                    let value = 4 * world.start_money(mine) - world.start_money(target) / 4 + rng.random_range(0..500);
                    if value > best.0 {
                        best = (value, action);
                    }
                }
            }
            best.1
        }
        Phase::Betting => bet(world, seat, legal),
        Phase::Training | Phase::Fight | Phase::Over => legal[rng.random_range(0..legal.len())],
    }
}

/// The crude odds: red's chance to win from the trainings' average card and the tie rule; a
/// knock-out is likelier the shorter the start distance.
fn bet(world: &KnockOut, seat: Seat, legal: &[Action]) -> Action {
    let Some(fight) = world.fight else { return legal[0] };
    let avg = |side: usize| fight.training[side].total() as f64 / fight.training[side].len().max(1) as f64;
    let red_win = (0.45 + 0.2 * (avg(0) - avg(1))).clamp(0.05, 0.95);
    let ko_share = |side: usize| match fight.start[1 - side] {
        ..=4 => 0.45,
        5..=6 => 0.15,
        _ => 0.05,
    };
    let taken = if world.bet_pass < 3 { 0.3 } else { 0.0 };
    let mut best = (f64::MIN, legal[0]);
    for &action in legal {
        let value = bet_value(action, seat, taken, |tableau, field| {
            let side = tableau.index();
            let win = if side == 0 { red_win } else { 1.0 - red_win };
            let (kind, stake) = world.field(field);
            let q = match kind {
                BetKind::Win => win,
                BetKind::Ko => win * ko_share(side),
                BetKind::Points => win * (1.0 - ko_share(side)),
            };
            (q, stake as f64, world.bets[side][field].offer)
        });
        if value > best.0 {
            best = (value, action);
        }
    }
    best.1
}
