//! Every spieltisch game, by name, with its bots.
//!
//! The registry type lives in `engine`; the list lives here because it must depend on every
//! game crate and on `bots`, and dependencies point one way (games → engine).

use engine::Registry;

/// The registry of all games, in the order a lobby lists them.
pub fn registry() -> Registry {
    // Each game adds one line here: `.with::<Game>(bots_fn, bots::STANDARD_BOTS)`.
    Registry::new()
        .with::<schotten_totten::SchottenTotten>(st_bots, bots::STANDARD_BOTS)
        .with::<knock_out_whist::KnockOutWhist>(kw_bots, bots::STANDARD_BOTS)
}

/// The bots of Schotten-Totten.
fn st_bots(spec: &engine::BotSpec) -> Result<Box<dyn engine::Bot<schotten_totten::SchottenTotten>>, engine::BotError> {
    bots::standard(spec, || Box::new(schotten_totten::HeuristicBot::default()))
}

/// The bots of Knock-Out Whist.
fn kw_bots(spec: &engine::BotSpec) -> Result<Box<dyn engine::Bot<knock_out_whist::KnockOutWhist>>, engine::BotError> {
    bots::standard(spec, || Box::new(knock_out_whist::HeuristicBot::default()))
}
