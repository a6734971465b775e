//! A search's score of an unfinished sampled world: each stone's chance to go to either seat,
//! from the heuristic's forecasts of both sides ([`crate::outlook`]), combined into the chance
//! of winning the game (five stones, or three adjacent ones, ST-30) as if the stones fell
//! independently.
//!
//! The world is a sampled one (see [`engine::Game::determinize`]), so both hands are known
//! here: each seat's hand is sure to be at its disposal, and the pile is shared by both, each
//! card with the chance a seat draws it and still uses it.

use engine::{GameRng, MAX_SEATS};

use crate::card_set::CardSet;
use crate::outlook::{Forecast, Supply, completes_first, forecast};
use crate::state::{Phase, SEATS, SchottenTotten, win_of};
use crate::stone::STONES;

/// Share of the pile a seat is expected to draw and still use (the heuristic's own).
const DRAW_SHARE: f32 = 0.3;

/// Value per card assumed for leftovers that fill a side (between the heuristic's own 4 and
/// the 5 it assumes of the opponent: here both seats are seen alike).
const FILLER: u8 = 4;

/// Per set of stones (bit i = stone i + 1), whether holding them wins the game (ST-30).
const WINS: [bool; 1 << STONES] = {
    let mut wins = [false; 1 << STONES];
    let mut mask = 0;
    while mask < 1 << STONES {
        wins[mask] = win_of(mask as u16).is_some();
        mask += 1;
    }
    wins
};

/// The evaluation (a search's `EvaluationFn`): writes each seat's chance to win the game in
/// progress into `rewards[..2]`. In a match of several games (ST-32) it scores the game in
/// progress only. It allocates nothing.
pub fn evaluation(world: &SchottenTotten, _rng: &mut GameRng, rewards: &mut [f64; MAX_SEATS]) {
    if world.phase == Phase::Over {
        let winner = usize::from(world.scores[1] > world.scores[0]);
        rewards[winner] = 1.0;
        rewards[1 - winner] = 0.0;
        return;
    }
    let chances = stone_chances(world);
    let p = game_chance(&chances);
    rewards[0] = p;
    rewards[1] = 1.0 - p;
}

/// Per stone, the chance that seat 0 gets it.
pub(crate) fn stone_chances(world: &SchottenTotten) -> [f32; STONES] {
    let pile = world.clans_in_pile();
    let q = if pile.is_empty() { 0.0 } else { DRAW_SHARE };
    let supplies = [0, 1].map(|s| Supply { sure: world.hands[s].clans(), maybe: pile, q });
    // Empty sides all have the same forecast per seat: work it out once. It does not count the
    // hand, or every empty stone would count the same cards.
    let empty = forecast(&[], 3, &Supply { sure: CardSet::EMPTY, maybe: pile, q }, FILLER);
    let mut chances = [0.0; STONES];
    for (i, chance) in chances.iter_mut().enumerate() {
        let stone = &world.stones[i];
        if let Some(owner) = stone.owner {
            *chance = if owner.index() == 0 { 1.0 } else { 0.0 };
            continue;
        }
        let capacity = stone.capacity();
        let [mine, theirs]: [Forecast; 2] = [0, 1].map(|s| {
            let side = stone.side(SEATS[s]);
            if side.is_empty() && capacity == 3 {
                empty
            } else {
                forecast(side.as_slice(), capacity, &supplies[s], FILLER)
            }
        });
        let (len0, len1) = (stone.side(SEATS[0]).len(), stone.side(SEATS[1]).len());
        let first = completes_first(stone.first.map(|seat| seat.index() == 0), len0, len1, capacity);
        *chance = mine.beats(&theirs, first);
    }
    chances
}

/// The chance that seat 0 wins the game when stone i goes to it with `chances[i]`, each
/// independently. A seat whose sure stones already win has won (it claims them first);
/// otherwise, where both seats would hold a winning set, the order of the claims decides,
/// counted as even.
pub(crate) fn game_chance(chances: &[f32; STONES]) -> f64 {
    let sure =
        |won: fn(f32) -> bool| chances.iter().enumerate().filter(|&(_, &c)| won(c)).fold(0, |m, (i, _)| m | 1 << i);
    if WINS[sure(|c| c >= 1.0)] {
        return 1.0;
    }
    if WINS[sure(|c| c <= 0.0)] {
        return 0.0;
    }
    // The probability of every split of the stones, stone by stone (512 in all).
    let mut split = [0.0f64; 1 << STONES];
    split[0] = 1.0;
    let mut size = 1;
    for (i, &c) in chances.iter().enumerate() {
        let (c, bit) = (f64::from(c), 1 << i);
        for mask in 0..size {
            let p = split[mask];
            split[mask | bit] = p * c;
            split[mask] = p * (1.0 - c);
        }
        size <<= 1;
    }
    let all = (1 << STONES) - 1;
    split
        .iter()
        .enumerate()
        .map(|(mask, &p)| match (WINS[mask], WINS[all & !mask]) {
            (true, false) => p,
            (true, true) => p / 2.0,
            _ => 0.0,
        })
        .sum()
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn st_30_the_game_chance_counts_five_stones_and_three_adjacent() {
        assert_eq!(game_chance(&[1.0; STONES]), 1.0);
        assert_eq!(game_chance(&[0.0; STONES]), 0.0);
        assert!((game_chance(&[0.5; STONES]) - 0.5).abs() < 1e-9, "an even table is even");
        // Three adjacent stones win; seat 1's three scattered ones do not.
        let three = [0.0, 1.0, 0.0, 1.0, 1.0, 1.0, 0.0, 1.0, 0.0];
        assert_eq!(game_chance(&three), 1.0);
        // Both may yet get three adjacent: even.
        let both = [0.99, 0.99, 0.99, 0.01, 0.01, 0.01, 0.5, 0.5, 0.5];
        let p = game_chance(&both);
        assert!((p - 0.5).abs() < 0.01, "{p}");
        // Seat 0's three adjacent are sure, seat 1's not yet: seat 0 claims first.
        let first = [1.0, 1.0, 1.0, 0.01, 0.01, 0.01, 0.5, 0.5, 0.5];
        assert_eq!(game_chance(&first), 1.0);
        // Stones 1, 3, 5, 7 are four, none adjacent: seat 1 holds the other five.
        let scattered = [1.0, 0.0, 1.0, 0.0, 1.0, 0.0, 1.0, 0.0, 0.0];
        assert_eq!(game_chance(&scattered), 0.0);
    }

    #[test]
    fn a_stone_more_likely_won_raises_the_game_chance() {
        let mut chances = [0.5; STONES];
        let even = game_chance(&chances);
        chances[4] = 0.9;
        assert!(game_chance(&chances) > even);
    }
}
