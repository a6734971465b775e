//! The `heuristic` bot: plays from its view alone (every card each manager holds is public;
//! the other fighter's training and pending card are not), estimating fights by random
//! playouts of the training choices it cannot see.
//!
//! - **Challenge**: the challenge with the best expected prize (KO-30: 2 × or 1 × its own
//!   boxer's start money, by its estimated chance to win) less what its compulsory offers
//!   (KO-15) are expected to cost.
//! - **Training**: the 4 cards with the best estimated chance to win, high cards costing a
//!   little (they win later fights too).
//! - **Betting**: each offer, accept and cancelling accept of its own offer valued by its
//!   estimate of the fight (an offer nobody takes wins half the stake or loses all of it, so it
//!   needs a strong favourite); it takes the best, or passes. It accepts offers it thinks
//!   mispriced and cancels its compulsory offers when they are bad (KO-16).
//! - **Fight**: a mixed strategy. For each of its cards against each card the other may play
//!   it estimates the chance to win the rest of the fight, solves that small matrix game by
//!   fictitious play and draws its card from the solution — so always playing high cards
//!   (which a left hook punishes) or any fixed pattern is not its habit.

mod estimate;

use engine::{Bot, GameRng, InfoSet, Seat};
use rand::Rng;

use crate::action::{Action, Tableau};
use crate::boxer::BoxerId;
use crate::cards::{Cards, MAX_VALUE};
use crate::config::Config;
use crate::state::{KnockOut, TRAINING_CARDS};
use crate::view::{PhaseView, View};
pub(crate) use estimate::{Odds, Ring, Training, odds, play_out, random_subset, step};

/// The heuristic bot (no search; well under a millisecond per decision).
#[derive(Clone, Debug, Default)]
pub struct HeuristicBot {
    legal: Vec<Action>,
}

impl Bot<KnockOut> for HeuristicBot {
    fn name(&self) -> String {
        "heuristic".into()
    }

    fn choose(&mut self, info: &InfoSet<'_, KnockOut>, rng: &mut GameRng) -> Action {
        info.legal_actions(&mut self.legal);
        assert!(!self.legal.is_empty(), "a bot is only asked when its seat has a legal action");
        if self.legal.len() == 1 {
            return self.legal[0];
        }
        let view = info.view();
        let me = info.seat();
        match view.phase {
            PhaseView::Challenge => choose_challenge(&view, info.config(), me, &self.legal, rng),
            PhaseView::Training => choose_training(&view, me, &self.legal, rng),
            PhaseView::Betting => choose_bet(&view, me, &self.legal, rng),
            PhaseView::Fight => choose_card(&view, me, &self.legal, rng),
            PhaseView::Over => self.legal[0],
        }
    }
}

/// The cards `seat` holds (public).
fn held(view: &View, seat: Seat) -> Cards {
    view.managers[seat.index()].cards
}

fn level(view: &View, id: BoxerId) -> crate::boxer::Level {
    view.managers[id.owner.index()].boxers[id.class.index()].level
}

/// What a fighter is expected to make from its compulsory offers (KO-15) if nobody takes them,
/// the better Sieg field chosen: `win` and `ko` are its chances.
fn compulsory_offers(config: &Config, win: f64, ko: f64) -> f64 {
    let unaccepted = |q: f64, stake: i64| q * stake as f64 / 2.0 - (1.0 - q) * stake as f64;
    let fields = &config.edition.bet_fields;
    let best_win = fields
        .iter()
        .filter(|f| f.kind == crate::edition::BetKind::Win)
        .map(|f| unaccepted(win, f.stake))
        .fold(f64::MIN, f64::max);
    let ko_field =
        fields.iter().find(|f| f.kind == crate::edition::BetKind::Ko).map_or(0.0, |f| unaccepted(ko, f.stake));
    // The K.O. offer can be cancelled in pass 2 (KO-16) when it is bad.
    best_win + ko_field.max(0.0)
}

