//! Bots playing their seats: after a pause, on the blocking pool, never on the async runtime.

use std::net::IpAddr;
use std::time::{Duration, Instant};

use bots::Budget;
use engine::{BotSpec, DynBotError, DynMatch, GameKind, Seat};
use rand::seq::IndexedRandom;
use tokio::sync::mpsc;
use tracing::Instrument;

use crate::api_error::ApiError;
use crate::app::App;

/// The most iterations a bot spec may ask for (`ismcts:20000`): with the default fast playouts
/// a Schotten-Totten iteration costs about 70 µs (about 1.4 s of thinking), but a spec may ask
/// for heuristic playouts, about 650 µs an iteration (about 13 s), and sampling by belief
/// (`belief=1000`, the most) adds about 0.4 s. A time budget bounds all of it.
pub(crate) const MAX_ITERATIONS: u64 = 20_000;
/// The most thinking time a bot spec may ask for (`ismcts:10000ms`).
pub(crate) const MAX_MILLIS: u64 = 10_000;

/// A bot's answer for `seat` in the position after `step` actions.
pub(crate) struct BotMove {
    pub seat: Seat,
    pub step: usize,
    pub action: Result<String, String>,
    /// How long it thought (`None`: it crashed).
    pub took: Option<Duration>,
}

/// Lets the bot `spec` think about `m` for `seat` after `delay` (and, with `metered`, once the
/// client's bot thinking time allows); the answer goes to `tx`.
pub(crate) fn think(
    m: Box<dyn DynMatch>,
    seat: Seat,
    spec: String,
    seed: u64,
    delay: Duration,
    metered: Option<(App, IpAddr)>,
    tx: mpsc::UnboundedSender<BotMove>,
) {
    tokio::spawn(
        async move {
            tokio::time::sleep(delay).await;
            if let Some((app, client)) = &metered {
                let mut waited = false;
                loop {
                    let wait = app.bot_time.wait(*client);
                    if wait.is_zero() {
                        break;
                    }
                    if !waited {
                        app.metrics.refuse("bot-time");
                        waited = true;
                    }
                    tokio::time::sleep(wait).await;
                }
            }
            let step = m.actions();
            // Search can take a while: keep it off the async workers. Only the thinking is charged,
            // not the wait for a blocking thread: under load that wait is the server's, not the
            // client's, and charging it throttled a busy server's bots for nothing.
            let thought = tokio::task::spawn_blocking(move || {
                let started = Instant::now();
                let action = m.bot_action(seat, &spec, seed).map_err(|e| e.to_string());
                (action, started.elapsed())
            })
            .await;
            let (action, took) = match thought {
                Ok((action, took)) => {
                    if let Some((app, client)) = &metered {
                        app.bot_time.charge(*client, took);
                    }
                    (action, Some(took))
                }
                Err(e) => (Err(format!("the bot crashed: {e}")), None),
            };
            let _ = tx.send(BotMove { seat, step, action, took });
        }
        .in_current_span(),
    );
}

/// A random legal action, for when a bot fails.
pub(crate) fn fallback(m: &dyn DynMatch, seat: Seat) -> Option<String> {
    m.legal_actions(seat).choose(&mut rand::rng()).cloned()
}

/// The bot's seed for one decision: fixed by the table's secret seed, the step and the seat.
pub(crate) fn seed(table_seed: u64, step: usize, seat: Seat) -> u64 {
    let mixed = table_seed ^ (step as u64 + 1).wrapping_mul(0x9E37_79B9_7F4A_7C15) ^ ((seat.index() as u64) << 56);
    mixed.rotate_left(17).wrapping_mul(0xBF58_476D_1CE4_E5B9)
}

/// Checks that `spec` names one of the game's bots (or levels) with a parameter it accepts and
/// a budget the server allows.
pub(crate) fn check(kind: &dyn GameKind, m: &dyn DynMatch, spec: &str) -> Result<(), ApiError> {
    // A level's name (`expert`) stands for the spec the game gives it.
    let levels = kind.info().levels;
    let parsed = BotSpec::parse(levels.resolve(spec));
    let known = kind.info().bots;
    if !known.contains(&parsed.kind.as_str()) {
        return Err(ApiError::bad_request(format!(
            "{} has no bot {:?}; known: {}, or a level: {}",
            kind.name(),
            parsed.kind,
            known.join(", "),
            levels.all().iter().map(|l| l.level.name()).collect::<Vec<_>>().join(", ")
        )));
    }
    let budget = bots::ismcts_budget(&parsed).map_err(|e| ApiError::bad_request(e.to_string()))?;
    let too_much = match budget {
        Some(Budget::Iterations(n)) => u64::from(n) > MAX_ITERATIONS,
        Some(Budget::Time(limit)) => limit > Duration::from_millis(MAX_MILLIS),
        None => false,
    };
    if too_much {
        return Err(ApiError::bad_request(format!(
            "bot budget {spec:?} is too large (at most {MAX_ITERATIONS} iterations or {MAX_MILLIS}ms)"
        )));
    }
    // Asking a seat that has nothing to do (one past the table's seats, or an idle one) builds
    // the bot, which checks its parameter, without letting it think.
    let to_act = m.to_act();
    let idle = Seat::new(m.seats()).or_else(|| Seat::all(m.seats()).find(|s| !to_act.contains(*s)));
    if let Some(idle) = idle
        && let Err(DynBotError::Bot(e)) = m.bot_action(idle, spec, 0)
    {
        return Err(ApiError::bad_request(e.to_string()));
    }
    Ok(())
}
