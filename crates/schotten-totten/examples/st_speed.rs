//! Random games per CPU second, measured by the thread's own CPU time (so a busy machine does
//! not distort it): `cargo run --release -p schotten-totten --example st_speed [GAMES] [MODE]`,
//! where MODE picks one of the six (`default`, `tactics`, …) instead of all.

use engine::{EventLog, Game, seeded};
use rand::Rng;
use schotten_totten::{Config, SchottenTotten};

/// CPU time of this thread so far, in nanoseconds (Linux), or `None`.
fn cpu_ns() -> Option<u64> {
    let text = std::fs::read_to_string("/proc/thread-self/schedstat").ok()?;
    text.split_whitespace().next()?.parse().ok()
}

fn main() {
    let games: usize = std::env::args().nth(1).and_then(|a| a.parse().ok()).unwrap_or(200_000);
    let only = std::env::args().nth(2);
    for (name, config) in [
        ("default", Config::default()),
        ("claim-after-play", Config { claim_after_play: true, ..Config::default() }),
        ("table-proof", Config { table_proof: true, ..Config::default() }),
        ("tactics", Config { tactics: true, ..Config::default() }),
        ("battle-line", Config { battle_line: true, ..Config::default() }),
        ("battle-line+tactics", Config { battle_line: true, tactics: true, ..Config::default() }),
    ] {
        if only.as_deref().is_some_and(|only| only != name) {
            continue;
        }
        let mut rng = seeded(1);
        let mut legal = Vec::with_capacity(64);
        let mut log = EventLog::off();
        let (start, wall) = (cpu_ns(), std::time::Instant::now());
        let mut steps = 0usize;
        for _ in 0..games {
            let mut game = SchottenTotten::new(&config, 2, &mut rng).unwrap();
            while let Some(seat) = game.to_act().first() {
                game.legal_actions(seat, &mut legal);
                let action = legal[rng.random_range(0..legal.len())];
                game.apply(seat, action, &mut rng, &mut log).unwrap();
                steps += 1;
            }
        }
        let seconds = match (start, cpu_ns()) {
            (Some(a), Some(b)) => (b - a) as f64 / 1e9,
            _ => wall.elapsed().as_secs_f64(),
        };
        println!(
            "{name:>17}: {:>9.0} random games per CPU second ({:.1} actions per game)",
            games as f64 / seconds,
            steps as f64 / games as f64
        );
    }
}
