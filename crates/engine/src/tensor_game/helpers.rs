//! The threads that play parts of a vector's step beside the calling thread (the Python
//! package's `VectorGame` steps its [`super::VectorSlot`]s with them). Each spins for a while
//! after its part before it sleeps, so handing it the next step's part costs no wake-up: on a
//! virtual machine waking a sleeping thread took as long as its part took to play
//! (`clients/python/README.md`, "Speed").

use std::panic::{AssertUnwindSafe, catch_unwind};
use std::sync::Mutex;
use std::sync::mpsc::{self, Receiver, Sender, TryRecvError};
use std::thread::JoinHandle;
use std::time::{Duration, Instant};

/// How long a helper (and the caller waiting for one) spins before it sleeps: longer than a
/// Python agent's turn between two steps, short enough that an idle vector soon costs nothing.
const SPIN: Duration = Duration::from_millis(1);

/// What a part reports: `Err` names the game that refused an action, or says a game panicked.
pub type StepPartResult = Result<(), String>;

/// A part of one step, borrowing the vector's games and arrays for that step only.
pub type StepPart<'a> = Box<dyn FnOnce() -> StepPartResult + Send + 'a>;

/// The same part with its borrow's lifetime erased, to cross to a helper thread. Sound only
/// because [`StepHelpers::run`] does not return (nor unwind) before the helper has finished it.
type Job = StepPart<'static>;

/// One helper thread: its job queue and its reports.
struct Helper {
    jobs: Option<Sender<Job>>,
    done: Receiver<StepPartResult>,
    thread: Option<JoinHandle<()>>,
}

/// The helper threads of one vector: [`StepHelpers::run`] plays a step's parts on them and on
/// the calling thread.
pub struct StepHelpers {
    /// Behind a lock so that the helpers may be shared (a receiver may not be); one run at a
    /// time holds it.
    helpers: Mutex<Vec<Helper>>,
}

impl StepHelpers {
    /// `count` helper threads (none for 0: the caller plays every part).
    pub fn new(count: usize) -> std::io::Result<StepHelpers> {
        let mut helpers = Vec::with_capacity(count);
        for i in 0..count {
            let (jobs, queue) = mpsc::channel::<Job>();
            let (report, done) = mpsc::channel();
            let thread = std::thread::Builder::new().name(format!("spieltisch-vector-{i}")).spawn(move || {
                while let Some(job) = spin_recv(&queue) {
                    let result = catch_unwind(AssertUnwindSafe(job))
                        .unwrap_or_else(|_| Err("a game panicked on a helper thread".to_owned()));
                    if report.send(result).is_err() {
                        return;
                    }
                }
            })?;
            helpers.push(Helper { jobs: Some(jobs), done, thread: Some(thread) });
        }
        Ok(StepHelpers { helpers: Mutex::new(helpers) })
    }

    /// The number of helper threads (the threads beside the caller's).
    pub fn count(&self) -> usize {
        self.lock().len()
    }

    fn lock(&self) -> std::sync::MutexGuard<'_, Vec<Helper>> {
        // A run that panicked waited for its helpers first: the list is whole.
        self.helpers.lock().unwrap_or_else(std::sync::PoisonError::into_inner)
    }

    /// Plays `mine` on this thread and each of `theirs` on a helper (parts beyond the helpers
    /// on this thread too) and returns once all have finished: the first error, if any.
    pub fn run<'a>(&self, theirs: Vec<StepPart<'a>>, mine: StepPart<'a>) -> StepPartResult {
        let helpers = self.lock();
        let mut extra = Vec::new();
        let mut waiting = Waiting { helpers: &helpers[..0] };
        for (i, part) in theirs.into_iter().enumerate() {
            let Some(jobs) = helpers.get(i).and_then(|h| h.jobs.as_ref()) else {
                extra.push(part);
                continue;
            };
            // SAFETY: `waiting` waits for this part's report before `run` returns or unwinds,
            // so nothing the part borrows is released while the helper runs it.
            let job: Job = unsafe { std::mem::transmute::<StepPart<'a>, Job>(part) };
            match jobs.send(job) {
                Ok(()) => waiting.helpers = &helpers[..=i],
                // The helper is gone (it never exits while its queue is open): play it here.
                Err(mpsc::SendError(job)) => extra.push(job),
            }
        }
        let mut result = mine();
        for part in extra {
            let r = part();
            result = result.and(r);
        }
        let theirs = waiting.wait();
        result.and(theirs)
    }
}

impl Drop for StepHelpers {
    fn drop(&mut self) {
        // Closing the queues ends the helpers' loops.
        let helpers = self.helpers.get_mut().unwrap_or_else(std::sync::PoisonError::into_inner);
        for helper in helpers.iter_mut() {
            helper.jobs = None;
        }
        for helper in helpers.iter_mut() {
            if let Some(thread) = helper.thread.take() {
                let _ = thread.join();
            }
        }
    }
}

/// The helpers given a part of the step being run, waited for on drop (an unwinding caller
/// too), so that no helper holds a borrow past [`StepHelpers::run`].
struct Waiting<'h> {
    helpers: &'h [Helper],
}

impl Waiting<'_> {
    /// Waits for every helper's report: the first error, if any.
    fn wait(mut self) -> StepPartResult {
        let helpers = std::mem::take(&mut self.helpers);
        let mut result = Ok(());
        for helper in helpers {
            let report = spin_recv(&helper.done).unwrap_or_else(|| Err("a helper thread stopped".to_owned()));
            result = result.and(report);
        }
        result
    }
}

impl Drop for Waiting<'_> {
    fn drop(&mut self) {
        for helper in self.helpers {
            let _ = spin_recv(&helper.done);
        }
    }
}

/// The next message, spinning for [`SPIN`] before sleeping; `None` once the sender is gone.
fn spin_recv<T>(queue: &Receiver<T>) -> Option<T> {
    let start = Instant::now();
    loop {
        match queue.try_recv() {
            Ok(message) => return Some(message),
            Err(TryRecvError::Disconnected) => return None,
            Err(TryRecvError::Empty) if start.elapsed() > SPIN => return queue.recv().ok(),
            Err(TryRecvError::Empty) => std::hint::spin_loop(),
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn every_part_runs_once_and_the_first_error_is_reported() {
        let helpers = StepHelpers::new(2).unwrap();
        let mut cells = [0u32; 5];
        let (mine, rest) = cells.split_first_mut().unwrap();
        let theirs: Vec<StepPart<'_>> = rest
            .iter_mut()
            .enumerate()
            .map(|(i, cell)| {
                Box::new(move || {
                    *cell += 1;
                    if i == 2 { Err(format!("part {i}")) } else { Ok(()) }
                }) as StepPart<'_>
            })
            .collect();
        let result = helpers.run(
            theirs,
            Box::new(|| {
                *mine += 1;
                Ok(())
            }),
        );
        assert_eq!(result, Err("part 2".to_owned()));
        assert_eq!(cells, [1; 5], "four parts for two helpers: the rest ran on the caller");
    }

    #[test]
    fn a_panicking_part_is_an_error_and_the_helper_goes_on() {
        let helpers = StepHelpers::new(1).unwrap();
        let panics: StepPart<'_> = Box::new(|| panic!("a bug in a game"));
        assert!(helpers.run(vec![panics], Box::new(|| Ok(()))).is_err());
        let mut ran = false;
        let part: StepPart<'_> = Box::new(|| {
            ran = true;
            Ok(())
        });
        assert_eq!(helpers.run(vec![part], Box::new(|| Ok(()))), Ok(()));
        assert!(ran);
    }
}
