//! The game state and the small helpers every rules module uses.

use engine::{EventLog, GameRng, MAX_SEATS, Seat, SeatSet};
use rand::Rng;

use crate::action::Play;
use crate::card::{CardKind, Cards};
use crate::config::Config;
use crate::event::Event;
use crate::horse::{Die, HORSES, Horse, HorseSet};
use crate::rules::Rules;

/// No owner (a horse of the bank).
pub(crate) const NOBODY: u8 = u8::MAX;
/// The most cards on the stack of a card and the objections against it.
pub(crate) const MAX_STACK: usize = 32;

/// Where the turn stands: who must choose what.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub(crate) enum Phase {
    /// KK-40: the active player decides whether to use this horse's optional ability.
    Ability(Horse),
    /// KK-11: the active player may spend the second chance.
    SecondChance,
    /// KK-33: every seat but the roller may play a re-roll card.
    RollWindow,
    /// KK-33: every seat but the one who played the top card may object to it.
    CardWindow,
    /// KK-11.2: the active player picks the next sprint-bar horse to move, or leaves the rest.
    Sprint,
    /// KK-11.3: the active player takes the 3's card (from the rolled horse's owner, or from a
    /// pile of their choice when nobody owns it) or declines it.
    ThreeCard,
    /// KK-13: exactly one action.
    Action,
    /// Inspector: the active player takes a card from this seat's hand.
    InspectorTake(Seat),
    /// KK-14: the active player draws from a pile of their choice.
    Draw,
    /// KK-50: the third horse has finished.
    Over,
}

/// A seat's answer in a reaction window, hidden from the others until the window closes.
#[derive(Clone, Copy, PartialEq, Eq, Debug, Default)]
pub(crate) enum Answer {
    #[default]
    None,
    Pass,
    Reroll(Die),
    Object,
}

/// What the bottom card of the stack does once the objections are settled.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub(crate) enum Base {
    /// An action card of the active player.
    Play(Play),
    /// A re-roll card on one die.
    Reroll(Die),
}

/// The last roll of the dice (KK-11).
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub(crate) struct Roll {
    pub horse: Horse,
    pub movement: u8,
    /// Who rolled it last (the active player, or who re-rolled it).
    pub by: Seat,
}

/// A game of Kopf an Kopf.
#[derive(Clone, Debug)]
pub struct KopfAnKopf {
    pub(crate) config: Config,
    pub(crate) rules: Rules,
    pub(crate) seats: u8,
    pub(crate) phase: Phase,
    pub(crate) active: Seat,
    pub(crate) turn: u32,
    pub(crate) pos: [u8; HORSES],
    /// The place on the winners' ladder (1, 2, 3…), 0 while racing (KK-12).
    pub(crate) place: [u8; HORSES],
    pub(crate) finished: u8,
    pub(crate) owner: [u8; HORSES],
    pub(crate) money: [u32; MAX_SEATS],
    pub(crate) second_chance: SeatSet,
    pub(crate) hands: [Cards; MAX_SEATS],
    pub(crate) piles: [Cards; 2],
    pub(crate) discard: Cards,
    /// Stakes of ordinary bets (own money), per seat and horse (KK-24).
    pub(crate) bets: [[u32; HORSES]; MAX_SEATS],
    /// Stakes of free bets (the bank's money).
    pub(crate) free_bets: [[u32; HORSES]; MAX_SEATS],
    /// The horses whose betting chip each seat holds (KK-7).
    pub(crate) chips: [HorseSet; MAX_SEATS],
    pub(crate) chips_left: [u8; HORSES],
    pub(crate) roll: Option<Roll>,
    /// The reaction window: who is asked and what each answered.
    pub(crate) listed: SeatSet,
    pub(crate) answers: [Answer; MAX_SEATS],
    /// The listed seats that have not answered yet: kept with `answers` because every answer
    /// asks it (to act, the window still open) and two thirds of all actions are answers.
    pub(crate) waiting: SeatSet,
    /// The card played and the objections on it, bottom first.
    pub(crate) stack: [(CardKind, Seat); MAX_STACK],
    pub(crate) stack_len: u8,
    pub(crate) base: Option<Base>,
    /// The active player's sprint-bar horses that may still move this roll (KK-11.2).
    pub(crate) sprinters: HorseSet,
    /// `known[o][s]`: cards seat `o` knows seat `s` holds (Inspector, a card taken from `o`).
    pub(crate) known: [[Cards; MAX_SEATS]; MAX_SEATS],
}

