//! The engine's shared contract checks over random games of every seat count and variant.

use engine::testing::check_random_games;
use knock_out_whist::{Config, KnockOutWhist};

fn configs() -> Vec<Config> {
    let base = Config::default();
    vec![
        base.clone(),
        Config { mercy: true, ..base.clone() },
        Config { fixed_trump: true, no_trump_final: true, ..base.clone() },
        Config { knocked_out_vote: true, mercy: true, ..base.clone() },
        Config { no_trump_final: true, knocked_out_vote: true, start_cards: 6, ..base.clone() },
        Config { start_cards: 8, mercy: true, fixed_trump: true, dealer: 1, ..base },
    ]
}

#[test]
fn random_games_keep_the_contract() {
    for seats in 2..=7 {
        for (i, config) in configs().iter().enumerate() {
            if config.start_cards as usize * seats + 1 > 52 {
                continue;
            }
            let coverage =
                check_random_games::<KnockOutWhist>(config, seats, 3, (seats * 1000 + i * 100) as u64, &mut |_| {});
            assert_eq!(coverage.games, 3);
        }
    }
}
