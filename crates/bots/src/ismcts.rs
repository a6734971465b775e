//! The information-set MCTS bot.

use std::time::Instant;

use engine::{ActionValue, Bot, EventLog, Game, GameRng, InfoSet, MAX_SEATS, Seat, SeatSet, StepKind};

use crate::belief::Belief;
use crate::budget::Budget;
use crate::decide::{self, ActionStats};
use crate::playout::{Ending, EvaluationFn, PlayoutPolicy, RandomPlayout, play_out};
use crate::tree::{Edges, ROOT, Tree};
use crate::ucb::{Pick, Scratch, Widening, select};

/// Single-observer information-set MCTS (Cowling, Powley & Whitehouse 2012).
///
/// Every iteration samples a world consistent with what the deciding seat knows
/// ([`InfoSet::sample`]), walks the one shared tree choosing among the actions legal in that
/// world (UCB1 with availability counts), adds one node, plays the world out with the playout
/// policy and credits every node on the way with the reward of the seat that chose it, so each
/// seat maximises its own [`engine::Outcome::reward`].
///
/// **Several seats to act.** In a sampled world the lowest seat in `to_act` moves first (at the
/// root, the deciding seat does, so each iteration informs its choice). Seats
/// acting together in one *simultaneous step* (a secret choice or a reaction window, as
/// [`engine::Game::step_kind`] says; the step goes on while each answer removes its seat from
/// `to_act`) cannot see each other's choices, so the second and later seats of a step do not select from the children of the
/// earlier seats' moves (that would let them react to a choice they cannot see, and make the
/// search assume its opponents read its mind). They select from statistics kept at the node
/// where the step began, one entry per (seat, action), aggregated over the earlier seats'
/// choices — decoupled UCT, as for simultaneous-move games. The tree below the step still
/// follows the actual joint choice. When the deciding seat itself chooses in a secret choice
/// with others still to choose, the move is drawn in proportion to the visit counts of its
/// well-explored actions (a mixed strategy, since any fixed choice can be exploited); otherwise,
/// reaction windows included (react when it pays), the most visited action is played.
///
/// The bot only ever touches the game through the [`InfoSet`], so it cannot peek at hidden
/// cards. For a given `rng` state and an iteration budget its choice is deterministic.
pub struct Ismcts<G: Game, P: PlayoutPolicy<G> = RandomPlayout> {
    budget: Budget,
    exploration: f64,
    policy: P,
    tree: Tree<G::Action>,
    legal: Vec<G::Action>,
    root_legal: Vec<G::Action>,
    /// The untried legal actions at an expansion (for the policy's pick).
    untried: Vec<G::Action>,
    scratch: Scratch,
    /// Expand the playout policy's choice first.
    policy_first: bool,
    /// The nodes of this iteration: (the move followed, the node holding the chooser's statistics).
    path: Vec<(u32, u32)>,
    log: EventLog<G::Event>,
    /// The name given by [`Ismcts::named`].
    name: Option<String>,
    /// The bot whose choice in the real position is expanded first at the root, if any.
    advisor: Option<Box<dyn Bot<G>>>,
    /// The advisor's choice in this search.
    advice: Option<G::Action>,
    /// Worlds sampled by belief instead of uniformly, if set.
    belief: Option<Belief<G>>,
    /// The model playing the other seats inside the tree, if set (else they search too).
    opponents: Option<Box<dyn Bot<G>>>,
    /// Playouts stop after this many actions and the game's evaluation scores the world.
    cutoff: Option<(u32, EvaluationFn<G>)>,
    /// Forced moves (one legal action) below the root get no node ([`Ismcts::skipping_forced`]).
    skip_forced: bool,
}

/// The exploration constant `c` of UCB1 for rewards in `[0, 1]` unless set otherwise.
pub const DEFAULT_EXPLORATION: f64 = 0.7;

/// What one search found at the root.
#[derive(Clone, Debug, PartialEq)]
pub struct Search<A> {
    /// The action the bot plays.
    pub chosen: A,
    /// Iterations run.
    pub iterations: u32,
    /// Nodes in the tree.
    pub nodes: usize,
    /// Statistics of each legal action of the deciding seat, in legal-action order.
    pub actions: Vec<ActionStats<A>>,
}

impl<A> Search<A> {
    /// The deciding seat's expected reward: the visit-weighted mean over its actions.
    pub fn value(&self) -> f64 {
        let visits: u32 = self.actions.iter().map(|a| a.visits).sum();
        if visits == 0 {
            return 0.5;
        }
        self.actions.iter().map(|a| a.mean * f64::from(a.visits)).sum::<f64>() / f64::from(visits)
    }
}

