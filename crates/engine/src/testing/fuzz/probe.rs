//! The checks a fuzz run makes at every position: legal actions and their notation, the
//! position notation, determinization, refusals that change nothing, and records that replay.

use std::collections::HashSet;

use crate::game::Game;
use crate::matches::Match;
use crate::record::Record;
use crate::rng::GameRng;
use crate::seat::{Seat, SeatSet};
use crate::testing::checks::all_views;

/// Everything anyone could tell about a state: its position (when the game writes one), every
/// viewer's view, who is to act and the history's length. Equal snapshots: nothing changed.
pub(super) struct Snapshot<G: Game> {
    position: Option<String>,
    views: Vec<G::View>,
    to_act: SeatSet,
    actions: usize,
}

impl<G: Game> Snapshot<G> {
    pub(super) fn of(m: &Match<G>) -> Self {
        Snapshot {
            position: m.state().position(),
            views: all_views(m.state()),
            to_act: m.state().to_act(),
            actions: m.history().len(),
        }
    }
}

impl<G: Game> PartialEq for Snapshot<G> {
    fn eq(&self, other: &Self) -> bool {
        (&self.position, &self.views, self.to_act, self.actions)
            == (&other.position, &other.views, other.to_act, other.actions)
    }
}

/// Every seat is to act exactly when it has legal actions; every legal action is in the action
/// space (when the game lists one), is its own canonical form and its notation reads back as
/// the same action; there is an outcome exactly when nobody is to act.
pub(super) fn check_legal<G: Game>(
    state: &G,
    space: Option<&HashSet<G::Action>>,
    legal: &mut Vec<G::Action>,
    ctx: &str,
) {
    let to_act = state.to_act();
    if state.outcome().is_none() == to_act.is_empty() {
        let (over, position) = (state.outcome().is_some(), state.position().unwrap_or_default());
        panic!("{ctx}: an outcome exactly when nobody is to act (over: {over}, to act: {to_act:?})\n{position}");
    }
    for seat in Seat::all(state.seats()) {
        state.legal_actions(seat, legal);
        if legal.is_empty() == to_act.contains(seat) {
            // The position, to write the regression test from (formatted only on failure).
            let (has, acts) = (!legal.is_empty(), to_act.contains(seat));
            let position = state.position().unwrap_or_default();
            panic!(
                "{ctx}: seat {seat} to act ⇔ has legal actions (has legal actions: {has}, to act: {acts})\n{position}"
            );
        }
        for action in legal.iter() {
            if let Some(space) = space {
                assert!(space.contains(action), "{ctx}: legal {action} is not in the action space");
            }
            assert_eq!(state.canonical(seat, *action), *action, "{ctx}: legal {action} is not its own canonical form");
            let text = action.to_string();
            let back: Result<G::Action, _> = text.parse();
            assert_eq!(back.as_ref().ok(), Some(action), "{ctx}: the notation {text:?} does not read back: {back:?}");
        }
    }
}

/// The written position reads back into a game that writes the same position, shows `viewer`
/// the same, offers every seat to act the same legal actions and has the same outcome.
/// Returns whether the game writes positions at all.
pub(super) fn check_position<G: Game>(state: &G, viewer: Option<Seat>, legal: &mut Vec<G::Action>, ctx: &str) -> bool {
    let Some(text) = state.position() else { return false };
    let restored = G::from_position(state.config(), state.seats(), &text)
        .unwrap_or_else(|e| panic!("{ctx}: the written position does not read back: {e}\n{text}"));
    assert_eq!(restored.position().as_deref(), Some(text.as_str()), "{ctx}: the position changes on reading");
    assert_eq!(restored.to_act(), state.to_act(), "{ctx}: to act differs after reading {text}");
    assert_eq!(restored.step_kind(), state.step_kind(), "{ctx}: the step differs after reading {text}");
    assert_eq!(restored.outcome(), state.outcome(), "{ctx}: the outcome differs after reading {text}");
    assert!(restored.view(viewer) == state.view(viewer), "{ctx}: {viewer:?}'s view differs after reading {text}");
    let mut restored_legal = Vec::new();
    for seat in state.to_act() {
        state.legal_actions(seat, legal);
        restored.legal_actions(seat, &mut restored_legal);
        assert_eq!(*legal, restored_legal, "{ctx}: seat {seat}'s legal actions differ after reading {text}");
    }
    true
}

/// A world sampled for `seat` shows `seat` exactly its own view and offers it the same legal
/// actions.
pub(super) fn check_determinize<G: Game>(
    state: &G,
    seat: Seat,
    rng: &mut GameRng,
    legal: &mut Vec<G::Action>,
    ctx: &str,
) {
    let world = state.determinize(seat, rng);
    assert!(world.view(Some(seat)) == state.view(Some(seat)), "{ctx}: determinize changed seat {seat}'s view");
    state.legal_actions(seat, legal);
    let mut world_legal = Vec::new();
    world.legal_actions(seat, &mut world_legal);
    assert_eq!(*legal, world_legal, "{ctx}: determinize changed seat {seat}'s legal actions");
}

/// The record of `m` survives JSON and replays (from the game's set-up or from the position
/// the match started from) to the same state: the same position, views, outcome and history.
pub(super) fn check_record<G: Game>(m: &Match<G>, ctx: &str) {
    let record = m.record();
    let json = serde_json::to_string(&record).expect("records serialise");
    let back: Record = serde_json::from_str(&json).unwrap_or_else(|e| panic!("{ctx}: the record does not read: {e}"));
    assert_eq!(back, record, "{ctx}: the record changes through JSON");
    let replayed = Match::<G>::replay(&back).unwrap_or_else(|e| panic!("{ctx}: the record does not replay: {e}"));
    same_state(&replayed, m, &format!("{ctx}: replayed"));
}

/// `a` and `b` are in the same state, as far as anyone can tell, with the same history.
pub(super) fn same_state<G: Game>(a: &Match<G>, b: &Match<G>, ctx: &str) {
    assert!(Snapshot::of(a) == Snapshot::of(b), "{ctx}: the states differ");
    assert_eq!(a.history(), b.history(), "{ctx}: the histories differ");
    assert_eq!(a.outcome(), b.outcome(), "{ctx}: the outcomes differ");
}
