//! `spieltisch play GAME`: a human against bots in the terminal, line by line.

mod generic;
mod knock_out;
mod knock_out_whist;
mod kopf_an_kopf;
mod render;
mod schotten_totten;
mod session;

use std::io::{IsTerminal, Write};
use std::path::PathBuf;

use engine::Registry;

use crate::error::CliError;
use crate::style::Style;
pub use render::{Render, renderer};
pub use session::{PlayEnd, PlayOptions, play};

/// Options of `spieltisch play`.
#[derive(Clone, Debug, clap::Args)]
#[command(after_help = "\
Examples:
  spieltisch play schotten-totten
  spieltisch play schotten-totten --bot hard
  spieltisch play schotten-totten --bot ismcts:1000 --variant claim-after-play --seat 1
  spieltisch play schotten-totten --preset battle-line
  spieltisch play knock-out-whist --players 4 --bot heuristic --seed 7

At your turn type an action in the game's notation (`play r7 3`), or the number of one in
the list `help` prints. Other commands: `help` (or `?`), `table`, `quit`.")]
pub struct PlayArgs {
    /// The game (see `spieltisch games`).
    pub game: String,
    /// The opponents' level (easy, medium, hard, expert) or bot spec (`ismcts:1000`); repeat to
    /// give each opponent its own, in seat order [default: medium].
    #[arg(long = "bot", value_name = "LEVEL|SPEC")]
    pub bots: Vec<String>,
    /// Seats at the table [default: the game's minimum].
    #[arg(long)]
    pub players: Option<usize>,
    /// The seed of the deal [default: from the clock; printed at the start].
    #[arg(long)]
    pub seed: Option<u64>,
    /// Your seat, from 0.
    #[arg(long, default_value_t = 0)]
    pub seat: usize,
    /// A variant setting (`claim-after-play`, `start-cards=6`); repeatable.
    #[arg(long = "variant", value_name = "V")]
    pub variants: Vec<String>,
    /// A named way to play the game (`battle-line`; see `spieltisch games`): its variants,
    /// then those of `--variant`.
    #[arg(long, value_name = "NAME")]
    pub preset: Option<String>,
    /// A TOML file for the config's `edition` key: the game's numbers from your own box
    /// (`knock-out`: see its `edition.toml`).
    #[arg(long, value_name = "FILE")]
    pub edition: Option<PathBuf>,
    /// Save the match record to FILE at the end.
    #[arg(long, value_name = "FILE")]
    pub save: Option<PathBuf>,
    /// Milliseconds to pause after each bot move, to follow the play.
    #[arg(long, default_value_t = 0, value_name = "MS")]
    pub delay: u64,
}

/// Plays on the terminal (standard input and output).
pub fn run(registry: &Registry, args: &PlayArgs) -> Result<(), CliError> {
    let options = PlayOptions {
        game: args.game.clone(),
        bots: args.bots.clone(),
        players: args.players,
        seed: args.seed.unwrap_or_else(clock_seed),
        seat: args.seat,
        variants: crate::games::with_preset(registry.get(&args.game)?, args.preset.as_deref(), &args.variants)?,
        config: crate::overlay::edition(args.edition.as_deref())?,
        delay: std::time::Duration::from_millis(args.delay),
        echo: !std::io::stdin().is_terminal(),
    };
    let stdin = std::io::stdin();
    let mut input = stdin.lock();
    let mut out = std::io::stdout();
    let end = play(registry, &options, &mut input, &mut out, Style::for_stdout())?;
    if let (Some(path), Some(record)) = (&args.save, end.record()) {
        let json = serde_json::to_string_pretty(record).expect("records serialise");
        std::fs::write(path, json).map_err(|e| CliError::file(path, e))?;
        writeln!(out, "record saved to {}", path.display())?;
    }
    match end {
        PlayEnd::InputEnded { .. } => Err(CliError::Usage("input ended before the game did".into())),
        _ => Ok(()),
    }
}

fn clock_seed() -> u64 {
    let nanos = std::time::SystemTime::now().duration_since(std::time::UNIX_EPOCH).map_or(0, |d| d.as_nanos());
    (nanos as u64) % 1_000_000_000
}
