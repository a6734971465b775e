//! Benchmarks: whole random games per second and `determinize` per second.
//!
//! `CARGO_TARGET_DIR=/work/targets/kw cargo bench -p knock-out-whist`

use std::hint::black_box;

use criterion::{Criterion, Throughput, criterion_group, criterion_main};
use engine::{EventLog, Game, GameRng, Seat, seeded};
use knock_out_whist::{Action, Config, KnockOutWhist};
use rand::Rng;

/// Plays one whole game of uniformly random legal actions, without events.
fn random_game(config: &Config, seats: usize, rng: &mut GameRng, legal: &mut Vec<Action>) -> KnockOutWhist {
    let mut game = KnockOutWhist::new(config, seats, rng).expect("a valid setup");
    let mut log = EventLog::off();
    while let Some(seat) = game.to_act().first() {
        game.legal_actions(seat, legal);
        let action = legal[rng.random_range(0..legal.len())];
        game.apply(seat, action, rng, &mut log).expect("a legal action");
    }
    game
}

/// A position in the middle of round 1 of a 4-player game: three tricks played, some voids shown.
fn mid_game() -> KnockOutWhist {
    let mut rng = seeded(7);
    let mut legal = Vec::new();
    let mut game = KnockOutWhist::new(&Config::default(), 4, &mut rng).unwrap();
    let mut log = EventLog::off();
    while game.finished_tricks().len() < 3 || !game.current_trick().is_empty() {
        let seat = game.to_act().first().unwrap();
        game.legal_actions(seat, &mut legal);
        let action = legal[rng.random_range(0..legal.len())];
        game.apply(seat, action, &mut rng, &mut log).unwrap();
    }
    game
}

fn benches(c: &mut Criterion) {
    let mut group = c.benchmark_group("knock-out-whist");
    group.throughput(Throughput::Elements(1));
    for seats in [4, 7] {
        let config = Config::default();
        let mut rng = seeded(1);
        let mut legal = Vec::with_capacity(16);
        group.bench_function(format!("random game, {seats} players"), |b| {
            b.iter(|| black_box(random_game(black_box(&config), seats, &mut rng, &mut legal)))
        });
    }
    let game = mid_game();
    let mut rng = seeded(2);
    group.bench_function("determinize, 4 players, round 1 after 3 tricks", |b| {
        b.iter(|| black_box(black_box(&game).determinize(Seat::at(0), &mut rng)))
    });
    group.finish();
}

criterion_group!(knock_out_whist_benches, benches);
criterion_main!(knock_out_whist_benches);
