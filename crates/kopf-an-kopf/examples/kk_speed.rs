//! Random games per second and their length: `cargo run --release -p kopf-an-kopf --example kk_speed -- 20000 4`.

use std::time::Instant;

use engine::{EventLog, Game, seeded};
use kopf_an_kopf::{Config, KopfAnKopf};
use rand::Rng;

/// CPU time of this thread so far, in nanoseconds (Linux), or `None`: a busy machine does not
/// distort it.
fn cpu_ns() -> Option<u64> {
    let text = std::fs::read_to_string("/proc/thread-self/schedstat").ok()?;
    text.split_whitespace().next()?.parse().ok()
}

fn main() {
    let mut args = std::env::args().skip(1);
    let games: usize = args.next().and_then(|a| a.parse().ok()).unwrap_or(10_000);
    let seats: usize = args.next().and_then(|a| a.parse().ok()).unwrap_or(4);
    let config = Config::default();
    let mut rng = seeded(1);
    let mut legal = Vec::new();
    let mut log = EventLog::off();
    let mut actions = 0usize;
    let mut turns = 0usize;
    let (start, cpu) = (Instant::now(), cpu_ns());
    for _ in 0..games {
        let mut game = KopfAnKopf::new(&config, seats, &mut rng).unwrap();
        while let Some(seat) = game.to_act().first() {
            game.legal_actions(seat, &mut legal);
            let action = legal[rng.random_range(0..legal.len())];
            game.apply(seat, action, &mut rng, &mut log).unwrap();
            actions += 1;
        }
        turns += game.view(None).turn as usize;
    }
    let secs = match (cpu, cpu_ns()) {
        (Some(a), Some(b)) => (b - a) as f64 / 1e9,
        _ => start.elapsed().as_secs_f64(),
    };
    println!(
        "{games} random {seats}-player games in {secs:.2} CPU s: {:.0} games/s, {:.0} actions and {:.0} turns a game",
        games as f64 / secs,
        actions as f64 / games as f64,
        turns as f64 / games as f64
    );
}
