//! Rounds: the deal (KW-3, KW-4), trump (KW-5, KW-6, KW-40, KW-43), the lead (KW-7), and the end
//! of a round with knock-outs, mercy, sweeps and the end of the game (KW-20 … KW-22, KW-30).

use engine::{EventLog, GameRng, Seat, SeatSet};
use rand::Rng;

use crate::card::Card;
use crate::cardset::CardSet;
use crate::config::Config;
use crate::event::Event;
use crate::ranking;
use crate::state::{KnockOutWhist, Phase, Status, TrumpFrom};
use crate::suit::SuitSet;
use crate::trick::Trick;

/// The 52 card indices in order: the deck before a shuffle.
const ORDERED_DECK: [u8; 52] = {
    let mut deck = [0u8; 52];
    let mut i = 0;
    while i < 52 {
        deck[i] = i as u8;
        i += 1;
    }
    deck
};

impl KnockOutWhist {
    /// A table before the first deal: everyone in, `config.dealer` to deal round 1.
    pub(crate) fn blank(config: &Config, seats: usize) -> KnockOutWhist {
        KnockOutWhist {
            config: config.clone(),
            seats: seats as u8,
            round: 1,
            dealer: Seat::at(config.dealer as usize),
            phase: Phase::Play,
            turn: Seat::at(0),
            chooser: None,
            chooser_tied: SeatSet::EMPTY,
            trump: None,
            trump_from: TrumpFrom::Pending,
            turned: None,
            hands: [CardSet::EMPTY; engine::MAX_SEATS],
            deck: CardSet::FULL,
            status: [Status::In; engine::MAX_SEATS],
            mercy_used: SeatSet::EMPTY,
            tricks_won: [0; engine::MAX_SEATS],
            trick: Trick::new(Seat::at(0)),
            participants: 0,
            trick_size: 0,
            done: [Trick::new(Seat::at(0)); 8],
            done_len: 0,
            played: CardSet::EMPTY,
            voids: [SuitSet::EMPTY; engine::MAX_SEATS],
            voters: SeatSet::EMPTY,
            votes: [None; engine::MAX_SEATS],
            votes_revealed: false,
            winner: None,
        }
    }

    /// Round 1: deal, turn the next card for trump (KW-5); the player left of the dealer leads
    /// (KW-7).
    pub(crate) fn start_first_round(&mut self, rng: &mut GameRng, log: &mut EventLog<Event>) {
        self.deal(rng, log);
        let turned = self.turned.expect("round 1 turns a card");
        self.trump = Some(turned.suit());
        self.trump_from = TrumpFrom::Turned;
        log.push(Event::TrumpTurned { card: turned });
        self.begin_play(self.next_not_out(self.dealer));
    }

    /// Starts the first trick of the round, led by `leader`.
    pub(crate) fn begin_play(&mut self, leader: Seat) {
        self.phase = Phase::Play;
        self.turn = leader;
        self.trick = Trick::new(leader);
        // Everyone holding a card takes part: players in, and mercy players still holding theirs.
        let mut participants = 0u8;
        for (i, hand) in self.hands[..self.seats()].iter().enumerate() {
            if !hand.is_empty() {
                participants |= 1 << i;
            }
        }
        self.participants = participants;
        self.trick_size = participants.count_ones() as u8;
    }

    /// Shuffles and deals the round (KW-3). Only the cards that are dealt (and round 1's turned
    /// card) are drawn: a partial Fisher–Yates shuffle gives them the same distribution as a
    /// full one, at a fraction of the cost.
    fn deal(&mut self, rng: &mut GameRng, log: &mut EventLog<Event>) {
        let n = self.cards_per_hand() as usize;
        let mut needed = usize::from(self.round == 1);
        for seat in Seat::all(self.seats()) {
            needed += match self.status[seat.index()] {
                Status::In => n,
                Status::Mercy => 1,
                Status::Out(_) => 0,
            };
        }
        let mut order = ORDERED_DECK;
        for i in 0..needed {
            let j = rng.random_range(i as u32..52) as usize;
            order.swap(i, j);
        }
        self.deal_from(&order);
        if log.is_on() {
            log.push(Event::Dealt {
                round: self.round,
                dealer: self.dealer,
                cards_per_hand: self.cards_per_hand(),
                counts: Seat::all(self.seats()).map(|s| self.hands[s.index()].len() as u8).collect(),
                hand: None,
                hands: self.hands,
            });
        }
    }

