//! Many games stepped at once inside Rust (`spieltisch.VectorGame`), the GIL released, their
//! results stacked into numpy arrays.

use std::collections::HashMap;
use std::sync::atomic::{AtomicU64, Ordering};
use std::sync::{Arc, Mutex};
use std::time::Instant;

use engine::{SlotOutput, StepHelpers, StepPart, TensorGame, VectorSlot};
use numpy::ndarray::IxDyn;
use numpy::{PyArray1, PyArray2, PyArrayDyn, PyArrayMethods, PyReadonlyArray1};
use pyo3::prelude::*;
use pyo3::types::{PyDict, PyTuple};

use crate::error::value_error;
use crate::game::tensor_game;

/// The least work handed to another thread, in nanoseconds of steps: below it, handing it
/// over and waiting for it (a few microseconds to a spinning helper) costs more than it saves.
const MIN_PART_NS: u64 = 10_000;

/// The stacked arrays every reset and step writes, made once and reused: a fresh 2 MB array a
/// step cost more than the games (every page of it faulted in anew).
struct Buffers {
    observations: Py<PyArrayDyn<f32>>,
    masks: Py<PyArray2<i8>>,
    rewards: Py<PyArray2<f32>>,
    dones: Py<PyArray1<bool>>,
    players: Py<PyArray1<i32>>,
    /// The pace of the last reset or step: nanoseconds per game on one thread.
    ns_per_game: AtomicU64,
}

impl Buffers {
    fn new(py: Python<'_>, n: usize, game: &dyn TensorGame) -> Buffers {
        let mut shape = vec![n];
        shape.extend_from_slice(game.observation_shape());
        Buffers {
            observations: PyArrayDyn::zeros(py, IxDyn(&shape), false).unbind(),
            masks: PyArray2::zeros(py, (n, game.num_actions()), false).unbind(),
            rewards: PyArray2::zeros(py, (n, game.seats()), false).unbind(),
            dones: PyArray1::from_vec(py, vec![false; n]).unbind(),
            players: PyArray1::zeros(py, n, false).unbind(),
            ns_per_game: AtomicU64::new(0),
        }
    }

    /// Runs `each` for every slot with its part of the arrays, the GIL released, on this thread
    /// and as many of `helpers` as the work pays for.
    fn fill(
        &self,
        py: Python<'_>,
        helpers: &StepHelpers,
        slots: &mut [VectorSlot],
        game: &dyn TensorGame,
        each: impl Fn(usize, &mut VectorSlot, SlotOutput<'_>) -> Result<(), String> + Sync + Send,
    ) -> Result<(), String> {
        let (len, actions, seats) = (game.observation_len(), game.num_actions(), game.seats());
        let (observations, masks, rewards, dones, players) = (
            self.observations.bind(py),
            self.masks.bind(py),
            self.rewards.bind(py),
            self.dones.bind(py),
            self.players.bind(py),
        );
        // SAFETY: the arrays are this object's own, C-contiguous, made in `new` and never
        // resized; nothing else writes them while the GIL is released (a Python thread reading
        // them meanwhile may see a step half written, as the docs say).
        let (observations, masks, rewards, dones, players) = unsafe {
            let masks = masks.as_slice_mut().map_err(|e| e.to_string())?;
            (
                observations.as_slice_mut().map_err(|e| e.to_string())?,
                std::slice::from_raw_parts_mut(masks.as_mut_ptr().cast::<u8>(), masks.len()),
                rewards.as_slice_mut().map_err(|e| e.to_string())?,
                dones.as_slice_mut().map_err(|e| e.to_string())?,
                players.as_slice_mut().map_err(|e| e.to_string())?,
            )
        };
        py.detach(|| {
            // Contiguous parts, the first played on this thread, the others by the vector's
            // helper threads — only as many as the work pays for: a part is at least
            // `MIN_PART_NS` of the last step's pace. The games are independent: the split never
            // changes a result.
            let pace = self.ns_per_game.load(Ordering::Relaxed);
            let worth = (slots.len() as u64 * pace / MIN_PART_NS).max(1) as usize;
            let threads = (helpers.count() + 1).clamp(1, worth);
            let part = slots.len().div_ceil(threads).max(1);
            let mut parts = slots
                .chunks_mut(part)
                .zip(observations.chunks_mut(part * len))
                .zip(masks.chunks_mut(part * actions))
                .zip(rewards.chunks_mut(part * seats))
                .zip(dones.chunks_mut(part))
                .zip(players.chunks_mut(part))
                .enumerate()
                .map(|(p, (((((slots, observations), masks), rewards), dones), players))| Part {
                    first: p * part,
                    slots,
                    observations,
                    masks,
                    rewards,
                    dones,
                    players,
                });
            let each = &each;
            let play = move |part: Part<'_>| part.play((len, actions, seats), each);
            let Some(first) = parts.next() else { return Ok(()) };
            let theirs: Vec<StepPart<'_>> = parts.map(|part| Box::new(move || play(part)) as StepPart<'_>).collect();
            let ns_per_game = &self.ns_per_game;
            helpers.run(
                theirs,
                Box::new(move || {
                    let (games, started) = (first.slots.len() as u64, Instant::now());
                    let result = play(first);
                    let ns = started.elapsed().as_nanos() as u64 / games.max(1);
                    ns_per_game.store(ns.max(1), Ordering::Relaxed);
                    result
                }),
            )
        })
    }
}

