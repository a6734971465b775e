//! Many games stepped at once inside Rust (`spieltisch.VectorGame`), the GIL released, their
//! results stacked into numpy arrays.

use std::collections::HashMap;
use std::sync::atomic::Ordering;
use std::sync::{Arc, Mutex};

use engine::{StepHelpers, TensorGame, VectorSlot};
use numpy::{PyArrayMethods, PyReadonlyArray1};
use pyo3::prelude::*;
use pyo3::types::{PyDict, PySlice, PyTuple};

use crate::arrays::Buffers;
use crate::error::value_error;
use crate::game::tensor_game;

/// `VectorGame(name, n, seats=None, variants=(), config=None, seed=0, bots=None, threads=None)`:
/// `n` games of `name`, each restarting with the next seed of its own sequence when it ends.
/// Seats in `bots` (`{1: "heuristic"}`) are played inside; `step` takes one action per game
/// for the seat to act (`player`). `threads` (default: one per core) step the games; the
/// threads beyond the caller's spin for a millisecond after each step, waiting for the next.
/// Every array is stacked over the games: observations `(n, *shape)` float32, masks
/// `(n, actions)` int8, rewards `(n, seats)` float32 (each seat's return in the step that
/// ended a game, else 0), dones `(n,)` bool, players `(n,)` int32. They are the vector's own
/// arrays, overwritten by each reset and step (copy what you keep).
#[pyclass(module = "spieltisch._native", frozen)]
pub(crate) struct VectorGame {
    game: Arc<dyn TensorGame>,
    slots: Mutex<Vec<VectorSlot>>,
    buffers: Buffers,
    /// The threads beside the caller's.
    helpers: StepHelpers,
}

