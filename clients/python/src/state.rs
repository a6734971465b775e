//! A game in progress (`Game.new_initial_state`), with pyspiel's names, and the bots.

use std::sync::{Arc, Mutex};

use engine::{GameRng, Seat, TensorBot, TensorGame, TensorState};
use numpy::ndarray::{Array1, ArrayD, IxDyn};
use numpy::{IntoPyArray, PyArray1, PyArrayDyn};
use pyo3::prelude::*;
use pyo3::types::PyList;

use crate::error::value_error;

/// What `current_player()` says once the game is over (pyspiel's `PlayerId.TERMINAL`).
pub(crate) const TERMINAL: i32 = -4;

/// A game in progress with its own seeded chance.
#[pyclass(module = "spieltisch._native")]
pub(crate) struct State {
    game: Arc<dyn TensorGame>,
    state: Box<dyn TensorState>,
    /// Legal ids, reused from call to call.
    legal: Vec<u32>,
}

impl State {
    pub(crate) fn new(game: Arc<dyn TensorGame>, state: Box<dyn TensorState>) -> State {
        State { game, state, legal: Vec::new() }
    }

    /// `player`, or the player to act when `None`; checked against the table.
    fn seat(&self, player: Option<i64>) -> PyResult<Option<Seat>> {
        match player {
            None => Ok(self.state.to_act().first()),
            Some(p) => usize::try_from(p)
                .ok()
                .filter(|&p| p < self.state.seats())
                .map(|p| Some(Seat::at(p)))
                .ok_or_else(|| value_error(format!("there is no player {p} at this table"))),
        }
    }

    fn copy(&self) -> State {
        State::new(Arc::clone(&self.game), self.state.clone_box())
    }
}

#[pymethods]
impl State {
    /// The player to act: the lowest seat to act (in a secret choice or reaction window every
    /// seat listed in `to_act()` answers in turn, each seeing only its own answer);
    /// `TERMINAL` (-4) once the game is over.
    fn current_player(&self) -> i32 {
        self.state.to_act().first().map_or(TERMINAL, |s| s.index() as i32)
    }

    /// Every seat that may act now.
    fn to_act(&self) -> Vec<usize> {
        self.state.to_act().iter().map(Seat::index).collect()
    }

