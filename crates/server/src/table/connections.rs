//! An actor's connections: subscribing and leaving (which seats are online), and sending every
//! connection its state after a change, or one connection an error.

use std::sync::Arc;

use axum::extract::ws::Utf8Bytes;
use engine::Seat;
use tokio::sync::mpsc;
use tokio::sync::mpsc::error::TrySendError;

use super::{Actor, Subscriber};
use crate::table::messages;

impl Actor {
    pub(super) fn subscribe(&mut self, viewer: Option<Seat>, tx: mpsc::Sender<Utf8Bytes>) -> u64 {
        let id = self.next_conn;
        self.next_conn += 1;
        if let Some(seat) = viewer
            && let Some(count) = self.connected.get_mut(seat.index())
        {
            *count += 1;
            if *count == 1 {
                // The others see this seat come online.
                self.publish(None, None);
            }
        }
        let table = self.summary.borrow().clone();
        let first = messages::state(&self.table, &table, viewer, None, None, true);
        if tx.try_send(first).is_ok() {
            self.subscribers.push(Subscriber { id, viewer, tx });
        }
        id
    }

    pub(super) fn unsubscribe(&mut self, conn: u64) {
        let Some(at) = self.subscribers.iter().position(|s| s.id == conn) else { return };
        let gone = self.subscribers.swap_remove(at);
        if let Some(seat) = gone.viewer
            && let Some(count) = self.connected.get_mut(seat.index())
        {
            *count = count.saturating_sub(1);
            if *count == 0 {
                self.publish(None, None);
            }
        }
    }

    /// Updates the Table object everyone reads and sends every connection its new state.
    /// `acted` names the seat whose action this is and the action, which only that seat's
    /// connections are told (their acknowledgement).
    /// `events` is the index in the log of the action to tell about.
    pub(super) fn publish(&mut self, events: Option<usize>, acted: Option<(Seat, &str)>) {
        let table = Arc::new(self.table_json());
        self.summary.send_replace(table.clone());
        self.tell_players(&table.to_act);
        let mut built: Vec<(Option<Seat>, Utf8Bytes)> = Vec::new();
        let (state, connected) = (&self.table, &mut self.connected);
        self.subscribers.retain(|s| {
            let text = match built.iter().find(|(v, _)| *v == s.viewer) {
                Some((_, text)) => text.clone(),
                None => {
                    let own = acted.filter(|(seat, _)| s.viewer == Some(*seat)).map(|(_, a)| a);
                    let text = messages::state(state, &table, s.viewer, events, own, false);
                    built.push((s.viewer, text.clone()));
                    text
                }
            };
            match s.tx.try_send(text) {
                Ok(()) => true,
                Err(full_or_closed) => {
                    if let TrySendError::Full(_) = full_or_closed {
                        tracing::warn!(table = %state.id, "dropping a connection that does not keep up");
                    }
                    if let Some(seat) = s.viewer
                        && let Some(count) = connected.get_mut(seat.index())
                    {
                        *count = count.saturating_sub(1);
                    }
                    false
                }
            }
        });
    }

    pub(super) fn send_error(&self, conn: u64, code: &str, message: &str) {
        if let Some(s) = self.subscribers.iter().find(|s| s.id == conn) {
            let _ = s.tx.try_send(messages::error(code, message));
        }
    }
}
