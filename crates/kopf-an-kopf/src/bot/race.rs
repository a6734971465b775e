//! Quick race simulations: from the horses' positions, roll horse and movement dice until three
//! horses have finished, many times, and count how often each horse takes each place. Cards,
//! sprint bars and abilities are left out; the dice drive most of the race.

use engine::GameRng;
use rand::{Rng, SeedableRng};

use crate::horse::HORSES;

/// The race as the dice see it: positions, places taken, the track and the movement die.
#[derive(Clone, Copy, Debug)]
pub(crate) struct Race {
    pub pos: [u8; HORSES],
    pub place: [u8; HORSES],
    pub track: u8,
    pub faces: [u8; 12],
    pub face_count: usize,
}

/// How often each horse took each place (index 0 = 1st … 2 = 3rd), as chances.
pub(crate) type Places = [[f64; 3]; HORSES];

impl Race {
    /// The chances of each place after `sims` simulated races with a generator seeded by
    /// `seed` (the same seed for every candidate position compares them on the same dice).
    pub fn places(&self, sims: usize, seed: u64) -> Places {
        let mut rng = GameRng::seed_from_u64(seed);
        let mut counts = [[0u32; 3]; HORSES];
        let already = self.place.iter().filter(|&&p| p > 0).count() as u8;
        for (h, &p) in self.place.iter().enumerate() {
            if (1..=3).contains(&p) {
                counts[h][p as usize - 1] = sims as u32;
            }
        }
        if already >= 3 {
            return to_chances(&counts, sims);
        }
        for _ in 0..sims {
            let mut pos = self.pos;
            let mut done = self.place.map(|p| p > 0);
            let mut next = already;
            let mut guard = 0;
            while next < 3 && guard < 10_000 {
                guard += 1;
                let h = rng.random_range(0..HORSES);
                if done[h] {
                    continue;
                }
                let step = self.faces[rng.random_range(0..self.face_count)];
                pos[h] = pos[h].saturating_add(step);
                if pos[h] >= self.track {
                    done[h] = true;
                    counts[h][next as usize] += 1;
                    next += 1;
                }
            }
        }
        to_chances(&counts, sims)
    }
}

fn to_chances(counts: &[[u32; 3]; HORSES], sims: usize) -> Places {
    let mut out = [[0.0; 3]; HORSES];
    for h in 0..HORSES {
        for p in 0..3 {
            out[h][p] = counts[h][p] as f64 / sims as f64;
        }
    }
    out
}
