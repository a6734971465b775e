//! The options of an `ismcts` spec: `BUDGET[,playout=heuristic|random][,widen=K][,c=X]`.

use crate::budget::{Budget, BudgetError};
use crate::ismcts::DEFAULT_EXPLORATION;

/// The share of random moves in heuristic playouts (keeps playouts varied).
pub(crate) const HEURISTIC_EPSILON: f64 = 0.1;

/// The exponent of progressive widening (`widen=K`: `K·√n` children after `n` visits).
pub(crate) const WIDENING_ALPHA: f64 = 0.5;

/// The widening factor of heuristic playouts unless `widen=K` says otherwise.
pub(crate) const DEFAULT_WIDEN: f64 = 0.5;

/// The playout policy an `ismcts` spec asks for.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) enum Playout {
    Random,
    Heuristic,
}

/// What an `ismcts` parameter says.
#[derive(Clone, Copy, Debug, PartialEq)]
pub(crate) struct IsmctsOptions {
    pub budget: Budget,
    pub exploration: f64,
    pub playout: Playout,
    /// The widening factor given (`k·n^0.5` children after `n` visits; 0 = off); `None`: the
    /// playout's default.
    pub widen: Option<f64>,
}

impl IsmctsOptions {
    /// Reads a parameter (`None`: plain `ismcts`).
    pub fn parse(param: Option<&str>) -> Result<IsmctsOptions, String> {
        let mut options = IsmctsOptions {
            budget: Budget::DEFAULT,
            exploration: DEFAULT_EXPLORATION,
            playout: Playout::Heuristic,
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
                    Ok(k) if k.is_finite() && k >= 0.0 => options.widen = Some(k),
                    _ => return Err(format!("widen must be a number ≥ 0, got {value:?}")),
                },
                Some(("playout", "random")) => options.playout = Playout::Random,
                Some(("playout", "heuristic")) => options.playout = Playout::Heuristic,
                Some(("playout", other)) => return Err(format!("playout is random or heuristic, not {other:?}")),
                _ => return Err(format!("unknown option {part:?}: expected c=X, widen=K or playout=random|heuristic")),
            }
        }
        Ok(options)
    }

    /// The widening factor in effect: as given, else 0.5 with heuristic playouts, else off.
    pub fn widening(&self) -> Option<f64> {
        match (self.widen, self.playout) {
            (Some(k), _) => (k > 0.0).then_some(k),
            (None, Playout::Heuristic) => Some(DEFAULT_WIDEN),
            (None, Playout::Random) => None,
        }
    }

    /// The shortest spec for these options: `ismcts:1000`, `ismcts:1000,playout=random`.
    pub fn canonical(&self) -> String {
        let mut spec = format!("ismcts:{}", self.budget);
        if self.playout == Playout::Random {
            spec.push_str(",playout=random");
        }
        let default_widening = if self.playout == Playout::Heuristic { Some(DEFAULT_WIDEN) } else { None };
        if self.widening() != default_widening {
            spec.push_str(&format!(",widen={}", self.widening().unwrap_or(0.0)));
        }
        if self.exploration != DEFAULT_EXPLORATION {
            spec.push_str(&format!(",c={}", self.exploration));
        }
        spec
    }
}
