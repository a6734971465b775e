//! The contract checks can fail: each test breaks one property of the duel demo (a compound
//! secret choice and chained reaction windows) in a wrapper and expects
//! `engine::testing::check_random_games` — the suite the catalog runs over every game — to
//! reject it with a message naming what broke. The honest wrapper passes, so the failures
//! come from the flaw alone.

use std::panic::{AssertUnwindSafe, catch_unwind};

use engine::demo::{Duel, DuelAction, DuelConfig, DuelEvent, DuelView};
use engine::testing::check_random_games;
use engine::{EventLog, Game, GameRng, IllegalAction, Outcome, Seat, SeatSet, SetupError, StepKind, Variant};

/// Which property the wrapper breaks.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum Flaw {
    None,
    /// A seat's view is the next seat's: it shows another seat's pending secret pick.
    LeakyView,
    /// `determinize` returns the true world: it reads what the observer cannot see.
    PeekingDeterminize,
    /// Secret choices and reaction windows are called turns.
    EveryStepATurn,
    /// An illegal action is not refused: a legal one is played in its place.
    AcceptsIllegal,
    /// The action space an environment masks over leaves out actions the game allows.
    ShortActionSpace,
    /// `canonical` turns a listed action into another: the list is not in canonical form.
    CanonicalNotListed,
}

/// The duel with one flaw, chosen by `F` (an index into [`FLAWS`]).
#[derive(Clone, Debug)]
struct Broken<const F: usize>(Duel);

const FLAWS: [Flaw; 7] = [
    Flaw::None,
    Flaw::LeakyView,
    Flaw::PeekingDeterminize,
    Flaw::EveryStepATurn,
    Flaw::AcceptsIllegal,
    Flaw::ShortActionSpace,
    Flaw::CanonicalNotListed,
];

impl<const F: usize> Game for Broken<F> {
    const NAME: &'static str = "broken-duel";
    const TITLE: &'static str = "Duel with a flaw";
    const RULES_VERSION: &'static str = Duel::RULES_VERSION;
    const MIN_SEATS: usize = Duel::MIN_SEATS;
    const MAX_SEATS: usize = Duel::MAX_SEATS;
    type Config = DuelConfig;
    type Action = DuelAction;
    type View = DuelView;
    type Event = DuelEvent;

    fn variants() -> &'static [Variant] {
        Duel::variants()
    }
    fn new(config: &DuelConfig, seats: usize, rng: &mut GameRng) -> Result<Self, SetupError> {
        Duel::new(config, seats, rng).map(Broken)
    }
    fn config(&self) -> &DuelConfig {
        self.0.config()
    }
    fn seats(&self) -> usize {
        self.0.seats()
    }
    fn to_act(&self) -> SeatSet {
        self.0.to_act()
    }
    fn step_kind(&self) -> StepKind {
        if FLAWS[F] == Flaw::EveryStepATurn { StepKind::Turn } else { self.0.step_kind() }
    }
    fn pass(&self, seat: Seat) -> Option<DuelAction> {
        if FLAWS[F] == Flaw::EveryStepATurn { None } else { self.0.pass(seat) }
    }
    fn legal_actions(&self, seat: Seat, out: &mut Vec<DuelAction>) {
        self.0.legal_actions(seat, out);
    }
    fn canonical(&self, seat: Seat, action: DuelAction) -> DuelAction {
        let mut legal = Vec::new();
        self.0.legal_actions(seat, &mut legal);
        match legal.last() {
            Some(&last) if FLAWS[F] == Flaw::CanonicalNotListed && legal.len() > 1 => last,
            _ => action,
        }
    }
    fn action_space(config: &DuelConfig, seats: usize) -> Option<Vec<DuelAction>> {
        if FLAWS[F] == Flaw::ShortActionSpace { Some(Vec::new()) } else { Duel::action_space(config, seats) }
    }
    fn apply(
        &mut self,
        seat: Seat,
        action: DuelAction,
        rng: &mut GameRng,
        log: &mut EventLog<DuelEvent>,
    ) -> Result<(), IllegalAction> {
        match self.0.apply(seat, action, rng, log) {
            Err(_) if FLAWS[F] == Flaw::AcceptsIllegal && self.0.to_act().contains(seat) => {
                let mut legal = Vec::new();
                self.0.legal_actions(seat, &mut legal);
                self.0.apply(seat, legal[0], rng, log)
            }
            result => result,
        }
    }
    fn view(&self, viewer: Option<Seat>) -> DuelView {
        match viewer {
            Some(seat) if FLAWS[F] == Flaw::LeakyView => {
                let next = Seat::at((seat.index() + 1) % self.0.seats());
                self.0.view(Some(next))
            }
            _ => self.0.view(viewer),
        }
    }
    fn outcome(&self) -> Option<Outcome> {
        self.0.outcome()
    }
    fn determinize(&self, observer: Seat, rng: &mut GameRng) -> Self {
        if FLAWS[F] == Flaw::PeekingDeterminize { self.clone() } else { Broken(self.0.determinize(observer, rng)) }
    }
}

/// Runs the suite's random games over `Broken<F>` at 2 and 3 seats, with the catalog suite's
/// coverage rule (a game that hides something must resample something in `determinize`); the
/// failure message, if any.
fn failure<const F: usize>() -> Option<String> {
    let run = catch_unwind(AssertUnwindSafe(|| {
        (2..=3)
            .map(|seats| check_random_games::<Broken<F>>(&DuelConfig::default(), seats, 20, 1, &mut |_| {}))
            .map(|coverage| coverage.resampled_positions)
            .sum::<usize>()
    }));
    match run {
        Ok(0) => Some("determinize never resampled anything another seat sees".to_owned()),
        Ok(_) => None,
        Err(panic) => Some(
            panic
                .downcast_ref::<String>()
                .cloned()
                .or_else(|| panic.downcast_ref::<&str>().map(|s| (*s).to_owned()))
                .unwrap_or_default(),
        ),
    }
}

#[test]
fn the_honest_wrapper_passes() {
    assert_eq!(failure::<0>(), None);
}

#[test]
fn a_view_showing_another_seats_pending_pick_fails() {
    let message = failure::<1>().expect("the suite must reject a leaking view");
    assert!(message.contains("secret answer"), "failed for another reason: {message}");
}

#[test]
fn a_determinize_that_returns_the_true_world_fails() {
    let message = failure::<2>().expect("the suite must reject a peeking determinize");
    assert!(message.contains("never resampled"), "failed for another reason: {message}");
}

#[test]
fn a_secret_choice_called_a_turn_fails() {
    let message = failure::<3>().expect("the suite must reject a wrong step kind");
    assert!(message.contains("a turn must have exactly one seat"), "failed for another reason: {message}");
}

#[test]
fn an_illegal_action_taken_fails() {
    let message = failure::<4>().expect("the suite must reject an illegal action that is accepted");
    assert!(message.contains("yet apply took it"), "failed for another reason: {message}");
}

#[test]
fn an_action_space_without_a_legal_action_fails() {
    let message = failure::<5>().expect("the suite must reject an action space that misses legal actions");
    assert!(message.contains("is not in the action space"), "failed for another reason: {message}");
}

#[test]
fn a_legal_action_that_is_not_its_own_canonical_form_fails() {
    let message = failure::<6>().expect("the suite must reject a canonical form outside the legal list's");
    assert!(message.contains("is not its own canonical form"), "failed for another reason: {message}");
}
