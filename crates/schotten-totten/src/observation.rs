//! The observation tensor (`Game::observe`): what one seat knows, as numbers, read off the
//! seat's own view. The layout is in the crate docs ("The observation tensor").

use engine::{Seat, Tensor};

use crate::card::CARD_SLOTS;
use crate::card_set::CardSet;
use crate::formation::Class;
use crate::state::SchottenTotten;
use crate::stone::STONES;
use crate::view::{PhaseView, View};

/// Values per side of a stone: its cards, the formation class and sum, first complete, owner.
const SIDE: usize = CARD_SLOTS + 5 + 1 + 1 + 1;
/// Values per stone: two sides, the combat modes on it (the ten tactic slots), its capacity.
const STONE: usize = 2 * SIDE + 10 + 1;
/// Values of the rest of the table: eight card sets, six counts, the phase and the match.
const TABLE: usize = 8 * CARD_SLOTS + 6 + 9 + 1 + 2 + 4 + 3;

/// The number of values (the same for every config).
pub(crate) const OBSERVATION_LEN: usize = TABLE + STONES * STONE;

/// The first card slot of the tactic cards.
const FIRST_TACTIC: u32 = 60;

fn cards(t: &mut Tensor<'_>, set: CardSet) {
    t.bits(set.bits(), CARD_SLOTS);
}

impl SchottenTotten {
    /// Writes `seat`'s observation (see the crate docs for the layout): its view, as numbers,
    /// the seat first in every pair.
    pub(crate) fn write_observation(&self, seat: Seat, out: &mut [f32]) {
        let view = View::of(self, Some(seat));
        let me = seat.index() % 2;
        let pair = [me, 1 - me];
        let hand = self.config.hand_size() as u8;
        let mut t = Tensor::new(out);
        cards(&mut t, view.hand.unwrap_or_default());
        cards(&mut t, view.known);
        cards(&mut t, view.tucked);
        for s in pair {
            cards(&mut t, view.revealed[s]);
        }
        cards(&mut t, view.discard);
        for s in pair {
            cards(&mut t, view.played_tactics[s]);
        }
        for s in pair {
            t.scaled(view.hand_sizes[s], hand);
        }
        t.scaled(view.pile, 60);
        t.scaled(view.tactic_pile, 10);
        for s in pair {
            t.scaled(view.hand_tactics[s], hand);
        }
        t.one_hot(
            Some(match view.phase {
                PhaseView::Play => 0,
                PhaseView::Claim => 1,
                PhaseView::Draw => 2,
                PhaseView::Recruit => 3,
                PhaseView::Strategist => 4,
                PhaseView::Banshee => 5,
                PhaseView::Traitor => 6,
                PhaseView::FinalClaims => 7,
                PhaseView::Over => 8,
            }),
            9,
        );
        t.scaled(view.final_claim_turns.unwrap_or(0), 2);
        t.scaled(view.recruit.map_or(0, |r| r.draws), 3);
        t.scaled(view.recruit.map_or(0, |r| r.returns), 3);
        t.flag(view.tactics);
        t.flag(view.battle_line);
        t.flag(view.active == Some(seat));
        t.flag(view.starting_seat == seat);
        t.scaled(view.game, view.games);
        for s in pair {
            t.scaled(view.scores[s], u16::from(view.games) * 5);
        }
        for stone in &view.stones {
            for s in pair {
                cards(
                    &mut t,
                    stone.sides[s].as_slice().iter().fold(CardSet::EMPTY, |set, &c| set.union(CardSet::only(c))),
                );
                let formation = stone.formations[s];
                t.one_hot(formation.map(|f| Class::ALL.iter().position(|&c| c == f.class).unwrap_or(0)), 5);
                t.scaled(formation.map_or(0, |f| f.sum), 40);
                t.flag(stone.first == Some(Seat::at(s)));
                t.flag(stone.owner == Some(Seat::at(s)));
            }
            t.bits(stone.modes.bits() >> FIRST_TACTIC, 10);
            t.scaled(stone.capacity, 4);
        }
        t.finish();
    }
}
