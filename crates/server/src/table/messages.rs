//! What a connection receives, built only from `view(viewer)` and events redacted for the viewer.

use axum::extract::ws::Utf8Bytes;
use engine::{EventJson, Seat, StepKind};
use serde::Serialize;
use serde_json::Value;

use super::model::{Status, TableJson};
use super::state::TableState;

#[derive(Serialize)]
struct StateMessage<'a> {
    #[serde(rename = "type")]
    kind: &'static str,
    table: &'a TableJson,
    you: Option<usize>,
    view: Value,
    legal: Vec<String>,
    /// In a reaction window: which of the viewer's legal actions is the pass.
    #[serde(skip_serializing_if = "Option::is_none")]
    pass: Option<String>,
    events: Vec<LogEntry<'a>>,
    #[serde(skip_serializing_if = "Option::is_none")]
    acted: Option<&'a str>,
    #[serde(skip_serializing_if = "Option::is_none")]
    log: Option<Vec<LogEntry<'a>>>,
}

/// One log line as a connection gets it: the game's event, and on the first line of an action
/// the table chose for a person (their time ran out, or they were away) that person's seat.
#[derive(Serialize)]
struct LogEntry<'a> {
    #[serde(flatten)]
    event: &'a EventJson,
    #[serde(skip_serializing_if = "Option::is_none")]
    played_for: Option<usize>,
}

/// The lines `viewer` may see of entry `index` of the table's log (0: the set-up, then one
/// entry per action), the first one marked if the table chose the action for a person.
fn entries(table_state: &TableState, index: usize, viewer: Option<Seat>) -> impl Iterator<Item = LogEntry<'_>> {
    let events = table_state.log.get(index).map_or(&[][..], |e| e.for_viewer(viewer));
    let played_for = index.checked_sub(1).and_then(|action| table_state.played_for.get(action).copied().flatten());
    events
        .iter()
        .enumerate()
        .map(move |(i, event)| LogEntry { event, played_for: played_for.filter(|_| i == 0).map(Seat::index) })
}

/// A `state` message for `viewer` (`None` = spectator): the table, the viewer's view and legal
/// actions, the events of log entry `events` (the latest action) as the viewer may see them,
/// and on connect the log of everything the viewer may see. `acted` (the viewer's own action
/// that caused this state) is the viewer's acknowledgement.
pub(crate) fn state<'a>(
    table_state: &'a TableState,
    table: &'a TableJson,
    viewer: Option<Seat>,
    events: Option<usize>,
    acted: Option<&'a str>,
    with_log: bool,
) -> Utf8Bytes {
    let legal = match viewer {
        Some(seat) if table_state.status == Status::Running => table_state.m.legal_actions(seat),
        _ => Vec::new(),
    };
    let pass = match viewer {
        Some(seat) if !legal.is_empty() && table_state.m.step_kind() == StepKind::Reaction => table_state.m.pass(seat),
        _ => None,
    };
    let log = with_log.then(|| (0..table_state.log.len()).flat_map(|i| entries(table_state, i, viewer)).collect());
    let message = StateMessage {
        kind: "state",
        table,
        you: viewer.map(Seat::index),
        view: table_state.m.view(viewer),
        legal,
        pass,
        events: events.map_or_else(Vec::new, |i| entries(table_state, i, viewer).collect()),
        acted,
        log,
    };
    to_text(&message)
}

/// An `error` message.
pub(crate) fn error(code: &str, message: &str) -> Utf8Bytes {
    to_text(&serde_json::json!({"type": "error", "error": code, "message": message}))
}

/// A `void` message: the seat's answer `action`, held back in a reaction window, never
/// happened because the window closed first (another seat's answer decided it).
pub(crate) fn void(action: &str) -> Utf8Bytes {
    let message = "the reaction window closed before your answer was needed";
    to_text(&serde_json::json!({"type": "void", "action": action, "message": message}))
}

/// A `hint` message: the Expert level's best decisions for the step that began with action
/// `step`, best first.
pub(crate) fn hint(step: usize, moves: &[super::actor::HintMove]) -> Utf8Bytes {
    to_text(&serde_json::json!({"type": "hint", "step": step, "moves": moves}))
}

/// The answer to a ping.
pub(crate) fn pong() -> Utf8Bytes {
    Utf8Bytes::from_static(r#"{"type":"pong"}"#)
}

fn to_text(message: &impl Serialize) -> Utf8Bytes {
    // Serialising plain data (strings, numbers, JSON values) cannot fail.
    Utf8Bytes::from(serde_json::to_string(message).unwrap_or_default())
}
