//! `spieltisch rules GAME [--lang de]`: a game's rules for players, as markdown.
//!
//! The texts are the catalog's ([`engine::GameInfo::rules`]), the same the web table shows.
//! Markdown reads well as it is in a terminal, so it is printed unrendered, under the game's
//! title as a level-1 heading (the texts start at level 2).

use std::io::Write;

use engine::Registry;

use crate::error::CliError;

/// Options of `spieltisch rules`.
#[derive(Clone, Debug, clap::Args)]
#[command(after_help = "\
Examples:
  spieltisch rules schotten-totten
  spieltisch rules kopf-an-kopf --lang de
  spieltisch rules knock-out | less")]
pub struct RulesArgs {
    /// The game (`spieltisch games` lists them).
    pub game: String,
    /// The language: `en` (English) or `de` (Deutsch).
    #[arg(long, default_value = engine::FALLBACK_LANG)]
    pub lang: String,
}

/// Prints the rules of `args.game` in `args.lang`. An unknown game or a language the game's
/// rules are not written in is refused with a message naming what there is.
pub fn run(registry: &Registry, args: &RulesArgs, out: &mut dyn Write) -> Result<(), CliError> {
    let kind = registry.get(&args.game).map_err(|_| {
        let known: Vec<&str> = registry.games().map(|k| k.name()).collect();
        CliError::Usage(format!("unknown game {:?}; the games are: {}", args.game, known.join(", ")))
    })?;
    let info = kind.info();
    let languages: Vec<&str> = info.rules.iter().map(|t| t.lang).collect();
    // Unlike the web table, which falls back to English, a typed `--lang` that is not there
    // is refused: the person asked for something specific and should learn it is missing.
    let text = info.rules.iter().find(|t| t.lang.eq_ignore_ascii_case(args.lang.trim())).ok_or_else(|| {
        if languages.is_empty() {
            CliError::Usage(format!("{} has no rules text yet", info.name))
        } else {
            CliError::Usage(format!(
                "the rules of {} are written in {}, not {:?}",
                info.name,
                languages.join(", "),
                args.lang
            ))
        }
    })?;
    writeln!(out, "# {}\n", info.title)?;
    write!(out, "{}", text.markdown)?;
    if !text.markdown.ends_with('\n') {
        writeln!(out)?;
    }
    Ok(())
}
