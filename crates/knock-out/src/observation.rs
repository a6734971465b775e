//! The observation tensor (`Game::observe`): what one seat knows, as numbers. The layout is in
//! the crate docs ("The observation tensor"); every part is in the seat's view.

use engine::{Seat, Tensor};

use crate::boxer::{BoxerId, Class};
use crate::cards::{Cards, MAX_VALUE};
use crate::edition::MAX_FIELDS;
use crate::state::{CHIPS, EXCHANGES, KnockOut, PASSES, Phase, TRAINING_CARDS};

/// The unit money is counted in (the shipped edition's start money).
const MONEY: f64 = 100_000.0;
/// Values per card multiset: a count per value.
const VALUES: usize = MAX_VALUE as usize;
/// Levels a boxer can have.
const LEVELS: usize = 5;

/// The number of values for a table of `seats`.
pub(crate) fn observation_len(seats: usize) -> usize {
    let boxer = seats + 2;
    let table = 5 + 6 + 1;
    let side = boxer + LEVELS + 2 + 2 + 1;
    let fight = 2 + 2 * side + 3 + EXCHANGES * 3 + 2 + VALUES + VALUES;
    let tableaus = 2 * (boxer + MAX_FIELDS * (2 * seats + 1));
    let betting = PASSES as usize + seats;
    let per_seat = 3 + VALUES + 2 + 2 * (LEVELS + 1 + 3);
    table + fight + tableaus + betting + per_seat * seats
}

impl KnockOut {
    /// Writes `seat`'s observation (see the crate docs for the layout).
    pub(crate) fn write_observation(&self, seat: Seat, out: &mut [f32]) {
        let seats = self.seats as usize;
        let relative = |s: Seat| (s.index() + seats - seat.index()) % seats;
        // Functions, not closures taking the writer: a closure the compiler left a call kept
        // the writer's cursor in memory, and its every value waited for the last one's store.
        #[inline(always)]
        fn boxer(t: &mut Tensor<'_>, id: Option<BoxerId>, seat: Seat, seats: usize) {
            t.one_hot(id.map(|b| (b.owner.index() + seats - seat.index()) % seats), seats);
            t.one_hot(id.map(|b| b.class.index()), 2);
        }
        #[inline(always)]
        fn money(t: &mut Tensor<'_>, amount: i64) {
            t.scaled(amount as f64, MONEY);
        }
        #[inline(always)]
        fn counts(t: &mut Tensor<'_>, cards: Cards, of: u8) {
            for value in 1..=MAX_VALUE {
                t.scaled(cards.count(value), of);
            }
        }
        let e = self.edition();
        let mut t = Tensor::new(out);
        t.one_hot(
            Some(match self.phase {
                Phase::Challenge => 0,
                Phase::Training => 1,
                Phase::Betting => 2,
                Phase::Fight => 3,
                Phase::Over => 4,
            }),
            5,
        );
        t.flag(self.config.pro);
        t.scaled(self.season, self.config.seasons());
        t.scaled(self.fights, 20);
        t.scaled(self.fights - self.fights_before_season, 20);
        money(&mut t, self.pot);
        let taken = self.certificates_taken.min(u16::from(e.debt_certificates)) as u8;
        t.scaled(e.debt_certificates - taken, e.debt_certificates.max(1));
        t.flag(engine::Game::to_act(self).contains(seat));
        // The ring: the fight being set or fought, or the last one with its result.
        let fight = self.fight;
        let live = fight.filter(|f| f.result.is_none());
        t.flag(fight.is_some());
        t.flag(live.is_some());
        for side in 0..2 {
            let f = fight.as_ref();
            boxer(&mut t, f.map(|f| f.boxers[side]), seat, seats);
            t.one_hot(f.map(|f| f.levels[side] as usize), LEVELS);
            t.scaled(f.map_or(0, |f| f.start[side]) as f64, 10.0);
            t.scaled(f.map_or(0, |f| f.distance[side]) as f64, 10.0);
            t.flag(f.is_some_and(|f| f.trained[side]));
            t.flag(f.is_some_and(|f| f.pending[side].is_some()));
            t.scaled(f.map_or(0, |f| if f.trained[side] { f.training[side].len() } else { 0 }), TRAINING_CARDS);
        }
        t.one_hot(fight.and_then(|f| f.result).map(|r| r.winner), 2);
        t.flag(fight.and_then(|f| f.result).is_some_and(|r| r.knock_out));
        for exchange in 0..EXCHANGES {
            let shown = fight.filter(|f| exchange < f.played as usize).map(|f| f.exchanges[exchange]);
            t.flag(shown.is_some());
            t.scaled(shown.map_or(0, |[red, _]| red), MAX_VALUE);
            t.scaled(shown.map_or(0, |[_, blue]| blue), MAX_VALUE);
        }
        // The seat's own side of a live fight: its training cards and its pending card.
        let mine = live.and_then(|f| f.side(seat).map(|side| (f, side)));
        t.one_hot(mine.map(|(_, side)| side), 2);
        let training = mine.filter(|(f, side)| f.trained[*side]).map_or(Cards::default(), |(f, side)| f.training[side]);
        counts(&mut t, training, TRAINING_CARDS);
        t.one_hot(mine.and_then(|(f, side)| f.pending[side]).map(|v| usize::from(v) - 1), VALUES);
        // The tableaus: whom each backs, and each field's chips and stake.
        for tableau in 0..2 {
            boxer(&mut t, fight.map(|f| f.boxers[tableau]), seat, seats);
            for field in 0..MAX_FIELDS {
                let slot = self.bets[tableau][field];
                t.one_hot(slot.offer.map(relative), seats);
                t.one_hot(slot.accept.map(relative), seats);
                money(&mut t, e.bet_fields.get(field).map_or(0, |f| f.stake));
            }
        }
        t.one_hot((self.phase == Phase::Betting).then(|| usize::from(self.bet_pass).saturating_sub(1)), PASSES.into());
        for k in 0..seats {
            let other = Seat::at((seat.index() + k) % seats);
            t.scaled(self.passes[other.index()], CHIPS);
        }
        for k in 0..seats {
            let other = Seat::at((seat.index() + k) % seats);
            let i = other.index();
            money(&mut t, self.money[i]);
            t.scaled(self.debts[i], 5);
            t.scaled(self.chips[i], CHIPS);
            // Every card a manager still holds, in hand or in training, is public (the crate docs).
            counts(&mut t, self.cards(other), 3);
            t.flag(self.active == other);
            t.flag(engine::Game::to_act(self).contains(other));
            for class in Class::BOTH {
                let id = BoxerId::new(other, class);
                let b = self.boxer(id);
                t.one_hot(Some(b.level as usize), LEVELS);
                money(&mut t, self.start_money(id));
                t.flag(b.knocked_out);
                t.flag(self.sat_out.is_some_and(|s| s[0] == id));
                t.flag(self.sat_out.is_some_and(|s| s[1] == id));
            }
        }
        t.finish();
    }
}
