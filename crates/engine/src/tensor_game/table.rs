//! The id ↔ action table of one config and seat count, built once.

use std::collections::HashMap;

use crate::game::Game;

/// The ids of a table whose game gives no keys, or two actions one key.
type ByHash<A> = HashMap<A, u32, foldhash::fast::FixedState>;

/// A key's place holds no action.
const NO_ID: u32 = u32::MAX;

/// Every action of the action space with its id (its place in the list), and the way back.
#[derive(Debug)]
pub(super) struct ActionTable<G: Game> {
    actions: Vec<G::Action>,
    ids: Ids<G::Action>,
}

/// The way from an action to its id.
#[derive(Debug)]
enum Ids<A> {
    /// By the game's [`Game::action_key`]: the id at the key's place.
    Keyed(Vec<u32>),
    /// By hash, for a game without keys.
    Hashed(ByHash<A>),
}

impl<G: Game> ActionTable<G> {
    /// The table of `actions` (the game's action space, each action once).
    pub(super) fn new(actions: Vec<G::Action>) -> Self {
        let ids = Self::keyed(&actions).map_or_else(
            || {
                let mut ids = ByHash::with_capacity_and_hasher(actions.len(), foldhash::fast::FixedState::default());
                for (id, &action) in actions.iter().enumerate() {
                    ids.insert(action, id as u32);
                }
                Ids::Hashed(ids)
            },
            Ids::Keyed,
        );
        ActionTable { actions, ids }
    }

    /// The ids laid out by key, if the game keys every action and no two alike (the contract
    /// checks both; a game that breaks it still gets right ids, by hash).
    fn keyed(actions: &[G::Action]) -> Option<Vec<u32>> {
        let mut table = Vec::new();
        for (id, action) in actions.iter().enumerate() {
            // A `u16`: the table has 65,536 places (256 KB) at most.
            let key = usize::from(G::action_key(action)?);
            if table.len() <= key {
                table.resize(key + 1, NO_ID);
            }
            if table[key] != NO_ID {
                return None;
            }
            table[key] = id as u32;
        }
        Some(table)
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
    pub(super) fn id_of(&self, action: &G::Action) -> Option<u32> {
        match &self.ids {
            Ids::Keyed(_) => {
                // The key's action compared too: an action outside the space may share a key.
                self.keyed_id(action).filter(|&id| self.actions[id as usize] == *action)
            }
            Ids::Hashed(ids) => ids.get(action).copied(),
        }
    }

    /// The id at `action`'s key, if the table is keyed and the key holds an action.
    #[inline]
    fn keyed_id(&self, action: &G::Action) -> Option<u32> {
        let Ids::Keyed(table) = &self.ids else { return None };
        table.get(usize::from(G::action_key(action)?)).copied().filter(|&id| id != NO_ID)
    }

    /// The id of `action`. Every legal action is in the action space (the contract checks
    /// it), so a miss is a bug in the game.
    #[inline]
    pub(super) fn id(&self, action: &G::Action) -> u32 {
        // A legal action is in the space, so its key is its own: no comparison (it cost a
        // tenth of a step of games with hundreds of legal actions).
        let id = match &self.ids {
            Ids::Keyed(_) => self.keyed_id(action),
            Ids::Hashed(ids) => ids.get(action).copied(),
        };
        match id {
            Some(id) => id,
            None => panic!("{}: {action} is legal but not in the action space", G::NAME),
        }
    }
}
