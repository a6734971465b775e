//! The table clock: a time control (seconds per decision, or none), the deadlines of the step
//! under way, and what the table does for a person who does not answer. Pure bookkeeping: the
//! actor asks it what is due and does it (see `timing.rs`).
//!
//! The rules, one decision at a time:
//! - A person asked to act has the time control's seconds for the decision (at a table without
//!   one, only a reaction window has a deadline: the reaction time).
//! - When the time runs out the table answers **that one decision** (the pass in a reaction
//!   window, otherwise the table's bot) and counts a miss. The next decision has the full time
//!   again.
//! - After [`AWAY_AFTER`] misses in a row (time-controlled tables only) the seat is *away*: the
//!   table answers each of its decisions at a person's pace (the away delay, never sooner than a
//!   bot seat would), until the person acts or says they are back.
//! - Any action of the person resets the misses and ends being away.

use engine::{DynMatch, Seat, StepKind};
use serde::{Deserialize, Serialize};

use crate::store::ClockRow;

/// The most seconds per decision a table may have: three days, the longest turn-based time.
pub(crate) const MAX_SECONDS: u32 = 3 * 86_400;

/// How many decisions in a row the table answers before a seat counts as away.
pub(crate) const AWAY_AFTER: u8 = 2;

/// What the clock keeps between decisions, stored (as JSON) for tables with a time control.
/// Fields added later default, so rows stored by an older server still read.
#[derive(Clone, Debug, Default, PartialEq, Serialize, Deserialize)]
pub(crate) struct ClockState {
    /// The step the deadlines belong to (the number of actions before it began).
    pub step: usize,
    /// When the step began (microseconds since the epoch).
    pub started_us: i64,
    /// Each seat's deadline in this step: when the table answers for it if its person has not.
    pub deadlines: Vec<Option<i64>>,
    /// The seats whose person is away (stored as `by_table`, the name an older server gave the
    /// seats it played for).
    #[serde(rename = "by_table")]
    pub away: Vec<bool>,
    /// Per seat, the decisions in a row the table answered because the time ran out.
    #[serde(default)]
    pub missed: Vec<u8>,
    /// The seats whose decision under way the table answers (their deadline came).
    #[serde(default)]
    pub answering: Vec<bool>,
}

impl ClockState {
    fn for_seats(seats: usize) -> ClockState {
        ClockState {
            deadlines: vec![None; seats],
            away: vec![false; seats],
            missed: vec![0; seats],
            answering: vec![false; seats],
            ..ClockState::default()
        }
    }

    /// Whether every per-seat list has `seats` entries, after filling the lists an older
    /// server did not store.
    fn fits(&mut self, seats: usize) -> bool {
        if self.missed.is_empty() {
            self.missed = vec![0; seats];
        }
        if self.answering.is_empty() {
            self.answering = vec![false; seats];
        }
        [self.deadlines.len(), self.away.len(), self.missed.len(), self.answering.len()].iter().all(|&n| n == seats)
    }
}

/// How long the clock's waits are, in microseconds (from the server's options).
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub(crate) struct Waits {
    /// At a table with people, no pass in a reaction window is applied before this long after
    /// the window opened.
    pub hold_us: i64,
    /// How long a person who may react has at a table without a time control.
    pub reaction_us: i64,
    /// How long the table waits before it answers a decision of an away seat (a person's pace).
    pub away_us: i64,
}

/// A table's clock.
pub(crate) struct TableClock {
    /// Seconds per decision, or `None`: no time control.
    pub seconds: Option<u32>,
    /// Whether a person sits at the table (only then do reaction windows wait and deadlines run).
    pub people: bool,
    pub waits: Waits,
    pub state: ClockState,
    /// In a reaction window at a table with people: no pass is applied before this time
    /// (`None` once the held passes were applied).
    pub hold_until: Option<i64>,
}

/// What the clock says is due now.
#[derive(Debug, PartialEq, Eq)]
pub(crate) enum Due {
    /// The seat's deadline came: the table answers its decision.
    TimeOut(Seat),
    /// The hold on passes is over: apply the held passes and answer for people who can only pass.
    Release,
}

/// What a deadline that came meant for the seat.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) enum Missed {
    /// The person missed this decision (the count of misses in a row, after this one).
    InARow(u8),
    /// The person missed their second decision in a row: the seat is away from now on.
    NowAway,
    /// The seat was already away: the table answers at a person's pace.
    Away,
    /// A table without a time control: the deadline of a reaction window; no miss counts.
    Untimed,
}

