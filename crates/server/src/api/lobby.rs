//! The lobby: games, the table list, creating tables.

use axum::Json;
use axum::extract::rejection::QueryRejection;
use axum::extract::{Query, State};
use axum::http::StatusCode;
use engine::GameInfo;
use serde::Deserialize;
use serde_json::{Map, Value, json};

use super::ApiJson;
use super::names::MAX_NAME;
use crate::api_error::ApiError;
use crate::app::App;
use crate::client_ip::ClientIp;
use crate::clock::now_micros;
use crate::players::MaybePlayer;
use crate::table::model::{SeatSetup, Status, TableJson};
use crate::table::{NewTable, create as create_table, finished_json, stored_json};
use crate::tokens::{TokenHash, new_token};

/// The most tables a list returns.
const LIST_LIMIT: usize = 100;

/// `GET /api/games`.
pub(crate) async fn games(State(app): State<App>) -> Json<Vec<GameInfo>> {
    Json(app.registry.games().map(|kind| kind.info()).collect())
}

#[derive(Deserialize)]
pub(crate) struct ListQuery {
    status: Option<String>,
}

/// `GET /api/tables?status=…`: newest first, at most 100; on several nodes, every node's.
pub(crate) async fn list(
    State(app): State<App>,
    query: Result<Query<ListQuery>, QueryRejection>,
) -> Result<Json<Vec<Value>>, ApiError> {
    let Query(query) = query.map_err(|e| ApiError::bad_request(e.body_text()))?;
    let wanted = match query.status.as_deref() {
        None | Some("") => None,
        Some(text) => {
            Some(Status::parse(text).ok_or_else(|| ApiError::bad_request("status is one of open, running, finished"))?)
        }
    };
    let mut tables: Vec<TableJson> = Vec::new();
    if wanted != Some(Status::Finished) {
        tables.extend(
            app.tables
                .summaries()
                .into_iter()
                .filter(|t| t.status != Status::Finished && !t.private && wanted.is_none_or(|w| t.status == w))
                .map(|t| (*t).clone()),
        );
    }
    if wanted.is_none_or(|w| w == Status::Running) {
        // Running tables waiting out of memory (turn-based, between moves), from the database.
        let live: std::collections::HashSet<String> = tables.iter().map(|t| t.id.clone()).collect();
        let stored = app.store.running(LIST_LIMIT as u32).await.map_err(ApiError::internal)?;
        let now = app.options.time.now_micros();
        tables.extend(
            stored
                .iter()
                .filter(|(row, _)| !live.contains(&row.id) && app.tables.get(&row.id).is_none())
                .filter_map(|(row, clock)| Some(stored_json(&app.registry, row, clock.as_ref()?, now))),
        );
    }
    if wanted.is_none_or(|w| w == Status::Finished) {
        let finished = app.store.finished(LIST_LIMIT as u32).await.map_err(ApiError::internal)?;
        tables.extend(finished.iter().map(|(row, steps)| finished_json(&app.registry, row, *steps)));
    }
    // Sorted by when they were created, which the Table object does not show.
    let mut tables: Vec<(i64, Value)> = tables.iter().map(|t| (t.created_us, json!(t))).collect();
    if wanted != Some(Status::Finished) {
        // The other nodes' tables; a table moving between nodes is listed once.
        let listed: std::collections::HashSet<String> =
            tables.iter().filter_map(|(_, t)| t["id"].as_str().map(str::to_owned)).collect();
        let wanted = wanted.map(Status::as_str);
        let peers = crate::cluster::peer_tables(&app).await;
        tables.extend(
            peers
                .iter()
                .filter(|(_, t)| t["id"].as_str().is_some_and(|id| !listed.contains(id)))
                .filter(|(_, t)| wanted.is_none_or(|w| t["status"] == w))
                .cloned(),
        );
    }
    tables.sort_by_key(|(created_us, _)| std::cmp::Reverse(*created_us));
    tables.truncate(LIST_LIMIT);
    Ok(Json(tables.into_iter().map(|(_, t)| t).collect()))
}

#[derive(Deserialize)]
pub(crate) struct CreateRequest {
    game: String,
    #[serde(default)]
    variants: Vec<String>,
    #[serde(default)]
    config: Option<Value>,
    seats: Vec<SeatRequest>,
    /// Seconds per decision, or null/absent: no time control.
    #[serde(default)]
    clock: Option<u32>,
    /// The creator takes a seat in the same request.
    #[serde(default)]
    join: Option<JoinSeat>,
    /// Invited players only: one invite `"table"` (default) or one per seat (`"seat"`).
    #[serde(default)]
    private: bool,
    #[serde(default)]
    invites: Invites,
    /// Its end changes its players' ratings (every seat a player with a key or a bot level,
    /// with a time control).
    #[serde(default)]
    rated: bool,
}

#[derive(Deserialize)]
pub(crate) struct JoinSeat {
    /// The creator's name at the table; with a player key it may be left out for the player's.
    #[serde(default)]
    name: Option<String>,
    #[serde(default)]
    seat: Option<usize>,
}

/// How a private table's seats are handed out.
#[derive(Deserialize, Default, Clone, Copy, PartialEq, Eq)]
#[serde(rename_all = "lowercase")]
pub(crate) enum Invites {
    /// One link for the whole table: any invited person takes any free seat.
    #[default]
    Table,
    /// One link per seat.
    Seat,
}

#[derive(Deserialize)]
pub(crate) struct SeatRequest {
    #[serde(default)]
    bot: Option<String>,
}

/// `GET /api/limits`: the limits the lobby must know (the longest name, the creation quota).
pub(crate) async fn limits(State(app): State<App>) -> Json<Value> {
    Json(json!({"name_max_chars": MAX_NAME, "tables_per_minute": app.options.tables_per_minute}))
}

