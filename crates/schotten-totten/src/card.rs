//! Cards: six clan colours with values 1–9 (ST-1), written `r7`, `n3`, ….

use std::fmt;
use std::str::FromStr;

use serde::{Deserialize, Deserializer, Serialize, Serializer};

/// One of the six clan colours (ST-1), in the order of the rules file.
#[derive(Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Hash, Debug)]
pub enum Colour {
    /// `r`
    Red,
    /// `b`
    Blue,
    /// `g`
    Green,
    /// `y`
    Yellow,
    /// `p`
    Purple,
    /// `n` (b is blue; n as in brow*n*).
    Brown,
}

impl Colour {
    /// All colours in canonical order.
    pub const ALL: [Colour; 6] =
        [Colour::Red, Colour::Blue, Colour::Green, Colour::Yellow, Colour::Purple, Colour::Brown];

    /// The colour's position in [`Colour::ALL`].
    pub const fn index(self) -> usize {
        self as usize
    }

    /// The letter the notation writes for this colour.
    pub const fn letter(self) -> char {
        match self {
            Colour::Red => 'r',
            Colour::Blue => 'b',
            Colour::Green => 'g',
            Colour::Yellow => 'y',
            Colour::Purple => 'p',
            Colour::Brown => 'n',
        }
    }

    /// The colour written by `letter` (either case).
    pub fn from_letter(letter: char) -> Option<Colour> {
        Colour::ALL.into_iter().find(|c| c.letter() == letter.to_ascii_lowercase())
    }

    /// The English name (`brown`).
    pub const fn name(self) -> &'static str {
        match self {
            Colour::Red => "red",
            Colour::Blue => "blue",
            Colour::Green => "green",
            Colour::Yellow => "yellow",
            Colour::Purple => "purple",
            Colour::Brown => "brown",
        }
    }
}

/// The highest card value any mode uses (Battle Line, ST-50, has 1–10; the base game 1–9).
pub const MAX_VALUE: u8 = 10;

/// The number of distinct card indices a [`crate::CardSet`] must hold: 6 × 10 clan cards, then
/// the 10 tactic cards of ST-40 (indices 60–69).
pub const CARD_SLOTS: usize = 70;

/// The index of the first tactic card.
const FIRST_TACTIC: u8 = 60;

/// One of the ten tactic cards (ST-40 … ST-45), in canonical order. Their notation is the same
/// in both modes ([`Tactic::code`]); Battle Line only names them differently ([`Tactic::title`]).
#[derive(Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Hash, Debug)]
pub enum Tactic {
    /// Joker (Battle Line: Leader), the first of two (ST-42).
    Joker1,
    /// Joker (Battle Line: Leader), the second of two.
    Joker2,
    /// Spy: value 7 (Battle Line: Companion Cavalry, value 8), any colour (ST-42).
    Spy,
    /// Shield-bearer: value 1, 2 or 3, any colour (ST-42).
    ShieldBearer,
    /// Blind-man's bluff (Battle Line: Fog): at its stone only the sum counts (ST-43).
    BlindMansBluff,
    /// Mud fight (Battle Line: Mud): both sides of its stone need four cards (ST-44).
    MudFight,
    /// Recruiter (Battle Line: Scout): draw 3, put 2 back under their piles (ST-45).
    Recruiter,
    /// Strategist (Battle Line: Redeploy): move or discard one of your cards (ST-45).
    Strategist,
    /// Banshee (Battle Line: Deserter): discard one of the opponent's cards (ST-45).
    Banshee,
    /// Traitor: move one of the opponent's clan cards to your side (ST-45).
    Traitor,
}

/// What a tactic card does, by family.
#[derive(Clone, Copy, PartialEq, Eq, Hash, Debug)]
pub enum TacticFamily {
    /// Placed on a side like a clan card; its colour and value are fixed at resolution (ST-42).
    Elite,
    /// Placed on a stone; changes how that stone is fought (ST-43, ST-44).
    CombatMode,
    /// Resolved at once, then discarded (ST-45).
    Ruse,
}

impl Tactic {
    /// All tactic cards in canonical order.
    pub const ALL: [Tactic; 10] = [
        Tactic::Joker1,
        Tactic::Joker2,
        Tactic::Spy,
        Tactic::ShieldBearer,
        Tactic::BlindMansBluff,
        Tactic::MudFight,
        Tactic::Recruiter,
        Tactic::Strategist,
        Tactic::Banshee,
        Tactic::Traitor,
    ];

    /// The card this tactic is.
    pub const fn card(self) -> Card {
        Card(FIRST_TACTIC + self as u8)
    }

    /// Its family.
    pub const fn family(self) -> TacticFamily {
        match self {
            Tactic::Joker1 | Tactic::Joker2 | Tactic::Spy | Tactic::ShieldBearer => TacticFamily::Elite,
            Tactic::BlindMansBluff | Tactic::MudFight => TacticFamily::CombatMode,
            Tactic::Recruiter | Tactic::Strategist | Tactic::Banshee | Tactic::Traitor => TacticFamily::Ruse,
        }
    }

