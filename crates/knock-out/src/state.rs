//! The state of a game of Knock Out.

use engine::{EventLog, Seat};

use crate::action::Tableau;
use crate::boxer::{Boxer, BoxerId, Class, Level};
use crate::cards::Cards;
use crate::config::Config;
use crate::edition::{BetKind, Edition, MAX_FIELDS, SEATS};
use crate::event::Event;
use crate::money::{Party, Payment, Payments, Why};

/// Exchanges in a fight at most (KO-20).
pub const EXCHANGES: usize = 3;
/// Cards a fighter trains with (KO-12; all of them when holding fewer).
pub const TRAINING_CARDS: u8 = 4;
/// Betting chips per player (KO-4).
pub const CHIPS: u8 = 3;
/// Betting passes (KO-14).
pub const PASSES: u8 = 3;

/// What the game waits for.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub(crate) enum Phase {
    /// The active player picks a challenge (KO-10).
    Challenge,
    /// Both fighters choose training cards at once, secretly (KO-12).
    Training,
    /// One player at a time places a chip (KO-14).
    Betting,
    /// Both fighters choose an exchange card at once, secretly (KO-20).
    Fight,
    /// The game is over.
    Over,
}

/// One slot pair of a bet field: who offered, who accepted.
#[derive(Clone, Copy, PartialEq, Eq, Debug, Default)]
pub(crate) struct Slot {
    pub offer: Option<Seat>,
    pub accept: Option<Seat>,
}

/// How a fight ended.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub(crate) struct FightResult {
    /// The winning side: 0 red (challenger), 1 blue (defender).
    pub winner: usize,
    /// By knock-out (else on points).
    pub knock_out: bool,
}

/// The fight of this round (kept after it ends, for the view's summary, until the next challenge).
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub(crate) struct Fight {
    /// Red (the challenger's boxer) and blue (the defender's).
    pub boxers: [BoxerId; 2],
    /// Their levels when the fight was set (prizes are paid at these, KO-30).
    pub levels: [Level; 2],
    /// Distances to the K.O. field at the start.
    pub start: [i64; 2],
    /// Distances to the K.O. field now.
    pub distance: [i64; 2],
    /// Training cards not yet played (secret to the other seats).
    pub training: [Cards; 2],
    /// Whether each fighter has chosen their training.
    pub trained: [bool; 2],
    /// A chosen exchange card not yet revealed (secret to the other seats).
    pub pending: [Option<u8>; 2],
    /// The revealed exchanges: [red, blue].
    pub exchanges: [[u8; 2]; EXCHANGES],
    /// How many exchanges are done.
    pub played: u8,
    /// The result once decided.
    pub result: Option<FightResult>,
}

impl Fight {
    /// The side (0 red, 1 blue) `seat` fights on, if any.
    #[inline]
    pub fn side(&self, seat: Seat) -> Option<usize> {
        if self.boxers[0].owner == seat {
            Some(0)
        } else if self.boxers[1].owner == seat {
            Some(1)
        } else {
            None
        }
    }
}

/// A game of Knock Out: managers, boxers, money, the tableaus and the fight.
#[derive(Clone, Debug)]
pub struct KnockOut {
    pub(crate) config: Config,
    pub(crate) seats: u8,
    pub(crate) season: u8,
    pub(crate) phase: Phase,
    /// The holder of the red tableau (the challenger once a challenge is made).
    pub(crate) active: Seat,
    pub(crate) boxers: [[Boxer; 2]; SEATS],
    pub(crate) money: [i64; SEATS],
    pub(crate) debts: [u8; SEATS],
    /// Cards in hand (not in training).
    pub(crate) hands: [Cards; SEATS],
    pub(crate) chips: [u8; SEATS],
    pub(crate) pot: i64,
    /// Certificates taken in all (for how many are left in the box).
    pub(crate) certificates_taken: u16,
    /// The boxers of the previous fight: [trophy (winner), steak (loser)].
    pub(crate) sat_out: Option<[BoxerId; 2]>,
    pub(crate) fight: Option<Fight>,
    pub(crate) bets: [[Slot; MAX_FIELDS]; 2],
    /// Chips on the pass field per seat.
    pub(crate) passes: [u8; SEATS],
    /// The betting order of this round: challenger, defender, then the others clockwise.
    pub(crate) order: [Seat; SEATS],
    pub(crate) bet_pass: u8,
    pub(crate) bet_turn: u8,
    pub(crate) fights: u16,
    /// Fights fought before this season began (0 in season 1).
    pub(crate) fights_before_season: u16,
    pub(crate) last_challenger: Seat,
    /// The payments of the last settlement (a fight's or the game's end).
    pub(crate) payments: Payments,
}

