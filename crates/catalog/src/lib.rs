//! Every spieltisch game, by name, with its bots.
//!
//! The registry type lives in `engine`; the list lives here because it must depend on every
//! game crate and on `bots`, and dependencies point one way (games → engine).
//!
//! Each game's bots come from one [`bots::GameBots`]: its heuristic, its fast playout policy and
//! the `ismcts` defaults measured for it ([`schotten_totten_bots`], [`knock_out_whist_bots`],
//! [`kopf_an_kopf_bots`], [`knock_out_bots`]).
//!
//! ```
//! let registry = catalog::registry();
//! let whist = registry.get("knock-out-whist").unwrap();
//! assert!(whist.info().bots.contains(&"ismcts"));
//! assert!(!whist.info().summary.is_empty(), "the lobby's summary comes from here");
//! // The rules for players, in English and German (`rules/<game>.<lang>.md`).
//! let rules = engine::rules_in(whist.info().rules, "de").unwrap();
//! assert!(rules.markdown.contains("Stich"));
//! ```
//!
//! # Levels
//! The levels climb one ladder: Easy plays any legal move, Medium is the game's heuristic with
//! three moves in ten random (`heuristic:noise=0.3`), Hard the heuristic, Expert its search
//! (`ismcts:1000`; hints and analyses ask it). At Knock-Out Whist, where luck evens out more,
//! Medium and Hard are noisier (six and three moves in ten random) so that each level still
//! clearly beats the one below. At Kopf an Kopf the search is weaker than the heuristic, so
//! all four levels are the heuristic with less and less noise (six, three, no moves in ten
//! random), and hints and analyses ask the search apart from the levels. Each level's rating
//! comes from 1,000 games of each level against the one below it: head to head at two-player
//! games, two of each at a table of four otherwise. The Elo difference of that run (the
//! README's strength table has the commands, the per-game constants their numbers) times
//! 2.08, which gives the same win chance on the ratings' Weng-Lin scale (β 250, a level's σ
//! 50; the server's `ratings` module), is the step from the level below; Easy is at 800. A
//! level is calibrated when it wins at least 60 % head to head, or gains at least 100 rating
//! points at a table of four: every game's are.
//!
//! Every game's [`About`] also has a German lobby summary (`summary_de`) and its rules for
//! players as markdown, one text per language (`rules/<game>.en.md`, `rules/<game>.de.md`,
//! built in with `include_str!`). They explain the rules as this program plays them, in the
//! players' words; the rule files the tests cite stay the authority.

use bots::{IsmctsDefaults, Opponents, Playout};
use engine::{About, BotAbout, Level, LevelAbout, Levels, Registry};
use knock_out::KnockOut;
use knock_out_whist::KnockOutWhist;
use kopf_an_kopf::KopfAnKopf;
use schotten_totten::SchottenTotten;

/// A game's rules for players, English and German, from `rules/<game>.<lang>.md` beside `src/`.
/// A macro, not a function: `include_str!` needs the path as a literal.
macro_rules! rules {
    ($game:literal) => {
        &[
            engine::RulesText { lang: "en", markdown: include_str!(concat!("../rules/", $game, ".en.md")) },
            engine::RulesText { lang: "de", markdown: include_str!(concat!("../rules/", $game, ".de.md")) },
        ]
    };
}

/// The registry of all games, in the order a lobby lists them.
pub fn registry() -> Registry {
    // Each game adds one line here: `.with_about::<Game>(bots_fn, bots::STANDARD_BOTS, ABOUT)`.
    Registry::new()
        .with_about::<SchottenTotten>(st_bots, bots::STANDARD_BOTS, SCHOTTEN_TOTTEN)
        .with_about::<KnockOutWhist>(kw_bots, bots::STANDARD_BOTS, KNOCK_OUT_WHIST)
        .with_about::<KopfAnKopf>(kk_bots, bots::STANDARD_BOTS, KOPF_AN_KOPF)
        .with_about::<KnockOut>(ko_bots, bots::STANDARD_BOTS, KNOCK_OUT)
}

