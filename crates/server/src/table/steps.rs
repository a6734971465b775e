//! Which step a table is in: where it began, what kind it is, and the position the seats of a
//! simultaneous step all choose from.

use engine::{DynMatch, Seat, SeatSet, StepKind, step_continues};

/// The step under way at a table.
pub(crate) struct Step {
    /// The number of actions before the step began: it names the step.
    pub start: usize,
    /// Turn, secret choice or reaction window.
    pub kind: StepKind,
    /// In a secret choice or reaction window, the position where the step began: every seat
    /// of the step (bots, and the table playing for a person) chooses from here, so no answer
    /// depends on another seat's answer or on who answered first. (A turn is decided from the
    /// current position, which is where it began.)
    position: Option<Box<dyn DynMatch>>,
    /// The seats to act as of the last position seen.
    to_act: SeatSet,
    /// The number of actions as of the last position seen.
    seen: usize,
}

impl Step {
    /// The step `m` is in, taken as beginning now.
    pub(crate) fn begin(m: &dyn DynMatch) -> Step {
        let kind = m.step_kind();
        let position = kind.is_simultaneous().then(|| m.clone_box());
        Step { start: m.actions(), kind, position, to_act: m.to_act(), seen: m.actions() }
    }

    /// A copy of the position the seats of this step choose from (`m` is the match now).
    pub(crate) fn position(&self, m: &dyn DynMatch) -> Box<dyn DynMatch> {
        self.position.as_ref().map_or_else(|| m.clone_box(), |p| p.clone_box())
    }

    /// Follows `m` after `seat` acted (or after anything else changed); returns whether a new
    /// step began. The step goes on while [`step_continues`] says so (simultaneous, same kind,
    /// exactly the seat that answered left `to_act`); anything else is a new step.
    pub(crate) fn follow(&mut self, m: &dyn DynMatch, seat: Option<Seat>) -> bool {
        if m.actions() == self.seen {
            return false;
        }
        let to_act = m.to_act();
        let goes_on = m.actions() == self.seen + 1
            && seat.is_some_and(|s| {
                self.to_act.contains(s) && step_continues((self.kind, self.to_act), s, (m.step_kind(), to_act))
            });
        if goes_on {
            self.to_act = to_act;
            self.seen = m.actions();
            false
        } else {
            *self = Step::begin(m);
            true
        }
    }

    /// Rebuilds the step a replayed match is in by following every action from the start.
    pub(crate) fn replayed(m: &dyn DynMatch, registry: &engine::Registry) -> Step {
        let record = m.record();
        let fresh = registry.get(&record.game).ok().and_then(|kind| {
            let mut at = kind.new_match(&record.config, m.seats(), record.seed).ok()?;
            let mut step = Step::begin(at.as_ref());
            for action in &record.actions {
                at.apply(action.seat, &action.action).ok()?;
                step.follow(at.as_ref(), Some(action.seat));
            }
            Some(step)
        });
        fresh.unwrap_or_else(|| Step::begin(m))
    }
}
