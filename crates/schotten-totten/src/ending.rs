//! The end of a game: the final claim turns and the settlement once nobody can play a card
//! (ST-31), the winner (ST-30), and match scoring (ST-32).

use std::cmp::Ordering;

use engine::{EventLog, GameRng, Seat};

use crate::event::{Event, WinReason};
use crate::state::{FinishedGame, Phase, SEATS, SchottenTotten, WIN_POINTS, other};
use crate::stone::Stone;

impl SchottenTotten {
    /// ST-31, "no claim is pending": the next of `turns` final claim turns goes to the active
    /// seat if it has a claim to make. A seat without one is skipped — it could only pass, and
    /// the other seat's claims never give it one (they move no card). With no turn left, the
    /// settlement follows.
    pub(crate) fn final_claims(&mut self, mut turns: u8, rng: &mut GameRng, log: &mut EventLog<Event>) {
        while turns > 0 {
            self.ensure_claims(self.active);
            if self.claimable(self.active) != 0 {
                self.phase = Phase::FinalClaims { turns };
                return;
            }
            turns -= 1;
            self.active = other(self.active);
        }
        self.settle(rng, log);
    }

    /// `seat` has passed, or has no claim left, in a final claim turn: the other seat's turn
    /// (if `turns` leaves one) or the settlement.
    pub(crate) fn end_final_claims(&mut self, seat: Seat, turns: u8, rng: &mut GameRng, log: &mut EventLog<Event>) {
        self.active = other(seat);
        self.final_claims(turns.saturating_sub(1), rng, log);
    }

    /// The ST-31 settlement. Stones with two complete sides go to the stronger (ST-21); a stone
    /// with one incomplete side goes to the complete side (the incomplete side's owner has room
    /// there, so no card it can play, and play is over: it cannot draw one either, so the side
    /// can never be completed). Then ST-30.
    ///
    /// In the base game every stone is owned afterwards: one seat has no room (otherwise both hands and the pile
    /// would be empty, all 54 cards on the table and every slot full), so its side of every
    /// unclaimed stone is complete. Nine stones split unevenly, so one seat owns five or more.
    /// The other may meet ST-30 as well (three adjacent) if a seat passed up claims in its
    /// final claim turn; then the seat with more stones wins, reason [`WinReason::MostStones`].
    fn settle(&mut self, rng: &mut GameRng, log: &mut EventLog<Event>) {
        for (i, stone) in self.stones.iter_mut().enumerate() {
            if stone.owner.is_some() {
                continue;
            }
            let winner = match (stone.is_complete(SEATS[0]), stone.is_complete(SEATS[1])) {
                (true, true) => stone.decided_winner(),
                (true, false) => Some(SEATS[0]),
                (false, true) => Some(SEATS[1]),
                (false, false) => None,
            };
            if let Some(seat) = winner {
                let resolved = stone.resolve();
                stone.owner = Some(seat);
                self.owners[seat.index()] |= 1 << i;
                log.push(Event::Awarded { seat, stone: Stone::at(i).expect("nine stones"), resolved });
            }
        }
        let (winner, reason) = match (self.st30(SEATS[0]), self.st30(SEATS[1])) {
            (Some(reason), None) => (SEATS[0], reason),
            (None, Some(reason)) => (SEATS[1], reason),
            // Both at once, or (never, see above) neither: more stones win.
            (Some(_), Some(_)) | (None, None) => (self.more_stones(), WinReason::MostStones),
        };
        self.end_game(winner, reason, rng, log);
        if let Some(finished) = &mut self.previous {
            finished.settled = true;
        }
    }

    /// The seat owning more stones; on equal counts (never after a settlement, see
    /// [`SchottenTotten::settle`]) the seat that did not start the game.
    fn more_stones(&self) -> Seat {
        let counts = self.owners.map(u16::count_ones);
        match counts[0].cmp(&counts[1]) {
            Ordering::Greater => SEATS[0],
            Ordering::Less => SEATS[1],
            Ordering::Equal => other(self.starting),
        }
    }

    /// Scores a won game (ST-32) and deals the next one, or ends the match.
    pub(crate) fn end_game(&mut self, winner: Seat, reason: WinReason, rng: &mut GameRng, log: &mut EventLog<Event>) {
        let loser = other(winner);
        let mut points = [0u16; 2];
        points[winner.index()] = WIN_POINTS;
        if self.config.iello_scoring {
            points[loser.index()] = self.owned(loser).count_ones() as u16;
        }
        for (score, p) in self.scores.iter_mut().zip(points) {
            *score += p;
        }
        let game = self.game;
        self.previous = Some(FinishedGame { game, winner, reason, points, stones: self.stones, settled: false });
        log.push(Event::GameWon { seat: winner, game, reason, points, scores: self.scores });
        if game < self.config.match_games {
            // The loser of a game starts the next one.
            self.game += 1;
            self.deal(loser, rng);
            log.push(Event::GameStarted { game: self.game, starting_seat: loser });
        } else {
            self.phase = Phase::Over;
            let winner = match self.scores[0].cmp(&self.scores[1]) {
                Ordering::Greater => Some(SEATS[0]),
                Ordering::Less => Some(SEATS[1]),
                Ordering::Equal => None,
            };
            log.push(Event::MatchOver { scores: self.scores, winner });
        }
    }
}