impl<G: Game> Ismcts<G> {
    /// A bot with this budget, random playouts and the default exploration constant.
    pub fn new(budget: Budget) -> Self {
        Ismcts::with_policy(budget, RandomPlayout)
    }
}

impl<G: Game, P: PlayoutPolicy<G>> Ismcts<G, P> {
    /// A bot with this budget and playout policy.
    pub fn with_policy(budget: Budget, policy: P) -> Self {
        Ismcts {
            budget,
            exploration: DEFAULT_EXPLORATION,
            policy,
            tree: Tree::new(),
            legal: Vec::new(),
            root_legal: Vec::new(),
            untried: Vec::new(),
            scratch: Scratch::default(),
            policy_first: false,
            path: Vec::new(),
            log: EventLog::off(),
            name: None,
            advisor: None,
            advice: None,
            belief: None,
            opponents: None,
            cutoff: None,
            skip_forced: false,
        }
    }

    /// The same bot with exploration constant `c` (UCB1's `c`; rewards lie in `[0, 1]`).
    pub fn exploration(mut self, c: f64) -> Self {
        self.exploration = c;
        self
    }

    /// The same bot with progressive widening, and the playout policy's own choice expanded
    /// first at every node (for informed policies such as a heuristic).
    pub fn widening(mut self, k: f64, alpha: f64) -> Self {
        self.scratch.widening = Some(Widening { k, alpha });
        self.policy_first = true;
        self
    }

    /// The same bot expanding `advisor`'s choice first at the root. The advisor (a game's
    /// heuristic) decides once per search from the real information set, where a playout
    /// policy's preference comes from one sampled world; with progressive widening this decides
    /// which of many moves the search looks at first.
    pub fn advised_by(mut self, advisor: Box<dyn Bot<G>>) -> Self {
        self.advisor = Some(advisor);
        self
    }

    /// The same bot sampling worlds by belief: each search pools `worlds` worlds that `model`
    /// (how the other seats are taken to play) explains best ([`engine::Game::surprises`]),
    /// instead of drawing each iteration's world uniformly. For games whose `surprises` counts
    /// nothing this changes nothing but the cost.
    pub fn believing(mut self, model: Box<dyn Bot<G>>, worlds: usize) -> Self {
        self.belief = Some(Belief::new(model, worlds));
        self
    }

    /// The same bot with the other seats played by `model` inside the tree, deciding from their
    /// view of the sampled world, instead of searching for their own best reply. Stronger
    /// against players the model describes; simultaneous steps still search.
    pub fn modelling(mut self, model: Box<dyn Bot<G>>) -> Self {
        self.opponents = Some(model);
        self
    }

    /// The same bot with playouts cut off after `actions` actions (0: none, the expanded node is
    /// scored as it is), where `evaluation` estimates every seat's reward from the world
    /// reached instead of the game's end ([`EvaluationFn`]). For long games whose end is far
    /// from most decisions, where a whole playout says little per iteration and costs much; a
    /// playout that ends the game first is scored by its outcome as usual.
    pub fn cut_off(mut self, actions: u32, evaluation: EvaluationFn<G>) -> Self {
        self.cutoff = Some((actions, evaluation));
        self
    }

    /// The same bot passing over forced moves below the root (a seat with one legal action)
    /// without a node of their own: such a node teaches nothing and would end an iteration's
    /// descent, so in games where most moves are forced (a reaction window that most seats can
    /// only pass) the tree reaches the next real choice instead. Their children then hang on
    /// the node before, told apart by seat and action as everywhere.
    pub fn skipping_forced(mut self) -> Self {
        self.skip_forced = true;
        self
    }

    /// The same bot reporting `name` as its [`Bot::name`] (the spec it was built from).
    pub fn named(mut self, name: String) -> Self {
        self.name = Some(name);
        self
    }

    /// The budget.
    pub fn budget(&self) -> Budget {
        self.budget
    }

    /// Searches and reports what it found at the root (tests, analysis tools). Needs at least
    /// one legal action for the seat.
    pub fn search(&mut self, info: &InfoSet<'_, G>, rng: &mut GameRng) -> Search<G::Action> {
        info.legal_actions(&mut self.root_legal);
        assert!(!self.root_legal.is_empty(), "a bot is only asked when its seat has a legal action");
        let iterations = self.run(info, rng);
        let actions = decide::root_stats(&self.tree, Edges::Moves, info.seat(), &self.root_legal);
        let mixed = info.step_kind() == StepKind::Secret && info.to_act().len() > 1;
        let chosen = self.root_legal[decide::choose(&actions, mixed, rng)];
        Search { chosen, iterations, nodes: self.tree.len(), actions }
    }

