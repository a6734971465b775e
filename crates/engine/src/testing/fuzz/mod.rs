//! Fuzzing any game with bytes from a coverage-guided fuzzer (`fuzz/` in the repository runs
//! it with libFuzzer over every game of the catalog; see `docs/fuzzing.md`).
//!
//! The bytes choose the seat count (now and then one the game does not take), the config (each
//! variant's value, now and then one outside its range), the seed, and then, step by step,
//! what to try: a legal action of a seat to act, an action that is not legal for some seat,
//! notation text (a legal action's notation edited, or raw bytes), the deep checks of
//! [`crate::testing`] at this position, a position to read (the current one, edited) or a
//! record to load (the match's record, edited). Once the bytes are used up a generator seeded
//! from them goes on choosing, so every input plays its game to the end.
//!
//! What is checked, besides that nothing panics: every legal action applies; every refused
//! action or text leaves the state unchanged; notation reads back as the same action, and text
//! that reads as an action is taken exactly when that action is legal; at every position the
//! position notation round-trips, determinize keeps each seat's view and legal actions, and a
//! seat is to act exactly when it has legal actions; an unedited position or record always
//! loads, and whatever loads keeps all of the above; at the end the record replays to the same
//! state.

mod mutate;
mod probe;
mod source;

use std::collections::HashSet;

use serde_json::Value;

use self::probe::{Snapshot, check_determinize, check_legal, check_position, check_record};
use self::source::Source;
use super::checks;
use crate::game::{Game, VariantKind};
use crate::matches::Match;
use crate::seat::{MAX_SEATS, Seat};

/// What one or more fuzz inputs did: the numbers a long run reports.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct FuzzCount {
    /// Inputs that set up a game (the others were refused set-ups, as they should be).
    pub games: u64,
    /// Actions applied (each followed by the checks at the new position).
    pub actions: u64,
    /// Actions and texts tried that were not legal, each refused without a change.
    pub refused: u64,
    /// Edited positions that were read and played on.
    pub positions: u64,
    /// Edited records that were loaded and played on.
    pub records: u64,
}

impl std::ops::AddAssign for FuzzCount {
    fn add_assign(&mut self, other: FuzzCount) {
        self.games += other.games;
        self.actions += other.actions;
        self.refused += other.refused;
        self.positions += other.positions;
        self.records += other.records;
    }
}

/// The most steps one input takes (loads can set a game back, so this bounds the loop).
const MAX_STEPS: usize = 20_000;

/// The most records one input loads: each replays the game so far, so more would make an input
/// cost the square of its game's length.
const MAX_RECORD_LOADS: usize = 2;

