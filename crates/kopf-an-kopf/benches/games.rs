//! Benchmarks: whole random 4-player games per second, and sampling a world mid-race.
//!
//! `CARGO_TARGET_DIR=/work/targets/kk12 cargo bench -p kopf-an-kopf`

use std::hint::black_box;

use criterion::{Criterion, Throughput, criterion_group, criterion_main};
use engine::{EventLog, Game, GameRng, Seat, seeded};
use kopf_an_kopf::{Action, Config, KopfAnKopf};
use rand::Rng;

/// Plays one whole game of uniformly random legal actions, without events.
fn random_game(config: &Config, seats: usize, rng: &mut GameRng, legal: &mut Vec<Action>) -> KopfAnKopf {
    let mut game = KopfAnKopf::new(config, seats, rng).expect("a valid setup");
    let mut log = EventLog::off();
    while let Some(seat) = game.to_act().first() {
        game.legal_actions(seat, legal);
        let action = legal[rng.random_range(0..legal.len())];
        game.apply(seat, action, rng, &mut log).expect("a legal action");
    }
    game
}

/// A 4-player race after 100 random actions.
fn mid_race() -> KopfAnKopf {
    let mut rng = seeded(7);
    let mut legal = Vec::new();
    let mut game = KopfAnKopf::new(&Config::default(), 4, &mut rng).unwrap();
    let mut log = EventLog::off();
    for _ in 0..100 {
        let seat = game.to_act().first().unwrap();
        game.legal_actions(seat, &mut legal);
        let action = legal[rng.random_range(0..legal.len())];
        game.apply(seat, action, &mut rng, &mut log).unwrap();
    }
    game
}

fn games(c: &mut Criterion) {
    let config = Config::default();
    let mut group = c.benchmark_group("random games");
    group.throughput(Throughput::Elements(1));
    let mut rng = seeded(1);
    let mut legal = Vec::with_capacity(256);
    group.bench_function("4 players", |b| b.iter(|| black_box(random_game(&config, 4, &mut rng, &mut legal))));
    group.finish();

    let game = mid_race();
    let mut rng = seeded(2);
    c.bench_function("determinize mid-race (4 players)", |b| {
        b.iter(|| black_box(game.determinize(Seat::at(1), &mut rng)))
    });
}

criterion_group!(benches, games);
criterion_main!(benches);
