//! The observation tensor (`Game::observe`): what one seat knows, as numbers. The layout is in
//! the crate docs ("The observation tensor"); every part is in the seat's view.

use engine::{Seat, Tensor};

use crate::card::{Cards, KIND_COUNT};
use crate::horse::{Die, HORSES, Horse};
use crate::state::{Answer, Base, KopfAnKopf, Phase};

/// Phases a turn goes through.
const PHASES: usize = 10;
/// The most cards of one kind a count is divided by.
const PER_KIND: u8 = 4;

/// Values of the table-wide part.
const TABLE: usize =
    PHASES + HORSES + 1 + 2 + KIND_COUNT + KIND_COUNT + 1 + HORSES + 1 + KIND_COUNT + 1 + 4 + 5 + HORSES;

/// The number of values for a table of `seats`.
pub(crate) fn observation_len(seats: usize) -> usize {
    let seat_parts = 2 * seats; // the dice's roller, the inspected hand
    let top_card_by = seats;
    let per_horse = 9 + 4 * seats;
    let per_seat = 6 + KIND_COUNT;
    TABLE + seat_parts + top_card_by + HORSES * per_horse + seats * per_seat
}

/// The count of each kind (÷ [`PER_KIND`]), in one pass the compiler can vectorise. Inlined:
/// a call takes the writer's address, and its cursor then lives in memory for the whole fill.
#[inline(always)]
fn counts(t: &mut Tensor<'_>, cards: &Cards) {
    for (value, &count) in t.take(KIND_COUNT).iter_mut().zip(cards.counts()) {
        *value = f32::from(count) * (1.0 / f32::from(PER_KIND));
    }
}

impl KopfAnKopf {
    /// Writes `seat`'s observation (see the crate docs for the layout).
    pub(crate) fn write_observation(&self, seat: Seat, out: &mut [f32]) {
        let seats = self.seats as usize;
        let relative = |s: Seat| (s.index() + seats - seat.index()) % seats;
        // The seats from this one on, once: a remainder a value was a tenth of the fill.
        let mut order = [0; engine::MAX_SEATS];
        for (k, place) in order[..seats].iter_mut().enumerate() {
            *place = (seat.index() + k) % seats;
        }
        let order = &order[..seats];
        let money = f64::from(self.rules.start_money.max(1));
        let to_act = engine::Game::to_act(self);
        let mut t = Tensor::new(out);
        t.one_hot(
            Some(match self.phase {
                Phase::Ability(_) => 0,
                Phase::SecondChance => 1,
                Phase::RollWindow => 2,
                Phase::CardWindow => 3,
                Phase::Sprint => 4,
                Phase::ThreeCard => 5,
                Phase::Action => 6,
                Phase::InspectorTake(_) => 7,
                Phase::Draw => 8,
                Phase::Over => 9,
            }),
            PHASES,
        );
        t.one_hot(if let Phase::Ability(h) = self.phase { Some(h.index()) } else { None }, HORSES);
        t.scaled(self.turn, 200);
        t.scaled(self.piles[0].len() as u32, 40);
        t.scaled(self.piles[1].len() as u32, 40);
        counts(&mut t, &self.discard);
        counts(&mut t, &self.hands[seat.index()]);
        // The dice.
        t.flag(self.roll.is_some());
        t.one_hot(self.roll.map(|r| r.horse.index()), HORSES);
        t.scaled(self.roll.map_or(0, |r| r.movement), 6);
        t.one_hot(self.roll.map(|r| relative(r.by)), seats);
        // A reaction window: the card on top of the stack and who played it, the stack's size,
        // what its bottom does, and the seat's own answer.
        let window = matches!(self.phase, Phase::RollWindow | Phase::CardWindow);
        let top = (window && self.stack_len > 0).then(|| self.stack[self.stack_len as usize - 1]);
        t.one_hot(top.map(|(card, _)| card.index()), KIND_COUNT);
        t.one_hot(top.map(|(_, by)| relative(by)), seats);
        t.scaled(if window { self.stack_len } else { 0 }, 8);
        t.one_hot(
            match (window, self.base) {
                (true, Some(Base::Play(_))) if self.phase == Phase::CardWindow => Some(1),
                (true, Some(Base::Reroll(Die::Horse))) => Some(2),
                (true, Some(Base::Reroll(Die::Movement))) => Some(3),
                (true, _) => Some(0),
                (false, _) => None,
            },
            4,
        );
        t.one_hot(
            window.then(|| match self.answers[seat.index()] {
                Answer::None => 0,
                Answer::Pass => 1,
                Answer::Reroll(Die::Horse) => 2,
                Answer::Reroll(Die::Movement) => 3,
                Answer::Object => 4,
            }),
            5,
        );
        let sprinting = self.phase == Phase::Sprint;
        for h in Horse::ALL {
            t.flag(sprinting && self.sprinters.contains(h));
        }
        let inspecting = match self.phase {
            Phase::InspectorTake(target) if self.active == seat => Some(relative(target)),
            _ => None,
        };
        t.one_hot(inspecting, seats);
        // Each horse's values into one segment: a cursor moved value by value kept the fill
        // from holding its pointers in registers.
        let (inv_money, inv_track) = (1.0 / money as f32, 1.0 / f32::from(self.rules.track.max(1)));
        for h in Horse::ALL {
            let i = h.index();
            let horse = t.take(9 + 4 * seats);
            horse[0] = f32::from(self.pos[i]) * inv_track;
            horse[1] = f32::from(self.place[i]) * (1.0 / 3.0);
            horse[2] = f32::from(u8::from(self.in_dark(h)));
            horse[3 + self.owner(h).map_or(seats, relative)] = 1.0;
            let rest = &mut horse[4 + seats..];
            rest[0] = self.rules.price[i] as f32 * inv_money;
            for (value, &odds) in rest[1..4].iter_mut().zip(&self.rules.odds[i]) {
                *value = odds as f32 * (1.0 / 10.0);
            }
            rest[4] = f32::from(self.chips_left[i]) * (1.0 / 8.0);
            for (values, &other) in rest[5..].chunks_exact_mut(3).zip(order) {
                values[0] = self.bets[other][i] as f32 * inv_money;
                values[1] = self.free_bets[other][i] as f32 * inv_money;
                values[2] = f32::from(u8::from(self.chips[other].contains(h)));
            }
        }
        let flag = |on: bool| f32::from(u8::from(on));
        for &i in order {
            let other = Seat::at(i);
            let values = t.take(6);
            values[0] = self.money[i] as f32 * inv_money;
            values[1] = self.hands[i].len() as f32 * (1.0 / 10.0);
            values[2] = flag(self.second_chance.contains(other));
            values[3] = flag(to_act.contains(other));
            values[4] = flag(self.active == other);
            values[5] = flag(window && self.listed.contains(other));
            // The cards of that hand the seat knows (its own hand is above).
            let known = if other == seat { Cards::EMPTY } else { self.known[seat.index()][i] };
            counts(&mut t, &known);
        }
        t.finish();
    }
}
