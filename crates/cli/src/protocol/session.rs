//! The protocol's state: the open matches, and one handler per command.

use std::collections::BTreeMap;

use engine::{DynMatch, Record, Registry, Seat, StepKind, ViewerEvents};
use serde::Deserialize;
use serde::de::DeserializeOwned;
use serde_json::{Map, Value};

use super::reply::{Code, Failure, Reply};
use super::views::ViewsParams;
use crate::arena::game_seed;

mod setup;

/// The commands, for `help` and `unknown-command` messages.
pub const COMMANDS: &[&str] = &[
    "games", "new", "setup", "load", "view", "apply", "bot", "analyse", "record", "outcome", "position", "actions",
    "matches", "close", "help", "quit",
];

/// An open match with the seed it was started from (the default seed of bot moves derives from it).
struct Open {
    m: Box<dyn DynMatch>,
    seed: u64,
}

/// The matches of one protocol session. Commands address a match by `"match": id`; without it
/// they address the current match: the one most recently started or loaded.
pub struct Session<'r> {
    registry: &'r Registry,
    matches: BTreeMap<u64, Open>,
    current: Option<u64>,
    next_id: u64,
}

/// What the loop should do after a reply.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Next {
    /// Read the next line.
    Continue,
    /// Stop: the client said `quit`.
    Quit,
}

impl<'r> Session<'r> {
    /// A session with no matches.
    pub fn new(registry: &'r Registry) -> Self {
        Session { registry, matches: BTreeMap::new(), current: None, next_id: 1 }
    }

    /// Answers one line of input with one line of output.
    pub fn handle_line(&mut self, line: &[u8]) -> (String, Next) {
        let request = match std::str::from_utf8(line).ok().and_then(|text| serde_json::from_str::<Value>(text).ok()) {
            Some(Value::Object(request)) => request,
            Some(_) => return (error_line(None, Code::BadJson, "a request is a JSON object"), Next::Continue),
            None => return (error_line(None, Code::BadJson, "the line is not valid JSON"), Next::Continue),
        };
        let id = request.get("id").cloned();
        let next = if request.get("cmd").and_then(Value::as_str) == Some("quit") { Next::Quit } else { Next::Continue };
        let line = match self.handle(&request) {
            Ok(reply) => reply.to_line(id.as_ref(), true),
            Err(failure) => failure.reply().to_line(id.as_ref(), false),
        };
        (line, next)
    }

    fn handle(&mut self, request: &Map<String, Value>) -> Result<Reply, Failure> {
        let cmd = match request.get("cmd") {
            Some(Value::String(cmd)) => cmd.as_str(),
            Some(_) => return Err(Failure::new(Code::BadRequest, "\"cmd\" must be a string")),
            None => return Err(Failure::new(Code::BadRequest, "a request needs a \"cmd\"")),
        };
        match cmd {
            "games" => Ok(Reply::new().with("games", self.registry.games().map(|k| k.info()).collect::<Vec<_>>())),
            "new" => self.new_match(params(request)?),
            "setup" => self.setup(params(request)?),
            "position" => self.position(request),
            "actions" => self.actions(request, params(request)?),
            "load" => self.load(params(request)?),
            "view" => self.view(request, params(request)?),
            "apply" => self.apply(request, params(request)?),
            "bot" => self.bot(request, params(request)?),
            "analyse" => self.analyse(request, params(request)?),
            "record" => {
                let (id, open) = self.open(request)?;
                Ok(Reply::new().with("match", id).with("record", open.m.record()))
            }
            "outcome" => {
                let (id, open) = self.open(request)?;
                Ok(Reply::new().with("match", id).with_status(open.m.as_ref()))
            }
            "matches" => Ok(self.list()),
            "close" => self.close(request),
            "help" => Ok(Reply::new().with("commands", COMMANDS)),
            "quit" => Ok(Reply::new().with("bye", true)),
            other => Err(Failure::new(
                Code::UnknownCommand,
                format!("unknown command {other:?}; commands: {}", COMMANDS.join(", ")),
            )),
        }
    }

