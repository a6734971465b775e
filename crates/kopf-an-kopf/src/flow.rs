//! The turn (KK-10 … KK-14): abilities, the roll, the second chance, the reaction windows,
//! the moves, the 3's card and the end of the turn. Each function runs the turn on until a
//! seat must choose (it sets the phase) or the game is over.

use engine::{EventLog, GameRng, Seat, SeatSet};

use crate::card::CardKind;
use crate::edition::AbilityKind;
use crate::event::{Event, Why};
use crate::horse::{Die, HORSES, Horse, HorseSet};
use crate::state::{Answer, Base, KopfAnKopf, Phase, Roll};

impl KopfAnKopf {
    /// KK-12/KK-50: moves `h` by `delta` fields (not below 0, not past the finish); a horse
    /// reaching the finish takes the next place, and the third ends the game. Returns whether
    /// the game is over.
    pub(crate) fn move_horse(&mut self, h: Horse, delta: i16, why: Why, log: &mut EventLog<Event>) -> bool {
        if self.is_finished(h) || self.phase == Phase::Over {
            return self.phase == Phase::Over;
        }
        let from = self.pos[h.index()];
        let to = (from as i16 + delta).clamp(0, self.rules.track as i16) as u8;
        self.pos[h.index()] = to;
        log.push(Event::Moved { horse: h, from, to, why });
        if to == self.rules.track {
            self.finished += 1;
            self.place[h.index()] = self.finished;
            log.push(Event::Finished { horse: h, place: self.finished });
            if self.finished >= 3 {
                self.end_game(log);
                return true;
            }
        }
        false
    }

    /// KK-10: a new turn for the active player, starting with the abilities.
    pub(crate) fn start_turn(&mut self, rng: &mut GameRng, log: &mut EventLog<Event>) {
        self.turn += 1;
        self.roll = None;
        log.push(Event::Turn { seat: self.active, turn: self.turn });
        self.abilities_from(0, rng, log);
    }

    /// KK-40: the abilities of the active player's horses in horse order from index `from`;
    /// stops at an optional one (the owner chooses) and rolls after the last.
    pub(crate) fn abilities_from(&mut self, from: usize, rng: &mut GameRng, log: &mut EventLog<Event>) {
        // Only the owned horses are asked (a mask without branches): every turn comes here,
        // and a branch on each horse's owner was a guess.
        let active = self.active.index() as u8;
        let mut owned = 0u16;
        for x in 0..HORSES {
            owned |= u16::from(self.owner[x] == active) << x;
        }
        for h in HorseSet(owned >> from << from).iter() {
            if !self.ability_applies(h) {
                continue;
            }
            let ability = self.rules.ability[h.index()];
            if ability.kind.moves() && !ability.must {
                self.phase = Phase::Ability(h);
                return;
            }
            if self.use_ability(h, rng, log) {
                return;
            }
        }
        self.roll_dice(rng, log);
    }

    /// Whether `h`'s ability has something to do now (KK-40). "Leads", "last" and "level"
    /// compare the horses still racing; "behind horse N" compares positions.
    pub(crate) fn ability_applies(&self, h: Horse) -> bool {
        let a = self.rules.ability[h.index()];
        let me = self.pos[h.index()];
        let racing = |x: usize| x != h.index() && self.place[x] == 0;
        let others = || (0..HORSES).filter(|&x| racing(x));
        match a.kind {
            AbilityKind::None => false,
            AbilityKind::LeadsAloneDraw => !self.is_finished(h) && others().all(|x| self.pos[x] < me),
            AbilityKind::LevelTakeMoney => !self.is_finished(h) && others().any(|x| self.pos[x] == me),
            AbilityKind::LastForward => !self.is_finished(h) && others().all(|x| self.pos[x] >= me),
            AbilityKind::DarkZoneTakeMoney => self.in_dark(h),
            AbilityKind::FewCardsDraw => {
                self.hands[self.active.index()].len() < a.amount as usize
                    && (!self.piles[0].is_empty() || !self.piles[1].is_empty() || !self.discard.is_empty())
            }
            AbilityKind::PushAheadBack => !self.is_finished(h) && self.nearest_ahead(h).is_some(),
            AbilityKind::BehindHorseForward => {
                !self.is_finished(h) && a.horse.is_some_and(|o| self.pos[o.index()] > me)
            }
            AbilityKind::AtStartTakeMoney => me == 0,
            AbilityKind::LevelWithHorseForward => {
                !self.is_finished(h) && a.horse.is_some_and(|o| !self.is_finished(o) && self.pos[o.index()] == me)
            }
        }
    }

