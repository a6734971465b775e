//! Every action a seat could ever take at a table (`Game::action_space`), in a fixed order: the
//! turn's steps, the reactions, the action cards with every target, buying, betting (each horse
//! with each amount from 1 € to the edition's most), discarding and drawing. Built once per
//! table, so it may allocate.

use engine::Seat;

use crate::action::{Action, Play};
use crate::card::{KIND_COUNT, KINDS};
use crate::edition::{Edition, MAX_BET};
use crate::horse::{Die, HORSES, Horse};

/// The action space of a table of `seats` playing `edition`'s numbers.
pub(crate) fn action_space(edition: &Edition, seats: usize) -> Vec<Action> {
    let dice = [Die::Horse, Die::Movement];
    let mut all = Vec::new();
    all.extend(Horse::ALL.map(Action::Use));
    all.extend(Horse::ALL.map(Action::Skip));
    all.push(Action::Keep);
    all.extend(dice.map(Action::Chance));
    all.extend(dice.map(Action::Reroll));
    all.push(Action::Object);
    all.push(Action::Pass);
    all.extend(Horse::ALL.map(Action::Sprint));
    all.push(Action::Steal);
    all.extend([0, 1].map(Action::Pile));
    all.push(Action::Decline);
    for make in [Play::HorsePlus, Play::Gallop, Play::Muddy, Play::FreeBet, Play::LateBet, Play::Bargain] {
        all.extend(Horse::ALL.map(|h| Action::Play(make(h))));
    }
    all.extend([Play::Prize, Play::Stable, Play::Whip].map(Action::Play));
    for make in [Play::Pickpocket, Play::Inspector] {
        all.extend(Seat::all(seats).map(|s| Action::Play(make(s))));
    }
    all.extend(KINDS.map(Action::Take));
    all.extend(Horse::ALL.map(Action::Buy));
    let most = edition.bet.min(MAX_BET) as u8;
    for h in Horse::ALL {
        all.extend((1..=most).map(|stake| Action::Bet(h, stake)));
    }
    // Two cards, the lower kind first; two of one kind too.
    for (a, &first) in KINDS.iter().enumerate() {
        all.extend(KINDS[a..].iter().map(|&second| Action::Discard(first, second)));
    }
    all.extend([0, 1].map(Action::Draw));
    all
}

/// A number for each action, distinct for distinct actions (`Game::action_key`; `None` for a
/// seat past 255, never in an action space): each family of actions in its own block.
#[inline]
pub(crate) fn key(action: Action) -> Option<u16> {
    const BYTE: usize = 256;
    let die = |d: Die| match d {
        Die::Horse => 0,
        Die::Movement => 1,
    };
    let small = |n: usize| (n < BYTE).then_some(n);
    let key = match action {
        Action::Use(h) => h.index(),
        Action::Skip(h) => HORSES + h.index(),
        Action::Sprint(h) => 2 * HORSES + h.index(),
        Action::Buy(h) => 3 * HORSES + h.index(),
        Action::Keep => 4 * HORSES,
        Action::Chance(d) => 4 * HORSES + 1 + die(d),
        Action::Reroll(d) => 4 * HORSES + 3 + die(d),
        Action::Object => 4 * HORSES + 5,
        Action::Pass => 4 * HORSES + 6,
        Action::Steal => 4 * HORSES + 7,
        Action::Decline => 4 * HORSES + 8,
        Action::Take(kind) => 64 + kind.index(),
        Action::Draw(pile) => BYTE + usize::from(pile),
        Action::Pile(pile) => 2 * BYTE + usize::from(pile),
        Action::Play(play) => {
            3 * BYTE
                + match play {
                    Play::HorsePlus(h) => h.index(),
                    Play::Gallop(h) => HORSES + h.index(),
                    Play::Muddy(h) => 2 * HORSES + h.index(),
                    Play::FreeBet(h) => 3 * HORSES + h.index(),
                    Play::LateBet(h) => 4 * HORSES + h.index(),
                    Play::Bargain(h) => 5 * HORSES + h.index(),
                    Play::Prize => 6 * HORSES,
                    Play::Stable => 6 * HORSES + 1,
                    Play::Whip => 6 * HORSES + 2,
                    Play::Pickpocket(seat) => BYTE + small(seat.index())?,
                    Play::Inspector(seat) => 2 * BYTE + small(seat.index())?,
                }
        }
        Action::Bet(h, stake) => 6 * BYTE + h.index() * BYTE + usize::from(stake),
        Action::Discard(a, b) => (6 + HORSES) * BYTE + a.index() * KIND_COUNT + b.index(),
    };
    // At most (6 + 10) × 256 + 22 × 22 keys: far below u16's range.
    u16::try_from(key).ok()
}
