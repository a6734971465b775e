//! The fast playout policy (`playout_policy`): always one of the legal actions, in every
//! variant, and a player that builds formations — far better than random play even though it
//! decides in a blink.

use engine::testing::play_game;
use engine::{Game, Seat};
use rand::Rng;
use schotten_totten::{Config, SchottenTotten, playout_policy};

/// Plays one game on the true state: the policy in seat `hero` (both seats if `None`), uniform
/// random moves in the other (every pick checked legal). Returns the hero's place.
fn game(config: &Config, hero: Option<Seat>, seed: u64) -> u8 {
    let game: SchottenTotten = play_game(config, 2, seed, |game, seat, legal, rng| {
        if hero.is_none_or(|h| h == seat) {
            playout_policy(game, seat, legal, rng)
        } else {
            legal[rng.random_range(0..legal.len())]
        }
    });
    game.outcome().expect("over").place(hero.unwrap_or(Seat::at(0)))
}

#[test]
fn the_policy_picks_only_legal_actions_in_every_variant() {
    for seed in 0..400u64 {
        let config = Config {
            claim_after_play: seed & 1 != 0,
            table_proof: seed & 2 != 0,
            starting_seat: ((seed >> 2) & 1) as u8,
            ..Config::default()
        };
        game(&config, None, seed);
    }
}

// It wins all 600 (`cargo test --release -p schotten-totten --test playout -- --nocapture`).
#[test]
fn the_policy_beats_random_play() {
    let games = 600;
    let wins = (0..games).filter(|&g| game(&Config::default(), Some(Seat::at(g as usize % 2)), g) == 1).count();
    let rate = wins as f64 / games as f64;
    eprintln!("the policy won {wins} of {games} games against random play");
    assert!(rate >= 0.95, "the policy won {wins} of {games} games ({:.1} %)", rate * 100.0);
}