/// Plays one game of `G` as `data` chooses, checking the contract at every step (see the
/// module docs). Panics, naming the game, seat count, seed and step, where the game breaks it.
pub fn fuzz_game<G: Game>(data: &[u8]) -> FuzzCount {
    let mut src = Source::new(data);
    let mut count = FuzzCount::default();
    let seats = seat_count::<G>(&mut src);
    let Some(config) = config::<G>(&mut src) else { return count };
    let seed = src.u64();
    let setup = Match::<G>::new(&config, seats, seed);
    if !(G::MIN_SEATS..=G::MAX_SEATS).contains(&seats) {
        assert!(setup.is_err(), "{}: a game of {seats} seats was set up", G::NAME);
    }
    let Ok(mut m) = setup else { return count };
    count.games = 1;
    let mut run = Run::new(&m);
    run.trace(|| format!("{}: {seats} seats, seed {seed}, config {}", G::NAME, serde_json::json!(config)));
    run.check_here(&m, 0, &mut src);
    let mut record_loads = 0;
    for step in 1..=MAX_STEPS {
        if m.state().is_over() {
            break;
        }
        let ctx = run.ctx(step);
        match src.byte() {
            0..=169 => {
                let seat = m.state().to_act().iter().nth(src.below(m.state().to_act().len())).expect("someone acts");
                m.state().legal_actions(seat, &mut run.legal);
                let action = *src.pick(&run.legal);
                if let Err(e) = m.apply(seat, action) {
                    panic!("{ctx}: seat {seat}'s legal {action} was refused: {e}");
                }
                run.trace(|| format!("{ctx}: seat {seat} plays {action}"));
                count.actions += 1;
            }
            170..=194 => {
                let seat = Seat::at(src.below(MAX_SEATS));
                // An action of the action space, or one played earlier in this game.
                let action = match (&run.space_list, m.history()) {
                    (Some(list), _) if src.below(2) == 0 => *src.pick(list),
                    (_, []) => continue,
                    (_, history) => src.pick(history).1,
                };
                m.state().legal_actions(seat, &mut run.legal);
                // Another spelling of a legal action is that action (`Game::canonical`).
                if stands_for(m.state(), seat, action, &run.legal).is_none() {
                    let before = Snapshot::of(&m);
                    assert!(
                        m.apply(seat, action).is_err(),
                        "{ctx}: seat {seat} may not play {action}, yet it was taken"
                    );
                    assert!(Snapshot::of(&m) == before, "{ctx}: the refused {action} of seat {seat} changed the state");
                    count.refused += 1;
                }
                continue;
            }
            195..=219 => match run.text(&mut m, &mut src, &ctx) {
                Some(true) => {
                    run.trace(|| format!("{ctx}: {:?} applied", m.history().last()));
                    count.actions += 1;
                }
                Some(false) => {
                    count.refused += 1;
                    continue;
                }
                None => continue,
            },
            220..=231 => {
                run.deep_checks(&m, &mut src, &ctx);
                continue;
            }
            232..=243 => {
                let Some(loaded) = run.position(&m, &mut src, &ctx) else { continue };
                run.trace(|| format!("{ctx}: read the position {:?}", loaded.start_position()));
                m = loaded;
                run = Run::new(&m);
                count.positions += 1;
            }
            _ if record_loads >= MAX_RECORD_LOADS => continue,
            _ => {
                record_loads += 1;
                let Some(loaded) = run.record(&m, &mut src, &ctx) else { continue };
                run.trace(|| format!("{ctx}: loaded the record {}", serde_json::json!(loaded.record())));
                m = loaded;
                run = Run::new(&m);
                count.records += 1;
            }
        }
        run.check_here(&m, step, &mut src);
    }
    let ctx = run.ctx(MAX_STEPS);
    if m.state().is_over() {
        assert!(m.outcome().is_some(), "{ctx}: over without an outcome");
    }
    check_record(&m, &ctx);
    count
}

/// The legal action `seat`'s `action` stands for (itself or, spelt another way, its
/// [`Game::canonical`] form), if any.
fn stands_for<G: Game>(state: &G, seat: Seat, action: G::Action, legal: &[G::Action]) -> Option<G::Action> {
    if seat.index() >= state.seats() {
        return None;
    }
    Some(state.canonical(seat, action)).filter(|canonical| legal.contains(canonical))
}

/// The seat count: one the game takes, now and then one it does not.
fn seat_count<G: Game>(src: &mut Source) -> usize {
    if src.below(16) == 0 {
        return *src.pick(&[0, G::MIN_SEATS.saturating_sub(1), G::MAX_SEATS + 1, MAX_SEATS + 1]);
    }
    G::MIN_SEATS + src.below(G::MAX_SEATS - G::MIN_SEATS + 1)
}