    /// Deals from a stacked deck (card indices, top first): one card at a time, clockwise from
    /// the dealer's left, a full hand to each player in and one card to each player on a mercy
    /// chance (KW-3, KW-31); in round 1 the next card is turned (KW-5).
    pub(crate) fn deal_from(&mut self, order: &[u8; 52]) {
        let n = self.cards_per_hand();
        let seats = self.seats();
        self.hands = [CardSet::EMPTY; engine::MAX_SEATS];
        let mut next = 0;
        for pass in 0..n {
            let mut seat = self.dealer;
            for _ in 0..seats {
                seat = seat.next(seats);
                let gets = match self.status[seat.index()] {
                    Status::In => true,
                    Status::Mercy => pass == 0,
                    Status::Out(_) => false,
                };
                if gets {
                    self.hands[seat.index()].insert(Card::from_index(order[next]).expect("a card index"));
                    next += 1;
                }
            }
        }
        let dealt = self.hands.iter().fold(CardSet::EMPTY, |acc, &h| acc | h);
        self.deck = !dealt;
        self.turned = if self.round == 1 { Card::from_index(order[next]) } else { None };
    }

    /// Clears what belongs to one round.
    fn reset_round(&mut self) {
        self.tricks_won = [0; engine::MAX_SEATS];
        self.done_len = 0;
        self.played = CardSet::EMPTY;
        self.voids = [SuitSet::EMPTY; engine::MAX_SEATS];
        self.voters = SeatSet::EMPTY;
        self.votes = [None; engine::MAX_SEATS];
        self.votes_revealed = false;
        self.chooser = None;
        self.chooser_tied = SeatSet::EMPTY;
    }

    /// The round's last trick is over: sweep (KW-21), knock-outs and mercy (KW-20, KW-30), the
    /// end of the game (KW-22) or the next round.
    pub(crate) fn end_round(&mut self, rng: &mut GameRng, log: &mut EventLog<Event>) {
        let n = self.cards_per_hand();
        let round = self.round;
        let seats = self.seats();
        // KW-21: every trick to one player. In the 1-card round that is just the end of the
        // game (KW-22), reported as such.
        if n > 1
            && let Some(sweeper) = Seat::all(seats).find(|s| self.tricks_won[s.index()] == n)
        {
            log.push(Event::Sweep { seat: sweeper, round });
            for seat in self.in_round().without(sweeper) {
                self.status[seat.index()] = Status::Out(round);
                log.push(Event::KnockedOut { seat, round });
            }
            self.finish(sweeper, log);
            return;
        }
        // KW-20 / KW-30: no trick, no place in the next round — unless a first mercy chance is
        // due. There is no mercy in the last round: no round follows it (KW-22).
        let last_round = n == 1;
        for seat in self.in_round() {
            if self.tricks_won[seat.index()] > 0 {
                continue;
            }
            let first_time = self.status[seat.index()] == Status::In && !self.mercy_used.contains(seat);
            if self.config.mercy && first_time && !last_round {
                self.status[seat.index()] = Status::Mercy;
                self.mercy_used.insert(seat);
                log.push(Event::Mercy { seat });
            } else {
                self.status[seat.index()] = Status::Out(round);
                log.push(Event::KnockedOut { seat, round });
            }
        }
        let players_in: SeatSet = Seat::all(seats).filter(|&s| self.is_in(s)).collect();
        let on_mercy = self.in_round().len() - players_in.len();
        match players_in.first() {
            Some(last) if players_in.len() == 1 && on_mercy == 0 => self.finish(last, log),
            _ => self.next_round(rng, log),
        }
    }

    /// The game is over: `winner` is the last player in.
    fn finish(&mut self, winner: Seat, log: &mut EventLog<Event>) {
        self.phase = Phase::Over;
        self.winner = Some(winner);
        if log.is_on() {
            let places = ranking::outcome(self).map(|o| o.places().to_vec()).unwrap_or_default();
            log.push(Event::GameOver { winner, places });
        }
    }

