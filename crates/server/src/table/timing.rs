//! How an actor honours the step under way and its clock: answers of a secret choice or
//! reaction window in any order, bots thinking from where the step began, passes held back in
//! reaction windows at tables with people, and the table answering for a person whose time ran
//! out until they take their seat back.

use engine::{DynMatch, Seat, StepKind};

use super::Actor;
use crate::store::Write;
use crate::table::clock::Due;
use crate::table::model::{SeatSetup, Status};
use crate::table::steps::Step;
use crate::table::{bots, messages};

/// The bot the table answers with for a person whose time ran out, best first.
const TABLE_BOTS: [&str; 2] = ["heuristic", "random"];

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
        let options = &self.app.options;
        let (delay, reaction) = (options.reaction_delay.as_micros() as i64, options.reaction_time.as_micros() as i64);
        let people: Vec<bool> =
            (0..self.table.seats.len()).map(|i| Seat::new(i).is_some_and(|s| self.is_person(s))).collect();
        let is_person = |s: Seat| people.get(s.index()).copied().unwrap_or(false);
        if self.clock.begin_step(self.table.m.as_ref(), self.step.start, now, &is_person, delay, reaction) {
            self.save_clock().await;
        }
    }

    /// The step ended while passes were held (another seat's answer decided it): the held
    /// passes never happen. A person who sent one is told, so a client waiting for its
    /// acknowledgement is not left waiting; passes the table gave for a seat need no word.
    fn void_held(&mut self) {
        for (seat, notation) in std::mem::take(&mut self.held) {
            self.void(seat, &notation);
        }
    }

    /// Tells `seat`'s connections that its held `notation` never happened, if a person sent it.
    fn void(&self, seat: Seat, notation: &str) {
        if !self.is_person(seat) || self.clock.by_table(seat) {
            return;
        }
        let text = messages::void(notation);
        for s in self.subscribers.iter().filter(|s| s.viewer == Some(seat)) {
            let _ = s.tx.try_send(text.clone());
        }
    }

    /// Stores the clock of a table with a time control. A failed write pauses the table like a
    /// failed action: no move is taken on top of a clock the database does not have, and the
    /// clock is stored again until it is (`Actor::store_again`).
    pub(super) async fn save_clock(&mut self) {
        let Some(clock) = self.clock.row() else { return };
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

    /// Lets every bot seat to act, and every seat the table plays for, answer: from the
    /// position where the step began, each at most once per step.
    pub(super) fn schedule_bots(&mut self) {
        // A table waiting for the database takes no new moves, the table's own included.
        if self.table.status != Status::Running || self.table.paused {
            return;
        }
        let bots_known = self.app.registry.get(self.table.game).map(|k| k.info().bots).unwrap_or(&[]);
        for seat in self.table.m.to_act() {
            // A seat whose pass is held has answered this step.
            if self.thinking[seat.index()] || self.held.iter().any(|(s, _)| *s == seat) {
                continue;
            }
            let spec = match self.table.seats.get(seat.index()) {
                Some(SeatSetup::Bot { bot }) => bot.clone(),
                Some(SeatSetup::Human { .. }) if self.clock.by_table(seat) => {
                    if self.step.kind == StepKind::Reaction
                        && let Some(pass) = self.table.m.pass(seat)
                    {
                        // The table passes for the seat it plays (held like any pass).
                        self.hold_or_apply_later(seat, pass);
                        continue;
                    }
                    let spec = TABLE_BOTS.iter().find(|b| bots_known.contains(b));
                    spec.map_or_else(|| "random".to_owned(), |b| (*b).to_owned())
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
                self.app.options.bot_delay,
                self.table.creator.map(|client| (self.app.clone(), client)),
                self.bot_tx.clone(),
            );
        }
    }

    /// A pass the table gives for a seat it plays: held until the hold ends, or applied at the
    /// next look at the clock.
    fn hold_or_apply_later(&mut self, seat: Seat, pass: String) {
        if !self.held.iter().any(|(s, _)| *s == seat) {
            self.held.push((seat, pass));
        }
    }

    /// Whether a bot's answer `found` for the step that began at `step` still counts: the same
    /// step is under way and the seat has not answered.
    pub(super) fn answer_counts(&self, seat: Seat, step: usize) -> bool {
        let plays = match self.table.seats.get(seat.index()) {
            Some(SeatSetup::Bot { .. }) => true,
            Some(SeatSetup::Human { .. }) => self.clock.by_table(seat),
            None => false,
        };
        plays && step == self.step.start && self.table.m.to_act().contains(seat)
    }

    /// Whether `notation` by `seat` must wait for the hold on passes; if so it is kept and
    /// applied when the hold ends (the seat's later answer in the same step replaces it).
    pub(super) fn hold(&mut self, seat: Seat, notation: &str) -> bool {
        let now = self.now();
        self.held.retain(|(s, _)| *s != seat);
        if self.clock.holds(self.table.m.as_ref(), seat, notation, now) {
            self.held.push((seat, notation.to_owned()));
            return true;
        }
        false
    }

    /// A person acted at a seat the table plays for: the seat is theirs again, and their time
    /// for the decision under way starts again.
    pub(super) async fn take_back(&mut self, seat: Seat) {
        if !self.clock.set_by_table(seat, false) {
            return;
        }
        tracing::info!(table = %self.table.id, %seat, "a person took their seat back");
        let (now, kind) = (self.now(), self.table.m.step_kind());
        self.clock.restart_seat(seat, now, self.app.options.reaction_time.as_micros() as i64, kind);
        self.held.retain(|(s, _)| *s != seat);
        self.save_clock().await;
        self.publish(None, None);
    }

    /// Looks at the time: applies what came due.
    pub(super) async fn tick(&mut self) {
        // Each round changes something (an answer applied, a seat taken over, the hold ended),
        // so this ends; the bound only guards against a game that refuses every pass.
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
        // Passes the table gives for seats it plays, after the hold.
        if self.clock.hold_until.is_none() && !self.held.is_empty() {
            self.release().await;
        }
    }

    /// The hold on passes is over: applies the held passes, then answers for every person who
    /// can only pass.
    async fn release(&mut self) {
        let step = self.step.start;
        for (seat, notation) in std::mem::take(&mut self.held) {
            if self.step.start != step || !self.table.m.to_act().contains(seat) {
                // An earlier held pass decided the window.
                self.void(seat, &notation);
                continue;
            }
            self.apply_answer(seat, notation).await;
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
                self.apply_answer(seat, only.clone()).await;
                if self.step.start != step {
                    return;
                }
            }
        }
    }

    /// The time of `seat` ran out: the table answers for it (the pass in a reaction window,
    /// else its bot) and, at a table with a time control, plays for the seat from now on.
    async fn time_out(&mut self, seat: Seat) {
        tracing::info!(table = %self.table.id, %seat, "time ran out; the table answers");
        let timed = self.clock.seconds.is_some();
        if timed {
            self.clock.set_by_table(seat, true);
            self.save_clock().await;
        } else if let Some(deadline) = self.clock.state.deadlines.get_mut(seat.index()) {
            *deadline = None;
        }
        if self.step.kind == StepKind::Reaction
            && let Some(pass) = self.table.m.pass(seat)
        {
            self.held.retain(|(s, _)| *s != seat);
            self.apply_answer(seat, pass).await;
        } else if timed {
            self.publish(None, None);
            self.schedule_bots();
        } else if let Some(any) = bots::fallback(self.table.m.as_ref(), seat) {
            self.apply_answer(seat, any).await;
        }
    }

    /// Applies an answer the table gives (a held pass, a pass at the deadline) and commits it.
    async fn apply_answer(&mut self, seat: Seat, notation: String) {
        match self.table.m.apply(seat, &notation) {
            Ok(events) => {
                self.commit(seat, notation, events).await;
            }
            Err(e) => tracing::error!(table = %self.table.id, %seat, "the table's answer {notation:?} is refused: {e}"),
        }
    }

    /// The step and clock of a table as it is now (at start: restored, or new).
    pub(super) fn step_of(m: &dyn DynMatch, registry: &engine::Registry) -> Step {
        if m.actions() == 0 { Step::begin(m) } else { Step::replayed(m, registry) }
    }
}
