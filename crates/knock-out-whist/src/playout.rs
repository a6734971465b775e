//! A cheap rule of thumb for search playouts, after the game's first principle: one trick is
//! enough. Without a trick yet, take one with the cheapest card that surely wins it; once safe,
//! keep tricks from players who still need one; otherwise throw the cheapest card.
//!
//! It decides on a *sampled world* (see [`engine::Game::determinize`]), not on the real game, so
//! it may look at everything in it: "surely wins" means no player still to play to the trick
//! holds a card that beats it in this world. A decision is a few bit operations per card, no
//! allocation; it is meant for the millions of moves of a search's playouts, not as a player.

use engine::{GameRng, Seat};
use rand::Rng;

use crate::action::Action;
use crate::card::Card;
use crate::cardset::CardSet;
use crate::state::{KnockOutWhist, Phase, Status};
use crate::suit::Suit;

/// The policy: one of `legal` (not empty) for `seat` in `world`.
pub fn playout_policy(world: &KnockOutWhist, seat: Seat, legal: &[Action], rng: &mut GameRng) -> Action {
    if legal.len() == 1 {
        return legal[0];
    }
    match world.phase {
        Phase::Play => play(world, seat, legal),
        Phase::ChooseTrump { .. } => choose_trump(world.hands[seat.index()], legal),
        Phase::Vote | Phase::Over => legal[rng.random_range(0..legal.len())],
    }
}

/// The longest suit, honours breaking ties (as the heuristic bot chooses).
pub(crate) fn choose_trump(hand: CardSet, legal: &[Action]) -> Action {
    let strength = |suit: Suit| {
        // Length in the high bits, then the suit's cards as a binary number: its honours.
        let cards = hand.of_suit(suit);
        (cards.len() as u64) << 16 | cards.bits() >> (13 * suit.index())
    };
    let mut best = (0, legal[0]);
    for &action in legal {
        if let Action::Trump(suit) = action
            && strength(suit) >= best.0
        {
            best = (strength(suit), action);
        }
    }
    best.1
}

/// What a card costs to give up: trumps above every side card, then by rank.
#[inline]
fn cost(card: Card, trump: Option<Suit>) -> u8 {
    card.index() % 13 + if Some(card.suit()) == trump { 13 } else { 0 }
}

/// Whether `hand` holds a card that may be played to a trick led in `led` and beats `best`.
#[inline]
fn can_beat(hand: CardSet, best: Card, led: Suit, trump: Option<Suit>) -> bool {
    let follow = hand.of_suit(led);
    if !follow.is_empty() {
        // Must follow: only a higher card of the led suit can win (if the best is not a trump).
        return best.suit() == led && !follow.above(best).is_empty();
    }
    match trump {
        Some(t) if t == best.suit() => !hand.of_suit(t).above(best).is_empty(),
        Some(t) => !hand.of_suit(t).is_empty(),
        None => false,
    }
}

fn play(world: &KnockOutWhist, seat: Seat, legal: &[Action]) -> Action {
    let mut cards = CardSet::EMPTY;
    let mut may_hold = false;
    for &action in legal {
        match action {
            Action::Play(card) => cards.insert(card),
            Action::Hold => may_hold = true,
            Action::Trump(_) | Action::Vote(_) => {}
        }
    }
    if cards.is_empty() {
        return legal[0];
    }
    play_from(world, seat, cards, may_hold)
}

/// The policy's card (or hold) for `seat` in the play phase, from the cards it may play (not
/// empty) and whether it may hold.
pub(crate) fn play_from(world: &KnockOutWhist, seat: Seat, cards: CardSet, may_hold: bool) -> Action {
    let trump = world.trump;
    // The seats still to play to this trick after `seat`, and whether any of them (or whoever
    // is winning it now) still needs a trick.
    let mut played = 0u8;
    for p in world.trick.plays() {
        played |= 1 << p.seat.index();
    }
    let later = world.participants & !played & !(1 << seat.index());
    let needs = |s: usize| world.tricks_won[s] == 0 && matches!(world.status[s], Status::In | Status::Mercy);
    let led = world.trick.led();
    let best = world.trick.best();
    let holds = |card: Card| {
        // Beats the card winning so far, and nobody after can beat it here.
        if let Some((_, b)) = best
            && !crate::trick::beats(card, b, trump)
        {
            return false;
        }
        let led = led.unwrap_or(card.suit());
        let mut rest = later;
        while rest != 0 {
            let s = rest.trailing_zeros() as usize;
            rest &= rest - 1;
            if can_beat(world.hands[s], card, led, trump) {
                return false;
            }
        }
        true
    };
    let cheapest = |set: CardSet| set.iter().min_by_key(|&c| (cost(c, trump), c.index()));
    let mut winners = CardSet::EMPTY;
    for card in cards {
        if holds(card) {
            winners.insert(card);
        }
    }
    let me = seat.index();
    if world.status[me] == Status::Mercy && may_hold {
        return match cheapest(winners) {
            Some(card) => Action::Play(card),
            None => Action::Hold,
        };
    }
    let take = if needs(me) {
        true
    } else {
        // Safe: a trick kept from a player who needs one may knock them out.
        let mut others = world.participants & !(1 << me);
        let mut anyone = false;
        while others != 0 {
            let s = others.trailing_zeros() as usize;
            others &= others - 1;
            anyone |= needs(s);
        }
        anyone
    };
    let card = match cheapest(winners) {
        Some(card) if take => card,
        _ => discard(world.hands[me], cards, trump),
    };
    Action::Play(card)
}

/// The card to throw: the cheapest, from the shortest side suit on equal cost.
fn discard(hand: CardSet, cards: CardSet, trump: Option<Suit>) -> Card {
    cards.iter().min_by_key(|&c| (cost(c, trump), hand.count_suit(c.suit()), c.index())).expect("a playable card")
}
