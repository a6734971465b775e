//! What happened, with a readable line each, redacted per viewer: a seat sees only its own
//! dealt cards and its own vote until the vote is resolved.

use std::fmt;

use engine::{GameEvent, Seat, SeatSet};
use serde::Serialize;

use crate::card::Card;
use crate::cardset::CardSet;
use crate::suit::{Suit, SuitSet};

/// One seat's vote, revealed once everyone has voted.
#[derive(Clone, Copy, PartialEq, Eq, Debug, Serialize)]
pub struct SeatVote {
    /// The voter.
    pub seat: Seat,
    /// The suit they named.
    pub suit: Suit,
}

/// An event of Knock-Out Whist. Serialised with a `type` tag in kebab-case
/// (`{"type":"played","seat":1,"card":"QS"}`).
#[derive(Clone, Debug, PartialEq, Serialize)]
#[serde(tag = "type", rename_all = "kebab-case")]
pub enum Event {
    /// A round was dealt (KW-3). `hand` is the viewer's own new hand (absent for spectators
    /// and seats dealt nothing); `counts` the cards each seat was dealt.
    Dealt {
        round: u8,
        dealer: Seat,
        cards_per_hand: u8,
        counts: Vec<u8>,
        #[serde(skip_serializing_if = "Option::is_none")]
        hand: Option<CardSet>,
        /// Every seat's hand, for redaction only: never serialised.
        #[serde(skip)]
        hands: [CardSet; engine::MAX_SEATS],
    },
    /// Round 1's trump card was turned face up (KW-5).
    TrumpTurned { card: Card },
    /// The fixed trump carries on into this round (KW-40).
    TrumpKept { suit: Suit },
    /// This round is played without trump (KW-43).
    NoTrump { round: u8 },
    /// Who took the most tricks last round and so chooses trump and leads (KW-6). If `tied`
    /// holds several seats, a random cut among them picked `seat`.
    MostTricks { seat: Seat, tricks: u8, tied: SeatSet },
    /// The knocked-out players are to vote on trump (KW-42).
    VoteOpened { voters: SeatSet },
    /// A seat voted; `suit` is shown only to the voter until the vote is resolved.
    Voted {
        seat: Seat,
        #[serde(skip_serializing_if = "Option::is_none")]
        suit: Option<Suit>,
    },
    /// All votes are in (KW-42): `leading` holds the suits with the most votes; one suit is the
    /// trump, several are a tie the chooser decides.
    VoteResolved { votes: Vec<SeatVote>, leading: SuitSet },
    /// The chooser named trump (KW-6).
    TrumpChosen { seat: Seat, suit: Suit },
    /// A card was played to the trick.
    Played { seat: Seat, card: Card },
    /// A mercy player sat the trick out, keeping their card (KW-31).
    Held { seat: Seat },
    /// The trick (numbered from 1 in the round) went to `seat` with `card` (KW-12).
    TrickWon { seat: Seat, card: Card, trick: u8 },
    /// A mercy player's card won a trick: they are back in (KW-32).
    BackIn { seat: Seat },
    /// A player won no trick but gets their mercy chance instead of going out (KW-30).
    Mercy { seat: Seat },
    /// A player is out of the game (KW-20, KW-32).
    KnockedOut { seat: Seat, round: u8 },
    /// A player won every trick of the round and with it the game (KW-21).
    Sweep { seat: Seat, round: u8 },
    /// The game is over: `places` per seat (1 = winner, shared places for players out in the
    /// same round, KW-23).
    GameOver { winner: Seat, places: Vec<u8> },
}

fn seat_list(seats: SeatSet) -> String {
    let names: Vec<String> = seats.iter().map(|s| s.to_string()).collect();
    match names.len() {
        0 => "nobody".into(),
        1 => format!("seat {}", names[0]),
        _ => format!("seats {}", names.join(", ")),
    }
}

