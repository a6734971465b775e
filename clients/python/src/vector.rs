//! Many games stepped at once inside Rust (`spieltisch.VectorGame`), the GIL released, their
//! results stacked into numpy arrays.

use std::collections::HashMap;
use std::sync::{Arc, Mutex};

use engine::{SlotOutput, TensorGame, VectorSlot};
use numpy::ndarray::{Array1, Array2, ArrayD, IxDyn};
use numpy::{IntoPyArray, PyArray1, PyArray2, PyArrayDyn, PyReadonlyArray1};
use pyo3::prelude::*;
use pyo3::types::{PyDict, PyTuple};
use rayon::prelude::*;

use crate::error::value_error;
use crate::game::tensor_game;

/// Games per task handed to a thread: enough that a task outweighs handing it over.
const CHUNK: usize = 16;

/// What one reset or step writes for every game, stacked.
struct Stacked {
    observations: Vec<f32>,
    masks: Vec<u8>,
    rewards: Vec<f32>,
    dones: Vec<u8>,
    players: Vec<i32>,
}

impl Stacked {
    fn new(n: usize, game: &dyn TensorGame) -> Stacked {
        Stacked {
            observations: vec![0.0; n * game.observation_len()],
            masks: vec![0; n * game.num_actions()],
            rewards: vec![0.0; n * game.seats()],
            dones: vec![0; n],
            players: vec![0; n],
        }
    }

    /// Runs `each` for every slot with its part of the arrays, on all threads.
    fn fill(
        &mut self,
        slots: &mut [VectorSlot],
        game: &dyn TensorGame,
        each: impl Fn(usize, &mut VectorSlot, SlotOutput<'_>) -> Result<(), String> + Sync,
    ) -> Result<(), String> {
        let (len, actions, seats) = (game.observation_len(), game.num_actions(), game.seats());
        slots
            .par_iter_mut()
            .zip(self.observations.par_chunks_mut(len))
            .zip(self.masks.par_chunks_mut(actions))
            .zip(self.rewards.par_chunks_mut(seats))
            .zip(self.dones.par_iter_mut())
            .zip(self.players.par_iter_mut())
            .enumerate()
            .with_min_len(CHUNK)
            .try_for_each(|(i, (((((slot, observation), mask), rewards), done), player))| {
                each(i, slot, SlotOutput { observation, mask, rewards, done, player })
            })
    }
}

/// `VectorGame(name, n, seats=None, variants=(), config=None, seed=0, bots=None)`: `n` games of
/// `name`, each restarting with the next seed of its own sequence when it ends. Seats in `bots`
/// (`{1: "heuristic"}`) are played inside; `step` takes one action per game for the seat to
/// act (`player`). Every array is stacked over the games: observations `(n, *shape)` float32,
/// masks `(n, actions)` int8, rewards `(n, seats)` float32 (each seat's return in the step
/// that ended a game, else 0), dones `(n,)` bool, players `(n,)` int32.
#[pyclass(module = "spieltisch._native", frozen)]
pub(crate) struct VectorGame {
    game: Arc<dyn TensorGame>,
    slots: Mutex<Vec<VectorSlot>>,
}

#[pymethods]
impl VectorGame {
    #[new]
    #[pyo3(signature = (name, n, seats=None, variants=None, config=None, seed=0, bots=None))]
    #[allow(clippy::too_many_arguments)]
    fn new(
        py: Python<'_>,
        name: &str,
        n: usize,
        seats: Option<usize>,
        variants: Option<Vec<String>>,
        config: Option<Bound<'_, PyDict>>,
        seed: u64,
        bots: Option<HashMap<usize, String>>,
    ) -> PyResult<VectorGame> {
        if n == 0 {
            return Err(value_error("a vector of games needs at least one game"));
        }
        let config = match config {
            Some(dict) => Some(py.import("json")?.call_method1("dumps", (dict,))?.extract::<String>()?),
            None => None,
        };
        let (_, game) = tensor_game(name, seats, &variants.unwrap_or_default(), config.as_deref())?;
        let bots = bots.unwrap_or_default();
        if let Some(seat) = bots.keys().find(|&&s| s >= game.seats()) {
            return Err(value_error(format!("there is no seat {seat} at this table")));
        }
        let specs: Vec<Option<String>> = (0..game.seats()).map(|s| bots.get(&s).cloned()).collect();
        let slots = (0..n as u64)
            .map(|i| VectorSlot::new(Arc::clone(&game), seed, i, &specs))
            .collect::<Result<Vec<_>, _>>()
            .map_err(value_error)?;
        Ok(VectorGame { game, slots: Mutex::new(slots) })
    }

