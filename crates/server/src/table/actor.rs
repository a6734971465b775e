//! One task per table owns its match: commands come in one at a time, so a table needs no
//! locks, and a slow table never holds up another.

use std::sync::Arc;
use std::time::Duration;

use axum::extract::ws::Utf8Bytes;
use engine::{Seat, ViewerEvents};
use tokio::sync::{mpsc, watch};
use tracing::Instrument;

use super::bots::{self, BotMove};
use super::clock::TableClock;
use super::handle::{Command, TableHandle};
use super::messages;
use super::model::{SeatSetup, Status, TableJson};
use super::outage::{self, Outage};
use super::state::TableState;
use super::steps::Step;
use crate::api_error::ApiError;
use crate::app::App;
use crate::metrics::GameLabel;
use crate::store::Write;
use crate::tokens::TokenHash;

#[path = "connections.rs"]
mod connections;
#[path = "dormant.rs"]
mod dormant;
#[path = "hints.rs"]
mod hints;
#[path = "requests.rs"]
mod requests;

pub(crate) use dormant::wake_due;
pub(crate) use hints::HintMove;
#[path = "timing.rs"]
mod timing;
#[path = "turns.rs"]
mod turns;

/// Sleeps until `at` (never, for `None`).
async fn sleep_until(at: Option<tokio::time::Instant>) {
    match at {
        Some(at) => tokio::time::sleep_until(at).await,
        None => std::future::pending().await,
    }
}

/// The error code connections get when another server took their table over.
const MOVED: &str = "moved";
/// The error code connections get when the server stops.
const STOPPING: &str = "stopping";
/// How long a finished table nobody watches keeps its actor.
const IDLE: Duration = Duration::from_secs(60);
/// Messages queued for one connection before it counts as too slow and is dropped.
const CONNECTION_QUEUE: usize = 64;

struct Subscriber {
    id: u64,
    viewer: Option<Seat>,
    tx: mpsc::Sender<Utf8Bytes>,
}

struct Actor {
    app: App,
    table: TableState,
    generation: u64,
    subscribers: Vec<Subscriber>,
    /// Live connections per seat.
    connected: Vec<u32>,
    next_conn: u64,
    /// Since when the table has only waited for people with far deadlines (it leaves memory
    /// after a while, `dormant.rs`).
    waiting_since: Option<tokio::time::Instant>,
    /// Whether a bot is thinking for each seat.
    thinking: Vec<bool>,
    bot_tx: mpsc::UnboundedSender<BotMove>,
    /// Whether a hint is being worked out for each seat.
    hinting: Vec<bool>,
    /// Per seat: whether its player's feed was last told the seat is asked to act.
    asked: Vec<bool>,
    hint_tx: mpsc::UnboundedSender<hints::HintReady>,
    summary: watch::Sender<Arc<TableJson>>,
    /// The step under way and the position it began in.
    step: Step,
    /// The time control, deadlines and the seats the table plays for.
    clock: TableClock,
    /// Passes waiting for the hold of a reaction window to end.
    held: Vec<timing::Held>,
    /// The action whose write failed, while the table waits for the database.
    outage: Option<Outage>,
    /// The clock's last write failed: the table waits for the database until it is stored.
    clock_unsaved: bool,
    /// The creator closed the table: the actor stops.
    closed: bool,
    /// Another server owns the table now: the actor stops, and its connections reconnect
    /// (to the new owner, through whichever server they reach).
    lost: bool,
    /// The server stops: the actor stops, and its connections reconnect (to another node, or
    /// to this one once it is back).
    stopped: bool,
}

/// The queue length a connection's outgoing channel should have.
pub(crate) const fn connection_queue() -> usize {
    CONNECTION_QUEUE
}

/// Starts the actor of `table`.
pub(crate) fn spawn(app: App, table: TableState, generation: u64) -> TableHandle {
    let (tx, rx) = mpsc::channel(256);
    let (bot_tx, bot_rx) = mpsc::unbounded_channel();
    let (hint_tx, hint_rx) = mpsc::unbounded_channel();
    let seats = table.seats.len();
    let people = table.seats.iter().any(|s| matches!(s, SeatSetup::Human { .. }));
    let waits = timing::waits(&app.options);
    let clock = match &table.clock {
        Some(row) => TableClock::restored(row, people, seats, waits),
        None => TableClock::new(None, people, seats, waits),
    };
    let step = Actor::step_of(table.m.as_ref(), &app.registry);
    let epoch = table.epoch;
    let (summary, summary_rx) = watch::channel(Arc::new(table.to_json(&vec![0; seats])));
    let actor = Actor {
        app,
        table,
        generation,
        subscribers: Vec::new(),
        connected: vec![0; seats],
        next_conn: 0,
        thinking: vec![false; seats],
        waiting_since: None,
        bot_tx,
        hinting: vec![false; seats],
        asked: vec![false; seats],
        hint_tx,
        summary,
        step,
        clock,
        held: Vec::new(),
        outage: None,
        clock_unsaved: false,
        closed: false,
        lost: false,
        stopped: false,
    };
    actor.summary.send_replace(Arc::new(actor.table_json()));
    let span = tracing::info_span!(parent: None, "table", node = %actor.app.store.node(), table = %actor.table.id);
    tokio::spawn(actor.run(rx, bot_rx, hint_rx).instrument(span));
    TableHandle { tx, summary: summary_rx, generation, epoch }
}

