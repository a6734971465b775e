//! Estimating a fight from what a seat knows: both fighters' cards are public, the training
//! choices are drawn at random where unknown, and the exchanges are played out at random.

use engine::GameRng;
use rand::Rng;

use crate::cards::Cards;
use crate::fight::exchange_move;
use crate::state::EXCHANGES;

/// Where a fight stands: start distances, distances now, exchanges done.
#[derive(Clone, Copy, Debug)]
pub(crate) struct Ring {
    pub start: [i64; 2],
    pub distance: [i64; 2],
    pub played: u8,
}

/// How often each result came up: red's win, red's knock-out win, blue's knock-out win.
#[derive(Clone, Copy, Debug, Default)]
pub(crate) struct Odds {
    pub red_win: f64,
    pub red_ko: f64,
    pub blue_ko: f64,
}

impl Odds {
    /// The chance that the bet of a `kind` field on the tableau backing `side` comes true.
    pub fn chance(&self, kind: crate::edition::BetKind, side: usize) -> f64 {
        use crate::edition::BetKind;
        let (win, ko) = if side == 0 { (self.red_win, self.red_ko) } else { (1.0 - self.red_win, self.blue_ko) };
        match kind {
            BetKind::Win => win,
            BetKind::Ko => ko,
            BetKind::Points => win - ko,
        }
    }
}

/// `size` of `held`'s cards, each card equally likely.
pub(crate) fn random_subset(held: Cards, size: u8, rng: &mut GameRng) -> Cards {
    let mut pool = [0u8; 32];
    let n = held.len() as usize;
    for (i, v) in held.iter().enumerate() {
        pool[i] = v;
    }
    let mut out = Cards::EMPTY;
    for i in 0..(size as usize).min(n) {
        let j = rng.random_range(i..n);
        pool.swap(i, j);
        out.add(pool[i]);
    }
    out
}

/// A random card of `cards` (not empty).
#[inline]
pub(crate) fn random_card(cards: Cards, rng: &mut GameRng) -> u8 {
    cards.nth(rng.random_range(0..cards.len())).expect("a card")
}

/// Moves the ring by one exchange; returns the result once decided: (winner side, knock-out).
#[inline]
pub(crate) fn step(ring: &mut Ring, red: u8, blue: u8) -> Option<(usize, bool)> {
    if let Some((side, by)) = exchange_move(red, blue) {
        ring.distance[side] -= by;
        if ring.distance[side] <= 0 {
            return Some((1 - side, true));
        }
    }
    ring.played += 1;
    if ring.played as usize >= EXCHANGES {
        let moved = [0, 1].map(|i| ring.start[i] - ring.distance[i]);
        let loser = if moved[1] > moved[0] { 1 } else { 0 };
        return Some((1 - loser, false));
    }
    None
}

/// Plays the rest of a fight with random cards from both trainings.
pub(crate) fn play_out(mut ring: Ring, mut training: [Cards; 2], rng: &mut GameRng) -> (usize, bool) {
    loop {
        if training[0].is_empty() || training[1].is_empty() {
            // Cannot happen with 3 or more training cards; decide on points to be safe.
            let moved = [0, 1].map(|i| ring.start[i] - ring.distance[i]);
            return (if moved[1] > moved[0] { 0 } else { 1 }, false);
        }
        let red = random_card(training[0], rng);
        let blue = random_card(training[1], rng);
        training[0].remove(red);
        training[1].remove(blue);
        if let Some(result) = step(&mut ring, red, blue) {
            return result;
        }
    }
}

/// What one fighter's training may be: known, or drawn from the cards held.
#[derive(Clone, Copy, Debug)]
pub(crate) enum Training {
    Known(Cards),
    /// Drawn: this many of the held cards.
    Drawn {
        held: Cards,
        size: u8,
    },
}

impl Training {
    fn draw(self, rng: &mut GameRng) -> Cards {
        match self {
            Training::Known(cards) => cards,
            Training::Drawn { held, size } => random_subset(held, size, rng),
        }
    }
}

/// The odds of a fight over `samples` random playouts.
pub(crate) fn odds(ring: Ring, training: [Training; 2], samples: u32, rng: &mut GameRng) -> Odds {
    let mut odds = Odds::default();
    for _ in 0..samples {
        let t = [training[0].draw(rng), training[1].draw(rng)];
        let (winner, ko) = play_out(ring, t, rng);
        if winner == 0 {
            odds.red_win += 1.0;
            if ko {
                odds.red_ko += 1.0;
            }
        } else if ko {
            odds.blue_ko += 1.0;
        }
    }
    let n = samples as f64;
    Odds { red_win: odds.red_win / n, red_ko: odds.red_ko / n, blue_ko: odds.blue_ko / n }
}
