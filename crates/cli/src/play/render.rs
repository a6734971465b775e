//! Drawing the table: one renderer per game, and a generic one for the rest.

use std::io::{self, Write};

use engine::{DynMatch, Game, Seat};

use super::generic::Generic;
use super::knock_out::KnockOutTable;
use super::knock_out_whist::Whist;
use super::kopf_an_kopf::KopfAnKopfTable;
use super::schotten_totten::SchottenTottenTable;
use crate::style::Style;

/// Draws a game's table as one seat sees it.
pub trait Render: Sync {
    /// Writes the table as `me` sees it in `m`.
    fn table(&self, m: &dyn DynMatch, me: Seat, style: Style, out: &mut dyn Write) -> io::Result<()>;
}

/// The renderer for `game` (the generic JSON one if the game has none of its own).
pub fn renderer(game: &str) -> &'static dyn Render {
    match game {
        "schotten-totten" => &SchottenTottenTable,
        "knock-out-whist" => &Whist,
        "kopf-an-kopf" => &KopfAnKopfTable,
        "knock-out" => &KnockOutTable,
        _ => &Generic,
    }
}

/// `me`'s typed view of `m`, a match of game `G` (`None` if it is another game's).
pub fn typed_view<G: Game>(m: &dyn DynMatch, me: Seat) -> Option<G::View> {
    engine::typed::<G>(m).map(|typed| typed.state().view(Some(me)))
}