    /// The nearest racing horse ahead of `h` (the lowest number among several level).
    pub(crate) fn nearest_ahead(&self, h: Horse) -> Option<Horse> {
        let me = self.pos[h.index()];
        // The least (position, number) as one key, taken without branches.
        let mut best = u16::MAX;
        for x in 0..HORSES {
            let key = (self.pos[x] as u16) << 4 | x as u16;
            if self.place[x] == 0 && self.pos[x] > me {
                best = best.min(key);
            }
        }
        (best != u16::MAX).then(|| Horse::at((best & 0xf) as usize))
    }

    /// Uses `h`'s ability (it applies). Returns whether the game is over.
    pub(crate) fn use_ability(&mut self, h: Horse, rng: &mut GameRng, log: &mut EventLog<Event>) -> bool {
        let a = self.rules.ability[h.index()];
        let seat = self.active;
        log.push(Event::Ability { seat, horse: h, used: true });
        match a.kind {
            AbilityKind::None => false,
            AbilityKind::LeadsAloneDraw => {
                for _ in 0..a.amount {
                    let pile = self.larger_pile();
                    self.draw(seat, pile, rng, log);
                }
                false
            }
            AbilityKind::FewCardsDraw => {
                let pile = self.larger_pile();
                self.draw(seat, pile, rng, log);
                false
            }
            AbilityKind::LevelTakeMoney | AbilityKind::DarkZoneTakeMoney | AbilityKind::AtStartTakeMoney => {
                self.money[seat.index()] += a.amount as u32;
                log.push(Event::Paid { seat, amount: a.amount as u32, why: Why::Ability(h) });
                false
            }
            AbilityKind::LastForward | AbilityKind::BehindHorseForward | AbilityKind::LevelWithHorseForward => {
                self.move_horse(h, a.amount as i16, Why::Ability(h), log)
            }
            AbilityKind::PushAheadBack => match self.nearest_ahead(h) {
                Some(target) => self.move_horse(target, -(a.amount as i16), Why::Ability(h), log),
                None => false,
            },
        }
    }

    /// KK-11: roll both dice; then the second chance, if the active player still has it.
    pub(crate) fn roll_dice(&mut self, rng: &mut GameRng, log: &mut EventLog<Event>) {
        let horse = Horse::at(self.roll_die(Die::Horse, rng) as usize);
        let movement = self.roll_die(Die::Movement, rng);
        self.roll = Some(Roll { horse, movement, by: self.active });
        log.push(Event::Rolled { seat: self.active, horse, movement, why: Why::Roll });
        if self.second_chance.contains(self.active) {
            self.phase = Phase::SecondChance;
        } else {
            self.open_roll_window(log);
        }
    }

    /// Rolls one die of the current roll again, for `seat`.
    pub(crate) fn reroll(&mut self, seat: Seat, die: Die, why: Why, rng: &mut GameRng, log: &mut EventLog<Event>) {
        let Some(mut roll) = self.roll else { return };
        match die {
            Die::Horse => roll.horse = Horse::at(self.roll_die(Die::Horse, rng) as usize),
            Die::Movement => roll.movement = self.roll_die(Die::Movement, rng),
        }
        roll.by = seat;
        self.roll = Some(roll);
        log.push(Event::Rolled { seat, horse: roll.horse, movement: roll.movement, why });
    }

    fn open_window(&mut self, except: Seat, phase: Phase) {
        self.listed = SeatSet::all(self.seats as usize).without(except);
        self.waiting = self.listed;
        self.answers = Default::default();
        self.phase = phase;
    }

    /// KK-33: after a roll every seat but the roller may re-roll (listed whether or not it
    /// holds a re-roll card).
    pub(crate) fn open_roll_window(&mut self, log: &mut EventLog<Event>) {
        let by = self.roll.map_or(self.active, |r| r.by);
        self.open_window(by, Phase::RollWindow);
        log.push(Event::Window { kind: "re-roll", seats: self.listed });
    }

    /// KK-33: after a card every seat but its player may object.
    pub(crate) fn open_card_window(&mut self, log: &mut EventLog<Event>) {
        let (_, by) = self.stack[self.stack_len as usize - 1];
        self.open_window(by, Phase::CardWindow);
        log.push(Event::Window { kind: "objection", seats: self.listed });
    }

    /// The first seat whose answer `is` accepts, in KK-33's order: from the seat left of the
    /// active player clockwise, the active player last.
    fn first_reactor(&self, is: impl Fn(Answer) -> bool) -> Option<Seat> {
        self.clockwise_after(self.active).find(|s| self.listed.contains(*s) && is(self.answers[s.index()]))
    }