impl KnockOut {
    /// A game at the start: everyone with 100,000 S (edition), 12 cards, two Profis.
    pub(crate) fn blank(config: &Config, seats: usize) -> KnockOut {
        let e = &config.edition;
        let full = Cards::of(&e.card_values);
        KnockOut {
            config: config.clone(),
            seats: seats as u8,
            season: 1,
            phase: Phase::Challenge,
            active: Seat::at(config.first as usize),
            boxers: [[Boxer::default(); 2]; SEATS],
            money: [e.start_cash; SEATS],
            debts: [0; SEATS],
            hands: [full; SEATS],
            chips: [0; SEATS],
            pot: 0,
            certificates_taken: 0,
            sat_out: None,
            fight: None,
            bets: [[Slot::default(); MAX_FIELDS]; 2],
            passes: [0; SEATS],
            order: [Seat::at(0); SEATS],
            bet_pass: 0,
            bet_turn: 0,
            fights: 0,
            fights_before_season: 0,
            last_challenger: Seat::at(config.first as usize),
            payments: Payments::default(),
        }
    }

    /// The edition's numbers.
    #[inline]
    pub(crate) fn edition(&self) -> &Edition {
        &self.config.edition
    }

    /// All seats of this table.
    pub(crate) fn all_seats(&self) -> impl Iterator<Item = Seat> + use<> {
        Seat::all(self.seats as usize)
    }

    /// A boxer's standing.
    #[inline]
    pub(crate) fn boxer(&self, id: BoxerId) -> Boxer {
        self.boxers[id.owner.index()][id.class.index()]
    }

    pub(crate) fn boxer_mut(&mut self, id: BoxerId) -> &mut Boxer {
        &mut self.boxers[id.owner.index()][id.class.index()]
    }

    /// A boxer's start money at its current level (KO-3).
    #[inline]
    pub fn start_money(&self, id: BoxerId) -> i64 {
        self.edition().start_money(id.class, self.boxer(id).level)
    }

    /// A boxer's level.
    pub fn level(&self, id: BoxerId) -> Level {
        self.boxer(id).level
    }

    /// Whether a boxer is knocked out for this season (KO-22).
    pub fn is_knocked_out(&self, id: BoxerId) -> bool {
        self.boxer(id).knocked_out
    }

    /// A manager's money.
    pub fn money(&self, seat: Seat) -> i64 {
        self.money[seat.index()]
    }

    /// A manager's debt certificates.
    pub fn debts(&self, seat: Seat) -> u8 {
        self.debts[seat.index()]
    }

    /// The bonus pot.
    pub fn pot(&self) -> i64 {
        self.pot
    }

    /// The season (1, or 2 in the pro game).
    pub fn season(&self) -> u8 {
        self.season
    }

    /// Every fight card `seat` still holds: in hand and in training (public knowledge).
    pub fn cards(&self, seat: Seat) -> Cards {
        let mut cards = self.hands[seat.index()];
        if let Some(f) = &self.fight
            && f.result.is_none()
            && let Some(side) = f.side(seat)
        {
            cards = cards.plus(f.training[side]);
        }
        cards
    }

    /// The red and blue boxers of the fight being set or fought (or the last one).
    pub fn fighters(&self) -> Option<[BoxerId; 2]> {
        self.fight.map(|f| f.boxers)
    }

    /// The number of fights so far.
    pub fn fights(&self) -> u16 {
        self.fights
    }

    /// The holder of the red tableau.
    pub fn active(&self) -> Seat {
        self.active
    }

    /// The boxer of `seat` in `class` (a shorthand for tests).
    pub fn boxer_id(seat: usize, class: Class) -> BoxerId {
        BoxerId::new(Seat::at(seat), class)
    }

    /// Moves money and logs it. A seat that must pay more than it has takes debt certificates
    /// first when `borrow` is set (KO-32); otherwise its money may go below zero (KO-40).
    pub(crate) fn pay(&mut self, payment: Payment, borrow: bool, log: &mut EventLog<Event>) {
        let Payment { from, to, amount, why, field } = payment;
        if amount <= 0 {
            return;
        }
        if let Party::Seat(payer) = from {
            while borrow && self.money[payer.index()] < amount {
                let debt = self.edition().debt_amount;
                self.debts[payer.index()] += 1;
                self.certificates_taken += 1;
                self.record(Party::Bank, Party::Seat(payer), debt, Why::Debt, None, log);
            }
        }
        self.record(from, to, amount, why, field, log);
    }

    fn record(
        &mut self,
        from: Party,
        to: Party,
        amount: i64,
        why: Why,
        field: Option<(Tableau, u8)>,
        log: &mut EventLog<Event>,
    ) {
        match from {
            Party::Seat(s) => self.money[s.index()] -= amount,
            Party::Pot => self.pot -= amount,
            Party::Bank => {}
        }
        match to {
            Party::Seat(s) => self.money[s.index()] += amount,
            Party::Pot => self.pot += amount,
            Party::Bank => {}
        }
        let payment = Payment { from, to, amount, why, field };
        self.payments.push(payment);
        log.push(Event::Paid(payment));
    }

    /// The kind and stake of bet field `field`.
    #[inline]
    pub(crate) fn field(&self, field: usize) -> (BetKind, i64) {
        let f = &self.edition().bet_fields[field];
        (f.kind, f.stake)
    }

    /// How many bet fields a tableau has.
    #[inline]
    pub(crate) fn field_count(&self) -> usize {
        self.edition().bet_fields.len()
    }
}
