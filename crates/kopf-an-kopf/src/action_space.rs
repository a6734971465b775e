//! Every action a seat could ever take at a table (`Game::action_space`), in a fixed order: the
//! turn's steps, the reactions, the action cards with every target, buying, betting (each horse
//! with each amount from 1 € to the edition's most), discarding and drawing. Built once per
//! table, so it may allocate.

use engine::Seat;

use crate::action::{Action, Play};
use crate::card::KINDS;
use crate::edition::{Edition, MAX_BET};
use crate::horse::{Die, Horse};

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