/// What the lobby says about Schotten-Totten and its bots (costs as measured in
/// [`schotten_totten_bots`]).
pub const SCHOTTEN_TOTTEN: About = About {
    summary: "Two clans fight over nine boundary stones: place your cards in strong formations and win three \
              stones side by side, or any five.",
    summary_de: "Zwei Clans streiten um neun Grenzsteine: Legt eure Clan-Karten in starken Abteilungen aus und \
                 gewinnt drei benachbarte Steine oder fünf beliebige.",
    bots: &[
        BotAbout { name: "random", label: "Random bot — plays any legal move", cost: "instant" },
        BotAbout { name: "heuristic", label: "Heuristic bot — plays sensibly and fast", cost: "fast: no search" },
        BotAbout {
            name: "ismcts",
            label: "ISMCTS bot — searches; stronger with a bigger budget",
            cost: "about 40 ms a move at 1000 iterations",
        },
    ],
    levels: SCHOTTEN_TOTTEN_LEVELS,
    rules: rules!("schotten-totten"),
};

/// What the lobby says about Kopf an Kopf and its bots (costs as measured in
/// [`kopf_an_kopf_bots`]).
pub const KOPF_AN_KOPF: About = About {
    summary: "The horse race you bet on, for 2 to 8: buy horses, bet, play cards and answer the others' rolls and \
              cards out of turn. When the third horse finishes, most money wins.",
    summary_de: "Das Pferderennen zum Wetten, für 2 bis 8: Pferde kaufen, wetten, Karten spielen und außerhalb \
                 des Zuges auf Würfe und Karten der anderen antworten. Ist das dritte Pferd im Ziel, gewinnt das meiste \
                 Geld.",
    bots: &[
        BotAbout { name: "random", label: "Random bot — plays any legal move", cost: "instant" },
        BotAbout {
            name: "heuristic",
            label: "Heuristic bot — plays sensibly and fast",
            cost: "fast: quick race simulations",
        },
        BotAbout {
            name: "ismcts",
            label: "ISMCTS bot — searches; not yet stronger than the heuristic here",
            cost: "about 0.2 s a move at 1000 iterations (4 players)",
        },
    ],
    levels: KOPF_AN_KOPF_LEVELS,
    rules: rules!("kopf-an-kopf"),
};

/// What the lobby says about Knock Out and its bots (costs as measured in [`knock_out_bots`]).
pub const KNOCK_OUT: About = About {
    summary: "Boxing managers for 3 to 5: challenge, train your boxer in secret, bet on the fight and on the \
              others' bets, then fight it out card against card. Most money at the season's end wins.",
    summary_de: "Box-Manager für 3 bis 5: herausfordern, den Boxer geheim trainieren, auf den Kampf und gegen die \
                 Wetten der anderen setzen, dann Karte gegen Karte boxen. Das meiste Geld am Saisonende gewinnt.",
    bots: &[
        BotAbout { name: "random", label: "Random bot — plays any legal move", cost: "instant" },
        BotAbout {
            name: "heuristic",
            label: "Heuristic bot — plays sensibly and fast",
            cost: "fast: quick fight estimates",
        },
        BotAbout {
            name: "ismcts",
            label: "ISMCTS bot — searches; stronger with a bigger budget",
            cost: "about 2 s of search a game at 1000 iterations (4 players)",
        },
    ],
    levels: KNOCK_OUT_LEVELS,
    rules: rules!("knock-out"),
};

