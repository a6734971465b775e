//! Every spieltisch game, by name, with its bots.
//!
//! The registry type lives in `engine`; the list lives here because it must depend on every
//! game crate and on `bots`, and dependencies point one way (games → engine).
//!
//! Each game's bots come from one [`bots::GameBots`]: its heuristic, its fast playout policy and
//! the `ismcts` defaults measured for it ([`schotten_totten_bots`], [`knock_out_whist_bots`]).
//!
//! ```
//! let registry = catalog::registry();
//! let whist = registry.get("knock-out-whist").unwrap();
//! assert!(whist.info().bots.contains(&"ismcts"));
//! ```

use bots::{IsmctsDefaults, Playout};
use engine::Registry;
use knock_out_whist::KnockOutWhist;
use schotten_totten::SchottenTotten;

/// The registry of all games, in the order a lobby lists them.
pub fn registry() -> Registry {
    // Each game adds one line here: `.with::<Game>(bots_fn, bots::STANDARD_BOTS)`.
    Registry::new()
        .with::<SchottenTotten>(st_bots, bots::STANDARD_BOTS)
        .with::<KnockOutWhist>(kw_bots, bots::STANDARD_BOTS)
}

/// The standard bots of Schotten-Totten: its heuristic, and `ismcts` playing out with the
/// game's cheap rule of thumb ([`schotten_totten::playout_policy`]) and widening `0.25·√n`.
///
/// Measured against `heuristic` over 200 games each (`spieltisch arena --game schotten-totten
/// --bot ismcts:1000,playout=fast,widen=K --bot heuristic --games 200 --seed 7`): widening 0.15,
/// 0.25, 0.5 and 1 won 56 %, 69 %, 66 % and 57 %; `c=0.4` 60 %. Heuristic playouts are as
/// strong (about 65 %) and ten times slower (about 650 ms for 1000 iterations against 70 ms).
pub fn schotten_totten_bots() -> bots::GameBots<SchottenTotten> {
    bots::GameBots::new(|| Box::new(schotten_totten::HeuristicBot::default()))
        .fast_playout(schotten_totten::playout_policy)
        .defaults(IsmctsDefaults { playout: Playout::Fast, widen: 0.25, exploration: bots::DEFAULT_EXPLORATION })
}

/// The standard bots of Knock-Out Whist: its heuristic, and `ismcts` playing out with the
/// game's cheap rule of thumb ([`knock_out_whist::playout_policy`]) without widening.
///
/// Measured in 4-player games against three `heuristic` over 400 games each (`spieltisch arena
/// --game knock-out-whist --players 4 --bot ismcts:1000,OPTIONS --bot heuristic --bot heuristic
/// --bot heuristic --games 400 --seed 3`): fast playouts won 32 % without widening, 30 % with
/// widening 0.25 or 0.5, 26 % with `c=0.4`; random playouts 21 %; heuristic playouts 26.5 %
/// (and five times slower).
pub fn knock_out_whist_bots() -> bots::GameBots<KnockOutWhist> {
    bots::GameBots::new(|| Box::new(knock_out_whist::HeuristicBot::default()))
        .fast_playout(knock_out_whist::playout_policy)
        .defaults(IsmctsDefaults { playout: Playout::Fast, widen: 0.0, exploration: bots::DEFAULT_EXPLORATION })
}

/// The bots of Schotten-Totten by spec.
fn st_bots(spec: &engine::BotSpec) -> Result<Box<dyn engine::Bot<SchottenTotten>>, engine::BotError> {
    schotten_totten_bots().build(spec)
}

/// The bots of Knock-Out Whist by spec.
fn kw_bots(spec: &engine::BotSpec) -> Result<Box<dyn engine::Bot<KnockOutWhist>>, engine::BotError> {
    knock_out_whist_bots().build(spec)
}
