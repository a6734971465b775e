//! The table clock: a time control (seconds per decision, or none), the deadlines of the step
//! under way, the seats the table plays for because their time ran out, and the hold on passes
//! in reaction windows at tables with people. Pure bookkeeping: the actor asks it what is due
//! and does it (see `timing.rs`).

use engine::{DynMatch, Seat, StepKind};
use serde::{Deserialize, Serialize};

use crate::store::ClockRow;

/// The most seconds per decision a table may have (a day).
pub(crate) const MAX_SECONDS: u32 = 86_400;

/// What the clock keeps between decisions, stored (as JSON) for tables with a time control.
#[derive(Clone, Debug, Default, PartialEq, Serialize, Deserialize)]
pub(crate) struct ClockState {
    /// The step the deadlines belong to (the number of actions before it began).
    pub step: usize,
    /// When the step began (microseconds since the epoch).
    pub started_us: i64,
    /// Each seat's deadline in this step, if a person must answer by then.
    pub deadlines: Vec<Option<i64>>,
    /// The seats the table plays for (their time ran out and they have not acted since).
    pub by_table: Vec<bool>,
}

/// A table's clock.
pub(crate) struct TableClock {
    /// Seconds per decision, or `None`: no time control.
    pub seconds: Option<u32>,
    /// Whether a person sits at the table (only then do reaction windows wait and deadlines run).
    pub people: bool,
    pub state: ClockState,
    /// In a reaction window at a table with people: no pass is applied before this time
    /// (`None` once the held passes were applied).
    pub hold_until: Option<i64>,
}

/// What the clock says is due now.
#[derive(Debug, PartialEq, Eq)]
pub(crate) enum Due {
    /// The seat's time ran out: the table answers for it.
    TimeOut(Seat),
    /// The hold on passes is over: apply the held passes and answer for people who can only pass.
    Release,
}

impl TableClock {
    /// A clock for `seats` seats with `seconds` per decision (`None`: off).
    pub(crate) fn new(seconds: Option<u32>, people: bool, seats: usize) -> TableClock {
        let state = ClockState { deadlines: vec![None; seats], by_table: vec![false; seats], ..ClockState::default() };
        TableClock { seconds, people, state, hold_until: None }
    }

    /// A clock read back from its stored row.
    pub(crate) fn restored(row: &ClockRow, people: bool, seats: usize) -> TableClock {
        let mut clock = TableClock::new(Some(row.seconds), people, seats);
        if let Ok(state) = serde_json::from_str::<ClockState>(&row.state)
            && state.deadlines.len() == seats
            && state.by_table.len() == seats
        {
            clock.state = state;
        }
        clock
    }

    /// The row to store, for a table with a time control.
    pub(crate) fn row(&self) -> Option<ClockRow> {
        let seconds = self.seconds?;
        Some(ClockRow { seconds, state: serde_json::to_string(&self.state).unwrap_or_default() })
    }

    /// Starts the deadlines of the step that began at `step` (the number of actions) at `now`,
    /// unless they already belong to that step (a restored table keeps its deadlines).
    /// `is_person(seat)` says whether a person sits there. `reaction` is how long a person who
    /// may react has at a table without a time control; `delay` the hold on passes.
    pub(crate) fn begin_step(
        &mut self,
        m: &dyn DynMatch,
        step: usize,
        now: i64,
        is_person: &dyn Fn(Seat) -> bool,
        delay_us: i64,
        reaction_us: i64,
    ) -> bool {
        let kind = m.step_kind();
        let fresh = self.state.step != step || self.state.started_us == 0;
        if fresh {
            self.state.step = step;
            self.state.started_us = now;
        }
        let started = self.state.started_us;
        let reaction = self.people && kind == StepKind::Reaction;
        self.hold_until = reaction.then_some(started + delay_us);
        if fresh {
            let per_decision = self.seconds.map(|s| i64::from(s) * 1_000_000);
            let to_act = m.to_act();
            for (i, deadline) in self.state.deadlines.iter_mut().enumerate() {
                let seat = Seat::new(i).filter(|s| to_act.contains(*s) && is_person(*s));
                *deadline = match (seat, per_decision) {
                    (None, _) => None,
                    (Some(_), Some(limit)) => Some(started + limit),
                    (Some(_), None) if reaction => Some(started + reaction_us),
                    (Some(_), None) => None,
                };
            }
        }
        fresh
    }

