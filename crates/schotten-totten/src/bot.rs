//! `HeuristicBot`: claims whatever it can, then plays the card and stone that most improve a
//! forecast of the game, built only from its information set (view and legal actions).
//!
//! For every stone it forecasts both sides' final formations ([`crate::outlook`]): its own
//! from the cards placed, its hand (sure) and the unseen cards (each with the chance it draws
//! it), the opponent's from the cards placed, the cards it has shown and the unseen cards (each
//! with the chance it holds or draws it). The chance of winning each stone, summed with a bonus
//! for three adjacent stones, is the value of a position; every legal play is scored by the
//! value after it, where the card left the hand and so no longer helps other stones. No search,
//! no sampling: a decision takes some tens of microseconds.

use engine::{Bot, GameRng, InfoSet, Seat};

use crate::action::Action;
use crate::card::Card;
use crate::card_set::CardSet;
use crate::outlook::{Forecast, Supply, completes_first, forecast};
use crate::state::SchottenTotten;
use crate::stone::{SIDE_CAPACITY, STONES};
use crate::view::{StoneView, View};

/// Knobs of the heuristic (public so arenas can try variations).
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct Tuning {
    /// Share of the pile a seat is expected to draw and still use.
    pub draw_share: f32,
    /// Weight of owning three adjacent stones, per window of three.
    pub adjacency: f32,
    /// Value per card assumed for own leftovers that fill a side.
    pub own_filler: u8,
    /// Value per card assumed for the opponent's leftovers.
    pub their_filler: u8,
}

impl Default for Tuning {
    fn default() -> Self {
        Tuning { draw_share: 0.3, adjacency: 0.6, own_filler: 4, their_filler: 5 }
    }
}

/// A fast rule-based bot (see the module docs).
#[derive(Clone, Debug, Default)]
pub struct HeuristicBot {
    /// Its knobs.
    pub tuning: Tuning,
    legal: Vec<Action>,
}

impl HeuristicBot {
    /// A bot with these knobs.
    pub fn with_tuning(tuning: Tuning) -> Self {
        HeuristicBot { tuning, legal: Vec::new() }
    }
}

/// What the bot knows of the position, gathered once per decision.
struct Position {
    me: Seat,
    them: Seat,
    hand: CardSet,
    unseen: CardSet,
    my_q: f32,
    stones: [StoneView; STONES],
    /// The opponent's forecast per stone.
    theirs: [Forecast; STONES],
}

impl Position {
    fn new(view: &View, me: Seat, tuning: &Tuning) -> Position {
        let them = Seat::at(1 - me.index());
        let hand = view.hand.unwrap_or_default();
        let mut table = CardSet::EMPTY;
        for stone in &view.stones {
            table = table.union(stone.sides[0].set()).union(stone.sides[1].set());
        }
        let shown = view.revealed[them.index()];
        let deck = if view.battle_line { CardSet::BATTLE_DECK } else { CardSet::BASE_DECK };
        let unseen = deck.minus(table).minus(view.discard).minus(hand).minus(shown);
        let their_clans = view.hand_sizes[them.index()] - view.hand_tactics[them.index()];
        let hidden = usize::from(their_clans).saturating_sub(shown.len());
        let later = tuning.draw_share * f32::from(view.pile);
        let n = unseen.len().max(1) as f32;
        let their_supply = Supply { sure: shown, maybe: unseen, q: ((hidden as f32 + later) / n).min(1.0) };
        // Empty sides all have the same forecast: work it out once.
        let empty = forecast(&[], SIDE_CAPACITY, &their_supply, tuning.their_filler);
        let theirs = std::array::from_fn(|i| {
            let side = &view.stones[i].sides[them.index()];
            if side.is_empty() {
                empty
            } else {
                forecast(side.as_slice(), SIDE_CAPACITY, &their_supply, tuning.their_filler)
            }
        });
        Position { me, them, hand, unseen, my_q: (later / n).min(1.0), stones: view.stones, theirs }
    }

