//! Plays many games of one bot (the hero) against copies of another, on all cores, and prints
//! the hero's win rate and mean reward with 95 % confidence intervals.
//!
//! ```text
//! cargo run --release -p bots --example ismcts_arena -- GAME SEATS GAMES HERO VILLAIN [SEED]
//! cargo run --release -p bots --example ismcts_arena -- knock-out-whist 4 1000 ismcts:1000 heuristic
//! ```
//!
//! Bots are standard specs: `random`, `heuristic`, `ismcts:1000`, `ismcts:250ms`,
//! `ismcts:1000,playout=random`, `ismcts:1000,widen=1,c=0.5`,
//! `ismcts:1000,playout=heuristic,belief=50,opponents=model`.

use std::process::ExitCode;
use std::time::Instant;

use engine::demo::{Rps, RpsConfig};
use engine::{Bot, BotSpec, EventLog, Game, InfoSet, Seat, seeded};
use rayon::prelude::*;

/// Builds the game's bots from a spec.
type Factory<G> = fn(&str) -> Result<Box<dyn Bot<G>>, String>;

fn build<G: Game>(spec: &str, heuristic: fn() -> Box<dyn Bot<G>>) -> Result<Box<dyn Bot<G>>, String> {
    bots::standard::<G>(&BotSpec::parse(spec), heuristic).map_err(|e| e.to_string())
}

fn rps(spec: &str) -> Result<Box<dyn Bot<Rps>>, String> {
    build::<Rps>(spec, || Box::new(engine::RandomBot::default()))
}

/// The games' bots as the catalog (and so servers and the CLI) builds them.
fn whist(spec: &str) -> Result<Box<dyn Bot<knock_out_whist::KnockOutWhist>>, String> {
    catalog::knock_out_whist_bots().build(&BotSpec::parse(spec)).map_err(|e| e.to_string())
}

fn schotten(spec: &str) -> Result<Box<dyn Bot<schotten_totten::SchottenTotten>>, String> {
    catalog::schotten_totten_bots().build(&BotSpec::parse(spec)).map_err(|e| e.to_string())
}

struct Result1 {
    won: bool,
    reward: f64,
}

fn play_one<G: Game>(
    factory: Factory<G>,
    config: &G::Config,
    seats: usize,
    hero: &str,
    villain: &str,
    seed: u64,
) -> Result1 {
    let hero_seat = Seat::at(seed as usize % seats);
    let mut players: Vec<_> =
        Seat::all(seats).map(|s| factory(if s == hero_seat { hero } else { villain }).expect("checked")).collect();
    let mut chance = seeded(seed);
    let mut bot_rng = seeded(seed ^ 0x9E37_79B9_7F4A_7C15);
    let mut game = G::new(config, seats, &mut chance).expect("a valid set-up");
    let mut log = EventLog::off();
    while let Some(seat) = game.to_act().first() {
        let action = players[seat.index()].choose(&InfoSet::new(&game, seat), &mut bot_rng);
        game.apply(seat, action, &mut chance, &mut log).expect("bots play legal actions");
    }
    let outcome = game.outcome().expect("over");
    Result1 { won: outcome.place(hero_seat) == 1, reward: outcome.reward(hero_seat) }
}

fn arena<G: Game>(factory: Factory<G>, config: &G::Config, args: &Args) -> Result<(), String> {
    factory(&args.hero)?;
    factory(&args.villain)?;
    let begun = Instant::now();
    let results: Vec<Result1> = (0..args.games)
        .into_par_iter()
        .map(|i| play_one(factory, config, args.seats, &args.hero, &args.villain, args.seed + i))
        .collect();
    let n = results.len() as f64;
    let wins = results.iter().filter(|r| r.won).count() as f64;
    let p = wins / n;
    let mean = results.iter().map(|r| r.reward).sum::<f64>() / n;
    let var = results.iter().map(|r| (r.reward - mean).powi(2)).sum::<f64>() / (n - 1.0).max(1.0);
    println!(
        "{} {} seats, {} games: {} against {}: wins {:.1} % ± {:.1}, mean reward {:.3} ± {:.3} ({:.1} s)",
        G::NAME,
        args.seats,
        args.games,
        args.hero,
        args.villain,
        100.0 * p,
        100.0 * 1.96 * (p * (1.0 - p) / n).sqrt(),
        mean,
        1.96 * (var / n).sqrt(),
        begun.elapsed().as_secs_f64()
    );
    Ok(())
}

struct Args {
    game: String,
    seats: usize,
    games: u64,
    hero: String,
    villain: String,
    seed: u64,
}

fn parse() -> Result<Args, String> {
    let a: Vec<String> = std::env::args().skip(1).collect();
    if a.len() < 5 {
        return Err("usage: arena GAME SEATS GAMES HERO VILLAIN [SEED]".into());
    }
    Ok(Args {
        game: a[0].clone(),
        seats: a[1].parse().map_err(|_| "SEATS is a number")?,
        games: a[2].parse().map_err(|_| "GAMES is a number")?,
        hero: a[3].clone(),
        villain: a[4].clone(),
        seed: a.get(5).map_or(Ok(1_000_000), |s| s.parse()).map_err(|_| "SEED is a number")?,
    })
}

fn main() -> ExitCode {
    let run = || -> Result<(), String> {
        let args = parse()?;
        match args.game.as_str() {
            "rps-veto" => arena::<Rps>(rps, &RpsConfig::default(), &args),
            "knock-out-whist" => arena(whist, &Default::default(), &args),
            "schotten-totten" => arena(schotten, &Default::default(), &args),
            other => Err(format!("unknown game {other}")),
        }
    };
    match run() {
        Ok(()) => ExitCode::SUCCESS,
        Err(e) => {
            eprintln!("{e}");
            ExitCode::FAILURE
        }
    }
}
