//! A table's data: its set-up, the match, everything each viewer has seen.

use engine::{DynMatch, GameKind, Registry, Seat, ViewerEvents};
use serde_json::Value;

use super::model::{SeatSetup, Status, TableJson, status_of};
use crate::clock::rfc3339;
use crate::store::{ClockRow, StoredAction, TableRow};

/// Everything an actor owns about its table except its connections.
pub(crate) struct TableState {
    pub id: String,
    pub game: &'static str,
    pub title: &'static str,
    /// The game's bot levels (a bot seat shows the level its spec plays at).
    pub levels: engine::Levels,
    pub config: Value,
    pub seed: u64,
    pub created_us: i64,
    pub seats: Vec<SeatSetup>,
    pub m: Box<dyn DynMatch>,
    /// What happened so far, redacted per viewer: the set-up's opening events (a deal, a
    /// card turned for trump), then one entry per action.
    pub log: Vec<ViewerEvents>,
    /// Per action: the seat whose person the table chose it for (their deadline came).
    pub played_for: Vec<Option<Seat>>,
    pub status: Status,
    pub rematch: Option<String>,
    /// The stored clock, for a table with a time control.
    pub clock: Option<ClockRow>,
    /// Only invited players may join.
    pub private: bool,
    /// Its end changes its players' ratings.
    pub rated: bool,
    /// The hash of the token that lets the creator close the table.
    pub owner_hash: Option<String>,
    /// Whose bot thinking time this table's bots use.
    pub creator: Option<std::net::IpAddr>,
    /// Whether the table waits for the database to take a write that failed.
    pub paused: bool,
    /// The ownership epoch this server took the table with; its writes carry it (the store's
    /// fence refuses them once another server has taken the table).
    pub epoch: i64,
}

impl TableState {
    /// A fresh table.
    pub(crate) fn new(kind: &dyn GameKind, row: &TableRow, m: Box<dyn DynMatch>) -> TableState {
        let info = kind.info();
        TableState {
            id: row.id.clone(),
            game: info.name,
            title: info.title,
            levels: info.levels,
            config: row.config.clone(),
            seed: row.seed,
            created_us: row.created_us,
            seats: row.seats.clone(),
            log: vec![m.opening_events()],
            played_for: Vec::new(),
            m,
            status: row.status,
            rematch: row.rematch.clone(),
            clock: None,
            private: row.private,
            rated: row.rated,
            owner_hash: row.owner_hash.clone(),
            creator: None,
            paused: false,
            epoch: row.epoch,
        }
    }

    /// The table of `row` with its stored `actions` replayed.
    pub(crate) fn rebuild(registry: &Registry, row: &TableRow, actions: &[StoredAction]) -> Result<TableState, String> {
        let kind = registry.get(&row.game).map_err(|e| e.to_string())?;
        let m = kind.new_match(&row.config, row.seats.len(), row.seed).map_err(|e| e.to_string())?;
        let mut state = TableState::new(kind, row, m);
        for (i, action) in actions.iter().enumerate() {
            let events = state
                .m
                .apply(action.seat, &action.notation)
                .map_err(|e| format!("action {i} ({} by seat {}): {e}", action.notation, action.seat))?;
            state.log.push(events);
            state.played_for.push(action.by_table.then_some(action.seat));
        }
        state.status = status_of(&state.seats, state.m.outcome().as_ref());
        Ok(state)
    }

    /// The match's record with who sat where and the actions the table chose for a person.
    pub(crate) fn record(&self) -> engine::Record {
        let mut record = self.m.record();
        record.players = self.seats.iter().map(SeatSetup::player).collect();
        for (action, played_for) in record.actions.iter_mut().zip(&self.played_for) {
            action.by_table = played_for.is_some();
        }
        record
    }

    /// The API's Table object; `connected[seat]` says whether a human seat has a live connection.
    pub(crate) fn to_json(&self, connected: &[u32]) -> TableJson {
        TableJson {
            id: self.id.clone(),
            game: self.game.to_owned(),
            title: self.title.to_owned(),
            config: self.config.clone(),
            status: self.status,
            seats: SeatSetup::all_to_json(
                &self.seats,
                |i| connected.get(i).is_some_and(|&n| n > 0),
                &self.levels,
                self.rated,
            ),
            to_act: if self.status == Status::Running {
                self.m.to_act().iter().map(Seat::index).collect()
            } else {
                vec![]
            },
            step_kind: (self.status == Status::Running).then(|| self.m.step_kind().as_str()),
            step: self.m.actions(),
            outcome: self.m.outcome(),
            reason: self.m.end_reason(),
            created: rfc3339(self.created_us),
            rematch: self.rematch.clone(),
            clock: None,
            private: self.private,
            rated: self.rated,
            paused: self.paused.then_some(super::outage::MESSAGE),
            created_us: self.created_us,
        }
    }
}

/// The Table object of a finished table read from the database (no actor needed).
pub(crate) fn finished_json(registry: &Registry, row: &TableRow, steps: usize) -> TableJson {
    let (title, levels) =
        registry.get(&row.game).map_or(("", engine::Levels::default()), |k| (k.info().title, k.info().levels));
    TableJson {
        id: row.id.clone(),
        game: row.game.clone(),
        title: title.to_owned(),
        config: row.config.clone(),
        status: row.status,
        seats: SeatSetup::all_to_json(&row.seats, |_| false, &levels, row.rated),
        to_act: vec![],
        step_kind: None,
        step: steps,
        outcome: row.outcome,
        reason: row.reason.clone(),
        created: rfc3339(row.created_us),
        rematch: row.rematch.clone(),
        clock: None,
        private: row.private,
        rated: row.rated,
        paused: None,
        created_us: row.created_us,
    }
}

/// The Table object of an unfinished table read from the database with its stored `clock` (a
/// turn-based table waiting out of memory), at `now`: whose decision runs and until when come
/// from the clock, without replaying the match.
pub(crate) fn stored_json(registry: &Registry, row: &TableRow, clock: &ClockRow, now: i64) -> TableJson {
    let mut json = finished_json(registry, row, 0);
    let (to_act, step, clock) = super::clock::TableClock::stored_json(clock, row.seats.len(), now);
    if row.status == Status::Running {
        json.to_act = to_act;
    }
    json.step = step;
    json.clock = Some(clock);
    json
}
