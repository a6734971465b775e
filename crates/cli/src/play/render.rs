//! Drawing the table: one renderer per game, and a generic one for the rest.

use std::io::{self, Write};

use engine::{DynMatch, Seat};

use super::generic::Generic;
use crate::style::Style;

/// Draws a game's table as one seat sees it.
pub trait Render: Sync {
    /// Writes the table as `me` sees it in `m`.
    fn table(&self, m: &dyn DynMatch, me: Seat, style: Style, out: &mut dyn Write) -> io::Result<()>;
}

/// The renderer for `game` (the generic JSON one if the game has none of its own).
pub fn renderer(game: &str) -> &'static dyn Render {
    #[allow(clippy::match_single_binding)] // each game crate adds an arm here
    match game {
        _ => &Generic,
    }
}