/// What the lobby says about Knock-Out Whist and its bots (costs as measured in
/// [`knock_out_whist_bots`]).
pub const KNOCK_OUT_WHIST: About = About {
    summary: "Trick-taking for 2 to 7: fewer cards every round, and whoever wins no trick is out. The last \
              player standing wins.",
    summary_de: "Stichspiel für 2 bis 7: jede Runde weniger Karten, und wer keinen Stich macht, scheidet aus. \
                 Wer als Letzter übrig bleibt, gewinnt.",
    bots: &[
        BotAbout { name: "random", label: "Random bot — plays any legal move", cost: "instant" },
        BotAbout { name: "heuristic", label: "Heuristic bot — plays sensibly and fast", cost: "fast: no search" },
        BotAbout {
            name: "ismcts",
            label: "ISMCTS bot — searches; stronger with a bigger budget",
            cost: "about 2 ms a move at 1000 iterations (4 players)",
        },
    ],
    levels: KNOCK_OUT_WHIST_LEVELS,
    rules: rules!("knock-out-whist"),
};

/// Schotten-Totten's levels, calibrated (2026-12-07, 1,000 games a pairing, seed 2027 not used
/// for tuning): Medium wins 87.9 % against Easy, Hard 93.6 % against Medium, Expert 76.2 %
/// against Hard (62.7 % before its search modelled the opponent and scored worlds without
/// playouts, see [`schotten_totten_bots`]), each above the 60 % a level must win against the
/// one below. Each step's rating is the Elo of its head-to-head (400·log₁₀ of the odds) times
/// 2.08.
const SCHOTTEN_TOTTEN_LEVELS: Levels =
    Levels::new(&ladder("heuristic:noise=0.3", "heuristic", [800, 1517, 2486, 2906]));

/// Knock-Out Whist's levels, calibrated (2026-12-07, 1,000 4-player games a pairing, two of
/// each level at every table, seed 2027): Medium (`heuristic:noise=0.6`) gains 74 Elo over
/// Easy, Hard (`heuristic:noise=0.3`) 55 over Medium, Expert 63.5 over Hard (60 before its
/// evaluation's edges were measured) — each more than the 100 rating points (48 Elo) a level
/// must gain. Luck evens out much at this game, so the
/// levels sit closer than elsewhere: the plain heuristic is only 10 Elo below the search (and
/// 76 above `heuristic:noise=0.5`), too close to Expert to be a level of its own.
const KNOCK_OUT_WHIST_LEVELS: Levels =
    Levels::new(&ladder("heuristic:noise=0.6", "heuristic:noise=0.3", [800, 954, 1068, 1200]));

/// Knock Out's levels, calibrated (2026-12-07, 1,000 4-player games a pairing, two of each
/// level at every table, seed 2027): Medium gains 323.5 Elo over Easy, Hard 123 over Medium,
/// Expert 55.5 over Hard — each more than the 100 rating points (48 Elo) a level must gain.
/// With one of each level at every table the search's step over the heuristic was only 33
/// Elo: it gains less than the heuristic from the weakest players.
const KNOCK_OUT_LEVELS: Levels = Levels::new(&ladder("heuristic:noise=0.3", "heuristic", [800, 1473, 1729, 1844]));

/// The ladder's four levels (see the crate docs) with Medium's and Hard's specs and these
/// ratings, Easy first.
const fn ladder(medium: &'static str, hard: &'static str, ratings: [u32; 4]) -> [LevelAbout; 4] {
    let [easy, medium_rating, hard_rating, expert] = ratings;
    [
        LevelAbout { level: Level::Easy, spec: "random", rating: easy },
        LevelAbout { level: Level::Medium, spec: medium, rating: medium_rating },
        LevelAbout { level: Level::Hard, spec: hard, rating: hard_rating },
        LevelAbout { level: Level::Expert, spec: "ismcts:1000", rating: expert },
    ]
}

