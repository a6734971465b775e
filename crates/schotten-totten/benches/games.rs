//! Benchmarks: random games per second, proof checks per second, heuristic decisions.
//!
//! `CARGO_TARGET_DIR=/work/targets/st cargo bench -p schotten-totten`

use std::hint::black_box;

use criterion::{Criterion, Throughput, criterion_group, criterion_main};
use engine::{Bot, EventLog, Game, GameRng, InfoSet, seeded};
use rand::Rng;
use rand::seq::SliceRandom;
use schotten_totten::proof::{best_completion, proof_holds};
use schotten_totten::{Action, Card, CardSet, Config, Formation, HeuristicBot, SchottenTotten};

/// One whole game of uniformly random legal actions, without events.
fn random_game(config: &Config, rng: &mut GameRng, legal: &mut Vec<Action>) -> usize {
    let mut game = SchottenTotten::new(config, 2, rng).unwrap();
    let mut log = EventLog::off();
    let mut steps = 0;
    while let Some(seat) = game.to_act().first() {
        game.legal_actions(seat, legal);
        let action = legal[rng.random_range(0..legal.len())];
        game.apply(seat, action, rng, &mut log).unwrap();
        steps += 1;
    }
    steps
}

fn games(c: &mut Criterion) {
    let mut group = c.benchmark_group("random games");
    group.throughput(Throughput::Elements(1));
    for (name, config) in [
        ("default", Config::default()),
        ("claim-after-play", Config { claim_after_play: true, ..Config::default() }),
        ("table-proof", Config { table_proof: true, ..Config::default() }),
        ("tactics", Config { tactics: true, ..Config::default() }),
        ("battle-line", Config { battle_line: true, ..Config::default() }),
        ("battle-line+tactics", Config { battle_line: true, tactics: true, ..Config::default() }),
    ] {
        let mut rng = seeded(1);
        let mut legal = Vec::with_capacity(64);
        group.bench_function(name, |b| b.iter(|| black_box(random_game(&config, &mut rng, &mut legal))));
    }
    group.finish();
}

fn proofs(c: &mut Criterion) {
    // Positions: a complete side against a partial side of 0–2 cards, random availability.
    let mut rng = seeded(2);
    let positions: Vec<(Formation, Vec<Card>, CardSet)> = (0..1024)
        .map(|_| {
            let mut deck: Vec<Card> = CardSet::BASE_DECK.iter().collect();
            deck.shuffle(&mut rng);
            let placed = rng.random_range(0..=2);
            let available: CardSet = deck[3 + placed..].iter().filter(|_| rng.random_bool(0.7)).copied().collect();
            (Formation::of(&deck[..3]), deck[3..3 + placed].to_vec(), available)
        })
        .collect();
    let mut group = c.benchmark_group("proofs");
    group.throughput(Throughput::Elements(positions.len() as u64));
    group.bench_function("proof_holds", |b| {
        b.iter(|| {
            positions.iter().filter(|(f, side, available)| proof_holds(*f, black_box(side), 3, *available)).count()
        })
    });
    group.bench_function("best_completion", |b| {
        b.iter(|| {
            positions.iter().filter_map(|(_, side, available)| best_completion(black_box(side), 3, *available)).count()
        })
    });
    group.finish();
}

fn bots(c: &mut Criterion) {
    // Positions from random games, halfway through.
    let mut rng = seeded(3);
    let mut legal = Vec::new();
    let states: Vec<SchottenTotten> = (0..64)
        .map(|_| {
            let mut game = SchottenTotten::new(&Config::default(), 2, &mut rng).unwrap();
            for _ in 0..20 {
                let Some(seat) = game.to_act().first() else { break };
                game.legal_actions(seat, &mut legal);
                let action = legal[rng.random_range(0..legal.len())];
                game.apply(seat, action, &mut rng, &mut EventLog::off()).unwrap();
            }
            game
        })
        .filter(|g| !g.is_over())
        .collect();
    let mut group = c.benchmark_group("heuristic");
    group.throughput(Throughput::Elements(states.len() as u64));
    let mut bot = HeuristicBot::default();
    group.bench_function("decision", |b| {
        b.iter(|| {
            for state in &states {
                let seat = state.to_act().first().unwrap();
                black_box(bot.choose(&InfoSet::new(state, seat), &mut rng));
            }
        })
    });
    group.finish();
}

criterion_group!(benches, games, proofs, bots);
criterion_main!(benches);
