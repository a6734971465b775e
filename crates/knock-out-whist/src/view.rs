//! What one seat (or a spectator) sees: everything public plus the viewer's own hand and vote.
//! Never another hand, the undealt deck, or a vote before the ballot is resolved.

use engine::{Seat, SeatSet};
use serde::Serialize;

use crate::card::Card;
use crate::cardset::CardSet;
use crate::event::SeatVote;
use crate::ranking;
use crate::state::{KnockOutWhist, Phase, Status, TrumpFrom};
use crate::suit::{Suit, SuitSet};
use crate::trick::{Play, Trick};

/// What the game waits for.
#[derive(Clone, Copy, PartialEq, Eq, Debug, Serialize)]
#[serde(rename_all = "kebab-case")]
pub enum PhaseView {
    /// The chooser picks trump (`trump_options`).
    ChooseTrump,
    /// The knocked-out players vote on trump.
    Vote,
    /// A trick is being played.
    Play,
    /// The game is over.
    Over,
}

/// Where a player stands.
#[derive(Clone, Copy, PartialEq, Eq, Debug, Serialize)]
#[serde(rename_all = "kebab-case")]
pub enum Standing {
    /// In the game.
    In,
    /// On their mercy chance this round: one card, may hold (KW-30, KW-31).
    Mercy,
    /// Knocked out (`out_round` says when).
    Out,
}

/// One player as everyone sees them.
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
pub struct PlayerView {
    /// The seat.
    pub seat: Seat,
    /// In, on mercy, or out.
    pub standing: Standing,
    /// The round they were knocked out in (`null` while in).
    pub out_round: Option<u8>,
    /// Cards in hand now.
    pub cards: u8,
    /// Tricks won this round.
    pub tricks: u8,
    /// Whether they have had their mercy chance (`mercy` variant).
    pub mercy_used: bool,
    /// Their final place once the game is over (1 = winner; shared by players out in the same
    /// round), else `null`.
    pub place: Option<u8>,
}

/// A trick as everyone sees it.
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
pub struct TrickView {
    /// Who leads (or led) it.
    pub leader: Seat,
    /// The led suit, once the leader has played.
    pub led: Option<Suit>,
    /// The turns in order; `card: null` is a mercy player's hold.
    pub plays: Vec<Play>,
    /// Who won it (finished tricks) or is winning it so far (the current trick).
    pub winner: Option<Seat>,
}

impl TrickView {
    fn of(trick: &Trick) -> TrickView {
        TrickView {
            leader: trick.leader(),
            led: trick.led(),
            plays: trick.plays().to_vec(),
            winner: trick.best().map(|(seat, _)| seat),
        }
    }
}

/// The knocked-out players' vote on trump (KW-42), as the viewer sees it.
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
pub struct VoteView {
    /// Who votes this round.
    pub voters: SeatSet,
    /// Who has voted (never how, until all have).
    pub voted: SeatSet,
    /// The viewer's own vote, if they have cast one.
    pub mine: Option<Suit>,
    /// Every vote, once all are in (else `null`).
    pub votes: Option<Vec<SeatVote>>,
    /// Once all are in: the suits with the most votes (one = trump, several = the chooser's
    /// options). Empty before.
    pub leading: SuitSet,
}

/// What a seat (or, with `viewer: null`, a spectator) sees. See the crate docs for the JSON.
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
pub struct View {
    /// The number of seats.
    pub seats: usize,
    /// Whose view this is (`null` = spectator).
    pub viewer: Option<Seat>,
    /// What the game waits for.
    pub phase: PhaseView,
    /// The round, from 1.
    pub round: u8,
    /// The most rounds the game can last (= start cards).
    pub rounds: u8,
    /// Cards in a full hand this round.
    pub cards_per_hand: u8,
    /// This round's dealer.
    pub dealer: Seat,
    /// Who may act now.
    pub to_act: SeatSet,
    /// This round's trump (`null` while pending, and in a no-trump final).
    pub trump: Option<Suit>,
    /// How the trump came about.
    pub trump_from: TrumpFrom,
    /// Round 1's face-up trump card (`null` in later rounds).
    pub turned: Option<Card>,
    /// The player who took the most tricks last round: chooses trump (not with `fixed-trump`)
    /// and leads (KW-6, KW-7, KW-40). `null` in round 1.
    pub chooser: Option<Seat>,
    /// The players tied for most tricks last round, when a cut decided among them (else empty).
    pub cut_among: SeatSet,
    /// The suits the chooser may name now (empty outside the trump choice).
    pub trump_options: SuitSet,
    /// The viewer's own hand (`null` for spectators).
    pub hand: Option<CardSet>,
    /// The trick being played (empty `plays` before the lead).
    pub trick: TrickView,
    /// The finished tricks of this round, in order.
    pub tricks: Vec<TrickView>,
    /// Every player, in seat order.
    pub players: Vec<PlayerView>,
    /// The trump vote of this round (`knocked-out-vote`), else `null`.
    pub vote: Option<VoteView>,
    /// The winner, once the game is over.
    pub winner: Option<Seat>,
}

impl KnockOutWhist {
    /// Builds the view of `viewer` (`None` = spectator).
    pub(crate) fn build_view(&self, viewer: Option<Seat>) -> View {
        let outcome = ranking::outcome(self);
        let players = Seat::all(self.seats())
            .map(|seat| {
                let status = self.status[seat.index()];
                PlayerView {
                    seat,
                    standing: match status {
                        Status::In => Standing::In,
                        Status::Mercy => Standing::Mercy,
                        Status::Out(_) => Standing::Out,
                    },
                    out_round: match status {
                        Status::Out(round) => Some(round),
                        _ => None,
                    },
                    cards: self.hands[seat.index()].len() as u8,
                    tricks: self.tricks_won[seat.index()],
                    mercy_used: self.mercy_used.contains(seat),
                    place: outcome.map(|o| o.place(seat)),
                }
            })
            .collect();
        let vote = (!self.voters.is_empty()).then(|| VoteView {
            voters: self.voters,
            voted: self.voters.iter().filter(|s| self.votes[s.index()].is_some()).collect(),
            mine: viewer.and_then(|s| self.votes[s.index()]),
            votes: self.votes_revealed.then(|| {
                self.voters
                    .iter()
                    .filter_map(|seat| self.votes[seat.index()].map(|suit| SeatVote { seat, suit }))
                    .collect()
            }),
            leading: if self.votes_revealed { self.leading_suits() } else { SuitSet::EMPTY },
        });
        View {
            seats: self.seats(),
            viewer,
            phase: match self.phase {
                Phase::ChooseTrump { .. } => PhaseView::ChooseTrump,
                Phase::Vote => PhaseView::Vote,
                Phase::Play => PhaseView::Play,
                Phase::Over => PhaseView::Over,
            },
            round: self.round,
            rounds: self.config.rounds(),
            cards_per_hand: self.cards_per_hand(),
            dealer: self.dealer,
            to_act: engine::Game::to_act(self),
            trump: self.trump,
            trump_from: self.trump_from,
            turned: self.turned,
            chooser: self.chooser,
            cut_among: if self.chooser_tied.len() > 1 { self.chooser_tied } else { SeatSet::EMPTY },
            trump_options: match self.phase {
                Phase::ChooseTrump { options } => options,
                _ => SuitSet::EMPTY,
            },
            hand: viewer.map(|s| self.hands[s.index()]),
            trick: TrickView::of(&self.trick),
            tricks: self.finished_tricks().iter().map(TrickView::of).collect(),
            players,
            vote,
            winner: self.winner,
        }
    }
}
