//! Contract checks every game's test suite runs: random simulation with notation round-trips,
//! step kinds, the secrecy of simultaneous answers, determinization (keeping the observer's
//! view, reading nothing hidden from it), the observation tensor (when the game offers one) of
//! the declared shape, finite and the same in every world sampled for its seat, the action
//! space (when the game lists one) holding every legal action, refusal of out-of-turn, illegal and malformed actions
//! without a change, serialisation, and record → replay.
//!
//! The checks panic with a message naming the game, seed and step, so a failing test says
//! exactly which game to replay.

mod checks;
mod fuzz;
mod observation;

use rand::Rng;

use crate::event::EventLog;
use crate::game::Game;
use crate::matches::Match;
use crate::record::Record;
use crate::rng::seeded;
use crate::seat::Seat;
use crate::step::step_continues;

pub use fuzz::{FuzzCount, fuzz_game};

/// What a run of [`check_random_games`] covered.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct Coverage {
    /// Games played to the end.
    pub games: usize,
    /// Actions applied in all.
    pub actions: usize,
    /// Positions where several seats could act at once.
    pub multi_seat_positions: usize,
    /// Positions where a sampled world showed some seat something other than the true state
    /// does (what the observer cannot see was really resampled). A game with hidden
    /// information in which this stays 0 is leaking it or not resampling it.
    pub resampled_positions: usize,
    /// Seat observations that differed from the same seat's at the position before (0 for a
    /// game without observation tensors; a game whose tensor never changes shows nothing).
    pub observation_changes: usize,
}

/// A per-position hook: called with the match before each action (for game-specific invariants
/// such as card conservation or no leaks).
pub type PositionCheck<'a, G> = &'a mut dyn FnMut(&Match<G>);

