//! Every action of the game in a fixed order (`Game::action_space`): the 52 cards played
//! (clubs, diamonds, hearts, spades; 2 to ace), `hold`, `trump` and `vote` for each suit.

use crate::action::Action;
use crate::cardset::CardSet;
use crate::suit::Suit;

/// The action space of every configuration and table size: 61 actions.
pub(crate) fn action_space() -> Vec<Action> {
    let mut actions: Vec<Action> = CardSet::FULL.iter().map(Action::Play).collect();
    actions.push(Action::Hold);
    actions.extend(Suit::ALL.map(Action::Trump));
    actions.extend(Suit::ALL.map(Action::Vote));
    actions
}

#[cfg(test)]
mod tests {
    use std::collections::HashSet;

    use engine::{Game, Match};
    use rand::Rng;

    use super::*;
    use crate::config::Config;
    use crate::state::KnockOutWhist;

    #[test]
    fn every_legal_action_of_random_games_is_in_the_action_space_once() {
        let space = action_space();
        let set: HashSet<Action> = space.iter().copied().collect();
        assert_eq!((space.len(), set.len()), (61, 61), "each action once");
        let mut rng = engine::seeded(3);
        let mut legal = Vec::new();
        for (i, config) in Config::flag_combinations().enumerate() {
            for seed in 0..40 {
                let seats = 2 + (seed as usize % 6);
                let Ok(m) = Match::<KnockOutWhist>::new(&config, seats, seed + 100 * i as u64) else { continue };
                let mut m = m.quiet();
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
