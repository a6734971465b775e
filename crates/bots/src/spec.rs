//! Building a standard bot from its spec (`random`, `heuristic`, `ismcts:2000`, `ismcts:250ms`).

use engine::{Bot, BotError, BotSpec, Game, RandomBot};

use crate::budget::Budget;
use crate::ismcts::Ismcts;

/// The bot names every game offers (`ismcts` takes a budget: `ismcts:1000`, `ismcts:200ms`).
pub const STANDARD_BOTS: &[&str] = &["random", "heuristic", "ismcts"];

/// Builds a standard bot for game `G` from its spec; `heuristic` builds the game's own heuristic.
///
/// `ismcts` alone searches [`Budget::DEFAULT`] iterations; a malformed budget is a
/// [`BotError::Parameter`].
pub fn standard<G: Game>(
    spec: &BotSpec,
    heuristic: impl FnOnce() -> Box<dyn Bot<G>>,
) -> Result<Box<dyn Bot<G>>, BotError> {
    let no_param = |bot: Box<dyn Bot<G>>| match &spec.param {
        None => Ok(bot),
        Some(p) => {
            Err(BotError::Parameter { name: spec.kind.clone(), reason: format!("takes no parameter, got {p:?}") })
        }
    };
    match spec.kind.as_str() {
        "random" => no_param(Box::<RandomBot<G>>::default()),
        "heuristic" => no_param(heuristic()),
        "ismcts" => {
            let budget = match &spec.param {
                None => Budget::DEFAULT,
                Some(text) => text.parse().map_err(|e: crate::BudgetError| BotError::Parameter {
                    name: spec.kind.clone(),
                    reason: e.to_string(),
                })?,
            };
            Ok(Box::new(Ismcts::<G>::new(budget)))
        }
        other => Err(BotError::Unknown { game: G::NAME, name: other.to_owned(), known: STANDARD_BOTS.join(", ") }),
    }
}
