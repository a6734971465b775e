//! Every action a seat could ever take at a table (`Game::action_space`), in a fixed order: the
//! turn's steps, the reactions, the action cards with every target, buying, betting (each horse
//! with each amount from 1 € to the edition's most), discarding and drawing. Built once per
//! table, so it may allocate.

use engine::Seat;

use crate::action::{Action, Play};
use crate::card::{KIND_COUNT, KINDS};
use crate::edition::{Edition, MAX_BET};
use crate::horse::{Die, HORSES, Horse};
use crate::state::KopfAnKopf;

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

/// Where each family of actions starts in the action space of a table: an action's id found
/// by arithmetic, as [`action_space`] lays them out.
#[derive(Clone, Copy, Debug)]
struct Layout {
    seats: usize,
    /// The most one bet may stake (the edition's, at most [`MAX_BET`]).
    most: usize,
}

/// The first play (`+2` on horse 1): the turn's steps and the reactions come before.
const PLAYS: usize = 3 * HORSES + 11;

impl Layout {
    fn id(self, action: Action) -> usize {
        let die = |d: Die| match d {
            Die::Horse => 0,
            Die::Movement => 1,
        };
        let pickpockets = PLAYS + 6 * HORSES + 3;
        let takes = pickpockets + 2 * self.seats;
        let buys = takes + KIND_COUNT;
        let bets = buys + HORSES;
        let discards = bets + HORSES * self.most;
        match action {
            Action::Use(h) => h.index(),
            Action::Skip(h) => HORSES + h.index(),
            Action::Keep => 2 * HORSES,
            Action::Chance(d) => 2 * HORSES + 1 + die(d),
            Action::Reroll(d) => 2 * HORSES + 3 + die(d),
            Action::Object => 2 * HORSES + 5,
            Action::Pass => 2 * HORSES + 6,
            Action::Sprint(h) => 2 * HORSES + 7 + h.index(),
            Action::Steal => 3 * HORSES + 7,
            Action::Pile(p) => 3 * HORSES + 8 + usize::from(p),
            Action::Decline => 3 * HORSES + 10,
            Action::Play(play) => match play {
                Play::HorsePlus(h) => PLAYS + h.index(),
                Play::Gallop(h) => PLAYS + HORSES + h.index(),
                Play::Muddy(h) => PLAYS + 2 * HORSES + h.index(),
                Play::FreeBet(h) => PLAYS + 3 * HORSES + h.index(),
                Play::LateBet(h) => PLAYS + 4 * HORSES + h.index(),
                Play::Bargain(h) => PLAYS + 5 * HORSES + h.index(),
                Play::Prize => PLAYS + 6 * HORSES,
                Play::Stable => PLAYS + 6 * HORSES + 1,
                Play::Whip => PLAYS + 6 * HORSES + 2,
                Play::Pickpocket(s) => pickpockets + s.index(),
                Play::Inspector(s) => pickpockets + self.seats + s.index(),
            },
            Action::Take(kind) => takes + kind.index(),
            Action::Buy(h) => buys + h.index(),
            Action::Bet(h, stake) => bets + h.index() * self.most + usize::from(stake) - 1,
            Action::Discard(a, b) => {
                // The pairs of the kinds before `a` come first: K + (K - 1) + … of them.
                let (a, b) = (a.index(), b.index());
                discards + a * KIND_COUNT - a * a.saturating_sub(1) / 2 + (b - a)
            }
            Action::Draw(pile) => discards + KIND_COUNT * (KIND_COUNT + 1) / 2 + usize::from(pile),
        }
    }
}

/// `seat`'s legal actions as ids into [`action_space`] (`Game::legal_action_ids`), ascending:
/// each found by arithmetic (a turn lists up to hundreds of bets and discards, and a lookup
/// table per action cost a fifth of a step), then put in order.
pub(crate) fn legal_ids(state: &KopfAnKopf, seat: Seat, out: &mut Vec<u32>) -> bool {
    out.clear();
    let layout = Layout { seats: state.seats as usize, most: state.rules.bet.min(MAX_BET) as usize };
    state.for_each_legal(seat, |action| out.push(layout.id(action) as u32));
    sort_nearly_sorted(out);
    true
}

/// Sorts `ids` by insertion, in time linear in their number and how far each is out of
/// place: the turn lists its plays by card kind, not by id, and the long runs of bets and
/// discards in order (a general sort cost a tenth of a step).
fn sort_nearly_sorted(ids: &mut [u32]) {
    for i in 1..ids.len() {
        let id = ids[i];
        let mut j = i;
        while j > 0 && ids[j - 1] > id {
            ids[j] = ids[j - 1];
            j -= 1;
        }
        ids[j] = id;
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::edition::Edition;

    #[test]
    fn a_nearly_sorted_list_is_sorted() {
        for mut ids in [vec![], vec![3], vec![2, 1], vec![5, 1, 4, 2, 3, 9, 7], vec![1, 2, 2, 3]] {
            let mut expected = ids.clone();
            expected.sort_unstable();
            sort_nearly_sorted(&mut ids);
            assert_eq!(ids, expected);
        }
    }

    #[test]
    fn each_action_s_arithmetic_id_is_its_place_in_the_action_space() {
        for edition in [
            Edition::default(),
            Edition { bet: 1, ..Edition::default() },
            Edition { bet: MAX_BET, ..Edition::default() },
        ] {
            for seats in 2..=6 {
                let layout = Layout { seats, most: edition.bet.min(MAX_BET) as usize };
                for (id, &action) in action_space(&edition, seats).iter().enumerate() {
                    assert_eq!(layout.id(action), id, "{action} at {seats} seats, {} € bets", edition.bet);
                }
            }
        }
    }
}