    /// Runs the budget's iterations on a fresh tree; returns how many ran.
    fn run(&mut self, info: &InfoSet<'_, G>, rng: &mut GameRng) -> u32 {
        self.tree.reset(info.seat());
        let start = Instant::now();
        self.advice = self.advisor.as_mut().map(|advisor| advisor.choose(info, rng));
        if let Some(belief) = &mut self.belief {
            // Under a time budget, sampling by belief may take half of it.
            let deadline = match self.budget {
                Budget::Iterations(_) => None,
                Budget::Time(limit) => Some(start + limit / 2),
            };
            belief.refill(info, deadline, rng);
        }
        let mut iterations = 0u32;
        loop {
            self.iterate(info, rng);
            iterations += 1;
            let done = match self.budget {
                Budget::Iterations(n) => iterations >= n,
                Budget::Time(limit) => start.elapsed() >= limit || iterations == u32::MAX,
            };
            if done {
                return iterations;
            }
        }
    }

    /// One iteration: sample, select and expand, play out, back-propagate.
    fn iterate(&mut self, info: &InfoSet<'_, G>, rng: &mut GameRng) {
        let mut world = match &mut self.belief {
            Some(belief) => belief.draw(info, rng),
            None => info.sample(rng),
        };
        self.path.clear();
        let mut node = ROOT;
        // The simultaneous step in progress: the node where it began and who has yet to choose.
        let mut step: Option<(u32, SeatSet)> = None;
        let observer = info.seat();
        let mut kind = world.step_kind();
        while let Some(lowest) = world.to_act().first() {
            let to_act = world.to_act();
            // The deciding seat moves first at the root, so every iteration updates its
            // statistics there, even when a seat before it could end a reaction window.
            let seat =
                if node == ROOT && self.path.is_empty() && to_act.contains(observer) { observer } else { lowest };
            // A step goes on while each answer removes its seat from `to_act`; a new secret
            // choice or reaction window begins at this node.
            step = match step {
                Some((start, pending)) if pending == to_act => Some((start, pending)),
                _ if kind.is_simultaneous() && to_act.len() > 1 => Some((node, to_act)),
                _ => None,
            };
            // The first seat of a step chooses among this node's moves; later seats from the
            // decoupled statistics of the step's first node.
            let (owner, edges) = match step {
                Some((start, _)) if start != node => (start, Edges::Decoupled),
                _ => (node, Edges::Moves),
            };
            world.legal_actions(seat, &mut self.legal);
            if self.legal.is_empty() {
                return; // the game broke its contract (to act ⇔ has actions): drop the iteration
            }
            if self.skip_forced && self.legal.len() == 1 && !(node == ROOT && self.path.is_empty()) {
                // A forced move: no choice to learn, so no node; the descent goes on.
                let action = self.legal[0];
                if world.apply(seat, action, rng, &mut self.log).is_err() {
                    return;
                }
                let after = world.step_kind();
                step = answered(step, seat, after == kind);
                kind = after;
                continue;
            }
            if step.is_none()
                && seat != observer
                && let Some(model) = &mut self.opponents
            {
                // A modelled seat: its move is the model's, so the tree only follows it (no
                // selection, and no end of the descent: the expansion is the observer's).
                let action =
                    if self.legal.len() == 1 { self.legal[0] } else { model.choose(&InfoSet::new(&world, seat), rng) };
                let (next, _) = self.tree.find_or_add(node, Edges::Moves, seat, action);
                if world.apply(seat, action, rng, &mut self.log).is_err() {
                    return;
                }
                self.path.push((next, next));
                node = next;
                kind = world.step_kind();
                continue;
            }
            let pick =
                select(&mut self.tree, (owner, edges), seat, &self.legal, self.exploration, &mut self.scratch, rng);
            let (stats, action, new_stats) = match pick {
                Pick::Child(child, at) => (child, self.legal[at], false),
                Pick::Untried(random) => {
                    // An informed policy's favourite among the untried actions comes first, so
                    // progressive widening adds children in the policy's order of preference.
                    let mut at = random;
                    let advised = match self.advice {
                        Some(advice) if owner == ROOT && matches!(edges, Edges::Moves) && seat == observer => {
                            self.legal.iter().position(|a| *a == advice)
                        }
                        _ => None,
                    };
                    if let Some(p) = advised
                        && self.tree.find(owner, edges, seat, self.legal[p]).is_none()
                    {
                        at = p;
                    } else if self.policy_first && !matches!(edges, Edges::Decoupled) {
                        // (Not for the later seats of a simultaneous step: the policy reads the
                        // whole world, including the earlier seats' answers they cannot see.)
                        self.untried.clear();
                        self.untried.extend(self.scratch.untried().map(|i| self.legal[i]));
                        if self.untried.len() > 1 {
                            let preferred = self.policy.choose(&world, seat, &self.untried, rng);
                            if self.tree.find(owner, edges, seat, preferred).is_none()
                                && let Some(p) = self.legal.iter().position(|a| *a == preferred)
                            {
                                at = p;
                            }
                        }
                    }
                    (self.tree.add(owner, edges, seat, self.legal[at]), self.legal[at], true)
                }
            };
            let (next, added) = match edges {
                Edges::Moves => (stats, new_stats),
                Edges::Decoupled => self.tree.find_or_add(node, Edges::Moves, seat, action),
            };
            if world.apply(seat, action, rng, &mut self.log).is_err() {
                return; // a game bug: it refused an action it offered
            }
            self.path.push((next, stats));
            let after = world.step_kind();
            step = answered(step, seat, after == kind);
            kind = after;
            node = next;
            if added {
                break;
            }
        }

        let limit = self.cutoff.map_or(u32::MAX, |(actions, _)| actions);
        let mut rewards = [0.0; MAX_SEATS];
        match play_out(&mut world, &mut self.policy, &mut self.legal, &mut self.log, rng, limit) {
            None => return,
            Some(Ending::Over(outcome)) => {
                for seat in Seat::all(outcome.seats()) {
                    rewards[seat.index()] = outcome.reward(seat);
                }
            }
            Some(Ending::Cut) => match self.cutoff {
                Some((_, evaluate)) => evaluate(&world, rng, &mut rewards),
                None => return,
            },
        }
        self.tree.node_mut(ROOT).visits += 1;
        for &(next, stats) in &self.path {
            let reward = rewards[self.tree.node(stats).seat.index()];
            self.tree.record(stats, reward);
            if next != stats {
                self.tree.record(next, reward);
            }
        }
    }
}

