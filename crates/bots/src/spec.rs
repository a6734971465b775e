//! Building a standard bot from its spec (`random`, `heuristic`, `ismcts:2000`, `ismcts:250ms`).

use engine::{Bot, BotError, BotSpec, Game, RandomBot};

use crate::budget::{Budget, BudgetError};
use crate::ismcts::{DEFAULT_EXPLORATION, Ismcts};
use crate::playout::BotPlayout;

/// The bot names every game offers (`ismcts` takes a budget: `ismcts:1000`, `ismcts:200ms`).
pub const STANDARD_BOTS: &[&str] = &["random", "heuristic", "ismcts"];

/// The share of random moves in heuristic playouts (keeps playouts varied).
const HEURISTIC_EPSILON: f64 = 0.1;

/// The exponent of progressive widening (`widen=K`: `K·√n` children after `n` visits).
const WIDENING_ALPHA: f64 = 0.5;

/// The playout policy an `ismcts` spec asks for.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum Playout {
    Random,
    Heuristic,
}

/// What an `ismcts` parameter says: `BUDGET[,c=X][,playout=random|heuristic][,widen=K]`.
#[derive(Clone, Copy, Debug, PartialEq)]
struct IsmctsOptions {
    budget: Budget,
    exploration: f64,
    playout: Playout,
    /// Progressive widening factor (`k·n^0.5` children after `n` visits).
    widen: Option<f64>,
}

impl IsmctsOptions {
    fn parse(param: Option<&str>) -> Result<IsmctsOptions, String> {
        let mut options = IsmctsOptions {
            budget: Budget::DEFAULT,
            exploration: DEFAULT_EXPLORATION,
            playout: Playout::Random,
            widen: None,
        };
        let Some(param) = param else { return Ok(options) };
        let mut parts = param.split(',');
        options.budget = parts.next().unwrap_or_default().parse().map_err(|e: BudgetError| e.to_string())?;
        for part in parts {
            match part.trim().split_once('=') {
                Some(("c", value)) => match value.parse::<f64>() {
                    Ok(c) if c.is_finite() && c >= 0.0 => options.exploration = c,
                    _ => return Err(format!("c must be a number ≥ 0, got {value:?}")),
                },
                Some(("widen", value)) => match value.parse::<f64>() {
                    Ok(k) if k.is_finite() && k > 0.0 => options.widen = Some(k),
                    _ => return Err(format!("widen must be a number > 0, got {value:?}")),
                },
                Some(("playout", "random")) => options.playout = Playout::Random,
                Some(("playout", "heuristic")) => options.playout = Playout::Heuristic,
                Some(("playout", other)) => return Err(format!("playout is random or heuristic, not {other:?}")),
                _ => return Err(format!("unknown option {part:?}: expected c=X, widen=K or playout=random|heuristic")),
            }
        }
        Ok(options)
    }
}

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
/// `ismcts` alone searches [`Budget::DEFAULT`] iterations with random playouts. Its parameter is
/// a budget (`2000`, `250ms`) optionally followed by `,c=X` (the exploration constant) and
/// `,playout=heuristic` (playouts by the game's heuristic with 10 % random moves: far stronger
/// per iteration where random play says little, as in Schotten-Totten, and far slower) and
/// `,widen=K` (progressive widening, `K·√n` children after `n` visits, the playout policy's own
/// choice expanded first). Anything malformed is a [`BotError::Parameter`].
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
                let bot = bot.exploration(options.exploration);
                match options.widen {
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
