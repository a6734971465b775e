//! The stacked numpy arrays of a `VectorGame` and the parallel fill that writes them: the
//! games split into runs, each run played with its rows of every array, on the calling thread
//! and the vector's helper threads.

use std::sync::Mutex;
use std::sync::atomic::{AtomicU64, AtomicUsize, Ordering};
use std::time::Instant;

use engine::{SlotOutput, StepHelpers, StepPart, TensorGame, VectorSlot};
use numpy::ndarray::IxDyn;
use numpy::{PyArray1, PyArray2, PyArrayDyn, PyArrayMethods};
use pyo3::prelude::*;

/// The least work handed to another thread, in nanoseconds of steps: below it, handing it
/// over and waiting for it (a few microseconds to a spinning helper) costs more than it saves.
const MIN_PART_NS: u64 = 10_000;

/// Runs of games per thread in a step: threads that finish early take the runs of a slower one
/// (a virtual machine's second core was at times much slower than the first).
const RUNS_PER_THREAD: usize = 4;

/// The stacked arrays every reset and step writes, made once and reused: a fresh 2 MB array a
/// step cost more than the games (every page of it faulted in anew).
pub(crate) struct Buffers {
    pub(crate) observations: Py<PyArrayDyn<f32>>,
    pub(crate) masks: Py<PyArray2<i8>>,
    /// Each game's legal ids from the start of its row (as long as the action space).
    pub(crate) legal: Py<PyArray2<i64>>,
    /// How many legal ids each game has.
    pub(crate) counts: Py<PyArray1<i32>>,
    pub(crate) rewards: Py<PyArray2<f32>>,
    pub(crate) dones: Py<PyArray1<bool>>,
    pub(crate) players: Py<PyArray1<i32>>,
    /// The pace of the last reset or step: nanoseconds per game on one thread.
    ns_per_game: AtomicU64,
    /// The widest `legal_actions` so far: each step pads its games' legal ids with -1 up to
    /// it, on its threads, so that `legal_actions` pads only when a width is new.
    pub(crate) padded: AtomicUsize,
    /// Each game's legal ids as bits (`words` per game), written by the step's threads beside
    /// the arrays: `step` checks the next actions against them on the calling thread, one
    /// cache line a game in a row, where a search of each game's own list cost a twentieth of
    /// a step (a line from wherever that game's thread left it).
    legal_bits: Mutex<Vec<u64>>,
    words: usize,
}

/// The lengths of one game's rows: observation, action space, seats.
#[derive(Clone, Copy)]
struct Dims {
    len: usize,
    actions: usize,
    seats: usize,
    /// The width each game's legal ids are padded to with -1 ([`Buffers::padded`]).
    pad: usize,
    /// Words of legal bits per game.
    words: usize,
}

/// The rows of a run of consecutive games in every array.
struct Rows<'a> {
    observations: &'a mut [f32],
    masks: &'a mut [u8],
    legal: &'a mut [i64],
    counts: &'a mut [i32],
    rewards: &'a mut [f32],
    dones: &'a mut [bool],
    players: &'a mut [i32],
    bits: &'a mut [u64],
}

impl<'a> Rows<'a> {
    /// The rows of the first `games` games, and the rest.
    fn split(self, games: usize, d: Dims) -> (Rows<'a>, Rows<'a>) {
        let (observations, o) = self.observations.split_at_mut(games * d.len);
        let (masks, m) = self.masks.split_at_mut(games * d.actions);
        let (legal, l) = self.legal.split_at_mut(games * d.actions);
        let (counts, c) = self.counts.split_at_mut(games);
        let (rewards, r) = self.rewards.split_at_mut(games * d.seats);
        let (dones, n) = self.dones.split_at_mut(games);
        let (players, p) = self.players.split_at_mut(games);
        let (bits, b) = self.bits.split_at_mut(games * d.words);
        (
            Rows { observations, masks, legal, counts, rewards, dones, players, bits },
            Rows { observations: o, masks: m, legal: l, counts: c, rewards: r, dones: n, players: p, bits: b },
        )
    }