/// A run of consecutive games and their part of the arrays, played by one thread.
struct Part<'a> {
    /// The index of its first game.
    first: usize,
    slots: &'a mut [VectorSlot],
    observations: &'a mut [f32],
    masks: &'a mut [u8],
    rewards: &'a mut [f32],
    dones: &'a mut [bool],
    players: &'a mut [i32],
}

impl Part<'_> {
    /// Runs `each` for its games in turn, stopping at the first error.
    fn play(
        self,
        (len, actions, seats): (usize, usize, usize),
        each: &(impl Fn(usize, &mut VectorSlot, SlotOutput<'_>) -> Result<(), String> + Sync),
    ) -> Result<(), String> {
        let outputs = self
            .observations
            .chunks_mut(len)
            .zip(self.masks.chunks_mut(actions))
            .zip(self.rewards.chunks_mut(seats))
            .zip(self.dones.iter_mut())
            .zip(self.players.iter_mut());
        for (j, (slot, ((((observation, mask), rewards), done), player))) in
            self.slots.iter_mut().zip(outputs).enumerate()
        {
            each(self.first + j, slot, SlotOutput { observation, mask, rewards, done, player })?;
        }
        Ok(())
    }
}

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
        for (i, (slot, &action)) in slots.iter().zip(&actions).enumerate() {
            if !u32::try_from(action).is_ok_and(|a| slot.is_legal(a)) {
                let name = u32::try_from(action).ok().and_then(|a| self.game.action_name(a));
                return Err(value_error(format!(
                    "game {i}: action {action} ({}) is not legal now",
                    name.as_deref().unwrap_or("no such action")
                )));
            }
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
    /// `step` takes them),
    /// row i holding game i's `counts[i]` legal ids ascending, then -1; width the most any game
    /// has now. A uniformly random legal action of every game is then
    /// `ids[np.arange(n), (rng.random(n) * counts).astype(int)]`, without a pass over the masks
    /// (which costs more than the games' step when the action space is large). A fresh pair
    /// each call.
    fn legal_actions<'py>(&self, py: Python<'py>) -> PyResult<Bound<'py, PyTuple>> {
        let slots = self.try_lock()?;
        let counts: Vec<i32> = slots.iter().map(|s| s.legal_ids().len() as i32).collect();
        let width = counts.iter().copied().max().unwrap_or(0) as usize;
        let mut ids = vec![-1i64; slots.len() * width];
        // `max(1)`: rows of no width have nothing to fill (and chunks may not be empty).
        for (row, slot) in ids.chunks_mut(width.max(1)).zip(slots.iter()) {
            for (to, &id) in row.iter_mut().zip(slot.legal_ids()) {
                *to = i64::from(id);
            }
        }
        let ids = PyArray1::from_vec(py, ids).reshape([slots.len(), width])?;
        PyTuple::new(py, [ids.as_any(), PyArray1::from_vec(py, counts).as_any()])
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
