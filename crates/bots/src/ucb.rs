//! Selection at one node: expand an untried legal action, or pick the best child by UCB1 with
//! availability counts.

use std::hash::Hash;

use engine::{GameRng, Seat};
use rand::Rng;

use crate::index::LegalIndex;
use crate::tree::{Edges, NIL, Tree};

/// What selection decided.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) enum Pick {
    /// An existing child (its index) for the legal action at this position.
    Child(u32, usize),
    /// The legal action at this position has no child yet: expand it.
    Untried(usize),
}

/// Chooses among `legal` (the actions of `seat` in the current world) using the children in
/// `parent`'s `edges` list.
///
/// Children whose action is not legal in this world are skipped (information-set MCTS: a node
/// stands for many worlds). If some legal action has no child yet, one of those is picked
/// uniformly. Otherwise every legal child's availability count goes up by one and the child
/// maximising `mean + c·sqrt(ln(avail) / visits)` wins — the availability count, not the
/// parent's visits, because an action that is rarely legal must not look under-explored.
///
/// `scratch` is kept by the caller so that selection allocates nothing.
pub(crate) fn select<A: Copy + Eq + Hash>(
    tree: &mut Tree<A>,
    (parent, edges): (u32, Edges),
    seat: Seat,
    legal: &[A],
    exploration: f64,
    scratch: &mut Scratch,
    rng: &mut GameRng,
) -> Pick {
    let Scratch { matched, index, widening: scratch_widening } = scratch;
    let scratch_widening = *scratch_widening;
    index.reset();
    matched.clear();
    matched.resize(legal.len(), NIL);
    let mut found = 0;
    let mut child = tree.head(parent, edges);
    while child != NIL {
        let node = tree.node_mut(child);
        if node.seat == seat
            && let Some(action) = node.action
            && let Some(at) = index.position(legal, &action, node.hint as usize)
        {
            node.hint = at as u32;
            if matched[at] == NIL {
                matched[at] = child;
                found += 1;
            }
        }
        child = node.next;
    }

    let untried = legal.len() - found;
    let widen = match scratch_widening {
        None => true,
        Some(w) => found == 0 || (found as f64) < w.k * f64::from(tree.node(parent).visits.max(1)).powf(w.alpha),
    };
    if untried > 0 && widen {
        let mut skip = rng.random_range(0..untried);
        for (at, &slot) in matched.iter().enumerate() {
            if slot == NIL {
                if skip == 0 {
                    return Pick::Untried(at);
                }
                skip -= 1;
            }
        }
        unreachable!("untried counts the empty slots");
    }

    let mut best = Pick::Untried(0);
    let mut best_score = f64::NEG_INFINITY;
    for (at, &child) in matched.iter().enumerate() {
        if child == NIL {
            continue; // not yet expanded (progressive widening)
        }
        let node = tree.node_mut(child);
        node.avail += 1;
        let score = ucb(node.reward, node.visits, node.avail, exploration);
        if score > best_score {
            best_score = score;
            best = Pick::Child(child, at);
        }
    }
    best
}

/// UCB1 with the availability count in place of the parent's visits.
#[inline]
pub(crate) fn ucb(reward: f64, visits: u32, avail: u32, exploration: f64) -> f64 {
    if visits == 0 {
        return f64::INFINITY;
    }
    let visits = f64::from(visits);
    reward / visits + exploration * (f64::from(avail).ln() / visits).sqrt()
}

/// Selection's reusable buffers.
#[derive(Clone, Debug, Default)]
pub(crate) struct Scratch {
    /// The child of each legal action, or [`NIL`].
    matched: Vec<u32>,
    index: LegalIndex,
    /// Progressive widening, if on.
    pub widening: Option<Widening>,
}

impl Scratch {
    /// The positions of the legal actions that had no child at the last [`select`].
    pub fn untried(&self) -> impl Iterator<Item = usize> + '_ {
        self.matched.iter().enumerate().filter(|(_, slot)| **slot == NIL).map(|(at, _)| at)
    }
}