    /// The notation of the card, the same in both modes.
    pub const fn code(self) -> &'static str {
        NAMES[FIRST_TACTIC as usize + self as usize]
    }

    /// The card's name in Schotten-Totten or, with `battle_line`, in Battle Line (ST-50).
    pub const fn title(self, battle_line: bool) -> &'static str {
        match (self, battle_line) {
            (Tactic::Joker1 | Tactic::Joker2, false) => "Joker",
            (Tactic::Joker1 | Tactic::Joker2, true) => "Leader",
            (Tactic::Spy, false) => "Spy",
            (Tactic::Spy, true) => "Companion Cavalry",
            (Tactic::ShieldBearer, _) => "Shield-bearer",
            (Tactic::BlindMansBluff, false) => "Blind-man's bluff",
            (Tactic::BlindMansBluff, true) => "Fog",
            (Tactic::MudFight, false) => "Mud fight",
            (Tactic::MudFight, true) => "Mud",
            (Tactic::Recruiter, false) => "Recruiter",
            (Tactic::Recruiter, true) => "Scout",
            (Tactic::Strategist, false) => "Strategist",
            (Tactic::Strategist, true) => "Redeploy",
            (Tactic::Banshee, false) => "Banshee",
            (Tactic::Banshee, true) => "Deserter",
            (Tactic::Traitor, _) => "Traitor",
        }
    }
}

/// One card, stored as its index in canonical order (`colour × 10 + value − 1`), which is also
/// its bit in a [`crate::CardSet`].
///
/// Every card of the base game is a clan card. The index space leaves room for Battle Line's
/// value-10 cards and, above 60, for tactic cards, so those variants extend [`CardKind`] without
/// changing this type.
#[derive(Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub struct Card(u8);

/// What a card is.
#[derive(Clone, Copy, PartialEq, Eq, Hash, Debug)]
pub enum CardKind {
    /// A clan card with a colour and a value (1–9, or 1–10 in Battle Line).
    Clan {
        /// Its colour.
        colour: Colour,
        /// Its value.
        value: u8,
    },
    /// A tactic card (ST-40).
    Tactic(Tactic),
}

impl Card {
    /// A card to fill unused slots of fixed arrays (never read as a real card).
    pub(crate) const FILLER: Card = Card(0);

    /// The clan card of `colour` and `value` (1–10); `None` for other values.
    pub const fn clan(colour: Colour, value: u8) -> Option<Card> {
        if value >= 1 && value <= MAX_VALUE { Some(Card(colour as u8 * MAX_VALUE + value - 1)) } else { None }
    }

    /// The card with canonical index `index` (clan cards 0–59, tactic cards 60–69).
    pub const fn from_index(index: usize) -> Option<Card> {
        if index < CARD_SLOTS { Some(Card(index as u8)) } else { None }
    }

    /// The card with canonical index `index`, which the caller knows to be a card.
    #[inline]
    pub(crate) const fn from_index_unchecked(index: usize) -> Card {
        debug_assert!(index < CARD_SLOTS);
        Card(index as u8)
    }

    /// Whether this is a clan card (not a tactic card).
    #[inline]
    pub const fn is_clan(self) -> bool {
        self.0 < FIRST_TACTIC
    }

    /// The tactic card this is, if it is one.
    #[inline]
    pub const fn tactic(self) -> Option<Tactic> {
        if self.0 >= FIRST_TACTIC { Some(Tactic::ALL[(self.0 - FIRST_TACTIC) as usize]) } else { None }
    }

    /// The card's canonical index (its bit in a [`crate::CardSet`]).
    pub const fn index(self) -> usize {
        self.0 as usize
    }

    /// What the card is.
    pub const fn kind(self) -> CardKind {
        match self.tactic() {
            Some(tactic) => CardKind::Tactic(tactic),
            None => CardKind::Clan { colour: self.colour(), value: self.value() },
        }
    }

    /// The card's colour (a clan card's; meaningless for a tactic card, see [`Card::kind`]).
    #[inline]
    pub const fn colour(self) -> Colour {
        let c = (self.0 / MAX_VALUE) as usize;
        Colour::ALL[if c < 6 { c } else { 5 }]
    }

    /// The card's value (a clan card's; meaningless for a tactic card, see [`Card::kind`]).
    #[inline]
    pub const fn value(self) -> u8 {
        self.0 % MAX_VALUE + 1
    }

    /// The card in notation (`r7`).
    pub const fn name(self) -> &'static str {
        NAMES[self.0 as usize]
    }
}

