//! Hand-built positions at the start of a round: for tests, puzzles and analysis.

use engine::{Seat, SeatSet, SetupError};

use crate::card::Card;
use crate::cardset::CardSet;
use crate::config::Config;
use crate::state::{KnockOutWhist, Phase, Status, TrumpFrom};
use crate::suit::{Suit, SuitSet};
use crate::trick::Trick;

/// What the position waits for first.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub enum Start {
    /// The first trick, led by `leader`.
    Play {
        /// Who leads.
        leader: Seat,
    },
    /// The KW-6 chooser picks trump.
    ChooseTrump {
        /// Who chooses (and then leads).
        chooser: Seat,
    },
    /// The knocked-out players vote on trump (KW-42); `chooser` breaks a tie and leads.
    Vote {
        /// Who chooses after a tie (and leads).
        chooser: Seat,
    },
}

/// A round about to start, dealt by hand. [`KnockOutWhist::from_position`] checks it.
#[derive(Clone, Debug, PartialEq)]
pub struct Position {
    /// The round, from 1.
    pub round: u8,
    /// The dealer (in, or on a mercy chance: not knocked out).
    pub dealer: Seat,
    /// Every seat's hand: a full hand for players in, one card on a mercy chance, none when out.
    pub hands: Vec<CardSet>,
    /// The trump (for [`Start::Play`]; `None` only in a no-trump final).
    pub trump: Option<Suit>,
    /// Round 1's turned card (its suit must be the trump).
    pub turned: Option<Card>,
    /// Seats on their mercy chance this round.
    pub mercy: SeatSet,
    /// Seats that have had their mercy chance (including those on it now).
    pub mercy_used: SeatSet,
    /// Knocked-out seats with the round they went out in.
    pub out: Vec<(Seat, u8)>,
    /// What happens first.
    pub start: Start,
}

impl Position {
    /// Round 1 with these hands, seat 0 dealing, the turned card giving trump, seat 1 to lead.
    pub fn first_round(hands: Vec<CardSet>, turned: Card) -> Position {
        let seats = hands.len().max(1);
        Position {
            round: 1,
            dealer: Seat::at(0),
            hands,
            trump: Some(turned.suit()),
            turned: Some(turned),
            mercy: SeatSet::EMPTY,
            mercy_used: SeatSet::EMPTY,
            out: Vec::new(),
            start: Start::Play { leader: Seat::at(1 % seats) },
        }
    }
}

fn bad(reason: impl Into<String>) -> SetupError {
    SetupError::Config(reason.into())
}

impl KnockOutWhist {
    /// The game at a hand-built position, checked for consistency (seat count, hand sizes for the
    /// round, no card twice, who may deal, lead and choose). The undealt cards form the deck.
    pub fn from_position(config: &Config, position: &Position) -> Result<KnockOutWhist, SetupError> {
        let seats = position.hands.len();
        if !(2..=7).contains(&seats) {
            return Err(SetupError::Seats { game: "knock-out-whist", seats, min: 2, max: 7 });
        }
        config.validate(seats)?;
        if !(1..=config.start_cards).contains(&position.round) {
            return Err(bad(format!("round {} is not between 1 and {}", position.round, config.start_cards)));
        }
        let mut game = KnockOutWhist::blank(config, seats);
        game.round = position.round;
        let seat_ok = |seat: Seat| seat.index() < seats;
        for &(seat, round) in &position.out {
            if !seat_ok(seat) || round == 0 || round >= position.round {
                return Err(bad(format!("seat {seat} cannot be out in round {round}")));
            }
            game.status[seat.index()] = Status::Out(round);
        }
        for seat in position.mercy {
            if !seat_ok(seat)
                || game.status[seat.index()] != Status::In
                || !config.mercy
                || !position.mercy_used.contains(seat)
            {
                return Err(bad(format!("seat {seat} cannot be on a mercy chance here")));
            }
            game.status[seat.index()] = Status::Mercy;
        }
        game.mercy_used = position.mercy_used;
        let n = game.cards_per_hand() as usize;
        let mut all = CardSet::EMPTY;
        for (i, &hand) in position.hands.iter().enumerate() {
            let expected = match game.status[i] {
                Status::In => n,
                Status::Mercy => 1,
                Status::Out(_) => 0,
            };
            if hand.len() != expected {
                return Err(bad(format!(
                    "seat {i} must hold {expected} cards in round {}, not {}",
                    position.round,
                    hand.len()
                )));
            }
            if !(all & hand).is_empty() {
                return Err(bad(format!("a card of seat {i} is dealt twice")));
            }
            all |= hand;
            game.hands[i] = hand;
        }
        if game.in_round().len() < 2 {
            return Err(bad("at least two players must be in the round"));
        }
        match (position.round, position.turned) {
            (1, Some(card)) if !all.contains(card) && position.trump == Some(card.suit()) => {}
            (1, _) => return Err(bad("round 1 needs a turned card, not in any hand, whose suit is trump")),
            (_, Some(_)) => return Err(bad("only round 1 has a turned card")),
            (_, None) => {}
        }
        game.turned = position.turned;
        game.deck = !all;
        // KW-4: a player on a mercy chance is not knocked out and may deal.
        if !seat_ok(position.dealer) || matches!(game.status[position.dealer.index()], Status::Out(_)) {
            return Err(bad("the dealer must not be knocked out"));
        }
        game.dealer = position.dealer;
        let active = |seat: Seat| seat_ok(seat) && game.is_in(seat);
        match position.start {
            Start::Play { leader } if active(leader) => {
                let no_trump_final = config.no_trump_final && n == 1;
                match (position.trump, no_trump_final) {
                    (None, false) => return Err(bad("the play needs a trump")),
                    (Some(_), true) => return Err(bad("a no-trump final has no trump")),
                    _ => {}
                }
                game.trump = position.trump;
                game.trump_from = match (position.round, position.trump) {
                    (_, None) => TrumpFrom::NoTrump,
                    (1, _) => TrumpFrom::Turned,
                    _ if config.fixed_trump => TrumpFrom::Fixed,
                    _ => TrumpFrom::Chosen,
                };
                // Later rounds are led by the KW-6 player, with a fixed trump too (KW-40).
                if position.round > 1 {
                    game.chooser = Some(leader);
                    game.chooser_tied = SeatSet::only(leader);
                }
                game.begin_play(leader);
            }
            Start::ChooseTrump { chooser } | Start::Vote { chooser } if active(chooser) && position.round > 1 => {
                if config.fixed_trump {
                    return Err(bad("with fixed-trump nobody chooses trump"));
                }
                game.chooser = Some(chooser);
                game.chooser_tied = SeatSet::only(chooser);
                game.turn = chooser;
                game.trick = Trick::new(chooser);
                if let Start::Vote { .. } = position.start {
                    let voters = game.knocked_out();
                    if !config.knocked_out_vote || voters.is_empty() {
                        return Err(bad("a vote needs knocked-out-vote and a knocked-out player"));
                    }
                    game.voters = voters;
                    game.phase = Phase::Vote;
                } else {
                    game.phase = Phase::ChooseTrump { options: SuitSet::ALL };
                }
            }
            _ => return Err(bad("the leader or chooser must be a player who is in (and nobody chooses in round 1)")),
        }
        Ok(game)
    }
}