/// Plays `games` random games of `G` (seeds `seed`, `seed + 1`, …) and checks the contract at
/// every position. `check` runs on each position too.
pub fn check_random_games<G: Game>(
    config: &G::Config,
    seats: usize,
    games: usize,
    seed: u64,
    check: PositionCheck<'_, G>,
) -> Coverage {
    let mut coverage = Coverage::default();
    let mut legal = Vec::new();
    let mut other_legal = Vec::new();
    let mut pool = Vec::new();
    let mut observer = observation::Observer::new::<G>(config, seats);
    // The action list, once: no action twice, and every legal action of every position in it
    // (an environment's mask over it must cover what the game allows).
    let space_list = G::action_space(config, seats);
    // Each action with its id (its place in the list).
    let space: Option<std::collections::HashMap<G::Action, u32>> = space_list.as_ref().map(|list| {
        let ids: std::collections::HashMap<_, _> = list.iter().enumerate().map(|(id, &a)| (a, id as u32)).collect();
        assert_eq!(ids.len(), list.len(), "{}: the action space lists an action twice", G::NAME);
        check_action_keys::<G>(list);
        ids
    });
    let mut direct_ids = Vec::new();
    for game in 0..games as u64 {
        let game_seed = seed.wrapping_add(game);
        let ctx = |step: usize| format!("{} seats={seats} seed={game_seed} step={step}", G::NAME);
        let mut m =
            Match::<G>::new(config, seats, game_seed).unwrap_or_else(|e| panic!("{}: setup failed: {e}", ctx(0)));
        let mut policy = seeded(game_seed ^ 0xD1CE);
        // One position per game (if it lasts that long) where every action of the action space
        // that is not listed must be refused: the list is complete, not just sound.
        let space_step = policy.random_range(0..64);
        let mut step = 0;
        while !m.state().is_over() {
            assert!(step < 200_000, "{}: the game does not end", ctx(step));
            check(&m);
            let state = m.state();
            let to_act = state.to_act();
            if to_act.len() > 1 {
                coverage.multi_seat_positions += 1;
            }
            let mut resampled = false;
            assert!(state.outcome().is_none(), "{}: an outcome while seats are to act", ctx(step));
            assert!(state.end_reason().is_none(), "{}: an end reason while seats are to act", ctx(step));
            for seat in Seat::all(seats) {
                state.legal_actions(seat, &mut legal);
                assert_eq!(
                    !legal.is_empty(),
                    to_act.contains(seat),
                    "{}: seat {seat} to act ⇔ has legal actions",
                    ctx(step)
                );
                checks::check_legal_ids(state, seat, &legal, space.as_ref(), &mut direct_ids, &ctx(step));
                for action in &legal {
                    if let Some(space) = &space {
                        assert!(space.contains_key(action), "{}: legal {action} is not in the action space", ctx(step));
                    }
                    let text = action.to_string();
                    let parsed: G::Action =
                        text.parse().unwrap_or_else(|e| panic!("{}: {text:?} does not parse: {e}", ctx(step)));
                    assert_eq!(parsed, *action, "{}: notation round trip of {text:?}", ctx(step));
                    let canonical = state.canonical(seat, *action);
                    assert_eq!(canonical, *action, "{}: legal {action} is not its own canonical form", ctx(step));
                }
                // The observer's view and legal actions are the same in every sampled world.
                let view = state.view(Some(seat));
                serde_json::to_string(&view).unwrap_or_else(|e| panic!("{}: view does not serialise: {e}", ctx(step)));
                if let Some(observer) = &mut observer {
                    coverage.observation_changes += usize::from(observer.observe(state, seat, &ctx(step)));
                }
                for _ in 0..2 {
                    let world = state.determinize(seat, &mut policy);
                    assert_eq!(world.view(Some(seat)), view, "{}: determinize changed seat {seat}'s view", ctx(step));
                    // The seat's tensor too: it may show only what the seat knows.
                    if let Some(observer) = &mut observer {
                        observer.same_in(&world, seat, &ctx(step));
                    }
                    if !resampled && Seat::all(seats).any(|o| o != seat && world.view(Some(o)) != state.view(Some(o))) {
                        resampled = true;
                    }
                    world.legal_actions(seat, &mut other_legal);
                    assert_eq!(other_legal, legal, "{}: determinize changed seat {seat}'s legal actions", ctx(step));
                }
            }
            coverage.resampled_positions += usize::from(resampled);
            checks::check_step(state, &ctx(step));
            if policy.random_bool(0.25) {
                for seat in Seat::all(seats) {
                    checks::check_determinize_blind(state, seat, &mut policy, &ctx(step));
                }
            }
            let actor = to_act.iter().nth(policy.random_range(0..to_act.len())).expect("someone is to act");
            state.legal_actions(actor, &mut legal);
            checks::check_secrecy(state, actor, &legal, &mut policy, &ctx(step));
            pool.clear();
            pool.extend(m.history().iter().map(|&(_, a)| a));
            checks::check_refusals(state, actor, &pool, &mut policy, &ctx(step));
            if step == space_step
                && let Some(list) = &space_list
            {
                checks::check_unlisted_refused(state, actor, list, &ctx(step));
            }
            // A seat that is not to act is refused and nothing changes.
            let action = legal[policy.random_range(0..legal.len())];
            if let Some(idle) = Seat::all(seats).find(|s| !to_act.contains(*s)) {
                let mut probe = state.clone();
                let before = checks::all_views(&probe);
                let result = probe.apply(idle, action, &mut seeded(0), &mut EventLog::off());
                assert!(result.is_err(), "{}: seat {idle} acted out of turn", ctx(step));
                assert!(checks::all_views(&probe) == before, "{}: a refused action changed the state", ctx(step));
            }
            m.apply(actor, action).unwrap_or_else(|e| panic!("{}: legal action {action} refused: {e}", ctx(step)));
            step += 1;
        }
        assert!(m.outcome().is_some(), "{}: over without an outcome", ctx(step));
        for seat in Seat::all(seats) {
            let mut legal = Vec::new();
            m.state().legal_actions(seat, &mut legal);
            assert!(legal.is_empty(), "{}: legal actions after the end", ctx(step));
        }
        check_replay(&m);
        coverage.games += 1;
        coverage.actions += step;
    }
    coverage
}

