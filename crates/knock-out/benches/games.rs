//! Benchmarks: whole random games per second, `determinize`, a playout-policy game, and ISMCTS
//! iterations per second in a mid-season position.
//!
//! `CARGO_TARGET_DIR=/work/targets/ko cargo bench -p knock-out`

use std::hint::black_box;

use criterion::{Criterion, Throughput, criterion_group, criterion_main};
use engine::{EventLog, Game, GameRng, Seat, seeded};
use knock_out::{Action, Config, KnockOut, playout_policy};
use rand::Rng;

/// Plays one whole game of uniformly random legal actions (a random seat of those to act
/// first), without events.
fn random_game(config: &Config, seats: usize, rng: &mut GameRng, legal: &mut Vec<Action>) -> KnockOut {
    let mut game = KnockOut::new(config, seats, rng).expect("a valid setup");
    let mut log = EventLog::off();
    while let Some(seat) = game.to_act().first() {
        game.legal_actions(seat, legal);
        let action = legal[rng.random_range(0..legal.len())];
        game.apply(seat, action, rng, &mut log).expect("a legal action");
    }
    game
}

/// Plays `game` to its end by the playout policy.
fn policy_game(mut game: KnockOut, rng: &mut GameRng, legal: &mut Vec<Action>) -> KnockOut {
    let mut log = EventLog::off();
    while let Some(seat) = game.to_act().first() {
        game.legal_actions(seat, legal);
        let action = playout_policy(&game, seat, legal, rng);
        game.apply(seat, action, rng, &mut log).expect("a legal action");
    }
    game
}

/// A 4-player basic game in its fourth fight, in the betting.
fn mid_season() -> KnockOut {
    let mut rng = seeded(7);
    let mut legal = Vec::new();
    let mut game = KnockOut::new(&Config::default(), 4, &mut rng).unwrap();
    let mut log = EventLog::off();
    while game.fights() < 3 || game.view(None).phase != knock_out::PhaseView::Betting {
        let seat = game.to_act().first().unwrap();
        game.legal_actions(seat, &mut legal);
        let action = legal[rng.random_range(0..legal.len())];
        game.apply(seat, action, &mut rng, &mut log).unwrap();
    }
    game
}

fn benches(c: &mut Criterion) {
    let mut group = c.benchmark_group("knock-out");
    group.throughput(Throughput::Elements(1));
    for (name, config) in [("basic", Config::default()), ("pro", Config::pro())] {
        let mut rng = seeded(1);
        let mut legal = Vec::with_capacity(64);
        group.bench_function(format!("random game, 4 players, {name}"), |b| {
            b.iter(|| black_box(random_game(black_box(&config), 4, &mut rng, &mut legal)))
        });
    }
    let game = mid_season();
    let mut rng = seeded(2);
    group.bench_function("determinize, 4 players, fourth fight", |b| {
        b.iter(|| black_box(black_box(&game).determinize(Seat::at(0), &mut rng)))
    });
    let mut legal = Vec::with_capacity(64);
    group.bench_function("playout by the policy from the fourth fight", |b| {
        b.iter(|| black_box(policy_game(black_box(&game).determinize(Seat::at(0), &mut rng), &mut rng, &mut legal)))
    });
    group.finish();
    // ISMCTS as the catalog's default builds it: fast playouts by the policy.
    let mut group = c.benchmark_group("knock-out-ismcts");
    const ITERATIONS: u32 = 1000;
    group.sample_size(10);
    group.throughput(Throughput::Elements(u64::from(ITERATIONS)));
    let mut bot = bots::Ismcts::with_policy(bots::Budget::Iterations(ITERATIONS), playout_policy);
    let seat = game.to_act().first().unwrap();
    group.bench_function("ismcts iterations, 4 players, fourth fight, betting", |b| {
        b.iter(|| black_box(bot.search(&engine::InfoSet::new(black_box(&game), seat), &mut rng).chosen))
    });
    group.finish();
}

criterion_group!(knock_out_benches, benches);
criterion_main!(knock_out_benches);
