//! Every game of the catalog, fuzzed: the bytes choose the seat count, the variants, the seed
//! and then every step (legal and illegal actions, notation text, positions to read, records
//! to load), with the contract checked at each (`engine::testing::fuzz_game`).
//!
//! `SPIELTISCH_FUZZ_GAME=<name>` fuzzes that game alone; without it the first byte picks the
//! game. At exit (and at every millionth action) the target prints what it did per game, so
//! a run's action count is a number to show; `SPIELTISCH_FUZZ_ACTIONS=<n>` ends the run once a
//! game has reached `n` applied actions (a long run bounded by its count, not by the clock).
//! See docs/fuzzing.md.

#![no_main]

use std::sync::{LazyLock, Mutex};

use engine::testing::FuzzCount;
use engine::{GameKind, Registry};
use libfuzzer_sys::fuzz_target;

static REGISTRY: LazyLock<Registry> = LazyLock::new(catalog::registry);

/// The game `SPIELTISCH_FUZZ_GAME` names, if set (checked once: an unknown name stops the run).
static ONLY: LazyLock<Option<usize>> = LazyLock::new(|| {
    let name = std::env::var("SPIELTISCH_FUZZ_GAME").ok()?;
    let found = REGISTRY.games().position(|k| k.name() == name);
    Some(found.unwrap_or_else(|| {
        let names: Vec<_> = REGISTRY.games().map(GameKind::name).collect();
        panic!("SPIELTISCH_FUZZ_GAME={name:?} is no game; the games: {}", names.join(", "))
    }))
});

/// The action count `SPIELTISCH_FUZZ_ACTIONS` ends the run at, if set.
static STOP_AFTER: LazyLock<Option<u64>> = LazyLock::new(|| {
    let text = std::env::var("SPIELTISCH_FUZZ_ACTIONS").ok()?;
    Some(text.parse().unwrap_or_else(|e| panic!("SPIELTISCH_FUZZ_ACTIONS={text:?} is no count: {e}")))
});

/// What the run did so far, per game in registry order.
static COUNTS: Mutex<Vec<FuzzCount>> = Mutex::new(Vec::new());

unsafe extern "C" {
    fn atexit(callback: extern "C" fn()) -> i32;
    fn _exit(status: i32) -> !;
}

/// Prints the counts: libFuzzer ends a bounded run with `exit`, so this runs from `atexit`.
extern "C" fn report() {
    let counts = COUNTS.lock().unwrap_or_else(|e| e.into_inner());
    for (kind, count) in REGISTRY.games().zip(counts.iter()) {
        if count.games > 0 {
            eprintln!(
                "fuzz: {} games={} actions={} refused={} positions={} records={}",
                kind.name(),
                count.games,
                count.actions,
                count.refused,
                count.positions,
                count.records
            );
        }
    }
}

fuzz_target!(
    init: {
        LazyLock::force(&ONLY);
        LazyLock::force(&STOP_AFTER);
        COUNTS.lock().unwrap().resize(REGISTRY.games().count(), FuzzCount::default());
        // SAFETY: `report` is a plain function that lives as long as the program.
        unsafe { atexit(report) };
    },
    |data: &[u8]| {
        let (index, data) = match *ONLY {
            Some(index) => (index, data),
            None => match data.split_first() {
                Some((first, rest)) => (usize::from(*first) % REGISTRY.games().count(), rest),
                None => return,
            },
        };
        let kind = REGISTRY.games().nth(index).expect("index within the registry");
        let count = kind.fuzz(data);
        let mut counts = COUNTS.lock().unwrap();
        let before = counts[index].actions / 1_000_000;
        counts[index] += count;
        if counts[index].actions / 1_000_000 > before {
            let c = counts[index];
            eprintln!("fuzz: {} actions={} games={} refused={}", kind.name(), c.actions, c.games, c.refused);
        }
        if STOP_AFTER.is_some_and(|limit| counts[index].actions >= limit) {
            drop(counts); // `report` takes the lock.
            eprintln!("fuzz: {} reached SPIELTISCH_FUZZ_ACTIONS", kind.name());
            report();
            // SAFETY: ends the process at once. Not `exit`: libFuzzer takes a target that
            // exits for a crash, and the counts are printed already.
            unsafe { _exit(0) }
        }
    }
);
