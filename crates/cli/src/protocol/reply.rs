//! Replies of the line protocol: ordered JSON objects, and the error codes.

use engine::{ActionError, DynBotError, IllegalAction, PositionError, ReplayError, SetupError};
use serde::Serialize;
use serde_json::Value;

/// One reply: a JSON object whose keys keep the order they were added in (`id` and `ok` first).
#[derive(Clone, Debug, Default)]
pub struct Reply {
    fields: Vec<(&'static str, Value)>,
}

impl Reply {
    /// An empty successful reply's fields (the session adds `id` and `ok`).
    pub fn new() -> Self {
        Reply::default()
    }

    /// This reply with `key` set to `value`.
    pub fn with(mut self, key: &'static str, value: impl Serialize) -> Self {
        self.set(key, value);
        self
    }

    /// Sets `key` to `value`, replacing an earlier value.
    pub fn set(&mut self, key: &'static str, value: impl Serialize) {
        let value = serde_json::to_value(value).expect("replies serialise");
        match self.fields.iter_mut().find(|(k, _)| *k == key) {
            Some(slot) => slot.1 = value,
            None => self.fields.push((key, value)),
        }
    }

    /// Appends the fields of `other`.
    pub fn extend(&mut self, other: Reply) {
        for (key, value) in other.fields {
            self.set(key, value);
        }
    }

    /// The value of `key`, if set.
    pub fn get(&self, key: &str) -> Option<&Value> {
        self.fields.iter().find(|(k, _)| *k == key).map(|(_, v)| v)
    }

    /// The reply as one line of JSON, `id` and `ok` first.
    pub fn to_line(&self, id: Option<&Value>, ok: bool) -> String {
        let mut line = String::from("{");
        let mut first = true;
        let mut push = |key: &str, value: &Value| {
            if !first {
                line.push(',');
            }
            first = false;
            line.push_str(&serde_json::to_string(key).expect("keys serialise"));
            line.push(':');
            line.push_str(&serde_json::to_string(value).expect("values serialise"));
        };
        if let Some(id) = id {
            push("id", id);
        }
        push("ok", &Value::Bool(ok));
        for (key, value) in &self.fields {
            push(key, value);
        }
        line.push('}');
        line
    }
}

/// What went wrong with a request; `code` is stable for programs, `message` is for people.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Failure {
    /// The error code.
    pub code: Code,
    /// A human-readable explanation.
    pub message: String,
}

/// The error codes of the protocol (see `docs/protocol.md`).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Code {
    /// The line is longer than [`crate::protocol::MAX_LINE`] bytes.
    TooLong,
    /// The line is not a JSON object.
    BadJson,
    /// A field is missing or has the wrong type.
    BadRequest,
    /// `cmd` names no command.
    UnknownCommand,
    /// No game of that name.
    UnknownGame,
    /// The config, variants or seat count are invalid.
    BadSetup,
    /// The record does not parse or does not replay.
    BadRecord,
    /// No match with that id (or no current match).
    NoMatch,
    /// The seat does not exist at this table.
    NoSuchSeat,
    /// The action is not in the game's notation.
    BadNotation,
    /// The seat is not to act now.
    NotYourTurn,
    /// The action breaks a rule.
    Illegal,
    /// The game is over.
    GameOver,
    /// The bot spec is unknown or malformed.
    BadBot,
    /// The position is not in the game's notation or cannot happen.
    BadPosition,
    /// The game has no position notation, or does not list its actions.
    NotSupported,
}

impl Code {
    /// The code as it appears in replies.
    pub fn as_str(self) -> &'static str {
        match self {
            Code::TooLong => "too-long",
            Code::BadJson => "bad-json",
            Code::BadRequest => "bad-request",
            Code::UnknownCommand => "unknown-command",
            Code::UnknownGame => "unknown-game",
            Code::BadSetup => "bad-setup",
            Code::BadRecord => "bad-record",
            Code::NoMatch => "no-match",
            Code::NoSuchSeat => "no-such-seat",
            Code::BadNotation => "bad-notation",
            Code::NotYourTurn => "not-your-turn",
            Code::Illegal => "illegal",
            Code::GameOver => "game-over",
            Code::BadBot => "bad-bot",
            Code::BadPosition => "bad-position",
            Code::NotSupported => "not-supported",
        }
    }
}

impl Failure {
    /// A failure with `code` and `message`.
    pub fn new(code: Code, message: impl Into<String>) -> Self {
        Failure { code, message: message.into() }
    }

    /// The error reply's fields.
    pub fn reply(&self) -> Reply {
        Reply::new().with("error", self.code.as_str()).with("message", &self.message)
    }
}

impl From<SetupError> for Failure {
    fn from(e: SetupError) -> Self {
        let code = if matches!(e, SetupError::UnknownGame(_)) { Code::UnknownGame } else { Code::BadSetup };
        Failure::new(code, e.to_string())
    }
}

impl From<ReplayError> for Failure {
    fn from(e: ReplayError) -> Self {
        let code = if matches!(e, ReplayError::Setup(SetupError::UnknownGame(_))) {
            Code::UnknownGame
        } else {
            Code::BadRecord
        };
        Failure::new(code, e.to_string())
    }
}

impl From<PositionError> for Failure {
    fn from(e: PositionError) -> Self {
        match e {
            PositionError::Setup(e) => e.into(),
            PositionError::NotSupported(_) => Failure::new(Code::NotSupported, e.to_string()),
            PositionError::Invalid(_) => Failure::new(Code::BadPosition, e.to_string()),
        }
    }
}

impl From<ActionError> for Failure {
    fn from(e: ActionError) -> Self {
        let code = match e {
            ActionError::Notation(_) => Code::BadNotation,
            ActionError::NoSuchSeat(_) => Code::NoSuchSeat,
            ActionError::Illegal(IllegalAction::NotToAct(_)) => Code::NotYourTurn,
            ActionError::Illegal(IllegalAction::GameOver) => Code::GameOver,
            ActionError::Illegal(IllegalAction::Rule(_)) => Code::Illegal,
        };
        Failure::new(code, e.to_string())
    }
}

impl From<DynBotError> for Failure {
    fn from(e: DynBotError) -> Self {
        let code = match e {
            DynBotError::Bot(_) | DynBotError::NoAnalysis(_) => Code::BadBot,
            DynBotError::NotToAct(_) => Code::NotYourTurn,
        };
        Failure::new(code, e.to_string())
    }
}
