//! Every action a seat could ever take at a table of a config (`Game::action_space`), in a
//! fixed order: the challenges, the training choices, the bets and the exchange cards. It is
//! built once per table, not per move, so it may allocate.

use engine::Seat;

use crate::action::{Action, Tableau};
use crate::boxer::{BoxerId, Class};
use crate::cards::{Cards, MAX_VALUE};
use crate::config::Config;
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
