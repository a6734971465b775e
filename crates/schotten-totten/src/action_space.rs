//! Every action of the game in a fixed order (`Game::action_space`): each card of the deck on
//! each stone (cards in canonical order, then stones 1–9), the nine claims, `pass`, `done`.

use crate::action::Action;
use crate::card_set::CardSet;
use crate::config::Config;
use crate::stone::Stone;

/// The action space of a game with `config`: 54 × 9 plays, 9 claims, `pass` and `done`.
pub(crate) fn action_space(config: &Config) -> Vec<Action> {
    let _ = config; // every variant of the base game uses the same deck and actions
    let mut actions: Vec<Action> = CardSet::BASE_DECK
        .iter()
        .flat_map(|card| Stone::all().map(move |stone| Action::Play { card, stone }))
        .collect();
    actions.extend(Stone::all().map(Action::Claim));
    actions.extend([Action::Pass, Action::Done]);
    actions
}

#[cfg(test)]
mod tests {
    use std::collections::HashSet;

    use engine::{Game, Match};
    use rand::Rng;

    use super::*;
    use crate::state::SchottenTotten;

    #[test]
    fn every_legal_action_of_random_games_is_in_the_action_space_once() {
        for config in [Config::default(), Config { claim_after_play: true, ..Config::default() }] {
            let space = action_space(&config);
            let set: HashSet<Action> = space.iter().copied().collect();
            assert_eq!((space.len(), set.len()), (54 * 9 + 9 + 2, 54 * 9 + 9 + 2), "each action once");
            let mut rng = engine::seeded(3);
            let mut legal = Vec::new();
            for seed in 0..200 {
                let mut m = Match::<SchottenTotten>::new(&config, 2, seed).unwrap().quiet();
                while let Some(seat) = m.state().to_act().first() {
                    m.state().legal_actions(seat, &mut legal);
                    assert!(legal.iter().all(|a| set.contains(a)), "a legal action outside the space: {legal:?}");
                    let action = legal[rng.random_range(0..legal.len())];
                    m.apply(seat, action).unwrap();
                }
            }
        }
    }
}