    /// What kind of step the seats to act take: `turn`, `secret` or `reaction`.
    fn step_kind(&self) -> &'static str {
        self.state.step_kind().as_str()
    }

    /// Whether the game is over.
    fn is_terminal(&self) -> bool {
        self.state.is_over()
    }

    /// Always false: chance happens inside `apply_action`, drawn from the state's own seed.
    fn is_chance_node(&self) -> bool {
        false
    }

    /// Always false: simultaneous choices are asked seat by seat.
    fn is_simultaneous_node(&self) -> bool {
        false
    }

    /// The number of seats.
    fn num_players(&self) -> usize {
        self.state.seats()
    }

    /// The legal action ids of `player` (default: the player to act), ascending; empty for a
    /// seat that is not to act.
    #[pyo3(signature = (player=None))]
    fn legal_actions<'py>(&mut self, py: Python<'py>, player: Option<i64>) -> PyResult<Bound<'py, PyList>> {
        self.legal.clear();
        if let Some(seat) = self.seat(player)? {
            self.state.legal_ids(seat, &mut self.legal);
        }
        PyList::new(py, &self.legal)
    }

    /// The legal-action mask of `player` (default: the player to act): an `int8` array as long
    /// as the action space, 1 where legal.
    #[pyo3(signature = (player=None))]
    fn legal_actions_mask<'py>(&mut self, py: Python<'py>, player: Option<i64>) -> PyResult<Bound<'py, PyArray1<i8>>> {
        let mut mask = vec![0u8; self.game.num_actions()];
        if let Some(seat) = self.seat(player)? {
            self.state.legal_mask(seat, &mut mask);
        }
        Ok(Array1::from_vec(mask.into_iter().map(|m| m as i8).collect()).into_pyarray(py))
    }

    /// Plays `action` for the player to act. An illegal action raises `ValueError` and changes
    /// nothing.
    fn apply_action(&mut self, action: i64) -> PyResult<()> {
        let seat = self.state.to_act().first().ok_or_else(|| value_error("the game is over"))?;
        let id = u32::try_from(action).map_err(|_| value_error(format!("no action has id {action}")))?;
        self.state.apply(seat, id).map_err(value_error)
    }

    /// The notation of an action: `action_to_string(action)` or, as pyspiel,
    /// `action_to_string(player, action)`.
    #[pyo3(signature = (first, second=None))]
    fn action_to_string(&self, first: i64, second: Option<i64>) -> PyResult<String> {
        let action = second.unwrap_or(first);
        u32::try_from(action)
            .ok()
            .and_then(|a| self.game.action_name(a))
            .ok_or_else(|| value_error(format!("no action has id {action}")))
    }

    /// Each seat's return: 0 before the end; at the end the share of the other seats it
    /// finished ahead of (a shared place counting half) scaled to -1 … 1. They add up to 0.
    fn returns(&self) -> Vec<f64> {
        let mut out = vec![0.0f32; self.state.seats()];
        self.state.returns(&mut out);
        out.into_iter().map(f64::from).collect()
    }

    /// What `player` (default: the player to act) knows, as a `float32` array of the game's
    /// `observation_tensor_shape()` (the layout is in each game crate's docs).
    #[pyo3(signature = (player=None))]
    fn observation_tensor<'py>(&self, py: Python<'py>, player: Option<i64>) -> PyResult<Bound<'py, PyArrayDyn<f32>>> {
        let seat = self.seat(player)?.ok_or_else(|| value_error("the game is over: name a player"))?;
        let mut out = vec![0.0f32; self.game.observation_len()];
        self.state.observe(seat, &mut out);
        let array = ArrayD::from_shape_vec(IxDyn(self.game.observation_shape()), out).map_err(value_error)?;
        Ok(array.into_pyarray(py))
    }

    /// What `player` (default: the player to act) sees, as the game's view JSON text (compact,
    /// keys in a fixed order): equal for two states exactly when the player cannot tell them
    /// apart now.
    #[pyo3(signature = (player=None))]
    fn information_state_string(&self, player: Option<i64>) -> PyResult<String> {
        let seat = self.seat(player)?.ok_or_else(|| value_error("the game is over: name a player"))?;
        Ok(self.state.view(Some(seat)).to_string())
    }

    /// The same as `information_state_string`.
    #[pyo3(signature = (player=None))]
    fn observation_string(&self, player: Option<i64>) -> PyResult<String> {
        self.information_state_string(player)
    }

    /// What `player` sees (`None`: a spectator) as a dict: the game's view JSON.
    #[pyo3(signature = (player=None))]
    fn view<'py>(&self, py: Python<'py>, player: Option<i64>) -> PyResult<Bound<'py, PyAny>> {
        let viewer = match player {
            None => None,
            Some(p) => self.seat(Some(p))?,
        };
        py.import("json")?.call_method1("loads", (self.state.view(viewer).to_string(),))
    }

    /// The outcome once the game is over (`{"places": [...], "scores": [...]}`), else `None`.
    fn outcome<'py>(&self, py: Python<'py>) -> PyResult<Option<Bound<'py, PyAny>>> {
        self.state
            .outcome()
            .map(|o| py.import("json")?.call_method1("loads", (serde_json::to_string(&o).map_err(value_error)?,)))
            .transpose()
    }

    /// The whole state in the game's position notation: referee knowledge, never a seat's.
    fn position(&self) -> Option<String> {
        self.state.position()
    }

    /// A world consistent with everything `player` knows, all it cannot see resampled, its
    /// further chance seeded by `seed` (the engine's `determinize`).
    #[pyo3(signature = (player, seed))]
    fn resample_from_infostate(&self, player: i64, seed: u64) -> PyResult<State> {
        let seat = self.seat(Some(player))?.expect("a named player");
        Ok(State::new(Arc::clone(&self.game), self.state.resample(seat, seed)))
    }

    /// A copy that goes on exactly as this state would.
    fn clone(&self) -> State {
        self.copy()
    }

    fn __copy__(&self) -> State {
        self.copy()
    }

    fn __deepcopy__(&self, _memo: Bound<'_, PyAny>) -> State {
        self.copy()
    }

    fn __str__(&self) -> String {
        self.state.position().unwrap_or_else(|| self.state.view(None).to_string())
    }
}

/// A built-in bot of one game (`Game.bot(spec, seed)`): `step(state)` is its action for the
/// player to act. It sees only that player's information set.
#[pyclass(module = "spieltisch._native", frozen)]
pub(crate) struct Bot {
    game: Arc<dyn TensorGame>,
    inner: Mutex<(TensorBot, GameRng)>,
}

impl Bot {
    pub(crate) fn new(game: &Arc<dyn TensorGame>, spec: &str, seed: u64) -> PyResult<Bot> {
        let bot = game.bot(spec).map_err(value_error)?;
        Ok(Bot { game: Arc::clone(game), inner: Mutex::new((bot, engine::seeded(seed))) })
    }
}

#[pymethods]
impl Bot {
    /// The bot's name (`ismcts:200`).
    #[getter]
    fn name(&self) -> String {
        self.inner.lock().expect("bots are never poisoned").0.name().to_owned()
    }

    /// The bot's action id for the player to act in `state`.
    fn step(&self, py: Python<'_>, state: PyRef<'_, State>) -> PyResult<u32> {
        if state.game.name() != self.game.name() {
            return Err(value_error(format!("a {} bot cannot play {}", self.game.name(), state.game.name())));
        }
        let seat = state.state.to_act().first().ok_or_else(|| value_error("the game is over"))?;
        let world = state.state.as_ref();
        let inner = &self.inner;
        py.detach(|| {
            let mut guard = inner.lock().expect("bots are never poisoned");
            let (bot, rng) = &mut *guard;
            world.ask(seat, bot, rng)
        })
        .ok_or_else(|| value_error("the bot cannot play this game"))
    }
}
