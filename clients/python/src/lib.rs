//! `spieltisch._native`: the games of the catalog for Python, through the engine's typed id
//! face ([`engine::TensorGame`]): pyspiel-named games and states, bots, and a vector of games
//! stepped inside Rust with the GIL released. No game is known here by name; everything comes
//! from [`catalog::registry`].

mod arrays;
mod error;
mod game;
mod state;
mod vector;

use pyo3::prelude::*;

/// The Python module.
#[pymodule]
fn _native(m: &Bound<'_, PyModule>) -> PyResult<()> {
    m.add_function(wrap_pyfunction!(game::load_game, m)?)?;
    m.add_function(wrap_pyfunction!(game::registered_games, m)?)?;
    m.add_class::<game::Game>()?;
    m.add_class::<state::State>()?;
    m.add_class::<state::Bot>()?;
    m.add_class::<vector::VectorGame>()?;
    m.add("TERMINAL", state::TERMINAL)?;
    Ok(())
}
