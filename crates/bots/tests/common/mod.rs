//! Game-agnostic checks every bot test file runs on its game: legal moves, no peeking,
//! determinism, strength.

#![allow(dead_code)] // each test file uses the checks it needs

use engine::{Bot, BotError, BotSpec, EventLog, Game, InfoSet, Outcome, Seat, seeded};
use rand::Rng;

/// Builds a bot from a spec (`ismcts:50`, `random`, `heuristic`).
pub type Factory<G> = fn(&BotSpec) -> Result<Box<dyn Bot<G>>, BotError>;

/// A bot built by `factory` from `spec`, which must be valid.
pub fn bot<G: Game>(factory: Factory<G>, spec: &str) -> Box<dyn Bot<G>> {
    factory(&BotSpec::parse(spec)).unwrap_or_else(|e| panic!("{spec}: {e}"))
}

/// A position reached by up to `depth` random actions from a game dealt with `seed`, and a seat
/// to act there chosen at random; `None` if the game ended first.
pub fn random_position<G: Game>(config: &G::Config, seats: usize, seed: u64, depth: usize) -> Option<(G, Seat)> {
    let mut rng = seeded(seed);
    let mut game = G::new(config, seats, &mut rng).expect("a valid set-up");
    let mut legal = Vec::new();
    let mut log = EventLog::off();
    for _ in 0..depth {
        let to_act: Vec<Seat> = game.to_act().iter().collect();
        if to_act.is_empty() {
            return None;
        }
        let seat = to_act[rng.random_range(0..to_act.len())];
        game.legal_actions(seat, &mut legal);
        let action = legal[rng.random_range(0..legal.len())];
        game.apply(seat, action, &mut rng, &mut log).expect("a legal action applies");
    }
    let to_act: Vec<Seat> = game.to_act().iter().collect();
    if to_act.is_empty() {
        return None;
    }
    let seat = to_act[rng.random_range(0..to_act.len())];
    Some((game, seat))
}

/// Asks the bot of `spec` for a move at a random position; panics if the move is not legal.
pub fn check_legal_choice<G: Game>(
    factory: Factory<G>,
    spec: &str,
    config: &G::Config,
    seats: usize,
    seed: u64,
    depth: usize,
) {
    let Some((game, seat)) = random_position::<G>(config, seats, seed, depth) else { return };
    let mut legal = Vec::new();
    game.legal_actions(seat, &mut legal);
    let chosen = bot(factory, spec).choose(&InfoSet::new(&game, seat), &mut seeded(seed ^ 0x5EED));
    assert!(
        legal.contains(&chosen),
        "{} seats={seats} seed={seed} depth={depth}: {spec} chose {chosen} for seat {seat}, legal: {legal:?}",
        G::NAME
    );
}

/// Two states that differ only in what `seat` cannot see give the same decision: the second is
/// a different hidden deal with the same view, built by `determinize`. Returns whether the two
/// states really differed (some hidden card or choice moved), for coverage.
pub fn check_no_peeking<G: Game>(
    factory: Factory<G>,
    spec: &str,
    config: &G::Config,
    seats: usize,
    seed: u64,
    depth: usize,
) -> bool {
    let Some((game, seat)) = random_position::<G>(config, seats, seed, depth) else { return false };
    let other = game.determinize(seat, &mut seeded(seed.wrapping_mul(31).wrapping_add(7)));
    assert_eq!(other.view(Some(seat)), game.view(Some(seat)), "{} seed={seed}: determinize kept the view", G::NAME);
    let differs = Seat::all(seats).any(|s| s != seat && other.view(Some(s)) != game.view(Some(s)));
    let a = bot(factory, spec).choose(&InfoSet::new(&game, seat), &mut seeded(seed ^ 0xFACE));
    let b = bot(factory, spec).choose(&InfoSet::new(&other, seat), &mut seeded(seed ^ 0xFACE));
    assert_eq!(a, b, "{} seats={seats} seed={seed} depth={depth}: {spec} as seat {seat} peeked", G::NAME);
    differs
}

/// The same seed and budget give the same action.
pub fn check_deterministic<G: Game>(
    factory: Factory<G>,
    spec: &str,
    config: &G::Config,
    seats: usize,
    seed: u64,
    depth: usize,
) {
    let Some((game, seat)) = random_position::<G>(config, seats, seed, depth) else { return };
    let a = bot(factory, spec).choose(&InfoSet::new(&game, seat), &mut seeded(seed));
    let b = bot(factory, spec).choose(&InfoSet::new(&game, seat), &mut seeded(seed));
    assert_eq!(a, b, "{} seed={seed} depth={depth}: {spec} is not deterministic", G::NAME);
}

/// Plays one game, `bots[i]` in seat i. Every seat of a secret choice or reaction window is
/// asked from the position where the step began, as every host does.
pub fn play<G: Game>(config: &G::Config, bots: &mut [Box<dyn Bot<G>>], seed: u64) -> Outcome {
    let mut chance = seeded(seed);
    let mut bot_rng = seeded(seed ^ 0x9E37_79B9_7F4A_7C15);
    let mut game = G::new(config, bots.len(), &mut chance).expect("a valid set-up");
    let mut log = EventLog::off();
    let mut answers = Vec::new();
    while !game.is_over() {
        let (kind, to_act) = (game.step_kind(), game.to_act());
        answers.clear();
        for seat in to_act.iter().take(if kind.is_simultaneous() { usize::MAX } else { 1 }) {
            answers.push((seat, bots[seat.index()].choose(&InfoSet::new(&game, seat), &mut bot_rng)));
        }
        let mut before = (kind, to_act);
        for &(seat, action) in &answers {
            game.apply(seat, action, &mut chance, &mut log).expect("bots play legal actions");
            let after = (game.step_kind(), game.to_act());
            if !engine::step_continues(before, seat, after) {
                break;
            }
            before = after;
        }
    }
    game.outcome().expect("an outcome once over")
}

/// The mean reward of the bot `hero` over `games` games against copies of `villain`, the hero
/// rotating through every seat.
pub fn mean_reward<G: Game>(
    factory: Factory<G>,
    hero: &str,
    villain: &str,
    config: &G::Config,
    seats: usize,
    games: u64,
    seed: u64,
) -> f64 {
    let mut total = 0.0;
    for game in 0..games {
        let hero_seat = Seat::at(game as usize % seats);
        let mut bots: Vec<_> =
            Seat::all(seats).map(|s| bot(factory, if s == hero_seat { hero } else { villain })).collect();
        total += play(config, &mut bots, seed + game).reward(hero_seat);
    }
    total / games as f64
}