impl KopfAnKopf {
    /// A table of `seats` before the deal: start money, a second chance and the betting chips
    /// for everyone, no cards anywhere, horses at the start, the config's first player to act.
    pub(crate) fn blank(config: &Config, seats: usize) -> KopfAnKopf {
        let rules = Rules::new(&config.edition);
        let mut money = [0; MAX_SEATS];
        money[..seats].fill(rules.start_money);
        KopfAnKopf {
            config: config.clone(),
            rules,
            seats: seats as u8,
            phase: Phase::Action,
            active: Seat::at(config.first as usize),
            turn: 0,
            pos: [0; HORSES],
            place: [0; HORSES],
            finished: 0,
            owner: [NOBODY; HORSES],
            money,
            second_chance: SeatSet::all(seats),
            hands: [Cards::EMPTY; MAX_SEATS],
            piles: [Cards::EMPTY; 2],
            discard: Cards::EMPTY,
            bets: [[0; HORSES]; MAX_SEATS],
            free_bets: [[0; HORSES]; MAX_SEATS],
            chips: [HorseSet::EMPTY; MAX_SEATS],
            chips_left: [(seats as u8).min(rules.max_chips); HORSES],
            roll: None,
            listed: SeatSet::EMPTY,
            answers: [Answer::None; MAX_SEATS],
            waiting: SeatSet::EMPTY,
            stack: [(CardKind::Objection, Seat::at(0)); MAX_STACK],
            stack_len: 0,
            base: None,
            sprinters: HorseSet::EMPTY,
            known: [[Cards::EMPTY; MAX_SEATS]; MAX_SEATS],
        }
    }

    /// The seat whose turn it is.
    pub fn active(&self) -> Seat {
        self.active
    }

    /// The position of `horse` (0 … track).
    pub fn position(&self, horse: Horse) -> u8 {
        self.pos[horse.index()]
    }

    /// The place of `horse` on the winners' ladder, if it has finished.
    pub fn place(&self, horse: Horse) -> Option<u8> {
        Some(self.place[horse.index()]).filter(|&p| p > 0)
    }

    /// Who owns `horse`.
    pub fn owner(&self, horse: Horse) -> Option<Seat> {
        seat_of(self.owner[horse.index()])
    }

    /// The money of `seat`.
    pub fn money(&self, seat: Seat) -> u32 {
        self.money[seat.index()]
    }

    /// The hand of `seat` (true state: for tests and analysis, not for players).
    pub fn hand(&self, seat: Seat) -> Cards {
        self.hands[seat.index()]
    }

    /// The two draw piles (their contents; the order is drawn at random when a card is taken).
    pub fn piles(&self) -> [Cards; 2] {
        self.piles
    }

    /// The discard pile.
    pub fn discard_pile(&self) -> Cards {
        self.discard
    }

    /// The cards on the stack of a card being played and the objections against it.
    pub fn stack_cards(&self) -> Cards {
        self.stack[..self.stack_len as usize].iter().map(|&(k, _)| k).collect()
    }

    /// The stake of `seat`'s ordinary and free bets on `horse`.
    pub fn stakes(&self, seat: Seat, horse: Horse) -> (u32, u32) {
        (self.bets[seat.index()][horse.index()], self.free_bets[seat.index()][horse.index()])
    }

    /// The number of finished horses.
    pub fn finished(&self) -> u8 {
        self.finished
    }

    pub(crate) fn is_finished(&self, h: Horse) -> bool {
        self.place[h.index()] > 0
    }

    pub(crate) fn in_dark(&self, h: Horse) -> bool {
        let p = self.pos[h.index()];
        p >= self.rules.dark[0] && p <= self.rules.dark[1]
    }

    pub(crate) fn owns(&self, seat: Seat, h: Horse) -> bool {
        self.owner[h.index()] == seat.index() as u8
    }

    /// The seats in clockwise order starting after `from`, `from` last.
    #[inline]
    pub(crate) fn clockwise_after(&self, from: Seat) -> impl Iterator<Item = Seat> + use<> {
        let n = self.seats as usize;
        let start = from.index();
        (1..=n).map(move |k| Seat::at((start + k) % n))
    }

