//! The search tree: nodes in one flat arena, children as intrusive sibling lists.
//!
//! A node is one edge of the search: the action a seat chose, with that seat's statistics. The
//! arena is a `Vec` that is cleared, not freed, between decisions, so a warmed-up bot allocates
//! nothing per iteration. Children are found by walking a short sibling list and comparing
//! actions; no hashing.

use engine::Seat;

/// "No node": the end of a sibling list.
pub(crate) const NIL: u32 = u32::MAX;

/// The root's index.
pub(crate) const ROOT: u32 = 0;

/// Which of a node's two child lists.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) enum Edges {
    /// The moves out of this node: following one leads down the tree.
    Moves,
    /// Statistics only, for seats that choose later in a simultaneous step that begins at this
    /// node. Their choice must not depend on the choices made before them in that step, which
    /// are hidden from them, so their statistics are kept here, once per (seat, action), not
    /// below the earlier seats' moves.
    Decoupled,
}

/// One node: an action of `seat` and the statistics of choosing it.
#[derive(Clone, Copy, Debug)]
pub(crate) struct Node<A> {
    /// The action that leads here (`None` only at the root).
    pub action: Option<A>,
    /// The seat that chose `action`; `reward` is that seat's.
    pub seat: Seat,
    /// Where `action` stood in the last legal-action list it was looked up in: a guess that
    /// makes most lookups a single comparison.
    pub hint: u32,
    /// Iterations through this node.
    pub visits: u32,
    /// Iterations in which this node's action was legal when its parent was selected from.
    pub avail: u32,
    /// Sum of `seat`'s rewards over the visits.
    pub reward: f64,
    /// Head of the [`Edges::Moves`] list.
    pub first_move: u32,
    /// Head of the [`Edges::Decoupled`] list.
    pub first_decoupled: u32,
    /// Next sibling in the parent's list.
    pub next: u32,
}

/// The arena.
#[derive(Clone, Debug)]
pub(crate) struct Tree<A> {
    nodes: Vec<Node<A>>,
}

impl<A: Copy + Eq> Tree<A> {
    pub fn new() -> Self {
        Tree { nodes: Vec::new() }
    }

    /// Forgets every node but keeps the memory, and makes a fresh root for `seat`.
    pub fn reset(&mut self, seat: Seat) {
        self.nodes.clear();
        self.nodes.push(Node::new(None, seat));
    }

    /// The number of nodes.
    pub fn len(&self) -> usize {
        self.nodes.len()
    }

    #[inline]
    pub fn node(&self, index: u32) -> &Node<A> {
        &self.nodes[index as usize]
    }

    #[inline]
    pub fn node_mut(&mut self, index: u32) -> &mut Node<A> {
        &mut self.nodes[index as usize]
    }

    /// The head of one of `parent`'s child lists.
    #[inline]
    pub fn head(&self, parent: u32, edges: Edges) -> u32 {
        let node = self.node(parent);
        match edges {
            Edges::Moves => node.first_move,
            Edges::Decoupled => node.first_decoupled,
        }
    }

    /// Adds a child for `seat` choosing `action` to `parent`'s list and returns its index.
    pub fn add(&mut self, parent: u32, edges: Edges, seat: Seat, action: A) -> u32 {
        let index = u32::try_from(self.nodes.len()).expect("a search tree of fewer than 2^32 nodes");
        let mut child = Node::new(Some(action), seat);
        let parent = &mut self.nodes[parent as usize];
        let head = match edges {
            Edges::Moves => &mut parent.first_move,
            Edges::Decoupled => &mut parent.first_decoupled,
        };
        child.next = *head;
        *head = index;
        self.nodes.push(child);
        index
    }

    /// The child of `parent` in `edges` for `seat` choosing `action`, if there is one.
    pub fn find(&self, parent: u32, edges: Edges, seat: Seat, action: A) -> Option<u32> {
        let mut child = self.head(parent, edges);
        while child != NIL {
            let node = self.node(child);
            if node.seat == seat && node.action == Some(action) {
                return Some(child);
            }
            child = node.next;
        }
        None
    }

    /// The child as [`Tree::find`], added if missing; `true` if it was added.
    pub fn find_or_add(&mut self, parent: u32, edges: Edges, seat: Seat, action: A) -> (u32, bool) {
        match self.find(parent, edges, seat, action) {
            Some(child) => (child, false),
            None => (self.add(parent, edges, seat, action), true),
        }
    }

    /// Records one visit with `reward` for the node's seat.
    #[inline]
    pub fn record(&mut self, index: u32, reward: f64) {
        let node = self.node_mut(index);
        node.visits += 1;
        node.reward += reward;
    }
}

impl<A> Node<A> {
    fn new(action: Option<A>, seat: Seat) -> Self {
        Node {
            action,
            seat,
            hint: 0,
            visits: 0,
            avail: 0,
            reward: 0.0,
            first_move: NIL,
            first_decoupled: NIL,
            next: NIL,
        }
    }

    /// The mean reward, 0 before the first visit.
    pub fn mean(&self) -> f64 {
        if self.visits == 0 { 0.0 } else { self.reward / f64::from(self.visits) }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn children_are_found_by_seat_and_action_in_their_own_list() {
        let mut tree = Tree::<u8>::new();
        tree.reset(Seat::at(0));
        let a = tree.add(ROOT, Edges::Moves, Seat::at(0), 7);
        let b = tree.add(ROOT, Edges::Moves, Seat::at(1), 7);
        let c = tree.add(ROOT, Edges::Decoupled, Seat::at(1), 7);
        assert_eq!(tree.find(ROOT, Edges::Moves, Seat::at(0), 7), Some(a));
        assert_eq!(tree.find(ROOT, Edges::Moves, Seat::at(1), 7), Some(b));
        assert_eq!(tree.find(ROOT, Edges::Decoupled, Seat::at(1), 7), Some(c));
        assert_eq!(tree.find(ROOT, Edges::Decoupled, Seat::at(0), 7), None);
        assert!(tree.find_or_add(a, Edges::Moves, Seat::at(1), 3).1);
        assert!(!tree.find_or_add(a, Edges::Moves, Seat::at(1), 3).1);
        tree.reset(Seat::at(1));
        assert_eq!(tree.len(), 1);
        assert_eq!(tree.head(ROOT, Edges::Moves), NIL);
    }
}
