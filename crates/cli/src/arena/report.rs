//! The results of a tournament as text, JSON and CSV.

use std::collections::BTreeMap;
use std::io::{self, Write};

use serde::Serialize;
use serde_json::Value;

use super::{ArenaArgs, Plan, Tally};
use crate::stats::{Z95, fit_elo, wilson};

/// Virtual drawn games added to every pair of entries that met, so perfect records get a
/// finite Elo.
const ELO_PRIOR_DRAWS: f64 = 1.0;

/// A tournament's results; serialised as the `--json` output.
#[derive(Clone, Debug, Serialize)]
pub struct Report {
    /// The game.
    pub game: String,
    /// Seats per game.
    pub players: usize,
    /// Games played.
    pub games: u64,
    /// The tournament seed.
    pub seed: u64,
    /// The variant settings played: the preset's, then those given.
    pub variants: Vec<String>,
    /// The full config played.
    pub config: Value,
    /// The number of lineups (combinations of bots).
    pub lineups: usize,
    /// Whether every lineup played every seating equally often.
    pub balanced: bool,
    /// Worker threads.
    pub threads: usize,
    /// Wall-clock seconds.
    pub seconds: f64,
    /// Games per wall-clock second.
    pub games_per_second: f64,
    /// Average actions per game.
    pub actions_per_game: f64,
    /// Per bot entry, in the order given.
    pub bots: Vec<BotReport>,
    /// Games per reason the game ended (its code, as the game's docs list them); empty for a
    /// game that does not say.
    pub end_reasons: BTreeMap<String, u64>,
}

/// One entry's results.
#[derive(Clone, Debug, Serialize)]
pub struct BotReport {
    /// The entry's name (`heuristic#2` for a second copy).
    pub name: String,
    /// The bot spec.
    pub spec: String,
    /// Games played.
    pub games: u64,
    /// Wins; a first place shared by k seats counts 1/k.
    pub wins: f64,
    /// Wins per game.
    pub win_rate: f64,
    /// The 95 % Wilson interval of the win rate: lower end.
    pub ci_low: f64,
    /// The 95 % Wilson interval of the win rate: upper end.
    pub ci_high: f64,
    /// Elo, centred on 0 over the entries.
    pub elo: f64,
    /// The average place (1 = first).
    pub avg_place: f64,
    /// The average score in the game's unit.
    pub avg_score: f64,
    /// Games played in each seat.
    pub seat_games: Vec<u64>,
    /// Results against each other entry met.
    pub versus: Vec<Versus>,
}

/// One entry's results against another, by place.
#[derive(Clone, Debug, Serialize)]
pub struct Versus {
    /// The other entry.
    pub opponent: String,
    /// Games both played in.
    pub meetings: u64,
    /// Points: 1 per game placed ahead of the opponent, ½ per equal place.
    pub points: f64,
}

impl Report {
    /// The report of `tally`, played in `seconds` on `threads` threads.
    pub fn new(plan: &Plan<'_>, args: &ArenaArgs, tally: &Tally, seconds: f64, threads: usize) -> Report {
        let elo = fit_elo(&tally.pairwise, ELO_PRIOR_DRAWS);
        let per_game = |sum: f64, games: u64| if games == 0 { 0.0 } else { sum / games as f64 };
        let bots = plan
            .entries()
            .iter()
            .enumerate()
            .map(|(i, entry)| {
                let t = &tally.entries[i];
                let interval = wilson(t.wins(), t.games as f64, Z95);
                let versus = plan
                    .entries()
                    .iter()
                    .enumerate()
                    .filter(|&(j, _)| j != i && tally.pairwise.meetings(i, j) > 0)
                    .map(|(j, other)| Versus {
                        opponent: other.name.clone(),
                        meetings: tally.pairwise.meetings(i, j),
                        points: tally.pairwise.points(i, j),
                    })
                    .collect();
                BotReport {
                    name: entry.name.clone(),
                    spec: entry.spec.clone(),
                    games: t.games,
                    wins: t.wins(),
                    win_rate: per_game(t.wins(), t.games),
                    ci_low: interval.low,
                    ci_high: interval.high,
                    elo: elo[i],
                    avg_place: per_game(t.place_sum as f64, t.games),
                    avg_score: per_game(t.score_sum as f64, t.games),
                    seat_games: t.seat_games.clone(),
                    versus,
                }
            })
            .collect();
        Report {
            game: args.game.clone(),
            players: plan.players(),
            games: tally.games,
            seed: args.seed,
            variants: plan.variants().to_vec(),
            config: plan.config().clone(),
            lineups: plan.schedule().lineups(),
            balanced: tally.games.is_multiple_of(plan.schedule().cycle()),
            threads,
            seconds,
            games_per_second: if seconds > 0.0 { tally.games as f64 / seconds } else { 0.0 },
            actions_per_game: per_game(tally.actions as f64, tally.games),
            bots,
            end_reasons: tally.end_reasons.clone(),
        }
    }

