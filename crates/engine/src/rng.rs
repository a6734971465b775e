//! Seeded chance.

use rand::SeedableRng;

/// The random number generator every game draws its chance from: a seeded ChaCha (8 rounds:
/// reproducible on every platform, fast enough for playouts).
pub type GameRng = rand_chacha::ChaCha8Rng;

/// A generator seeded with `seed`; the same seed gives the same game.
pub fn seeded(seed: u64) -> GameRng {
    GameRng::seed_from_u64(seed)
}
