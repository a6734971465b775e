//! The final choice at the root, from the statistics of the deciding seat's actions.

use engine::{GameRng, Seat};
use rand::Rng;

use crate::tree::{Edges, ROOT, Tree};

/// What the search learnt about one action of the deciding seat.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct ActionStats<A> {
    /// The action.
    pub action: A,
    /// Iterations that chose it.
    pub visits: u32,
    /// The deciding seat's mean reward after it, in `[0, 1]`.
    pub mean: f64,
}

/// In a simultaneous step, actions visited less than this share of the most visited one are
/// left out of the mixed strategy: UCB keeps trying every action a little (its exploration), and
/// those visits say nothing about what to play.
const MIXED_CUTOFF: f64 = 0.2;

/// The statistics of each of `legal` for `seat` in the root's `edges` list, in legal order.
pub(crate) fn root_stats<A: Copy + Eq>(tree: &Tree<A>, edges: Edges, seat: Seat, legal: &[A]) -> Vec<ActionStats<A>> {
    legal
        .iter()
        .map(|&action| match tree.find(ROOT, edges, seat, action) {
            Some(child) => {
                let node = tree.node(child);
                ActionStats { action, visits: node.visits, mean: node.mean() }
            }
            None => ActionStats { action, visits: 0, mean: 0.0 },
        })
        .collect()
}

/// The index of the action to play: the most visited (ties: the better mean, then the first);
/// or, when `mixed` (the seat chooses in a simultaneous step), one drawn in proportion to visits
/// among the well-explored actions.
pub(crate) fn choose<A>(actions: &[ActionStats<A>], mixed: bool, rng: &mut GameRng) -> usize {
    let mut best = 0;
    for (i, a) in actions.iter().enumerate() {
        let b = &actions[best];
        if a.visits > b.visits || (a.visits == b.visits && a.mean > b.mean) {
            best = i;
        }
    }
    if !mixed || actions[best].visits == 0 {
        return best;
    }
    let floor = f64::from(actions[best].visits) * MIXED_CUTOFF;
    let weight = |a: &ActionStats<A>| if f64::from(a.visits) >= floor { u64::from(a.visits) } else { 0 };
    let total: u64 = actions.iter().map(weight).sum();
    let mut ticket = rng.random_range(0..total);
    for (i, a) in actions.iter().enumerate() {
        let w = weight(a);
        if ticket < w {
            return i;
        }
        ticket -= w;
    }
    best
}

#[cfg(test)]
mod tests {
    use super::*;
    use engine::seeded;

    fn stats(visits: &[u32]) -> Vec<ActionStats<usize>> {
        visits.iter().enumerate().map(|(i, &v)| ActionStats { action: i, visits: v, mean: 0.5 }).collect()
    }

    #[test]
    fn a_lone_choice_is_the_most_visited() {
        let mut rng = seeded(0);
        assert_eq!(choose(&stats(&[3, 9, 4]), false, &mut rng), 1);
    }

    #[test]
    fn a_simultaneous_choice_mixes_the_well_explored_actions_only() {
        let mut rng = seeded(0);
        let mut counts = [0; 4];
        for _ in 0..3000 {
            counts[choose(&stats(&[400, 300, 10, 300]), true, &mut rng)] += 1;
        }
        assert_eq!(counts[2], 0, "the barely explored action is never played");
        assert!(counts.iter().enumerate().all(|(i, &c)| i == 2 || c > 600), "{counts:?}");
        assert!(counts[0] > counts[1] && counts[0] > counts[3], "{counts:?}");
    }
}
