//! Benchmarks: whole random games per second and `determinize` per second.
//!
//! `CARGO_TARGET_DIR=/work/targets/kw cargo bench -p knock-out-whist`

use std::hint::black_box;

use criterion::{Criterion, Throughput, criterion_group, criterion_main};
use engine::{EventLog, Game, GameRng, Seat, seeded};
use knock_out_whist::{Action, CardSet, Config, KnockOutWhist};
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

/// The seats other than `observer` whose hidden hands voids constrain: how many different sets
/// of suits they have shown out of (counting only suits that still have cards `observer` cannot
/// see; each is a group the sampler's dynamic programme goes through), and how many cards they
/// hold in all.
fn constraints(game: &KnockOutWhist, observer: Seat) -> (usize, usize) {
    let turned = game.view(None).turned.map_or(CardSet::EMPTY, CardSet::only);
    let unseen = !(game.hand(observer) | game.played() | turned);
    let mut patterns = Vec::new();
    let mut cards = 0;
    for seat in Seat::all(game.seats()).filter(|&s| s != observer) {
        let void = game.voids(seat).bits() & unseen.suits_held().bits();
        if void != 0 && !game.hand(seat).is_empty() {
            patterns.push(void);
            cards += game.hand(seat).len();
        }
    }
    patterns.sort_unstable();
    patterns.dedup();
    (patterns.len(), cards)
}

/// The position among the trick boundaries of 300 random 7-player games with the greatest
/// `key(void patterns, constrained cards)`.
fn hardest(key: impl Fn(usize, usize) -> (usize, usize)) -> KnockOutWhist {
    let mut legal = Vec::new();
    let mut best: Option<((usize, usize), KnockOutWhist)> = None;
    for seed in 0..300 {
        let mut rng = seeded(seed);
        let mut game = KnockOutWhist::new(&Config::default(), 7, &mut rng).unwrap();
        while !game.is_over() {
            if game.current_trick().is_empty() {
                let (patterns, cards) = constraints(&game, Seat::at(0));
                let key = key(patterns, cards);
                if best.as_ref().is_none_or(|(k, _)| key > *k) {
                    best = Some((key, game.clone()));
                }
            }
            let seat = game.to_act().first().unwrap();
            game.legal_actions(seat, &mut legal);
            let action = legal[rng.random_range(0..legal.len())];
            game.apply(seat, action, &mut rng, &mut EventLog::off()).unwrap();
        }
    }
    best.expect("a position").1
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
    // The most void patterns; and the most constrained cards with at least four patterns (the
    // slowest kind of position for the sampler's dynamic programme).
    for key in [|patterns, cards| (patterns, cards), |patterns: usize, cards| (usize::from(patterns >= 4), cards)] {
        let game = hardest(key);
        let (patterns, cards) = constraints(&game, Seat::at(0));
        let name = format!("determinize, 7 players, {patterns} void patterns, {cards} constrained cards");
        group.bench_function(name, |b| b.iter(|| black_box(black_box(&game).determinize(Seat::at(0), &mut rng))));
    }
    group.finish();
}

criterion_group!(knock_out_whist_benches, benches);
criterion_main!(knock_out_whist_benches);