    /// Rolls one die (a finished horse is rolled again, KK-11).
    pub(crate) fn roll_die(&self, die: Die, rng: &mut GameRng) -> u8 {
        match die {
            Die::Horse => loop {
                let h = rng.random_range(0..HORSES);
                if self.place[h] == 0 {
                    return h as u8;
                }
            },
            Die::Movement => self.rules.faces[rng.random_range(0..self.rules.face_count as usize)],
        }
    }

    /// A uniformly random card out of `pile` (the piles are shuffled face down; nobody knows
    /// their order, so the top card is a random one of what they hold).
    pub(crate) fn take_random(cards: &mut Cards, rng: &mut GameRng) -> Option<CardKind> {
        if cards.is_empty() {
            return None;
        }
        let kind = cards.nth(rng.random_range(0..cards.len()))?;
        cards.remove(kind);
        Some(kind)
    }

    /// KK-6: when both piles are empty, the discard pile is shuffled into two new piles.
    pub(crate) fn refill(&mut self, rng: &mut GameRng, log: &mut EventLog<Event>) {
        if !self.piles[0].is_empty() || !self.piles[1].is_empty() || self.discard.is_empty() {
            return;
        }
        let first = self.discard.len().div_ceil(2);
        for _ in 0..first {
            if let Some(k) = Self::take_random(&mut self.discard, rng) {
                self.piles[0].add(k, 1);
            }
        }
        self.piles[1] = self.discard;
        self.discard = Cards::EMPTY;
        log.push(Event::Reshuffled { piles: [self.piles[0].len() as u8, self.piles[1].len() as u8] });
    }

    /// Draws the top card of `pile` into `seat`'s hand (KK-14); a pile that is empty draws
    /// from the other. Returns the card, if there was one.
    pub(crate) fn draw(&mut self, seat: Seat, pile: u8, rng: &mut GameRng, log: &mut EventLog<Event>) {
        self.refill(rng, log);
        let pile = if self.piles[pile as usize].is_empty() { 1 - pile } else { pile };
        if let Some(card) = Self::take_random(&mut self.piles[pile as usize], rng) {
            self.hands[seat.index()].add(card, 1);
            log.push(Event::Drew { seat, pile: pile + 1, card: Some(card) });
        }
        self.refill(rng, log);
    }

    /// The pile a player has no choice about: the larger one (pile 1 on a tie).
    pub(crate) fn larger_pile(&self) -> u8 {
        u8::from(self.piles[1].len() > self.piles[0].len())
    }

    /// Whether both piles hold cards, so a draw is the player's choice.
    pub(crate) fn pile_choice(&self) -> bool {
        !self.piles[0].is_empty() && !self.piles[1].is_empty()
    }

    /// `seat` played or discarded `kind` for all to see: what others knew of its hand shrinks.
    pub(crate) fn forget_one(&mut self, seat: Seat, kind: CardKind) {
        for o in 0..self.seats as usize {
            let k = &mut self.known[o][seat.index()];
            if k.has(kind) {
                k.remove(kind);
            }
        }
    }

    /// `seat` lost a card nobody but `to` (and itself) saw: the others know less of its hand.
    pub(crate) fn lose_unseen(&mut self, seat: Seat, kind: CardKind, to: Seat) {
        for o in 0..self.seats as usize {
            if o == to.index() {
                let k = &mut self.known[o][seat.index()];
                if k.has(kind) {
                    k.remove(kind);
                }
            } else if o != seat.index() {
                let k = &mut self.known[o][seat.index()];
                let mut less = Cards::EMPTY;
                for kind in k.kinds() {
                    less.add(kind, k.count(kind) - 1);
                }
                *k = less;
            }
        }
    }

    /// Moves one card of `kind` from `from`'s hand to `to`'s, seen by both (a steal).
    pub(crate) fn move_card(&mut self, from: Seat, to: Seat, kind: CardKind) {
        self.hands[from.index()].remove(kind);
        self.hands[to.index()].add(kind, 1);
        self.lose_unseen(from, kind, to);
        self.known[from.index()][to.index()].add(kind, 1);
    }
}

/// The seat an owner byte names.
#[inline]
pub(crate) fn seat_of(owner: u8) -> Option<Seat> {
    (owner != NOBODY).then(|| Seat::at(owner as usize))
}
