//! "Snap": a test game with a secret choice and a reaction window that lists every seat, so a
//! seat that cannot react is asked like one that can. Each round both seats pick 1, 2 or 3
//! secretly (`pick N`); the higher pick scores it. Then every seat answers a reaction window:
//! the seat holding the snap card (`holder` in the config) may `snap` (one point, once per
//! game) or `pass`; the other can only `pass`. Three rounds.

use std::fmt;
use std::str::FromStr;
use std::sync::atomic::{AtomicUsize, Ordering};

use engine::{
    Bot, BotError, BotSpec, EventLog, Game, GameEvent, GameRng, IllegalAction, InfoSet, NotationError, Outcome,
    RandomBot, Registry, Seat, SeatSet, SetupError, StepKind, Variant,
};
use rand::Rng;
use serde::{Deserialize, Serialize};

const ROUNDS: u8 = 3;
const SEATS: [Seat; 2] = [Seat::at(0), Seat::at(1)];

/// An action of Snap.
#[derive(Clone, Copy, PartialEq, Eq, Hash, Debug)]
pub enum SnapAction {
    Pick(u8),
    Snap,
    Pass,
}

impl fmt::Display for SnapAction {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            SnapAction::Pick(n) => write!(f, "pick {n}"),
            SnapAction::Snap => f.write_str("snap"),
            SnapAction::Pass => f.write_str("pass"),
        }
    }
}

impl FromStr for SnapAction {
    type Err = NotationError;
    fn from_str(s: &str) -> Result<Self, Self::Err> {
        match s.trim() {
            "snap" => Ok(SnapAction::Snap),
            "pass" => Ok(SnapAction::Pass),
            "pick 1" => Ok(SnapAction::Pick(1)),
            "pick 2" => Ok(SnapAction::Pick(2)),
            "pick 3" => Ok(SnapAction::Pick(3)),
            _ => Err(NotationError::new(s, "expected pick 1, pick 2, pick 3, snap or pass")),
        }
    }
}

/// Which seat holds the snap card.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "kebab-case", deny_unknown_fields)]
pub struct SnapConfig {
    pub holder: u8,
}

impl Default for SnapConfig {
    fn default() -> Self {
        SnapConfig { holder: 1 }
    }
}

#[derive(Clone, Copy, PartialEq, Eq, Debug)]
enum Phase {
    Pick,
    React,
    Over,
}

/// A game of Snap.
#[derive(Clone, Debug)]
pub struct Snap {
    config: SnapConfig,
    round: u8,
    points: [i64; 2],
    picks: [Option<u8>; 2],
    answered: [Option<bool>; 2],
    card: bool,
    phase: Phase,
}

/// What a seat sees.
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
pub struct SnapView {
    pub round: u8,
    pub points: [i64; 2],
    pub picked: [bool; 2],
    pub my_pick: Option<u8>,
    pub holds_card: bool,
}

/// What happened.
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
#[serde(tag = "type", rename_all = "kebab-case")]
pub enum SnapEvent {
    Picked { seat: Seat, pick: Option<u8> },
    Revealed { picks: [u8; 2] },
    Answered { seat: Seat },
    Snapped { seat: Seat },
}

impl fmt::Display for SnapEvent {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            SnapEvent::Picked { seat, pick: Some(n) } => write!(f, "seat {seat} picked {n}"),
            SnapEvent::Picked { seat, pick: None } => write!(f, "seat {seat} picked"),
            SnapEvent::Revealed { picks } => write!(f, "revealed {} and {}", picks[0], picks[1]),
            SnapEvent::Answered { seat } => write!(f, "seat {seat} answered"),
            SnapEvent::Snapped { seat } => write!(f, "seat {seat} snapped"),
        }
    }
}

impl GameEvent for SnapEvent {
    fn redact(&self, viewer: Option<Seat>) -> Option<Self> {
        match *self {
            SnapEvent::Picked { seat, .. } if viewer != Some(seat) => Some(SnapEvent::Picked { seat, pick: None }),
            _ => Some(self.clone()),
        }
    }
}

impl Snap {
    fn holds(&self, seat: Seat) -> bool {
        self.card && usize::from(self.config.holder) == seat.index()
    }
}

impl Game for Snap {
    const NAME: &'static str = "snap";
    const TITLE: &'static str = "Snap";
    const RULES_VERSION: &'static str = "1";
    const MIN_SEATS: usize = 2;
    const MAX_SEATS: usize = 2;
    type Config = SnapConfig;
    type Action = SnapAction;
    type View = SnapView;
    type Event = SnapEvent;

