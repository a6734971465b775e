//! ISMCTS iterations per second on representative positions.
//!
//! `cargo bench -p bots` reports each search's throughput in iterations per second
//! ("elem/s"), one core: the plain search (`ismcts:N,playout=random`, group `ismcts`), the
//! standard `ismcts:1000` as the catalog builds it (fast playouts by the game's rule of thumb,
//! group `ismcts-standard`) and `ismcts` with heuristic playouts (group
//! `ismcts-heuristic-playouts`).

use std::hint::black_box;

use bots::{Budget, Ismcts};
use criterion::{Criterion, Throughput, criterion_group, criterion_main};
use engine::demo::{Rps, RpsConfig};
use engine::{Game, InfoSet, Seat, seeded};

const ITERATIONS: u32 = 2000;

fn bench_position<G: Game>(c: &mut Criterion, name: &str, game: &G, seat: Seat) {
    let mut group = c.benchmark_group("ismcts");
    group.throughput(Throughput::Elements(u64::from(ITERATIONS)));
    let mut bot = Ismcts::<G>::new(Budget::Iterations(ITERATIONS));
    let mut rng = seeded(1);
    group.bench_function(name, |b| {
        b.iter(|| black_box(bot.search(&InfoSet::new(black_box(game), seat), &mut rng).chosen))
    });
    group.finish();
}

fn rps(c: &mut Criterion) {
    let game = Rps::new(&RpsConfig::default(), 2, &mut seeded(0)).unwrap();
    bench_position(c, "rps-opening", &game, Seat::at(0));
}

/// The standard `ismcts` (heuristic playouts, widening 0.5): far fewer iterations per second.
fn bench_heuristic_position<G: Game>(
    c: &mut Criterion,
    name: &str,
    game: &G,
    seat: Seat,
    heuristic: Box<dyn engine::Bot<G>>,
) {
    const ITERATIONS: u32 = 200;
    let mut group = c.benchmark_group("ismcts-heuristic-playouts");
    group.sample_size(10);
    group.throughput(Throughput::Elements(u64::from(ITERATIONS)));
    let mut bot =
        Ismcts::with_policy(Budget::Iterations(ITERATIONS), bots::BotPlayout::new(heuristic, 0.1)).widening(0.5, 0.5);
    let mut rng = seeded(1);
    group.bench_function(name, |b| {
        b.iter(|| black_box(bot.search(&InfoSet::new(black_box(game), seat), &mut rng).chosen))
    });
    group.finish();
}

/// The standard `ismcts:1000` of the catalog (what the server, the CLI and the arena play).
fn bench_standard_position<G: Game>(c: &mut Criterion, name: &str, game: &G, seat: Seat, bots: &bots::GameBots<G>) {
    const ITERATIONS: u64 = 1000;
    let mut group = c.benchmark_group("ismcts-standard");
    group.sample_size(20);
    group.throughput(Throughput::Elements(ITERATIONS));
    let mut bot = bots.build(&engine::BotSpec::parse("ismcts:1000")).expect("the standard bot");
    let mut rng = seeded(1);
    group.bench_function(name, |b| b.iter(|| black_box(bot.choose(&InfoSet::new(black_box(game), seat), &mut rng))));
    group.finish();
}

/// Plays `actions` moves of heuristic bots from a game dealt with `seed`.
fn advance<G: Game>(mut game: G, bot: &mut dyn engine::Bot<G>, actions: usize, seed: u64) -> G {
    let mut rng = seeded(seed);
    let mut log = engine::EventLog::off();
    for _ in 0..actions {
        let seat = game.to_act().first().expect("the game is not over yet");
        let action = bot.choose(&InfoSet::new(&game, seat), &mut rng);
        game.apply(seat, action, &mut rng, &mut log).unwrap();
    }
    game
}

/// Knock-Out Whist, 4 players, round 1 after four tricks (16 cards played): everyone still in,
/// three cards in hand, six more rounds to play out.
fn whist(c: &mut Criterion) {
    use knock_out_whist::{HeuristicBot, KnockOutWhist};
    let game = KnockOutWhist::new(&Default::default(), 4, &mut seeded(7)).unwrap();
    let game = advance(game, &mut HeuristicBot::default(), 16, 7);
    let seat = game.to_act().first().unwrap();
    bench_position(c, "knock-out-whist-4p-round1-trick5", &game, seat);
    bench_standard_position(c, "knock-out-whist-4p-round1-trick5", &game, seat, &catalog::knock_out_whist_bots());
    bench_heuristic_position(c, "knock-out-whist-4p-round1-trick5", &game, seat, Box::new(HeuristicBot::default()));
}

/// Schotten-Totten after 16 heuristic moves (about a third of the cards on the table).
fn schotten(c: &mut Criterion) {
    use schotten_totten::{HeuristicBot, SchottenTotten};
    let game = SchottenTotten::new(&Default::default(), 2, &mut seeded(3)).unwrap();
    let game = advance(game, &mut HeuristicBot::default(), 16, 3);
    let seat = game.to_act().first().unwrap();
    bench_position(c, "schotten-totten-move17", &game, seat);
    bench_standard_position(c, "schotten-totten-move17", &game, seat, &catalog::schotten_totten_bots());
    bench_heuristic_position(c, "schotten-totten-move17", &game, seat, Box::new(HeuristicBot::default()));
}

criterion_group!(benches, rps, whist, schotten);
criterion_main!(benches);
