//! Events: what happened, redacted per viewer.

use std::fmt::{Debug, Display};

use serde::Serialize;

use crate::seat::Seat;

/// An event a game emits while applying an action.
///
/// Games emit the *full* event (it may name a card only one seat may see); [`GameEvent::redact`]
/// turns it into what one viewer may know. A UI animates from events; a log shows their
/// `Display` text.
pub trait GameEvent: Clone + Debug + Display + Serialize + Send + Sync + 'static {
    /// This event as `viewer` may see it (`None` = spectator): the event itself, a version with
    /// hidden parts removed, or `None` if the viewer learns nothing from it.
    fn redact(&self, viewer: Option<Seat>) -> Option<Self>;
}

/// Where `apply` writes its events. A disabled log (for playouts) drops them without
/// allocating; games may check [`EventLog::is_on`] before building an expensive event.
#[derive(Clone, Debug)]
pub struct EventLog<E> {
    events: Vec<E>,
    on: bool,
}

impl<E> EventLog<E> {
    /// A log that keeps events.
    pub fn new() -> Self {
        EventLog { events: Vec::new(), on: true }
    }

    /// A log that drops every event (allocation-free; for simulations).
    pub fn off() -> Self {
        EventLog { events: Vec::new(), on: false }
    }

    /// Whether events are kept.
    #[inline]
    pub fn is_on(&self) -> bool {
        self.on
    }

    /// Records an event (a no-op when the log is off).
    #[inline]
    pub fn push(&mut self, event: E) {
        if self.on {
            self.events.push(event);
        }
    }

    /// The events recorded since the last [`EventLog::clear`], unredacted.
    pub fn events(&self) -> &[E] {
        &self.events
    }

    /// Forgets all recorded events (keeps the buffer).
    pub fn clear(&mut self) {
        self.events.clear();
    }

    /// Takes the recorded events out of the log.
    pub fn take(&mut self) -> Vec<E> {
        std::mem::take(&mut self.events)
    }
}

impl<E: GameEvent> EventLog<E> {
    /// The recorded events as `viewer` may see them.
    pub fn for_viewer(&self, viewer: Option<Seat>) -> impl Iterator<Item = E> + '_ {
        self.events.iter().filter_map(move |e| e.redact(viewer))
    }
}

impl<E> Default for EventLog<E> {
    fn default() -> Self {
        EventLog::new()
    }
}