#[pymethods]
impl VectorGame {
    #[new]
    #[pyo3(signature = (name, n, seats=None, variants=None, config=None, seed=0, bots=None, threads=None))]
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
        threads: Option<usize>,
    ) -> PyResult<VectorGame> {
        if n == 0 {
            return Err(value_error("a vector of games needs at least one game"));
        }
        if threads == Some(0) {
            return Err(value_error("threads: at least 1 (the calling thread)"));
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
        let buffers = Buffers::new(py, n, game.as_ref());
        let threads = threads.unwrap_or_else(|| std::thread::available_parallelism().map_or(1, usize::from));
        let helpers = StepHelpers::new(threads.min(n) - 1)
            .map_err(|e| pyo3::exceptions::PyOSError::new_err(format!("cannot start a thread: {e}")))?;
        Ok(VectorGame { game, slots: Mutex::new(slots), buffers, helpers })
    }

    /// The number of games.
    #[getter]
    fn num_envs(&self) -> PyResult<usize> {
        Ok(self.try_lock()?.len())
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
    fn seeds(&self) -> PyResult<Vec<u64>> {
        Ok(self.try_lock()?.iter().map(VectorSlot::seed).collect())
    }

    /// Lets the bots move in every game and returns `(observations, masks, players)` for the
    /// seats to act. The arrays are the vector's own, overwritten by the next reset or step:
    /// copy what you keep.
    fn reset<'py>(&self, py: Python<'py>) -> PyResult<Bound<'py, PyTuple>> {
        let mut slots = self.try_lock()?;
        self.buffers
            .fill(py, &self.helpers, &mut slots, self.game.as_ref(), |_, slot, out| {
                slot.observe(out);
                Ok(())
            })
            .map_err(value_error)?;
        let b = &self.buffers;
        PyTuple::new(py, [b.observations.bind(py).as_any(), b.masks.bind(py).as_any(), b.players.bind(py).as_any()])
    }

    /// Plays `actions[i]` (an int array, one per game) for game i's seat to act, lets the bots
    /// move and returns `(observations, masks, rewards, dones, players)` (the vector's own
    /// arrays, overwritten by the next step: copy what you keep). A game that ended has its
    /// returns in `rewards`, `dones` set, and shows its next game. An illegal action raises
    /// `ValueError` naming the game, before any game moves.
    fn step<'py>(&self, py: Python<'py>, actions: PyReadonlyArray1<'py, i64>) -> PyResult<Bound<'py, PyTuple>> {
        let actions = actions.as_slice().map_err(value_error)?.to_vec();
        let mut slots = self.try_lock()?;
        if actions.len() != slots.len() {
            return Err(value_error(format!("{} actions for {} games", actions.len(), slots.len())));
        }
        if let Some(i) = self.buffers.first_illegal(&actions) {
            let action = actions[i];
            let name = u32::try_from(action).ok().and_then(|a| self.game.action_name(a));
            return Err(value_error(format!(
                "game {i}: action {action} ({}) is not legal now",
                name.as_deref().unwrap_or("no such action")
            )));
        }
        self.buffers
            .fill(py, &self.helpers, &mut slots, self.game.as_ref(), |i, slot, out| {
                slot.step(actions[i] as u32, out).map_err(|e| format!("game {i}: {e}"))
            })
            .map_err(value_error)?;
        let b = &self.buffers;
        PyTuple::new(
            py,
            [
                b.observations.bind(py).as_any(),
                b.masks.bind(py).as_any(),
                b.rewards.bind(py).as_any(),
                b.dones.bind(py).as_any(),
                b.players.bind(py).as_any(),
            ],
        )
    }

    /// The legal ids of each game's seat to act, as `(ids, counts)`: ids `(n, width)` int64 (as
    /// `step` takes them), row i holding game i's `counts[i]` legal ids ascending, then -1;
    /// width the most any game has now. A uniformly random legal action of every game is then
    /// `ids[np.arange(n), (rng.random(n) * counts).astype(int)]`, without a pass over the masks
    /// (which costs more than the games' step when the action space is large). Both are the
    /// vector's own (ids a view of its rows), overwritten by the next reset or step: copy what
    /// you keep.
    fn legal_actions<'py>(&self, py: Python<'py>) -> PyResult<Bound<'py, PyTuple>> {
        // The steps wrote the ids and padded them to the widest call's width, on their threads;
        // here only the padding up to a width never asked before (padding every game here
        // whenever the width grew cost Kopf an Kopf a twentieth of a step).
        let _slots = self.try_lock()?;
        let (legal, counts) = (self.buffers.legal.bind(py), self.buffers.counts.bind(py));
        let actions = self.game.num_actions();
        let width = {
            // SAFETY: the arrays are the vector's own, C-contiguous and never resized; the
            // GIL is held and the games' lock too, so no step writes them meanwhile.
            let (rows, counts) = unsafe { (legal.as_slice_mut()?, counts.as_slice()?) };
            let width = (counts.iter().copied().max().unwrap_or(0).max(0) as usize).min(actions);
            let padded = self.buffers.padded.fetch_max(width, Ordering::Relaxed);
            if width > padded {
                for (row, &count) in rows.chunks_mut(actions.max(1)).zip(counts) {
                    row[(count.max(0) as usize).max(padded).min(width)..width].fill(-1);
                }
            }
            width
        };
        let ids = legal.get_item((PySlice::full(py), PySlice::new(py, 0, width as isize, 1)))?;
        PyTuple::new(py, [ids, counts.clone().into_any()])
    }
}

impl VectorGame {
    /// The games, if no other thread is stepping them (waiting here while holding the GIL could
    /// deadlock with a step that needs the GIL back to finish).
    fn try_lock(&self) -> PyResult<std::sync::MutexGuard<'_, Vec<VectorSlot>>> {
        match self.slots.try_lock() {
            Ok(slots) => Ok(slots),
            Err(std::sync::TryLockError::Poisoned(e)) => Ok(e.into_inner()),
            Err(std::sync::TryLockError::WouldBlock) => {
                Err(value_error("another thread is stepping this VectorGame: step each from one thread"))
            }
        }
    }
}
