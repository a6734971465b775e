//! A game of one config and seat count (`spieltisch.load_game`), with pyspiel's names.

use std::sync::{Arc, Mutex};

use engine::{GameKind, Registry, TensorGame};
use pyo3::prelude::*;
use pyo3::types::PyDict;
use serde_json::Value;

use crate::error::value_error;
use crate::state::{Bot, State};

/// The registry every call reads, built once.
pub(crate) fn registry() -> &'static Registry {
    static REGISTRY: std::sync::OnceLock<Registry> = std::sync::OnceLock::new();
    REGISTRY.get_or_init(catalog::registry)
}

/// The typed game `name` with `seats` seats (default: the fewest), `variants` switched on and
/// `config` (a JSON object text) laid over them.
pub(crate) fn tensor_game(
    name: &str,
    seats: Option<usize>,
    variants: &[String],
    config: Option<&str>,
) -> PyResult<(&'static dyn GameKind, Arc<dyn TensorGame>)> {
    let kind = registry().get(name).map_err(value_error)?;
    let mut full = kind.config_from_variants(variants).map_err(value_error)?;
    if let Some(text) = config {
        let given: Value = serde_json::from_str(text).map_err(value_error)?;
        match (given, &mut full) {
            (Value::Object(given), Value::Object(full)) => full.extend(given),
            (Value::Null, _) => {}
            _ => return Err(value_error("a config is a dict")),
        }
    }
    let seats = seats.unwrap_or(kind.info().min_seats);
    let game = kind.tensor_game(&full, seats).map_err(value_error)?;
    Ok((kind, game))
}

/// The names of the games, as `load_game` takes them.
#[pyfunction]
pub(crate) fn registered_games() -> Vec<&'static str> {
    registry().games().map(|k| k.name()).collect()
}

/// `load_game(name, seats=None, variants=(), config=None)`: the game `name`
/// (`schotten-totten`, `knock-out-whist`, `knock-out`, `kopf-an-kopf`) with `seats` seats (the
/// fewest it is played with by default), the variants switched on and `config` (a dict, as the
/// game's config JSON) laid over them.
#[pyfunction]
#[pyo3(signature = (name, seats=None, variants=None, config=None))]
pub(crate) fn load_game(
    py: Python<'_>,
    name: &str,
    seats: Option<usize>,
    variants: Option<Vec<String>>,
    config: Option<Bound<'_, PyDict>>,
) -> PyResult<Game> {
    let config = match config {
        Some(dict) => Some(py.import("json")?.call_method1("dumps", (dict,))?.extract::<String>()?),
        None => None,
    };
    let (kind, game) = tensor_game(name, seats, &variants.unwrap_or_default(), config.as_deref())?;
    Ok(Game { kind, game, seeds: Arc::new(Mutex::new(0)) })
}

/// A game of one config and seat count: the action space, the observation's shape, new states.
#[pyclass(module = "spieltisch._native", frozen)]
pub(crate) struct Game {
    kind: &'static dyn GameKind,
    pub(crate) game: Arc<dyn TensorGame>,
    /// The seed of the next `new_initial_state()` without one.
    seeds: Arc<Mutex<u64>>,
}

#[pymethods]
impl Game {
    /// The registry name (`knock-out-whist`).
    #[getter]
    fn name(&self) -> &'static str {
        self.game.name()
    }

    /// The number of seats.
    fn num_players(&self) -> usize {
        self.game.seats()
    }

    /// The size of the action space: actions are ints from 0 to this, exclusive.
    fn num_distinct_actions(&self) -> usize {
        self.game.num_actions()
    }

    /// The shape of `State.observation_tensor`.
    fn observation_tensor_shape(&self) -> Vec<usize> {
        self.game.observation_shape().to_vec()
    }

    /// The number of values of `State.observation_tensor`.
    fn observation_tensor_size(&self) -> usize {
        self.game.observation_len()
    }

    /// The full config, as a dict.
    fn config<'py>(&self, py: Python<'py>) -> PyResult<Bound<'py, PyAny>> {
        py.import("json")?.call_method1("loads", (self.game.config().to_string(),))
    }

    /// What a lobby knows about the game: title, seats, variants, bots (a dict).
    fn info<'py>(&self, py: Python<'py>) -> PyResult<Bound<'py, PyAny>> {
        let info = serde_json::to_string(&self.kind.info()).map_err(value_error)?;
        py.import("json")?.call_method1("loads", (info,))
    }

    /// The notation of action `action` (`play QS`).
    fn action_to_string(&self, action: i64) -> PyResult<String> {
        u32::try_from(action)
            .ok()
            .and_then(|a| self.game.action_name(a))
            .ok_or_else(|| value_error(format!("no action has id {action}")))
    }

    /// The id of the action written `text` in the game's notation.
    fn string_to_action(&self, text: &str) -> PyResult<u32> {
        self.game.action_id(text).ok_or_else(|| value_error(format!("{text:?} is no action of {}", self.game.name())))
    }

    /// A new game dealt with `seed`; without one, the game's own sequence 0, 1, 2, … (the same
    /// seed deals the same game as `spieltisch engine` and the server with that seed). With
    /// `position` (the game's position notation, as `State.position()` writes it) the game
    /// starts there instead, its further chance drawn from `seed`.
    #[pyo3(signature = (seed=None, position=None))]
    fn new_initial_state(&self, seed: Option<u64>, position: Option<&str>) -> PyResult<State> {
        let seed = seed.unwrap_or_else(|| {
            let mut next = self.seeds.lock().expect("the seed counter is never poisoned");
            *next += 1;
            *next - 1
        });
        let state = match position {
            Some(position) => self.game.state_at(position, seed).map_err(value_error)?,
            None => self.game.new_state(seed).map_err(value_error)?,
        };
        Ok(State::new(Arc::clone(&self.game), state))
    }

    /// The bot `spec` (`random`, `heuristic`, `ismcts:200`, as the catalog names them), its
    /// choices drawn from `seed`.
    #[pyo3(signature = (spec, seed=0))]
    fn bot(&self, spec: &str, seed: u64) -> PyResult<Bot> {
        Bot::new(&self.game, spec, seed)
    }

    fn __repr__(&self) -> String {
        format!("spieltisch.load_game({:?}, seats={})", self.game.name(), self.game.seats())
    }
}
