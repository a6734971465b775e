//! The options of an `ismcts` spec:
//! `BUDGET[,playout=random|fast|heuristic][,widen=K][,c=X][,belief=N][,opponents=search|model]`
//! `[,cutoff=N|off]`,
//! and the defaults a game sets for those it leaves out.

use crate::budget::{Budget, BudgetError};
use crate::ismcts::DEFAULT_EXPLORATION;

/// The share of random moves in heuristic playouts (keeps playouts varied).
pub(crate) const HEURISTIC_EPSILON: f64 = 0.1;

/// The most worlds a `belief=N` option may pool. Each costs up to 40 replays of the round per
/// search (about 0.4 s for 1,000 worlds in a 4-player round 1, trick 5), so hosts can bound the
/// cost with the budget and this cap.
pub(crate) const MAX_BELIEF_WORLDS: usize = 1_000;

/// The exponent of progressive widening (`widen=K`: `K·√n` children after `n` visits).
pub(crate) const WIDENING_ALPHA: f64 = 0.5;

/// How an `ismcts` bot plays a game out from a new node.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Playout {
    /// Uniformly random moves (`playout=random`): game-agnostic and fast, uninformed.
    Random,
    /// The game's own cheap rule of thumb on the sampled world (`playout=fast`), for games
    /// that provide one (see [`crate::GameBots::fast_playout`]).
    Fast,
    /// The game's heuristic bot deciding from the sampled world's view, with 10 % random moves
    /// (`playout=heuristic`): the best-informed and slowest.
    Heuristic,
}

impl Playout {
    /// The option's value in a spec.
    pub const fn name(self) -> &'static str {
        match self {
            Playout::Random => "random",
            Playout::Fast => "fast",
            Playout::Heuristic => "heuristic",
        }
    }
}

/// How an `ismcts` bot takes the other seats' moves inside its tree.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Opponents {
    /// Each seat searches for its own best reply (`opponents=search`): plain ISMCTS, which
    /// assumes nothing about how the others play.
    Search,
    /// The game's heuristic plays them (`opponents=model`, [`crate::Ismcts::modelling`]):
    /// sharper against players who play like it, and what belief sampling assumes anyway.
    Model,
}

impl Opponents {
    /// The option's value in a spec.
    pub const fn name(self) -> &'static str {
        match self {
            Opponents::Search => "search",
            Opponents::Model => "model",
        }
    }
}

/// What a game's `ismcts` does when its spec does not say: chosen per game by measurement.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct IsmctsDefaults {
    /// The playouts.
    pub playout: Playout,
    /// The progressive widening factor with informed playouts (`fast`, `heuristic`); 0 = off.
    /// Random playouts widen only when the spec asks (`widen=K`).
    pub widen: f64,
    /// The exploration constant `c`.
    pub exploration: f64,
    /// Worlds pooled per search by belief, modelling the others by the heuristic; 0 = uniform
    /// sampling ([`crate::Ismcts::believing`]).
    pub belief: usize,
    /// How the other seats move inside the tree.
    pub opponents: Opponents,
    /// Playouts stop after this many actions and the game's evaluation scores the world
    /// ([`crate::GameBots::evaluation`], [`crate::Ismcts::cut_off`]); `None`: to the end.
    pub cutoff: Option<u32>,
    /// Forced moves below the root get no tree node ([`crate::Ismcts::skipping_forced`]): for
    /// games where most moves are a seat's only answer. Not a spec option; off by default.
    pub skip_forced: bool,
}

impl Default for IsmctsDefaults {
    /// Heuristic playouts, widening 0.5, `c` = [`DEFAULT_EXPLORATION`], uniform sampling,
    /// searching opponents, playouts to the end, a node for every move: for games without a
    /// fast playout policy.
    fn default() -> Self {
        IsmctsDefaults {
            playout: Playout::Heuristic,
            widen: 0.5,
            exploration: DEFAULT_EXPLORATION,
            belief: 0,
            opponents: Opponents::Search,
            cutoff: None,
            skip_forced: false,
        }
    }
}

