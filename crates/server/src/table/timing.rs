//! How an actor honours the step under way and its clock: answers of a secret choice or
//! reaction window in any order, bots thinking from where the step began, passes held back in
//! reaction windows at tables with people, and the table answering a decision whose deadline
//! came (one missed decision, or every decision of an away seat at a person's pace; the rules
//! are in `clock.rs`).

use std::time::Duration;

use engine::{DynMatch, Seat, StepKind};

use super::Actor;
use crate::store::Write;
use crate::table::clock::{Due, Waits};
use crate::table::model::{SeatSetup, Status};
use crate::table::steps::Step;
use crate::table::{bots, messages};

/// The bot the table answers with for a person, best first.
const TABLE_BOTS: [&str; 2] = ["heuristic", "random"];

/// A pass waiting for the hold of a reaction window to end.
pub(super) struct Held {
    pub seat: Seat,
    pub notation: String,
    /// The table gave it for the seat's person (their deadline came), not the person.
    pub by_table: bool,
}

/// The clock's waits as the server's options set them.
pub(super) fn waits(options: &crate::ServeOptions) -> Waits {
    let us = |d: Duration| i64::try_from(d.as_micros()).unwrap_or(i64::MAX);
    Waits {
        hold_us: us(options.reaction_delay),
        reaction_us: us(options.reaction_time),
        // A person's pace is never faster than a bot's.
        away_us: us(options.away_delay.max(options.bot_delay)),
    }
}

impl Actor {
    pub(super) fn now(&self) -> i64 {
        self.app.options.time.now_micros()
    }

    fn is_person(&self, seat: Seat) -> bool {
        matches!(self.table.seats.get(seat.index()), Some(SeatSetup::Human { .. }))
    }

    /// Whether something on the clock will come due, so the actor must look at the time.
    pub(super) fn clock_pending(&self) -> bool {
        self.table.status == Status::Running && (!self.held.is_empty() || self.clock.pending(self.table.m.as_ref()))
    }

    /// After the match changed (`seat` acted) or the table started, before anyone is told:
    /// follows the step and starts a new step's deadlines (then call `schedule_bots`).
    pub(super) async fn position_changed(&mut self, seat: Option<Seat>) {
        if self.table.status != Status::Running {
            return;
        }
        let m = self.table.m.as_ref();
        if self.step.follow(m, seat) {
            self.void_held();
        }
        let now = self.now();
        let people: Vec<bool> =
            (0..self.table.seats.len()).map(|i| Seat::new(i).is_some_and(|s| self.is_person(s))).collect();
        let is_person = |s: Seat| people.get(s.index()).copied().unwrap_or(false);
        if self.clock.begin_step(self.table.m.as_ref(), self.step.start, now, &is_person) {
            self.save_clock().await;
        }
    }

    /// The step ended while passes were held (another seat's answer decided it): the held
    /// passes never happen. A person who sent one is told, so a client waiting for its
    /// acknowledgement is not left waiting; passes the table gave need no word.
    fn void_held(&mut self) {
        for held in std::mem::take(&mut self.held) {
            self.void(&held);
        }
    }

    /// Tells the seat's connections that its held pass never happened, if its person sent it.
    fn void(&self, held: &Held) {
        if !self.is_person(held.seat) || held.by_table {
            return;
        }
        let text = messages::void(&held.notation);
        for s in self.subscribers.iter().filter(|s| s.viewer == Some(held.seat)) {
            let _ = s.tx.try_send(text.clone());
        }
    }

    /// Stores the clock of a table with a time control. A failed write pauses the table like a
    /// failed action: no move is taken on top of a clock the database does not have, and the
    /// clock is stored again until it is (`Actor::store_again`).
    pub(super) async fn save_clock(&mut self) {
        let Some(clock) = self.clock.row(self.table.m.as_ref()) else { return };
        let write = Write::Clock { table: self.table.id.clone(), epoch: self.table.epoch, clock };
        match self.app.store.write(write).await {
            Ok(()) => self.clock_unsaved = false,
            Err(e) if e.lost() => self.lost = true,
            Err(e) => {
                tracing::error!(table = %self.table.id, "could not store the clock, pausing: {e}");
                self.clock_unsaved = true;
                self.announce_pause();
            }
        }
    }

    /// Lets every bot seat to act, and every person's seat whose decision the table answers,
    /// answer: from the position where the step began, each at most once per step.
    pub(super) fn schedule_bots(&mut self) {
        // A table waiting for the database takes no new moves, the table's own included.
        if self.table.status != Status::Running || self.table.paused {
            return;
        }
        let bots_known = self.app.registry.get(self.table.game).map(|k| k.info().bots).unwrap_or(&[]);
        for seat in self.table.m.to_act() {
            // A seat whose pass is held has answered this step.
            if self.thinking[seat.index()] || self.held.iter().any(|h| h.seat == seat) {
                continue;
            }
            let (spec, delay) = match self.table.seats.get(seat.index()) {
                Some(SeatSetup::Bot { bot }) => (bot.clone(), self.app.options.bot_delay),
                // The person's deadline came: their time (or the away pace) was the wait.
                Some(SeatSetup::Human { .. }) if self.clock.answering(seat) => {
                    let spec = TABLE_BOTS.iter().find(|b| bots_known.contains(b));
                    (spec.map_or_else(|| "random".to_owned(), |b| (*b).to_owned()), Duration::ZERO)
                }
                _ => continue,
            };
            self.thinking[seat.index()] = true;
            let seed = bots::seed(self.table.seed, self.step.start, seat);
            bots::think(
                self.step.position(self.table.m.as_ref()),
                seat,
                spec,
                seed,
                delay,
                self.table.creator.map(|client| (self.app.clone(), client)),
                self.bot_tx.clone(),
            );
        }
    }

