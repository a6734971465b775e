//! Bots that play every spieltisch game, and the standard way to build one from its spec.

use engine::{Bot, BotError, BotSpec, Game, RandomBot};

/// The bot names every game offers (`ismcts` takes a budget: `ismcts:1000`, `ismcts:200ms`).
pub const STANDARD_BOTS: &[&str] = &["random", "heuristic"];

/// Builds a standard bot for game `G` from its spec; `heuristic` builds the game's own heuristic.
pub fn standard<G: Game>(spec: &BotSpec, heuristic: impl FnOnce() -> Box<dyn Bot<G>>) -> Result<Box<dyn Bot<G>>, BotError> {
    let no_param = |bot: Box<dyn Bot<G>>| match &spec.param {
        None => Ok(bot),
        Some(p) => Err(BotError::Parameter { name: spec.kind.clone(), reason: format!("takes no parameter, got {p:?}") }),
    };
    match spec.kind.as_str() {
        "random" => no_param(Box::new(RandomBot::<G>::default())),
        "heuristic" => no_param(heuristic()),
        other => Err(BotError::Unknown { game: G::NAME, name: other.to_owned(), known: STANDARD_BOTS.join(", ") }),
    }
}