/// What an `ismcts` parameter says, defaults filled in.
#[derive(Clone, Copy, Debug, PartialEq)]
pub(crate) struct IsmctsOptions {
    pub budget: Budget,
    pub exploration: f64,
    pub playout: Playout,
    /// The widening factor given (`k·n^0.5` children after `n` visits; 0 = off); `None`: the
    /// default for the playout.
    pub widen: Option<f64>,
    /// Worlds pooled by belief per search (0: uniform sampling).
    pub belief: usize,
    pub opponents: Opponents,
    /// Actions played out before the evaluation (`None`: to the end).
    pub cutoff: Option<u32>,
    /// Forced moves get no node (the game's default; no spec option).
    pub skip_forced: bool,
    defaults: IsmctsDefaults,
}

impl IsmctsOptions {
    /// Reads a parameter (`None`: plain `ismcts`) against a game's defaults.
    pub fn parse(param: Option<&str>, defaults: IsmctsDefaults) -> Result<IsmctsOptions, String> {
        let mut options = IsmctsOptions {
            budget: Budget::DEFAULT,
            exploration: defaults.exploration,
            playout: defaults.playout,
            widen: None,
            belief: defaults.belief,
            opponents: defaults.opponents,
            cutoff: defaults.cutoff,
            skip_forced: defaults.skip_forced,
            defaults,
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
                    Ok(k) if k.is_finite() && k >= 0.0 => options.widen = Some(k),
                    _ => return Err(format!("widen must be a number ≥ 0, got {value:?}")),
                },
                Some(("playout", "random")) => options.playout = Playout::Random,
                Some(("playout", "fast")) => options.playout = Playout::Fast,
                Some(("playout", "heuristic")) => options.playout = Playout::Heuristic,
                Some(("playout", other)) => {
                    return Err(format!("playout is random, fast or heuristic, not {other:?}"));
                }
                Some(("belief", value)) => match value.parse::<usize>() {
                    Ok(n) if n <= MAX_BELIEF_WORLDS => options.belief = n,
                    _ => {
                        return Err(format!(
                            "belief is a number of worlds from 0 to {MAX_BELIEF_WORLDS}, got {value:?}"
                        ));
                    }
                },
                Some(("opponents", "search")) => options.opponents = Opponents::Search,
                Some(("opponents", "model")) => options.opponents = Opponents::Model,
                Some(("opponents", other)) => {
                    return Err(format!("opponents is search or model, not {other:?}"));
                }
                Some(("cutoff", "off")) => options.cutoff = None,
                Some(("cutoff", value)) => match value.parse::<u32>() {
                    Ok(n) => options.cutoff = Some(n),
                    _ => return Err(format!("cutoff is a number of actions or off, got {value:?}")),
                },
                _ => {
                    return Err(format!(
                        "unknown option {part:?}: expected c=X, widen=K, playout=random|fast|heuristic, belief=N, \
                         opponents=search|model or cutoff=N|off"
                    ));
                }
            }
        }
        Ok(options)
    }

    /// The widening factor in effect: as given, else the game's default with informed
    /// playouts, else off.
    pub fn widening(&self) -> Option<f64> {
        Some(self.widen.unwrap_or_else(|| self.default_widen())).filter(|&k| k > 0.0)
    }

    /// The widening a spec with this playout but no `widen=` gets.
    fn default_widen(&self) -> f64 {
        match self.playout {
            Playout::Random => 0.0,
            Playout::Fast | Playout::Heuristic => self.defaults.widen,
        }
    }

    /// The shortest spec for these options under the game's defaults: `ismcts:1000`,
    /// `ismcts:1000,playout=random`.
    pub fn canonical(&self) -> String {
        let mut spec = format!("ismcts:{}", self.budget);
        if self.playout != self.defaults.playout {
            spec.push_str(&format!(",playout={}", self.playout.name()));
        }
        if self.widening() != Some(self.default_widen()).filter(|&k| k > 0.0) {
            spec.push_str(&format!(",widen={}", self.widening().unwrap_or(0.0)));
        }
        if self.exploration != self.defaults.exploration {
            spec.push_str(&format!(",c={}", self.exploration));
        }
        if self.belief != self.defaults.belief {
            spec.push_str(&format!(",belief={}", self.belief));
        }
        if self.opponents != self.defaults.opponents {
            spec.push_str(&format!(",opponents={}", self.opponents.name()));
        }
        if self.cutoff != self.defaults.cutoff {
            match self.cutoff {
                Some(n) => spec.push_str(&format!(",cutoff={n}")),
                None => spec.push_str(",cutoff=off"),
            }
        }
        spec
    }
}
