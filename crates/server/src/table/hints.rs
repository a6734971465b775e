//! Hints: a seated person asks the game's Expert level for its best decisions in the step
//! under way, from the seat's own information, each with its estimated chance.
//!
//! The search runs on the blocking pool from where the step began (as the bots do, so no answer
//! of another seat in a secret choice can show), is charged to the asking client's bot thinking
//! time, and its answer goes to the connection that asked, for that step only. One hint per seat
//! at a time.

use std::net::IpAddr;
use std::time::Instant;

use engine::{DynMatch, Seat};
use serde::Serialize;

use super::Actor;
use crate::table::bots;
use crate::table::messages;

/// How many decisions a hint names.
pub(crate) const HINT_MOVES: usize = 3;

/// A hint worked out for a connection.
pub(crate) struct HintReady {
    conn: u64,
    seat: Seat,
    /// The step it is for (its first action's index).
    step: usize,
    /// The best decisions, best first, or why there are none.
    moves: Result<Vec<HintMove>, String>,
}

/// One suggested decision as the hint message carries it.
#[derive(Debug, PartialEq, Serialize)]
pub(crate) struct HintMove {
    /// The action, in the game's notation (one of the seat's legal actions).
    pub action: String,
    /// The seat's estimated reward after it, 0 to 1 (its chance to win in a two-player game).
    pub chance: f64,
    /// How many of the search's iterations tried it.
    pub visits: u32,
}

/// The seed of a hint's search: fixed by the table's secret seed, the step and the seat, and
/// apart from the bots' seeds (a hint repeats for the same step, whoever asks again).
fn seed(table_seed: u64, step: usize, seat: Seat) -> u64 {
    bots::seed(table_seed ^ 0x4849_4E54, step, seat)
}

/// The [`HINT_MOVES`] best decisions of `seat` at `m` by the bot `spec` (the search's ranking,
/// from the seat's information only), its search seeded by `seed`.
pub(crate) fn best_moves(m: &dyn DynMatch, seat: Seat, spec: &str, seed: u64) -> Result<Vec<HintMove>, String> {
    let values = m.analyse(seat, spec, seed).map_err(|e| e.to_string())?;
    Ok(values
        .into_iter()
        .take(HINT_MOVES)
        .map(|v| HintMove { action: v.action, chance: v.value.clamp(0.0, 1.0), visits: v.visits })
        .collect())
}

impl Actor {
    /// `seat`'s connection `conn` (at client `client`) asks for a hint.
    pub(super) fn hint(&mut self, conn: u64, seat: Seat, client: Option<IpAddr>) {
        if !self.taking_actions(conn) {
            return;
        }
        if self.table.rated {
            return self.send_error(conn, "hint-rated", "no hints at a rated table: the rating is yours alone");
        }
        if !self.table.m.to_act().contains(seat) || self.table.m.legal_actions(seat).is_empty() {
            return self.send_error(conn, "not-your-turn", "a hint is for a decision of yours: it is not your turn");
        }
        let Some(search) = self.table.levels.search() else {
            return self.send_error(conn, "no-hint", "this game has no Expert level to ask");
        };
        if self.hinting.get(seat.index()).copied().unwrap_or(true) {
            return self.send_error(conn, "hint-busy", "a hint for your seat is being worked out");
        }
        if let Some(client) = client {
            let wait = self.app.bot_time.wait(client);
            if !wait.is_zero() {
                self.app.metrics.refuse("bot-time");
                let message =
                    format!("the bots' thinking time for you is used up: ask again in {} s", wait.as_secs() + 1);
                return self.send_error(conn, "hint-later", &message);
            }
        }
        self.hinting[seat.index()] = true;
        let step = self.step.start;
        let position = self.step.position(self.table.m.as_ref());
        let (spec, seed, tx, app) =
            (search.to_owned(), seed(self.table.seed, step, seat), self.hint_tx.clone(), self.app.clone());
        tokio::spawn(async move {
            let thought = tokio::task::spawn_blocking(move || {
                let started = Instant::now();
                (best_moves(position.as_ref(), seat, &spec, seed), started.elapsed())
            })
            .await;
            let moves = match thought {
                Ok((moves, took)) => {
                    if let Some(client) = client {
                        app.bot_time.charge(client, took);
                    }
                    moves
                }
                Err(e) => Err(format!("the search crashed: {e}")),
            };
            let _ = tx.send(HintReady { conn, seat, step, moves });
        });
    }

    /// A hint is ready: it goes to the connection that asked, if the step it is for is still
    /// under way (a hint for a decision already made helps no one).
    pub(super) fn hint_ready(&mut self, ready: HintReady) {
        if let Some(busy) = self.hinting.get_mut(ready.seat.index()) {
            *busy = false;
        }
        if ready.step != self.step.start || !self.table.m.to_act().contains(ready.seat) {
            return;
        }
        match ready.moves {
            Ok(moves) => {
                if let Some(s) = self.subscribers.iter().find(|s| s.id == ready.conn) {
                    let _ = s.tx.try_send(messages::hint(ready.step, &moves));
                }
            }
            Err(e) => {
                tracing::error!(table = %self.table.id, seat = %ready.seat, "a hint failed: {e}");
                self.send_error(ready.conn, "hint-failed", &format!("no hint this time: {e}"));
            }
        }
    }
}

#[cfg(test)]
mod tests {
    use engine::{Game, GameRng, seeded};
    use rand::seq::IndexedRandom;
    use schotten_totten::SchottenTotten;

    use super::*;

    /// A hint for a world that differs from the table's only in what the seat cannot see (the
    /// other hand, the piles' order) is the same hint.
    #[test]
    fn a_hint_depends_only_on_what_the_seat_knows() {
        let registry = catalog::registry();
        let kind = registry.get("schotten-totten").expect("registered");
        let config = kind.default_config();
        let mut rng: GameRng = seeded(5);
        for game in 0..4u64 {
            let mut m = kind.new_match(&config, 2, game).expect("a match");
            for _ in 0..(6 + 5 * game) {
                let seat = m.to_act().first().expect("a seat to act");
                let action = m.legal_actions(seat).choose(&mut rng).cloned().expect("a legal action");
                m.apply(seat, &action).expect("legal");
            }
            let seat = m.to_act().first().expect("a seat to act");
            let state = engine::typed::<SchottenTotten>(m.as_ref()).expect("Schotten-Totten").state();
            let other = state.determinize(seat, &mut rng);
            assert_ne!(other.position(), state.position(), "game {game}: the other world differs");
            let at = |position: Option<String>| {
                kind.setup_match(&config, 2, &position.expect("a position"), 9).expect("the position reads")
            };
            let (here, there) = (at(state.position()), at(other.position()));
            let hint = best_moves(here.as_ref(), seat, "expert", 77).expect("a hint");
            assert!((1..=HINT_MOVES).contains(&hint.len()), "{hint:?}");
            assert!(hint.iter().all(|h| here.legal_actions(seat).contains(&h.action)), "{hint:?}");
            assert_eq!(best_moves(there.as_ref(), seat, "expert", 77).expect("a hint"), hint, "game {game}");
        }
    }
}
