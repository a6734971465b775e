//! A cheap rule of thumb for search playouts: no reactions, no second chance; a sprint-bar
//! horse moves unless another seat has more on it than the player (KK-11.2), the 3's card is
//! always taken (KK-11.3); in the action step a "+2" for a horse it has bet on, else prize
//! money, a free bet or a bet (on a horse the further ahead the better; a bet of the most it
//! may), else a discard, else a random legal action.
//!
//! It decides on a *sampled world* (see [`engine::Game::determinize`]), so it may look at
//! everything in it; a decision is a scan of the legal actions, no allocation.

use engine::{GameRng, MAX_SEATS, Seat};
use rand::Rng;

use crate::action::{Action, Play};
use crate::horse::HORSES;
use crate::state::{KopfAnKopf, Phase};

/// The policy: one of `legal` (not empty) for `seat` in `world`.
pub fn playout_policy(world: &KopfAnKopf, seat: Seat, legal: &[Action], rng: &mut GameRng) -> Action {
    if legal.len() == 1 {
        return legal[0];
    }
    match world.phase {
        Phase::RollWindow | Phase::CardWindow => Action::Pass,
        Phase::SecondChance => Action::Keep,
        Phase::Ability(h) => Action::Use(h),
        Phase::Draw => Action::Draw(world.larger_pile()),
        // Take the card: the larger pile's if that is legal, else the steal or the one pile
        // (`decline` is listed last).
        Phase::ThreeCard => {
            let pile = Action::Pile(world.larger_pile());
            if legal.contains(&pile) { pile } else { legal[0] }
        }
        Phase::Sprint => sprint(world, seat, legal),
        Phase::Action => action(world, seat, legal, rng),
        _ => legal[rng.random_range(0..legal.len())],
    }
}

/// KK-11.2: the first sprint-bar horse on which no other seat has more at stake than `seat`
/// (a horse nobody bet on moves), or `decline` when each would help another seat's bet more.
fn sprint(world: &KopfAnKopf, seat: Seat, legal: &[Action]) -> Action {
    let stake = |s: usize, h: usize| world.bets[s][h] + world.free_bets[s][h];
    for &a in legal {
        if let Action::Sprint(h) = a {
            let mine = stake(seat.index(), h.index());
            if (0..world.seats as usize).all(|s| stake(s, h.index()) <= mine) {
                return a;
            }
        }
    }
    Action::Decline
}

fn action(world: &KopfAnKopf, seat: Seat, legal: &[Action], rng: &mut GameRng) -> Action {
    let i = seat.index();
    let mut best = (0u32, legal[rng.random_range(0..legal.len())]);
    for &a in legal {
        // Eighths, so that among bets on one horse the larger stake wins.
        let score = match a {
            Action::Play(Play::HorsePlus(h)) if world.bets[i][h.index()] > 0 => 400,
            Action::Play(Play::Prize | Play::Stable) => 240,
            Action::Play(Play::FreeBet(h)) => (25 + world.pos[h.index()] as u32) * 8,
            Action::Bet(h, stake) => (10 + world.pos[h.index()] as u32) * 8 + stake.min(7) as u32,
            Action::Discard(..) => 40,
            _ => 0,
        };
        if score > best.0 {
            best = (score, a);
        }
    }
    best.1
}

/// Races the evaluation simulates: 32 rather than 16, because a search compares sibling moves
/// whose values differ by less than the noise of 16 races. In 200-game screens (seed 1, forced
/// moves skipped) 32 won 39.8 % and 16 won 37.5 % at half the time a game: within the noise,
/// but 32 is what the catalog's above-par result was measured with.
const EVAL_RACES: usize = 32;
/// What an action card in hand counts for in the evaluation, in €.
const EVAL_CARD: u32 = 2;

/// The evaluation of a sampled world for search playouts cut off before the end
/// (`bots::EvaluationFn` in the bots crate): from the horses' positions it
/// rolls the dice to the third finish 32 times (`EVAL_RACES`) — each roll a turn of the next
/// player, whose horses with the rolled horse on their sprint bar move too; cards and
/// abilities left out — settles every seat's bets by each race's ladder (KK-51, KK-52) and
/// writes each seat's mean reward on the scale of [`engine::Outcome::reward`] (the share of the
/// others it ends ahead of, ties half). Cards in hand count a little money each. No allocation.
pub fn evaluation(world: &KopfAnKopf, rng: &mut GameRng, rewards: &mut [f64; MAX_SEATS]) {
    let n = world.seats as usize;
    let r = &world.rules;
    let mut owned = [0u16; MAX_SEATS];
    for h in 0..HORSES {
        if (world.owner[h] as usize) < n {
            owned[world.owner[h] as usize] |= 1 << h;
        }
    }
    let mut base = [0u32; MAX_SEATS];
    for (s, b) in base.iter_mut().enumerate().take(n) {
        *b = world.money[s] + EVAL_CARD * world.hands[s].len() as u32;
    }
    let mut sums = [0.0f64; MAX_SEATS];
    let racing_at_start = HORSES as u8 - world.finished;
    for _ in 0..EVAL_RACES {
        let mut pos = world.pos;
        let mut place = world.place;
        let mut next = world.finished;
        let mut active = world.active.index();
        let mut guard = 0;
        while next < 3 && racing_at_start > 0 && guard < 5_000 {
            guard += 1;
            let h = rng.random_range(0..HORSES);
            if place[h] != 0 {
                continue;
            }
            active = (active + 1) % n;
            let m = r.faces[rng.random_range(0..r.face_count as usize)];
            let movers = (1u16 << h) | (r.sprinters[h].0 & owned[active]);
            for k in 0..HORSES {
                if movers & (1 << k) != 0 && place[k] == 0 && next < 3 {
                    pos[k] = pos[k].saturating_add(m);
                    if pos[k] >= r.track {
                        next += 1;
                        place[k] = next;
                    }
                }
            }
        }
        let mut total = [0u32; MAX_SEATS];
        for s in 0..n {
            let mut t = base[s];
            for (h, &p) in place.iter().enumerate() {
                let (stake, free) = (world.bets[s][h], world.free_bets[s][h]);
                t += match p {
                    p @ 1..=3 => (stake + free) * r.odds[h][p as usize - 1],
                    _ => stake,
                };
            }
            total[s] = t;
        }
        for s in 0..n {
            let mut beaten = 0u32;
            for o in 0..n {
                if o != s {
                    beaten += match total[s].cmp(&total[o]) {
                        std::cmp::Ordering::Greater => 2,
                        std::cmp::Ordering::Equal => 1,
                        std::cmp::Ordering::Less => 0,
                    };
                }
            }
            sums[s] += beaten as f64 / 2.0;
        }
    }
    let scale = 1.0 / (EVAL_RACES as f64 * (n.max(2) - 1) as f64);
    for s in 0..n {
        rewards[s] = sums[s] * scale;
    }
}
