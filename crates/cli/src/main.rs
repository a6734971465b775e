//! The `spieltisch` command: parses the arguments and runs a subcommand on the game catalog.

use std::process::ExitCode;

use clap::{Parser, Subcommand};
use cli::{CliError, arena, backup, games, play, protocol, replay, rules, serve};

/// Four German tabletop games against friends and strong bots.
#[derive(Parser)]
#[command(name = "spieltisch", version, about)]
struct Cli {
    #[command(subcommand)]
    command: Command,
}

#[derive(Subcommand)]
enum Command {
    /// Serve the web table: lobby, tables, live play in the browser.
    Serve(serve::ServeArgs),
    /// Copy the web table's SQLite database, while the server runs or not.
    Backup(backup::BackupArgs),
    /// Play bot tournaments on all cores: win rates, intervals, Elo.
    Arena(arena::ArenaArgs),
    /// Check a match record action by action and show its result.
    Replay(replay::ReplayArgs),
    /// Play against bots in the terminal.
    Play(play::PlayArgs),
    /// Speak the JSON-lines protocol on stdin/stdout (for bots and test harnesses).
    Engine(protocol::EngineArgs),
    /// List the games, their seats, variants and bots.
    Games(games::GamesArgs),
    /// Print a game's rules for players (English or German).
    Rules(rules::RulesArgs),
}

fn main() -> ExitCode {
    let cli = Cli::parse();
    let registry = catalog::registry();
    let mut stdout = std::io::stdout();
    let result = match &cli.command {
        Command::Serve(args) => serve::run(args),
        Command::Backup(args) => backup::run(args, &mut stdout),
        Command::Arena(args) => arena::run(&registry, args, &mut stdout),
        Command::Replay(args) => replay::run(&registry, args, &mut stdout),
        Command::Play(args) => play::run(&registry, args),
        Command::Engine(_) => {
            protocol::run(&registry, &mut std::io::stdin().lock(), &mut stdout).map_err(CliError::from)
        }
        Command::Games(args) => games::run(&registry, args, &mut stdout),
        Command::Rules(args) => rules::run(&registry, args, &mut stdout),
    };
    match result {
        Ok(()) => ExitCode::SUCCESS,
        Err(e) => {
            eprintln!("error: {e}");
            ExitCode::FAILURE
        }
    }
}
