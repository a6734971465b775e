//! Arranged positions: a game set up card by card, for tests, puzzles and analysis tools.

use engine::{Seat, SetupError};

use crate::card::{Card, Tactic, TacticFamily};
use crate::card_set::CardSet;
use crate::config::Config;
use crate::pile::Pile;
use crate::state::SchottenTotten;
use crate::stone::{STONES, StoneState};

/// A position to start from. Cards not named anywhere go to the bottom of the pile in
/// canonical order, below `pile_top`.
#[derive(Clone, Debug, Default)]
pub struct Layout {
    /// Each seat's hand.
    pub hands: [CardSet; 2],
    /// Hand cards already shown in proofs (must be in the hands).
    pub revealed: [CardSet; 2],
    /// The stones: sides in play order, who completed first, owners.
    pub stones: [StoneState; STONES],
    /// The next cards to be drawn, the first drawn first.
    pub pile_top: Vec<Card>,
    /// Whose turn it is (at the start of the turn).
    pub active: u8,
    /// The tactic cards each seat has played (ST-41): filled in by [`Layout::place`] for elite
    /// troops and [`Layout::lay_mode`] for combat modes; name ruses here.
    pub played_tactics: [CardSet; 2],
    /// The face-up discard pile (ST-45).
    pub discard: CardSet,
}

impl Layout {
    /// Puts `cards` on `seat`'s side of `stone` (1–9) in this order; the first side to be
    /// complete is recorded as completed first. Fails on a bad stone or seat, or a side that
    /// would hold more than 3 cards (4 under Mud: lay the mode first).
    pub fn place(&mut self, stone: usize, seat: usize, cards: &[Card]) -> Result<&mut Self, SetupError> {
        let bad = |why: String| Err(SetupError::Config(format!("invalid layout: {why}")));
        let Some(state) = stone.checked_sub(1).and_then(|i| self.stones.get_mut(i)) else {
            return bad(format!("there is no stone {stone}"));
        };
        let Some(seat) = Seat::new(seat).filter(|s| s.index() < 2) else {
            return bad(format!("there is no seat {seat}"));
        };
        if state.side(seat).len() + cards.len() > state.capacity() {
            return bad(format!("stone {stone} has no room for {} more cards of seat {seat}", cards.len()));
        }
        for &card in cards {
            state.place(seat, card);
            if !card.is_clan() {
                self.played_tactics[seat.index()].insert(card);
            }
        }
        Ok(self)
    }

    /// Lays the combat mode `card` (ST-43, ST-44), played by `seat`, on `stone` (1–9).
    pub fn lay_mode(&mut self, stone: usize, seat: usize, card: Card) -> Result<&mut Self, SetupError> {
        let bad = |why: String| Err(SetupError::Config(format!("invalid layout: {why}")));
        let Some(state) = stone.checked_sub(1).and_then(|i| self.stones.get_mut(i)) else {
            return bad(format!("there is no stone {stone}"));
        };
        if card.tactic().map(Tactic::family) != Some(TacticFamily::CombatMode) || seat > 1 {
            return bad(format!("{card} is not a combat mode, or there is no seat {seat}"));
        }
        state.add_mode(card);
        self.played_tactics[seat].insert(card);
        Ok(self)
    }
}

impl SchottenTotten {
    /// A game in the position `layout` (game 1 of the match `config` sets up).
    pub fn from_layout(config: &Config, layout: &Layout) -> Result<SchottenTotten, SetupError> {
        config.validate()?;
        let bad = |why: &str| Err(SetupError::Config(format!("invalid layout: {why}")));
        let mut used = CardSet::EMPTY;
        let mut take = |set: CardSet| {
            let clash = !used.intersection(set).is_empty();
            used = used.union(set);
            clash
        };
        let mut on_table = CardSet::EMPTY;
        let mut clash = take(layout.hands[0]) | take(layout.hands[1]) | take(layout.discard);
        for stone in &layout.stones {
            on_table = on_table.union(stone.modes());
            clash |= take(stone.modes());
            for side in stone.sides() {
                on_table = on_table.union(side.set());
                clash |= take(side.set()) | (side.set().len() != side.len());
                if side.len() > stone.capacity() {
                    return bad("a side holds too many cards");
                }
            }
            let complete = |seat: usize| stone.is_complete(Seat::at(seat));
            match stone.first {
                None if complete(0) || complete(1) => return bad("a complete side needs `first` set"),
                Some(seat) if !complete(seat.index()) => return bad("`first` names a side that is not complete"),
                _ => {}
            }
        }
        let top: CardSet = layout.pile_top.iter().copied().collect();
        clash |= take(top) | (top.len() != layout.pile_top.len());
        // Played ruses are in the discard pile.
        let played = layout.played_tactics[0].union(layout.played_tactics[1]);
        let ruses = played.minus(on_table).minus(layout.discard);
        clash |= take(ruses);
        if clash {
            return bad("a card is in two places");
        }
        let tactics = if config.tactics { CardSet::TACTICS } else { CardSet::EMPTY };
        let deck = config.clan_deck().union(tactics);
        if !used.is_subset(deck) {
            return bad("a card is not in the deck");
        }
        if layout.active > 1 {
            return bad("the active seat is 0 or 1");
        }
        for seat in 0..2 {
            if !layout.revealed[seat].is_subset(layout.hands[seat]) {
                return bad("revealed cards must be in the hand");
            }
        }
        if !played.is_subset(tactics) || !layout.played_tactics[0].intersection(layout.played_tactics[1]).is_empty() {
            return bad("played tactic cards must be tactic cards of one seat each");
        }
        // The piles' tops are their last cards.
        let mut pile = Pile::from_set(config.clan_deck().minus(used));
        let mut tactic_pile = Pile::from_set(tactics.minus(used));
        for &card in layout.pile_top.iter().rev() {
            if card.is_clan() { pile.push(card) } else { tactic_pile.push(card) }
        }

        let active = Seat::at(layout.active as usize);
        let mut game = SchottenTotten::new_empty(config, active);
        game.stones = layout.stones;
        for stone in &mut game.stones {
            stone.set_battle_line(config.battle_line);
        }
        game.hands = layout.hands;
        game.revealed = layout.revealed;
        game.on_table = on_table;
        game.pile = pile;
        game.tactic_pile = tactic_pile;
        game.discard = layout.discard.union(ruses);
        game.played_tactics = layout.played_tactics;
        game.forget_claims();
        Ok(game)
    }
}
