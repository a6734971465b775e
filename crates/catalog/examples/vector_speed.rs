//! Steps per CPU second of the vector environment's slots on one thread, with random legal
//! actions picked from the masks: the Rust side of `VectorGame.step`, without Python.
//!
//! `cargo run --release -p catalog --example vector_speed -- [GAME] [SLOTS] [STEPS]`

use std::sync::Arc;
use std::time::Instant;

use engine::{SlotOutput, VectorSlot};
use rand::Rng;

fn main() {
    let mut args = std::env::args().skip(1);
    let only = args.next();
    let n: usize = args.next().map_or(256, |s| s.parse().expect("slots"));
    let steps: usize = args.next().map_or(200_000, |s| s.parse().expect("steps"));
    let registry = catalog::registry();
    for kind in registry.games() {
        if only.as_deref().is_some_and(|g| g != kind.name() && g != "all") {
            continue;
        }
        let seats = kind.info().min_seats;
        let game = kind.tensor_game(&kind.default_config(), seats).expect("a tensor game");
        let (len, actions) = (game.observation_len(), game.num_actions());
        let specs = vec![None; seats];
        let mut slots: Vec<VectorSlot> =
            (0..n as u64).map(|i| VectorSlot::new(Arc::clone(&game), 1, i, &specs).expect("slot")).collect();
        let mut out = Buffers {
            observations: vec![0f32; n * len],
            masks: vec![0u8; n * actions],
            legal: vec![0i64; n * actions],
            counts: vec![0i32; n],
            rewards: vec![0f32; n * seats],
            dones: vec![false; n],
            players: vec![0i32; n],
            len,
            actions,
            seats,
        };
        let mut rng = engine::seeded(7);
        for (i, slot) in slots.iter_mut().enumerate() {
            slot.observe(out.slot(i));
        }
        let start = Instant::now();
        let mut done = 0;
        while done < steps {
            for (i, slot) in slots.iter_mut().enumerate() {
                let legal = slot.legal_ids();
                let id = legal[rng.random_range(0..legal.len())];
                slot.step(id, out.slot(i)).expect("a legal action");
            }
            done += n;
        }
        let seconds = start.elapsed().as_secs_f64();
        println!(
            "{:<16} {n} slots, {len} floats, {actions} actions: {:>10.0} steps/s ({:.2} µs a step)",
            kind.name(),
            done as f64 / seconds,
            seconds * 1e6 / done as f64
        );
    }
}

/// The stacked arrays, as `VectorGame` keeps them.
struct Buffers {
    observations: Vec<f32>,
    masks: Vec<u8>,
    legal: Vec<i64>,
    counts: Vec<i32>,
    rewards: Vec<f32>,
    dones: Vec<bool>,
    players: Vec<i32>,
    len: usize,
    actions: usize,
    seats: usize,
}

impl Buffers {
    fn slot(&mut self, i: usize) -> SlotOutput<'_> {
        SlotOutput {
            observation: &mut self.observations[i * self.len..(i + 1) * self.len],
            mask: &mut self.masks[i * self.actions..(i + 1) * self.actions],
            legal: &mut self.legal[i * self.actions..(i + 1) * self.actions],
            legal_count: &mut self.counts[i],
            rewards: &mut self.rewards[i * self.seats..(i + 1) * self.seats],
            done: &mut self.dones[i],
            player: &mut self.players[i],
        }
    }
}
