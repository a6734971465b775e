//! Plays random games as fast as one core can, for timing on a shared machine by CPU time:
//! `time cargo run --release -p knock-out --example ko_speed -- 100000 4 basic` and divide the
//! games by the `user` seconds.

use engine::{EventLog, Game, seeded};
use knock_out::{Config, KnockOut};
use rand::Rng;

fn main() {
    let args: Vec<String> = std::env::args().collect();
    let games: u64 = args.get(1).and_then(|a| a.parse().ok()).unwrap_or(100_000);
    let seats: usize = args.get(2).and_then(|a| a.parse().ok()).unwrap_or(4);
    let config = if args.get(3).is_some_and(|a| a == "pro") { Config::pro() } else { Config::default() };
    let mut rng = seeded(1);
    let mut legal = Vec::with_capacity(64);
    let mut actions = 0u64;
    let mut log = EventLog::off();
    for _ in 0..games {
        let mut game = KnockOut::new(&config, seats, &mut rng).expect("a valid setup");
        while let Some(seat) = game.to_act().first() {
            game.legal_actions(seat, &mut legal);
            let action = legal[rng.random_range(0..legal.len())];
            game.apply(seat, action, &mut rng, &mut log).expect("a legal action");
            actions += 1;
        }
    }
    println!("{games} games, {actions} actions");
}
