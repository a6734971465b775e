//! A seat's action and its notation (see the table in the crate docs).

use std::fmt;
use std::str::FromStr;

use engine::{NotationError, Seat};

use crate::card::CardKind;
use crate::horse::{Die, Horse};

/// An action card played in the action step (KK-13, KK-30), with its target.
#[derive(Clone, Copy, PartialEq, Eq, Hash, Debug)]
pub enum Play {
    /// "Pferd N +2": its horse moves forward (`play h4`).
    HorsePlus(Horse),
    /// "Galopp" on a horse (`play gallop 4`).
    Gallop(Horse),
    /// "Schlammbahn" on a horse (`play mud 4`).
    Muddy(Horse),
    /// "Preisgeld" (`play prize`).
    Prize,
    /// "Stallprämie" (`play stable`).
    Stable,
    /// "Freiwette" on a horse (`play free-bet 4`).
    FreeBet(Horse),
    /// "Späte Wette" on a horse (`play late-bet 4`).
    LateBet(Horse),
    /// "Taschendieb" against a seat (`play pickpocket 2`).
    Pickpocket(Seat),
    /// "Inspektor" on a seat (`play inspector 2`).
    Inspector(Seat),
    /// "Schnäppchen" for a horse (`play bargain 7`).
    Bargain(Horse),
    /// "Peitsche" (`play whip`).
    Whip,
}

impl Play {
    /// The card this play spends.
    pub fn card(self) -> CardKind {
        match self {
            Play::HorsePlus(h) => CardKind::HorsePlus(h),
            Play::Gallop(_) => CardKind::Gallop,
            Play::Muddy(_) => CardKind::Muddy,
            Play::Prize => CardKind::Prize,
            Play::Stable => CardKind::Stable,
            Play::FreeBet(_) => CardKind::FreeBet,
            Play::LateBet(_) => CardKind::LateBet,
            Play::Pickpocket(_) => CardKind::Pickpocket,
            Play::Inspector(_) => CardKind::Inspector,
            Play::Bargain(_) => CardKind::Bargain,
            Play::Whip => CardKind::Whip,
        }
    }
}

impl fmt::Display for Play {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let card = self.card();
        match self {
            Play::Gallop(h) | Play::Muddy(h) | Play::FreeBet(h) | Play::LateBet(h) | Play::Bargain(h) => {
                write!(f, "{card} {h}")
            }
            Play::Pickpocket(s) | Play::Inspector(s) => write!(f, "{card} {s}"),
            Play::HorsePlus(_) | Play::Prize | Play::Stable | Play::Whip => write!(f, "{card}"),
        }
    }
}

impl FromStr for Play {
    type Err = String;
    fn from_str(s: &str) -> Result<Self, Self::Err> {
        let mut words = s.split_whitespace();
        let card: CardKind = words.next().ok_or("play what? e.g. play gallop 4")?.parse()?;
        let arg = words.next();
        if words.next().is_some() {
            return Err(format!("{s:?}: too many words"));
        }
        let horse = || arg.ok_or(format!("{card} needs a horse (1 to 10)"))?.parse::<Horse>();
        let seat = || arg.ok_or(format!("{card} needs a seat"))?.parse::<Seat>().map_err(|e| e.to_string());
        let none = |p: Play| if arg.is_some() { Err(format!("{card} takes no target")) } else { Ok(p) };
        match card {
            CardKind::HorsePlus(h) => none(Play::HorsePlus(h)),
            CardKind::Gallop => horse().map(Play::Gallop),
            CardKind::Muddy => horse().map(Play::Muddy),
            CardKind::Prize => none(Play::Prize),
            CardKind::Stable => none(Play::Stable),
            CardKind::FreeBet => horse().map(Play::FreeBet),
            CardKind::LateBet => horse().map(Play::LateBet),
            CardKind::Pickpocket => seat().map(Play::Pickpocket),
            CardKind::Inspector => seat().map(Play::Inspector),
            CardKind::Bargain => horse().map(Play::Bargain),
            CardKind::Whip => none(Play::Whip),
            CardKind::Objection | CardKind::Reroll => {
                Err(format!("{card} is a reaction: it is played out of turn (object, reroll horse|move)"))
            }
        }
    }
}

/// One action of one seat. Dice, draws and random steals are chance inside
/// [`Game::apply`](engine::Game::apply), not actions.
#[derive(Clone, Copy, PartialEq, Eq, Hash, Debug)]
pub enum Action {
    /// KK-40: use an optional ability of this horse (`use 3`).
    Use(Horse),
    /// KK-40: do not use it (`skip 3`).
    Skip(Horse),
    /// KK-11: keep the roll, second chance unspent (`keep`).
    Keep,
    /// KK-11: spend the second chance on one die (`chance horse`, `chance move`).
    Chance(Die),
    /// KK-33: play a re-roll card on one die (`reroll horse`, `reroll move`).
    Reroll(Die),
    /// KK-33: play an objection card (`object`).
    Object,
    /// KK-33: let it happen (`pass`).
    Pass,
    /// KK-11.2: move this sprint-bar horse next (`sprint 5`).
    Sprint(Horse),
    /// KK-11.3: the 3's card, a random one from the hand of the rolled horse's owner (`steal`).
    Steal,
    /// KK-11.3: the 3's card from this draw pile, when nobody owns the rolled horse (`pile 1`,
    /// `pile 2`).
    Pile(u8),
    /// KK-11.2 / KK-11.3: leave the sprint-bar horses still to move where they are, or take no
    /// card for the 3 (`decline`).
    Decline,
    /// KK-13: play an action card (`play gallop 4`).
    Play(Play),
    /// Inspector: take this card from the inspected hand (`take whip`).
    Take(CardKind),
    /// KK-20: buy a horse (`buy 7`).
    Buy(Horse),
    /// KK-24: bet this many whole euros of one's own money on a horse (`bet 7 3`; `bet 7` is
    /// 5 €). Legal from 1 € to the edition's most (5 €), never more than one has (KK-25).
    Bet(Horse, u8),
    /// KK-13: discard two cards for money, lower index first (`discard gallop mud`).
    Discard(CardKind, CardKind),
    /// KK-14: draw from this pile (`draw 1`, `draw 2`).
    Draw(u8),
}