impl Actor {
    async fn run(
        mut self,
        mut rx: mpsc::Receiver<Command>,
        mut bot_rx: mpsc::UnboundedReceiver<BotMove>,
        mut hint_rx: mpsc::UnboundedReceiver<hints::HintReady>,
    ) {
        tracing::debug!(table = %self.table.id, status = self.table.status.as_str(), "table actor up");
        self.position_changed(None).await;
        self.summary.send_replace(Arc::new(self.table_json()));
        self.schedule_bots();
        let mut tick = tokio::time::interval(self.app.options.clock_tick);
        tick.set_missed_tick_behavior(tokio::time::MissedTickBehavior::Delay);
        // An interval, not a sleep made anew each round: the clock's tick (every few ms at a
        // timed table) would otherwise restart the wait before it ever ends, and a paused timed
        // table would never try its write again.
        let mut retry = tokio::time::interval(self.app.options.store_retry);
        retry.set_missed_tick_behavior(tokio::time::MissedTickBehavior::Delay);
        loop {
            if self.closed || self.lost || self.stopped {
                self.app.tables.remove(&self.table.id, self.generation);
                if self.lost || self.stopped {
                    // Closed first: a connection that finds its messages ended can tell the table
                    // went away (and reconnect) from having been too slow.
                    rx.close();
                    let (code, message) = match self.lost {
                        true => (MOVED, "the table moved to another server; reconnect"),
                        false => (STOPPING, "the server is restarting; reconnect"),
                    };
                    for s in self.subscribers.drain(..) {
                        let _ = s.tx.try_send(messages::error(code, message));
                    }
                }
                break;
            }
            let timed = self.clock_pending();
            let unwatched = self.subscribers.is_empty();
            let idle = self.table.status == Status::Finished && unwatched;
            let abandoned = self.table.status == Status::Open && unwatched;
            let unload_at = self.unload_at();
            tokio::select! {
                command = rx.recv() => match command {
                    Some(command) => self.handle(command).await,
                    None => break,
                },
                Some(found) = bot_rx.recv() => self.bot_moved(found).await,
                Some(ready) = hint_rx.recv() => self.hint_ready(ready),
                _ = tick.tick(), if timed => self.tick().await,
                _ = retry.tick(), if self.table.paused => {
                    self.store_again().await;
                }
                () = tokio::time::sleep(IDLE), if idle => {
                    if self.app.tables.remove(&self.table.id, self.generation) {
                        break;
                    }
                }
                () = sleep_until(unload_at), if unload_at.is_some() => {
                    if self.unload().await {
                        break;
                    }
                }
                () = tokio::time::sleep(self.app.options.open_table_ttl), if abandoned => {
                    if self.delete_abandoned().await {
                        break;
                    }
                }
            }
        }
        tracing::debug!(table = %self.table.id, "table actor down");
    }

    /// Deletes this open table (no game was played on it); says whether it is gone.
    async fn delete_abandoned(&mut self) -> bool {
        if let Err(e) =
            self.app.store.write(Write::DeleteOpenTable { table: self.table.id.clone(), epoch: self.table.epoch }).await
        {
            self.lost |= e.lost();
            tracing::error!(table = %self.table.id, "could not delete an abandoned table: {e}");
            return false;
        }
        tracing::info!(table = %self.table.id, "abandoned open table deleted");
        self.app.tables.remove(&self.table.id, self.generation);
        true
    }

