//! KW-42 `knocked-out-vote`: the knocked-out players name a suit each, all at once and in
//! secret; plurality wins, a tie goes to the KW-6 chooser.

use engine::{EventLog, Seat};

use crate::event::{Event, SeatVote};
use crate::state::{KnockOutWhist, Phase, TrumpFrom};
use crate::suit::{Suit, SuitSet};

impl KnockOutWhist {
    /// `seat` (a voter who has not voted) names `suit`. The last vote resolves the ballot.
    pub(crate) fn vote(&mut self, seat: Seat, suit: Suit, log: &mut EventLog<Event>) {
        self.votes[seat.index()] = Some(suit);
        log.push(Event::Voted { seat, suit: Some(suit) });
        if self.voters.iter().all(|v| self.votes[v.index()].is_some()) {
            self.resolve_vote(log);
        }
    }

    /// The suits with the most votes.
    pub(crate) fn leading_suits(&self) -> SuitSet {
        let mut counts = [0u8; 4];
        for voter in self.voters {
            if let Some(suit) = self.votes[voter.index()] {
                counts[suit.index()] += 1;
            }
        }
        let most = counts.iter().copied().max().unwrap_or(0);
        Suit::ALL.into_iter().filter(|s| most > 0 && counts[s.index()] == most).collect()
    }

    fn resolve_vote(&mut self, log: &mut EventLog<Event>) {
        self.votes_revealed = true;
        let leading = self.leading_suits();
        if log.is_on() {
            let votes = self
                .voters
                .iter()
                .filter_map(|seat| self.votes[seat.index()].map(|suit| SeatVote { seat, suit }))
                .collect();
            log.push(Event::VoteResolved { votes, leading });
        }
        let chooser = self.chooser.expect("a vote has a KW-6 chooser");
        match leading.iter().next() {
            Some(suit) if leading.len() == 1 => {
                self.trump = Some(suit);
                self.trump_from = TrumpFrom::Voted;
                self.begin_play(chooser);
            }
            _ => self.phase = Phase::ChooseTrump { options: leading },
        }
    }

    /// The chooser names trump among the options (KW-6, or the tied suits of a vote).
    pub(crate) fn choose_trump(&mut self, seat: Seat, suit: Suit, log: &mut EventLog<Event>) {
        self.trump = Some(suit);
        self.trump_from = TrumpFrom::Chosen;
        log.push(Event::TrumpChosen { seat, suit });
        self.begin_play(seat);
    }
}
