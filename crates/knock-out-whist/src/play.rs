//! Playing tricks: following suit (KW-11), turn order (KW-10), the winner leads (KW-13), and the
//! mercy player's play-or-hold (KW-31, KW-32).

use engine::{EventLog, GameRng, IllegalAction, Seat};

use crate::card::Card;
use crate::cardset::CardSet;
use crate::event::Event;
use crate::state::{KnockOutWhist, Status};

impl KnockOutWhist {
    /// The cards `seat` may play now: the led suit if they hold it, else any card (KW-11).
    #[inline]
    pub(crate) fn playable(&self, seat: Seat) -> CardSet {
        let hand = self.hands[seat.index()];
        match self.trick.led() {
            Some(led) if !hand.of_suit(led).is_empty() => hand.of_suit(led),
            _ => hand,
        }
    }

    /// Whether `seat` may hold this trick: only on a mercy chance, never at the last trick (KW-31).
    #[inline]
    pub(crate) fn may_hold(&self, seat: Seat) -> bool {
        self.status[seat.index()] == Status::Mercy && !self.hands[seat.index()].is_empty() && !self.is_last_trick()
    }

    /// `seat` (who is to act) plays `card`.
    pub(crate) fn play_card(
        &mut self,
        seat: Seat,
        card: Card,
        rng: &mut GameRng,
        log: &mut EventLog<Event>,
    ) -> Result<(), IllegalAction> {
        let hand = self.hands[seat.index()];
        if !hand.contains(card) {
            return Err(IllegalAction::Rule("you do not hold that card"));
        }
        if !self.playable(seat).contains(card) {
            return Err(IllegalAction::Rule("you must follow suit"));
        }
        if let Some(led) = self.trick.led()
            && card.suit() != led
        {
            // Showing out is public: the seat holds no card of the led suit this round.
            self.voids[seat.index()].insert(led);
        }
        self.hands[seat.index()].remove(card);
        self.played.insert(card);
        self.trick.push(seat, Some(card), self.trump);
        log.push(Event::Played { seat, card });
        self.advance(seat, rng, log);
        Ok(())
    }

    /// `seat` (who is to act) holds their mercy card this trick.
    pub(crate) fn hold(
        &mut self,
        seat: Seat,
        rng: &mut GameRng,
        log: &mut EventLog<Event>,
    ) -> Result<(), IllegalAction> {
        if self.status[seat.index()] != Status::Mercy {
            return Err(IllegalAction::Rule("only a player on a mercy chance may hold"));
        }
        if !self.may_hold(seat) {
            return Err(IllegalAction::Rule("a mercy card must be played at the last trick"));
        }
        self.trick.push(seat, None, self.trump);
        log.push(Event::Held { seat });
        self.advance(seat, rng, log);
        Ok(())
    }

    /// Passes the turn clockwise to the next seat taking part in the trick (KW-10); after the
    /// last one, settles the trick.
    #[inline]
    fn advance(&mut self, from: Seat, rng: &mut GameRng, log: &mut EventLog<Event>) {
        if self.trick.plays().len() >= self.trick_size as usize {
            self.finish_trick(rng, log);
        } else {
            self.turn = next_in_mask(self.participants, from);
        }
    }

    /// The trick is complete: its winner takes it and leads the next (KW-12, KW-13); a mercy
    /// player who wins is back in and the lead passes to their left (KW-32).
    fn finish_trick(&mut self, rng: &mut GameRng, log: &mut EventLog<Event>) {
        let (winner, card) = self.trick.best().expect("the leader always plays a card");
        self.tricks_won[winner.index()] += 1;
        self.done[self.done_len as usize] = self.trick;
        self.done_len += 1;
        log.push(Event::TrickWon { seat: winner, card, trick: self.done_len });
        let mut leader = winner;
        if self.status[winner.index()] == Status::Mercy {
            self.status[winner.index()] = Status::In;
            log.push(Event::BackIn { seat: winner });
            leader = self.next_with_full_hand(winner);
        }
        if self.done_len >= self.cards_per_hand() {
            self.end_round(rng, log);
        } else {
            self.begin_play(leader);
        }
    }

    /// The next seat clockwise after `from` that is in and still holds cards.
    fn next_with_full_hand(&self, from: Seat) -> Seat {
        let seats = self.seats();
        let mut seat = from.next(seats);
        for _ in 0..seats {
            if self.is_in(seat) && !self.hands[seat.index()].is_empty() {
                return seat;
            }
            seat = seat.next(seats);
        }
        from
    }
}

/// The next seat clockwise after `from` among the seats whose bits are set in `mask` (not empty).
#[inline]
pub(crate) fn next_in_mask(mask: u8, from: Seat) -> Seat {
    let above = mask & !((2u16 << from.index()) - 1) as u8;
    let bits = if above != 0 { above } else { mask };
    SEATS[bits.trailing_zeros() as usize & 7]
}

/// Every seat by index (a table lookup is cheaper than the checked constructor in hot loops).
pub(crate) const SEATS: [Seat; 8] =
    [Seat::at(0), Seat::at(1), Seat::at(2), Seat::at(3), Seat::at(4), Seat::at(5), Seat::at(6), Seat::at(7)];
