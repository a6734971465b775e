//! The `heuristic` bot: plays from its view alone, by the game's first principle — one trick is
//! enough to stay in.
//!
//! - **Needing a trick**, it plays for the best chance of at least one trick in the round: the
//!   chance this card holds the trick now, else the chance the cards it keeps take one later. So
//!   it takes a trick as cheaply as it can, cashes side-suit winners early (before voids let
//!   others trump them) and keeps top trumps, which win whenever they are played.
//! - **Safe** (a trick won, or a trump nobody can beat in hand), it takes tricks: every trick
//!   kept from a player who still needs one may knock them out, and the most tricks earn the
//!   next trump choice (which is worth a lot: length in trumps wins tricks).
//! - **On a mercy chance** it plays its card only when it will likely win, more readily as the
//!   tricks run out.
//! - **Choosing trump**, it names its longest, strongest suit; as a knocked-out voter it votes at
//!   random (its place is settled).

mod knowledge;

use engine::{Bot, InfoSet};
use engine::{GameRng, Seat};
use rand::Rng;

use crate::action::Action;
use crate::card::{Card, Rank};
use crate::cardset::CardSet;
use crate::state::KnockOutWhist;
use crate::suit::Suit;
use crate::view::{PhaseView, Standing, View};
use knowledge::Knowledge;

/// The heuristic bot (no search; a few microseconds per decision).
#[derive(Clone, Debug, Default)]
pub struct HeuristicBot {
    legal: Vec<Action>,
}

impl Bot<KnockOutWhist> for HeuristicBot {
    fn name(&self) -> String {
        "heuristic".into()
    }

    fn choose(&mut self, info: &InfoSet<'_, KnockOutWhist>, rng: &mut GameRng) -> Action {
        info.legal_actions(&mut self.legal);
        assert!(!self.legal.is_empty(), "a bot is only asked when its seat has a legal action");
        if self.legal.len() == 1 {
            return self.legal[0];
        }
        let view = info.view();
        match view.phase {
            PhaseView::ChooseTrump => choose_trump(&view, &self.legal),
            PhaseView::Play => choose_play(&view, info.seat(), &self.legal),
            PhaseView::Vote | PhaseView::Over => self.legal[rng.random_range(0..self.legal.len())],
        }
    }
}

/// The legal action with the best trump suit for `view`'s hand: length first, then honours.
fn choose_trump(view: &View, legal: &[Action]) -> Action {
    let hand = view.hand.unwrap_or_default();
    let strength = |suit: Suit| -> f64 {
        hand.of_suit(suit)
            .iter()
            .map(|card| {
                // Length first: every trump may take a trick; honours break ties.
                1.0 + match card.rank() {
                    Rank::Ace => 0.75,
                    Rank::King => 0.5,
                    Rank::Queen => 0.3,
                    Rank::Jack => 0.15,
                    Rank::Ten => 0.05,
                    _ => 0.0,
                }
            })
            .sum()
    };
    let mut best = legal[0];
    let mut best_score = f64::MIN;
    for &action in legal {
        if let Action::Trump(suit) = action {
            let score = strength(suit);
            if score > best_score {
                best = action;
                best_score = score;
            }
        }
    }
    best
}

fn choose_play(view: &View, me: Seat, legal: &[Action]) -> Action {
    let k = Knowledge::new(view, me);
    let playable: CardSet = legal
        .iter()
        .filter_map(|a| match a {
            Action::Play(card) => Some(*card),
            _ => None,
        })
        .collect();
    if k.standing[me.index()] == Standing::Mercy {
        return mercy_choice(&k, playable, legal.contains(&Action::Hold));
    }
    let card = if k.tricks[me.index()] > 0 || k.boss_trumps() > 0 {
        safe_play(&k, playable)
    } else {
        needy_play(&k, playable)
    };
    Action::Play(card)
}

/// How much a card is worth keeping: trumps above every side card, then by rank.
fn cost(k: &Knowledge, card: Card) -> u32 {
    card.rank().index() as u32 + if k.is_trump(card) { 13 } else { 0 }
}

/// The card to throw when not trying to win: the lowest non-trump, from a short suit when that
/// makes a void to trump into later.
fn discard(k: &Knowledge, cards: CardSet) -> Card {
    let have_trumps = k.trump.is_some_and(|t| k.hand.count_suit(t) > 0);
    let score = |card: Card| {
        let mut s = cost(k, card) as i32 * 4;
        let length = k.hand.count_suit(card.suit());
        if have_trumps && !k.is_trump(card) && length <= 2 {
            s -= 6 / length as i32;
        }
        s
    };
    cards.iter().min_by_key(|&c| (score(c), c.index())).expect("a legal card")
}

