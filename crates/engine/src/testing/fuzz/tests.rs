use rand::Rng;

use super::{FuzzCount, fuzz_game};
use crate::demo::{Duel, Rps};
use crate::game::Game;
use crate::rng::seeded;

/// `inputs` random inputs of up to 600 bytes, as a fuzzer's first ones look.
fn fuzz_random<G: Game>(inputs: usize, seed: u64) -> FuzzCount {
    let mut rng = seeded(seed);
    let mut count = FuzzCount::default();
    for _ in 0..inputs {
        let len = rng.random_range(0..600);
        let data: Vec<u8> = (0..len).map(|_| rng.random()).collect();
        count += fuzz_game::<G>(&data);
    }
    count
}

#[test]
fn random_inputs_play_the_demo_games_to_the_end_and_try_everything() {
    for count in [fuzz_random::<Rps>(300, 1), fuzz_random::<Duel>(300, 2)] {
        assert!(count.games > 200, "most inputs set up a game: {count:?}");
        assert!(count.actions > 20 * count.games, "{count:?}");
        assert!(count.refused > count.games, "{count:?}");
        assert!(count.records > 0, "{count:?}");
    }
    // Only Rps writes positions.
    assert!(fuzz_random::<Rps>(100, 3).positions > 0);
}

#[test]
fn the_empty_input_and_short_ones_are_fine() {
    for data in [&[][..], &[0], &[255; 3], &[7; 40]] {
        fuzz_game::<Rps>(data);
        fuzz_game::<Duel>(data);
    }
}