    fn new_match(&mut self, p: NewParams) -> Result<Reply, Failure> {
        let kind = self.registry.get(&p.game)?;
        let config = full_config(kind, &p.variants, p.config)?;
        let seats = p.seats.unwrap_or(kind.info().min_seats);
        let seed = p.seed.unwrap_or_else(clock_seed);
        let m = kind.new_match(&config, seats, seed)?;
        Ok(self.opened(m, seed, p.players))
    }

    /// Opens `m` (started from `seed`) as the current match and says so.
    fn opened(&mut self, mut m: Box<dyn DynMatch>, seed: u64, players: Vec<String>) -> Reply {
        if !players.is_empty() {
            m.set_players(players);
        }
        let config = m.record().config;
        let id = self.insert(m, seed);
        let m = self.matches[&id].m.as_ref();
        Reply::new()
            .with("match", id)
            .with("game", m.game())
            .with("seats", m.seats())
            .with("seed", seed)
            .with("config", config)
            .with_events(&m.opening_events(), m.seats())
            .with_status(m)
    }

    fn load(&mut self, p: LoadParams) -> Result<Reply, Failure> {
        let record: Record = serde_json::from_value(p.record)
            .map_err(|e| Failure::new(Code::BadRecord, format!("not a match record: {e}")))?;
        let m = self.registry.replay(&record)?;
        let id = self.insert(m, record.seed);
        let m = self.matches[&id].m.as_ref();
        Ok(Reply::new().with("match", id).with("game", m.game()).with("seats", m.seats()).with_status(m))
    }

    fn view(&mut self, request: &Map<String, Value>, p: ViewParams) -> Result<Reply, Failure> {
        let (id, open) = self.open(request)?;
        let m = open.m.as_ref();
        let seat = p.seat.map(|s| seat(m, s)).transpose()?;
        let legal = seat.map(|s| m.legal_actions(s)).unwrap_or_default();
        Ok(Reply::new()
            .with("match", id)
            .with("seat", seat)
            .with("view", m.view(seat))
            .with("legal", legal)
            .with_status(m))
    }

    fn apply(&mut self, request: &Map<String, Value>, p: ApplyParams) -> Result<Reply, Failure> {
        let (id, open) = self.open_mut(request)?;
        let seat = seat(open.m.as_ref(), p.seat)?;
        let wanted = p.views.wanted(open.m.as_ref())?;
        Reply::new()
            .with("match", id)
            .with_applied(open.m.as_mut(), seat, &p.action)?
            .with_views(open.m.as_ref(), wanted)
    }

    fn bot(&mut self, request: &Map<String, Value>, p: BotParams) -> Result<Reply, Failure> {
        let (id, open) = self.open_mut(request)?;
        let seat = seat(open.m.as_ref(), p.seat)?;
        let wanted = p.views.wanted(open.m.as_ref())?;
        if open.m.outcome().is_some() {
            return Err(Failure::new(Code::GameOver, "the game is over"));
        }
        // By default the bot's seed follows from the match seed, the seat and the move number,
        // so a scripted session reproduces.
        let seed =
            p.seed.unwrap_or_else(|| game_seed(open.seed ^ ((seat.index() as u64) << 56), open.m.actions() as u64));
        let action = open.m.bot_action(seat, &p.bot, seed)?;
        let reply = Reply::new().with("match", id).with("seat", seat).with("bot", &p.bot).with("action", &action);
        if p.apply {
            reply.with_applied(open.m.as_mut(), seat, &action)?.with_views(open.m.as_ref(), wanted)
        } else {
            Ok(reply)
        }
    }

