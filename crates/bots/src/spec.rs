//! Building a standard bot from its spec (`random`, `heuristic`, `ismcts:2000`, `ismcts:250ms`).

use engine::{Bot, BotError, BotSpec, Game, GameRng, RandomBot, Seat};

use crate::budget::Budget;
use crate::ismcts::Ismcts;
use crate::noisy::{Noisy, parse_noise};
use crate::options::{HEURISTIC_EPSILON, IsmctsDefaults, IsmctsOptions, Opponents, Playout, WIDENING_ALPHA};
use crate::playout::{BotPlayout, EvaluationFn, PlayoutPolicy};

/// The bot names every game offers (`ismcts` takes a budget: `ismcts:1000`, `ismcts:200ms`).
pub const STANDARD_BOTS: &[&str] = &["random", "heuristic", "ismcts"];

/// A game's cheap playout policy: a plain function on the sampled world (see
/// [`PlayoutPolicy`]).
pub type PlayoutFn<G> = fn(&G, Seat, &[<G as Game>::Action], &mut GameRng) -> <G as Game>::Action;

/// The search budget an `ismcts` spec asks for (`None` for other bots), so hosts can refuse
/// budgets they cannot afford before building the bot. Options after the budget
/// (`ismcts:1000,c=0.5`) are read and checked too.
pub fn ismcts_budget(spec: &BotSpec) -> Result<Option<Budget>, BotError> {
    if spec.kind != "ismcts" {
        return Ok(None);
    }
    IsmctsOptions::parse(spec.param.as_deref(), IsmctsDefaults::default())
        .map(|options| Some(options.budget))
        .map_err(|reason| BotError::Parameter { name: spec.kind.clone(), reason })
}

/// What a game brings to the standard bots: its heuristic bot, optionally a fast playout
/// policy, and the defaults of its `ismcts` (chosen per game by measurement). A game's
/// registry entry builds its bots with [`GameBots::build`].
///
/// ```
/// use bots::{GameBots, IsmctsDefaults, Playout};
/// use engine::demo::Rps;
/// use engine::{Bot, BotSpec, RandomBot};
///
/// // A game whose playouts pick the first legal action (a stand-in for a real rule of thumb).
/// let game_bots = GameBots::<Rps>::new(|| Box::new(RandomBot::default()))
///     .fast_playout(|_world, _seat, legal, _rng| legal[0])
///     .defaults(IsmctsDefaults { playout: Playout::Fast, widen: 0.0, ..IsmctsDefaults::default() });
/// assert_eq!(game_bots.build(&BotSpec::parse("ismcts:300")).unwrap().name(), "ismcts:300");
/// let plain = game_bots.build(&BotSpec::parse("ismcts:300,playout=random")).unwrap();
/// assert_eq!(plain.name(), "ismcts:300,playout=random");
/// ```
pub struct GameBots<G: Game> {
    heuristic: fn() -> Box<dyn Bot<G>>,
    fast: Option<PlayoutFn<G>>,
    evaluation: Option<EvaluationFn<G>>,
    defaults: IsmctsDefaults,
}

impl<G: Game> GameBots<G> {
    /// The bots of a game whose heuristic bot `heuristic` builds, with the
    /// [`IsmctsDefaults::default`] (heuristic playouts) and no fast playout policy.
    pub fn new(heuristic: fn() -> Box<dyn Bot<G>>) -> Self {
        GameBots { heuristic, fast: None, evaluation: None, defaults: IsmctsDefaults::default() }
    }

    /// The same with the game's fast playout policy, which `playout=fast` selects.
    pub fn fast_playout(mut self, policy: PlayoutFn<G>) -> Self {
        self.fast = Some(policy);
        self
    }

    /// The same with the game's evaluation of an unfinished world, which `cutoff=N` uses to
    /// score a playout stopped after `N` actions ([`Ismcts::cut_off`]).
    pub fn evaluation(mut self, evaluation: EvaluationFn<G>) -> Self {
        self.evaluation = Some(evaluation);
        self
    }

    /// The same with these `ismcts` defaults.
    pub fn defaults(mut self, defaults: IsmctsDefaults) -> Self {
        self.defaults = defaults;
        self
    }

    /// The `ismcts` defaults.
    pub fn ismcts_defaults(&self) -> IsmctsDefaults {
        self.defaults
    }

    /// Builds the bot `spec` names (see [`standard`] for the specs).
    pub fn build(&self, spec: &BotSpec) -> Result<Box<dyn Bot<G>>, BotError> {
        build(spec, self.heuristic, self.fast, self.evaluation, self.defaults)
    }
}