    /// Whether a bot's answer `found` for the step that began at `step` still counts: the same
    /// step is under way, the seat has not answered, and (at a person's seat) the table still
    /// answers for it.
    pub(super) fn answer_counts(&self, seat: Seat, step: usize) -> bool {
        let plays = match self.table.seats.get(seat.index()) {
            Some(SeatSetup::Bot { .. }) => true,
            Some(SeatSetup::Human { .. }) => self.clock.answering(seat),
            None => false,
        };
        plays && step == self.step.start && self.table.m.to_act().contains(seat)
    }

    /// Whether `notation` by `seat` must wait for the hold on passes; if so it is kept and
    /// applied when the hold ends (the seat's later answer in the same step replaces it).
    /// `by_table`: the table gives it for the seat's person.
    pub(super) fn hold(&mut self, seat: Seat, notation: &str, by_table: bool) -> bool {
        let now = self.now();
        self.held.retain(|h| h.seat != seat);
        if self.clock.holds(self.table.m.as_ref(), seat, notation, now) {
            self.held.push(Held { seat, notation: notation.to_owned(), by_table });
            return true;
        }
        false
    }

    /// The person at `seat` acted or said they are back: no misses, not away, and the table
    /// stops answering for them; if they are still asked, their time starts again in full.
    pub(super) async fn take_back(&mut self, seat: Seat) {
        if !self.clock.come_back(seat) {
            return;
        }
        tracing::info!(table = %self.table.id, %seat, "a person is back at their seat");
        let (now, kind) = (self.now(), self.table.m.step_kind());
        if self.table.m.to_act().contains(seat) {
            self.clock.restart_seat(seat, now, kind);
        }
        self.held.retain(|h| !(h.seat == seat && h.by_table));
        self.save_clock().await;
        self.publish(None, None);
    }

    /// Looks at the time: applies what came due.
    pub(super) async fn tick(&mut self) {
        // Each round changes something (an answer applied, a deadline answered, the hold
        // ended), so this ends; the bound only guards against a game that refuses every pass.
        for _ in 0..64 {
            let now = self.now();
            let Some(due) = self.clock.due(self.table.m.as_ref(), now) else { break };
            match due {
                Due::Release => {
                    self.clock.hold_until = None;
                    self.release().await;
                }
                Due::TimeOut(seat) => self.time_out(seat).await,
            }
            if self.table.status != Status::Running {
                break;
            }
        }
    }

    /// The hold on passes is over: applies the held passes, then answers for every person who
    /// can only pass (a forced pass: not marked as played for them).
    async fn release(&mut self) {
        let step = self.step.start;
        for held in std::mem::take(&mut self.held) {
            if self.step.start != step || !self.table.m.to_act().contains(held.seat) {
                // An earlier held pass decided the window.
                self.void(&held);
                continue;
            }
            self.apply_answer(held.seat, held.notation, held.by_table).await;
        }
        if self.step.start != step || self.step.kind != StepKind::Reaction {
            return;
        }
        for seat in self.table.m.to_act() {
            let legal = self.table.m.legal_actions(seat);
            if self.is_person(seat)
                && let [only] = legal.as_slice()
                && self.table.m.pass(seat).as_deref() == Some(only.as_str())
            {
                self.apply_answer(seat, only.clone(), false).await;
                if self.step.start != step {
                    return;
                }
            }
        }
    }

    /// The deadline of `seat` came: the table answers this one decision (the pass in a
    /// reaction window, else the table's bot at once) and counts the miss.
    async fn time_out(&mut self, seat: Seat) {
        let missed = self.clock.time_ran_out(seat);
        tracing::info!(table = %self.table.id, %seat, ?missed, "the table answers a decision for a person");
        self.save_clock().await;
        if self.step.kind == StepKind::Reaction
            && let Some(pass) = self.table.m.pass(seat)
        {
            if !self.hold(seat, &pass, true) {
                self.apply_answer(seat, pass, true).await;
            }
            return;
        }
        // Everyone sees the miss (and an away seat) before the table's answer comes.
        self.publish(None, None);
        self.schedule_bots();
    }

    /// Applies an answer the table gives (a held pass, a pass at the deadline) and commits it;
    /// `by_table`: the table chose it for the seat's person.
    async fn apply_answer(&mut self, seat: Seat, notation: String, by_table: bool) {
        match self.table.m.apply(seat, &notation) {
            Ok(events) => {
                self.commit(seat, notation, events, by_table).await;
            }
            Err(e) => tracing::error!(table = %self.table.id, %seat, "the table's answer {notation:?} is refused: {e}"),
        }
    }

    /// The step and clock of a table as it is now (at start: restored, or new).
    pub(super) fn step_of(m: &dyn DynMatch, registry: &engine::Registry) -> Step {
        if m.actions() == 0 { Step::begin(m) } else { Step::replayed(m, registry) }
    }
}
