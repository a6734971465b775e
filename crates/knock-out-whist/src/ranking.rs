//! KW-23: the final ranking. The winner first, then the knocked-out players by the round they
//! went out (later is better); players out in the same round share a place.

use engine::{Outcome, Seat};

use crate::state::{KnockOutWhist, Phase, Status};

/// The outcome of a finished game. Scores are rounds survived: the winner scores the round the
/// game ended in, a player knocked out in round `r` scores `r − 1`; places follow the scores.
pub(crate) fn outcome(game: &KnockOutWhist) -> Option<Outcome> {
    if game.phase != Phase::Over {
        return None;
    }
    let mut scores = [0i64; engine::MAX_SEATS];
    for seat in Seat::all(game.seats()) {
        scores[seat.index()] = match game.status[seat.index()] {
            Status::Out(round) => i64::from(round) - 1,
            Status::In | Status::Mercy => i64::from(game.round),
        };
    }
    Some(Outcome::from_scores(&scores[..game.seats()]))
}
