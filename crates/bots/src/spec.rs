//! Building a standard bot from its spec (`random`, `heuristic`, `ismcts:2000`, `ismcts:250ms`).

use engine::{Bot, BotError, BotSpec, Game, RandomBot};

use crate::budget::Budget;
use crate::ismcts::Ismcts;
use crate::options::{HEURISTIC_EPSILON, IsmctsOptions, Playout, WIDENING_ALPHA};
use crate::playout::BotPlayout;

/// The bot names every game offers (`ismcts` takes a budget: `ismcts:1000`, `ismcts:200ms`).
pub const STANDARD_BOTS: &[&str] = &["random", "heuristic", "ismcts"];

/// The search budget an `ismcts` spec asks for (`None` for other bots), so hosts can refuse
/// budgets they cannot afford before building the bot. Options after the budget
/// (`ismcts:1000,c=0.5`) are read and checked too.
pub fn ismcts_budget(spec: &BotSpec) -> Result<Option<Budget>, BotError> {
    if spec.kind != "ismcts" {
        return Ok(None);
    }
    IsmctsOptions::parse(spec.param.as_deref())
        .map(|options| Some(options.budget))
        .map_err(|reason| BotError::Parameter { name: spec.kind.clone(), reason })
}

/// Builds a standard bot for game `G` from its spec; `heuristic` builds the game's own heuristic.
///
/// `ismcts` alone searches [`Budget::DEFAULT`] iterations. Its parameter is a budget (`2000`,
/// `250ms`) optionally followed by options:
/// - `playout=heuristic` (the default): playouts by the game's heuristic with 10 % random
///   moves, and progressive widening `widen=0.5` (`0.5·√n` children after `n` visits, the
///   heuristic's own choice expanded first). Far stronger per iteration where random play says
///   little (Schotten-Totten: 6 % → about 66 % of games against `heuristic` at 1000
///   iterations), and as many times slower as a heuristic move costs more than a random one.
/// - `playout=random`: plain ISMCTS with uniformly random playouts and no widening — the fast
///   search (about 10⁵ iterations per second on Knock-Out Whist).
/// - `widen=K` sets the widening factor (`widen=0`: off); `c=X` the exploration constant.
///
/// Anything malformed is a [`BotError::Parameter`].
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
            let options = IsmctsOptions::parse(spec.param.as_deref())
                .map_err(|reason| BotError::Parameter { name: spec.kind.clone(), reason })?;
            fn tune<G: Game, P: crate::PlayoutPolicy<G> + 'static>(
                bot: Ismcts<G, P>,
                options: &IsmctsOptions,
            ) -> Box<dyn Bot<G>> {
                let bot = bot.exploration(options.exploration).named(options.canonical());
                match options.widening() {
                    Some(k) => Box::new(bot.widening(k, WIDENING_ALPHA)),
                    None => Box::new(bot),
                }
            }
            Ok(match options.playout {
                Playout::Random => tune(Ismcts::<G>::new(options.budget), &options),
                Playout::Heuristic => {
                    tune(Ismcts::with_policy(options.budget, BotPlayout::new(heuristic(), HEURISTIC_EPSILON)), &options)
                }
            })
        }
        other => Err(BotError::Unknown { game: G::NAME, name: other.to_owned(), known: STANDARD_BOTS.join(", ") }),
    }
}
