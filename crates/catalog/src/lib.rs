//! Every spieltisch game, by name, with its bots.
//!
//! The registry type lives in `engine`; the list lives here because it must depend on every
//! game crate and on `bots`, and dependencies point one way (games → engine).

use engine::Registry;

/// The registry of all games, in the order a lobby lists them.
pub fn registry() -> Registry {
    // Each game adds one line here: `.with::<Game>(bots_fn, bots::STANDARD_BOTS)`.
    Registry::new()
}
