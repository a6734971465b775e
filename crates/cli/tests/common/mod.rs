//! Helpers shared by the integration tests: the demo game's registry.

#![allow(dead_code)]

use engine::demo::Rps;
use engine::{RandomBot, Registry};

/// A registry with only the engine's demo game (rock-paper-scissors with a veto) and its
/// random bot, so the commands can be tested independently of the real games.
pub fn demo_registry() -> Registry {
    Registry::new().with::<Rps>(
        |spec| match spec.kind.as_str() {
            "random" => Ok(Box::new(RandomBot::default())),
            other => Err(engine::BotError::Unknown { game: "rps-veto", name: other.into(), known: "random".into() }),
        },
        &["random"],
    )
}
