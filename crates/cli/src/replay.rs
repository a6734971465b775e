//! `spieltisch replay FILE`: checks a match record action by action and shows its result.

use std::io::Write;
use std::path::PathBuf;

use engine::{Record, Registry, Seat};

use crate::error::CliError;

/// Options of `spieltisch replay`.
#[derive(Clone, Debug, clap::Args)]
#[command(after_help = "\
Examples:
  spieltisch replay records/schotten-totten-12345.json
  spieltisch replay --verbose game.json

Every action is checked against the rules; a tampered or truncated record fails with a
message naming the first bad action and exit status 1.")]
pub struct ReplayArgs {
    /// The record (JSON), as written by `arena --record`, the server or the `engine` protocol.
    pub file: PathBuf,
    /// Print every action with the events a spectator sees.
    #[arg(short, long)]
    pub verbose: bool,
}

/// Reads, checks and describes the record `args.file`.
pub fn run(registry: &Registry, args: &ReplayArgs, out: &mut dyn Write) -> Result<(), CliError> {
    let text = std::fs::read_to_string(&args.file).map_err(|e| CliError::file(&args.file, e))?;
    let record: Record =
        serde_json::from_str(&text).map_err(|source| CliError::NotARecord { path: args.file.clone(), source })?;
    let title = registry.get(&record.game).map(|k| k.info().title).unwrap_or("unknown game");
    writeln!(out, "game: {} ({title}), rules version {}", record.game, record.rules_version)?;
    writeln!(out, "config: {}", record.config)?;
    writeln!(out, "seed: {}", record.seed)?;
    writeln!(out, "seats: {}", record.seats)?;
    for (seat, player) in record.players.iter().enumerate() {
        writeln!(out, "  seat {seat}: {player}")?;
    }
    if args.verbose {
        print_steps(registry, &record, out)?;
    }
    let m = registry.replay(&record)?;
    writeln!(out, "actions: {} (all legal)", m.actions())?;
    match m.outcome() {
        Some(outcome) => {
            writeln!(out, "outcome:")?;
            for seat in Seat::all(m.seats()) {
                let player = record.players.get(seat.index()).map(|p| format!(" ({p})")).unwrap_or_default();
                writeln!(out, "  seat {seat}{player}: place {}, score {}", outcome.place(seat), outcome.score(seat))?;
            }
        }
        None => {
            let to_act: Vec<String> = m.to_act().iter().map(|s| s.to_string()).collect();
            writeln!(out, "not over: seat {} to act", to_act.join(", "))?;
        }
    }
    Ok(())
}

/// Prints each action with the spectator's events, up to the first that does not apply.
fn print_steps(registry: &Registry, record: &Record, out: &mut dyn Write) -> Result<(), CliError> {
    let Ok(kind) = registry.get(&record.game) else { return Ok(()) };
    let Ok(mut m) = kind.new_match(&record.config, record.seats, record.seed) else { return Ok(()) };
    for (i, entry) in record.actions.iter().enumerate() {
        writeln!(out, "{:>4}. seat {}: {}", i + 1, entry.seat, entry.action)?;
        match m.apply(entry.seat, &entry.action) {
            Ok(events) => {
                for event in events.for_viewer(None) {
                    writeln!(out, "        {}", event.text)?;
                }
            }
            Err(_) => break,
        }
    }
    Ok(())
}
