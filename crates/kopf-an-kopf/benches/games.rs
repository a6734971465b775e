//! Benchmarks: whole random 4-player games per second, sampling a world mid-race, and ISMCTS
//! iterations per second mid-race.
//!
//! `cargo bench -p kopf-an-kopf`

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

/// A 4-player race after 100 random actions, then on to the next real choice (more than one
/// legal action), so the search has something to decide.
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
    loop {
        let seat = game.to_act().first().unwrap();
        game.legal_actions(seat, &mut legal);
        if legal.len() > 1 {
            return game;
        }
        game.apply(seat, legal[0], &mut rng, &mut log).unwrap();
    }
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

    // ISMCTS as the catalog's defaults build it: fast playouts by the policy, cut off after 20
    // actions and scored by the evaluation, no nodes for forced moves.
    let mut group = c.benchmark_group("kopf-an-kopf-ismcts");
    const ITERATIONS: u32 = 1000;
    group.sample_size(10);
    group.throughput(Throughput::Elements(u64::from(ITERATIONS)));
    let mut bot = bots::Ismcts::with_policy(bots::Budget::Iterations(ITERATIONS), kopf_an_kopf::playout_policy)
        .cut_off(20, kopf_an_kopf::evaluation)
        .skipping_forced();
    let seat = game.to_act().first().unwrap();
    group.bench_function("ismcts iterations mid-race (4 players)", |b| {
        b.iter(|| black_box(bot.search(&engine::InfoSet::new(black_box(&game), seat), &mut rng).chosen))
    });
    group.finish();
}

criterion_group!(benches, games);
criterion_main!(benches);
