//! What a lobby shows about a game: [`GameInfo`], and the [`About`] a catalog gives with it.

use serde::Serialize;
use serde_json::Value;

use crate::game::Variant;
use crate::level::Levels;
use crate::preset::Preset;
use crate::rules_text::RulesText;

/// The description of a game a lobby shows.
#[derive(Clone, Debug, Serialize)]
pub struct GameInfo {
    /// The registry name.
    pub name: &'static str,
    /// The display name.
    pub title: &'static str,
    /// The rules version.
    pub rules_version: &'static str,
    /// The fewest seats.
    pub min_seats: usize,
    /// The most seats.
    pub max_seats: usize,
    /// The variants a table may switch on.
    pub variants: &'static [Variant],
    /// The well-known ways to play, each a set of variant settings offered as one choice.
    pub presets: &'static [Preset],
    /// The bots that can take a seat (`ismcts` takes a parameter: `ismcts:1000`).
    pub bots: &'static [&'static str],
    /// The default config.
    pub default_config: Value,
    /// One or two sentences a lobby shows about the game (empty if none was given).
    pub summary: &'static str,
    /// The same in German (empty if none was given: a lobby then shows `summary`).
    pub summary_de: &'static str,
    /// What a lobby shows about each bot, where the registry was told ([`crate::Registry::with_about`]).
    pub bot_info: &'static [BotAbout],
    /// The bot levels people choose from (Easy … Expert), each a spec and a fixed rating; a
    /// level's name is accepted wherever a spec is.
    pub levels: Levels,
    /// The rules for players, one text per language ([`crate::rules_in`] picks one). Not in the
    /// JSON: the texts are long and hosts serve them on their own.
    #[serde(skip)]
    pub rules: &'static [RulesText],
}

/// What a lobby shows about a game beyond its rules: given by the catalog when it registers it.
#[derive(Clone, Copy, Debug, Default)]
pub struct About {
    /// One or two sentences about the game.
    pub summary: &'static str,
    /// The same in German.
    pub summary_de: &'static str,
    /// Per bot: its label and what it costs.
    pub bots: &'static [BotAbout],
    /// The levels people choose from, each mapped to a bot spec and a fixed rating.
    pub levels: Levels,
    /// The rules for players, one markdown text per language (English first).
    pub rules: &'static [RulesText],
}

/// What a lobby shows about one bot.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize)]
pub struct BotAbout {
    /// The bot's name (`heuristic`, `ismcts`).
    pub name: &'static str,
    /// A short label (`Heuristic bot — plays sensibly and fast`).
    pub label: &'static str,
    /// What a move costs (`about 70 ms a move at ismcts:1000`), empty if not measured.
    pub cost: &'static str,
}
