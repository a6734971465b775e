//! The contract checks run at one position: step kinds, the secrecy of simultaneous answers,
//! determinization that depends only on the observer's knowledge, and refusals that change
//! nothing.

use std::collections::HashMap;
use std::hash::Hash;

use rand::Rng;

use crate::event::EventLog;
use crate::game::Game;
use crate::rng::{GameRng, seeded};
use crate::seat::Seat;
use crate::step::{StepKind, step_continues};

/// Everyone who may look at a table: the spectator and every seat.
pub(super) fn viewers(seats: usize) -> impl Iterator<Item = Option<Seat>> {
    std::iter::once(None).chain(Seat::all(seats).map(Some))
}

/// What every viewer sees of `state`, to compare before and after.
pub(super) fn all_views<G: Game>(state: &G) -> Vec<G::View> {
    viewers(state.seats()).map(|v| state.view(v)).collect()
}

/// The ids a game writes itself ([`Game::legal_action_ids`]), where it does, are those of its
/// legal actions in `space` (each action with its id), ascending; a game without an action
/// space writes none.
pub(super) fn check_legal_ids<G: Game>(
    state: &G,
    seat: Seat,
    legal: &[G::Action],
    space: Option<&HashMap<G::Action, u32>>,
    direct: &mut Vec<u32>,
    ctx: &str,
) {
    direct.clear();
    let wrote = state.legal_action_ids(seat, direct);
    let Some(space) = space else {
        assert!(!wrote, "{ctx}: legal action ids written by a game that lists no action space");
        return;
    };
    if wrote && let Err(e) = same_ids(direct, legal, space) {
        panic!("{ctx}: seat {seat}'s legal action ids: {e}");
    }
}

/// Whether `direct` are the ids of `legal` in `space`, ascending.
pub(super) fn same_ids<A: Hash + Eq>(direct: &[u32], legal: &[A], space: &HashMap<A, u32>) -> Result<(), String> {
    let mut mapped: Vec<u32> = legal.iter().filter_map(|a| space.get(a).copied()).collect();
    mapped.sort_unstable();
    if direct == mapped { Ok(()) } else { Err(format!("written {direct:?}, the legal actions' are {mapped:?}")) }
}

/// The step kind agrees with `to_act`, and a reaction window names a legal pass for exactly
/// the seats it asks.
pub(super) fn check_step<G: Game>(state: &G, ctx: &str) {
    let (kind, to_act) = (state.step_kind(), state.to_act());
    if kind == StepKind::Turn {
        assert_eq!(to_act.len(), 1, "{ctx}: a turn must have exactly one seat to act, not {to_act:?}");
    }
    let mut legal = Vec::new();
    for seat in Seat::all(state.seats()) {
        let pass = state.pass(seat);
        if kind == StepKind::Reaction && to_act.contains(seat) {
            state.legal_actions(seat, &mut legal);
            let pass =
                pass.unwrap_or_else(|| panic!("{ctx}: seat {seat} is asked in a reaction window without a pass"));
            assert!(legal.contains(&pass), "{ctx}: seat {seat}'s pass {pass} is not among its legal actions");
        } else {
            assert!(pass.is_none(), "{ctx}: seat {seat} has a pass outside a reaction window it is asked in");
        }
    }
}

/// What one viewer saw after an answer: the viewer, its view, its events as text and JSON.
type Seen<G> = (Option<Seat>, <G as Game>::View, Vec<String>);

