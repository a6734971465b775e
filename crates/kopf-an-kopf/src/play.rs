//! The action step (KK-13, KK-20, KK-24, KK-30): what the active player may do, and what the
//! action cards do once no objection stops them.

use engine::{EventLog, GameRng, Seat};

use crate::action::{Action, Play};
use crate::card::{CardKind, KINDS};
use crate::event::{BetKind, Event, Why};
use crate::horse::{HORSES, Horse, HorseSet};
use crate::state::{Base, KopfAnKopf, NOBODY, Phase};

impl KopfAnKopf {
    /// Half the price, rounded up (Bargain).
    pub(crate) fn bargain_price(&self, h: Horse) -> u32 {
        self.rules.price[h.index()].div_ceil(2)
    }

    /// KK-24, KK-25 (with `dark_ok` for Late bet): may `seat` put `stake` € of its own money on
    /// `h`?
    pub(crate) fn can_bet(&self, seat: Seat, h: Horse, stake: u32, dark_ok: bool) -> bool {
        !self.is_finished(h)
            && (dark_ok || !self.in_dark(h))
            && stake >= 1
            && self.money[seat.index()] >= stake
            && (self.owns(seat, h) || self.chips[seat.index()].contains(h) || self.chips_left[h.index()] > 0)
    }

    /// KK-24: a bet of `stake` €; the first bet on another's (or the bank's) horse takes a chip.
    pub(crate) fn place_bet(&mut self, seat: Seat, h: Horse, stake: u32, kind: BetKind, log: &mut EventLog<Event>) {
        let i = seat.index();
        if kind == BetKind::Free {
            self.free_bets[i][h.index()] += stake;
        } else {
            self.money[i] -= stake;
            self.bets[i][h.index()] += stake;
            if !self.owns(seat, h) && !self.chips[i].contains(h) {
                self.chips[i].insert(h);
                self.chips_left[h.index()] -= 1;
            }
        }
        log.push(Event::Bet { seat, horse: h, amount: stake, kind });
    }

    /// Whether any horse leads that `seat` owns (alone or shared; racing horses).
    pub(crate) fn owns_leader(&self, seat: Seat) -> bool {
        let lead = (0..HORSES).filter(|&x| self.place[x] == 0).map(|x| self.pos[x]).max();
        lead.is_some_and(|lead| {
            (0..HORSES).any(|x| self.place[x] == 0 && self.pos[x] == lead && self.owns(seat, Horse::at(x)))
        })
    }

    /// Whether the active player may play `play` now (KK-30, KK-31).
    pub(crate) fn play_legal(&self, play: Play) -> bool {
        let seat = self.active;
        let kind = play.card();
        if !self.hands[seat.index()].has(kind) || (self.finished > 0 && self.rules.blocked(kind)) {
            return false;
        }
        let other_with_cards =
            |s: Seat| s != seat && s.index() < self.seats as usize && !self.hands[s.index()].is_empty();
        match play {
            Play::HorsePlus(h) | Play::Gallop(h) | Play::Muddy(h) => !self.is_finished(h),
            Play::Prize | Play::Stable => true,
            Play::FreeBet(h) => !self.is_finished(h) && !self.in_dark(h),
            // The card stakes what it says (the edition's 5 €), not KK-24's choice of amount.
            Play::LateBet(h) => self.can_bet(seat, h, self.rules.bet, true),
            Play::Pickpocket(s) | Play::Inspector(s) => other_with_cards(s),
            Play::Bargain(h) => self.owner[h.index()] == NOBODY && self.money[seat.index()] >= self.bargain_price(h),
            Play::Whip => self.roll.is_some_and(|r| !self.is_finished(r.horse)),
        }
    }

    /// Whether `action` is a legal action of the action step (not counting the pass).
    pub(crate) fn turn_action_legal(&self, action: Action) -> bool {
        let i = self.active.index();
        let hand = &self.hands[i];
        match action {
            Action::Play(p) => self.play_legal(p),
            Action::Buy(h) => self.owner[h.index()] == NOBODY && self.money[i] >= self.rules.price[h.index()],
            Action::Bet(h, stake) => {
                stake as u32 <= self.rules.bet && self.can_bet(self.active, h, stake as u32, false)
            }
            Action::Discard(a, b) => a <= b && if a == b { hand.count(a) >= 2 } else { hand.has(a) && hand.has(b) },
            _ => false,
        }
    }