    async fn handle(&mut self, command: Command) {
        match command {
            Command::Subscribe { viewer, tx, reply } => {
                let id = self.subscribe(viewer, tx);
                let _ = reply.send(id);
            }
            Command::Unsubscribe { conn } => self.unsubscribe(conn),
            Command::Act { conn, seat, notation } => self.act(conn, seat, notation).await,
            Command::TakeBack { seat } => self.take_back(seat).await,
            Command::Hint { conn, seat, client } => self.hint(conn, seat, client),
            Command::Join { name, seat, invite, player, reply } => {
                let _ = reply.send(self.join(name, seat, invite, player).await);
            }
            Command::Close { owner, reply } => {
                let _ = reply.send(self.close(&owner).await);
            }
            Command::Authenticate { token, reply } => {
                let hash = TokenHash::of(&token);
                let seat = self.table.seats.iter().position(|s| s.holds(hash.as_str()));
                let _ = reply.send(seat.and_then(Seat::new));
            }
            Command::DeviceToken { player, reply } => {
                let _ = reply.send(self.device_token(&player).await);
            }
            Command::Record { reply } => {
                let record = if self.table.status == Status::Finished {
                    Ok(self.table.record())
                } else {
                    Err(ApiError::conflict("not-finished", "records are available once the game is over"))
                };
                let _ = reply.send(record);
            }
            Command::Rematch { reply } => {
                let _ = reply.send(self.rematch().await);
            }
            Command::Stop => self.stopped = true,
            Command::Retire => {
                tracing::info!(table = %self.table.id, "another server owns the table now; letting it go");
                self.lost = true;
            }
        }
    }

    /// Whether the game is on and the table takes actions; if not, tells connection `conn` why.
    fn taking_actions(&self, conn: u64) -> bool {
        let refusal = match self.table.status {
            Status::Open => Some(("not-started", "the table is waiting for players")),
            Status::Finished => Some(("over", "the game is over")),
            Status::Running if self.table.paused => Some((outage::CODE, outage::MESSAGE)),
            Status::Running => None,
        };
        if let Some((code, message)) = refusal {
            self.send_error(conn, code, message);
        }
        refusal.is_none()
    }

    async fn act(&mut self, conn: u64, seat: Seat, notation: String) {
        if !self.taking_actions(conn) {
            return;
        }
        if !self.table.m.to_act().contains(seat) {
            return self.send_error(conn, "not-your-turn", "it is not your turn");
        }
        let notation = notation.trim().to_owned();
        if self.table.m.legal_actions(seat).contains(&notation) {
            // Acting brings the person back (no misses, not away); a pass may have to wait
            // for the hold.
            self.take_back(seat).await;
            if self.hold(seat, &notation, false) {
                return;
            }
        }
        match self.table.m.apply(seat, &notation) {
            Ok(events) => {
                // On a failed write every connection, this one too, is told why (`pause`).
                self.commit(seat, notation, events, false).await;
            }
            Err(e) => {
                tracing::debug!(table = %self.table.id, %seat, "refused action: {e}");
                self.send_error(conn, "illegal", &e.to_string());
            }
        }
    }

    /// Stores the action just applied (`by_table`: the table chose it for the seat's person),
    /// then tells everyone. On a store failure the action is undone, nobody hears of it, and
    /// the table pauses until [`Actor::store_again`] stores it.
    async fn commit(&mut self, seat: Seat, notation: String, events: ViewerEvents, by_table: bool) -> bool {
        let outcome = self.table.m.outcome();
        let write = Write::Action {
            table: self.table.id.clone(),
            epoch: self.table.epoch,
            index: self.table.m.actions() - 1,
            seat,
            notation: notation.clone(),
            by_table,
            outcome,
            reason: outcome.and_then(|_| self.table.m.end_reason()),
        };
        if let Err(e) = self.app.store.write(write).await {
            if e.lost() {
                tracing::warn!(table = %self.table.id, "another server owns the table now; letting it go");
                self.undo_last();
                self.lost = true;
                return false;
            }
            tracing::error!(table = %self.table.id, "could not store an action, undoing it and pausing: {e}");
            self.undo_last();
            self.pause(seat, notation, by_table);
            return false;
        }
        self.app.metrics.actions.get_or_create(&GameLabel { game: self.table.game }).inc();
        let stored_again = self.outage.take().is_some();
        self.table.log.push(events);
        self.table.played_for.push(by_table.then_some(seat));
        if outcome.is_some() {
            self.table.status = Status::Finished;
            tracing::info!(table = %self.table.id, game = self.table.game, steps = self.table.m.actions(), "table finished");
        }
        // Stores the new step's clock, which may fail (and pause) in its turn.
        self.position_changed(Some(seat)).await;
        if outcome.is_some() && self.table.rated {
            crate::ratings::rate_later(self.app.clone(), self.table.id.clone());
        }
        if stored_again && !self.clock_unsaved {
            tracing::info!(table = %self.table.id, "the database takes writes again; the table goes on");
            self.table.paused = false;
        }
        let last = self.table.log.len() - 1;
        self.publish(Some(last), Some((seat, &notation)));
        self.schedule_bots();
        true
    }

