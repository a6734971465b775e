//! Adding up results: exact integer sums, so the totals are the same on any number of threads.

use std::collections::BTreeMap;

use engine::{EndReason, Outcome, Seat};

use crate::stats::Pairwise;

/// A shared first place among k seats gives each 1/k of a win. Wins are counted in units of
/// 1/840 (840 is divisible by every k up to 8 seats), so the sums stay exact integers.
pub const WIN_UNITS: u64 = 840;

/// The results of one entry.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct EntryTally {
    /// Games played.
    pub games: u64,
    /// Wins in units of 1/[`WIN_UNITS`].
    pub win_units: u64,
    /// The sum of places (1 = first).
    pub place_sum: u64,
    /// The sum of scores.
    pub score_sum: i128,
    /// Games played in each seat.
    pub seat_games: Vec<u64>,
}

impl EntryTally {
    /// Wins, a shared first place counting as a fraction.
    pub fn wins(&self) -> f64 {
        self.win_units as f64 / WIN_UNITS as f64
    }
}

/// The results of a tournament so far.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Tally {
    /// Games played.
    pub games: u64,
    /// Actions played in all games.
    pub actions: u64,
    /// Per entry.
    pub entries: Vec<EntryTally>,
    /// Per pair of entries, by place.
    pub pairwise: Pairwise,
    /// Games per end reason code (`five-stones`), for games that say why they ended.
    pub end_reasons: BTreeMap<String, u64>,
}

impl Tally {
    /// No results yet for `entries` entries at tables of `players` seats.
    pub fn new(entries: usize, players: usize) -> Self {
        let entry = EntryTally { seat_games: vec![0; players], ..EntryTally::default() };
        Tally {
            games: 0,
            actions: 0,
            entries: vec![entry; entries],
            pairwise: Pairwise::new(entries),
            end_reasons: BTreeMap::new(),
        }
    }

    /// Adds one game: `seating[seat]` is the entry in that seat.
    pub fn add(&mut self, seating: &[usize], outcome: &Outcome, actions: usize) {
        self.games += 1;
        self.actions += actions as u64;
        let winners = outcome.winners().count().max(1) as u64;
        for (seat, &entry) in seating.iter().enumerate() {
            let place = outcome.place(Seat::at(seat));
            let tally = &mut self.entries[entry];
            tally.games += 1;
            tally.seat_games[seat] += 1;
            tally.place_sum += u64::from(place);
            tally.score_sum += i128::from(outcome.score(Seat::at(seat)));
            if place == 1 {
                tally.win_units += WIN_UNITS / winners;
            }
            for (other_seat, &other) in seating.iter().enumerate().skip(seat + 1) {
                self.pairwise.record(entry, other, place, outcome.place(Seat::at(other_seat)));
            }
        }
    }

    /// Counts why one game ended (nothing when the game does not say).
    pub fn add_end_reason(&mut self, reason: Option<&EndReason>) {
        if let Some(reason) = reason {
            *self.end_reasons.entry(reason.code.clone()).or_insert(0) += 1;
        }
    }

    /// Adds another tally of the same tournament.
    pub fn merge(mut self, other: &Tally) -> Self {
        self.games += other.games;
        self.actions += other.actions;
        for (mine, theirs) in self.entries.iter_mut().zip(&other.entries) {
            mine.games += theirs.games;
            mine.win_units += theirs.win_units;
            mine.place_sum += theirs.place_sum;
            mine.score_sum += theirs.score_sum;
            mine.seat_games.iter_mut().zip(&theirs.seat_games).for_each(|(a, b)| *a += b);
        }
        self.pairwise.merge(&other.pairwise);
        for (code, games) in &other.end_reasons {
            *self.end_reasons.entry(code.clone()).or_insert(0) += games;
        }
        self
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_shared_first_place_splits_the_win() {
        let mut tally = Tally::new(3, 3);
        tally.add(&[0, 1, 2], &Outcome::from_scores(&[5, 5, 1]), 10);
        assert_eq!((tally.entries[0].wins(), tally.entries[1].wins(), tally.entries[2].wins()), (0.5, 0.5, 0.0));
        tally.add(&[2, 0, 1], &Outcome::from_scores(&[3, 3, 3]), 10);
        let total: u64 = tally.entries.iter().map(|e| e.win_units).sum();
        assert_eq!(total, 2 * WIN_UNITS, "wins sum to games");
        assert_eq!(tally.pairwise.points(0, 1), 1.0);
        assert_eq!(tally.pairwise.points(0, 2), 1.5);
    }

    #[test]
    fn merging_equals_adding_in_one_tally() {
        let games = [([0, 1], [2i64, 1]), ([1, 0], [0, 4]), ([0, 1], [1, 1])];
        let mut whole = Tally::new(2, 2);
        let mut parts = [Tally::new(2, 2), Tally::new(2, 2)];
        for (i, (seating, scores)) in games.iter().enumerate() {
            whole.add(seating, &Outcome::from_scores(scores), 7);
            parts[i % 2].add(seating, &Outcome::from_scores(scores), 7);
        }
        let [a, b] = parts;
        assert_eq!(a.merge(&b), whole);
    }
}
