//! What happened, with a readable line each, redacted per viewer: a drawn, stolen or taken
//! card is seen by the seats it moved between; an inspected hand by the inspector only.

use std::fmt;

use engine::{GameEvent, MAX_SEATS, Seat, SeatSet};
use serde::{Serialize, Serializer};

use crate::action::Play;
use crate::card::{CardKind, Cards};
use crate::horse::{Die, Horse, HorseSet};

/// Why a horse moved or money was paid.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub enum Why {
    /// The roll (KK-11).
    Roll,
    /// A re-roll card.
    Reroll,
    /// The second chance.
    SecondChance,
    /// A sprint bar (KK-11).
    Sprint,
    /// A horse's ability (KK-40).
    Ability(Horse),
    /// An action card.
    Card(CardKind),
}

impl fmt::Display for Why {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Why::Roll => f.write_str("roll"),
            Why::Reroll => f.write_str("re-roll"),
            Why::SecondChance => f.write_str("second chance"),
            Why::Sprint => f.write_str("sprint bar"),
            Why::Ability(h) => write!(f, "ability of horse {h}"),
            Why::Card(k) => write!(f, "{}", k.name()),
        }
    }
}

impl Serialize for Why {
    fn serialize<S: Serializer>(&self, s: S) -> Result<S::Ok, S::Error> {
        s.collect_str(self)
    }
}

/// The kind of a bet.
#[derive(Clone, Copy, PartialEq, Eq, Debug, Serialize)]
#[serde(rename_all = "kebab-case")]
pub enum BetKind {
    /// KK-24, the player's money.
    Bet,
    /// Free bet: the bank's money.
    Free,
    /// Late bet: the player's money, dark zone allowed.
    Late,
}

fn play_str<S: Serializer>(p: &Option<Play>, s: S) -> Result<S::Ok, S::Error> {
    match p {
        Some(p) => s.collect_str(p),
        None => s.serialize_none(),
    }
}