    /// Keeps the unstored action to store it again and tells everyone the table waits.
    fn pause(&mut self, seat: Seat, notation: String, by_table: bool) {
        match &mut self.outage {
            Some(outage) => outage.attempts += 1,
            None => {
                self.outage = Some(Outage::new(seat, notation, by_table));
                self.announce_pause();
            }
        }
    }

    /// The table waits for the database from now on: everyone is told, once.
    pub(super) fn announce_pause(&mut self) {
        if self.table.paused {
            return;
        }
        self.table.paused = true;
        self.app.metrics.store_pauses.inc();
        for s in &self.subscribers {
            let _ = s.tx.try_send(messages::error(outage::CODE, outage::MESSAGE));
        }
        self.publish(None, None);
    }

    /// Stores what could not be stored (the clock, then the action whose write failed); once
    /// everything is stored the table goes on.
    async fn store_again(&mut self) {
        if self.clock_unsaved {
            self.save_clock().await;
            if self.clock_unsaved {
                return;
            }
            if self.outage.is_none() {
                tracing::info!(table = %self.table.id, "the clock is stored again; the table goes on");
                self.table.paused = false;
                self.publish(None, None);
                self.schedule_bots();
                return;
            }
        }
        let Some(Outage { seat, notation, by_table, attempts }) = self.outage.clone() else { return };
        tracing::debug!(table = %self.table.id, attempts, "storing a paused action again");
        match self.table.m.apply(seat, &notation) {
            Ok(events) => {
                self.commit(seat, notation, events, by_table).await;
            }
            Err(e) => {
                // Cannot happen (nothing moved since it was applied), but must not wedge the table.
                tracing::error!(table = %self.table.id, "a paused action no longer applies: {e}");
                self.outage = None;
                self.table.paused = self.clock_unsaved;
                self.publish(None, None);
                self.schedule_bots();
            }
        }
    }

    fn undo_last(&mut self) {
        let mut record = self.table.m.record();
        record.actions.pop();
        record.outcome = None;
        match self.app.registry.replay(&record) {
            Ok(m) => self.table.m = m,
            Err(e) => tracing::error!(table = %self.table.id, "could not undo an unstored action: {e}"),
        }
    }

    async fn bot_moved(&mut self, found: BotMove) {
        let seat = found.seat;
        self.thinking[seat.index()] = false;
        if let Some(took) = found.took {
            self.app
                .metrics
                .bot_seconds
                .get_or_create(&GameLabel { game: self.table.game })
                .observe(took.as_secs_f64());
        }
        if self.table.paused {
            // Thought before the table paused: asked again once it goes on.
            return;
        }
        if self.table.status != Status::Running || !self.table.m.to_act().contains(seat) {
            return;
        }
        if !self.answer_counts(seat, found.step) {
            // A new step began while the bot thought: think again about it. (An answer for
            // the step under way counts, whoever answered before it.)
            return self.schedule_bots();
        }
        let mut notation = found.action.unwrap_or_else(|e| {
            tracing::error!(table = %self.table.id, %seat, "the bot failed, playing a random legal action: {e}");
            bots::fallback(self.table.m.as_ref(), seat).unwrap_or_default()
        });
        // At a person's seat the table chose this answer for them.
        let by_table = matches!(self.table.seats.get(seat.index()), Some(SeatSetup::Human { .. }));
        if self.table.m.legal_actions(seat).contains(&notation) && self.hold(seat, &notation, by_table) {
            return;
        }
        let events = match self.table.m.apply(seat, &notation) {
            Ok(events) => events,
            Err(e) => {
                tracing::error!(table = %self.table.id, %seat, "the bot played {notation:?}, which is illegal: {e}");
                notation = bots::fallback(self.table.m.as_ref(), seat).unwrap_or_default();
                match self.table.m.apply(seat, &notation) {
                    Ok(events) => events,
                    Err(e) => return tracing::error!(table = %self.table.id, "no legal action for the bot: {e}"),
                }
            }
        };
        // On a failed write the table pauses and stores this action again by itself.
        self.commit(seat, notation, events, by_table).await;
    }

    /// The API's Table object with the step's kind and the clock.
    fn table_json(&self) -> TableJson {
        let mut json = self.table.to_json(&self.connected);
        let running = self.table.status == Status::Running;
        let m = self.table.m.as_ref();
        json.clock = Some(self.clock.to_json(m, running, self.now()));
        json
    }
}
