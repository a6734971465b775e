//! The heuristic bot and the playout policy: legal whole games, and the habits the bot docs
//! promise (mixing fight cards, cancelling a bad compulsory offer, taking a mispriced offer).

mod common;

use std::collections::HashSet;

use common::{Table, s};
use engine::testing::play_game;
use engine::{Bot, Game, InfoSet, seeded};
use knock_out::{Action, Cards, Config, HeuristicBot, KnockOut, playout_policy};

#[test]
fn heuristic_and_policy_play_whole_games() {
    for config in [Config::default(), Config::pro()] {
        for seats in 3..=5 {
            for seed in 0..3 {
                let mut bot = HeuristicBot::default();
                let game = play_game::<KnockOut>(&config, seats, seed, |g, seat, _, rng| {
                    bot.choose(&InfoSet::new(g, seat), rng)
                });
                assert!(game.outcome().is_some());
                let game = play_game::<KnockOut>(&config, seats, seed, playout_policy);
                assert!(game.outcome().is_some());
            }
        }
    }
}

#[test]
fn the_heuristic_mixes_its_fight_cards() {
    let mut t = Table::new(&Config::default(), 3);
    t.act(0, "challenge L 1L").act(0, "train 1 3 4 5").act(1, "train 2 3 4 5").quiet_bets();
    let mut bot = HeuristicBot::default();
    let mut chosen = HashSet::new();
    for seed in 0..40 {
        let action = bot.choose(&InfoSet::new(&t.game, s(0)), &mut seeded(seed));
        chosen.insert(action);
    }
    assert!(chosen.len() >= 2, "always {chosen:?}");
    assert!(chosen.iter().all(|a| matches!(a, Action::Play(_))));
}

#[test]
fn the_heuristic_cancels_a_bad_compulsory_knock_out_offer() {
    // Basic game, 6 fields to go: a knock-out is rare, so the K.O. offer (30,000 into the pot
    // if nobody takes it) is bad; in pass 2 the fighter accepts it itself (KO-16).
    let mut t = Table::new(&Config::default(), 3);
    t.act(0, "challenge L 1L").act(0, "train 2 3 4 5").act(1, "train 2 3 4 5");
    t.act(0, "offer red 1").act(1, "offer blue 1").act(2, "pass");
    let mut bot = HeuristicBot::default();
    let action = bot.choose(&InfoSet::new(&t.game, s(0)), &mut seeded(1));
    assert_eq!(action.to_string(), "accept red 4");
}

#[test]
fn the_heuristic_accepts_a_mispriced_offer() {
    // Seat 1 holds only 1 1 1: its boxer will lose to seat 0's 5 5 4 4; a bystander takes
    // the other side of seat 1's Sieg offer.
    let game = KnockOut::setup(&Config::default(), 3).unwrap().with_hand(s(1), Cards::of(&[1, 1, 2]));
    let mut t = Table::from(game);
    t.act(0, "challenge L 1L").act(0, "train 3 4 4 5").act(1, "train 1 1 2");
    t.act(0, "offer red 1").act(1, "offer blue 2");
    let mut bot = HeuristicBot::default();
    let action = bot.choose(&InfoSet::new(&t.game, s(2)), &mut seeded(1));
    assert!(["accept blue 2", "accept blue 4"].contains(&action.to_string().as_str()), "{action}");
}
