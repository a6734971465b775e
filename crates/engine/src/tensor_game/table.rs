//! The id ↔ action table of one config and seat count, built once.

use std::collections::HashMap;

use crate::game::Game;

/// Every action of the action space with its id (its place in the list), and the way back.
#[derive(Debug)]
pub(super) struct ActionTable<G: Game> {
    actions: Vec<G::Action>,
    ids: HashMap<G::Action, u32, foldhash::fast::FixedState>,
}

impl<G: Game> ActionTable<G> {
    /// The table of `actions` (the game's action space, each action once).
    pub(super) fn new(actions: Vec<G::Action>) -> Self {
        let mut ids = HashMap::with_capacity_and_hasher(actions.len(), foldhash::fast::FixedState::default());
        for (id, &action) in actions.iter().enumerate() {
            ids.insert(action, id as u32);
        }
        ActionTable { actions, ids }
    }

    /// The number of actions.
    pub(super) fn len(&self) -> usize {
        self.actions.len()
    }

    /// The action with id `id`.
    #[inline]
    pub(super) fn action(&self, id: u32) -> Option<G::Action> {
        self.actions.get(id as usize).copied()
    }

    /// The id of `action`, if it is in the action space.
    #[inline]
    pub(super) fn id_of(&self, action: &G::Action) -> Option<u32> {
        self.ids.get(action).copied()
    }

    /// The id of `action`. Every legal action is in the action space (the contract checks
    /// it), so a miss is a bug in the game.
    #[inline]
    pub(super) fn id(&self, action: &G::Action) -> u32 {
        match self.ids.get(action) {
            Some(&id) => id,
            None => panic!("{}: {action} is legal but not in the action space", G::NAME),
        }
    }
}
