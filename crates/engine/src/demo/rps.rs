//! Rock-paper-scissors with a veto: simultaneous secret throws and a one-seat reaction window.
//!
//! Both seats throw at once (`rock`, `paper`, `scissors`); neither sees the other's throw until
//! both are in. The loser of a throw then gets a reaction window: `veto` (once per game) voids
//! the throw, `accept` gives the point away. The first to [`RpsConfig::first_to`] points wins.

use std::fmt;
use std::str::FromStr;

#[path = "rps_position.rs"]
mod position;

use rand::Rng;
use serde::{Deserialize, Serialize};

use crate::ending::EndReason;
use crate::error::{IllegalAction, NotationError, SetupError};
use crate::event::{EventLog, GameEvent};
use crate::game::{Game, Variant, VariantKind};
use crate::outcome::Outcome;
use crate::position::PositionError;
use crate::rng::GameRng;
use crate::seat::{Seat, SeatSet};
use crate::step::StepKind;

/// A throw.
#[derive(Clone, Copy, PartialEq, Eq, Hash, Debug, Serialize, Deserialize)]
#[serde(rename_all = "lowercase")]
pub enum Hand {
    /// Beats scissors.
    Rock,
    /// Beats rock.
    Paper,
    /// Beats paper.
    Scissors,
}

impl Hand {
    const ALL: [Hand; 3] = [Hand::Rock, Hand::Paper, Hand::Scissors];

    fn beats(self, other: Hand) -> bool {
        matches!(
            (self, other),
            (Hand::Rock, Hand::Scissors) | (Hand::Paper, Hand::Rock) | (Hand::Scissors, Hand::Paper)
        )
    }
}

/// An action of the demo game.
#[derive(Clone, Copy, PartialEq, Eq, Hash, Debug)]
pub enum RpsAction {
    /// Throw a hand (secretly, at the same time as the opponent).
    Throw(Hand),
    /// Void the throw just lost (once per game).
    Veto,
    /// Let the throw just lost stand.
    Accept,
}

impl fmt::Display for RpsAction {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(match self {
            RpsAction::Throw(Hand::Rock) => "rock",
            RpsAction::Throw(Hand::Paper) => "paper",
            RpsAction::Throw(Hand::Scissors) => "scissors",
            RpsAction::Veto => "veto",
            RpsAction::Accept => "accept",
        })
    }
}

impl FromStr for RpsAction {
    type Err = NotationError;
    fn from_str(s: &str) -> Result<Self, Self::Err> {
        Ok(match s.trim() {
            "rock" => RpsAction::Throw(Hand::Rock),
            "paper" => RpsAction::Throw(Hand::Paper),
            "scissors" => RpsAction::Throw(Hand::Scissors),
            "veto" => RpsAction::Veto,
            "accept" => RpsAction::Accept,
            _ => return Err(NotationError::new(s, "expected rock, paper, scissors, veto or accept")),
        })
    }
}

/// The demo game's config.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "kebab-case", deny_unknown_fields)]
pub struct RpsConfig {
    /// Points needed to win.
    pub first_to: u8,
}

impl Default for RpsConfig {
    fn default() -> Self {
        RpsConfig { first_to: 2 }
    }
}

#[derive(Clone, Copy, PartialEq, Eq, Debug)]
enum Phase {
    Throwing,
    /// The loser of the last throw may veto it.
    Reaction {
        loser: Seat,
    },
    Over,
}

/// The state of a demo game.
#[derive(Clone, Debug)]
pub struct Rps {
    config: RpsConfig,
    points: [u8; 2],
    throws: [Option<Hand>; 2],
    vetoes: [bool; 2],
    last: Option<[Hand; 2]>,
    phase: Phase,
}

/// What a seat sees of the demo game.
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
pub struct RpsView {
    /// Points per seat.
    pub points: [u8; 2],
    /// Who has thrown this round (never what).
    pub thrown: [bool; 2],
    /// The viewer's own pending throw.
    pub my_throw: Option<Hand>,
    /// Vetoes still available per seat.
    pub vetoes: [bool; 2],
    /// The last revealed pair of throws.
    pub last: Option<[Hand; 2]>,
    /// Who may act.
    pub to_act: SeatSet,
}

/// What happened in the demo game.
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
#[serde(tag = "type", rename_all = "kebab-case")]
pub enum RpsEvent {
    /// A seat threw; the hand is visible only to the thrower.
    Threw { seat: Seat, hand: Option<Hand> },
    /// Both throws revealed.
    Revealed { hands: [Hand; 2] },
    /// A seat vetoed the throw.
    Vetoed { seat: Seat },
    /// A seat scored.
    Scored { seat: Seat },
}

