//! The `pimc` bot: perfect-information Monte Carlo, the classic of trick-taking games. For each
//! decision it draws worlds consistent with what the seat knows (the engine's sampler: its own
//! hand, the cards played, the voids shown, round 1's turned card), solves the rest of the round
//! in each world exactly for every choice ([`super::solver`]) and takes the choice with the best
//! mean. It values a round by the seat's tricks at its end: nothing for none (knocked out, or
//! a mercy chance spent), then a little more for every trick (the most tricks choose the next
//! trump, and every trick taken is one another player lacks).
//!
//! It plays the cards of a seat that is in and chooses trump this way; a mercy player's
//! play-or-hold and a knocked-out player's vote are the heuristic's.

use engine::{Bot, GameRng, InfoSet};

use super::HeuristicBot;
use super::maxn::MaxN;
use super::solver::{Solver, TrickState, World};
use crate::action::Action;
use crate::state::{KnockOutWhist, Phase, Status};

/// What one more trick is worth beside staying in (worth 1).
const TRICK_WORTH: f64 = 0.15;

/// How much the heuristic's own choice is favoured: ties and near ties go its way.
const ADVICE_BONUS: f64 = 0.05;

/// The `pimc` bot, with its number of worlds per decision.
pub struct PimcBot {
    worlds: u32,
    heuristic: HeuristicBot,
    legal: Vec<Action>,
    totals: Vec<f64>,
    solver: Option<Box<Solver>>,
    maxn: Option<Box<MaxN>>,
    /// Whether the others play for themselves in the solved worlds (else against this seat).
    selfish: bool,
}

impl PimcBot {
    /// A bot drawing `worlds` worlds per decision (at least one).
    pub fn new(worlds: u32, selfish: bool) -> PimcBot {
        PimcBot {
            worlds: worlds.max(1),
            heuristic: HeuristicBot::default(),
            legal: Vec::new(),
            totals: Vec::new(),
            solver: None,
            maxn: None,
            selfish,
        }
    }

    /// The mean value of every legal action over the worlds (in `self.totals`, by the order of
    /// `self.legal`); `false` when this decision is the heuristic's.
    fn evaluate(&mut self, info: &InfoSet<'_, KnockOutWhist>, rng: &mut GameRng) -> bool {
        info.legal_actions(&mut self.legal);
        let me = info.seat();
        let searched = self.legal.iter().all(|a| matches!(a, Action::Play(_) | Action::Trump(_)));
        if self.legal.len() < 2 || !searched {
            return false;
        }
        let solver = self.solver.get_or_insert_with(|| Box::new(Solver::new()));
        solver.reset(me);
        let maxn = self.maxn.get_or_insert_with(|| Box::new(MaxN::new(TRICK_WORTH)));
        maxn.reset();
        let limit: usize = std::env::var("MAXN_LIMIT").ok().and_then(|v| v.parse().ok()).unwrap_or(99);
        self.totals.clear();
        self.totals.resize(self.legal.len(), 0.0);
        for _ in 0..self.worlds {
            let state = info.sample(rng);
            if state.status[me.index()] != Status::In {
                return false;
            }
            let mut world =
                World { hands: state.hands, mercy: mercy_mask(&state), seats: state.seats, trump: state.trump };
            let already = state.tricks_won[me.index()];
            let cards: usize = state.hands.iter().map(|h| h.len()).sum();
            let selfish = self.selfish && cards <= limit;
            let had = (0..state.seats()).filter(|&i| state.tricks_won[i] > 0).fold(0u8, |m, i| m | 1 << i);
            for (total, &action) in self.totals.iter_mut().zip(&self.legal) {
                let tricks = match action {
                    Action::Play(card) => {
                        let mut now = TrickState { trick: state.trick, participants: state.participants, turn: me };
                        now.trick.push(me, Some(card), world.trump);
                        now.turn = crate::play::next_in_mask(state.participants, me);
                        world.hands[me.index()].remove(card);
                        let won = if selfish {
                            maxn.solve(&mut world, now, had)[me.index()]
                        } else {
                            solver.solve(&mut world, now)
                        };
                        world.hands[me.index()].insert(card);
                        won
                    }
                    Action::Trump(suit) => {
                        debug_assert!(matches!(state.phase, Phase::ChooseTrump { .. }));
                        let mut chosen = world;
                        chosen.trump = Some(suit);
                        // The chooser leads the round (KW-7).
                        let lead = TrickState::lead(&chosen, me);
                        if selfish {
                            maxn.solve(&mut chosen, lead, had)[me.index()]
                        } else {
                            solver.solve(&mut chosen, lead)
                        }
                    }
                    _ => unreachable!("only plays and trump choices are searched"),
                };
                *total += worth(already + tricks.max(0) as u8);
            }
        }
        let n = f64::from(self.worlds);
        self.totals.iter_mut().for_each(|t| *t /= n);
        true
    }
}

/// What ending the round with `tricks` tricks is worth.
fn worth(tricks: u8) -> f64 {
    if tricks == 0 { 0.0 } else { 1.0 + TRICK_WORTH * f64::from(tricks) }
}

/// The seats on a mercy chance, as bits.
fn mercy_mask(state: &KnockOutWhist) -> u8 {
    (0..state.seats()).filter(|&i| state.status[i] == Status::Mercy).fold(0, |m, i| m | 1 << i)
}

impl Bot<KnockOutWhist> for PimcBot {
    fn name(&self) -> String {
        if self.selfish { format!("pimc:{}", self.worlds) } else { format!("pimc:{},paranoid", self.worlds) }
    }

    fn choose(&mut self, info: &InfoSet<'_, KnockOutWhist>, rng: &mut GameRng) -> Action {
        let advice = self.heuristic.choose(info, rng);
        if !self.evaluate(info, rng) {
            return advice;
        }
        // Where the worlds barely tell the choices apart, the heuristic's choice stands.
        let bonus = |i: usize| if self.legal[i] == advice { ADVICE_BONUS } else { 0.0 };
        let best = (0..self.legal.len())
            .max_by(|&a, &b| (self.totals[a] + bonus(a)).total_cmp(&(self.totals[b] + bonus(b))).then(b.cmp(&a)));
        self.legal[best.expect("two or more legal actions")]
    }
}