    /// A searching bot's value of every legal action of a seat, from that seat's information
    /// only; seeded as `bot` is, so a session reproduces.
    fn analyse(&self, request: &Map<String, Value>, p: AnalyseParams) -> Result<Reply, Failure> {
        let (id, open) = self.open(request)?;
        let seat = seat(open.m.as_ref(), p.seat)?;
        if open.m.outcome().is_some() {
            return Err(Failure::new(Code::GameOver, "the game is over"));
        }
        let seed =
            p.seed.unwrap_or_else(|| game_seed(open.seed ^ ((seat.index() as u64) << 56), open.m.actions() as u64));
        let actions = open.m.analyse(seat, &p.bot, seed)?;
        Ok(Reply::new()
            .with("match", id)
            .with("seat", seat)
            .with("bot", &p.bot)
            .with("seed", seed)
            .with("actions", actions))
    }

    fn list(&self) -> Reply {
        let matches: Vec<Value> = self
            .matches
            .iter()
            .map(|(id, open)| {
                serde_json::json!({"match": id, "game": open.m.game(), "seats": open.m.seats(),
                    "actions": open.m.actions(), "over": open.m.outcome().is_some()})
            })
            .collect();
        Reply::new().with("matches", matches).with("current", self.current)
    }

    fn close(&mut self, request: &Map<String, Value>) -> Result<Reply, Failure> {
        let (id, _) = self.open(request)?;
        self.matches.remove(&id);
        if self.current == Some(id) {
            self.current = None;
        }
        Ok(Reply::new().with("match", id).with("closed", true))
    }

    fn insert(&mut self, m: Box<dyn DynMatch>, seed: u64) -> u64 {
        let id = self.next_id;
        self.next_id += 1;
        self.matches.insert(id, Open { m, seed });
        self.current = Some(id);
        id
    }

    fn match_id(&self, request: &Map<String, Value>) -> Result<u64, Failure> {
        match request.get("match") {
            None | Some(Value::Null) => {
                self.current.ok_or_else(|| Failure::new(Code::NoMatch, "no current match: send \"new\" or \"load\""))
            }
            Some(value) => {
                let id = value
                    .as_u64()
                    .ok_or_else(|| Failure::new(Code::BadRequest, "\"match\" must be a match id (a number)"))?;
                if self.matches.contains_key(&id) {
                    Ok(id)
                } else {
                    Err(Failure::new(Code::NoMatch, format!("no match {id}")))
                }
            }
        }
    }

    fn open(&self, request: &Map<String, Value>) -> Result<(u64, &Open), Failure> {
        let id = self.match_id(request)?;
        Ok((id, &self.matches[&id]))
    }

    fn open_mut(&mut self, request: &Map<String, Value>) -> Result<(u64, &mut Open), Failure> {
        let id = self.match_id(request)?;
        Ok((id, self.matches.get_mut(&id).expect("match_id checked it")))
    }
}

impl Reply {
    /// Adds who is to act and in what kind of step (with each seat's pass in a reaction
    /// window), whether the game is over, the outcome and the number of actions.
    fn with_status(self, m: &dyn DynMatch) -> Reply {
        let over = m.outcome().is_some();
        let kind = m.step_kind();
        let mut reply = self.with("to_act", m.to_act()).with("step_kind", (!over).then(|| kind.as_str()));
        if !over && kind == StepKind::Reaction {
            let passes: Vec<Option<String>> = Seat::all(m.seats()).map(|s| m.pass(s)).collect();
            reply = reply.with("pass", passes);
        }
        reply.with("over", over).with("outcome", outcome_json(m)).with("actions", m.actions())
    }

    /// Applies `action` for `seat` and adds the events per viewer and the new status.
    fn with_applied(self, m: &mut dyn DynMatch, seat: Seat, action: &str) -> Result<Reply, Failure> {
        let events = m.apply(seat, action)?;
        // The action as the record writes it, whatever spelling the client used.
        let canonical = m.last_action().map_or_else(|| action.trim().to_owned(), |(_, notation)| notation);
        Ok(self
            .with("seat", seat)
            .with("action", canonical)
            .with("events", events.for_viewer(Some(seat)))
            .with_events(&events, m.seats())
            .with_status(m))
    }

