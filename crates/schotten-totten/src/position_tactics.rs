//! The position notation's tactics fields (ST-40 … ST-46), written only when the variant is on:
//! `tactics PILE` (the tactic pile, top first), `discard CARDS`, `played A B` (the tactic cards
//! each seat has played this game), `tucked A B` (cards each seat put under a pile, still
//! there), `known A B` (cards each seat knows the other holds) and `idle N` (passes in a row
//! that drew nothing). Combat modes sit on their stone's word after `~`.

use engine::PositionError;

use crate::card::Card;
use crate::card_set::CardSet;
use crate::pile::Pile;
use crate::state::{SEATS, SchottenTotten, other};

/// The tactics field names, in the order they are written.
pub(crate) const TACTIC_FIELDS: [&str; 6] = ["tactics", "discard", "played", "tucked", "known", "idle"];

fn bad(reason: impl Into<String>) -> PositionError {
    PositionError::invalid(reason)
}

fn set_text(set: CardSet) -> String {
    let names: Vec<&str> = set.iter().map(|c| c.name()).collect();
    if names.is_empty() { "-".to_owned() } else { names.join(",") }
}

fn pair_text(sets: [CardSet; 2]) -> String {
    format!("{} {}", set_text(sets[0]), set_text(sets[1]))
}

impl SchottenTotten {
    /// The tactics fields, each with its leading `; `.
    pub(crate) fn write_tactic_fields(&self) -> String {
        let mut pile = self.tactic_pile;
        let top_first: Vec<&str> = pile.cards_mut().iter().rev().map(|c| c.name()).collect();
        format!(
            "; tactics {}; discard {}; played {}; tucked {}; known {}; idle {}",
            if top_first.is_empty() { "-".to_owned() } else { top_first.join(",") },
            set_text(self.discard),
            pair_text(self.played_tactics),
            pair_text(self.tucked),
            pair_text(self.known),
            self.idle_passes
        )
    }

    /// Reads the tactics fields (`fields[i]` the words after the name of `TACTIC_FIELDS[i]`),
    /// returning the tactic pile, top first, for the checks.
    pub(crate) fn read_tactic_fields(
        &mut self,
        fields: &[Vec<&str>; 6],
        read_cards: impl Fn(&str) -> Result<Vec<Card>, PositionError>,
        read_pair: impl Fn(&[&str], &str) -> Result<[CardSet; 2], PositionError>,
    ) -> Result<Vec<Card>, PositionError> {
        let one = |i: usize| match fields[i].as_slice() {
            [word] => Ok(*word),
            _ => Err(bad(format!("{} is one word", TACTIC_FIELDS[i]))),
        };
        let pile = read_cards(one(0)?)?;
        let mut tactic_pile = Pile::from_set(CardSet::EMPTY);
        for &card in pile.iter().rev() {
            tactic_pile.push(card);
        }
        self.tactic_pile = tactic_pile;
        self.discard = read_cards(one(1)?)?.into_iter().collect();
        self.played_tactics = read_pair(&fields[2], "played")?;
        self.tucked = read_pair(&fields[3], "tucked")?;
        self.known = read_pair(&fields[4], "known")?;
        self.idle_passes = one(5)?.parse().ok().filter(|&n| n <= 2).ok_or_else(|| bad("idle is 0, 1 or 2"))?;
        Ok(pile)
    }

    /// The tactics checks: tactic cards only in their pile (ST-40), what each seat played is on
    /// the table or discarded and at most one more than the other's (ST-41), put-back cards
    /// still under a pile, known cards in the other's hand.
    pub(crate) fn check_tactics(&self, tactic_pile: &[Card]) -> Result<(), PositionError> {
        if tactic_pile.iter().any(|c| c.is_clan()) || !self.pile.set().intersection(CardSet::TACTICS).is_empty() {
            return Err(bad("clan cards go in the clan pile, tactic cards in the tactic pile (ST-40)"));
        }
        let out = self.on_table.union(self.discard);
        let piles = self.pile.set().union(self.tactic_pile.set());
        for seat in SEATS {
            let s = seat.index();
            let played = self.played_tactics[s];
            if !played.is_subset(out.tactics())
                || !played.intersection(self.played_tactics[other(seat).index()]).is_empty()
            {
                return Err(bad(format!("played: seat {seat}'s tactic cards are not on the table or discarded")));
            }
            if played.len() > self.played_tactics[other(seat).index()].len() + 1 {
                return Err(bad(format!("played: seat {seat} is more than one tactic card ahead (ST-41)")));
            }
            if !self.tucked[s].is_subset(piles) {
                return Err(bad(format!("tucked: seat {seat}'s cards are not under a pile")));
            }
            if !self.known[s].is_subset(self.hands[other(seat).index()]) {
                return Err(bad(format!("known: seat {} does not hold those cards", other(seat))));
            }
        }
        if self.played_tactics[0].len() + self.played_tactics[1].len() != out.tactics().len() {
            return Err(bad("played: every tactic card on the table or discarded was played by a seat"));
        }
        Ok(())
    }
}