impl fmt::Display for RpsEvent {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            RpsEvent::Threw { seat, hand: Some(h) } => write!(f, "seat {seat} threw {}", RpsAction::Throw(*h)),
            RpsEvent::Threw { seat, hand: None } => write!(f, "seat {seat} threw"),
            RpsEvent::Revealed { hands } => {
                write!(f, "revealed: {} against {}", RpsAction::Throw(hands[0]), RpsAction::Throw(hands[1]))
            }
            RpsEvent::Vetoed { seat } => write!(f, "seat {seat} vetoed"),
            RpsEvent::Scored { seat } => write!(f, "seat {seat} scored"),
        }
    }
}

impl GameEvent for RpsEvent {
    fn redact(&self, viewer: Option<Seat>) -> Option<Self> {
        match *self {
            RpsEvent::Threw { seat, .. } if viewer != Some(seat) => Some(RpsEvent::Threw { seat, hand: None }),
            _ => Some(self.clone()),
        }
    }
}

const SEATS: [Seat; 2] = [Seat::at(0), Seat::at(1)];

impl Rps {
    fn score(&mut self, seat: Seat, log: &mut EventLog<RpsEvent>) {
        self.points[seat.index()] += 1;
        log.push(RpsEvent::Scored { seat });
        self.phase = if self.points[seat.index()] >= self.config.first_to { Phase::Over } else { Phase::Throwing };
    }

    fn reveal(&mut self, hands: [Hand; 2], log: &mut EventLog<RpsEvent>) {
        self.throws = [None, None];
        self.last = Some(hands);
        log.push(RpsEvent::Revealed { hands });
        let winner = if hands[0].beats(hands[1]) {
            SEATS[0]
        } else if hands[1].beats(hands[0]) {
            SEATS[1]
        } else {
            return;
        };
        let loser = SEATS[1 - winner.index()];
        if self.vetoes[loser.index()] {
            self.phase = Phase::Reaction { loser };
        } else {
            self.score(winner, log);
        }
    }
}

impl Game for Rps {
    const NAME: &'static str = "rps-veto";
    const TITLE: &'static str = "Rock-paper-scissors with a veto";
    const RULES_VERSION: &'static str = "1";
    const MIN_SEATS: usize = 2;
    const MAX_SEATS: usize = 2;
    type Config = RpsConfig;
    type Action = RpsAction;
    type View = RpsView;
    type Event = RpsEvent;