/// In a secret choice or reaction window, `actor`'s answer must not show: whichever of its
/// legal answers it gives, as long as the step goes on, every other seat and the spectator see
/// the same views and the same events.
pub(super) fn check_secrecy<G: Game>(state: &G, actor: Seat, legal: &[G::Action], rng: &mut GameRng, ctx: &str) {
    let (kind, to_act) = (state.step_kind(), state.to_act());
    if !kind.is_simultaneous() || to_act.len() < 2 {
        return;
    }
    // Up to eight answers, always including the first and the last legal one.
    let picks: Vec<usize> = if legal.len() <= 8 {
        (0..legal.len()).collect()
    } else {
        let mut picks = vec![0, legal.len() - 1];
        picks.extend((0..6).map(|_| rng.random_range(0..legal.len())));
        picks
    };
    let mut seen: Option<(G::Action, Vec<Seen<G>>)> = None;
    for at in picks {
        let action = legal[at];
        let mut probe = state.clone();
        let mut log = EventLog::new();
        probe
            .apply(actor, action, &mut seeded(0x5EC2E7), &mut log)
            .unwrap_or_else(|e| panic!("{ctx}: legal answer {action} of seat {actor} refused: {e}"));
        if !step_continues((kind, to_act), actor, (probe.step_kind(), probe.to_act())) {
            continue; // the answer settled the step: its effect is public from here on
        }
        // A step that goes on asks the others what it asked them before; a new step that only
        // looks like the rest of this one would have hosts apply answers given to the old one.
        for seat in probe.to_act() {
            let (mut before, mut after) = (Vec::new(), Vec::new());
            state.legal_actions(seat, &mut before);
            probe.legal_actions(seat, &mut after);
            assert_eq!(
                before, after,
                "{ctx}: after seat {actor}'s {action} seat {seat} is asked something else, yet the step looks as if it went on (a new step must not ask exactly the seats the last one still waited for)"
            );
        }
        let others: Vec<Seen<G>> = viewers(state.seats())
            .filter(|v| *v != Some(actor))
            .map(|v| {
                let events = log
                    .for_viewer(v)
                    .map(|e| format!("{e} {}", serde_json::to_string(&e).expect("events serialise")))
                    .collect();
                (v, probe.view(v), events)
            })
            .collect();
        match &seen {
            None => seen = Some((action, others)),
            Some((first, expected)) => {
                for ((viewer, view, events), (_, want_view, want_events)) in others.iter().zip(expected) {
                    let who = viewer.map_or("the spectator".to_owned(), |s| format!("seat {s}"));
                    assert_eq!(
                        view, want_view,
                        "{ctx}: {who} can tell seat {actor}'s secret answer {action} from {first} by the view"
                    );
                    assert_eq!(
                        events, want_events,
                        "{ctx}: {who} can tell seat {actor}'s secret answer {action} from {first} by the events"
                    );
                }
            }
        }
    }
}

/// `determinize` may read only what `observer` knows: from two different worlds that look the
/// same to the observer, the same generator must sample the same world (every viewer's view
/// equal).
pub(super) fn check_determinize_blind<G: Game>(state: &G, observer: Seat, rng: &mut GameRng, ctx: &str) {
    let other = state.determinize(observer, rng);
    let seed = rng.random::<u64>();
    let from_true = state.determinize(observer, &mut seeded(seed));
    let from_other = other.determinize(observer, &mut seeded(seed));
    for viewer in viewers(state.seats()) {
        assert_eq!(
            from_true.view(viewer),
            from_other.view(viewer),
            "{ctx}: determinize for seat {observer} depends on what it cannot see (the sampled worlds differ for {viewer:?})"
        );
    }
}

/// Text that is no action of any game (or, if a game reads it, must still be refused unless
/// legal).
const MALFORMED: &[&str] = &[
    "",
    " ",
    "?",
    "0",
    "-1",
    "play",
    "claim",
    "pass pass",
    "\u{202e}claim 1",
    "play r7 3 extra words",
    "🂡",
    "null",
    "{\"action\":1}",
];

/// Every action of `space` that `actor` is not offered is refused (that a refusal changes
/// nothing is [`check_refusals`]'s part).
pub(super) fn check_unlisted_refused<G: Game>(state: &G, actor: Seat, space: &[G::Action], ctx: &str) {
    let mut legal = Vec::new();
    state.legal_actions(actor, &mut legal);
    // Another spelling of a listed action is taken as that action (`Game::canonical`).
    for &action in space.iter().filter(|&&a| !legal.contains(&state.canonical(actor, a))) {
        let mut probe = state.clone();
        let result = probe.apply(actor, action, &mut seeded(1), &mut EventLog::off());
        assert!(result.is_err(), "{ctx}: seat {actor} was not offered {action}, yet apply took it");
    }
}

/// Every malformed text and every action of `pool` that `actor` may not play now is refused by
/// `apply` without changing anything anyone sees.
pub(super) fn check_refusals<G: Game>(state: &G, actor: Seat, pool: &[G::Action], rng: &mut GameRng, ctx: &str) {
    let mut legal = Vec::new();
    state.legal_actions(actor, &mut legal);
    let before = all_views(state);
    let refuse = |action: G::Action, what: &str| {
        if legal.contains(&state.canonical(actor, action)) {
            return;
        }
        let mut probe = state.clone();
        let result = probe.apply(actor, action, &mut seeded(1), &mut EventLog::off());
        assert!(result.is_err(), "{ctx}: seat {actor} may not play {action} ({what}), yet apply took it");
        assert!(all_views(&probe) == before, "{ctx}: the refused {action} ({what}) changed the state");
    };
    for text in MALFORMED {
        if let Ok(action) = text.parse::<G::Action>() {
            refuse(action, "read from malformed text");
        }
    }
    for _ in 0..pool.len().min(4) {
        refuse(pool[rng.random_range(0..pool.len())], "legal elsewhere in the game");
    }
}
