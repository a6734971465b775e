//! Who plays whom and where: tournament entries, lineups, rotating seats and per-game seeds.

use std::collections::HashMap;

/// One participant of a tournament: a bot spec under a unique name.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Entry {
    /// The name in the results: the spec, with `#2`, `#3`, … for later copies of the same spec.
    pub name: String,
    /// The bot spec the registry builds (`ismcts:1000`).
    pub spec: String,
}

/// Entries for the specs as given. The same spec given several times makes several entries:
/// the first keeps the spec as its name, later ones are called `spec#2`, `spec#3`, …
pub fn entries(specs: &[String]) -> Vec<Entry> {
    let mut seen: HashMap<&str, usize> = HashMap::new();
    specs
        .iter()
        .map(|spec| {
            let count = seen.entry(spec.as_str()).or_insert(0);
            *count += 1;
            let name = if *count == 1 { spec.clone() } else { format!("{spec}#{count}") };
            Entry { name, spec: spec.clone() }
        })
        .collect()
}

/// Which entries sit where in every game: each lineup (a set of `players` entries) is played
/// in all its cyclic seatings in turn, so over each block of `players` games every entry of the
/// lineup takes every seat once.
#[derive(Clone, Debug)]
pub struct Schedule {
    players: usize,
    lineups: Vec<Vec<usize>>,
}

impl Schedule {
    /// Every combination of `players` out of `entries` entries (one lineup if they are equal).
    pub fn round_robin(entries: usize, players: usize) -> Schedule {
        Schedule { players, lineups: combinations(entries, players) }
    }

    /// The number of lineups.
    pub fn lineups(&self) -> usize {
        self.lineups.len()
    }

    /// The number of games after which every lineup has played in every seating once.
    pub fn cycle(&self) -> u64 {
        (self.lineups.len() * self.players) as u64
    }

    /// The entry in each seat of game `game` (0-based).
    pub fn seating(&self, game: u64) -> Vec<usize> {
        let players = self.players as u64;
        let rotation = (game % players) as usize;
        let lineup = &self.lineups[((game / players) % self.lineups.len() as u64) as usize];
        (0..self.players).map(|seat| lineup[(seat + rotation) % self.players]).collect()
    }
}

/// All `k`-element subsets of `0..n`, each ascending, in lexicographic order.
fn combinations(n: usize, k: usize) -> Vec<Vec<usize>> {
    let mut all = Vec::new();
    let mut current: Vec<usize> = (0..k).collect();
    if k > n {
        return all;
    }
    loop {
        all.push(current.clone());
        // Advance the rightmost index that can still move right.
        let Some(i) = (0..k).rev().find(|&i| current[i] < n - k + i) else { return all };
        current[i] += 1;
        for j in i + 1..k {
            current[j] = current[j - 1] + 1;
        }
    }
}

/// The seed of game `game` of a tournament seeded `seed`: the SplitMix64 sequence, so every
/// game's seed depends only on the two numbers, never on threads or order of play.
pub fn game_seed(seed: u64, game: u64) -> u64 {
    let mut z = seed.wrapping_add(game.wrapping_add(1).wrapping_mul(0x9E37_79B9_7F4A_7C15));
    z = (z ^ (z >> 30)).wrapping_mul(0xBF58_476D_1CE4_E5B9);
    z = (z ^ (z >> 27)).wrapping_mul(0x94D0_49BB_1331_11EB);
    z ^ (z >> 31)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn repeated_specs_get_numbered_names() {
        let specs: Vec<String> = ["ismcts:1000", "heuristic", "heuristic", "heuristic"].map(String::from).to_vec();
        let names: Vec<_> = entries(&specs).into_iter().map(|e| e.name).collect();
        assert_eq!(names, ["ismcts:1000", "heuristic", "heuristic#2", "heuristic#3"]);
    }

    #[test]
    fn combinations_are_complete() {
        assert_eq!(combinations(4, 2).len(), 6);
        assert_eq!(combinations(7, 4).len(), 35);
        assert_eq!(combinations(3, 3), vec![vec![0, 1, 2]]);
        assert!(combinations(2, 3).is_empty());
    }

    #[test]
    fn every_entry_takes_every_seat_equally_often() {
        let schedule = Schedule::round_robin(4, 3);
        let mut seats = [[0u32; 3]; 4];
        for game in 0..schedule.cycle() * 2 {
            let seating = schedule.seating(game);
            let mut sorted = seating.clone();
            sorted.sort();
            sorted.dedup();
            assert_eq!(sorted.len(), 3, "no entry twice in one game");
            for (seat, &entry) in seating.iter().enumerate() {
                seats[entry][seat] += 1;
            }
        }
        // Each entry is in 3 of the 4 lineups, twice round, once per seat each time.
        assert!(seats.iter().all(|s| *s == [6, 6, 6]), "{seats:?}");
    }

    #[test]
    fn game_seeds_differ_and_depend_on_the_tournament_seed() {
        let a: Vec<_> = (0..1000).map(|i| game_seed(1, i)).collect();
        let mut unique = a.clone();
        unique.sort();
        unique.dedup();
        assert_eq!(unique.len(), 1000);
        assert_ne!(game_seed(1, 0), game_seed(2, 0));
    }
}
