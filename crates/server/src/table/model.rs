//! What a table is made of, as stored and as the API shows it.

use engine::{Level, Outcome};
use serde::{Deserialize, Serialize};
use serde_json::Value;

use super::personas;
use crate::ratings::SeatRating;

/// Where a table stands.
#[derive(Clone, Copy, PartialEq, Eq, Debug, Serialize, Deserialize)]
#[serde(rename_all = "lowercase")]
pub(crate) enum Status {
    /// Some human seat is still free; no action has happened.
    Open,
    /// Every seat is taken and the game is on.
    Running,
    /// The game has an outcome.
    Finished,
}

impl Status {
    /// The status as stored and shown.
    pub(crate) fn as_str(self) -> &'static str {
        match self {
            Status::Open => "open",
            Status::Running => "running",
            Status::Finished => "finished",
        }
    }

    /// A stored or queried status.
    pub(crate) fn parse(text: &str) -> Option<Status> {
        match text {
            "open" => Some(Status::Open),
            "running" => Some(Status::Running),
            "finished" => Some(Status::Finished),
            _ => None,
        }
    }
}

/// One seat as set up and stored: a human (once joined: a name and the hash of the seat's
/// token) or a bot with its spec.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
#[serde(tag = "kind", rename_all = "lowercase")]
pub(crate) enum SeatSetup {
    /// A seat for a person.
    Human {
        /// The display name, once someone joined.
        name: Option<String>,
        /// The SHA-256 of the seat token, once someone joined.
        token_hash: Option<String>,
        /// The SHA-256 of the invite code a person needs to take this seat (private tables).
        #[serde(default, skip_serializing_if = "Option::is_none")]
        invite_hash: Option<String>,
        /// The player whose seat this is, if they joined with their player key.
        #[serde(default, skip_serializing_if = "Option::is_none")]
        player: Option<String>,
        /// At a rated table, the player's rating when they sat down (what the seat shows).
        #[serde(default, skip_serializing_if = "Option::is_none")]
        rating: Option<SeatRating>,
        /// The SHA-256 of the seat tokens the player's other devices got (`POST
        /// /api/tables/{id}/token`), newest last, at most [`MAX_DEVICES`].
        #[serde(default, skip_serializing_if = "Vec::is_empty")]
        devices: Vec<String>,
    },
    /// A seat the server's bot plays.
    Bot {
        /// The bot spec (`heuristic`, `ismcts:500`).
        bot: String,
    },
}

impl SeatSetup {
    /// An open human seat.
    pub(crate) fn open() -> SeatSetup {
        SeatSetup::Human {
            name: None,
            token_hash: None,
            invite_hash: None,
            player: None,
            rating: None,
            devices: Vec::new(),
        }
    }

    /// Whether the token whose hash is `hash` is this seat's (its person's, or one of their
    /// devices').
    pub(crate) fn holds(&self, hash: &str) -> bool {
        match self {
            SeatSetup::Human { token_hash, devices, .. } => {
                token_hash.as_deref() == Some(hash) || devices.iter().any(|d| d == hash)
            }
            SeatSetup::Bot { .. } => false,
        }
    }

    /// Whether someone (or a bot) sits here.
    pub(crate) fn taken(&self) -> bool {
        match self {
            SeatSetup::Human { token_hash, .. } => token_hash.is_some(),
            SeatSetup::Bot { .. } => true,
        }
    }

    /// The same kind of seat, empty again (for a rematch).
    pub(crate) fn emptied(&self) -> SeatSetup {
        match self {
            SeatSetup::Human { .. } => SeatSetup::open(),
            bot @ SeatSetup::Bot { .. } => bot.clone(),
        }
    }

    /// Who sits here, for records: the name or the bot spec.
    pub(crate) fn player(&self) -> String {
        match self {
            SeatSetup::Human { name, .. } => name.clone().unwrap_or_default(),
            SeatSetup::Bot { bot } => bot.clone(),
        }
    }