    fn variants() -> &'static [Variant] {
        &[Variant {
            name: "first-to",
            description: "points needed to win",
            kind: VariantKind::Number { min: 1, max: 9, default: 2 },
        }]
    }

    fn new(config: &RpsConfig, seats: usize, _rng: &mut GameRng) -> Result<Self, SetupError> {
        if seats != 2 {
            return Err(SetupError::Seats { game: Self::NAME, seats, min: 2, max: 2 });
        }
        if config.first_to == 0 {
            return Err(SetupError::Config("first-to must be at least 1".into()));
        }
        Ok(Rps {
            config: config.clone(),
            points: [0; 2],
            throws: [None; 2],
            vetoes: [true; 2],
            last: None,
            phase: Phase::Throwing,
        })
    }

    fn config(&self) -> &RpsConfig {
        &self.config
    }

    fn seats(&self) -> usize {
        2
    }

    fn to_act(&self) -> SeatSet {
        match self.phase {
            Phase::Throwing => SEATS.iter().filter(|s| self.throws[s.index()].is_none()).copied().collect(),
            Phase::Reaction { loser } => SeatSet::only(loser),
            Phase::Over => SeatSet::EMPTY,
        }
    }

    fn step_kind(&self) -> StepKind {
        match self.phase {
            Phase::Throwing => StepKind::Secret,
            Phase::Reaction { .. } => StepKind::Reaction,
            Phase::Over => StepKind::Turn,
        }
    }

    fn pass(&self, seat: Seat) -> Option<RpsAction> {
        matches!(self.phase, Phase::Reaction { loser } if loser == seat).then_some(RpsAction::Accept)
    }

    fn legal_actions(&self, seat: Seat, out: &mut Vec<RpsAction>) {
        out.clear();
        if !self.to_act().contains(seat) {
            return;
        }
        match self.phase {
            Phase::Throwing => out.extend(Hand::ALL.map(RpsAction::Throw)),
            Phase::Reaction { .. } => out.extend([RpsAction::Veto, RpsAction::Accept]),
            Phase::Over => {}
        }
    }

    fn apply(
        &mut self,
        seat: Seat,
        action: RpsAction,
        _rng: &mut GameRng,
        log: &mut EventLog<RpsEvent>,
    ) -> Result<(), IllegalAction> {
        if self.phase == Phase::Over {
            return Err(IllegalAction::GameOver);
        }
        if !self.to_act().contains(seat) {
            return Err(IllegalAction::NotToAct(seat));
        }
        match (self.phase, action) {
            (Phase::Throwing, RpsAction::Throw(hand)) => {
                self.throws[seat.index()] = Some(hand);
                log.push(RpsEvent::Threw { seat, hand: Some(hand) });
                if let [Some(a), Some(b)] = self.throws {
                    self.reveal([a, b], log);
                }
            }
            (Phase::Reaction { loser }, RpsAction::Veto) => {
                self.vetoes[loser.index()] = false;
                self.phase = Phase::Throwing;
                log.push(RpsEvent::Vetoed { seat });
            }
            (Phase::Reaction { loser }, RpsAction::Accept) => self.score(SEATS[1 - loser.index()], log),
            (Phase::Throwing, _) => return Err(IllegalAction::Rule("throw rock, paper or scissors")),
            (Phase::Reaction { .. }, _) => return Err(IllegalAction::Rule("veto or accept the throw")),
            (Phase::Over, _) => unreachable!("checked above"),
        }
        Ok(())
    }

    fn view(&self, viewer: Option<Seat>) -> RpsView {
        RpsView {
            points: self.points,
            thrown: self.throws.map(|t| t.is_some()),
            my_throw: viewer.and_then(|s| self.throws[s.index()]),
            vetoes: self.vetoes,
            last: self.last,
            to_act: self.to_act(),
        }
    }

    fn outcome(&self) -> Option<Outcome> {
        (self.phase == Phase::Over).then(|| Outcome::from_scores(&self.points.map(i64::from)))
    }

    fn end_reason(&self) -> Option<EndReason> {
        let winner = SEATS.into_iter().find(|s| self.points[s.index()] >= self.config.first_to)?;
        (self.phase == Phase::Over)
            .then(|| EndReason::new("points", format!("seat {winner} reached {} points", self.config.first_to)))
    }

    fn action_space(_config: &RpsConfig, _seats: usize) -> Option<Vec<RpsAction>> {
        let mut actions: Vec<RpsAction> = Hand::ALL.map(RpsAction::Throw).to_vec();
        actions.extend([RpsAction::Veto, RpsAction::Accept]);
        Some(actions)
    }

    /// 17 values, the observer first in every pair: points (over `first-to`), who has thrown,
    /// the observer's own pending throw (one-hot rock, paper, scissors), vetoes left, the last
    /// revealed throws (the observer's, then the other's, one-hot), who is to act.
    fn observation_shape(_config: &RpsConfig, _seats: usize) -> Option<Vec<usize>> {
        Some(vec![17])
    }

    fn observe(&self, seat: Seat, out: &mut [f32]) {
        let pair = [seat.index() % 2, 1 - seat.index() % 2];
        let hand = |h: Option<Hand>| h.map(|h| h as usize);
        let mut t = crate::Tensor::new(out);
        for s in pair {
            t.scaled(self.points[s], self.config.first_to);
        }
        for s in pair {
            t.flag(self.throws[s].is_some());
        }
        t.one_hot(hand(self.throws[pair[0]]), 3);
        for s in pair {
            t.flag(self.vetoes[s]);
        }
        for s in pair {
            t.one_hot(hand(self.last.map(|l| l[s])), 3);
        }
        let to_act = self.to_act();
        for s in pair {
            t.flag(to_act.contains(SEATS[s]));
        }
        t.finish();
    }

    fn position(&self) -> Option<String> {
        Some(self.write_position())
    }

    fn from_position(config: &RpsConfig, seats: usize, position: &str) -> Result<Self, PositionError> {
        if seats != 2 {
            return Err(SetupError::Seats { game: Self::NAME, seats, min: 2, max: 2 }.into());
        }
        if config.first_to == 0 {
            return Err(SetupError::Config("first-to must be at least 1".into()).into());
        }
        Rps::read_position(config, position)
    }

    fn determinize(&self, observer: Seat, rng: &mut GameRng) -> Self {
        let mut world = self.clone();
        let other = SEATS[1 - observer.index()];
        // The opponent's pending throw is hidden: resample it.
        if world.throws[other.index()].is_some() {
            world.throws[other.index()] = Some(Hand::ALL[rng.random_range(0..3)]);
        }
        world
    }
}