/// Checks that `m`'s record survives JSON and replays to identical views for every viewer at
/// every step.
pub fn check_replay<G: Game>(m: &Match<G>) {
    let record = m.record();
    let json = serde_json::to_string(&record).expect("records serialise");
    let back: Record = serde_json::from_str(&json).expect("records deserialise");
    assert_eq!(back, record, "{}: record JSON round trip", G::NAME);
    let replayed = Match::<G>::replay(&back).unwrap_or_else(|e| panic!("{}: replay failed: {e}", G::NAME));
    let seats = m.state().seats();
    for viewer in std::iter::once(None).chain(Seat::all(seats).map(Some)) {
        assert_eq!(replayed.state().view(viewer), m.state().view(viewer), "{}: replayed view differs", G::NAME);
    }
    assert_eq!(replayed.outcome(), m.outcome());
    // Step by step: a twin match fed the record's notation sees the same states.
    let config: G::Config = serde_json::from_value(record.config.clone()).expect("config round trip");
    assert_eq!(&config, m.state().config(), "{}: config JSON round trip", G::NAME);
    let mut twin = Match::<G>::new(&config, seats, record.seed).expect("same setup");
    let mut original = Match::<G>::new(&config, seats, record.seed).expect("same setup");
    for (i, entry) in record.actions.iter().enumerate() {
        twin.apply_notation(entry.seat, &entry.action)
            .unwrap_or_else(|e| panic!("{}: action {} replays: {e}", G::NAME, i + 1));
        original.apply(m.history()[i].0, m.history()[i].1).expect("the original history is legal");
        for viewer in std::iter::once(None).chain(Seat::all(seats).map(Some)) {
            assert_eq!(
                twin.state().view(viewer),
                original.state().view(viewer),
                "{}: replay differs after action {}",
                G::NAME,
                i + 1
            );
        }
    }
}

/// Plays a game of `G` dealt with `seed` to its end, `choose` picking every action from the true
/// state, and checks each pick is legal. In a secret choice or reaction window every seat to act
/// picks from the position where the step began (their answers are then applied in seat order
/// while the step goes on), so no pick sees another seat's pending answer. Returns the finished
/// game. For testing policies and rules of thumb that work on whole worlds.
pub fn play_game<G: Game>(
    config: &G::Config,
    seats: usize,
    seed: u64,
    mut choose: impl FnMut(&G, Seat, &[G::Action], &mut crate::GameRng) -> G::Action,
) -> G {
    let mut rng = seeded(seed);
    let mut game = G::new(config, seats, &mut rng).unwrap_or_else(|e| panic!("{}: set-up refused: {e}", G::NAME));
    let mut legal = Vec::new();
    let mut answers = Vec::new();
    let mut log = EventLog::off();
    while !game.is_over() {
        let (kind, to_act) = (game.step_kind(), game.to_act());
        answers.clear();
        for seat in to_act.iter().take(if kind.is_simultaneous() { usize::MAX } else { 1 }) {
            game.legal_actions(seat, &mut legal);
            let action = choose(&game, seat, &legal, &mut rng);
            assert!(legal.contains(&action), "{} seed {seed}: {action} is not among the legal {legal:?}", G::NAME);
            answers.push((seat, action));
        }
        let mut before = (kind, to_act);
        for &(seat, action) in &answers {
            game.apply(seat, action, &mut rng, &mut log)
                .unwrap_or_else(|e| panic!("{} seed {seed}: legal {action} refused: {e}", G::NAME));
            let after = (game.step_kind(), game.to_act());
            if !step_continues(before, seat, after) {
                break;
            }
            before = after;
        }
    }
    game
}

