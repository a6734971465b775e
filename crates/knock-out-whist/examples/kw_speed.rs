//! CPU-time speed check (independent of other load on the machine):
//! `cargo run --release -p knock-out-whist --example kw_speed`.

use engine::{EventLog, Game, Seat, seeded};
use knock_out_whist::{Config, KnockOutWhist};
use rand::Rng;
use std::hint::black_box;

/// Seconds of CPU time this thread has used (Linux), so other load on the machine does not
/// count; elsewhere wall-clock time.
#[cfg(target_os = "linux")]
fn cpu_seconds() -> f64 {
    #[repr(C)]
    struct Timespec {
        tv_sec: i64,
        tv_nsec: i64,
    }
    unsafe extern "C" {
        fn clock_gettime(clock: i32, ts: *mut Timespec) -> i32;
    }
    const CLOCK_THREAD_CPUTIME_ID: i32 = 3;
    let mut ts = Timespec { tv_sec: 0, tv_nsec: 0 };
    // SAFETY: `ts` is a valid, writable timespec; the call only writes to it.
    unsafe { clock_gettime(CLOCK_THREAD_CPUTIME_ID, &mut ts) };
    ts.tv_sec as f64 + ts.tv_nsec as f64 * 1e-9
}

#[cfg(not(target_os = "linux"))]
fn cpu_seconds() -> f64 {
    use std::sync::OnceLock;
    static START: OnceLock<std::time::Instant> = OnceLock::new();
    START.get_or_init(std::time::Instant::now).elapsed().as_secs_f64()
}

fn main() {
    let config = Config::default();
    let mut rng = seeded(1);
    let mut legal = Vec::new();
    let games = 200_000;
    let start = cpu_seconds();
    let mut actions = 0u64;
    for _ in 0..games {
        let mut game = KnockOutWhist::new(&config, 4, &mut rng).unwrap();
        let mut log = EventLog::off();
        while let Some(seat) = game.to_act().first() {
            game.legal_actions(seat, &mut legal);
            let action = legal[rng.random_range(0..legal.len())];
            game.apply(seat, action, &mut rng, &mut log).unwrap();
            actions += 1;
        }
        black_box(&game);
    }
    let t = cpu_seconds() - start;
    println!(
        "{:.0} random 4-player games per CPU second ({:.1} actions per game)",
        games as f64 / t,
        actions as f64 / games as f64
    );
    let mut game = KnockOutWhist::new(&config, 4, &mut rng).unwrap();
    let mut log = EventLog::off();
    for _ in 0..14 {
        let seat = game.to_act().first().unwrap();
        game.legal_actions(seat, &mut legal);
        let action = legal[rng.random_range(0..legal.len())];
        game.apply(seat, action, &mut rng, &mut log).unwrap();
    }
    let n = 1_000_000;
    let start = cpu_seconds();
    for _ in 0..n {
        black_box(game.determinize(Seat::at(0), &mut rng));
    }
    let t = cpu_seconds() - start;
    println!("{:.0} determinizations per CPU second", n as f64 / t);
}