/// Kopf an Kopf's levels, calibrated (2026-12-07, 1,000 4-player games a pairing, two of each
/// level at every table, seed 2027), all four played by the heuristic: Medium
/// (`heuristic:noise=0.6`) gains 378.5 Elo over Easy, Hard (`heuristic:noise=0.3`) 200.5 over
/// Medium, Expert (`heuristic`) 194.5 over Hard. The search is far weaker here: two
/// `ismcts:1000` against two `heuristic` won 3.5 % of the games each, 290 Elo below (4,551 s
/// on 2 threads; it wins 34.8 % against three heuristic players, but not when it meets
/// itself). Hints and analyses still ask that search ([`Levels::searching_with`]): only a
/// search gives each move a value.
const KOPF_AN_KOPF_LEVELS: Levels = Levels::new(&[
    LevelAbout { level: Level::Easy, spec: "random", rating: 800 },
    LevelAbout { level: Level::Medium, spec: "heuristic:noise=0.6", rating: 1587 },
    LevelAbout { level: Level::Hard, spec: "heuristic:noise=0.3", rating: 2004 },
    LevelAbout { level: Level::Expert, spec: "heuristic", rating: 2409 },
])
.searching_with("ismcts:1000");

/// The standard bots of Schotten-Totten: its heuristic, and `ismcts` widening `0.25·√n`, the
/// heuristic's choice tried first at the root, the opponent modelled by the heuristic inside
/// the tree (`opponents=model`), and no playouts: each new node's world is scored at once
/// (`cutoff=0`) by [`schotten_totten::evaluation`] (each stone's chance from the heuristic's
/// forecasts of both sides, combined into the chance of five stones or three adjacent ones).
///
/// `ismcts:1000` won 768 of 1,000 games against `heuristic` (76.8 %, 95 % interval
/// 74.1–79.3 %; `spieltisch arena --game schotten-totten --bot ismcts:1000 --bot heuristic
/// --games 1000 --seed 2026`, 2026-12-07, seed 2026 not used for tuning; 76.1 % before the
/// evaluation let sure stones win first), at about 40 ms a move. Against the search of before
/// (below), which does not play like the heuristic, it won 146 of 300 (48.7 %, 43.1–54.3 %;
/// seed 1): modelling the opponent costs nothing measurable against another kind of player.
///
/// How it got there (300-game screens against `heuristic` on seed 1): the search of before —
/// playouts to the end by the game's cheap rule of thumb ([`schotten_totten::playout_policy`])
/// and searched opponent moves — won 65.7 % (66.3 % of 1,000 on seed 2026); the evaluation
/// instead of playouts (`cutoff=0`) 67.3 % at a sixth of the time, `cutoff=2` 68.7 %,
/// `ismcts:4000` 66.7 %, `c=0.3` 64.3 %, `c=1.2` 67.0 %, without widening 49.3 %; sampling
/// worlds by belief (`belief=50`, `200`) 66.3 % and 67.0 %, with the modelled opponent as well
/// 75.0 %; the modelled opponent alone 77.3 %. More iterations buy nothing: what the search
/// lacked was a good guess of the opponent's replies.
pub fn schotten_totten_bots() -> bots::GameBots<SchottenTotten> {
    bots::GameBots::new(|| Box::new(schotten_totten::HeuristicBot::default()))
        .fast_playout(schotten_totten::playout_policy)
        .evaluation(schotten_totten::evaluation)
        .defaults(IsmctsDefaults {
            playout: Playout::Fast,
            widen: 0.25,
            exploration: bots::DEFAULT_EXPLORATION,
            opponents: Opponents::Model,
            cutoff: Some(0),
            ..Default::default()
        })
}

