//! Duel: a compound secret choice and a chained reaction window with an order.
//!
//! Two to four seats each hold the cards 1, 2, 3 and 4 for the whole game. Every round each seat
//! secretly picks two of them (`pick 1 3`: one action, built from two parts); the picks are
//! revealed together and the highest sum alone wins the round (a tie at the top wins nothing).
//! A won round opens a **reaction window** for every seat: a seat other than the winner may
//! `veto` the round once per game, or `pass`. When several veto, the first in clockwise order
//! from the winner's left is the one that counts (the others keep their veto), and the window
//! closes as soon as that is decided. A veto can itself be answered: a second window opens for
//! every seat, in which the winner may `overrule` it, once per game. A round that
//! stands scores the winner a point. The first to [`DuelConfig::first_to`] points wins, or the
//! most points after [`DuelConfig::max_rounds`] rounds.

mod events;
mod notation;
mod rules;

use rand::Rng;
use serde::{Deserialize, Serialize};

use crate::error::{IllegalAction, SetupError};
use crate::event::EventLog;
use crate::game::{Game, Variant, VariantKind};
use crate::outcome::Outcome;
use crate::rng::GameRng;
use crate::seat::{MAX_SEATS, Seat, SeatSet};
use crate::step::StepKind;

pub use events::DuelEvent;
pub use notation::{DuelAction, Pick};
pub use rules::Window;

/// The most seats a duel seats.
const SEATS: usize = 4;

/// The duel's config.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "kebab-case", deny_unknown_fields)]
pub struct DuelConfig {
    /// Points needed to win.
    pub first_to: u8,
    /// Rounds after which the most points win.
    pub max_rounds: u8,
}

impl Default for DuelConfig {
    fn default() -> Self {
        DuelConfig { first_to: 3, max_rounds: 12 }
    }
}

#[derive(Clone, Copy, PartialEq, Eq, Debug)]
enum Phase {
    Picking,
    Window(Window),
    Over,
}

/// The state of a duel.
#[derive(Clone, Debug)]
pub struct Duel {
    config: DuelConfig,
    seats: usize,
    round: u8,
    points: [u8; SEATS],
    picks: [Option<Pick>; SEATS],
    vetoes: [bool; SEATS],
    overrules: [bool; SEATS],
    /// Answers in the open window: `Some(true)` reacts.
    answers: [Option<bool>; SEATS],
    last: [Option<Pick>; SEATS],
    phase: Phase,
}

/// What a seat sees of a duel.
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
pub struct DuelView {
    /// The round being played, from 1.
    pub round: u8,
    /// Points per seat.
    pub points: Vec<u8>,
    /// Who has picked this round (never what).
    pub picked: Vec<bool>,
    /// The viewer's own pick this round.
    pub my_pick: Option<Pick>,
    /// Vetoes left per seat.
    pub vetoes: Vec<bool>,
    /// Overrules left per seat.
    pub overrules: Vec<bool>,
    /// The reaction window open, if any.
    pub window: Option<Window>,
    /// Who has answered in the open window (never how).
    pub answered: Vec<bool>,
    /// The viewer's own answer in the open window (`true` = reacted).
    pub my_answer: Option<bool>,
    /// The picks revealed last, per seat.
    pub last: Vec<Option<Pick>>,
    /// Who may act.
    pub to_act: SeatSet,
}
impl Game for Duel {
    const NAME: &'static str = "duel";
    const TITLE: &'static str = "Duel (demo)";
    const RULES_VERSION: &'static str = "1";
    const MIN_SEATS: usize = 2;
    const MAX_SEATS: usize = SEATS;
    type Config = DuelConfig;
    type Action = DuelAction;
    type View = DuelView;
    type Event = DuelEvent;