    /// Deals the next round and settles its trump and lead.
    fn next_round(&mut self, rng: &mut GameRng, log: &mut EventLog<Event>) {
        let last_tricks = self.tricks_won;
        self.reset_round();
        self.round += 1;
        // KW-4: a player on a mercy chance is not knocked out, so the deal can reach them.
        self.dealer = self.next_not_out(self.dealer);
        self.deal(rng, log);
        let no_trump = self.config.no_trump_final && self.cards_per_hand() == 1;
        let chooser = self.cut_for_chooser(&last_tricks, rng, log);
        if self.config.fixed_trump {
            // KW-40: nobody chooses trump, but the player with the most tricks still leads.
            if no_trump {
                self.set_no_trump(log);
            } else {
                self.trump_from = TrumpFrom::Fixed;
                if let Some(suit) = self.trump {
                    log.push(Event::TrumpKept { suit });
                }
            }
            self.begin_play(chooser);
            return;
        }
        self.trump = None;
        self.trump_from = TrumpFrom::Pending;
        let knocked_out = self.knocked_out();
        if no_trump {
            // KW-43: nothing to choose; the KW-6 player still leads (KW-7).
            self.set_no_trump(log);
            self.begin_play(chooser);
        } else if self.config.knocked_out_vote && !knocked_out.is_empty() {
            self.phase = Phase::Vote;
            self.voters = knocked_out;
            self.turn = chooser;
            self.trick = Trick::new(chooser);
            log.push(Event::VoteOpened { voters: knocked_out });
        } else {
            self.phase = Phase::ChooseTrump { options: SuitSet::ALL };
            self.turn = chooser;
            self.trick = Trick::new(chooser);
        }
    }

    fn set_no_trump(&mut self, log: &mut EventLog<Event>) {
        self.trump = None;
        self.trump_from = TrumpFrom::NoTrump;
        log.push(Event::NoTrump { round: self.round });
    }

    /// KW-6 (and KW-40 for the lead): the player with the most tricks last round; a uniform cut
    /// among the tied. Logged.
    fn cut_for_chooser(
        &mut self,
        last_tricks: &[u8; engine::MAX_SEATS],
        rng: &mut GameRng,
        log: &mut EventLog<Event>,
    ) -> Seat {
        let players_in: SeatSet = Seat::all(self.seats()).filter(|&s| self.is_in(s)).collect();
        let most = players_in.iter().map(|s| last_tricks[s.index()]).max().unwrap_or(0);
        let tied: SeatSet = players_in.iter().filter(|s| last_tricks[s.index()] == most).collect();
        let pick = if tied.len() > 1 { rng.random_range(0..tied.len() as u32) as usize } else { 0 };
        let chooser = tied.iter().nth(pick).expect("someone took the most tricks");
        self.chooser = Some(chooser);
        self.chooser_tied = tied;
        log.push(Event::MostTricks { seat: chooser, tricks: most, tied });
        chooser
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    // KW-3: one card at a time, clockwise from the dealer's left; round 1 then turns the next
    // card (KW-5).
    #[test]
    fn kw_3_deal_goes_one_card_at_a_time_from_the_dealers_left() {
        let config = Config { dealer: 2, ..Config::default() };
        let mut game = KnockOutWhist::blank(&config, 4);
        game.deal_from(&ORDERED_DECK);
        let card = |i: u8| Card::from_index(i).unwrap();
        // Seat 3 (left of dealer 2) gets the 1st, 5th, 9th … card; the dealer the 4th, 8th ….
        let expect = |first: u8| (0..7).map(|k| card(first + 4 * k)).collect::<CardSet>();
        assert_eq!(game.hand(Seat::at(3)), expect(0));
        assert_eq!(game.hand(Seat::at(0)), expect(1));
        assert_eq!(game.hand(Seat::at(1)), expect(2));
        assert_eq!(game.hand(Seat::at(2)), expect(3));
        assert_eq!(game.turned, Some(card(28)));
        assert_eq!(game.deck.len(), 52 - 28);
        assert!(game.deck.contains(card(28)));
    }

    // KW-3 / KW-31: a player on a mercy chance gets exactly one card, in the first pass.
    #[test]
    fn kw_31_mercy_player_is_dealt_one_card() {
        let mut game = KnockOutWhist::blank(&Config { mercy: true, ..Config::default() }, 3);
        game.round = 2;
        game.status[1] = Status::Mercy;
        game.status[2] = Status::In;
        game.deal_from(&ORDERED_DECK);
        let card = |i: u8| Card::from_index(i).unwrap();
        // Pass 1: seat 1 (mercy), seat 2, seat 0; then seats 2 and 0 alternate.
        assert_eq!(game.hand(Seat::at(1)), CardSet::only(card(0)));
        assert_eq!(game.hand(Seat::at(2)).len(), 6);
        assert_eq!(game.hand(Seat::at(0)).len(), 6);
        assert!(game.hand(Seat::at(2)).contains(card(1)) && game.hand(Seat::at(0)).contains(card(2)));
        assert_eq!(game.turned, None);
    }
}