impl TableClock {
    /// A clock for `seats` seats with `seconds` per decision (`None`: off).
    pub(crate) fn new(seconds: Option<u32>, people: bool, seats: usize, waits: Waits) -> TableClock {
        TableClock { seconds, people, waits, state: ClockState::for_seats(seats), hold_until: None }
    }

    /// A clock read back from its stored row (a row that does not fit starts afresh).
    pub(crate) fn restored(row: &ClockRow, people: bool, seats: usize, waits: Waits) -> TableClock {
        let mut clock = TableClock::new(Some(row.seconds), people, seats, waits);
        if let Ok(mut state) = serde_json::from_str::<ClockState>(&row.state)
            && state.fits(seats)
        {
            clock.state = state;
        }
        clock
    }

    /// The seats whose person is away, as `row` stores them (none if it does not read).
    pub(crate) fn away_in(row: &ClockRow) -> Vec<bool> {
        serde_json::from_str::<ClockState>(&row.state).map(|s| s.away).unwrap_or_default()
    }

    /// What stored clock `row` of a table of `seats` says at `now`, without the match: the
    /// seats asked to act (those with a deadline), the step, and the clock as the API shows it.
    pub(crate) fn stored_json(row: &ClockRow, seats: usize, now: i64) -> (Vec<usize>, usize, ClockJson) {
        let mut state = serde_json::from_str::<ClockState>(&row.state).unwrap_or_default();
        if !state.fits(seats) {
            state = ClockState::for_seats(seats);
        }
        let to_act = (0..seats).filter(|&i| state.deadlines[i].is_some() && !state.answering[i]).collect();
        let clock = ClockJson {
            seconds: Some(row.seconds),
            seats: (0..seats)
                .map(|i| SeatClockJson {
                    remaining_ms: state.deadlines[i]
                        .filter(|_| !state.away[i])
                        .map(|d| ((d - now).max(0) / 1000) as u64),
                    away: state.away[i],
                    missed: state.missed[i],
                })
                .collect(),
        };
        (to_act, state.step, clock)
    }

    /// The earliest deadline running for a seat still to act in `m`, if any.
    pub(crate) fn next_deadline(&self, m: &dyn DynMatch) -> Option<i64> {
        let to_act = m.to_act();
        self.state
            .deadlines
            .iter()
            .enumerate()
            .filter(|(i, _)| Seat::new(*i).is_some_and(|s| to_act.contains(s)))
            .filter_map(|(_, d)| *d)
            .min()
    }

    /// The row to store, for a table with a time control playing `m`.
    pub(crate) fn row(&self, m: &dyn DynMatch) -> Option<ClockRow> {
        let seconds = self.seconds?;
        // Only the deadlines of seats still asked: a stored clock then says whose decision runs
        // (what a list shows of a table out of memory).
        let to_act = m.to_act();
        let mut state = self.state.clone();
        for (i, deadline) in state.deadlines.iter_mut().enumerate() {
            if !Seat::new(i).is_some_and(|s| to_act.contains(s)) {
                *deadline = None;
            }
        }
        Some(ClockRow {
            seconds,
            state: serde_json::to_string(&state).unwrap_or_default(),
            wake_us: self.next_deadline(m),
        })
    }

    /// The time a person has for one decision, if a deadline runs for it.
    fn limit_us(&self, kind: StepKind) -> Option<i64> {
        match self.seconds {
            Some(s) => Some(i64::from(s) * 1_000_000),
            None if kind == StepKind::Reaction && self.people => Some(self.waits.reaction_us),
            None => None,
        }
    }

    /// Starts the deadlines of the step that began at `step` (the number of actions) at `now`,
    /// unless they already belong to that step (a restored table keeps its deadlines); says
    /// whether the step is new. `is_person(seat)` says whether a person sits there.
    pub(crate) fn begin_step(
        &mut self,
        m: &dyn DynMatch,
        step: usize,
        now: i64,
        is_person: &dyn Fn(Seat) -> bool,
    ) -> bool {
        let kind = m.step_kind();
        let fresh = self.state.step != step || self.state.started_us == 0;
        if fresh {
            self.state.step = step;
            self.state.started_us = now;
        }
        let started = self.state.started_us;
        self.hold_until = (self.people && kind == StepKind::Reaction).then_some(started + self.waits.hold_us);
        if fresh {
            let limit = self.limit_us(kind);
            let to_act = m.to_act();
            for i in 0..self.state.deadlines.len() {
                let asked = Seat::new(i).is_some_and(|s| to_act.contains(s) && is_person(s));
                let wait = if self.state.away[i] { Some(self.waits.away_us) } else { limit };
                self.state.deadlines[i] = wait.filter(|_| asked).map(|w| started + w);
                self.state.answering[i] = false;
            }
        }
        fresh
    }