/// The cheapest card among `cards` whose chance to win the trick is at least `floor`.
fn cheapest_winner(k: &Knowledge, cards: CardSet, floor: f64) -> Option<Card> {
    cards.iter().filter(|&c| k.win_chance(c) >= floor).min_by_key(|&c| (cost(k, c), c.index()))
}

/// The best lead by chance to win, preferring side suits (trumps keep their worth; side-suit
/// winners fade as players run out of suits). Returns the card and its chance.
fn best_lead(k: &Knowledge, cards: CardSet) -> (Card, f64) {
    let score = |c: Card| k.win_chance(c) - if k.is_trump(c) { 0.1 } else { 0.0 };
    let best = cards.iter().max_by(|&a, &b| score(a).total_cmp(&score(b))).expect("a legal card");
    (best, k.win_chance(best))
}

/// The chance to win at least one more trick later with `hand`: each card's worth as a lead,
/// side cards discounted (they win only when their suit is led or they are led), taken as
/// independent.
fn later_chance(k: &Knowledge, hand: CardSet) -> f64 {
    let lose_all: f64 = hand
        .iter()
        .map(|c| {
            let worth = k.lead_chance(c) * if k.is_trump(c) { 1.0 } else { SIDE_DISCOUNT };
            1.0 - worth
        })
        .product();
    1.0 - lose_all
}

/// How much less a side card's chance counts than a trump's when looking ahead.
const SIDE_DISCOUNT: f64 = 0.6;

/// No trick yet and no sure one in hand: play for the best chance to win at least one trick in
/// the round — now, or later with the cards kept.
fn needy_play(k: &Knowledge, cards: CardSet) -> Card {
    let survive = |c: Card| {
        let now = k.win_chance(c);
        now + (1.0 - now) * later_chance(k, k.hand - CardSet::only(c))
    };
    let mut best = None;
    let mut best_score = f64::MIN;
    for card in cards {
        // Ties go to the cheaper card.
        let score = survive(card) - cost(k, card) as f64 * 1e-4;
        if score > best_score {
            best = Some(card);
            best_score = score;
        }
    }
    best.expect("a legal card")
}

/// Safe this round: take tricks — each one kept from a player who still needs one may knock
/// them out, and the most tricks earn the next trump choice — spending high cards freely only
/// against players who still need a trick.
fn safe_play(k: &Knowledge, cards: CardSet) -> Card {
    let others = || (0..k.cards.len()).map(Seat::at).filter(|&s| s != k.me && k.cards[s.index()] > 0);
    let anyone_needy = others().any(|s| k.needy(s));
    // Every trick lost goes to a player who needs it: nothing is worth saving.
    let all_needy = others().all(|s| k.needy(s));
    if k.led.is_none() {
        let (lead, chance) = best_lead(k, cards);
        let floor = if all_needy {
            0.0
        } else if anyone_needy {
            0.1
        } else {
            0.3
        };
        if chance >= floor {
            return cheapest_winner(k, cards, chance - 0.03)
                .filter(|c| !k.is_trump(*c) || k.is_trump(lead))
                .unwrap_or(lead);
        }
        return discard(k, cards);
    }
    if k.n_after == 0 {
        // Last to play: a sure trick, as cheaply as possible.
        return cheapest_winner(k, cards, 1.0).unwrap_or_else(|| discard(k, cards));
    }
    if all_needy {
        let most_likely = cards.iter().max_by(|&a, &b| k.win_chance(a).total_cmp(&k.win_chance(b))).expect("a card");
        let best = k.win_chance(most_likely);
        if best > 0.0 {
            return cheapest_winner(k, cards, best - 0.03).unwrap_or(most_likely);
        }
        return discard(k, cards);
    }
    let needy_involved = k.best.is_some_and(|(seat, _)| k.needy(seat)) || k.after().iter().any(|&s| k.needy(s));
    let floor = if needy_involved { 0.2 } else { 0.5 };
    cheapest_winner(k, cards, floor).unwrap_or_else(|| discard(k, cards))
}

/// On a mercy chance: play the one card when it will likely win, more readily near the end.
fn mercy_choice(k: &Knowledge, cards: CardSet, may_hold: bool) -> Action {
    let card = cards.iter().next().expect("a mercy player holds one card");
    if !may_hold {
        return Action::Play(card);
    }
    let floor = match k.tricks_left {
        0..=2 => 0.3,
        3 => 0.5,
        _ => 0.7,
    };
    if k.win_chance(card) >= floor { Action::Play(card) } else { Action::Hold }
}
