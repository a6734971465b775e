//! Every action of the game in a fixed order (`Game::action_space`): each card of the deck on
//! each stone (cards in canonical order, then stones 1–9), the nine claims, `pass`, `done`; with
//! tactics (ST-40 … ST-45) also the ruses, both draws and every card returned, moved to a stone
//! or discarded. The list is a superset of what can ever be legal (a ruse card is listed on a
//! stone too, which is never legal): a legal-action mask over it says the rest.

use engine::Seat;

use crate::action::{Action, PileKind};
use crate::card::{CARD_SLOTS, Card, TacticFamily};
use crate::card_set::CardSet;
use crate::config::Config;
use crate::state::{Phase, SchottenTotten};
use crate::stone::{STONES, Stone};

/// The action space of a game with `config`. The base game: 54 × 9 plays, 9 claims, `pass` and
/// `done`; Battle Line plays its 60 troops; tactics add the 10 tactic cards and their actions.
pub(crate) fn action_space(config: &Config) -> Vec<Action> {
    let cards = config.cards();
    let on_stones = |make: fn(crate::card::Card, Stone) -> Action| {
        cards.iter().flat_map(move |card| Stone::all().map(move |stone| make(card, stone)))
    };
    let mut actions: Vec<Action> = on_stones(|card, stone| Action::Play { card, stone }).collect();
    actions.extend(Stone::all().map(Action::Claim));
    actions.extend([Action::Pass, Action::Done]);
    if config.tactics {
        let ruses = CardSet::TACTICS.iter().filter(|c| c.tactic().is_some_and(|t| t.family() == TacticFamily::Ruse));
        actions.extend(ruses.map(Action::Ruse));
        actions.extend([Action::Draw(PileKind::Clan), Action::Draw(PileKind::Tactic)]);
        actions.extend(cards.iter().map(Action::Return));
        actions.extend(on_stones(|card, stone| Action::Move { card, stone }));
        actions.extend(cards.iter().map(Action::Discard));
    }
    actions
}

/// A number for each action, distinct for distinct actions (`Game::action_key`): plays and
/// moves by card and stone, then claims, `pass`, `done`, draws, and ruses, returns and
/// discards by card.
#[inline]
pub(crate) fn key(action: Action) -> u16 {
    const SLOTS: usize = CARD_SLOTS * STONES;
    let on_stone = |card: Card, stone: Stone| card.index() * STONES + stone.index();
    let key = match action {
        Action::Play { card, stone } => on_stone(card, stone),
        Action::Move { card, stone } => SLOTS + on_stone(card, stone),
        Action::Claim(stone) => 2 * SLOTS + stone.index(),
        Action::Pass => 2 * SLOTS + STONES,
        Action::Done => 2 * SLOTS + STONES + 1,
        Action::Draw(PileKind::Clan) => 2 * SLOTS + STONES + 2,
        Action::Draw(PileKind::Tactic) => 2 * SLOTS + STONES + 3,
        Action::Ruse(card) => 2 * SLOTS + STONES + 4 + card.index(),
        Action::Return(card) => 2 * SLOTS + STONES + 4 + CARD_SLOTS + card.index(),
        Action::Discard(card) => 2 * SLOTS + STONES + 4 + 2 * CARD_SLOTS + card.index(),
    };
    // At most 2 × 630 + 13 + 3 × 70 keys: far below u16's range.
    key as u16
}

/// `seat`'s legal actions as ids into [`action_space`] (`Game::legal_action_ids`), ascending,
/// written from the hand and the stones' bits: the plays (card by card, stone by stone), the
/// claims, then `pass` or `done`. Games with tactics are left to the host (`false`): their
/// ruse steps list few actions, and the tactic cards' places would need a table of their own.
pub(crate) fn legal_ids(state: &SchottenTotten, seat: Seat, out: &mut Vec<u32>) -> bool {
    out.clear();
    if state.config.tactics {
        return false;
    }
    if state.phase == Phase::Over || seat != state.active {
        return true;
    }
    let plays = (state.config.cards().len() * STONES) as u32;
    let claims_now = match state.phase {
        Phase::Play => !state.config.claim_after_play,
        Phase::Claim | Phase::FinalClaims { .. } => true,
        // No step of a ruse without tactics.
        _ => return false,
    };
    if state.phase == Phase::Play {
        // The stones with room once, then each card's plays from them in one go.
        let (mut room, places) = (state.room(seat), state.config.card_places());
        let (mut stones, mut n) = ([0u32; STONES], 0);
        while room != 0 {
            stones[n] = room.trailing_zeros();
            n += 1;
            room &= room - 1;
        }
        let stones = &stones[..n];
        for card in state.hands[seat.index()].iter() {
            let first = u32::from(places[card.index()]) * STONES as u32;
            out.extend(stones.iter().map(|&stone| first + stone));
        }
    }
    let played = !out.is_empty();
    if claims_now {
        push_stones(out, state.claimable(seat), plays);
    }
    match state.phase {
        // Without tactics a seat that cannot play must pass (ST-7).
        Phase::Play if !played => out.push(plays + STONES as u32),
        Phase::FinalClaims { .. } => out.push(plays + STONES as u32),
        Phase::Claim => out.push(plays + STONES as u32 + 1),
        _ => {}
    }
    true
}

/// `first + i` for each stone `i` of `mask`, ascending.
#[inline]
fn push_stones(out: &mut Vec<u32>, mut mask: u16, first: u32) {
    while mask != 0 {
        out.push(first + mask.trailing_zeros());
        mask &= mask - 1;
    }
}

#[cfg(test)]
mod tests {
    use std::collections::HashSet;

    use engine::{Game, Match};
    use rand::Rng;

    use super::*;
    use crate::state::SchottenTotten;

    #[test]
    fn every_legal_action_of_random_games_is_in_the_action_space_once() {
        let configs = [
            (Config::default(), 54 * 9 + 9 + 2),
            (Config { claim_after_play: true, ..Config::default() }, 54 * 9 + 9 + 2),
            (Config { battle_line: true, ..Config::default() }, 60 * 9 + 9 + 2),
            // Plays and moves of 64 cards, claims, pass, done, 4 ruses, 2 draws, 64 returns and discards.
            (Config { tactics: true, ..Config::default() }, 64 * 9 * 2 + 9 + 2 + 4 + 2 + 64 * 2),
            (Config { tactics: true, battle_line: true, ..Config::default() }, 70 * 9 * 2 + 9 + 2 + 4 + 2 + 70 * 2),
        ];
        for (config, size) in configs {
            let space = action_space(&config);
            let set: HashSet<Action> = space.iter().copied().collect();
            assert_eq!((space.len(), set.len()), (size, size), "each action once: {config:?}");
            let notations: HashSet<String> = space.iter().map(ToString::to_string).collect();
            assert_eq!(notations.len(), size, "each notation once: {config:?}");
            let mut rng = engine::seeded(3);
            let mut legal = Vec::new();
            for seed in 0..200 {
                let mut m = Match::<SchottenTotten>::new(&config, 2, seed).unwrap().quiet();
                while let Some(seat) = m.state().to_act().first() {
                    m.state().legal_actions(seat, &mut legal);
                    assert!(legal.iter().all(|a| set.contains(a)), "a legal action outside the space: {legal:?}");
                    let action = legal[rng.random_range(0..legal.len())];
                    m.apply(seat, action).unwrap();
                }
            }
        }
    }
}