    fn variants() -> &'static [Variant] {
        &[
            Variant {
                name: "first-to",
                description: "points needed to win",
                kind: VariantKind::Number { min: 1, max: 9, default: 3 },
            },
            Variant {
                name: "max-rounds",
                description: "rounds after which the most points win",
                kind: VariantKind::Number { min: 1, max: 50, default: 12 },
            },
        ]
    }

    fn new(config: &DuelConfig, seats: usize, _rng: &mut GameRng) -> Result<Self, SetupError> {
        if !(Self::MIN_SEATS..=Self::MAX_SEATS).contains(&seats) {
            return Err(SetupError::Seats { game: Self::NAME, seats, min: Self::MIN_SEATS, max: Self::MAX_SEATS });
        }
        if config.first_to == 0 || config.max_rounds == 0 {
            return Err(SetupError::Config("first-to and max-rounds must be at least 1".into()));
        }
        Ok(Duel {
            config: config.clone(),
            seats,
            round: 1,
            points: [0; SEATS],
            picks: [None; SEATS],
            vetoes: [true; SEATS],
            overrules: [true; SEATS],
            answers: [None; SEATS],
            last: [None; SEATS],
            phase: Phase::Picking,
        })
    }

    fn config(&self) -> &DuelConfig {
        &self.config
    }

    fn seats(&self) -> usize {
        self.seats
    }

    fn to_act(&self) -> SeatSet {
        match self.phase {
            Phase::Picking => Seat::all(self.seats).filter(|s| self.picks[s.index()].is_none()).collect(),
            Phase::Window(window) => {
                window.asked(self.seats).iter().filter(|s| self.answers[s.index()].is_none()).collect()
            }
            Phase::Over => SeatSet::EMPTY,
        }
    }

    fn step_kind(&self) -> StepKind {
        match self.phase {
            Phase::Picking => StepKind::Secret,
            Phase::Window(_) => StepKind::Reaction,
            Phase::Over => StepKind::Turn,
        }
    }

    fn pass(&self, seat: Seat) -> Option<DuelAction> {
        (matches!(self.phase, Phase::Window(_)) && self.to_act().contains(seat)).then_some(DuelAction::Pass)
    }

    fn legal_actions(&self, seat: Seat, out: &mut Vec<DuelAction>) {
        out.clear();
        if !self.to_act().contains(seat) {
            return;
        }
        match self.phase {
            Phase::Picking => out.extend(Pick::ALL.map(DuelAction::Pick)),
            Phase::Window(window) => {
                if self.may_react(seat, window) {
                    out.push(Self::reaction(window));
                }
                out.push(DuelAction::Pass);
            }
            Phase::Over => {}
        }
    }

    fn apply(
        &mut self,
        seat: Seat,
        action: DuelAction,
        _rng: &mut GameRng,
        log: &mut EventLog<DuelEvent>,
    ) -> Result<(), IllegalAction> {
        if self.phase == Phase::Over {
            return Err(IllegalAction::GameOver);
        }
        if !self.to_act().contains(seat) {
            return Err(IllegalAction::NotToAct(seat));
        }
        match (self.phase, action) {
            (Phase::Picking, DuelAction::Pick(pick)) => {
                self.picks[seat.index()] = Some(pick);
                log.push(DuelEvent::Picked { seat, pick: Some(pick) });
                if self.to_act().is_empty() {
                    self.reveal(log);
                }
            }
            (Phase::Picking, _) => return Err(IllegalAction::Rule("pick two of your cards")),
            (Phase::Window(window), DuelAction::Pass) => {
                self.answers[seat.index()] = Some(false);
                log.push(DuelEvent::Answered { seat, react: Some(false) });
                self.try_resolve(window, log);
            }
            (Phase::Window(window), react) if react == Self::reaction(window) => {
                if !self.may_react(seat, window) {
                    return Err(IllegalAction::Rule(match window {
                        Window::Veto { .. } => "only a seat with its veto left may veto another's round",
                        Window::Overrule { .. } => "only the round's winner with its overrule left may overrule",
                    }));
                }
                self.answers[seat.index()] = Some(true);
                log.push(DuelEvent::Answered { seat, react: Some(true) });
                self.try_resolve(window, log);
            }
            (Phase::Window(Window::Veto { .. }), _) => return Err(IllegalAction::Rule("veto or pass")),
            (Phase::Window(Window::Overrule { .. }), _) => return Err(IllegalAction::Rule("overrule or pass")),
            (Phase::Over, _) => unreachable!("checked above"),
        }
        Ok(())
    }

    fn view(&self, viewer: Option<Seat>) -> DuelView {
        let seats = self.seats;
        let window = match self.phase {
            Phase::Window(w) => Some(w),
            _ => None,
        };
        DuelView {
            round: self.round,
            points: self.points[..seats].to_vec(),
            picked: self.picks[..seats].iter().map(Option::is_some).collect(),
            my_pick: viewer.and_then(|s| self.picks[s.index()]),
            vetoes: self.vetoes[..seats].to_vec(),
            overrules: self.overrules[..seats].to_vec(),
            window,
            answered: self.answers[..seats].iter().map(Option::is_some).collect(),
            my_answer: viewer.and_then(|s| self.answers[s.index()]),
            last: self.last[..seats].to_vec(),
            to_act: self.to_act(),
        }
    }

    fn outcome(&self) -> Option<Outcome> {
        (self.phase == Phase::Over).then(|| {
            let scores: Vec<i64> = self.points[..self.seats].iter().map(|&p| i64::from(p)).collect();
            Outcome::from_scores(&scores)
        })
    }

    fn determinize(&self, observer: Seat, rng: &mut GameRng) -> Self {
        let mut world = self.clone();
        for seat in Seat::all(self.seats).filter(|&s| s != observer) {
            // Another seat's pending pick is hidden: resample it.
            if world.picks[seat.index()].is_some() {
                world.picks[seat.index()] = Some(Pick::ALL[rng.random_range(0..Pick::ALL.len())]);
            }
        }
        if let Phase::Window(window) = self.phase {
            // So are the answers in the window, except what its being open tells: everyone who
            // answered before the first seat in order still to answer passed (a reaction there
            // would have closed it).
            let asked = window.asked(self.seats);
            let mut seat = window.winner();
            let mut decided = true;
            for _ in 0..self.seats {
                seat = seat.next(self.seats);
                let i = seat.index();
                if !asked.contains(seat) {
                    continue;
                }
                match self.answers[i] {
                    None => decided = false,
                    Some(_) if seat == observer || decided => {}
                    Some(_) => world.answers[i] = Some(self.may_react(seat, window) && rng.random_bool(0.5)),
                }
            }
        }
        world
    }
}

// The arrays above are sized for the duel's seats, well within the engine's limit.
const _: () = assert!(SEATS <= MAX_SEATS);
