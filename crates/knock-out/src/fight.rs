//! Training (KO-12) and the fight (KO-20 … KO-24): secret choices revealed together, the hidden
//! left hook, knock-out at once, points, unplayed cards back to hand; then prizes and levels
//! (KO-30) and the settlement (KO-31).

use engine::{EventLog, IllegalAction, Seat};

use crate::action::{Action, Tableau};
use crate::boxer::after_fight;
use crate::cards::Cards;
use crate::event::Event;
use crate::money::{Party, Payment, Why};
use crate::state::{EXCHANGES, FightResult, KnockOut, TRAINING_CARDS};

/// How a revealed exchange moves the boxers: which side moves (0 red, 1 blue) and how far
/// (KO-20, KO-21).
pub fn exchange_move(red: u8, blue: u8) -> Option<(usize, i64)> {
    match (red, blue) {
        (1, 5) => Some((1, 4)),
        (5, 1) => Some((0, 4)),
        _ if red < blue => Some((0, (blue - red) as i64)),
        _ if blue < red => Some((1, (red - blue) as i64)),
        _ => None,
    }
}

impl KnockOut {
    /// How many cards `seat` trains with: 4, or all when holding fewer (KO-12).
    #[inline]
    pub(crate) fn training_size(&self, seat: Seat) -> u8 {
        self.hands[seat.index()].len().min(TRAINING_CARDS)
    }

    /// Calls `f` with every legal training choice of `seat` (every multiset once).
    #[inline]
    pub(crate) fn for_each_training(&self, seat: Seat, mut f: impl FnMut(Action)) {
        if let Some(fight) = &self.fight
            && let Some(side) = fight.side(seat)
            && !fight.trained[side]
        {
            self.hands[seat.index()].for_each_subset(self.training_size(seat), |cards| f(Action::Train(cards)));
        }
    }

    /// A fighter's training choice.
    pub(crate) fn train(&mut self, seat: Seat, cards: Cards, log: &mut EventLog<Event>) -> Result<(), IllegalAction> {
        let size = self.training_size(seat);
        let Some(fight) = self.fight.as_mut() else { return Err(IllegalAction::Rule("no fight is set")) };
        let Some(side) = fight.side(seat) else { return Err(IllegalAction::NotToAct(seat)) };
        if cards.len() != size {
            return Err(IllegalAction::Rule("train with 4 cards (all of them when you hold 3)"));
        }
        if !cards.is_within(self.hands[seat.index()]) {
            return Err(IllegalAction::Rule("train with cards from your hand"));
        }
        self.hands[seat.index()] = self.hands[seat.index()].minus(cards);
        fight.training[side] = cards;
        fight.trained[side] = true;
        log.push(Event::Trained { seat, cards: Some(cards) });
        if fight.trained == [true, true] {
            self.begin_betting();
        }
        Ok(())
    }

    /// Calls `f` with every legal exchange card of `seat` (each value once).
    #[inline]
    pub(crate) fn for_each_play(&self, seat: Seat, mut f: impl FnMut(Action)) {
        if let Some(fight) = &self.fight
            && let Some(side) = fight.side(seat)
            && fight.pending[side].is_none()
        {
            for v in fight.training[side].distinct() {
                f(Action::Play(v));
            }
        }
    }

    /// A fighter's exchange card; when both have chosen, the exchange is revealed.
    pub(crate) fn play(&mut self, seat: Seat, value: u8, log: &mut EventLog<Event>) -> Result<(), IllegalAction> {
        let Some(fight) = self.fight.as_mut() else { return Err(IllegalAction::Rule("no fight is on")) };
        let Some(side) = fight.side(seat) else { return Err(IllegalAction::NotToAct(seat)) };
        if !fight.training[side].contains(value) {
            return Err(IllegalAction::Rule("play one of your training cards"));
        }
        fight.pending[side] = Some(value);
        log.push(Event::Chose { seat, card: Some(value) });
        if let [Some(red), Some(blue)] = fight.pending {
            self.reveal(red, blue, log);
        }
        Ok(())
    }