impl fmt::Display for Action {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Action::Use(h) => write!(f, "use {h}"),
            Action::Skip(h) => write!(f, "skip {h}"),
            Action::Keep => f.write_str("keep"),
            Action::Chance(d) => write!(f, "chance {}", d.word()),
            Action::Reroll(d) => write!(f, "reroll {}", d.word()),
            Action::Object => f.write_str("object"),
            Action::Pass => f.write_str("pass"),
            Action::Sprint(h) => write!(f, "sprint {h}"),
            Action::Steal => f.write_str("steal"),
            Action::Pile(p) => write!(f, "pile {}", p + 1),
            Action::Decline => f.write_str("decline"),
            Action::Play(p) => write!(f, "play {p}"),
            Action::Take(k) => write!(f, "take {k}"),
            Action::Buy(h) => write!(f, "buy {h}"),
            Action::Bet(h, amount) => write!(f, "bet {h} {amount}"),
            Action::Discard(a, b) => write!(f, "discard {a} {b}"),
            Action::Draw(p) => write!(f, "draw {}", p + 1),
        }
    }
}

const EXPECTED: &str = "expected use H, skip H, keep, chance horse|move, reroll horse|move, object, pass, \
sprint H, steal, pile 1|2, decline, play CARD [TARGET], take CARD, buy H, bet H [EUROS], discard CARD CARD, \
draw 1|2";

/// The stake of `bet H` written without an amount: 5 €, the most KK-24 allows.
const BET_WITHOUT_AMOUNT: u8 = 5;

/// KK-24: `bet H [EUROS]`, the amount in whole euros from 1 (5 € when left out).
fn bet(rest: &str) -> Result<Action, String> {
    let mut words = rest.split_whitespace();
    let horse: Horse = words.next().ok_or("bet on which horse? e.g. bet 7 3 (3 € on horse 7)")?.parse()?;
    let amount = match words.next() {
        None => BET_WITHOUT_AMOUNT,
        Some(word) => match word.trim_end_matches('€').parse::<u8>() {
            Ok(0) => return Err("a bet is at least 1 €".into()),
            Ok(euros) => euros,
            Err(_) => return Err(format!("{word:?} is not an amount: a bet is whole euros, 1 to 5")),
        },
    };
    if words.next().is_some() {
        return Err("bet takes a horse and an amount: bet 7 3".into());
    }
    Ok(Action::Bet(horse, amount))
}

impl FromStr for Action {
    type Err = NotationError;

    fn from_str(s: &str) -> Result<Self, Self::Err> {
        let text = s.trim();
        let (word, rest) = match text.split_once(char::is_whitespace) {
            Some((w, r)) => (w, r.trim()),
            None => (text, ""),
        };
        let bad = |why: String| NotationError::new(s, why);
        let horse = || rest.parse::<Horse>().map_err(bad);
        let die = || rest.parse::<Die>().map_err(bad);
        let pile = || match rest {
            "1" => Ok(0),
            "2" => Ok(1),
            _ => Err(bad("piles are 1 and 2".into())),
        };
        let bare = |a: Action| if rest.is_empty() { Ok(a) } else { Err(bad(format!("{word} takes nothing more"))) };
        match word.to_ascii_lowercase().as_str() {
            "use" => horse().map(Action::Use),
            "skip" => horse().map(Action::Skip),
            "keep" => bare(Action::Keep),
            "chance" => die().map(Action::Chance),
            "reroll" => die().map(Action::Reroll),
            "object" => bare(Action::Object),
            "pass" => bare(Action::Pass),
            "sprint" => horse().map(Action::Sprint),
            "steal" => bare(Action::Steal),
            "pile" => pile().map(Action::Pile),
            "decline" => bare(Action::Decline),
            "play" => rest.parse().map(Action::Play).map_err(bad),
            "take" => rest.parse().map(Action::Take).map_err(bad),
            "buy" => horse().map(Action::Buy),
            "bet" => bet(rest).map_err(bad),
            "discard" => {
                let mut cards = rest.split_whitespace().map(str::parse::<CardKind>);
                match (cards.next(), cards.next(), cards.next()) {
                    (Some(a), Some(b), None) => {
                        let (a, b) = (a.map_err(bad)?, b.map_err(bad)?);
                        Ok(if a <= b { Action::Discard(a, b) } else { Action::Discard(b, a) })
                    }
                    _ => Err(bad("discard names two cards: discard gallop mud".into())),
                }
            }
            "draw" => pile().map(Action::Draw),
            _ => Err(bad(EXPECTED.into())),
        }
    }
}