    /// My forecast at `stone` with `placed` there and `hand` to complete it.
    fn mine(&self, placed: &[Card], hand: CardSet, tuning: &Tuning) -> Forecast {
        // An empty side does not count the hand: every empty stone would count the same cards.
        let sure = if placed.is_empty() { CardSet::EMPTY } else { hand };
        forecast(placed, SIDE_CAPACITY, &Supply { sure, maybe: self.unseen, q: self.my_q }, tuning.own_filler)
    }

    /// The chance that my `forecast` wins stone `i`.
    fn win(&self, i: usize, mine: &Forecast, my_len: usize) -> f32 {
        let stone = &self.stones[i];
        if let Some(owner) = stone.owner {
            return if owner == self.me { 1.0 } else { 0.0 };
        }
        let their_len = stone.sides[self.them.index()].len();
        let first = completes_first(stone.first.map(|seat| seat == self.me), my_len, their_len, SIDE_CAPACITY);
        mine.beats(&self.theirs[i], first)
    }
}

/// The value of a table where stone `i` is won with chance `w[i]`.
fn value(w: &[f32; STONES], adjacency: f32) -> f32 {
    let mut total: f32 = w.iter().sum();
    for t in w.windows(3) {
        total += adjacency * (t[0] * t[1] * t[2] - (1.0 - t[0]) * (1.0 - t[1]) * (1.0 - t[2]));
    }
    total
}

impl HeuristicBot {
    fn best_play(&self, pos: &Position, legal: &[Action]) -> Action {
        let tuning = &self.tuning;
        let mut best = (f32::NEG_INFINITY, legal[0]);
        // Chances that do not depend on the hand: owned stones, empty and complete sides.
        let empty = pos.mine(&[], CardSet::EMPTY, tuning);
        let mut fixed = [None; STONES];
        for (i, slot) in fixed.iter_mut().enumerate() {
            let side = pos.stones[i].sides[pos.me.index()];
            if pos.stones[i].owner.is_some() || side.is_empty() {
                *slot = Some(pos.win(i, &empty, side.len()));
            } else if side.len() >= SIDE_CAPACITY {
                *slot = Some(pos.win(i, &pos.mine(side.as_slice(), CardSet::EMPTY, tuning), side.len()));
            }
        }
        for card in pos.hand.clans() {
            let rest = pos.hand.minus(CardSet::only(card));
            // The table's chances once `card` has left the hand.
            let mut w = [0.0f32; STONES];
            for (i, slot) in w.iter_mut().enumerate() {
                *slot = fixed[i].unwrap_or_else(|| {
                    let side = pos.stones[i].sides[pos.me.index()];
                    pos.win(i, &pos.mine(side.as_slice(), rest, tuning), side.len())
                });
            }
            for action in legal {
                let Action::Play { card: c, stone } = *action else { continue };
                if c != card {
                    continue;
                }
                let i = stone.index();
                let side = pos.stones[i].sides[pos.me.index()];
                let mut placed = [card; 4];
                placed[..side.len()].copy_from_slice(side.as_slice());
                let len = side.len() + 1;
                let mut after = w;
                after[i] = pos.win(i, &pos.mine(&placed[..len], rest, tuning), len);
                let score = value(&after, tuning.adjacency);
                if score > best.0 {
                    best = (score, *action);
                }
            }
        }
        best.1
    }
}

impl Bot<SchottenTotten> for HeuristicBot {
    fn name(&self) -> String {
        "heuristic".into()
    }

    fn choose(&mut self, info: &InfoSet<'_, SchottenTotten>, _rng: &mut GameRng) -> Action {
        info.legal_actions(&mut self.legal);
        // A legal claim always succeeds and never hurts: take it.
        if let Some(&claim) = self.legal.iter().find(|a| matches!(a, Action::Claim(_))) {
            return claim;
        }
        let clan_play = |a: &Action| matches!(a, Action::Play { card, .. } if card.is_clan());
        if !self.legal.iter().any(clan_play) {
            // `pass` (listed last) or `done`; the first pile to draw from (clan); a ruse's first step.
            return if self.legal.contains(&Action::Pass) { Action::Pass } else { self.legal[0] };
        }
        let view = info.view();
        let pos = Position::new(&view, info.seat(), &self.tuning);
        self.best_play(&pos, &self.legal)
    }
}
