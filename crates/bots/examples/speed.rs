//! ISMCTS iterations per second of CPU time on the benchmark positions, without criterion (for
//! profilers: `valgrind --tool=callgrind`, `perf record`).
//!
//! ```text
//! cargo run --release -p bots --example speed -- [knock-out-whist|schotten-totten] [SEARCHES] [ITERATIONS]
//! ```

use std::time::Instant;

use bots::{Budget, Ismcts};
use engine::{Bot, EventLog, Game, InfoSet, seeded};

fn advance<G: Game>(mut game: G, bot: &mut dyn Bot<G>, actions: usize, seed: u64) -> G {
    let mut rng = seeded(seed);
    for _ in 0..actions {
        let seat = game.to_act().first().expect("not over");
        let action = bot.choose(&InfoSet::new(&game, seat), &mut rng);
        game.apply(seat, action, &mut rng, &mut EventLog::off()).expect("legal");
    }
    game
}

fn measure<G: Game>(name: &str, game: &G, searches: u32, iterations: u32) {
    let seat = game.to_act().first().expect("not over");
    let mut bot = Ismcts::<G>::new(Budget::Iterations(iterations));
    let mut rng = seeded(1);
    let begun = Instant::now();
    let mut nodes = 0;
    for _ in 0..searches {
        nodes = bot.search(&InfoSet::new(game, seat), &mut rng).nodes;
    }
    let seconds = begun.elapsed().as_secs_f64();
    let total = f64::from(searches) * f64::from(iterations);
    println!("{name}: {:.0} iterations/s ({searches} searches of {iterations}, {nodes} nodes)", total / seconds);
}

fn main() {
    let args: Vec<String> = std::env::args().skip(1).collect();
    let game = args.first().map_or("knock-out-whist", String::as_str);
    let searches = args.get(1).and_then(|s| s.parse().ok()).unwrap_or(50);
    let iterations = args.get(2).and_then(|s| s.parse().ok()).unwrap_or(2000);
    match game {
        "knock-out-whist" => {
            use knock_out_whist::{HeuristicBot, KnockOutWhist};
            let start = KnockOutWhist::new(&Default::default(), 4, &mut seeded(7)).expect("4 seats");
            let game = advance(start, &mut HeuristicBot::default(), 16, 7);
            measure("knock-out-whist 4p round 1 trick 5", &game, searches, iterations);
        }
        "schotten-totten" => {
            use schotten_totten::{HeuristicBot, SchottenTotten};
            let start = SchottenTotten::new(&Default::default(), 2, &mut seeded(3)).expect("2 seats");
            let game = advance(start, &mut HeuristicBot::default(), 16, 3);
            measure("schotten-totten move 17", &game, searches, iterations);
        }
        other => eprintln!("unknown game {other}"),
    }
}
