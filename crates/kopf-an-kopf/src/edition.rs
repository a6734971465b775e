//! The edition: every number the rules file marks **[edition]** (track, dark zone, dice, horse
//! cards, action card counts), read from `edition.toml` in this crate and carried in the
//! [`Config`](crate::Config), so a record replays with the numbers it was played with.
//!
//! [`Edition::validate`] refuses a bad edition with an error that names the field and why;
//! [`Rules`] is the same data in fixed arrays for the hot paths.

use std::sync::{Arc, OnceLock};

use serde::{Deserialize, Serialize};

use crate::card::{CardKind, KINDS};
use crate::horse::HORSES;

/// The edition data file this crate plays by default.
pub const EDITION_TOML: &str = include_str!("edition.toml");

/// The most faces the movement die may have.
pub const MAX_FACES: usize = 12;
/// The most an edition may let one bet stake, in € (KK-24: each amount is an action).
pub const MAX_BET: u32 = 50;
/// The most objection cards an edition may have (bounds the chain of objections).
pub const MAX_OBJECTIONS: u8 = 30;

/// The numbers of one edition of the game (KK-2 … KK-7, KK-30, KK-31, the horse cards).
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Edition {
    /// KK-2: fields from the start to the finish (a horse at `track` has finished).
    pub track: u8,
    /// KK-3: first and last position of the dark zone.
    pub dark_zone: [u8; 2],
    /// KK-4: the faces of the movement die.
    pub movement_die: Vec<u8>,
    /// KK-1: each player's money at the start, in €.
    pub start_money: u32,
    /// KK-1: action cards each player is dealt.
    pub start_cards: u8,
    /// KK-7: betting chips per horse: the number of players, at most this.
    pub max_chips: u8,
    /// KK-24: the most one bet may stake, in whole € (a bet is 1 € to this); Free bet and Late
    /// bet stake exactly this.
    pub bet: u32,
    /// KK-13: what discarding two action cards pays, in €.
    pub discard_pay: u32,
    /// KK-30: the action cards.
    pub cards: CardCounts,
    /// KK-5: the ten horse cards, horse 1 first.
    pub horses: Vec<HorseCard>,
}

/// The action cards of an edition: counts and the numbers printed on them (KK-30, KK-31).
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct CardCounts {
    /// "Pferd N +2" cards per horse.
    pub horse_plus: u8,
    /// How far "Pferd N +2" moves its horse.
    pub horse_plus_steps: u8,
    /// "Galopp" cards.
    pub gallop: u8,
    /// How far "Galopp" moves a horse.
    pub gallop_steps: u8,
    /// "Schlammbahn" (muddy track) cards.
    pub muddy_track: u8,
    /// How far "Schlammbahn" moves a horse back.
    pub muddy_steps: u8,
    /// "Preisgeld" (prize money) cards.
    pub prize_money: u8,
    /// What "Preisgeld" pays, in €.
    pub prize: u32,
    /// "Stallprämie" (stable bonus) cards.
    pub stable_bonus: u8,
    /// What "Stallprämie" pays to the owner of the leading horse, in €.
    pub bonus: u32,
    /// "Freiwette" (free bet) cards.
    pub free_bet: u8,
    /// "Späte Wette" (late bet) cards.
    pub late_bet: u8,
    /// "Taschendieb" (pickpocket) cards.
    pub pickpocket: u8,
    /// "Inspektor" cards.
    pub inspector: u8,
    /// "Schnäppchen" (bargain) cards.
    pub bargain: u8,
    /// "Peitsche" (whip) cards.
    pub whip: u8,
    /// "Einspruch" (objection) cards, a reaction.
    pub objection: u8,
    /// "Neuer Wurf" (re-roll) cards, a reaction.
    pub reroll: u8,
    /// KK-31: the cards that cannot be played once a horse has finished
    /// (`horse-plus`, `gallop`, … as in [`CardKind::family`]).
    pub blocked_after_finish: Vec<String>,
}

/// One horse card (KK-5).
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct HorseCard {
    /// The German name on the card.
    pub name: String,
    /// The price in € (KK-20).
    pub price: u32,
    /// The odds for 1st, 2nd and 3rd place (KK-52).
    pub odds: [u32; 3],
    /// The sprint bar: the other horses whose roll also moves this one for its owner (KK-11).
    pub sprint: Vec<u8>,
    /// The ability (KK-40).
    pub ability: AbilitySpec,
}