/// The standard bots of Knock-Out Whist: its heuristic, and `ismcts` without widening whose
/// playouts stop at once (`cutoff=0`) and are scored by [`knock_out_whist::evaluation`]: it
/// finishes the round in progress with the game's cheap rule of thumb
/// ([`knock_out_whist::playout_policy`]) and scores the rounds after it by a model (places
/// already decided, the next trump chooser favoured as measured over heuristic games) instead
/// of dealing and playing them (28.9 % with the measured edge on the seed below). The
/// heuristic's choice is tried first at the root (no measurable difference here).
///
/// In 4-player games against three `heuristic`, `ismcts:1000` won 567 of 2,000 (28.3 %, 95 %
/// interval 26.4–30.4 %, par 25 %; `spieltisch arena --game knock-out-whist --players 4 --bot
/// ismcts:1000 --bot heuristic --bot heuristic --bot heuristic --games 2000 --seed 2028`,
/// 2026-12-07, seed 2028 not used for tuning), at 2 ms a search instead of 6. Playing out to
/// the end of the game (`cutoff=off`, the default before) won 26.2 % on that seed (24.3–28.1 %),
/// 27.5 % on seed 2026 and 29.3 % on seed 1, where the evaluation won 30.6 % (its module docs
/// have the screens); `ismcts:4000` with it 30.0 % on seed 1, so a bigger budget buys nothing.
/// Earlier screens of 400 games found nothing clearly better: widening 0.25 or 0.5, `c=0.4`
/// or `1.2`, random playouts (21 %) and heuristic playouts (26.5 %, five times slower).
///
/// Assuming the others play like the heuristic helps a little against heuristics and costs
/// against anyone else, so it is an option, not the default:
/// `ismcts:1000,playout=heuristic,belief=50,opponents=model,cutoff=off` samples worlds that
/// explain the others' choices under the heuristic, lets it play them in the tree and in
/// playouts. Against three `heuristic` it won 578 of 2,000 games (28.9 %, 95 % interval
/// 27.0–30.9 %, seed 2026), against three `random` 60.0 % of 600, where the default of then
/// won 66.8 % and the heuristic itself 63.5 % (`cargo run --release -p bots --example
/// ismcts_arena -- knock-out-whist 4 600 SPEC random 7000`). With the evaluation
/// (`belief=50,opponents=model`) it won 28.7 % on seed 1, at three times the time.
pub fn knock_out_whist_bots() -> bots::GameBots<KnockOutWhist> {
    bots::GameBots::new(|| Box::new(knock_out_whist::HeuristicBot::default()))
        .fast_playout(knock_out_whist::playout_policy)
        .evaluation(knock_out_whist::evaluation)
        .defaults(IsmctsDefaults { cutoff: Some(0), ..fast_playouts_without_widening() })
}

/// The standard bots of Kopf an Kopf: its heuristic, and `ismcts` playing out with the game's
/// cheap rule of thumb ([`kopf_an_kopf::playout_policy`]) without widening, playouts cut off
/// after 20 actions and scored by [`kopf_an_kopf::evaluation`] (`cutoff=20`; 32 dice-only races
/// to the third finish, bets settled, each seat's mean rank reward), and forced moves given no
/// tree node ([`bots::IsmctsDefaults::skip_forced`]: two thirds of this game's moves are a
/// seat's only answer in a reaction window, which would otherwise end an iteration's descent).
///
/// `heuristic` against three `random` won 1,960 of 2,000 4-player games under rules 2 (98.0 %,
/// 95 % interval 97.3–98.5 %, par 25 %; `spieltisch arena --game kopf-an-kopf --players 4 --bot
/// heuristic --bot random --bot random --bot random --games 2000 --seed 1`, 2026-12-03); under
/// rules 1 1,866 (93.3 %, 92.1–94.3 %). Random players now also bet small, leave their
/// sprint-bar horses and decline 3's cards at random.
///
/// `ismcts:1000` with these defaults against three `heuristic` won 139.33 of 400 4-player games
/// (34.8 %, 95 % interval 30.3–39.6 %, par 25 %: above par; `spieltisch arena --game
/// kopf-an-kopf --players 4 --bot ismcts:1000 --bot heuristic --bot heuristic --bot heuristic
/// --games 400 --seed 2026`, 2026-12-02; seed 2026 was not used for tuning), at about 1.8 s a
/// game on 2 threads (3.4 s of CPU).
///
/// How it got there (200-game screens on seed 1, same command otherwise): `cutoff=20` with 16
/// races and a node for every move won 68.5 (34.2 %, 28.0–41.1 %); with forced moves skipped 75
/// (37.5 %, 31.1–44.4 %, at half the time a game); the defaults above won 79.5 (39.8 %,
/// 33.2–46.7 %), with `c=0.35` 72.33 (36.2 %, 29.8–43.0 %), so `c` stays 0.7. These are within
/// each other's noise; seed 1 was the only seed tuned on. Before: playouts to the end (`cutoff=off`) won 2 of 24 on seed 2026
/// (8.3 %, 2.3–25.8 %) — a playout runs the race to its end (~600 actions) and the fast policy
/// never reacts or spends its second chance; on seed 7 (100 games, 16 races) `cutoff=0` won
/// 26.0 % (18.4–35.4 %) and `cutoff=40` 29.5 % (21.5–39.1 %).
pub fn kopf_an_kopf_bots() -> bots::GameBots<KopfAnKopf> {
    bots::GameBots::new(|| Box::new(kopf_an_kopf::HeuristicBot::default()))
        .fast_playout(kopf_an_kopf::playout_policy)
        .evaluation(kopf_an_kopf::evaluation)
        .defaults(IsmctsDefaults { cutoff: Some(20), skip_forced: true, ..fast_playouts_without_widening() })
}

