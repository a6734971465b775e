//! ISMCTS iterations per second of CPU time on the benchmark positions, without criterion (for
//! profilers: `valgrind --tool=callgrind`, `perf record`).
//!
//! ```text
//! cargo run --release -p bots --example ismcts_speed -- [knock-out-whist|schotten-totten] [SEARCHES] [ITERATIONS] [OPTIONS]
//! cargo run --release -p bots --example ismcts_speed -- schotten-totten 20 1000 playout=fast
//! ```
//!
//! Without options it measures the plain search (`playout=random`); options are those of an
//! `ismcts` spec (`playout=fast,widen=1`), with the game's defaults from the catalog.

use std::time::Instant;

use bots::GameBots;
use engine::{Bot, BotSpec, EventLog, Game, InfoSet, seeded};

fn advance<G: Game>(mut game: G, bot: &mut dyn Bot<G>, actions: usize, seed: u64) -> G {
    let mut rng = seeded(seed);
    for _ in 0..actions {
        let seat = game.to_act().first().expect("not over");
        let action = bot.choose(&InfoSet::new(&game, seat), &mut rng);
        game.apply(seat, action, &mut rng, &mut EventLog::off()).expect("legal");
    }
    game
}

fn measure<G: Game>(name: &str, bots: &GameBots<G>, game: &G, searches: u32, iterations: u32, options: &str) {
    let seat = game.to_act().first().expect("not over");
    let spec = format!("ismcts:{iterations},{options}");
    let mut bot = bots.build(&BotSpec::parse(&spec)).expect("a valid spec");
    let mut rng = seeded(1);
    let begun = Instant::now();
    for _ in 0..searches {
        bot.choose(&InfoSet::new(game, seat), &mut rng);
    }
    let seconds = begun.elapsed().as_secs_f64();
    let total = f64::from(searches) * f64::from(iterations);
    println!(
        "{name}, {}: {:.0} iterations/s, {:.1} ms per search ({searches} searches)",
        bot.name(),
        total / seconds,
        1000.0 * seconds / f64::from(searches)
    );
}

fn main() {
    let args: Vec<String> = std::env::args().skip(1).collect();
    let game = args.first().map_or("knock-out-whist", String::as_str);
    let searches = args.get(1).and_then(|s| s.parse().ok()).unwrap_or(50);
    let iterations = args.get(2).and_then(|s| s.parse().ok()).unwrap_or(2000);
    let options = args.get(3).map_or("playout=random", String::as_str);
    match game {
        "knock-out-whist" => {
            use knock_out_whist::{HeuristicBot, KnockOutWhist};
            let start = KnockOutWhist::new(&Default::default(), 4, &mut seeded(7)).expect("4 seats");
            let game = advance(start, &mut HeuristicBot::default(), 16, 7);
            let bots = catalog::knock_out_whist_bots();
            measure("knock-out-whist 4p round 1 trick 5", &bots, &game, searches, iterations, options);
        }
        "schotten-totten" => {
            use schotten_totten::{HeuristicBot, SchottenTotten};
            let start = SchottenTotten::new(&Default::default(), 2, &mut seeded(3)).expect("2 seats");
            let game = advance(start, &mut HeuristicBot::default(), 16, 3);
            let bots = catalog::schotten_totten_bots();
            measure("schotten-totten move 17", &bots, &game, searches, iterations, options);
        }
        other => eprintln!("unknown game {other}"),
    }
}