/// A horse's ability as the edition writes it.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct AbilitySpec {
    /// What it does (see [`AbilityKind`]).
    pub kind: AbilityKind,
    /// The money, steps or card count on the card.
    #[serde(default)]
    pub amount: u8,
    /// The other horse it names, if any.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub horse: Option<u8>,
    /// Whether the owner must use it (only movement abilities are ever optional).
    #[serde(default)]
    pub must: bool,
}

/// The kinds of horse ability (KK-40), in the words of the edition file.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(rename_all = "kebab-case")]
pub enum AbilityKind {
    /// No ability.
    None,
    /// If it leads alone: draw `amount` action cards.
    LeadsAloneDraw,
    /// If another horse is level with it: take `amount` €.
    LevelTakeMoney,
    /// If it is last (alone or shared): move it `amount` forward.
    LastForward,
    /// If it is in the dark zone: take `amount` €.
    DarkZoneTakeMoney,
    /// If the owner has fewer than `amount` action cards: draw one.
    FewCardsDraw,
    /// Move the nearest horse ahead of it `amount` back.
    PushAheadBack,
    /// If it is behind horse `horse`: move it `amount` forward.
    BehindHorseForward,
    /// If it is at the start: take `amount` €.
    AtStartTakeMoney,
    /// If it is level with horse `horse`: move it `amount` forward.
    LevelWithHorseForward,
}

impl AbilityKind {
    /// Whether the ability moves a horse (and so may be optional); the others only give.
    pub fn moves(self) -> bool {
        matches!(
            self,
            AbilityKind::LastForward
                | AbilityKind::PushAheadBack
                | AbilityKind::BehindHorseForward
                | AbilityKind::LevelWithHorseForward
        )
    }

    /// Whether the ability names another horse.
    fn names_horse(self) -> bool {
        matches!(self, AbilityKind::BehindHorseForward | AbilityKind::LevelWithHorseForward)
    }
}

impl Default for Edition {
    /// The edition of `edition.toml` in this crate.
    fn default() -> Self {
        Edition::shipped().as_ref().clone()
    }
}

impl Edition {
    /// The edition of `edition.toml` in this crate, read once and shared.
    pub fn shipped() -> Arc<Edition> {
        static SHIPPED: OnceLock<Arc<Edition>> = OnceLock::new();
        SHIPPED
            .get_or_init(|| Arc::new(Edition::from_toml(EDITION_TOML).expect("the crate's own edition.toml is valid")))
            .clone()
    }

    /// Reads and validates an edition from TOML text.
    pub fn from_toml(text: &str) -> Result<Edition, String> {
        let edition: Edition = toml::from_str(text).map_err(|e| format!("edition: {e}"))?;
        edition.validate()?;
        Ok(edition)
    }

