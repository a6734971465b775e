//! The result of a finished game: places and scores per seat.

use serde::{Deserialize, Serialize};

use crate::seat::{MAX_SEATS, Seat};

/// The final result of a game: each seat's place (1 = first; equal places are shared) and score.
///
/// Fixed-size and `Copy`, so playouts can ask for it without allocating.
#[derive(Clone, Copy, PartialEq, Eq, Debug, Serialize, Deserialize)]
#[serde(into = "OutcomeRepr", try_from = "OutcomeRepr")]
pub struct Outcome {
    seats: u8,
    places: [u8; MAX_SEATS],
    scores: [i64; MAX_SEATS],
}

impl Outcome {
    /// An outcome from places (1-based, shared on ties) and scores, one per seat.
    ///
    /// Panics if the slices differ in length or exceed [`MAX_SEATS`]; games build outcomes from
    /// their own seat count, so that is a bug, not input.
    pub fn new(places: &[u8], scores: &[i64]) -> Outcome {
        assert_eq!(places.len(), scores.len(), "one place and one score per seat");
        assert!(places.len() <= MAX_SEATS);
        let mut outcome = Outcome { seats: places.len() as u8, places: [0; MAX_SEATS], scores: [0; MAX_SEATS] };
        outcome.places[..places.len()].copy_from_slice(places);
        outcome.scores[..scores.len()].copy_from_slice(scores);
        outcome
    }

    /// An outcome ranked by score, highest first; equal scores share a place.
    pub fn from_scores(scores: &[i64]) -> Outcome {
        let mut places = [0u8; MAX_SEATS];
        for (i, &score) in scores.iter().enumerate() {
            places[i] = 1 + scores.iter().filter(|&&other| other > score).count() as u8;
        }
        Outcome::new(&places[..scores.len()], scores)
    }

    /// A two-or-more seat outcome where `winner` is first and everyone else shares second place.
    /// Scores: 1 for the winner, 0 for the rest.
    pub fn single_winner(seats: usize, winner: Seat) -> Outcome {
        let mut scores = [0i64; MAX_SEATS];
        scores[winner.index()] = 1;
        Outcome::from_scores(&scores[..seats])
    }

    /// How many seats played.
    pub fn seats(&self) -> usize {
        self.seats as usize
    }

    /// The place of `seat` (1 = first).
    pub fn place(&self, seat: Seat) -> u8 {
        self.places[seat.index()]
    }

    /// The score of `seat` (the game's own unit: points, money, tricks…).
    pub fn score(&self, seat: Seat) -> i64 {
        self.scores[seat.index()]
    }

    /// Places of all seats, in seat order.
    pub fn places(&self) -> &[u8] {
        &self.places[..self.seats()]
    }

    /// Scores of all seats, in seat order.
    pub fn scores(&self) -> &[i64] {
        &self.scores[..self.seats()]
    }

    /// The seats in first place.
    pub fn winners(&self) -> impl Iterator<Item = Seat> + '_ {
        Seat::all(self.seats()).filter(|&s| self.place(s) == 1)
    }

    /// The reward of `seat` in `[0, 1]` for search and rating: the share of other seats it
    /// finished ahead of, a shared place counting half. A lone winner gets 1, a lone loser 0.
    pub fn reward(&self, seat: Seat) -> f64 {
        let n = self.seats();
        if n < 2 {
            return 1.0;
        }
        let mine = self.place(seat);
        let mut beaten = 0.0;
        for other in Seat::all(n).filter(|&o| o != seat) {
            let theirs = self.place(other);
            if mine < theirs {
                beaten += 1.0;
            } else if mine == theirs {
                beaten += 0.5;
            }
        }
        beaten / (n - 1) as f64
    }
}

#[derive(Serialize, Deserialize)]
struct OutcomeRepr {
    places: Vec<u8>,
    scores: Vec<i64>,
}

impl From<Outcome> for OutcomeRepr {
    fn from(o: Outcome) -> Self {
        OutcomeRepr { places: o.places().to_vec(), scores: o.scores().to_vec() }
    }
}

impl TryFrom<OutcomeRepr> for Outcome {
    type Error = String;
    fn try_from(r: OutcomeRepr) -> Result<Self, Self::Error> {
        if r.places.len() != r.scores.len() || r.places.len() > MAX_SEATS {
            return Err("an outcome needs one place and one score per seat".into());
        }
        Ok(Outcome::new(&r.places, &r.scores))
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn places_from_scores_share_ties() {
        let o = Outcome::from_scores(&[10, 30, 10, 5]);
        assert_eq!(o.places(), &[2, 1, 2, 4]);
        assert_eq!(o.reward(Seat::at(1)), 1.0);
        assert_eq!(o.reward(Seat::at(3)), 0.0);
        assert!((o.reward(Seat::at(0)) - 0.5).abs() < 1e-9);
    }

    #[test]
    fn serde_round_trip() {
        let o = Outcome::single_winner(2, Seat::at(1));
        let json = serde_json::to_string(&o).unwrap();
        assert_eq!(json, r#"{"places":[2,1],"scores":[0,1]}"#);
        assert_eq!(serde_json::from_str::<Outcome>(&json).unwrap(), o);
    }
}