    /// The deadline of `seat` came: the table answers its decision under way. Counts the miss
    /// (a seat whose person missed [`AWAY_AFTER`] decisions in a row is away from now on).
    pub(crate) fn time_ran_out(&mut self, seat: Seat) -> Missed {
        let i = seat.index();
        if i >= self.state.deadlines.len() {
            return Missed::Untimed;
        }
        self.state.deadlines[i] = None;
        self.state.answering[i] = true;
        if self.seconds.is_none() {
            return Missed::Untimed;
        }
        if self.state.away[i] {
            return Missed::Away;
        }
        self.state.missed[i] = self.state.missed[i].saturating_add(1);
        if self.state.missed[i] >= AWAY_AFTER {
            self.state.away[i] = true;
            Missed::NowAway
        } else {
            Missed::InARow(self.state.missed[i])
        }
    }

    /// The person at `seat` acted or said they are back: no misses, not away, and the table
    /// stops answering for it. Says whether anything changed.
    pub(crate) fn come_back(&mut self, seat: Seat) -> bool {
        let i = seat.index();
        let Some(away) = self.state.away.get(i).copied() else { return false };
        let changed = away || self.state.missed[i] > 0 || self.state.answering[i];
        self.state.away[i] = false;
        self.state.missed[i] = 0;
        self.state.answering[i] = false;
        changed
    }

    /// The seat's time for the decision under way starts again, in full (the person came back
    /// in the middle of a step).
    pub(crate) fn restart_seat(&mut self, seat: Seat, now: i64, kind: StepKind) {
        let limit = self.limit_us(kind);
        if let Some(deadline) = self.state.deadlines.get_mut(seat.index()) {
            *deadline = limit.map(|l| now + l);
        }
    }

    /// Whether the table answers the seat's decision under way.
    pub(crate) fn answering(&self, seat: Seat) -> bool {
        self.state.answering.get(seat.index()).copied().unwrap_or(false)
    }

    /// What is due at `now` among the seats still to act, at most one thing: the hold on passes
    /// ending first, then the earliest seat whose deadline came.
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
            .filter(|(seat, deadline)| to_act.contains(*seat) && now >= *deadline && !self.answering(*seat))
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
                .any(|(i, d)| d.is_some() && Seat::new(i).is_some_and(|s| to_act.contains(s) && !self.answering(s)))
    }

    /// Whether a pass in this position must wait for the hold: `notation` is `seat`'s pass in
    /// a reaction window at a table with people, before the hold is over.
    pub(crate) fn holds(&self, m: &dyn DynMatch, seat: Seat, notation: &str, now: i64) -> bool {
        self.hold_until.is_some_and(|until| now < until) && m.pass(seat).is_some_and(|pass| pass == notation)
    }

    /// The clock as every viewer sees it, at `now`.
    pub(crate) fn to_json(&self, m: &dyn DynMatch, running: bool, now: i64) -> ClockJson {
        let to_act = m.to_act();
        let state = &self.state;
        ClockJson {
            seconds: self.seconds,
            seats: (0..state.deadlines.len())
                .map(|i| {
                    let asked = running && Seat::new(i).is_some_and(|s| to_act.contains(s));
                    // An away seat's deadline is the table's pace, not the person's time.
                    let deadline = state.deadlines[i].filter(|_| asked && !state.away[i]);
                    SeatClockJson {
                        remaining_ms: deadline.map(|d| ((d - now).max(0) / 1000) as u64),
                        away: state.away[i],
                        missed: state.missed[i],
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
    /// Per seat: the time left for the decision under way, whether the seat is away and how
    /// many decisions in a row the table answered for it.
    pub seats: Vec<SeatClockJson>,
}

/// One seat's clock.
#[derive(Clone, Debug, PartialEq, Serialize)]
pub(crate) struct SeatClockJson {
    /// Milliseconds left to answer, when the seat is a person asked to act and a deadline runs.
    pub remaining_ms: Option<u64>,
    /// Whether the person is away: the table plays for the seat at a person's pace until the
    /// person acts or says they are back.
    pub away: bool,
    /// Decisions in a row the table answered because the time ran out (at [`AWAY_AFTER`] the
    /// seat is away).
    pub missed: u8,
}
