//! The requests a person waits for an answer to: taking a seat, closing the table, asking for
//! a rematch. Each is stored before it is answered.

use std::sync::Arc;

use engine::Seat;

use super::Actor;
use crate::api_error::ApiError;
use crate::clock::now_micros;
use crate::store::Write;
use crate::table::handle::{Joined, Joining};
use crate::table::model::{MAX_DEVICES, SeatSetup, Status, TableJson, status_of};
use crate::table::{messages, seating, setup};
use crate::tokens::{TokenHash, new_token};

impl Actor {
    /// Stores a write a request waits for; a table another server owns now is let go.
    async fn store(&mut self, write: Write) -> Result<(), ApiError> {
        match self.app.store.write(write).await {
            Ok(()) => Ok(()),
            Err(e) if e.lost() => {
                self.lost = true;
                Err(ApiError::moving(&self.table.id))
            }
            Err(e) => Err(ApiError::store_unavailable(e)),
        }
    }

    pub(super) async fn join(
        &mut self,
        name: String,
        seat: Option<usize>,
        invite: Option<String>,
        player: Option<Joining>,
    ) -> Result<Joined, ApiError> {
        if self.table.status != Status::Open {
            return Err(ApiError::conflict("not-open", "every seat of this table is taken"));
        }
        let index = seating::pick(&self.table.seats, seat, invite.as_deref())?;
        seating::check_unique(&self.table.seats, &name)?;
        if self.table.rated {
            seating::check_rated_join(&self.table.seats, player.as_ref())?;
        }
        let token = new_token();
        let mut seats = self.table.seats.clone();
        let rating = player.as_ref().map(|p| p.rating).filter(|_| self.table.rated);
        seating::sit(&mut seats[index], name, &token, player.map(|p| p.id), rating);
        let status = status_of(&seats, None);
        let write =
            Write::Seats { table: self.table.id.clone(), epoch: self.table.epoch, seats: seats.clone(), status };
        self.store(write).await?;
        self.table.seats = seats;
        self.table.status = status;
        tracing::info!(table = %self.table.id, seat = index, status = status.as_str(), "seat taken");
        self.position_changed(None).await;
        self.publish(None, None);
        self.schedule_bots();
        let seat = Seat::new(index).ok_or_else(|| ApiError::internal("seat index out of range"))?;
        Ok(Joined { seat, token, table: self.summary.borrow().clone() })
    }

    /// A seat token for another device of player `player`: their seat's token stays as it was
    /// (the first device keeps playing), the new one is added beside it.
    pub(super) async fn device_token(&mut self, player: &str) -> Result<Joined, ApiError> {
        let index = self
            .table
            .seats
            .iter()
            .position(|s| matches!(s, SeatSetup::Human { player: Some(p), .. } if p == player))
            .ok_or_else(|| {
                ApiError::new(axum::http::StatusCode::FORBIDDEN, "not-your-table", "you have no seat at this table")
            })?;
        let token = new_token();
        let mut seats = self.table.seats.clone();
        if let SeatSetup::Human { devices, .. } = &mut seats[index] {
            devices.push(TokenHash::of(&token).as_str().to_owned());
            if devices.len() > MAX_DEVICES {
                devices.remove(0);
            }
        }
        let write = Write::Seats {
            table: self.table.id.clone(),
            epoch: self.table.epoch,
            seats: seats.clone(),
            status: self.table.status,
        };
        self.store(write).await?;
        self.table.seats = seats;
        tracing::info!(table = %self.table.id, seat = index, "a seat token for another device");
        let seat = Seat::new(index).ok_or_else(|| ApiError::internal("seat index out of range"))?;
        Ok(Joined { seat, token, table: self.summary.borrow().clone() })
    }

    /// Closes the table for its creator: stored as closed, players told, the actor stops.
    pub(super) async fn close(&mut self, owner: &str) -> Result<(), ApiError> {
        let allowed = self.table.owner_hash.as_deref().is_some_and(|h| h == TokenHash::of(owner).as_str());
        if !allowed {
            return Err(ApiError::new(
                axum::http::StatusCode::FORBIDDEN,
                "not-owner",
                "only the table's creator can close it",
            ));
        }
        if self.table.status == Status::Finished {
            return Err(ApiError::conflict("over", "the game is over; finished tables stay in the records"));
        }
        let write = Write::Close { table: self.table.id.clone(), epoch: self.table.epoch, at_us: now_micros() };
        self.store(write).await?;
        tracing::info!(table = %self.table.id, "table closed by its creator");
        for s in self.subscribers.drain(..) {
            let _ = s.tx.try_send(messages::error("closed", "the table's creator closed this table"));
        }
        self.closed = true;
        Ok(())
    }

    pub(super) async fn rematch(&mut self) -> Result<(Arc<TableJson>, bool), ApiError> {
        if self.table.status != Status::Finished {
            return Err(ApiError::conflict("not-finished", "a rematch can be asked for once the game is over"));
        }
        if let Some(id) = self.table.rematch.clone() {
            let handle =
                crate::table::find(&self.app, &id).await?.ok_or_else(|| ApiError::internal("rematch table lost"))?;
            return Ok((handle.summary(), false));
        }
        let seats = self.table.seats.iter().map(SeatSetup::emptied).collect();
        // A private table's rematch is private too, without invites: only its players know the link.
        let new = setup::NewTable {
            private: self.table.private,
            owner_hash: None,
            clock: self.clock.seconds,
            creator: self.table.creator,
            // A rematch's seats are taken anew; a rated table's rematch is rated too.
            rated: self.table.rated,
        };
        let handle = setup::create(&self.app, self.table.game, &self.table.config, seats, new).await?;
        let summary = handle.summary();
        let write =
            Write::Rematch { table: self.table.id.clone(), epoch: self.table.epoch, rematch: summary.id.clone() };
        self.store(write).await?;
        self.table.rematch = Some(summary.id.clone());
        self.publish(None, None);
        Ok((summary, true))
    }
}
