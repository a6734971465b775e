//! `spieltisch arena`: bot tournaments on all cores.

mod lineup;
mod report;
mod tally;

use std::io::{IsTerminal, Write};
use std::path::{Path, PathBuf};
use std::time::Instant;

use engine::{GameKind, Registry};
use indicatif::{ProgressBar, ProgressStyle};
use rayon::prelude::*;
use serde_json::Value;

use crate::error::CliError;
pub use lineup::{Entry, Schedule, entries, game_seed};
pub use report::{BotReport, Report};
pub use tally::{EntryTally, Tally, WIN_UNITS};

/// Options of `spieltisch arena`.
#[derive(Clone, Debug, clap::Args)]
#[command(after_help = "\
Examples:
  spieltisch arena --game schotten-totten --bot heuristic --bot random --games 1000
  spieltisch arena --game knock-out-whist --players 4 --bot ismcts:1000 --bot heuristic \\
      --bot heuristic --bot heuristic --games 200 --json
  spieltisch arena --game schotten-totten --bot random --bot heuristic --bot ismcts:500 --csv
  spieltisch arena --game schotten-totten --preset battle-line --bot heuristic --bot random

Seats rotate from game to game; with more bots than players every combination of bots plays.
The same spec given twice makes two entries: `heuristic` and `heuristic#2`. A shared first
place counts 1/k of a win for each of the k winners. Elo is fitted to all pairwise results by
place (maximum likelihood) and centred on 0.")]
pub struct ArenaArgs {
    /// The game (see `spieltisch games`).
    #[arg(long)]
    pub game: String,
    /// A bot spec (`random`, `heuristic`, `ismcts:1000`); repeat for each entry.
    #[arg(long = "bot", required = true, value_name = "SPEC")]
    pub bots: Vec<String>,
    /// Seats per game [default: the game's minimum].
    #[arg(long)]
    pub players: Option<usize>,
    /// Games to play.
    #[arg(long, default_value_t = 100)]
    pub games: u64,
    /// The tournament seed; game i's seed is derived from it and i.
    #[arg(long, default_value_t = 0)]
    pub seed: u64,
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
    /// Print one JSON object.
    #[arg(long, conflicts_with = "csv")]
    pub json: bool,
    /// Print one CSV row per bot.
    #[arg(long)]
    pub csv: bool,
    /// Write each game's record to `DIR/<game>-<seed>.json`.
    #[arg(long, value_name = "DIR")]
    pub record: Option<PathBuf>,
    /// Worker threads [default: all cores].
    #[arg(long, default_value_t = 0)]
    pub threads: usize,
}

/// Runs the tournament `args` describes and prints the results to `out`.
pub fn run(registry: &Registry, args: &ArenaArgs, out: &mut dyn Write) -> Result<(), CliError> {
    let plan = Plan::new(registry, args)?;
    let progress = if std::io::stderr().is_terminal() { progress_bar(args.games) } else { ProgressBar::hidden() };
    let pool = rayon::ThreadPoolBuilder::new()
        .num_threads(args.threads)
        .build()
        .map_err(|e| CliError::Other(format!("cannot start worker threads: {e}")))?;
    let started = Instant::now();
    let tally = pool.install(|| plan.play(&progress))?;
    let seconds = started.elapsed().as_secs_f64();
    progress.finish_and_clear();
    let report = Report::new(&plan, args, &tally, seconds, pool.current_num_threads());
    if args.json {
        writeln!(out, "{}", serde_json::to_string(&report).expect("reports serialise"))?;
    } else if args.csv {
        report.write_csv(out)?;
    } else {
        report.write_text(out)?;
    }
    Ok(())
}

fn progress_bar(games: u64) -> ProgressBar {
    let bar = ProgressBar::new(games);
    if let Ok(style) = ProgressStyle::with_template("{bar:40} {pos}/{len} games  {per_sec}  eta {eta}") {
        bar.set_style(style);
    }
    bar
}

/// A tournament ready to play: the game, its config, the entries and who plays when.
pub struct Plan<'r> {
    kind: &'r dyn GameKind,
    variants: Vec<String>,
    config: Value,
    players: usize,
    entries: Vec<Entry>,
    schedule: Schedule,
    games: u64,
    seed: u64,
    record: Option<PathBuf>,
}

impl<'r> Plan<'r> {
    /// Checks `args` against the game and builds the schedule.
    pub fn new(registry: &'r Registry, args: &ArenaArgs) -> Result<Self, CliError> {
        let kind = registry.get(&args.game)?;
        let info = kind.info();
        let variants = crate::games::with_preset(kind, args.preset.as_deref(), &args.variants)?;
        let mut config = kind.config_from_variants(&variants)?;
        crate::overlay::merge(&mut config, crate::overlay::edition(args.edition.as_deref())?.as_ref());
        let players = args.players.unwrap_or(info.min_seats);
        // Let the game judge the seat count and config together (some variants fix the seats).
        kind.new_match(&config, players, args.seed)?;
        let entries = entries(&args.bots);
        if entries.len() < players {
            return Err(CliError::Usage(format!(
                "{players}-player games need at least {players} bots, got {}; give --bot once per entry",
                entries.len()
            )));
        }
        if let Some(dir) = &args.record {
            std::fs::create_dir_all(dir).map_err(|e| CliError::file(dir, e))?;
        }
        let schedule = Schedule::round_robin(entries.len(), players);
        Ok(Plan {
            kind,
            variants,
            config,
            players,
            entries,
            schedule,
            games: args.games,
            seed: args.seed,
            record: args.record.clone(),
        })
    }

    /// The entries.
    pub fn entries(&self) -> &[Entry] {
        &self.entries
    }

    /// The schedule.
    pub fn schedule(&self) -> &Schedule {
        &self.schedule
    }

    /// The variant settings: the preset's, then those given.
    pub fn variants(&self) -> &[String] {
        &self.variants
    }

    /// The game's full config.
    pub fn config(&self) -> &Value {
        &self.config
    }

    /// Seats per game.
    pub fn players(&self) -> usize {
        self.players
    }

    /// Plays every game on the current rayon pool and adds up the results.
    pub fn play(&self, progress: &ProgressBar) -> Result<Tally, CliError> {
        let empty = || Tally::new(self.entries.len(), self.players);
        (0..self.games)
            .into_par_iter()
            .try_fold(empty, |mut tally, game| {
                let seating = self.schedule.seating(game);
                let seed = game_seed(self.seed, game);
                let specs: Vec<String> = seating.iter().map(|&e| self.entries[e].spec.clone()).collect();
                let played = self.kind.play_bots(&self.config, &specs, seed, self.record.is_some())?;
                if let (Some(dir), Some(record)) = (&self.record, &played.record) {
                    write_record(dir, self.kind.name(), seed, record)?;
                }
                tally.add(&seating, &played.outcome, played.actions);
                tally.add_end_reason(played.end_reason.as_ref());
                progress.inc(1);
                Ok::<_, CliError>(tally)
            })
            .try_reduce(empty, |a, b| Ok(a.merge(&b)))
    }
}

fn write_record(dir: &Path, game: &str, seed: u64, record: &engine::Record) -> Result<(), CliError> {
    let path = dir.join(format!("{game}-{seed}.json"));
    let json = serde_json::to_string_pretty(record).expect("records serialise");
    std::fs::write(&path, json).map_err(|e| CliError::file(path, e))
}
