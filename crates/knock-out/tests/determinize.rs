//! Sampled worlds resample exactly the other fighter's training choice and pending card,
//! consistently with every card shown, and keep the observer's own.

mod common;

use std::collections::HashSet;

use common::{Table, s};
use engine::{Game, seeded};
use knock_out::{Cards, Config};

#[test]
fn determinize_redraws_the_other_fighters_secrets_and_keeps_the_observers() {
    let mut t = Table::new(&Config::default(), 3);
    t.act(0, "challenge L 1L").act(0, "train 1 2 3 4").act(1, "train 2 3 3 5").quiet_bets();
    t.exchange(2, 3);
    t.act(1, "play 5");
    let truth = t.game.view(Some(s(1))).fight.unwrap();
    assert_eq!((truth.my_training, truth.my_card), (Some(Cards::of(&[2, 3, 5])), Some(5)));
    let mut rng = seeded(3);
    let mut trainings = HashSet::new();
    let mut cards = HashSet::new();
    for _ in 0..300 {
        // Seat 0 cannot know seat 1's training (3 cards left of the 11 held) nor its card.
        let world = t.game.determinize(s(0), &mut rng);
        assert_eq!(world.view(Some(s(0))), t.game.view(Some(s(0))));
        let theirs = world.view(Some(s(1))).fight.unwrap();
        let training = theirs.my_training.unwrap();
        assert_eq!(training.len(), 3);
        assert!(training.is_within(t.game.cards(s(1))), "only cards seat 1 still holds");
        assert_eq!(world.cards(s(1)), t.game.cards(s(1)), "every held card stays public");
        assert!(training.contains(theirs.my_card.unwrap()));
        trainings.insert(training);
        cards.insert(theirs.my_card.unwrap());
        // Seat 2 (no fighter) knows neither fighter's training.
        let world = t.game.determinize(s(2), &mut rng);
        assert_eq!(world.view(Some(s(2))), t.game.view(Some(s(2))));
    }
    assert!(trainings.len() > 5, "the training is resampled: {trainings:?}");
    assert_eq!(cards.len(), 5, "the pending card is resampled");
    // The fighter's own world keeps its secrets exactly.
    let world = t.game.determinize(s(1), &mut rng);
    assert_eq!(world.view(Some(s(1))), t.game.view(Some(s(1))));
}