/// A config: each variant left at its default or set (a number mostly near its minimum), now
/// and then to a value outside its range (a host may pass any JSON config). `None` when the config does not read, as it
/// should not for some of those values.
fn config<G: Game>(src: &mut Source) -> Option<G::Config> {
    let mut full = serde_json::to_value(G::Config::default()).expect("configs serialise");
    let Value::Object(map) = &mut full else { return Some(G::Config::default()) };
    for variant in G::variants() {
        let wild = src.below(32) == 0;
        let value = match variant.kind {
            _ if src.below(3) == 0 => continue,
            VariantKind::Flag if wild => Value::from(src.byte()),
            VariantKind::Flag => Value::Bool(src.below(2) == 0),
            VariantKind::Choice { .. } if wild => Value::String(src.text(8, mutate::ALPHABET)),
            VariantKind::Choice { options, .. } => Value::from(*src.pick(options)),
            VariantKind::Number { .. } if wild => Value::from(src.u64() as i64 >> src.below(64)),
            // Mostly the low end: a match of 99 games costs a hundred inputs of one, and
            // the fuzzer learns more from many short inputs than from a few long ones.
            VariantKind::Number { min, max, .. } => {
                let span = if src.below(4) == 0 { max - min } else { (max - min).min(2) };
                Value::from(min + src.below(span as usize + 1) as i64)
            }
        };
        map.insert(variant.name.to_owned(), value);
    }
    serde_json::from_value(full).ok()
}

/// What the steps of one match share: its action space, its set-up for messages and a buffer.
struct Run<G: Game> {
    space_list: Option<Vec<G::Action>>,
    space: Option<HashSet<G::Action>>,
    legal: Vec<G::Action>,
    seats: usize,
    seed: u64,
    /// Whether to print every step (`SPIELTISCH_FUZZ_TRACE` set: for reproducing a crash).
    trace: bool,
}

impl<G: Game> Run<G> {
    fn new(m: &Match<G>) -> Self {
        let seats = m.state().seats();
        let space_list = G::action_space(m.state().config(), seats);
        let space = space_list.as_ref().map(|list| list.iter().copied().collect());
        let trace = std::env::var_os("SPIELTISCH_FUZZ_TRACE").is_some();
        Run { space_list, space, legal: Vec::new(), seats, seed: m.seed(), trace }
    }

    fn trace(&self, line: impl FnOnce() -> String) {
        if self.trace {
            eprintln!("{}", line());
        }
    }

    fn ctx(&self, step: usize) -> String {
        format!("{} seats={} seed={} step={step}", G::NAME, self.seats, self.seed)
    }

    /// The checks at every position: legal actions and their notation, the step, the position
    /// notation (compared through one viewer's view), and determinize for one seat (the bytes
    /// choose which: comparing every view at every step would cost eight times as much at a
    /// table of eight, for what the next steps check anyway).
    fn check_here(&mut self, m: &Match<G>, step: usize, src: &mut Source) {
        let ctx = self.ctx(step);
        let state = m.state();
        check_legal(state, self.space.as_ref(), &mut self.legal, &ctx);
        if !state.is_over() {
            checks::check_step(state, &ctx);
        }
        let seat = Seat::at(src.below(state.seats()));
        let viewer = if src.below(state.seats() + 1) == 0 { None } else { Some(seat) };
        check_position(state, viewer, &mut self.legal, &ctx);
        let mut rng = crate::rng::seeded(src.u64());
        check_determinize(state, seat, &mut rng, &mut self.legal, &ctx);
    }

