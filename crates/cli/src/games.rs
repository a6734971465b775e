//! `spieltisch games`: the games this program knows, with seats, variants, presets and bots;
//! and how `--preset` adds a preset's variants (`play`, `arena`).

use std::io::Write;

use engine::{GameKind, Preset, Registry, VariantKind};

use crate::error::CliError;

/// Options of `spieltisch games`.
#[derive(Clone, Debug, clap::Args)]
#[command(after_help = "\
Examples:
  spieltisch games
  spieltisch games --json")]
pub struct GamesArgs {
    /// Print the full game descriptions as one JSON array.
    #[arg(long)]
    pub json: bool,
}

/// Lists the games of `registry`.
pub fn run(registry: &Registry, args: &GamesArgs, out: &mut dyn Write) -> Result<(), CliError> {
    if args.json {
        let infos: Vec<_> = registry.games().map(|k| k.info()).collect();
        writeln!(out, "{}", serde_json::to_string(&infos).expect("game infos serialise"))?;
        return Ok(());
    }
    let mut any = false;
    for kind in registry.games() {
        any = true;
        let info = kind.info();
        let seats = if info.min_seats == info.max_seats {
            info.min_seats.to_string()
        } else {
            format!("{}–{}", info.min_seats, info.max_seats)
        };
        writeln!(out, "{} — {} (rules {}), {seats} players", info.name, info.title, info.rules_version)?;
        if !info.variants.is_empty() {
            writeln!(out, "  variants:")?;
        }
        for variant in info.variants {
            let usage = match variant.kind {
                VariantKind::Flag => variant.name.to_owned(),
                VariantKind::Choice { options, default } => {
                    format!("{}={} (default {default})", variant.name, options.join("|"))
                }
                VariantKind::Number { min, max, default } => {
                    format!("{}=N ({min}–{max}, default {default})", variant.name)
                }
            };
            writeln!(out, "    {usage:<40} {}", variant.description)?;
        }
        if !info.presets.is_empty() {
            writeln!(out, "  presets (--preset):")?;
        }
        for preset in info.presets {
            let variants =
                if preset.variants.is_empty() { "the default game".to_owned() } else { preset.variants.join(" ") };
            writeln!(out, "    {:<40} {} ({variants})", preset.name, preset.title)?;
        }
        writeln!(out, "  bots: {}", info.bots.join(", "))?;
    }
    if !any {
        writeln!(out, "no games are registered")?;
    }
    Ok(())
}

/// The variant settings of `--preset NAME` (if given) followed by those of `--variant`, which
/// add to the preset or override it.
pub fn with_preset(kind: &dyn GameKind, preset: Option<&str>, variants: &[String]) -> Result<Vec<String>, CliError> {
    Ok(match preset {
        Some(name) => Preset::find(kind.info().presets, name)?.with(variants),
        None => variants.to_vec(),
    })
}