/// Every card's notation, by index (formatting without `fmt` machinery: views print many).
const NAMES: [&str; CARD_SLOTS] = [
    "r1",
    "r2",
    "r3",
    "r4",
    "r5",
    "r6",
    "r7",
    "r8",
    "r9",
    "r10",
    "b1",
    "b2",
    "b3",
    "b4",
    "b5",
    "b6",
    "b7",
    "b8",
    "b9",
    "b10",
    "g1",
    "g2",
    "g3",
    "g4",
    "g5",
    "g6",
    "g7",
    "g8",
    "g9",
    "g10",
    "y1",
    "y2",
    "y3",
    "y4",
    "y5",
    "y6",
    "y7",
    "y8",
    "y9",
    "y10",
    "p1",
    "p2",
    "p3",
    "p4",
    "p5",
    "p6",
    "p7",
    "p8",
    "p9",
    "p10",
    "n1",
    "n2",
    "n3",
    "n4",
    "n5",
    "n6",
    "n7",
    "n8",
    "n9",
    "n10",
    "joker1",
    "joker2",
    "spy",
    "shield",
    "bluff",
    "mud",
    "recruiter",
    "strategist",
    "banshee",
    "traitor",
];

/// Battle Line's names for the tactic cards, accepted when reading notation (ST-50).
const BATTLE_LINE_CODES: [&str; 10] =
    ["leader1", "leader2", "cavalry", "shield", "fog", "mud", "scout", "redeploy", "deserter", "traitor"];

impl fmt::Display for Card {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.name())
    }
}

impl fmt::Debug for Card {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        fmt::Display::fmt(self, f)
    }
}

/// Why a string is not a card.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
#[error(
    "{0:?} is not a card: write a colour letter (r b g y p n) and a value, like r7, or a tactic card: joker1 joker2 spy shield bluff mud recruiter strategist banshee traitor"
)]
pub struct CardError(pub String);

impl FromStr for Card {
    type Err = CardError;
    fn from_str(s: &str) -> Result<Self, Self::Err> {
        let bad = || CardError(s.to_owned());
        if s.len() > 3
            || s.eq_ignore_ascii_case("spy")
            || s.eq_ignore_ascii_case("mud")
            || s.eq_ignore_ascii_case("fog")
        {
            let found = (0..10).find(|&i| {
                NAMES[FIRST_TACTIC as usize + i].eq_ignore_ascii_case(s) || BATTLE_LINE_CODES[i].eq_ignore_ascii_case(s)
            });
            return found.map(|i| Card(FIRST_TACTIC + i as u8)).ok_or_else(bad);
        }
        let (&letter, digits) = s.as_bytes().split_first().ok_or_else(bad)?;
        let colour = Colour::from_letter(char::from(letter)).ok_or_else(bad)?;
        let value = match digits {
            [d @ b'1'..=b'9'] => d - b'0',
            [b'1', b'0'] => 10,
            _ => return Err(bad()),
        };
        Card::clan(colour, value).ok_or_else(bad)
    }
}

impl Serialize for Card {
    fn serialize<S: Serializer>(&self, serializer: S) -> Result<S::Ok, S::Error> {
        serializer.serialize_str(self.name())
    }
}

impl<'de> Deserialize<'de> for Card {
    fn deserialize<D: Deserializer<'de>>(deserializer: D) -> Result<Self, D::Error> {
        let text = String::deserialize(deserializer)?;
        text.parse().map_err(serde::de::Error::custom)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn cards_print_and_parse_the_same_way() {
        for colour in Colour::ALL {
            for value in 1..=MAX_VALUE {
                let card = Card::clan(colour, value).unwrap();
                assert_eq!((card.colour(), card.value()), (colour, value));
                assert_eq!(card.to_string().parse::<Card>().unwrap(), card);
                assert_eq!(Card::from_index(card.index()), Some(card));
            }
        }
        assert_eq!(Card::clan(Colour::Brown, 3).unwrap().to_string(), "n3");
        assert_eq!("Y9".parse::<Card>().unwrap().to_string(), "y9");
        for bad in ["", "r", "x7", "r0", "r11", "r+1", "7r", "r 7", "r007", "r07"] {
            assert!(bad.parse::<Card>().is_err(), "{bad:?} parsed");
        }
        assert_eq!(serde_json::to_string(&Card::clan(Colour::Red, 7).unwrap()).unwrap(), r#""r7""#);
        for tactic in Tactic::ALL {
            let card = tactic.card();
            assert_eq!(card.kind(), CardKind::Tactic(tactic));
            assert!(!card.is_clan());
            assert_eq!(card.to_string().parse::<Card>().unwrap(), card);
            assert_eq!(Card::from_index(card.index()), Some(card));
        }
        assert_eq!("scout".parse::<Card>().unwrap(), Tactic::Recruiter.card(), "Battle Line names read too");
        assert_eq!("Leader2".parse::<Card>().unwrap(), Tactic::Joker2.card());
        assert_eq!(Tactic::Spy.title(true), "Companion Cavalry");
    }
}