impl<G: Game, P: PlayoutPolicy<G>> Bot<G> for Ismcts<G, P> {
    fn name(&self) -> String {
        if let Some(name) = &self.name {
            return name.clone();
        }
        let mut name = format!("ismcts:{}", self.budget);
        if self.exploration != DEFAULT_EXPLORATION {
            name.push_str(&format!(",c={}", self.exploration));
        }
        if let Some(w) = self.scratch.widening {
            name.push_str(&format!(",widen={}", w.k));
        }
        if let Some(playout) = self.policy.name() {
            name.push_str(&format!(",playout={playout}"));
        }
        if let Some(belief) = &self.belief {
            name.push_str(&format!(",belief={}", belief.worlds()));
        }
        if self.opponents.is_some() {
            name.push_str(",opponents=model");
        }
        if let Some((actions, _)) = self.cutoff {
            name.push_str(&format!(",cutoff={actions}"));
        }
        name
    }

    fn choose(&mut self, info: &InfoSet<'_, G>, rng: &mut GameRng) -> G::Action {
        info.legal_actions(&mut self.root_legal);
        assert!(!self.root_legal.is_empty(), "a bot is only asked when its seat has a legal action");
        if self.root_legal.len() == 1 {
            return self.root_legal[0];
        }
        self.search(info, rng).chosen
    }

    fn analyse(&mut self, info: &InfoSet<'_, G>, rng: &mut GameRng) -> Option<Vec<ActionValue<G::Action>>> {
        let mut values: Vec<ActionValue<G::Action>> = self
            .search(info, rng)
            .actions
            .into_iter()
            .map(|a| ActionValue { action: a.action, value: a.mean, visits: a.visits })
            .collect();
        // The search's ranking: the most tried first (a value resting on few iterations says
        // little), the higher value among equals; stable, so ties keep the legal order.
        values.sort_by(|a, b| b.visits.cmp(&a.visits).then(b.value.total_cmp(&a.value)));
        Some(values)
    }
}

/// The simultaneous step in progress (its first node and the seats yet to answer) after `seat`
/// answered: the same step without that seat while the step's kind holds, else none.
fn answered(step: Option<(u32, SeatSet)>, seat: Seat, same_kind: bool) -> Option<(u32, SeatSet)> {
    step.and_then(|(start, pending)| same_kind.then_some((start, pending.without(seat))))
}