/// Builds a standard bot for game `G` from its spec; `heuristic` builds the game's own heuristic.
/// The same as [`GameBots::build`] for a game with no fast playout policy and the default
/// `ismcts` settings.
///
/// `ismcts` alone searches [`Budget::DEFAULT`] iterations. Its parameter is a budget (`2000`,
/// `250ms`) optionally followed by options:
/// - `playout=heuristic` (the default here): playouts by the game's heuristic with 10 % random
///   moves, and progressive widening `widen=0.5` (`0.5·√n` children after `n` visits, the
///   policy's favourite among the untried actions expanded first). Far stronger per iteration
///   where random play says little, and as many times slower as a heuristic move costs more
///   than a random one.
/// - `playout=fast`: playouts by the game's own cheap rule of thumb ([`GameBots::fast_playout`];
///   an error for games without one), widened like heuristic playouts, and the heuristic's own
///   choice in the real position tried first at the root ([`Ismcts::advised_by`]). The default
///   of both games in the catalog: on Schotten-Totten as strong as heuristic playouts and ten
///   times faster.
/// - `playout=random`: plain ISMCTS with uniformly random playouts and no widening — the fast
///   search (about 10⁵ iterations per second on Knock-Out Whist).
/// - `widen=K` sets the widening factor (`widen=0`: off); `c=X` the exploration constant.
/// - `belief=N` (up to 1,000; `0`: off) samples by belief: each search pools `N` worlds that
///   explain the other seats' choices under the heuristic ([`Ismcts::believing`]). Only games
///   that replay their history ([`engine::Game::surprises`]) learn anything from it.
/// - `opponents=model` lets the heuristic play the other seats inside the tree
///   ([`Ismcts::modelling`]; with `playout=heuristic` the playouts then make no random moves
///   either); `opponents=search` (the usual default) searches their best replies.
/// - `cutoff=N` stops each playout after `N` actions and scores the world by the game's
///   evaluation ([`GameBots::evaluation`], [`Ismcts::cut_off`]; an error for games without
///   one); `cutoff=off` plays out to the end, the usual default.
///
/// `heuristic:noise=P` is the heuristic playing a uniformly random legal action at chance `P`
/// (0 to 1): a bot between `random` and `heuristic`, for a level.
///
/// Anything malformed is a [`BotError::Parameter`].
pub fn standard<G: Game>(spec: &BotSpec, heuristic: impl Fn() -> Box<dyn Bot<G>>) -> Result<Box<dyn Bot<G>>, BotError> {
    build(spec, heuristic, None, None, IsmctsDefaults::default())
}

fn build<G: Game>(
    spec: &BotSpec,
    heuristic: impl Fn() -> Box<dyn Bot<G>>,
    fast: Option<PlayoutFn<G>>,
    evaluation: Option<EvaluationFn<G>>,
    defaults: IsmctsDefaults,
) -> Result<Box<dyn Bot<G>>, BotError> {
    let parameter = |reason: String| BotError::Parameter { name: spec.kind.clone(), reason };
    let no_param = |bot: Box<dyn Bot<G>>| match &spec.param {
        None => Ok(bot),
        Some(p) => Err(parameter(format!("takes no parameter, got {p:?}"))),
    };
    match spec.kind.as_str() {
        "random" => no_param(Box::<RandomBot<G>>::default()),
        "heuristic" => match &spec.param {
            None => Ok(heuristic()),
            Some(param) => {
                let noise = parse_noise(param).map_err(parameter)?;
                Ok(Box::new(Noisy::new(heuristic(), noise, spec.to_string())))
            }
        },
        "ismcts" => {
            let options = IsmctsOptions::parse(spec.param.as_deref(), defaults).map_err(parameter)?;
            let cutoff = match options.cutoff {
                None => None,
                Some(actions) => {
                    let evaluate = evaluation
                        .ok_or_else(|| parameter(format!("{} has no evaluation to cut playouts off with", G::NAME)))?;
                    Some((actions, evaluate))
                }
            };
            Ok(match options.playout {
                Playout::Random => tune(Ismcts::<G>::new(options.budget), &options, cutoff, heuristic),
                Playout::Fast => {
                    let policy = fast.ok_or_else(|| parameter(format!("{} has no fast playout policy", G::NAME)))?;
                    let bot = Ismcts::with_policy(options.budget, policy).advised_by(heuristic());
                    tune(bot, &options, cutoff, heuristic)
                }
                Playout::Heuristic => {
                    // Modelled opponents are taken to play exactly like the heuristic, in the
                    // tree and in belief: playouts then keep to it too, no random moves.
                    let epsilon = match options.opponents {
                        Opponents::Model => 0.0,
                        Opponents::Search => HEURISTIC_EPSILON,
                    };
                    let policy = BotPlayout::new(heuristic(), epsilon);
                    tune(Ismcts::with_policy(options.budget, policy), &options, cutoff, heuristic)
                }
            })
        }
        other => Err(BotError::Unknown { game: G::NAME, name: other.to_owned(), known: STANDARD_BOTS.join(", ") }),
    }
}

/// Applies the options beyond budget and playout; `heuristic` builds the model of belief and
/// of modelled opponents, `cutoff` is the playout length and the game's evaluation.
fn tune<G: Game, P: PlayoutPolicy<G> + 'static>(
    bot: Ismcts<G, P>,
    options: &IsmctsOptions,
    cutoff: Option<(u32, EvaluationFn<G>)>,
    heuristic: impl Fn() -> Box<dyn Bot<G>>,
) -> Box<dyn Bot<G>> {
    let mut bot = bot.exploration(options.exploration).named(options.canonical());
    if let Some((actions, evaluate)) = cutoff {
        bot = bot.cut_off(actions, evaluate);
    }
    if options.skip_forced {
        bot = bot.skipping_forced();
    }
    if options.belief > 0 {
        bot = bot.believing(heuristic(), options.belief);
    }
    if options.opponents == Opponents::Model {
        bot = bot.modelling(heuristic());
    }
    match options.widening() {
        Some(k) => Box::new(bot.widening(k, WIDENING_ALPHA)),
        None => Box::new(bot),
    }
}