    /// Tries a text as some seat's action: a legal action's notation, edited, or raw bytes.
    /// Text that reads as an action must write back as text that reads as the same; it must be
    /// taken exactly when that action is legal, and change nothing when refused. `Some(true)`
    /// when an action was applied, `Some(false)` when refused, `None` when nothing was tried.
    fn text(&mut self, m: &mut Match<G>, src: &mut Source, ctx: &str) -> Option<bool> {
        let to_act = m.state().to_act();
        let seat = match to_act.iter().nth(src.below(to_act.len() + 1)) {
            Some(seat) => seat,
            None => Seat::at(src.below(MAX_SEATS)),
        };
        m.state().legal_actions(seat, &mut self.legal);
        let text = match self.legal.is_empty() || src.below(4) == 0 {
            true => src.text(24, mutate::ALPHABET),
            false => mutate::text(&src.pick(&self.legal).to_string(), src),
        };
        let parsed: Result<G::Action, _> = text.trim().parse();
        if let Ok(action) = parsed {
            let written = action.to_string();
            let back: Result<G::Action, _> = written.parse();
            assert_eq!(
                back.as_ref().ok(),
                Some(&action),
                "{ctx}: {text:?} reads as {written:?}, which reads as {back:?}"
            );
        }
        let legal = parsed.ok().and_then(|a| stands_for(m.state(), seat, a, &self.legal));
        let before = legal.is_none().then(|| Snapshot::of(m));
        let result = m.apply_notation(seat, &text).map(|_| ());
        match before {
            None => {
                result.unwrap_or_else(|e| panic!("{ctx}: seat {seat}'s {text:?} reads as a legal action, yet: {e}"));
                let recorded = m.history().last().map(|&(_, a)| a);
                assert_eq!(recorded, legal, "{ctx}: seat {seat}'s {text:?} is recorded as another action");
                Some(true)
            }
            Some(before) => {
                assert!(result.is_err(), "{ctx}: seat {seat}'s {text:?} is no legal action, yet it was taken");
                assert!(Snapshot::of(m) == before, "{ctx}: the refused {text:?} of seat {seat} changed the state");
                Some(false)
            }
        }
    }

    /// The checks of [`crate::testing::check_random_games`] that look deeper: the secrecy of a
    /// simultaneous answer, determinize reading nothing hidden, every unlisted action refused.
    fn deep_checks(&mut self, m: &Match<G>, src: &mut Source, ctx: &str) {
        let state = m.state();
        let to_act = state.to_act();
        let actor = to_act.iter().nth(src.below(to_act.len())).expect("someone acts");
        let mut rng = crate::rng::seeded(src.u64());
        state.legal_actions(actor, &mut self.legal);
        checks::check_secrecy(state, actor, &self.legal, &mut rng, ctx);
        checks::check_determinize_blind(state, Seat::at(src.below(self.seats)), &mut rng, ctx);
        if let Some(space) = &self.space_list {
            checks::check_unlisted_refused(state, actor, space, ctx);
        }
    }

    /// Reads the current position, edited or not (with now and then another seat count): an
    /// unedited one must read, and one that reads is played on from. `None` when the game has
    /// no position notation or the edited text was refused.
    fn position(&mut self, m: &Match<G>, src: &mut Source, ctx: &str) -> Option<Match<G>> {
        let written = m.state().position()?;
        let edited = src.below(4) != 0;
        let text = if edited { mutate::text(&written, src) } else { written.clone() };
        let seats = if src.below(8) == 0 { src.below(MAX_SEATS + 2) } else { self.seats };
        let loaded = Match::<G>::from_position(m.state().config(), seats, &text, src.u64());
        if !edited && seats == self.seats {
            let loaded = loaded.as_ref().unwrap_or_else(|e| panic!("{ctx}: the position does not read: {e}\n{text}"));
            assert_eq!(loaded.state().position().as_ref(), Some(&written), "{ctx}: the position changes on reading");
        }
        loaded.ok()
    }

    /// Loads the match's record, edited: one that loads must write a record that replays to
    /// the same state, and is played on from. `None` when the edited record was refused.
    fn record(&mut self, m: &Match<G>, src: &mut Source, ctx: &str) -> Option<Match<G>> {
        let mut notations: Vec<String> = m.history().iter().map(|(_, a)| a.to_string()).collect();
        for seat in m.state().to_act() {
            m.state().legal_actions(seat, &mut self.legal);
            notations.extend(self.legal.iter().map(ToString::to_string));
        }
        let record = mutate::record(m.record(), &notations, src)?;
        let loaded = Match::<G>::replay(&record).ok()?;
        check_record(&loaded, &format!("{ctx}: a loaded record"));
        Some(loaded)
    }
}

#[cfg(test)]
mod tests;