/// An event of Kopf an Kopf, serialised with a `type` tag in kebab-case
/// (`{"type":"moved","horse":4,"from":3,"to":5,"why":"roll"}`).
#[derive(Clone, Debug, PartialEq, Serialize)]
#[serde(tag = "type", rename_all = "kebab-case")]
pub enum Event {
    /// The start: each seat's hand (only the viewer's own is kept, KK-1).
    Dealt {
        #[serde(skip_serializing_if = "Option::is_none")]
        hand: Option<Cards>,
        /// Every hand, for redaction only: never serialised.
        #[serde(skip)]
        hands: [Cards; MAX_SEATS],
    },
    /// A turn begins.
    Turn { seat: Seat, turn: u32 },
    /// A horse's ability was used (KK-40) or, optional, left unused.
    Ability { seat: Seat, horse: Horse, used: bool },
    /// The dice show this (a roll, the second chance or a re-roll).
    Rolled { seat: Seat, horse: Horse, movement: u8, why: Why },
    /// A reaction window opened for these seats (KK-33).
    Window { kind: &'static str, seats: SeatSet },
    /// A window closed; `reacted` is who reacted first (their card follows), or nobody.
    WindowClosed { reacted: Option<Seat> },
    /// A card was played (an action card with its target, a re-roll with its die, an objection).
    Played {
        seat: Seat,
        card: CardKind,
        #[serde(serialize_with = "play_str")]
        play: Option<Play>,
        die: Option<Die>,
    },
    /// An objection stopped the card of `seat`.
    Cancelled { seat: Seat, card: CardKind },
    /// A horse moved.
    Moved { horse: Horse, from: u8, to: u8, why: Why },
    /// KK-11.2: the active player leaves these sprint-bar horses where they are this roll.
    Held { seat: Seat, horses: HorseSet },
    /// KK-11.3: the active player takes no card for the 3 (from the owner `from`, or from a pile
    /// when `from` is `null`).
    Declined { seat: Seat, from: Option<Seat> },
    /// A horse finished and took its place on the winners' ladder (KK-12).
    Finished { horse: Horse, place: u8 },
    /// Money from the bank.
    Paid { seat: Seat, amount: u32, why: Why },
    /// A horse was bought.
    Bought { seat: Seat, horse: Horse, price: u32 },
    /// A bet.
    Bet { seat: Seat, horse: Horse, amount: u32, kind: BetKind },
    /// Two cards discarded for money.
    Discarded { seat: Seat, cards: [CardKind; 2], paid: u32 },
    /// A card drawn from a pile (`card` only for the drawer).
    Drew { seat: Seat, pile: u8, card: Option<CardKind> },
    /// A random card taken from another hand (`card` only for the two of them).
    Stole { seat: Seat, from: Seat, card: Option<CardKind> },
    /// Inspector looked at a hand (`hand` only for the inspector).
    Inspected { seat: Seat, target: Seat, hand: Option<Cards> },
    /// Inspector took a card (`card` only for the two of them).
    Took { seat: Seat, target: Seat, card: Option<CardKind> },
    /// The discard pile was shuffled into two piles (KK-6).
    Reshuffled { piles: [u8; 2] },
    /// The third horse finished (KK-50): the ladder.
    GameOver { ladder: [Horse; 3] },
}

impl GameEvent for Event {
    fn redact(&self, viewer: Option<Seat>) -> Option<Self> {
        let sees = |seats: &[Seat]| viewer.is_some_and(|v| seats.contains(&v));
        Some(match self {
            Event::Dealt { hands, .. } => {
                Event::Dealt { hand: viewer.map(|v| hands[v.index()]), hands: [Cards::EMPTY; MAX_SEATS] }
            }
            Event::Drew { seat, pile, card } => {
                Event::Drew { seat: *seat, pile: *pile, card: card.filter(|_| sees(&[*seat])) }
            }
            Event::Stole { seat, from, card } => {
                Event::Stole { seat: *seat, from: *from, card: card.filter(|_| sees(&[*seat, *from])) }
            }
            Event::Took { seat, target, card } => {
                Event::Took { seat: *seat, target: *target, card: card.filter(|_| sees(&[*seat, *target])) }
            }
            Event::Inspected { seat, target, hand } => {
                Event::Inspected { seat: *seat, target: *target, hand: hand.filter(|_| sees(&[*seat])) }
            }
            other => other.clone(),
        })
    }
}

impl fmt::Display for Event {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let card = |c: &Option<CardKind>| c.map_or("a card".to_string(), |c| c.name());
        match self {
            Event::Dealt { hand: Some(h), .. } => {
                write!(f, "you were dealt {}", h.iter().map(|k| k.name()).collect::<Vec<_>>().join(", "))
            }
            Event::Dealt { .. } => f.write_str("the cards were dealt"),
            Event::Turn { seat, turn } => write!(f, "turn {turn}: seat {seat}"),
            Event::Ability { seat, horse, used: true } => write!(f, "seat {seat} uses the ability of horse {horse}"),
            Event::Ability { seat, horse, .. } => write!(f, "seat {seat} leaves the ability of horse {horse} unused"),
            Event::Rolled { seat, horse, movement, why } => {
                write!(f, "seat {seat} rolls horse {horse}, {movement} ({why})")
            }
            Event::Window { kind, .. } => write!(f, "{kind} window open"),
            Event::WindowClosed { reacted: Some(s) } => write!(f, "seat {s} reacts"),
            Event::WindowClosed { reacted: None } => f.write_str("nobody reacts"),
            Event::Played { seat, card, play: Some(p), .. } => write!(f, "seat {seat} plays {} ({p})", card.name()),
            Event::Played { seat, card, die: Some(d), .. } => {
                write!(f, "seat {seat} plays {} on the {} die", card.name(), d.word())
            }
            Event::Played { seat, card, .. } => write!(f, "seat {seat} plays {}", card.name()),
            Event::Cancelled { seat, card } => {
                write!(f, "{} of seat {seat} is objected to: nothing happens", card.name())
            }
            Event::Moved { horse, from, to, why } => write!(f, "horse {horse} moves {from} → {to} ({why})"),
            Event::Held { seat, horses } => {
                let list: Vec<String> = horses.iter().map(|h| h.to_string()).collect();
                let (s, are) = if horses.len() == 1 { ("", "it is") } else { ("s", "they are") };
                write!(f, "seat {seat} leaves sprint-bar horse{s} {} where {are}", list.join(", "))
            }
            Event::Declined { seat, from: Some(from) } => {
                write!(f, "seat {seat} takes no card from seat {from} for the 3")
            }
            Event::Declined { seat, from: None } => write!(f, "seat {seat} takes no card from a pile for the 3"),
            Event::Finished { horse, place } => write!(f, "horse {horse} finishes in place {place}"),
            Event::Paid { seat, amount, why } => write!(f, "seat {seat} takes {amount} € ({why})"),
            Event::Bought { seat, horse, price } => write!(f, "seat {seat} buys horse {horse} for {price} €"),
            Event::Bet { seat, horse, amount, kind } => {
                write!(f, "seat {seat} bets {amount} € on horse {horse} ({kind:?})")
            }
            Event::Discarded { seat, cards, paid } => {
                write!(f, "seat {seat} discards {} and {} for {paid} €", cards[0].name(), cards[1].name())
            }
            Event::Drew { seat, pile, card: c } => write!(f, "seat {seat} draws {} from pile {pile}", card(c)),
            Event::Stole { seat, from, card: c } => write!(f, "seat {seat} takes {} from seat {from}", card(c)),
            Event::Inspected { seat, target, .. } => write!(f, "seat {seat} looks at the hand of seat {target}"),
            Event::Took { seat, target, card: c } => write!(f, "seat {seat} takes {} from seat {target}", card(c)),
            Event::Reshuffled { piles } => {
                write!(f, "the discard pile is shuffled into piles of {} and {}", piles[0], piles[1])
            }
            Event::GameOver { ladder } => {
                write!(f, "the race is over: 1st horse {}, 2nd horse {}, 3rd horse {}", ladder[0], ladder[1], ladder[2])
            }
        }
    }
}
