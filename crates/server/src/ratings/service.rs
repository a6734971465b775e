//! Rating a rated table once it has ended: read the table, its clock (who was away at the end)
//! and the players' ratings, compute, and write every player's change in one transaction. A
//! table is rated once, whichever node tries: the changes are keyed by table.

use engine::Seat;

use super::{Entrant, Rating, rated_places, update};
use crate::app::App;
use crate::clock::now_micros;
use crate::store::{Applied, RatingChange, StoreError};
use crate::table::clock::TableClock;
use crate::table::model::SeatSetup;

/// How often a table is retried when another table of the same player was rated meanwhile.
const ATTEMPTS: usize = 8;

/// Rates table `id` in the background (it has just ended); failures are logged, and the next
/// start of a server rates what is left ([`rate_unrated`]).
pub(crate) fn rate_later(app: App, id: String) {
    tokio::spawn(async move {
        if let Err(e) = rate(&app, &id).await {
            tracing::error!(table = %id, "could not rate the table: {e}");
        }
    });
}

/// Rates every finished rated table not rated yet.
pub(crate) async fn rate_unrated(app: App) {
    let ids = match app.store.unrated_tables().await {
        Ok(ids) => ids,
        Err(e) => return tracing::error!("could not look for tables to rate: {e}"),
    };
    for id in ids {
        if let Err(e) = rate(&app, &id).await {
            tracing::error!(table = %id, "could not rate the table: {e}");
        }
    }
}

/// Rates table `id` if it is a finished rated table not rated yet.
pub(crate) async fn rate(app: &App, id: &str) -> Result<(), StoreError> {
    let Some((row, _)) = app.store.load(id).await? else { return Ok(()) };
    let Some(outcome) = row.outcome.filter(|_| row.rated) else { return Ok(()) };
    let Ok(kind) = app.registry.get(&row.game) else { return Ok(()) };
    let levels = kind.info().levels;
    let away = app.store.clock(id).await?.map(|c| TableClock::away_in(&c)).unwrap_or_default();
    let places: Vec<u8> = (0..row.seats.len()).map(|i| Seat::new(i).map_or(0, |s| outcome.place(s))).collect();
    let places = rated_places(&places, &away);
    for _ in 0..ATTEMPTS {
        let mut entrants = Vec::with_capacity(row.seats.len());
        let mut players = Vec::new();
        for (seat, setup) in row.seats.iter().enumerate() {
            match setup {
                SeatSetup::Human { player: Some(player), .. } => {
                    let before = app.store.rating(player, &row.game).await?.unwrap_or(Rating::NEW);
                    entrants.push(Entrant::Player(before));
                    players.push((seat, player.clone(), before));
                }
                SeatSetup::Bot { bot } => match levels.level_of(bot).and_then(|l| levels.get(l)) {
                    Some(level) => entrants.push(Entrant::Bot(level.rating)),
                    None => {
                        tracing::warn!(table = %id, "a rated table with an unrated bot {bot:?}");
                        return Ok(());
                    }
                },
                SeatSetup::Human { player: None, .. } => {
                    tracing::warn!(table = %id, seat, "a rated table with a seat of no player");
                    return Ok(());
                }
            }
        }
        let after = update(&entrants, &places);
        let at_us = now_micros();
        let changes: Vec<RatingChange> = players
            .iter()
            .filter_map(|(seat, player, before)| {
                Some(RatingChange {
                    table: row.id.clone(),
                    player: player.clone(),
                    game: row.game.clone(),
                    seat: *seat,
                    place: places[*seat],
                    away: away.get(*seat).copied().unwrap_or(false),
                    before: *before,
                    after: after[*seat]?,
                    at_us,
                })
            })
            .collect();
        match app.store.apply_ratings(&changes).await {
            Ok(Applied::Done) => {
                tracing::info!(table = %id, players = changes.len(), "table rated");
                return Ok(());
            }
            Ok(Applied::AlreadyRated) => return Ok(()),
            // Another table of a player was rated meanwhile (or, on PostgreSQL, another node
            // rated this one at the same moment): read again.
            Ok(Applied::Stale) | Err(StoreError::Database(_)) => continue,
            Err(e) => return Err(e),
        }
    }
    Err(StoreError::Busy(format!("table {id}: ratings kept changing while it was rated")))
}