    /// Checks every number; the error names the field and says why.
    pub fn validate(&self) -> Result<(), String> {
        let err = |field: &str, why: String| Err(format!("edition.{field}: {why}"));
        if !(2..=60).contains(&self.track) {
            return err("track", format!("{} fields; a track has 2 to 60", self.track));
        }
        let [from, to] = self.dark_zone;
        if from == 0 || from > to || to >= self.track {
            return err(
                "dark_zone",
                format!("[{from}, {to}] must be first ≤ last, between 1 and {} (before the finish)", self.track - 1),
            );
        }
        if self.movement_die.is_empty() || self.movement_die.len() > MAX_FACES {
            return err("movement_die", format!("{} faces; the die has 1 to {MAX_FACES}", self.movement_die.len()));
        }
        if let Some(face) = self.movement_die.iter().find(|&&f| f == 0 || f > self.track) {
            return err("movement_die", format!("face {face}: faces are 1 to the track length {}", self.track));
        }
        if self.start_money > 100_000 {
            return err("start_money", format!("{} €: at most 100000", self.start_money));
        }
        if self.start_cards > 10 {
            return err("start_cards", format!("{}: at most 10", self.start_cards));
        }
        if self.max_chips == 0 {
            return err("max_chips", "0: every horse needs at least one betting chip".into());
        }
        // Every amount from 1 € up to it is an action of its own (KK-24), so it stays small.
        if self.bet == 0 || self.bet > MAX_BET {
            return err("bet", format!("{} €: the most one bet may stake is 1 to {MAX_BET} €", self.bet));
        }
        if self.discard_pay > 1000 {
            return err("discard_pay", format!("{} €: at most 1000", self.discard_pay));
        }
        self.cards.validate(self.track, self.start_cards)?;
        if self.horses.len() != HORSES {
            return err("horses", format!("{} horse cards; the game has {HORSES} horses (KK-2)", self.horses.len()));
        }
        for (i, horse) in self.horses.iter().enumerate() {
            let number = i + 1;
            let field = |f: &str| format!("horses[{i}].{f}");
            if horse.name.trim().is_empty() {
                return err(&field("name"), "empty: every horse has a name".into());
            }
            if horse.price > 10_000 {
                return err(&field("price"), format!("{} €: at most 10000", horse.price));
            }
            if let Some(odds) = horse.odds.iter().find(|&&o| o > 100) {
                return err(&field("odds"), format!("{odds}: odds are 0 to 100"));
            }
            for (k, &s) in horse.sprint.iter().enumerate() {
                if s == 0 || s as usize > HORSES {
                    return err(&field("sprint"), format!("{s}: horses are numbered 1 to {HORSES}"));
                }
                if s as usize == number {
                    return err(
                        &field("sprint"),
                        format!("{s}: a sprint bar lists other horses, not the horse itself"),
                    );
                }
                if horse.sprint[..k].contains(&s) {
                    return err(&field("sprint"), format!("{s} is listed twice"));
                }
            }
            let ability = &horse.ability;
            if ability.kind.names_horse() {
                match ability.horse {
                    Some(h) if h as usize == number => {
                        return err(&field("ability.horse"), format!("{h}: the ability names another horse"));
                    }
                    Some(h) if (1..=HORSES as u8).contains(&h) => {}
                    Some(h) => return err(&field("ability.horse"), format!("{h}: horses are numbered 1 to {HORSES}")),
                    None => {
                        return err(&field("ability.horse"), format!("{:?} needs the horse it names", ability.kind));
                    }
                }
            } else if ability.horse.is_some() {
                return err(&field("ability.horse"), format!("{:?} names no other horse", ability.kind));
            }
            if ability.kind != AbilityKind::None && ability.amount == 0 {
                return err(&field("ability.amount"), "0: the ability needs a money, step or card amount".into());
            }
            if ability.must && !ability.kind.moves() {
                return err(&field("ability.must"), format!("{:?} only gives, it is always used", ability.kind));
            }
        }
        Ok(())
    }
}

impl CardCounts {
    fn validate(&self, track: u8, start_cards: u8) -> Result<(), String> {
        let err = |field: &str, why: String| Err(format!("edition.cards.{field}: {why}"));
        for (field, steps) in [
            ("horse_plus_steps", self.horse_plus_steps),
            ("gallop_steps", self.gallop_steps),
            ("muddy_steps", self.muddy_steps),
        ] {
            if steps == 0 || steps > track {
                return err(field, format!("{steps}: a card moves 1 to {track} fields"));
            }
        }
        if self.prize > 1000 || self.bonus > 1000 {
            return err("prize", "prize and bonus are at most 1000 €".into());
        }
        if self.objection > MAX_OBJECTIONS {
            return err("objection", format!("{}: at most {MAX_OBJECTIONS}", self.objection));
        }
        let total = self.total();
        if total > 240 {
            return err("horse_plus", format!("{total} cards in all; at most 240"));
        }
        let dealt = 8 * start_cards as u32;
        if total < dealt + 2 {
            return err(
                "horse_plus",
                format!("{total} cards in all; 8 players are dealt {dealt} and the piles need 2 more"),
            );
        }
        for name in &self.blocked_after_finish {
            if !KINDS.iter().any(|k| k.family() == name) {
                return err(
                    "blocked_after_finish",
                    format!("{name:?} is not a card (write e.g. \"gallop\", \"horse-plus\")"),
                );
            }
        }
        Ok(())
    }

    /// How many cards of `kind` the edition has.
    pub fn count(&self, kind: CardKind) -> u8 {
        match kind {
            CardKind::HorsePlus(_) => self.horse_plus,
            CardKind::Gallop => self.gallop,
            CardKind::Muddy => self.muddy_track,
            CardKind::Prize => self.prize_money,
            CardKind::Stable => self.stable_bonus,
            CardKind::FreeBet => self.free_bet,
            CardKind::LateBet => self.late_bet,
            CardKind::Pickpocket => self.pickpocket,
            CardKind::Inspector => self.inspector,
            CardKind::Bargain => self.bargain,
            CardKind::Whip => self.whip,
            CardKind::Objection => self.objection,
            CardKind::Reroll => self.reroll,
        }
    }

    /// The number of action cards in all (104 in this project's edition, KK-6).
    pub fn total(&self) -> u32 {
        KINDS.iter().map(|&k| self.count(k) as u32).sum()
    }
}
