//! `determinize`: worlds keep the observer's view, keep shown cards in the opponent's hand,
//! and depend only on the observer's view and the generator.

use engine::{Game, Match, Seat, seeded};
use rand::Rng;
use schotten_totten::{Config, SchottenTotten};

#[test]
fn worlds_depend_only_on_the_view_and_keep_shown_cards() {
    let mut policy = seeded(5);
    let mut checked_shown = 0;
    for seed in 0..60 {
        let mut m = Match::<SchottenTotten>::new(&Config::default(), 2, seed).unwrap();
        let mut buffer = Vec::new();
        while let Some(seat) = m.state().to_act().first() {
            let g = m.state();
            for observer in [Seat::at(0), Seat::at(1)] {
                let opponent = Seat::at(1 - observer.index());
                let view = g.view(Some(observer));
                // Another world the observer cannot tell apart from the real one.
                let other = g.determinize(observer, &mut policy);
                assert_eq!(other.view(Some(observer)), view);
                let a = g.determinize(observer, &mut seeded(99));
                let b = other.determinize(observer, &mut seeded(99));
                assert_eq!(format!("{a:?}"), format!("{b:?}"), "a world depends on the view and rng only");
                let shown = view.revealed[opponent.index()];
                assert!(shown.is_subset(a.hand(opponent)), "shown cards stay in the opponent's hand");
                checked_shown += usize::from(!shown.is_empty());
                assert_eq!(a.hand(observer), g.hand(observer));
                assert_eq!(a.hand(opponent).len(), g.hand(opponent).len());
                assert_eq!(a.pile_cards().len(), g.pile_cards().len());
            }
            g.legal_actions(seat, &mut buffer);
            let action = buffer[policy.random_range(0..buffer.len())];
            m.apply(seat, action).unwrap();
        }
    }
    assert!(checked_shown > 0, "positions with shown cards were exercised");
}

#[test]
fn worlds_differ_from_each_other() {
    let m = Match::<SchottenTotten>::new(&Config::default(), 2, 1).unwrap();
    let g = m.state();
    let mut rng = seeded(1);
    let hands: std::collections::HashSet<String> =
        (0..20).map(|_| g.determinize(Seat::at(0), &mut rng).hand(Seat::at(1)).to_string()).collect();
    assert!(hands.len() > 15, "the hidden hand is resampled");
}

#[test]
fn an_observer_not_at_the_table_gets_both_hands_resampled_and_nothing_panics() {
    let mut m = Match::<SchottenTotten>::new(&Config::default(), 2, 3).unwrap();
    m.apply_notation(Seat::at(0), &format!("play {} 1", m.state().hand(Seat::at(0)).first().unwrap())).unwrap();
    let g = m.state();
    let stranger = Seat::at(5);
    assert_eq!(g.view(Some(stranger)), g.view(None), "a stranger sees what a spectator sees");
    let mut rng = seeded(2);
    let world = g.determinize(stranger, &mut rng);
    assert_eq!(world.view(None), g.view(None));
    assert_eq!(world.hand(Seat::at(0)).len(), g.hand(Seat::at(0)).len());
    assert_eq!(world.hand(Seat::at(1)).len(), g.hand(Seat::at(1)).len());
    let mut legal = Vec::new();
    g.legal_actions(stranger, &mut legal);
    assert!(legal.is_empty());
    assert!(g.hand(stranger).is_empty());
    assert!(!g.can_claim(stranger, schotten_totten::Stone::number(1).unwrap()));
    assert_eq!(g.claim_reveal(stranger, schotten_totten::Stone::number(1).unwrap()), None);
}