/// "trick" or "tricks", as `count` needs.
fn tricks_word(count: u8) -> &'static str {
    if count == 1 { "trick" } else { "tricks" }
}

impl fmt::Display for Event {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Event::Dealt { round, dealer, cards_per_hand, hand, .. } => {
                let s = if *cards_per_hand == 1 { "" } else { "s" };
                write!(f, "round {round}: seat {dealer} deals {cards_per_hand} card{s} each")?;
                match hand {
                    Some(hand) => write!(f, "; your hand: {hand}"),
                    None => Ok(()),
                }
            }
            Event::TrumpTurned { card } => write!(f, "{card} is turned: {} are trump", card.suit().name()),
            Event::TrumpKept { suit } => write!(f, "{} stay trump", suit.name()),
            Event::NoTrump { round } => write!(f, "round {round} is played without trump"),
            Event::MostTricks { seat, tricks, tied } if tied.len() > 1 => {
                write!(
                    f,
                    "{} tied with {tricks} {}; the cut goes to seat {seat}",
                    seat_list(*tied),
                    tricks_word(*tricks)
                )
            }
            Event::MostTricks { seat, tricks, .. } => {
                write!(f, "seat {seat} took the most tricks ({tricks} {})", tricks_word(*tricks))
            }
            Event::VoteOpened { voters } => {
                let verb = if voters.len() == 1 { "votes" } else { "vote" };
                write!(f, "{} {verb} on trump", seat_list(*voters))
            }
            Event::Voted { seat, suit: Some(suit) } => write!(f, "seat {seat} voted {}", suit.name()),
            Event::Voted { seat, suit: None } => write!(f, "seat {seat} voted"),
            Event::VoteResolved { votes, leading } => {
                let cast: Vec<String> = votes.iter().map(|v| format!("seat {} {}", v.seat, v.suit)).collect();
                write!(f, "votes: {}", cast.join(", "))?;
                match leading.len() {
                    1 => write!(f, "; {} are trump", leading.iter().next().map_or("", Suit::name)),
                    _ => {
                        let tied: Vec<&str> = leading.iter().map(Suit::name).collect();
                        write!(f, "; a tie between {}", tied.join(" and "))
                    }
                }
            }
            Event::TrumpChosen { seat, suit } => write!(f, "seat {seat} chooses {} as trump", suit.name()),
            Event::Played { seat, card } => write!(f, "seat {seat} plays {card}"),
            Event::Held { seat } => write!(f, "seat {seat} holds their card"),
            Event::TrickWon { seat, card, trick } => write!(f, "seat {seat} wins trick {trick} with {card}"),
            Event::BackIn { seat } => write!(f, "seat {seat}'s mercy card won a trick: back in"),
            Event::Mercy { seat } => write!(f, "seat {seat} won no trick and gets a mercy chance"),
            Event::KnockedOut { seat, round } => write!(f, "seat {seat} is knocked out in round {round}"),
            Event::Sweep { seat, round } => write!(f, "seat {seat} won every trick of round {round}: a sweep"),
            Event::GameOver { winner, .. } => write!(f, "game over: seat {winner} wins"),
        }
    }
}

impl GameEvent for Event {
    fn redact(&self, viewer: Option<Seat>) -> Option<Self> {
        match self {
            Event::Dealt { round, dealer, cards_per_hand, counts, hands, .. } => {
                let hand = viewer.map(|s| hands[s.index()]).filter(|h| !h.is_empty());
                Some(Event::Dealt {
                    round: *round,
                    dealer: *dealer,
                    cards_per_hand: *cards_per_hand,
                    counts: counts.clone(),
                    hand,
                    hands: [CardSet::EMPTY; engine::MAX_SEATS],
                })
            }
            Event::Voted { seat, suit } if viewer != Some(*seat) => {
                let _ = suit;
                Some(Event::Voted { seat: *seat, suit: None })
            }
            _ => Some(self.clone()),
        }
    }
}