    /// Calls `f` with every legal action of the active player in the action step, in the
    /// order of [`KINDS`] (each card's targets in horse or seat order), then buys, bets and
    /// discards. The same answers as [`KopfAnKopf::play_legal`] for every candidate, worked
    /// out once per horse instead of once per candidate: this list is built every turn. The
    /// masks are computed without branches and the hand is walked by its kinds' bits, because
    /// the branches on random horses and hands were mispredicted most of the time.
    pub(crate) fn for_each_turn_action(&self, mut f: impl FnMut(Action)) {
        fn each(mask: u16, f: impl FnMut(Horse)) {
            HorseSet(mask).iter().for_each(f)
        }
        let seat = self.active;
        let i = seat.index();
        let hand = self.hands[i];
        let money = self.money[i];
        // Late bet stakes the edition's full bet; KK-24's bet any whole euros from 1 up to it.
        let stake = money >= self.rules.bet;
        let most_bet = money.min(self.rules.bet) as u8;
        let [dark_from, dark_to] = self.rules.dark;
        let (mut racing, mut lit, mut late, mut bet, mut buy, mut bargain) = (0u16, 0u16, 0u16, 0u16, 0u16, 0u16);
        for x in 0..HORSES {
            let bit = |b: bool| u16::from(b) << x;
            let unowned = self.owner[x] == NOBODY;
            let runs = self.place[x] == 0;
            let p = self.pos[x];
            let chip = self.owner[x] == i as u8 || self.chips[i].0 & (1 << x) != 0 || self.chips_left[x] > 0;
            let price = self.rules.price[x];
            buy |= bit(unowned & (money >= price));
            bargain |= bit(unowned & (money >= price.div_ceil(2)));
            racing |= bit(runs);
            lit |= bit(runs & !(p >= dark_from && p <= dark_to));
            late |= bit(runs & stake & chip);
            bet |= bit(runs & chip);
        }
        let bet = if most_bet == 0 { 0 } else { bet & lit };
        let mut present = 0u32;
        for (k, &count) in hand.counts().iter().enumerate() {
            present |= u32::from(count > 0) << k;
        }
        let playable = if self.finished > 0 { present & !self.rules.blocked } else { present };
        let mut play = |p: Play| f(Action::Play(p));
        // The "+2" kinds have the horses' indices: they come first in kind order.
        each(playable as u16 & racing & ((1 << HORSES) - 1), |h| play(Play::HorsePlus(h)));
        let has = |kind: CardKind| playable & (1 << kind.index()) != 0;
        if has(CardKind::Gallop) {
            each(racing, |h| play(Play::Gallop(h)));
        }
        if has(CardKind::Muddy) {
            each(racing, |h| play(Play::Muddy(h)));
        }
        if has(CardKind::Prize) {
            play(Play::Prize);
        }
        if has(CardKind::Stable) {
            play(Play::Stable);
        }
        if has(CardKind::FreeBet) {
            each(lit, |h| play(Play::FreeBet(h)));
        }
        if has(CardKind::LateBet) {
            each(late, |h| play(Play::LateBet(h)));
        }
        for (kind, target) in
            [(CardKind::Pickpocket, Play::Pickpocket as fn(Seat) -> Play), (CardKind::Inspector, Play::Inspector)]
        {
            if has(kind) {
                for s in self.clockwise_after(seat) {
                    if s != seat && !self.hands[s.index()].is_empty() {
                        play(target(s))
                    }
                }
            }
        }
        if has(CardKind::Bargain) {
            each(bargain, |h| play(Play::Bargain(h)));
        }
        if has(CardKind::Whip) && self.roll.is_some_and(|r| !self.is_finished(r.horse)) {
            play(Play::Whip)
        }
        each(buy, |h| f(Action::Buy(h)));
        each(bet, |h| (1..=most_bet).for_each(|stake| f(Action::Bet(h, stake))));
        let mut rest = present;
        while rest != 0 {
            let a = rest.trailing_zeros() as usize;
            rest &= rest - 1;
            let ka = KINDS[a];
            if hand.counts()[a] >= 2 {
                f(Action::Discard(ka, ka));
            }
            let mut later = rest;
            while later != 0 {
                let b = later.trailing_zeros() as usize;
                later &= later - 1;
                f(Action::Discard(ka, KINDS[b]));
            }
        }
    }