    /// A table for humans.
    pub fn write_text(&self, out: &mut dyn Write) -> io::Result<()> {
        let variants = if self.variants.is_empty() { String::new() } else { format!(", {}", self.variants.join(" ")) };
        writeln!(
            out,
            "{}, {} players{variants}: {} games, seed {}, {} lineup{}",
            self.game,
            self.players,
            self.games,
            self.seed,
            self.lineups,
            if self.lineups == 1 { "" } else { "s" }
        )?;
        let width = self.bots.iter().map(|b| b.name.len()).max().unwrap_or(3).max(3);
        writeln!(
            out,
            "{:<width$}  {:>8}  {:>10}  {:>8}  {:>17}  {:>6}  {:>9}  {:>9}",
            "bot", "games", "wins", "win rate", "95 % interval", "Elo", "avg place", "avg score"
        )?;
        for b in &self.bots {
            writeln!(
                out,
                "{:<width$}  {:>8}  {:>10}  {:>7.1}%  {:>7.1}% – {:>5.1}%  {:>+6.0}  {:>9.2}  {:>9.2}",
                b.name,
                b.games,
                format_wins(b.wins),
                100.0 * b.win_rate,
                100.0 * b.ci_low,
                100.0 * b.ci_high,
                b.elo.round() + 0.0, // never "-0"
                b.avg_place,
                b.avg_score
            )?;
        }
        writeln!(
            out,
            "{} games in {:.2} s: {:.0} games/s, {:.1} actions per game, {} thread{}",
            self.games,
            self.seconds,
            self.games_per_second,
            self.actions_per_game,
            self.threads,
            if self.threads == 1 { "" } else { "s" }
        )?;
        if !self.end_reasons.is_empty() {
            let reasons: Vec<String> = self
                .end_reasons
                .iter()
                .map(|(code, games)| format!("{code} {:.1}%", 100.0 * *games as f64 / self.games.max(1) as f64))
                .collect();
            writeln!(out, "ended by: {}", reasons.join(", "))?;
        }
        if !self.balanced {
            writeln!(
                out,
                "note: {} games is not a multiple of {} lineup(s) × {} seatings; seats are not perfectly balanced",
                self.games, self.lineups, self.players
            )?;
        }
        Ok(())
    }

    /// A header and one row per bot.
    pub fn write_csv(&self, out: &mut dyn Write) -> io::Result<()> {
        writeln!(
            out,
            "game,name,spec,games,wins,win_rate,ci_low,ci_high,elo,avg_place,avg_score,seconds,games_per_second"
        )?;
        for b in &self.bots {
            writeln!(
                out,
                "{},{},{},{},{},{:.6},{:.6},{:.6},{:.2},{:.4},{:.4},{:.3},{:.1}",
                csv_field(&self.game),
                csv_field(&b.name),
                csv_field(&b.spec),
                b.games,
                b.wins,
                b.win_rate,
                b.ci_low,
                b.ci_high,
                b.elo.round() + 0.0, // never "-0"
                b.avg_place,
                b.avg_score,
                self.seconds,
                self.games_per_second
            )?;
        }
        Ok(())
    }
}

/// Whole wins without decimals; shared wins with two.
fn format_wins(wins: f64) -> String {
    if wins.fract() == 0.0 { format!("{wins:.0}") } else { format!("{wins:.2}") }
}

/// A CSV field, quoted when it holds a comma, quote or line break.
fn csv_field(text: &str) -> String {
    if text.contains([',', '"', '\n', '\r']) { format!("\"{}\"", text.replace('"', "\"\"")) } else { text.to_owned() }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn csv_fields_are_quoted_when_needed() {
        assert_eq!(csv_field("heuristic#2"), "heuristic#2");
        assert_eq!(csv_field("a,b"), "\"a,b\"");
        assert_eq!(csv_field("say \"hi\""), "\"say \"\"hi\"\"\"");
    }
}