    /// The number of games.
    #[getter]
    fn num_envs(&self) -> usize {
        self.lock().len()
    }

    /// The size of the action space.
    fn num_distinct_actions(&self) -> usize {
        self.game.num_actions()
    }

    /// The shape of one observation.
    fn observation_tensor_shape(&self) -> Vec<usize> {
        self.game.observation_shape().to_vec()
    }

    /// The seed of the game each slot is playing (`load_game(...).new_initial_state(seed)`
    /// deals the same game).
    fn seeds(&self) -> Vec<u64> {
        self.lock().iter().map(VectorSlot::seed).collect()
    }

    /// Lets the bots move in every game and returns `(observations, masks, players)` for the
    /// seats to act.
    fn reset<'py>(&self, py: Python<'py>) -> PyResult<Bound<'py, PyTuple>> {
        let game = Arc::clone(&self.game);
        let stacked = py.detach(|| {
            let mut slots = self.lock();
            let mut stacked = Stacked::new(slots.len(), game.as_ref());
            stacked.fill(&mut slots, game.as_ref(), |_, slot, out| {
                slot.observe(out);
                Ok(())
            })?;
            Ok::<_, String>(stacked)
        });
        let stacked = stacked.map_err(value_error)?;
        let (observations, masks, _, _, players) = self.arrays(py, stacked)?;
        PyTuple::new(py, [observations.into_any(), masks.into_any(), players.into_any()])
    }

    /// Plays `actions[i]` (an int array, one per game) for game i's seat to act, lets the bots
    /// move and returns `(observations, masks, rewards, dones, players)`. A game that ended
    /// has its returns in `rewards`, `dones` set, and shows its next game. An illegal action
    /// raises `ValueError` naming the game, before any game moves.
    fn step<'py>(&self, py: Python<'py>, actions: PyReadonlyArray1<'py, i64>) -> PyResult<Bound<'py, PyTuple>> {
        let actions = actions.as_slice().map_err(value_error)?.to_vec();
        let game = Arc::clone(&self.game);
        let stacked = py.detach(|| {
            let mut slots = self.lock();
            if actions.len() != slots.len() {
                return Err(format!("{} actions for {} games", actions.len(), slots.len()));
            }
            for (i, (slot, &action)) in slots.iter().zip(&actions).enumerate() {
                if !u32::try_from(action).is_ok_and(|a| slot.is_legal(a)) {
                    let name = u32::try_from(action).ok().and_then(|a| game.action_name(a));
                    return Err(format!(
                        "game {i}: action {action} ({}) is not legal now",
                        name.as_deref().unwrap_or("no such action")
                    ));
                }
            }
            let mut stacked = Stacked::new(slots.len(), game.as_ref());
            stacked.fill(&mut slots, game.as_ref(), |i, slot, out| {
                slot.step(actions[i] as u32, out).map_err(|e| format!("game {i}: {e}"))
            })?;
            Ok(stacked)
        });
        let stacked = stacked.map_err(value_error)?;
        let (observations, masks, rewards, dones, players) = self.arrays(py, stacked)?;
        PyTuple::new(
            py,
            [observations.into_any(), masks.into_any(), rewards.into_any(), dones.into_any(), players.into_any()],
        )
    }
}

/// The stacked arrays as numpy arrays.
type Arrays<'py> = (
    Bound<'py, PyArrayDyn<f32>>,
    Bound<'py, PyArray2<i8>>,
    Bound<'py, PyArray2<f32>>,
    Bound<'py, PyArray1<bool>>,
    Bound<'py, PyArray1<i32>>,
);

impl VectorGame {
    fn lock(&self) -> std::sync::MutexGuard<'_, Vec<VectorSlot>> {
        self.slots.lock().expect("a vector of games is never poisoned")
    }

    fn arrays<'py>(&self, py: Python<'py>, s: Stacked) -> PyResult<Arrays<'py>> {
        let n = s.dones.len();
        let mut shape = vec![n];
        shape.extend_from_slice(self.game.observation_shape());
        let observations = ArrayD::from_shape_vec(IxDyn(&shape), s.observations).map_err(value_error)?;
        let masks = s.masks.into_iter().map(|m| m as i8).collect();
        let masks = Array2::from_shape_vec((n, self.game.num_actions()), masks).map_err(value_error)?;
        let rewards = Array2::from_shape_vec((n, self.game.seats()), s.rewards).map_err(value_error)?;
        let dones = Array1::from_vec(s.dones.into_iter().map(|d| d == 1).collect());
        Ok((
            observations.into_pyarray(py),
            masks.into_pyarray(py),
            rewards.into_pyarray(py),
            dones.into_pyarray(py),
            Array1::from_vec(s.players).into_pyarray(py),
        ))
    }
}
