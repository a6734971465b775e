//! Action cards (KK-30) and hands of them as fixed multisets.

use std::fmt;
use std::str::FromStr;

use serde::{Deserialize, Deserializer, Serialize, Serializer};

use crate::horse::{HORSES, Horse};

/// The number of distinct action cards: a "+2" per horse and twelve others.
pub const KIND_COUNT: usize = HORSES + 12;

/// One kind of action card (KK-30). Cards of one kind are interchangeable.
#[derive(Clone, Copy, PartialEq, Eq, Hash, Debug, PartialOrd, Ord)]
pub enum CardKind {
    /// "Pferd N +2": horse N moves forward (`h4`).
    HorsePlus(Horse),
    /// "Galopp": any unfinished horse moves forward (`gallop`).
    Gallop,
    /// "Schlammbahn" (muddy track): any unfinished horse moves back (`mud`).
    Muddy,
    /// "Preisgeld" (prize money): take money (`prize`).
    Prize,
    /// "Stallprämie" (stable bonus): take money if you own the leading horse (`stable`).
    Stable,
    /// "Freiwette" (free bet): bet the bank's money (`free-bet`).
    FreeBet,
    /// "Späte Wette" (late bet): bet, dark zone allowed (`late-bet`).
    LateBet,
    /// "Taschendieb" (pickpocket): a random card from another hand (`pickpocket`).
    Pickpocket,
    /// "Inspektor": look at a hand and take a card of your choice (`inspector`).
    Inspector,
    /// "Schnäppchen" (bargain): buy a horse for half its price (`bargain`).
    Bargain,
    /// "Peitsche" (whip): the rolled horse moves again (`whip`).
    Whip,
    /// "Einspruch" (objection), a reaction: the card it answers and it are discarded (`objection`).
    Objection,
    /// "Neuer Wurf" (re-roll), a reaction: roll one die again (`reroll`).
    Reroll,
}

/// Every kind, in index order (the order of hands, discards and notation).
pub const KINDS: [CardKind; KIND_COUNT] = {
    let mut all = [CardKind::Gallop; KIND_COUNT];
    let mut i = 0;
    while i < HORSES {
        all[i] = CardKind::HorsePlus(Horse::at(i));
        i += 1;
    }
    all[HORSES] = CardKind::Gallop;
    all[HORSES + 1] = CardKind::Muddy;
    all[HORSES + 2] = CardKind::Prize;
    all[HORSES + 3] = CardKind::Stable;
    all[HORSES + 4] = CardKind::FreeBet;
    all[HORSES + 5] = CardKind::LateBet;
    all[HORSES + 6] = CardKind::Pickpocket;
    all[HORSES + 7] = CardKind::Inspector;
    all[HORSES + 8] = CardKind::Bargain;
    all[HORSES + 9] = CardKind::Whip;
    all[HORSES + 10] = CardKind::Objection;
    all[HORSES + 11] = CardKind::Reroll;
    all
};

impl CardKind {
    /// Its index in [`KINDS`]. Written as "the horse, else 10 + the rest" in `u8` because the
    /// compiler then sees it is the kind's own byte (a "+2" holds its horse's index, the other
    /// kinds 10–21) and makes it free; one match over all kinds became a jump table.
    #[inline]
    pub const fn index(self) -> usize {
        (if let CardKind::HorsePlus(h) = self {
            h.index() as u8
        } else {
            HORSES as u8
                + match self {
                    CardKind::HorsePlus(_) | CardKind::Gallop => 0,
                    CardKind::Muddy => 1,
                    CardKind::Prize => 2,
                    CardKind::Stable => 3,
                    CardKind::FreeBet => 4,
                    CardKind::LateBet => 5,
                    CardKind::Pickpocket => 6,
                    CardKind::Inspector => 7,
                    CardKind::Bargain => 8,
                    CardKind::Whip => 9,
                    CardKind::Objection => 10,
                    CardKind::Reroll => 11,
                }
        }) as usize
    }

    /// The family name the edition uses (`horse-plus` for every "+2", else the notation word).
    pub fn family(self) -> &'static str {
        match self {
            CardKind::HorsePlus(_) => "horse-plus",
            other => other.word(),
        }
    }

    fn word(self) -> &'static str {
        match self {
            CardKind::HorsePlus(_) => "h",
            CardKind::Gallop => "gallop",
            CardKind::Muddy => "mud",
            CardKind::Prize => "prize",
            CardKind::Stable => "stable",
            CardKind::FreeBet => "free-bet",
            CardKind::LateBet => "late-bet",
            CardKind::Pickpocket => "pickpocket",
            CardKind::Inspector => "inspector",
            CardKind::Bargain => "bargain",
            CardKind::Whip => "whip",
            CardKind::Objection => "objection",
            CardKind::Reroll => "reroll",
        }
    }

    /// The German name printed on the card.
    pub fn name(self) -> String {
        match self {
            CardKind::HorsePlus(h) => format!("Pferd {h} +2"),
            CardKind::Gallop => "Galopp".into(),
            CardKind::Muddy => "Schlammbahn".into(),
            CardKind::Prize => "Preisgeld".into(),
            CardKind::Stable => "Stallprämie".into(),
            CardKind::FreeBet => "Freiwette".into(),
            CardKind::LateBet => "Späte Wette".into(),
            CardKind::Pickpocket => "Taschendieb".into(),
            CardKind::Inspector => "Inspektor".into(),
            CardKind::Bargain => "Schnäppchen".into(),
            CardKind::Whip => "Peitsche".into(),
            CardKind::Objection => "Einspruch".into(),
            CardKind::Reroll => "Neuer Wurf".into(),
        }
    }

    /// Whether it is played out of turn, as a reaction (KK-33).
    pub fn is_reaction(self) -> bool {
        matches!(self, CardKind::Objection | CardKind::Reroll)
    }
}