/// `POST /api/tables`: creates a table and, with `join`, seats its creator in the same write.
pub(crate) async fn create(
    State(app): State<App>,
    ClientIp(client): ClientIp,
    MaybePlayer(player): MaybePlayer,
    ApiJson(request): ApiJson<CreateRequest>,
) -> Result<(StatusCode, Json<Value>), ApiError> {
    if app.stopping() {
        return Err(ApiError::stopping());
    }
    let kind = app.registry.get(&request.game).map_err(|e| ApiError::bad_request(e.to_string()))?;
    let creator = match &request.join {
        Some(join) => Some(super::tables::seat_name(&app, join.name.as_deref(), player.as_ref())?),
        None => None,
    };
    // Variants first, then explicit config keys on top; the game checks the result.
    let mut config = kind.config_from_variants(&request.variants).map_err(|e| ApiError::bad_request(e.to_string()))?;
    match (request.config, &mut config) {
        (None | Some(Value::Null), _) => {}
        (Some(Value::Object(given)), Value::Object(base)) => base.extend(given),
        (Some(Value::Object(given)), _) => config = Value::Object(Map::from_iter(given)),
        (Some(_), _) => return Err(ApiError::bad_request("config is a JSON object")),
    }
    let mut seats: Vec<SeatSetup> = request
        .seats
        .into_iter()
        .map(|s| match s.bot {
            Some(bot) => SeatSetup::Bot { bot: bot.trim().to_owned() },
            None => SeatSetup::open(),
        })
        .collect();
    let mut answer = serde_json::Map::new();
    if let (Some(name), Some(join)) = (creator, &request.join) {
        let index = match join.seat {
            Some(i) if matches!(seats.get(i), Some(SeatSetup::Human { .. })) => i,
            Some(i) => return Err(ApiError::bad_request(format!("seat {i} is not a seat for a person"))),
            None => seats
                .iter()
                .position(|s| matches!(s, SeatSetup::Human { .. }))
                .ok_or_else(|| ApiError::bad_request("to join, the table needs a seat for a person"))?,
        };
        let token = new_token();
        let joining = match &player {
            Some(p) => Some(super::tables::joining(&app, p.id.clone(), kind.name()).await?),
            None => None,
        };
        seats[index] = SeatSetup::Human {
            name: Some(name),
            token_hash: Some(TokenHash::of(&token).as_str().to_owned()),
            invite_hash: None,
            rating: joining.as_ref().map(|j| j.rating).filter(|_| request.rated),
            player: joining.map(|j| j.id),
            devices: Vec::new(),
        };
        answer.insert("seat".into(), json!(index));
        answer.insert("token".into(), json!(token));
    }
    let invites = if request.private { hand_out_invites(&mut seats, request.invites) } else { Vec::new() };
    take_creation(&app, client).await?;
    let owner = new_token();
    let new = NewTable {
        private: request.private,
        owner_hash: Some(TokenHash::of(&owner).as_str().to_owned()),
        clock: request.clock,
        creator: Some(client),
        rated: request.rated,
    };
    let handle = create_table(&app, &request.game, &config, seats, new).await?;
    let table = handle.summary();
    if request.private {
        let links: Vec<Value> = invites
            .iter()
            .map(|(seat, code)| json!({"seat": seat, "code": code, "link": invite_link(&table.id, code)}))
            .collect();
        answer.insert("invites".into(), Value::Array(links));
    }
    answer.insert("owner".into(), json!(owner));
    answer.insert("table".into(), json!(&*table));
    Ok((StatusCode::CREATED, Json(Value::Object(answer))))
}

/// Counts a creation by `client`, or refuses it past the limit — on a shared database for
/// every node together, so a client cannot multiply its quota by the number of nodes.
async fn take_creation(app: &App, client: std::net::IpAddr) -> Result<(), ApiError> {
    let per_minute = app.options.tables_per_minute;
    let wait = if app.cluster.is_some() {
        let hashed = TokenHash::of(&client.to_string());
        let taken =
            app.store.take_creation(hashed.as_str(), per_minute, now_micros()).await.map_err(ApiError::internal)?;
        if taken { None } else { Some(60) }
    } else {
        app.creations.take(client, per_minute).err().map(|wait| wait.as_secs().max(1))
    };
    match wait {
        None => Ok(()),
        Some(seconds) => Err({
            app.metrics.refuse("tables");
            ApiError::new(
                StatusCode::TOO_MANY_REQUESTS,
                "too-many",
                format!("at most {per_minute} new tables a minute; try again in {seconds} s"),
            )
        }),
    }
}

/// Gives every free human seat an invite: one code for them all, or one each. Returns the codes
/// with their seat (`None`: any free seat).
fn hand_out_invites(seats: &mut [SeatSetup], invites: Invites) -> Vec<(Option<usize>, String)> {
    let table_code = new_token();
    let mut out = Vec::new();
    for (i, seat) in seats.iter_mut().enumerate() {
        if let SeatSetup::Human { token_hash: None, invite_hash, .. } = seat {
            let code = if invites == Invites::Table { table_code.clone() } else { new_token() };
            *invite_hash = Some(TokenHash::of(&code).as_str().to_owned());
            if invites == Invites::Seat {
                out.push((Some(i), code));
            }
        }
    }
    if invites == Invites::Table {
        out.push((None, table_code));
    }
    out
}

/// The page a friend opens to take a seat of a private table: the lobby with the invite.
fn invite_link(table: &str, code: &str) -> String {
    format!("/?table={table}&invite={code}")
}