/// Plays `games` random games of `G` (seeds `seed`, `seed + 1`, …) and checks the position
/// notation at every position, the last included: the written position reads back
/// ([`Game::from_position`]) into a game that writes the same position, shows every seat and a
/// spectator the same view, offers the same legal actions and outcome, and goes on exactly like
/// the original under the same action and chance. Returns the number of positions checked.
pub fn check_positions<G: Game>(config: &G::Config, seats: usize, games: usize, seed: u64) -> usize {
    let mut checked = 0;
    let (mut legal, mut restored_legal) = (Vec::new(), Vec::new());
    for game in 0..games as u64 {
        let game_seed = seed.wrapping_add(game);
        let mut rng = seeded(game_seed);
        let mut policy = seeded(game_seed ^ 0x905);
        let mut state = G::new(config, seats, &mut rng).expect("the config sets up a game");
        let mut log = EventLog::off();
        for step in 0.. {
            let ctx = format!("{} seats={seats} seed={game_seed} step={step}", G::NAME);
            let text = state.position().unwrap_or_else(|| panic!("{ctx}: no position written"));
            let restored = G::from_position(config, seats, &text)
                .unwrap_or_else(|e| panic!("{ctx}: the written position does not read back: {e}\n{text}"));
            assert_eq!(restored.position().as_deref(), Some(text.as_str()), "{ctx}: the position changes on reading");
            assert_eq!(restored.to_act(), state.to_act(), "{ctx}: {text}");
            assert_eq!(restored.step_kind(), state.step_kind(), "{ctx}: {text}");
            assert_eq!(restored.outcome(), state.outcome(), "{ctx}: {text}");
            assert!(restored.view(None) == state.view(None), "{ctx}: the spectator's view differs: {text}");
            for seat in Seat::all(seats) {
                assert!(restored.view(Some(seat)) == state.view(Some(seat)), "{ctx}: seat {seat}'s view differs");
                state.legal_actions(seat, &mut legal);
                restored.legal_actions(seat, &mut restored_legal);
                assert_eq!(legal, restored_legal, "{ctx}: seat {seat}'s legal actions differ: {text}");
            }
            checked += 1;
            let Some(seat) = state.to_act().first() else { break };
            state.legal_actions(seat, &mut legal);
            let action = legal[policy.random_range(0..legal.len())];
            let mut restored = restored;
            let mut restored_rng = rng.clone();
            state.apply(seat, action, &mut rng, &mut log).expect("a legal action applies");
            restored.apply(seat, action, &mut restored_rng, &mut log).expect("the restored game takes the action");
            assert_eq!(restored.position(), state.position(), "{ctx}: after {action} the restored game differs");
        }
    }
    checked
}

/// A game that keys its actions ([`Game::action_key`]) keys all of them, no two alike: ids found
/// by key are then the ids found by hash.
fn check_action_keys<G: Game>(space: &[G::Action]) {
    if let Err(e) = distinct_keys(space, G::action_key) {
        panic!("{}: {e}", G::NAME);
    }
}

/// Whether `key` gives every action of `space` a key and no two the same (or gives none).
fn distinct_keys<A: std::fmt::Display>(space: &[A], key: impl Fn(&A) -> Option<u16>) -> Result<(), String> {
    if space.iter().all(|a| key(a).is_none()) {
        return Ok(());
    }
    let mut seen = std::collections::HashMap::new();
    for action in space {
        let k = key(action).ok_or_else(|| format!("{action} has no action key, other actions have"))?;
        if let Some(other) = seen.insert(k, action) {
            return Err(format!("{other} and {action} share the action key {k}"));
        }
    }
    Ok(())
}

#[cfg(test)]
mod tests {
    use super::checks::same_ids;
    use super::distinct_keys;

    #[test]
    fn written_legal_ids_must_be_the_legal_actions_ids_ascending() {
        let space = std::collections::HashMap::from([('a', 0), ('b', 1), ('c', 2)]);
        assert_eq!(same_ids(&[0, 2], &['c', 'a'], &space), Ok(()), "in any order of the actions");
        assert!(same_ids(&[2, 0], &['c', 'a'], &space).is_err(), "descending");
        assert!(same_ids(&[0], &['c', 'a'], &space).is_err(), "one missing");
        assert!(same_ids(&[0, 1, 2], &['c', 'a'], &space).is_err(), "one too many");
    }

    #[test]
    fn action_keys_must_be_given_for_all_actions_and_differ() {
        let space = [10u16, 11, 12];
        assert_eq!(distinct_keys(&space, |_| None), Ok(()), "no keys at all: looked up by hash");
        assert_eq!(distinct_keys(&space, |&a| Some(a - 10)), Ok(()));
        assert_eq!(distinct_keys(&space, |&a| Some(a / 2)), Err("10 and 11 share the action key 5".to_owned()));
        assert_eq!(
            distinct_keys(&space, |&a| (a != 12).then_some(a)),
            Err("12 has no action key, other actions have".to_owned())
        );
    }
}
