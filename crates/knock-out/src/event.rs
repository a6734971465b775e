//! What happened, one readable line each, redacted per viewer: a fighter's training choice and
//! pending exchange card are shown only to that fighter until the exchange reveals the card.

use std::fmt;

use engine::{GameEvent, Seat};
use serde::Serialize;

use crate::action::Tableau;
use crate::boxer::{BoxerId, Level};
use crate::cards::Cards;
use crate::money::Payment;

/// An event of Knock Out, serialised with a `type` tag in kebab-case
/// (`{"type":"exchange","number":1,"red":3,"blue":5,…}`).
#[derive(Clone, Debug, PartialEq, Serialize)]
#[serde(tag = "type", rename_all = "kebab-case")]
pub enum Event {
    /// A season began; `opener` holds the red tableau (KO-52).
    SeasonStarted { season: u8, opener: Seat },
    /// `seat` had no legal challenge: the red tableau passes on (KO-10, KO-33).
    PassedOn { seat: Seat },
    /// A challenge (KO-10): `red` challenges `blue`; `start` are their distances to the K.O. field.
    Challenged { red: BoxerId, blue: BoxerId, levels: [Level; 2], start: [i64; 2] },
    /// A fighter chose their training cards (KO-12); `cards` only for that fighter.
    Trained {
        seat: Seat,
        #[serde(skip_serializing_if = "Option::is_none")]
        cards: Option<Cards>,
    },
    /// A chip on an offer slot (KO-13).
    Offered { seat: Seat, tableau: Tableau, field: u8 },
    /// A chip on an accept slot (KO-13); `bluff` when the offer was the same player's (KO-16).
    Accepted { seat: Seat, tableau: Tableau, field: u8, offerer: Seat, bluff: bool },
    /// A chip on the pass field.
    Passed { seat: Seat },
    /// The betting is over; the fight begins (KO-20).
    BettingClosed,
    /// A fighter chose their exchange card; `card` only for that fighter.
    Chose {
        seat: Seat,
        #[serde(skip_serializing_if = "Option::is_none")]
        card: Option<u8>,
    },
    /// Both exchange cards revealed (KO-20, KO-21): `moved` is the side that moved and `by`
    /// how far the cards push it; `distance` where both stand now (0 at the K.O. field, where
    /// a push past it stops, KO-22).
    Exchange { number: u8, red: u8, blue: u8, hook: bool, moved: Option<Tableau>, by: i64, distance: [i64; 2] },
    /// The fight is decided: by knock-out (KO-22) or on points (KO-23).
    FightWon { winner: BoxerId, loser: BoxerId, knock_out: bool },
    /// A boxer is out for the season (KO-22).
    KnockedOut { boxer: BoxerId },
    /// A boxer's level changed (KO-30, KO-53).
    LevelChanged { boxer: BoxerId, from: Level, to: Level },
    /// Money moved (KO-30, KO-31, KO-32, KO-40).
    Paid(Payment),
    /// A bet was cancelled by its own offerer's accept (KO-16): no money moves.
    Cancelled { seat: Seat, tableau: Tableau, field: u8 },
    /// The season is over (KO-11).
    SeasonOver { season: u8 },
    /// The game is over: final money per seat (KO-40).
    GameOver { money: Vec<i64> },
}

impl fmt::Display for Event {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Event::SeasonStarted { season, opener } => write!(f, "season {season} begins; seat {opener} opens"),
            Event::PassedOn { seat } => write!(f, "seat {seat} has no legal challenge: the red tableau passes on"),
            Event::Challenged { red, blue, start, .. } => {
                write!(f, "{red} challenges {blue} (start {} and {} fields from K.O.)", start[0], start[1])
            }
            Event::Trained { seat, cards: Some(cards) } => write!(f, "seat {seat} trains with {cards}"),
            Event::Trained { seat, cards: None } => write!(f, "seat {seat} has trained"),
            Event::Offered { seat, tableau, field } => write!(f, "seat {seat} offers {} {}", tableau.name(), field + 1),
            Event::Accepted { seat, tableau, field, bluff, .. } => {
                write!(f, "seat {seat} accepts {} {}", tableau.name(), field + 1)?;
                if *bluff { f.write_str(" (a bluff: the bet cancels)") } else { Ok(()) }
            }
            Event::Passed { seat } => write!(f, "seat {seat} passes"),
            Event::BettingClosed => f.write_str("the bets are closed: the fight begins"),
            Event::Chose { seat, card: Some(card) } => write!(f, "seat {seat} chooses {card}"),
            Event::Chose { seat, card: None } => write!(f, "seat {seat} has chosen"),
            Event::Exchange { number, red, blue, hook, moved, by, .. } => {
                write!(f, "exchange {number}: red {red}, blue {blue}")?;
                match moved {
                    Some(side) if *hook => write!(f, ": a hidden left hook! {} moves {by}", side.name()),
                    Some(side) => write!(f, ": {} moves {by}", side.name()),
                    None => f.write_str(": nobody moves"),
                }
            }
            Event::FightWon { winner, loser, knock_out } => {
                write!(f, "{winner} beats {loser} {}", if *knock_out { "by knock-out" } else { "on points" })
            }
            Event::KnockedOut { boxer } => write!(f, "{boxer} is knocked out for the season"),
            Event::LevelChanged { boxer, from, to } => write!(f, "{boxer}: {} → {}", from.name(), to.name()),
            Event::Paid(payment) => write!(f, "{payment}"),
            Event::Cancelled { seat, tableau, field } => {
                write!(f, "seat {seat}'s bet on {} {} cancels itself", tableau.name(), field + 1)
            }
            Event::SeasonOver { season } => write!(f, "season {season} is over"),
            Event::GameOver { money } => {
                let list: Vec<String> = money.iter().enumerate().map(|(s, m)| format!("seat {s}: {m} S")).collect();
                write!(f, "game over: {}", list.join(", "))
            }
        }
    }
}

impl GameEvent for Event {
    fn redact(&self, viewer: Option<Seat>) -> Option<Self> {
        match *self {
            Event::Trained { seat, cards: Some(_) } if viewer != Some(seat) => {
                Some(Event::Trained { seat, cards: None })
            }
            Event::Chose { seat, card: Some(_) } if viewer != Some(seat) => Some(Event::Chose { seat, card: None }),
            _ => Some(self.clone()),
        }
    }
}