    /// Records `seat`'s answer; when the last listed seat has answered, the window closes
    /// (`window-closed`, naming the first reactor or nobody): the first reactor in KK-33's order
    /// plays their card, the others keep theirs.
    pub(crate) fn answer(&mut self, seat: Seat, answer: Answer, rng: &mut GameRng, log: &mut EventLog<Event>) {
        self.answers[seat.index()] = answer;
        self.waiting.remove(seat);
        if !self.waiting.is_empty() {
            return;
        }
        match self.phase {
            Phase::RollWindow => match self.first_reactor(|a| matches!(a, Answer::Reroll(_))) {
                Some(r) => {
                    let Answer::Reroll(die) = self.answers[r.index()] else { return };
                    log.push(Event::WindowClosed { reacted: Some(r) });
                    self.push_card(CardKind::Reroll, r, Base::Reroll(die), log);
                }
                None => {
                    log.push(Event::WindowClosed { reacted: None });
                    self.roll_takes_effect(rng, log)
                }
            },
            Phase::CardWindow => match self.first_reactor(|a| a == Answer::Object) {
                Some(o) => {
                    let base = self.base.unwrap_or(Base::Reroll(Die::Horse));
                    log.push(Event::WindowClosed { reacted: Some(o) });
                    self.push_card(CardKind::Objection, o, base, log);
                }
                None => {
                    log.push(Event::WindowClosed { reacted: None });
                    self.resolve_stack(rng, log)
                }
            },
            _ => {}
        }
    }

    /// `seat` plays `kind` (onto the stack), and a window for objections opens.
    pub(crate) fn push_card(&mut self, kind: CardKind, seat: Seat, base: Base, log: &mut EventLog<Event>) {
        self.hands[seat.index()].remove(kind);
        self.forget_one(seat, kind);
        if self.stack_len == 0 {
            self.base = Some(base);
        }
        self.stack[self.stack_len as usize] = (kind, seat);
        self.stack_len += 1;
        log.push(Event::Played {
            seat,
            card: kind,
            play: match base {
                Base::Play(p) if self.stack_len == 1 => Some(p),
                _ => None,
            },
            die: match base {
                Base::Reroll(d) if kind == CardKind::Reroll => Some(d),
                _ => None,
            },
        });
        self.open_card_window(log);
    }

    /// The objections are settled from the top: the top card happens, and each card that
    /// happens cancels the one below it (`cancelled` for each, top first), so the bottom card
    /// happens after an even number of objections. Every card of the stack is discarded.
    fn resolve_stack(&mut self, rng: &mut GameRng, log: &mut EventLog<Event>) {
        let len = self.stack_len as usize;
        let happens = (len - 1).is_multiple_of(2);
        let (_, by) = self.stack[0];
        for i in (0..len).rev() {
            let (card, seat) = self.stack[i];
            self.discard.add(card, 1);
            if !(len - 1 - i).is_multiple_of(2) {
                log.push(Event::Cancelled { seat, card });
            }
        }
        self.stack_len = 0;
        let base = self.base.take();
        match base {
            Some(Base::Reroll(die)) => {
                if happens {
                    self.reroll(by, die, Why::Reroll, rng, log);
                }
                self.open_roll_window(log);
            }
            Some(Base::Play(play)) => {
                if happens {
                    self.resolve_play(play, rng, log);
                } else {
                    self.go_to_draw(rng, log);
                }
            }
            None => self.go_to_draw(rng, log),
        }
    }

    /// The active player takes a random card from `victim`'s hand (the 3, Pickpocket).
    pub(crate) fn steal(&mut self, victim: Seat, rng: &mut GameRng, log: &mut EventLog<Event>) {
        let hand = self.hands[victim.index()];
        if hand.is_empty() {
            return;
        }
        if let Some(card) = hand.nth(rand::Rng::random_range(rng, 0..hand.len())) {
            self.move_card(victim, self.active, card);
            log.push(Event::Stole { seat: self.active, from: victim, card: Some(card) });
        }
    }

    /// After the action: the draw (KK-14), a choice only if both piles hold cards.
    pub(crate) fn go_to_draw(&mut self, rng: &mut GameRng, log: &mut EventLog<Event>) {
        if self.phase == Phase::Over {
            return;
        }
        self.refill(rng, log);
        if self.pile_choice() {
            self.phase = Phase::Draw;
        } else {
            let pile = self.larger_pile();
            self.draw(self.active, pile, rng, log);
            self.end_turn(rng, log);
        }
    }

    /// The turn passes clockwise.
    pub(crate) fn end_turn(&mut self, rng: &mut GameRng, log: &mut EventLog<Event>) {
        self.active = self.active.next(self.seats as usize);
        self.start_turn(rng, log);
    }
}
