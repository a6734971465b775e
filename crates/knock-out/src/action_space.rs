//! Every action a seat could ever take at a table of a config (`Game::action_space`), in a
//! fixed order: the challenges, the training choices, the bets and the exchange cards. It is
//! built once per table, not per move, so it may allocate.

use engine::Seat;

use crate::action::{Action, Tableau};
use crate::boxer::{BoxerId, Class};
use crate::cards::{Cards, MAX_VALUE};
use crate::config::Config;
use crate::edition::{MAX_FIELDS, SEATS};
use crate::state::TRAINING_CARDS;

/// The action space of a table of `seats` managers playing `config`.
pub(crate) fn action_space(config: &Config, seats: usize) -> Vec<Action> {
    let e = &config.edition;
    let mut all = Vec::new();
    // KO-10: the active seat's boxer of a class against any boxer (the challenger is the seat
    // acting, so it is not part of the action).
    for owner in Seat::all(seats) {
        for class in Class::BOTH {
            for with in Class::BOTH {
                all.push(Action::Challenge { with, target: BoxerId::new(owner, class) });
            }
        }
    }
    // KO-12: a fighter trains with 4 cards, or all of a smaller hand; a challenge needs at
    // least `min_cards` (3 or more) in both hands, so 3 is the fewest.
    let full = Cards::of(&e.card_values);
    for size in (e.min_cards.min(TRAINING_CARDS)..=TRAINING_CARDS).rev() {
        full.for_each_subset(size, |cards| all.push(Action::Train(cards)));
    }
    // KO-13: a chip on an offer or accept slot of a field, or on the pass field.
    for tableau in Tableau::BOTH {
        for field in 0..e.bet_fields.len() as u8 {
            all.push(Action::Offer { tableau, field });
        }
    }
    for tableau in Tableau::BOTH {
        for field in 0..e.bet_fields.len() as u8 {
            all.push(Action::Accept { tableau, field });
        }
    }
    all.push(Action::Pass);
    // KO-20: one card of each value the edition deals.
    all.extend((1..=MAX_VALUE).filter(|&v| full.contains(v)).map(Action::Play));
    all
}

/// The counts a value can have in a training choice: 0 to [`TRAINING_CARDS`].
const COUNTS: u16 = TRAINING_CARDS as u16 + 1;

/// Training choices: a count per value, the values' digits in base [`COUNTS`].
const TRAINING_KEYS: u16 = COUNTS.pow(MAX_VALUE as u32);

/// An action's key (`Game::action_key`): its place in a table of every action of every
/// table, so the host finds an action's id without hashing it (the hash was a sixth of a step
/// of the vector environment). Keys differ for the actions of any action space; an action
/// outside every space may share one (the host compares the action then).
pub(crate) fn key(action: Action) -> u16 {
    // Counts, seats, fields and values clamped into their ranges keep every key in the table.
    let small = |n: usize, max: usize| n.min(max - 1) as u16;
    let challenges = TRAINING_KEYS;
    let offers = challenges + 4 * SEATS as u16;
    let accepts = offers + 2 * MAX_FIELDS as u16;
    let pass = accepts + 2 * MAX_FIELDS as u16;
    match action {
        Action::Train(cards) => {
            (1..=MAX_VALUE).rev().fold(0, |key, v| key * COUNTS + small(cards.count(v).into(), COUNTS.into()))
        }
        Action::Challenge { with, target } => {
            challenges
                + (small(target.owner.index(), SEATS) * 2 + target.class.index() as u16) * 2
                + with.index() as u16
        }
        Action::Offer { tableau, field } => {
            offers + tableau.index() as u16 * MAX_FIELDS as u16 + small(field.into(), MAX_FIELDS)
        }
        Action::Accept { tableau, field } => {
            accepts + tableau.index() as u16 * MAX_FIELDS as u16 + small(field.into(), MAX_FIELDS)
        }
        Action::Pass => pass,
        Action::Play(value) => pass + 1 + small(value.into(), MAX_VALUE as usize + 1),
    }
}
