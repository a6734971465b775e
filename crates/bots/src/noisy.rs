//! A bot that now and then plays a random legal action instead of its own choice: the game's
//! heuristic made weaker by a known amount (`heuristic:noise=0.5`), for a level between the
//! random bot and the heuristic.

use engine::{Bot, Game, GameRng, InfoSet};
use rand::Rng;

/// `inner`, except that with chance `noise` it plays a uniformly random legal action.
pub struct Noisy<G: Game> {
    inner: Box<dyn Bot<G>>,
    noise: f64,
    name: String,
    legal: Vec<G::Action>,
}

impl<G: Game> Noisy<G> {
    /// `inner` with random moves at chance `noise` (0 to 1), named `name`.
    pub fn new(inner: Box<dyn Bot<G>>, noise: f64, name: String) -> Self {
        Noisy { inner, noise: noise.clamp(0.0, 1.0), name, legal: Vec::new() }
    }
}

impl<G: Game> Bot<G> for Noisy<G> {
    fn name(&self) -> String {
        self.name.clone()
    }

    fn choose(&mut self, info: &InfoSet<'_, G>, rng: &mut GameRng) -> G::Action {
        // Decided first: a random move costs no decision of the heuristic.
        if rng.random_bool(self.noise) {
            info.legal_actions(&mut self.legal);
            return self.legal[rng.random_range(0..self.legal.len())];
        }
        self.inner.choose(info, rng)
    }
}

/// Reads `noise=P` (P from 0 to 1), the parameter of a noisy `heuristic`.
pub(crate) fn parse_noise(param: &str) -> Result<f64, String> {
    let value = param
        .strip_prefix("noise=")
        .ok_or_else(|| format!("takes `noise=P` (a chance from 0 to 1 of a random move), got {param:?}"))?;
    value
        .parse::<f64>()
        .ok()
        .filter(|p| (0.0..=1.0).contains(p))
        .ok_or_else(|| format!("noise must be a chance from 0 to 1, got {value:?}"))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn noise_reads_a_chance_and_refuses_anything_else() {
        assert_eq!(parse_noise("noise=0.5"), Ok(0.5));
        assert_eq!(parse_noise("noise=1"), Ok(1.0));
        assert!(parse_noise("0.5").unwrap_err().contains("noise=P"));
        assert!(parse_noise("noise=1.5").unwrap_err().contains("from 0 to 1"));
        assert!(parse_noise("noise=x").is_err());
    }
}
