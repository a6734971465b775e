//! The observation tensor (`Game::observe`): what one seat knows, as numbers. The layout is in
//! the crate docs ("The observation tensor"); every part is in the seat's view.

use engine::{Seat, Tensor};

use crate::card::Card;
use crate::config::Config;
use crate::state::{KnockOutWhist, Phase, Status, TrumpFrom};
use crate::suit::Suit;

/// Cards in the deck.
const CARDS: usize = 52;
/// The values of the table-wide part: the hand, the turned card, the suits and phase, the round.
const TABLE: usize = CARDS + CARDS + 4 + 6 + 4 + 4 + 4 + 4 + 4 + 2;
/// The values per seat: the cards it played this round, its card in the trick, and the rest.
const PER_SEAT: usize = CARDS + CARDS + 23;

/// The number of values for a table of `seats`.
pub(crate) fn observation_len(seats: usize) -> usize {
    TABLE + PER_SEAT * seats
}

fn suit(s: Option<Suit>) -> Option<usize> {
    s.map(Suit::index)
}

fn card(c: Option<Card>) -> Option<usize> {
    c.map(|c| c.index() as usize)
}

impl KnockOutWhist {
    /// Writes `seat`'s observation (see the crate docs for the layout).
    pub(crate) fn write_observation(&self, seat: Seat, out: &mut [f32]) {
        let config: &Config = &self.config;
        let rounds = config.rounds();
        let mut t = Tensor::new(out);
        t.bits(u128::from(self.hands[seat.index()].bits()), CARDS);
        t.one_hot(card(self.turned), CARDS);
        t.one_hot(suit(self.trump), 4);
        t.one_hot(
            Some(match self.trump_from {
                TrumpFrom::Turned => 0,
                TrumpFrom::Pending => 1,
                TrumpFrom::Chosen => 2,
                TrumpFrom::Voted => 3,
                TrumpFrom::Fixed => 4,
                TrumpFrom::NoTrump => 5,
            }),
            6,
        );
        t.one_hot(suit(self.trick.led()), 4);
        t.one_hot(
            Some(match self.phase {
                Phase::ChooseTrump { .. } => 0,
                Phase::Vote => 1,
                Phase::Play => 2,
                Phase::Over => 3,
            }),
            4,
        );
        let options = match self.phase {
            Phase::ChooseTrump { options } => options.bits(),
            _ => 0,
        };
        t.bits(u128::from(options), 4);
        t.one_hot(suit(self.votes[seat.index()]), 4);
        let leading = if self.votes_revealed { self.leading_suits().bits() } else { 0 };
        t.bits(u128::from(leading), 4);
        t.scaled(self.round, rounds);
        t.scaled(self.cards_per_hand(), rounds);
        let seats = self.seats();
        let to_act = engine::Game::to_act(self);
        let best = self.trick.best().map(|(s, _)| s);
        let cut = if self.chooser_tied.len() > 1 { self.chooser_tied } else { engine::SeatSet::EMPTY };
        for k in 0..seats {
            let other = Seat::at((seat.index() + k) % seats);
            let i = other.index();
            // The cards it played this round (finished tricks and the current one).
            let mut played = 0u64;
            for trick in self.finished_tricks().iter().chain(std::iter::once(&self.trick)) {
                for play in trick.plays().iter().filter(|p| p.seat == other) {
                    if let Some(c) = play.card {
                        played |= 1 << c.index();
                    }
                }
            }
            t.bits(u128::from(played), CARDS);
            let in_trick = self.trick.plays().iter().find(|p| p.seat == other).and_then(|p| p.card);
            t.one_hot(card(in_trick), CARDS);
            let status = self.status[i];
            t.one_hot(
                Some(match status {
                    Status::In => 0,
                    Status::Mercy => 1,
                    Status::Out(_) => 2,
                }),
                3,
            );
            t.scaled(if let Status::Out(round) = status { round } else { 0 }, rounds);
            t.scaled(self.hands[i].len() as u8, rounds);
            t.scaled(self.tricks_won[i], rounds);
            t.flag(self.mercy_used.contains(other));
            t.flag(self.dealer == other);
            t.flag(self.chooser == Some(other));
            t.flag(cut.contains(other));
            t.flag(to_act.contains(other));
            t.bits(u128::from(self.voids[i].bits()), 4);
            t.flag(self.voters.contains(other));
            t.flag(self.voters.contains(other) && self.votes[i].is_some());
            t.flag(self.trick.leader() == other && !matches!(self.phase, Phase::Over));
            t.flag(best == Some(other));
            t.one_hot(if self.votes_revealed { suit(self.votes[i]) } else { None }, 4);
        }
        t.finish();
    }
}
