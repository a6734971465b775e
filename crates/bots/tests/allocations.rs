//! A warmed-up search allocates nothing per iteration: the tree arena, the legal-action and
//! selection buffers are reused, and playouts log no events.

use std::alloc::{GlobalAlloc, Layout, System};
use std::cell::Cell;
use std::sync::atomic::{AtomicUsize, Ordering};

use bots::{Budget, Ismcts, PlayoutPolicy};
use engine::{Bot, EventLog, Game, InfoSet, seeded};

/// Counts the allocations of the thread that measures (this test binary only). Only that
/// thread's count: the test harness's own thread may allocate at any time, more so on a busy
/// machine, and a search runs on the thread that calls it.
struct Counting;

static ALLOCATIONS: AtomicUsize = AtomicUsize::new(0);

thread_local! {
    /// Whether this thread's allocations count (a `const` cell: reading it never allocates).
    static MEASURED: Cell<bool> = const { Cell::new(false) };
}

fn count() {
    if MEASURED.with(Cell::get) {
        ALLOCATIONS.fetch_add(1, Ordering::Relaxed);
    }
}

unsafe impl GlobalAlloc for Counting {
    unsafe fn alloc(&self, layout: Layout) -> *mut u8 {
        count();
        unsafe { System.alloc(layout) }
    }
    unsafe fn dealloc(&self, ptr: *mut u8, layout: Layout) {
        unsafe { System.dealloc(ptr, layout) }
    }
    unsafe fn realloc(&self, ptr: *mut u8, layout: Layout, new_size: usize) -> *mut u8 {
        count();
        unsafe { System.realloc(ptr, layout, new_size) }
    }
}

#[global_allocator]
static GLOBAL: Counting = Counting;

/// Allocations of one search of `iterations` after a first search of the same size warmed the
/// bot up.
fn allocations_of_a_warm_search<G: Game, P: PlayoutPolicy<G>>(
    game: &G,
    mut bot: Ismcts<G, P>,
    iterations: u32,
) -> usize {
    let seat = game.to_act().first().expect("not over");
    bot.search(&InfoSet::new(game, seat), &mut seeded(1));
    let before = ALLOCATIONS.load(Ordering::Relaxed);
    let search = bot.search(&InfoSet::new(game, seat), &mut seeded(1));
    let after = ALLOCATIONS.load(Ordering::Relaxed);
    assert_eq!(search.iterations, iterations);
    after - before
}

fn advance<G: Game>(mut game: G, bot: &mut dyn Bot<G>, actions: usize) -> G {
    let mut rng = seeded(5);
    for _ in 0..actions {
        let seat = game.to_act().first().expect("not over");
        let action = bot.choose(&InfoSet::new(&game, seat), &mut rng);
        game.apply(seat, action, &mut rng, &mut EventLog::off()).unwrap();
    }
    game
}

// One test function: the counter is global, and tests in one binary run in parallel.
#[test]
fn a_warm_search_allocates_only_its_report() {
    let rps = engine::demo::Rps::new(&Default::default(), 2, &mut seeded(0)).unwrap();
    let whist = knock_out_whist::KnockOutWhist::new(&Default::default(), 4, &mut seeded(2)).unwrap();
    let whist = advance(whist, &mut knock_out_whist::HeuristicBot::default(), 9);
    let schotten = schotten_totten::SchottenTotten::new(&Default::default(), 2, &mut seeded(2)).unwrap();
    let schotten = advance(schotten, &mut schotten_totten::HeuristicBot::default(), 9);
    // The report's list of action statistics is the one allocation a search makes.
    let plain = || Budget::Iterations(500);
    assert!(allocations_of_a_warm_search(&rps, Ismcts::new(plain()), 500) <= 1);
    assert!(allocations_of_a_warm_search(&whist, Ismcts::new(plain()), 500) <= 1);
    assert!(allocations_of_a_warm_search(&schotten, Ismcts::new(plain()), 500) <= 1);
    // The games' fast playout policies, with progressive widening as the catalog sets them up.
    let whist_fast = Ismcts::with_policy(plain(), knock_out_whist::playout_policy).widening(0.5, 0.5);
    assert!(allocations_of_a_warm_search(&whist, whist_fast, 500) <= 1);
    let schotten_fast = Ismcts::with_policy(plain(), schotten_totten::playout_policy).widening(0.5, 0.5);
    assert!(allocations_of_a_warm_search(&schotten, schotten_fast, 500) <= 1);
}