    /// The seat `seat` of `seats` as the API shows it (never the token hash); `levels` are the
    /// game's, for a bot's level (and its rating, at a `rated` table).
    pub(crate) fn to_json(
        seats: &[SeatSetup],
        seat: usize,
        connected: bool,
        levels: &engine::Levels,
        rated: bool,
    ) -> SeatJson {
        match &seats[seat] {
            SeatSetup::Human { name, token_hash, rating, .. } => SeatJson {
                seat,
                kind: "human",
                bot: None,
                persona: None,
                level: None,
                name: name.clone(),
                taken: token_hash.is_some(),
                connected,
                rating: rating.filter(|_| rated),
            },
            SeatSetup::Bot { bot } => {
                let persona = personas::persona(seats, seat);
                SeatJson {
                    seat,
                    kind: "bot",
                    bot: Some(bot.clone()),
                    persona,
                    level: levels.level_of(bot),
                    name: Some(persona.map_or_else(|| bot.clone(), personas::display)),
                    taken: true,
                    connected: true,
                    rating: levels
                        .level_of(bot)
                        .and_then(|l| levels.get(l))
                        .filter(|_| rated)
                        .map(|l| SeatRating { rating: i64::from(l.rating), provisional: false }),
                }
            }
        }
    }

    /// Every seat of `seats` as the API shows it; `connected(seat)` says whether a person's
    /// seat has a live connection.
    pub(crate) fn all_to_json(
        seats: &[SeatSetup],
        connected: impl Fn(usize) -> bool,
        levels: &engine::Levels,
        rated: bool,
    ) -> Vec<SeatJson> {
        (0..seats.len()).map(|i| SeatSetup::to_json(seats, i, connected(i), levels, rated)).collect()
    }
}

/// How many other devices of a player may hold a token for their seat (the oldest is dropped).
pub(crate) const MAX_DEVICES: usize = 8;

/// The status a table with these seats and this outcome has.
pub(crate) fn status_of(seats: &[SeatSetup], outcome: Option<&Outcome>) -> Status {
    if outcome.is_some() {
        Status::Finished
    } else if seats.iter().all(SeatSetup::taken) {
        Status::Running
    } else {
        Status::Open
    }
}

/// One seat of the API's Table object.
#[derive(Clone, Debug, PartialEq, Serialize)]
pub(crate) struct SeatJson {
    pub seat: usize,
    pub kind: &'static str,
    /// A bot's spec (`heuristic`, or a level's name as given: `hard`).
    #[serde(skip_serializing_if = "Option::is_none")]
    pub bot: Option<String>,
    /// A bot's own name at this table (`Anna`), see `personas.rs`.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub persona: Option<&'static str>,
    /// The level a bot plays at, when its spec is a level's.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub level: Option<Level>,
    /// A person's name, or a bot's (`Bot Anna`).
    pub name: Option<String>,
    pub taken: bool,
    pub connected: bool,
    /// At a rated table: the player's rating when they sat down, or a bot level's fixed one.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub rating: Option<SeatRating>,
}

/// The API's Table object: everything public about a table.
#[derive(Clone, Debug, PartialEq, Serialize)]
pub(crate) struct TableJson {
    pub id: String,
    pub game: String,
    pub title: String,
    pub config: Value,
    pub status: Status,
    pub seats: Vec<SeatJson>,
    pub to_act: Vec<usize>,
    /// The kind of the step under way (`turn`, `secret`, `reaction`) while the game runs.
    pub step_kind: Option<&'static str>,
    pub step: usize,
    pub outcome: Option<Outcome>,
    /// Why the game ended, when the game says (left out otherwise).
    #[serde(skip_serializing_if = "Option::is_none")]
    pub reason: Option<engine::EndReason>,
    pub created: String,
    /// The id of this table's rematch, once someone asked for one.
    pub rematch: Option<String>,
    /// The time control and every seat's time left (tables with a live actor).
    #[serde(skip_serializing_if = "Option::is_none")]
    pub clock: Option<super::clock::ClockJson>,
    /// Only invited players may join (the lobby does not list it).
    pub private: bool,
    /// Its end changes its players' ratings.
    pub rated: bool,
    /// Set while the table is paused because the server cannot save moves: why, for players.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub paused: Option<&'static str>,
    /// Sort key for "newest first" (microseconds since the epoch); not shown.
    #[serde(skip)]
    pub created_us: i64,
}
