//! The edition in fixed arrays, copied into every game state so the hot paths read numbers
//! without following pointers or allocating.

use crate::card::{CardKind, Cards, KINDS};
use crate::edition::{AbilityKind, Edition, MAX_FACES};
use crate::horse::{HORSES, Horse, HorseSet};

/// A horse's ability (KK-40) as the rules apply it.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Ability {
    /// What it does.
    pub kind: AbilityKind,
    /// The money, steps or card count.
    pub amount: u8,
    /// The other horse it names.
    pub horse: Option<Horse>,
    /// Whether the owner must use it.
    pub must: bool,
}

/// The numbers of an edition, validated, in arrays.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) struct Rules {
    pub track: u8,
    pub dark: [u8; 2],
    pub faces: [u8; MAX_FACES],
    pub face_count: u8,
    pub start_money: u32,
    pub start_cards: u8,
    pub max_chips: u8,
    pub bet: u32,
    pub discard_pay: u32,
    pub plus_steps: u8,
    pub gallop_steps: u8,
    pub muddy_steps: u8,
    pub prize: u32,
    pub bonus: u32,
    /// The whole deck.
    pub deck: Cards,
    /// KK-31: kinds that cannot be played once a horse has finished, a bit per kind index.
    pub blocked: u32,
    pub price: [u32; HORSES],
    pub odds: [[u32; 3]; HORSES],
    /// `sprinters[r]`: the horses whose sprint bar lists horse `r`.
    pub sprinters: [HorseSet; HORSES],
    pub ability: [Ability; HORSES],
}

impl Rules {
    /// The arrays of a validated edition.
    pub fn new(e: &Edition) -> Rules {
        let mut faces = [0; MAX_FACES];
        faces[..e.movement_die.len()].copy_from_slice(&e.movement_die);
        let mut deck = Cards::EMPTY;
        let mut blocked = 0;
        for kind in KINDS {
            deck.add(kind, e.cards.count(kind));
            if e.cards.blocked_after_finish.iter().any(|f| f == kind.family()) {
                blocked |= 1 << kind.index();
            }
        }
        let mut price = [0; HORSES];
        let mut odds = [[0; 3]; HORSES];
        let mut sprinters = [HorseSet::EMPTY; HORSES];
        let mut ability = [Ability { kind: AbilityKind::None, amount: 0, horse: None, must: false }; HORSES];
        for (i, card) in e.horses.iter().enumerate() {
            price[i] = card.price;
            odds[i] = card.odds;
            for &s in &card.sprint {
                if let Some(r) = Horse::number(s) {
                    sprinters[r.index()].insert(Horse::at(i));
                }
            }
            ability[i] = Ability {
                kind: card.ability.kind,
                amount: card.ability.amount,
                horse: card.ability.horse.and_then(Horse::number),
                must: card.ability.must,
            };
        }
        Rules {
            track: e.track,
            dark: e.dark_zone,
            faces,
            face_count: e.movement_die.len() as u8,
            start_money: e.start_money,
            start_cards: e.start_cards,
            max_chips: e.max_chips,
            bet: e.bet,
            discard_pay: e.discard_pay,
            plus_steps: e.cards.horse_plus_steps,
            gallop_steps: e.cards.gallop_steps,
            muddy_steps: e.cards.muddy_steps,
            prize: e.cards.prize,
            bonus: e.cards.bonus,
            deck,
            blocked,
            price,
            odds,
            sprinters,
            ability,
        }
    }

    /// Whether `kind` is blocked once a horse has finished (KK-31).
    #[inline]
    pub fn blocked(&self, kind: CardKind) -> bool {
        self.blocked & (1 << kind.index()) != 0
    }
}