    /// Both cards are shown and leave the game; the lower card's boxer moves (KO-20, KO-21);
    /// a knock-out ends the fight at once (KO-22), else after the last exchange on points (KO-23).
    fn reveal(&mut self, red: u8, blue: u8, log: &mut EventLog<Event>) {
        let fight = self.fight.as_mut().expect("a fight is on");
        fight.training[0].remove(red);
        fight.training[1].remove(blue);
        fight.pending = [None; 2];
        fight.exchanges[fight.played as usize] = [red, blue];
        fight.played += 1;
        let movement = exchange_move(red, blue);
        if let Some((side, by)) = movement {
            // The figure stops on the K.O. field (KO-22): a push past it ends there.
            fight.distance[side] = (fight.distance[side] - by).max(0);
        }
        let hook = matches!((red, blue), (1, 5) | (5, 1));
        let (moved, by) = movement.map_or((None, 0), |(side, by)| (Some(Tableau::of(side)), by));
        log.push(Event::Exchange { number: fight.played, red, blue, hook, moved, by, distance: fight.distance });
        let result = if let Some(side) = (0..2).find(|&i| fight.distance[i] == 0) {
            Some(FightResult { winner: 1 - side, knock_out: true })
        } else if fight.played as usize == EXCHANGES {
            let moved = [0, 1].map(|i| fight.start[i] - fight.distance[i]);
            // The boxer who moved further loses; equal: the challenger (red) loses.
            let loser = if moved[1] > moved[0] { 1 } else { 0 };
            Some(FightResult { winner: 1 - loser, knock_out: false })
        } else {
            None
        };
        if let Some(result) = result {
            fight.result = Some(result);
            self.finish_fight(result, log);
        }
    }

    /// KO-24, KO-30, KO-31, KO-33: cards back, prizes, levels, trophy and steak, the bets, and
    /// the red tableau to the left.
    fn finish_fight(&mut self, result: FightResult, log: &mut EventLog<Event>) {
        let fight = self.fight.expect("a fight is on");
        for side in 0..2 {
            let owner = fight.boxers[side].owner.index();
            self.hands[owner] = self.hands[owner].plus(fight.training[side]);
        }
        if let Some(f) = self.fight.as_mut() {
            f.training = [Cards::EMPTY; 2];
        }
        let (w, l) = (result.winner, 1 - result.winner);
        let winner = fight.boxers[w];
        let loser = fight.boxers[l];
        log.push(Event::FightWon { winner, loser, knock_out: result.knock_out });
        // KO-30: prizes at the fight's levels.
        let e = self.edition();
        let (prize_w, prize_l) =
            (2 * e.start_money(winner.class, fight.levels[w]), e.start_money(loser.class, fight.levels[l]));
        self.pay(
            Payment { from: Party::Bank, to: Party::Seat(winner.owner), amount: prize_w, why: Why::Prize, field: None },
            true,
            log,
        );
        self.pay(
            Payment { from: Party::Bank, to: Party::Seat(loser.owner), amount: prize_l, why: Why::Prize, field: None },
            true,
            log,
        );
        // Levels (KO-30, KO-53): a belt is free if fewer than the edition's belts are held once
        // the loser has given theirs up.
        let (wl, ll) = (self.boxer(winner).level, self.boxer(loser).level);
        let belts_held = self
            .all_seats()
            .flat_map(|s| self.boxers[s.index()])
            .filter(|b| b.level == crate::boxer::Level::WorldChampion)
            .count()
            - usize::from(ll == crate::boxer::Level::WorldChampion);
        let belts_free = belts_held < self.edition().belts as usize;
        let (nw, nl) = after_fight(wl, ll, belts_free);
        for (id, from, to) in [(winner, wl, nw), (loser, ll, nl)] {
            if from != to {
                self.boxer_mut(id).level = to;
                log.push(Event::LevelChanged { boxer: id, from, to });
            }
        }
        if result.knock_out {
            self.boxer_mut(loser).knocked_out = true;
            log.push(Event::KnockedOut { boxer: loser });
        }
        self.sat_out = Some([winner, loser]);
        self.settle_bets(result, log);
        self.fights += 1;
        self.chips = [0; crate::edition::SEATS];
        let next = fight.boxers[0].owner.next(self.seats as usize);
        self.next_challenger(next, log);
    }
}
