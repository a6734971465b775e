//! A cheap rule of thumb for search playouts: claim whatever can be claimed, otherwise place the
//! card where it builds the strongest formation, never complete a side that has already lost.
//!
//! It decides on a *sampled world* (see [`engine::Game::determinize`]), not on the real game, so
//! it may look at everything in it: both hands and the pile. It is meant to be called millions
//! of times — a decision is a few bit operations per legal play, no forecasting and no
//! allocation — so it plays far worse than [`crate::HeuristicBot`] on its own, but it makes
//! playouts look like games between players who build formations, which is what a search needs
//! to tell good moves from bad ones.

use engine::{GameRng, Seat};
use rand::Rng;

use crate::action::Action;
use crate::card::Card;
use crate::card_set::CardSet;
use crate::formation::Formation;
use crate::proof::{best_completion, can_beat};
use crate::state::SchottenTotten;
use crate::stone::{MAX_SIDE, SIDE_CAPACITY};

/// What each card a partial side still lacks costs its estimate when the pile must supply it
/// (measured: lower values overrate hopeful sides, higher ones make the policy timid).
const PER_MISSING: i32 = 40;

/// The bonus per card already on a side, so the policy builds up sides it has begun rather than
/// spreading thin.
const EXTEND: i32 = 8;

/// The score of completing a side that wins its stone for sure (it can be claimed next turn).
const SURE_WIN: i32 = 1000;

/// The score of completing a side that has already lost its stone.
const LOST: i32 = -1000;

/// The policy: one of `legal` (not empty) for `seat` in `world`.
///
/// Claims come first (a legal claim always succeeds and never hurts); `pass` and `done` are
/// taken when they are all that is left; among plays the best-scoring one wins, ties broken at
/// random.
pub fn playout_policy(world: &SchottenTotten, seat: Seat, legal: &[Action], rng: &mut GameRng) -> Action {
    let first = legal[0];
    match first {
        Action::Play { .. } => {}
        // Legal actions list claims first, then plays, or `pass` / `done`.
        Action::Claim(_) | Action::Pass | Action::Done => return first,
        // The steps of a ruse or the tactics draw: any will do.
        _ => return legal[rng.random_range(0..legal.len())],
    }
    let me = seat.index();
    let op = 1 - me;
    let hand = world.hands[me];
    let pile = world.clans_in_pile();
    // Cards the opponent may still complete a side with.
    let their_pool = world.hands[op].union(pile);
    let mut best = (i32::MIN, 0usize, 0u32);
    for (at, action) in legal.iter().enumerate() {
        let Action::Play { card, stone } = *action else { continue };
        // Tactic cards are left to the search (and to `pass`, listed last, when only they remain).
        if !card.is_clan() {
            continue;
        }
        let i = stone.index();
        let state = &world.stones[i];
        let capacity = state.capacity();
        let mine = state.sides()[me];
        let theirs = state.sides()[op];
        let rest = hand.minus(CardSet::only(card));
        let mut placed = [card; MAX_SIDE];
        placed[..mine.len()].copy_from_slice(mine.as_slice());
        let placed = &placed[..mine.len() + 1];
        let plain = placed.iter().all(|c| c.is_clan()) && theirs.cards().all(|c| c.is_clan());
        let score = if !plain || !state.modes().is_empty() {
            // Elite troops and combat modes: no cheap estimate, so build up sides evenly.
            EXTEND * mine.len() as i32
        } else if placed.len() == capacity {
            let formation = Formation::of(placed);
            match state.formations()[op] {
                Some(their) if !formation.beats(their, false) => LOST - formation.key() as i32,
                Some(_) => SURE_WIN - i32::from(card.value()),
                None if !can_beat(theirs.as_slice(), capacity, their_pool, formation) => {
                    SURE_WIN - i32::from(card.value())
                }
                None => formation.key() as i32,
            }
        } else {
            estimate(placed, rest, pile, PER_MISSING) + EXTEND * mine.len() as i32
        };
        // Reservoir sampling among equal scores.
        if score > best.0 {
            best = (score, at, 1);
        } else if score == best.0 {
            best.2 += 1;
            if rng.random_range(0..best.2) == 0 {
                best.1 = at;
            }
        }
    }
    if best.0 == i32::MIN {
        // Only tactic plays (and perhaps `pass`, always last): take the last.
        return legal[legal.len() - 1];
    }
    legal[best.1]
}

/// What a partial side is likely to become: its best completion from `sure` cards, or from
/// `sure` and `maybe` cards less `per_missing` per card still missing.
fn estimate(placed: &[Card], sure: CardSet, maybe: CardSet, per_missing: i32) -> i32 {
    let missing = (SIDE_CAPACITY - placed.len()) as i32;
    let from_sure = best_completion(placed, SIDE_CAPACITY, sure).map_or(0, |f| f.key() as i32);
    let from_all = best_completion(placed, SIDE_CAPACITY, sure.union(maybe)).map_or(0, |f| f.key() as i32);
    from_sure.max(from_all - per_missing * missing)
}