    /// Game `j`'s rows.
    fn slot(&mut self, j: usize, d: Dims) -> SlotOutput<'_> {
        SlotOutput {
            observation: &mut self.observations[j * d.len..(j + 1) * d.len],
            mask: &mut self.masks[j * d.actions..(j + 1) * d.actions],
            legal: &mut self.legal[j * d.actions..(j + 1) * d.actions],
            legal_count: &mut self.counts[j],
            rewards: &mut self.rewards[j * d.seats..(j + 1) * d.seats],
            done: &mut self.dones[j],
            player: &mut self.players[j],
        }
    }
}

/// A run of consecutive games and their rows, played by one thread.
struct Run<'a> {
    /// The index of its first game.
    first: usize,
    slots: &'a mut [VectorSlot],
    rows: Rows<'a>,
}

impl Run<'_> {
    /// Runs `each` for its games in turn, stopping at the first error.
    fn play(
        mut self,
        d: Dims,
        each: &(impl Fn(usize, &mut VectorSlot, SlotOutput<'_>) -> Result<(), String> + Sync),
    ) -> Result<(), String> {
        for (j, slot) in self.slots.iter_mut().enumerate() {
            each(self.first + j, slot, self.rows.slot(j, d))?;
            let count = self.rows.counts[j].max(0) as usize;
            let legal = &mut self.rows.legal[j * d.actions..];
            let bits = &mut self.rows.bits[j * d.words..(j + 1) * d.words];
            bits.fill(0);
            for &id in &legal[..count] {
                bits[id as usize / 64] |= 1 << (id % 64);
            }
            if count < d.pad {
                legal[count..d.pad].fill(-1);
            }
        }
        Ok(())
    }
}

impl Buffers {
    /// The arrays of `n` games of `game`, zeroed.
    pub(crate) fn new(py: Python<'_>, n: usize, game: &dyn TensorGame) -> Buffers {
        let mut shape = vec![n];
        shape.extend_from_slice(game.observation_shape());
        let words = game.num_actions().div_ceil(64);
        Buffers {
            observations: PyArrayDyn::zeros(py, IxDyn(&shape), false).unbind(),
            masks: PyArray2::zeros(py, (n, game.num_actions()), false).unbind(),
            legal: PyArray2::zeros(py, (n, game.num_actions()), false).unbind(),
            counts: PyArray1::zeros(py, n, false).unbind(),
            rewards: PyArray2::zeros(py, (n, game.seats()), false).unbind(),
            dones: PyArray1::from_vec(py, vec![false; n]).unbind(),
            players: PyArray1::zeros(py, n, false).unbind(),
            ns_per_game: AtomicU64::new(0),
            padded: AtomicUsize::new(0),
            legal_bits: Mutex::new(vec![0; n * words]),
            words,
        }
    }

    /// The first game (by index) for which `actions` holds an action its seat may not take
    /// now, as of the last reset or step.
    pub(crate) fn first_illegal(&self, actions: &[i64]) -> Option<usize> {
        let bits = self.legal_bits.lock().unwrap_or_else(std::sync::PoisonError::into_inner);
        actions.iter().zip(bits.chunks(self.words.max(1))).position(|(&action, row)| {
            !usize::try_from(action).is_ok_and(|a| row.get(a / 64).is_some_and(|w| w >> (a % 64) & 1 == 1))
        })
    }

    /// Runs `each` for every slot with its rows of the arrays, the GIL released, on this
    /// thread and as many of `helpers` as the work pays for.
    pub(crate) fn fill(
        &self,
        py: Python<'_>,
        helpers: &StepHelpers,
        slots: &mut [VectorSlot],
        game: &dyn TensorGame,
        each: impl Fn(usize, &mut VectorSlot, SlotOutput<'_>) -> Result<(), String> + Sync + Send,
    ) -> Result<(), String> {
        let d = Dims {
            len: game.observation_len(),
            actions: game.num_actions(),
            seats: game.seats(),
            pad: self.padded.load(Ordering::Relaxed).min(game.num_actions()),
            words: self.words,
        };
        let mut bits = self.legal_bits.lock().unwrap_or_else(std::sync::PoisonError::into_inner);
        let (observations, masks, legal, counts, rewards, dones, players) = (
            self.observations.bind(py),
            self.masks.bind(py),
            self.legal.bind(py),
            self.counts.bind(py),
            self.rewards.bind(py),
            self.dones.bind(py),
            self.players.bind(py),
        );
        // SAFETY: the arrays are this object's own, C-contiguous, made in `new` and never
        // resized; nothing else writes them while the GIL is released (a Python thread reading
        // them meanwhile may see a step half written, as the docs say).
        let mut rows = unsafe {
            let masks = masks.as_slice_mut().map_err(|e| e.to_string())?;
            Rows {
                observations: observations.as_slice_mut().map_err(|e| e.to_string())?,
                masks: std::slice::from_raw_parts_mut(masks.as_mut_ptr().cast::<u8>(), masks.len()),
                legal: legal.as_slice_mut().map_err(|e| e.to_string())?,
                counts: counts.as_slice_mut().map_err(|e| e.to_string())?,
                rewards: rewards.as_slice_mut().map_err(|e| e.to_string())?,
                dones: dones.as_slice_mut().map_err(|e| e.to_string())?,
                players: players.as_slice_mut().map_err(|e| e.to_string())?,
                bits: &mut bits,
            }
        };
        py.detach(|| {
            // Runs of consecutive games: thread t plays its own `RUNS_PER_THREAD` runs, then
            // takes what is left of the others' — only as many threads as the work pays for (a
            // thread's share is at least `MIN_PART_NS` of the last step's pace). A game stays on
            // its thread from step to step while the cores keep pace (its state then stays in
            // that core's cache); a slower core's runs go to the others. The games are
            // independent: the split never changes a result.
            let pace = self.ns_per_game.load(Ordering::Relaxed);
            let worth = (slots.len() as u64 * pace / MIN_PART_NS).max(1) as usize;
            let threads = (helpers.count() + 1).clamp(1, worth);
            let part = slots.len().div_ceil(threads * RUNS_PER_THREAD).max(1);
            let mut runs = Vec::with_capacity(threads * RUNS_PER_THREAD);
            let (mut rest, mut first) = (slots, 0);
            while !rest.is_empty() {
                let games = part.min(rest.len());
                let (run_slots, more) = rest.split_at_mut(games);
                let (run_rows, more_rows) = rows.split(games, d);
                runs.push(Mutex::new(Some(Run { first, slots: run_slots, rows: run_rows })));
                (rest, rows, first) = (more, more_rows, first + games);
            }
            let (runs, each) = (&runs, &each);
            // Thread `t`'s work: the runs from its own on, each run not yet taken; the number
            // of games played.
            let work = move |t: usize| -> Result<u64, String> {
                let mut games = 0;
                for k in 0..runs.len() {
                    let taken = runs[(t * RUNS_PER_THREAD + k) % runs.len()]
                        .lock()
                        .unwrap_or_else(std::sync::PoisonError::into_inner)
                        .take();
                    if let Some(run) = taken {
                        games += run.slots.len() as u64;
                        run.play(d, each)?;
                    }
                }
                Ok(games)
            };
            let theirs: Vec<StepPart<'_>> =
                (1..threads).map(|t| Box::new(move || work(t).map(|_| ())) as StepPart<'_>).collect();
            let ns_per_game = &self.ns_per_game;
            helpers.run(
                theirs,
                Box::new(move || {
                    let started = Instant::now();
                    let games = work(0)?;
                    let ns = started.elapsed().as_nanos() as u64 / games.max(1);
                    ns_per_game.store(ns.max(1), Ordering::Relaxed);
                    Ok(())
                }),
            )
        })
    }
}