fn choose_challenge(view: &View, config: &Config, me: Seat, legal: &[Action], rng: &mut GameRng) -> Action {
    let e = &config.edition;
    let mut best = (f64::MIN, legal[0]);
    for &action in legal {
        let Action::Challenge { with, target } = action else { continue };
        let mine = BoxerId::new(me, with);
        let (lm, lt) = (level(view, mine), level(view, target));
        let start = [e.start_distance(config.pro, mine.class, lm), e.start_distance(config.pro, target.class, lt)];
        let ring = Ring { start, distance: start, played: 0 };
        let size = |seat: Seat| held(view, seat).len().min(TRAINING_CARDS);
        let training = [
            Training::Drawn { held: held(view, me), size: size(me) },
            Training::Drawn { held: held(view, target.owner), size: size(target.owner) },
        ];
        let o = odds(ring, training, 48, rng);
        let prize = e.start_money(mine.class, lm) as f64;
        let value = prize * (1.0 + o.red_win) + compulsory_offers(config, o.red_win, o.red_ko);
        if value > best.0 {
            best = (value, action);
        }
    }
    best.1
}

/// My side in the fight and the other's.
fn sides(view: &View, me: Seat) -> (usize, usize) {
    let fight = view.fight.as_ref().expect("a fight");
    let mine = if fight.boxers[0].owner == me { 0 } else { 1 };
    (mine, 1 - mine)
}

fn ring(view: &View) -> Ring {
    let f = view.fight.as_ref().expect("a fight");
    Ring { start: f.start, distance: f.distance, played: f.exchanges.len() as u8 }
}

fn choose_training(view: &View, me: Seat, legal: &[Action], rng: &mut GameRng) -> Action {
    let (mine, theirs) = sides(view, me);
    let fight = view.fight.as_ref().expect("a fight");
    let other = fight.boxers[theirs].owner;
    let their_size =
        if fight.trained[theirs] { fight.left[theirs] } else { held(view, other).len().min(TRAINING_CARDS) };
    let their = Training::Drawn { held: held(view, other), size: their_size };
    let mut best = (f64::MIN, legal[0]);
    for &action in legal {
        let Action::Train(cards) = action else { continue };
        let mut training = [their; 2];
        training[mine] = Training::Known(cards);
        let o = odds(ring(view), training, 40, rng);
        let win = if mine == 0 { o.red_win } else { 1.0 - o.red_win };
        let value = win - 0.006 * cards.total() as f64 + rng.random_range(0.0..0.01);
        if value > best.0 {
            best = (value, action);
        }
    }
    best.1
}

/// The odds of the fight from `me`'s knowledge.
fn fight_odds(view: &View, me: Seat, samples: u32, rng: &mut GameRng) -> Odds {
    let fight = view.fight.as_ref().expect("a fight");
    let training = [0, 1].map(|side| {
        let owner = fight.boxers[side].owner;
        match fight.my_training {
            Some(cards) if owner == me => Training::Known(cards),
            _ => Training::Drawn { held: held(view, owner), size: fight.left[side] },
        }
    });
    odds(ring(view), training, samples, rng)
}

fn choose_bet(view: &View, me: Seat, legal: &[Action], rng: &mut GameRng) -> Action {
    let o = fight_odds(view, me, 300, rng);
    // Will anyone still be able to take an offer placed now?
    let others_chips: u32 = view.managers.iter().filter(|m| m.seat != me).map(|m| m.chips as u32).sum();
    let taken = if others_chips > 0 { 0.3 } else { 0.0 };
    let mut best = (f64::MIN, legal[0]);
    for &action in legal {
        let value = bet_value(action, me, taken, |tableau, field| {
            let f = &view.tableaus[tableau.index()].fields[field];
            (o.chance(f.kind, tableau.index()), f.stake as f64, f.offer)
        });
        if value > best.0 {
            best = (value, action);
        }
    }
    best.1
}