    /// Applies a legal action of the action step.
    pub(crate) fn turn_action(&mut self, action: Action, rng: &mut GameRng, log: &mut EventLog<Event>) {
        let seat = self.active;
        let i = seat.index();
        match action {
            Action::Play(play) => self.push_card(play.card(), seat, Base::Play(play), log),
            Action::Buy(h) => {
                let price = self.rules.price[h.index()];
                self.money[i] -= price;
                self.owner[h.index()] = i as u8;
                log.push(Event::Bought { seat, horse: h, price });
                self.go_to_draw(rng, log);
            }
            Action::Bet(h, stake) => {
                self.place_bet(seat, h, stake as u32, BetKind::Bet, log);
                self.go_to_draw(rng, log);
            }
            Action::Discard(a, b) => {
                for k in [a, b] {
                    self.hands[i].remove(k);
                    self.forget_one(seat, k);
                    self.discard.add(k, 1);
                }
                let pay = self.rules.discard_pay;
                self.money[i] += pay;
                log.push(Event::Discarded { seat, cards: [a, b], paid: pay });
                self.go_to_draw(rng, log);
            }
            _ => {}
        }
    }

    /// What an action card does (KK-30), once no objection stopped it. Its target may have
    /// changed while the window was open (a reaction emptied a hand): then it does what it can.
    pub(crate) fn resolve_play(&mut self, play: Play, rng: &mut GameRng, log: &mut EventLog<Event>) {
        let seat = self.active;
        let i = seat.index();
        let why = Why::Card(play.card());
        let over = match play {
            Play::HorsePlus(h) => self.move_horse(h, self.rules.plus_steps as i16, why, log),
            Play::Gallop(h) => self.move_horse(h, self.rules.gallop_steps as i16, why, log),
            Play::Muddy(h) => self.move_horse(h, -(self.rules.muddy_steps as i16), why, log),
            Play::Prize => {
                self.money[i] += self.rules.prize;
                log.push(Event::Paid { seat, amount: self.rules.prize, why });
                false
            }
            Play::Stable => {
                if self.owns_leader(seat) {
                    self.money[i] += self.rules.bonus;
                    log.push(Event::Paid { seat, amount: self.rules.bonus, why });
                }
                false
            }
            Play::FreeBet(h) => {
                self.place_bet(seat, h, self.rules.bet, BetKind::Free, log);
                false
            }
            Play::LateBet(h) => {
                if self.can_bet(seat, h, self.rules.bet, true) {
                    self.place_bet(seat, h, self.rules.bet, BetKind::Late, log);
                }
                false
            }
            Play::Pickpocket(target) => {
                self.steal(target, rng, log);
                false
            }
            Play::Inspector(target) => {
                let hand = self.hands[target.index()];
                self.known[i][target.index()] = hand;
                log.push(Event::Inspected { seat, target, hand: Some(hand) });
                if !hand.is_empty() {
                    self.phase = Phase::InspectorTake(target);
                    return;
                }
                false
            }
            Play::Bargain(h) => {
                let price = self.bargain_price(h);
                if self.owner[h.index()] == NOBODY && self.money[i] >= price {
                    self.money[i] -= price;
                    self.owner[h.index()] = i as u8;
                    log.push(Event::Bought { seat, horse: h, price });
                }
                false
            }
            Play::Whip => match self.roll {
                Some(r) => self.move_horse(r.horse, r.movement as i16, why, log),
                None => false,
            },
        };
        if !over {
            self.go_to_draw(rng, log);
        }
    }

    /// Inspector: the active player takes `kind` from `target`'s hand.
    pub(crate) fn inspector_take(
        &mut self,
        target: Seat,
        kind: CardKind,
        rng: &mut GameRng,
        log: &mut EventLog<Event>,
    ) {
        let seat = self.active;
        self.move_card(target, seat, kind);
        log.push(Event::Took { seat, target, card: Some(kind) });
        self.go_to_draw(rng, log);
    }
}