    fn variants() -> &'static [Variant] {
        &[]
    }

    fn new(config: &SnapConfig, seats: usize, _rng: &mut GameRng) -> Result<Self, SetupError> {
        if seats != 2 {
            return Err(SetupError::Seats { game: Self::NAME, seats, min: 2, max: 2 });
        }
        Ok(Snap {
            config: config.clone(),
            round: 0,
            points: [0; 2],
            picks: [None; 2],
            answered: [None; 2],
            card: true,
            phase: Phase::Pick,
        })
    }

    fn config(&self) -> &SnapConfig {
        &self.config
    }

    fn seats(&self) -> usize {
        2
    }

    fn to_act(&self) -> SeatSet {
        match self.phase {
            Phase::Pick => SEATS.iter().filter(|s| self.picks[s.index()].is_none()).copied().collect(),
            Phase::React => SEATS.iter().filter(|s| self.answered[s.index()].is_none()).copied().collect(),
            Phase::Over => SeatSet::EMPTY,
        }
    }

    fn step_kind(&self) -> StepKind {
        match self.phase {
            Phase::Pick => StepKind::Secret,
            Phase::React => StepKind::Reaction,
            Phase::Over => StepKind::Turn,
        }
    }

    fn pass(&self, seat: Seat) -> Option<SnapAction> {
        (self.phase == Phase::React && self.to_act().contains(seat)).then_some(SnapAction::Pass)
    }

    fn legal_actions(&self, seat: Seat, out: &mut Vec<SnapAction>) {
        out.clear();
        if !self.to_act().contains(seat) {
            return;
        }
        match self.phase {
            Phase::Pick => out.extend((1..=3).map(SnapAction::Pick)),
            Phase::React if self.holds(seat) => out.extend([SnapAction::Snap, SnapAction::Pass]),
            Phase::React => out.push(SnapAction::Pass),
            Phase::Over => {}
        }
    }

    fn apply(
        &mut self,
        seat: Seat,
        action: SnapAction,
        _rng: &mut GameRng,
        log: &mut EventLog<SnapEvent>,
    ) -> Result<(), IllegalAction> {
        if self.phase == Phase::Over {
            return Err(IllegalAction::GameOver);
        }
        if !self.to_act().contains(seat) {
            return Err(IllegalAction::NotToAct(seat));
        }
        match (self.phase, action) {
            (Phase::Pick, SnapAction::Pick(n)) if (1..=3).contains(&n) => {
                self.picks[seat.index()] = Some(n);
                log.push(SnapEvent::Picked { seat, pick: Some(n) });
                if let [Some(a), Some(b)] = self.picks {
                    log.push(SnapEvent::Revealed { picks: [a, b] });
                    if a != b {
                        self.points[usize::from(b > a)] += 1;
                    }
                    self.picks = [None; 2];
                    self.phase = Phase::React;
                }
            }
            (Phase::React, SnapAction::Pass) => self.answered[seat.index()] = Some(false),
            (Phase::React, SnapAction::Snap) if self.holds(seat) => self.answered[seat.index()] = Some(true),
            _ => return Err(IllegalAction::Rule("not now")),
        }
        if self.phase == Phase::React {
            log.push(SnapEvent::Answered { seat });
            if let [Some(a), Some(b)] = self.answered {
                for (i, snapped) in [a, b].into_iter().enumerate() {
                    if snapped {
                        self.card = false;
                        self.points[i] += 1;
                        log.push(SnapEvent::Snapped { seat: SEATS[i] });
                    }
                }
                self.answered = [None; 2];
                self.round += 1;
                self.phase = if self.round >= ROUNDS { Phase::Over } else { Phase::Pick };
            }
        }
        Ok(())
    }

    fn view(&self, viewer: Option<Seat>) -> SnapView {
        SnapView {
            round: self.round,
            points: self.points,
            picked: self.picks.map(|p| p.is_some()),
            my_pick: viewer.and_then(|s| self.picks[s.index()]),
            holds_card: viewer.is_some_and(|s| self.holds(s)),
        }
    }

    fn outcome(&self) -> Option<Outcome> {
        (self.phase == Phase::Over).then(|| Outcome::from_scores(&self.points))
    }

    fn determinize(&self, observer: Seat, rng: &mut GameRng) -> Self {
        let mut world = self.clone();
        let other = SEATS[1 - observer.index()];
        if world.picks[other.index()].is_some() {
            world.picks[other.index()] = Some(rng.random_range(1..=3));
        }
        if world.answered[other.index()].is_some() {
            world.answered[other.index()] = Some(false);
        }
        world
    }
}

/// How often the `counting` bot was asked to pick, and how often it saw another seat's pick
/// of the step it was asked in (it must never).
pub static ASKED: AtomicUsize = AtomicUsize::new(0);
pub static SAW_OTHERS: AtomicUsize = AtomicUsize::new(0);

/// A random bot that counts how often it is asked to pick.
struct Counting(RandomBot<Snap>);

impl Bot<Snap> for Counting {
    fn name(&self) -> String {
        "counting".into()
    }

    fn choose(&mut self, info: &InfoSet<'_, Snap>, rng: &mut GameRng) -> SnapAction {
        let mut legal = Vec::new();
        info.legal_actions(&mut legal);
        if legal.iter().any(|a| matches!(a, SnapAction::Pick(_))) {
            ASKED.fetch_add(1, Ordering::SeqCst);
            if info.view().picked[1 - info.seat().index()] {
                SAW_OTHERS.fetch_add(1, Ordering::SeqCst);
            }
        }
        self.0.choose(info, rng)
    }
}

fn snap_bots(spec: &BotSpec) -> Result<Box<dyn Bot<Snap>>, BotError> {
    match spec.kind.as_str() {
        "random" => Ok(Box::new(RandomBot::default())),
        "counting" => Ok(Box::new(Counting(RandomBot::default()))),
        other => Err(BotError::Unknown { game: "snap", name: other.to_owned(), known: "random, counting".into() }),
    }
}

/// A registry with Snap and its bots `random` and `counting`.
pub fn snap_registry() -> Registry {
    Registry::new().with::<Snap>(snap_bots, &["random", "counting"])
}