/// What a betting action is worth to `me`: `field(tableau, field)` gives the chance the bet
/// comes true, its stake and who offered it; `taken` is the chance an offer placed now is
/// taken by someone.
pub(crate) fn bet_value(
    action: Action,
    me: Seat,
    taken: f64,
    field: impl Fn(Tableau, usize) -> (f64, f64, Option<Seat>),
) -> f64 {
    match action {
        Action::Offer { tableau, field: i } => {
            let (q, stake, _) = field(tableau, i as usize);
            let accepted = stake * (2.0 * q - 1.0);
            let alone = q * stake / 2.0 - (1.0 - q) * stake;
            // Takers pick the offers bad for the offerer: count an accepted offer at its worse.
            taken * accepted.min(alone) + (1.0 - taken) * alone
        }
        Action::Accept { tableau, field: i } => {
            let (q, stake, offerer) = field(tableau, i as usize);
            if offerer == Some(me) {
                // Cancelling my own offer: what it would have made alone, undone.
                -(q * stake / 2.0 - (1.0 - q) * stake)
            } else {
                stake * (1.0 - 2.0 * q)
            }
        }
        Action::Pass => 0.0,
        _ => f64::MIN,
    }
}

/// The fight: a mixed strategy from the small matrix game of this exchange.
fn choose_card(view: &View, me: Seat, legal: &[Action], rng: &mut GameRng) -> Action {
    let (mine, theirs) = sides(view, me);
    let fight = view.fight.as_ref().expect("a fight");
    let my_cards = fight.my_training.unwrap_or_default();
    let other = fight.boxers[theirs].owner;
    let here = ring(view);
    const N: usize = MAX_VALUE as usize;
    let mut wins = [[0.0f64; N]; N];
    let mut seen = [[0u32; N]; N];
    for _ in 0..60 {
        let their = random_subset(held(view, other), fight.left[theirs], rng);
        for i in my_cards.distinct() {
            for j in their.distinct() {
                let (mut a, mut b) = (my_cards, their);
                a.remove(i);
                b.remove(j);
                let (red, blue) = if mine == 0 { (i, j) } else { (j, i) };
                let mut r = here;
                let result = match step(&mut r, red, blue) {
                    Some(result) => result,
                    None => {
                        let training = if mine == 0 { [a, b] } else { [b, a] };
                        play_out(r, training, rng)
                    }
                };
                let (x, y) = (i as usize - 1, j as usize - 1);
                seen[x][y] += 1;
                if result.0 == mine {
                    wins[x][y] += 1.0;
                }
            }
        }
    }
    let rows: Vec<u8> = my_cards.distinct().collect();
    let cols: Vec<u8> = (1..=MAX_VALUE).filter(|&j| seen[rows[0] as usize - 1][j as usize - 1] > 0).collect();
    if cols.is_empty() {
        return legal[rng.random_range(0..legal.len())];
    }
    let pay = |i: u8, j: u8| {
        let (x, y) = (i as usize - 1, j as usize - 1);
        wins[x][y] / seen[x][y].max(1) as f64
    };
    // Fictitious play: each side best-responds to the other's empirical mix.
    let mut row_count = vec![0u32; rows.len()];
    let mut col_count = vec![0u32; cols.len()];
    let mut row_total = vec![0.0f64; rows.len()];
    let mut col_total = vec![0.0f64; cols.len()];
    let mut r = 0;
    let mut c = 0;
    for _ in 0..400 {
        row_count[r] += 1;
        col_count[c] += 1;
        for (k, &j) in cols.iter().enumerate() {
            col_total[k] += pay(rows[r], j);
        }
        for (k, &i) in rows.iter().enumerate() {
            row_total[k] += pay(i, cols[c]);
        }
        r = (0..rows.len()).max_by(|&a, &b| row_total[a].total_cmp(&row_total[b])).unwrap_or(0);
        c = (0..cols.len()).min_by(|&a, &b| col_total[a].total_cmp(&col_total[b])).unwrap_or(0);
    }
    let total: u32 = row_count.iter().sum();
    let mut pick = rng.random_range(0..total);
    for (k, &n) in row_count.iter().enumerate() {
        if pick < n {
            return Action::Play(rows[k]);
        }
        pick -= n;
    }
    Action::Play(rows[0])
}