    /// Adds what each of the `seats` seats (`by_seat`) and a spectator (`spectator`) see of
    /// `events`.
    fn with_events(self, events: &ViewerEvents, seats: usize) -> Reply {
        let by_seat: Vec<_> = Seat::all(seats).map(|s| events.for_viewer(Some(s))).collect();
        self.with("by_seat", by_seat).with("spectator", events.for_viewer(None))
    }
}

fn error_line(id: Option<&Value>, code: Code, message: &str) -> String {
    Failure::new(code, message).reply().to_line(id, false)
}

/// The command's parameters from the request object (unknown keys are ignored).
fn params<T: DeserializeOwned>(request: &Map<String, Value>) -> Result<T, Failure> {
    serde_json::from_value(Value::Object(request.clone())).map_err(|e| Failure::new(Code::BadRequest, e.to_string()))
}

/// The seat `index` of `m`, if it exists.
pub(super) fn seat(m: &dyn DynMatch, index: i64) -> Result<Seat, Failure> {
    usize::try_from(index).ok().filter(|&i| i < m.seats()).and_then(Seat::new).ok_or_else(|| {
        Failure::new(Code::NoSuchSeat, format!("there is no seat {index}: seats are 0 to {}", m.seats() - 1))
    })
}

/// The largest seed the engine picks itself: 2^53 − 1, so JavaScript clients (whose numbers
/// are doubles) hold every seed exactly.
pub const MAX_PICKED_SEED: u64 = (1 << 53) - 1;

/// A seed from the clock, in 53 bits.
fn clock_seed() -> u64 {
    let nanos = std::time::SystemTime::now().duration_since(std::time::UNIX_EPOCH).map_or(0, |d| d.as_nanos());
    // Fold the high bits in so seeds picked in quick succession still differ in their low bits.
    (nanos as u64 ^ (nanos >> 53) as u64) & MAX_PICKED_SEED
}

/// A full config of `kind`: the defaults, then `variants`, then the keys of `config`.
fn full_config(kind: &dyn engine::GameKind, variants: &[String], config: Option<Value>) -> Result<Value, Failure> {
    let mut full = kind.config_from_variants(variants)?;
    match (config, &mut full) {
        (None | Some(Value::Null), _) => {}
        (Some(Value::Object(given)), Value::Object(full)) => full.extend(given),
        _ => return Err(Failure::new(Code::BadRequest, "\"config\" must be a JSON object")),
    }
    Ok(full)
}

/// The outcome as the protocol shows it: places and scores, and the reason the game ended
/// when the game gives one.
fn outcome_json(m: &dyn DynMatch) -> Value {
    let Some(outcome) = m.outcome() else { return Value::Null };
    let mut json = serde_json::to_value(outcome).expect("outcomes serialise");
    if let (Value::Object(fields), Some(reason)) = (&mut json, m.end_reason()) {
        fields.insert("reason".into(), serde_json::to_value(reason).expect("reasons serialise"));
    }
    json
}

#[derive(Deserialize)]
pub(super) struct NewParams {
    pub(super) game: String,
    #[serde(default)]
    pub(super) config: Option<Value>,
    #[serde(default)]
    pub(super) variants: Vec<String>,
    #[serde(default)]
    pub(super) seats: Option<usize>,
    #[serde(default)]
    pub(super) seed: Option<u64>,
    #[serde(default)]
    pub(super) players: Vec<String>,
}

#[derive(Deserialize)]
struct LoadParams {
    record: Value,
}

#[derive(Deserialize)]
struct ViewParams {
    #[serde(default)]
    seat: Option<i64>,
}

#[derive(Deserialize)]
struct ApplyParams {
    seat: i64,
    action: String,
    #[serde(flatten)]
    views: ViewsParams,
}

#[derive(Deserialize)]
struct AnalyseParams {
    seat: i64,
    bot: String,
    #[serde(default)]
    seed: Option<u64>,
}

#[derive(Deserialize)]
struct BotParams {
    seat: i64,
    bot: String,
    #[serde(default)]
    seed: Option<u64>,
    #[serde(default)]
    apply: bool,
    #[serde(flatten)]
    views: ViewsParams,
}