/// The standard bots of Knock Out: its heuristic, and `ismcts` playing out with the game's
/// cheap rule of thumb ([`knock_out::playout_policy`]) without widening, the heuristic's choice
/// tried first at the root (the same defaults as Knock-Out Whist).
///
/// In 4-player basic games `heuristic` against three `random` won 1,722.5 of 2,000 (86.1 %, 95 %
/// interval 84.5–87.6 %, par 25 %; `spieltisch arena --game knock-out --players 4 --bot
/// heuristic --bot random --bot random --bot random --games 2000 --seed 1`). `ismcts:1000`
/// against three `heuristic` won 450 of 1,000 (45.0 %, 95 % interval 41.9–48.1 %, par 25 %;
/// `spieltisch arena --game knock-out --players 4 --bot ismcts:1000 --bot heuristic --bot
/// heuristic --bot heuristic --games 1000 --seed 2026`, 2026-12-02; the same command gave
/// 47.6 % on the Knock Out branch before it was merged with the other work of that day; a
/// screen of 300 games first: 42.2 %), at about 0.5 s of search per game on a 2-core machine. Other settings were not
/// screened: these were clearly above par.
pub fn knock_out_bots() -> bots::GameBots<KnockOut> {
    bots::GameBots::new(|| Box::new(knock_out::HeuristicBot::default()))
        .fast_playout(knock_out::playout_policy)
        .defaults(fast_playouts_without_widening())
}

/// The bots of Kopf an Kopf by spec.
fn kk_bots(spec: &engine::BotSpec) -> Result<Box<dyn engine::Bot<KopfAnKopf>>, engine::BotError> {
    kopf_an_kopf_bots().build(spec)
}

/// The bots of Schotten-Totten by spec.
fn st_bots(spec: &engine::BotSpec) -> Result<Box<dyn engine::Bot<SchottenTotten>>, engine::BotError> {
    schotten_totten_bots().build(spec)
}

/// The bots of Knock-Out Whist by spec.
fn kw_bots(spec: &engine::BotSpec) -> Result<Box<dyn engine::Bot<KnockOutWhist>>, engine::BotError> {
    knock_out_whist_bots().build(spec)
}

/// The bots of Knock Out by spec.
fn ko_bots(spec: &engine::BotSpec) -> Result<Box<dyn engine::Bot<KnockOut>>, engine::BotError> {
    knock_out_bots().build(spec)
}

/// The `ismcts` defaults the trick-taking and betting games share: the game's fast playout
/// policy, no widening, the default exploration (measured per game in each `*_bots` doc).
fn fast_playouts_without_widening() -> IsmctsDefaults {
    IsmctsDefaults { playout: Playout::Fast, widen: 0.0, exploration: bots::DEFAULT_EXPLORATION, ..Default::default() }
}