impl fmt::Display for CardKind {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            CardKind::HorsePlus(h) => write!(f, "h{h}"),
            other => f.write_str(other.word()),
        }
    }
}

impl FromStr for CardKind {
    type Err = String;
    fn from_str(s: &str) -> Result<Self, Self::Err> {
        let t = s.trim().to_ascii_lowercase();
        if let Some(n) = t.strip_prefix('h').filter(|n| n.chars().all(|c| c.is_ascii_digit()) && !n.is_empty()) {
            return n.parse::<Horse>().map(CardKind::HorsePlus);
        }
        KINDS
            .iter()
            .find(|k| !matches!(k, CardKind::HorsePlus(_)) && k.word() == t)
            .copied()
            .ok_or_else(|| {
                format!("{s:?} is not a card: h1…h10, gallop, mud, prize, stable, free-bet, late-bet, pickpocket, inspector, bargain, whip, objection, reroll")
            })
    }
}

impl Serialize for CardKind {
    fn serialize<S: Serializer>(&self, s: S) -> Result<S::Ok, S::Error> {
        s.collect_str(self)
    }
}

impl<'de> Deserialize<'de> for CardKind {
    /// The notation (`gallop`, `h4`), as written.
    fn deserialize<D: Deserializer<'de>>(d: D) -> Result<Self, D::Error> {
        let text = String::deserialize(d)?;
        text.parse().map_err(serde::de::Error::custom)
    }
}

/// A multiset of action cards (a hand, a pile, the discard pile): a count per kind.
#[derive(Clone, Copy, PartialEq, Eq, Hash, Debug, Default)]
pub struct Cards {
    counts: [u8; KIND_COUNT],
    len: u8,
}

impl Cards {
    /// No cards.
    pub const EMPTY: Cards = Cards { counts: [0; KIND_COUNT], len: 0 };

    /// How many cards in all.
    #[inline]
    pub fn len(&self) -> usize {
        self.len as usize
    }

    /// Whether there are none.
    #[inline]
    pub fn is_empty(&self) -> bool {
        self.len == 0
    }

    /// How many of `kind`.
    #[inline]
    pub fn count(&self, kind: CardKind) -> u8 {
        self.counts[kind.index()]
    }

    /// The count of each kind, in [`KINDS`] order.
    #[inline]
    pub(crate) fn counts(&self) -> &[u8; KIND_COUNT] {
        &self.counts
    }

    /// Whether at least one of `kind` is here.
    #[inline]
    pub fn has(&self, kind: CardKind) -> bool {
        self.counts[kind.index()] > 0
    }

    /// Adds `n` cards of `kind`.
    #[inline]
    pub fn add(&mut self, kind: CardKind, n: u8) {
        self.counts[kind.index()] += n;
        self.len += n;
    }

    /// Removes one card of `kind`; false (and nothing changes) if there is none.
    #[inline]
    pub fn remove(&mut self, kind: CardKind) -> bool {
        let c = &mut self.counts[kind.index()];
        if *c == 0 {
            return false;
        }
        *c -= 1;
        self.len -= 1;
        true
    }

    /// Adds every card of `other`.
    pub fn add_all(&mut self, other: &Cards) {
        for i in 0..KIND_COUNT {
            self.counts[i] += other.counts[i];
        }
        self.len += other.len;
    }

    /// Removes every card of `other` (which must be contained).
    pub fn remove_all(&mut self, other: &Cards) {
        for i in 0..KIND_COUNT {
            self.counts[i] -= other.counts[i];
        }
        self.len -= other.len;
    }

    /// Whether every card of `other` is here.
    pub fn contains_all(&self, other: &Cards) -> bool {
        (0..KIND_COUNT).all(|i| self.counts[i] >= other.counts[i])
    }

    /// The kinds present, in index order.
    pub fn kinds(&self) -> impl Iterator<Item = CardKind> + '_ {
        KINDS.into_iter().filter(|k| self.has(*k))
    }

    /// Every card, one entry per card, in index order.
    pub fn iter(&self) -> impl Iterator<Item = CardKind> + '_ {
        KINDS.into_iter().flat_map(|k| std::iter::repeat_n(k, self.count(k) as usize))
    }

    /// The `n`-th card (0-based) in index order; used to pick a card at random.
    #[inline]
    pub fn nth(&self, mut n: usize) -> Option<CardKind> {
        for (i, &c) in self.counts.iter().enumerate() {
            if n < c as usize {
                return Some(KINDS[i]);
            }
            n -= c as usize;
        }
        None
    }

    /// The card-wise minimum of two multisets.
    pub fn min(&self, other: &Cards) -> Cards {
        let mut out = Cards::EMPTY;
        for i in 0..KIND_COUNT {
            let n = self.counts[i].min(other.counts[i]);
            out.counts[i] = n;
            out.len += n;
        }
        out
    }
}

impl Serialize for Cards {
    /// A list of card notations, one per card, in index order (`["h4", "h4", "whip"]`).
    fn serialize<S: Serializer>(&self, s: S) -> Result<S::Ok, S::Error> {
        s.collect_seq(self.iter())
    }
}

impl FromIterator<CardKind> for Cards {
    fn from_iter<I: IntoIterator<Item = CardKind>>(iter: I) -> Self {
        let mut cards = Cards::EMPTY;
        for k in iter {
            cards.add(k, 1);
        }
        cards
    }
}