    /// The seat's time starts again (a person took the seat back in the middle of a step).
    pub(crate) fn restart_seat(&mut self, seat: Seat, now: i64, reaction_us: i64, kind: StepKind) {
        let limit = match self.seconds {
            Some(s) => Some(i64::from(s) * 1_000_000),
            None if kind == StepKind::Reaction && self.people => Some(reaction_us),
            None => None,
        };
        if let Some(deadline) = self.state.deadlines.get_mut(seat.index()) {
            *deadline = limit.map(|l| now + l);
        }
    }

    /// Whether the table plays for `seat`.
    pub(crate) fn by_table(&self, seat: Seat) -> bool {
        self.state.by_table.get(seat.index()).copied().unwrap_or(false)
    }

    /// Marks whether the table plays for `seat`; says whether that changed.
    pub(crate) fn set_by_table(&mut self, seat: Seat, on: bool) -> bool {
        match self.state.by_table.get_mut(seat.index()) {
            Some(flag) if *flag != on => {
                *flag = on;
                true
            }
            _ => false,
        }
    }

    /// What is due at `now` among the seats still to act, at most one thing: the hold on passes
    /// ending first, then the earliest seat whose time ran out.
    pub(crate) fn due(&self, m: &dyn DynMatch, now: i64) -> Option<Due> {
        if let Some(until) = self.hold_until
            && now >= until
        {
            return Some(Due::Release);
        }
        let to_act = m.to_act();
        self.state
            .deadlines
            .iter()
            .enumerate()
            .filter_map(|(i, d)| Some((Seat::new(i)?, (*d)?)))
            .filter(|(seat, deadline)| to_act.contains(*seat) && now >= *deadline && !self.by_table(*seat))
            .min_by_key(|(_, deadline)| *deadline)
            .map(|(seat, _)| Due::TimeOut(seat))
    }

    /// Whether something will come due for the seats still to act (so the table must watch
    /// the time).
    pub(crate) fn pending(&self, m: &dyn DynMatch) -> bool {
        let to_act = m.to_act();
        self.hold_until.is_some()
            || self
                .state
                .deadlines
                .iter()
                .enumerate()
                .any(|(i, d)| d.is_some() && Seat::new(i).is_some_and(|s| to_act.contains(s) && !self.by_table(s)))
    }

    /// Whether a pass in this position must wait for the hold: `notation` is `seat`'s pass in
    /// a reaction window at a table with people, before the hold is over.
    pub(crate) fn holds(&self, m: &dyn DynMatch, seat: Seat, notation: &str, now: i64) -> bool {
        self.hold_until.is_some_and(|until| now < until) && m.pass(seat).is_some_and(|pass| pass == notation)
    }

    /// The clock as every viewer sees it, at `now`.
    pub(crate) fn to_json(&self, m: &dyn DynMatch, running: bool, now: i64) -> ClockJson {
        let to_act = m.to_act();
        ClockJson {
            seconds: self.seconds,
            seats: self
                .state
                .deadlines
                .iter()
                .enumerate()
                .map(|(i, deadline)| {
                    let asked = running && Seat::new(i).is_some_and(|s| to_act.contains(s));
                    SeatClockJson {
                        remaining_ms: deadline.filter(|_| asked).map(|d| ((d - now).max(0) / 1000) as u64),
                        by_table: self.state.by_table[i],
                    }
                })
                .collect(),
        }
    }
}

/// The clock in the API's Table object.
#[derive(Clone, Debug, PartialEq, Serialize)]
pub(crate) struct ClockJson {
    /// Seconds per decision, or null: no time control.
    pub seconds: Option<u32>,
    /// Per seat: the time left for the decision under way and whether the table plays for it.
    pub seats: Vec<SeatClockJson>,
}

/// One seat's clock.
#[derive(Clone, Debug, PartialEq, Serialize)]
pub(crate) struct SeatClockJson {
    /// Milliseconds left to answer, when the seat is a person asked to act and a deadline runs.
    pub remaining_ms: Option<u64>,
    /// Whether the table plays for this seat (its time ran out).
    pub by_table: bool,
}