/// Progressive widening: a node visited `n` times gets a new child only while it has fewer
/// than `k·n^alpha` (among the actions legal in this world).
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct Widening {
    /// The factor `k`.
    pub k: f64,
    /// The exponent `alpha`, in `(0, 1)`.
    pub alpha: f64,
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::tree::ROOT;
    use engine::seeded;

    const S0: Seat = Seat::at(0);

    #[test]
    fn untried_actions_come_first_then_the_best_ucb() {
        let mut tree = Tree::<u8>::new();
        tree.reset(S0);
        let mut scratch = Scratch::default();
        let mut rng = seeded(1);
        let legal = [1u8, 2, 3];
        let a = tree.add(ROOT, Edges::Moves, S0, 1);
        tree.record(a, 1.0);
        assert!(matches!(
            select(&mut tree, (ROOT, Edges::Moves), S0, &legal, 0.7, &mut scratch, &mut rng),
            Pick::Untried(1 | 2)
        ));
        let b = tree.add(ROOT, Edges::Moves, S0, 2);
        tree.record(b, 0.0);
        let c = tree.add(ROOT, Edges::Moves, S0, 3);
        tree.record(c, 0.5);
        assert_eq!(select(&mut tree, (ROOT, Edges::Moves), S0, &legal, 0.7, &mut scratch, &mut rng), Pick::Child(a, 0));
        assert_eq!(tree.node(a).avail, 1);
        assert_eq!(tree.node(b).avail, 1);
    }

    #[test]
    fn children_not_legal_in_this_world_are_neither_chosen_nor_counted_available() {
        let mut tree = Tree::<u8>::new();
        tree.reset(S0);
        let mut scratch = Scratch::default();
        let mut rng = seeded(1);
        let best = tree.add(ROOT, Edges::Moves, S0, 9);
        tree.record(best, 1.0);
        let other = tree.add(ROOT, Edges::Moves, S0, 4);
        tree.record(other, 0.0);
        let pick = select(&mut tree, (ROOT, Edges::Moves), S0, &[4], 0.7, &mut scratch, &mut rng);
        assert_eq!(pick, Pick::Child(other, 0));
        assert_eq!(tree.node(best).avail, 0);
    }

    #[test]
    fn widening_holds_back_new_children_until_the_node_has_enough_visits() {
        let mut tree = Tree::<u8>::new();
        tree.reset(S0);
        let mut scratch = Scratch { widening: Some(Widening { k: 1.0, alpha: 0.5 }), ..Scratch::default() };
        let mut rng = seeded(1);
        let legal = [1u8, 2, 3, 4];
        for action in [1, 2] {
            let child = tree.add(ROOT, Edges::Moves, S0, action);
            tree.record(child, 0.5);
        }
        // Four visits allow √4 = 2 children: both exist, so selection picks one of them.
        tree.node_mut(ROOT).visits = 4;
        let pick = select(&mut tree, (ROOT, Edges::Moves), S0, &legal, 0.7, &mut scratch, &mut rng);
        assert!(matches!(pick, Pick::Child(_, 0 | 1)), "{pick:?}");
        // Nine visits allow three: an untried action is expanded.
        tree.node_mut(ROOT).visits = 9;
        let pick = select(&mut tree, (ROOT, Edges::Moves), S0, &legal, 0.7, &mut scratch, &mut rng);
        assert!(matches!(pick, Pick::Untried(2 | 3)), "{pick:?}");
    }

    #[test]
    fn a_rarely_available_action_is_judged_by_its_availability() {
        // Same mean and visits, but one was available far more often: that one is less explored
        // relative to its chances, so it gets the higher bonus.
        assert!(ucb(5.0, 10, 1000, 0.7) > ucb(5.0, 10, 20, 0.7));
    }
}
