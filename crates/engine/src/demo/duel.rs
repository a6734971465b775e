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

use std::fmt;
use std::str::FromStr;

use rand::Rng;
use serde::{Deserialize, Serialize};

use crate::error::{IllegalAction, NotationError, SetupError};
use crate::event::{EventLog, GameEvent};
use crate::game::{Game, Variant, VariantKind};
use crate::outcome::Outcome;
use crate::rng::GameRng;
use crate::seat::{MAX_SEATS, Seat, SeatSet};
use crate::step::StepKind;

/// The most seats a duel seats.
const SEATS: usize = 4;

/// Two of the cards 1–4 (a bitset: bit `v - 1` for card `v`, exactly two bits set).
#[derive(Clone, Copy, PartialEq, Eq, Hash, Debug, Serialize)]
#[serde(into = "[u8; 2]")]
pub struct Pick(u8);

impl Pick {
    /// Every pick, in notation order (`1 2`, `1 3`, … `3 4`).
    pub const ALL: [Pick; 6] = [Pick(0b0011), Pick(0b0101), Pick(0b1001), Pick(0b0110), Pick(0b1010), Pick(0b1100)];

    /// The pick of cards `a` and `b` (1–4, different), in either order.
    pub fn new(a: u8, b: u8) -> Option<Pick> {
        ((1..=4).contains(&a) && (1..=4).contains(&b) && a != b).then(|| Pick((1 << (a - 1)) | (1 << (b - 1))))
    }

    /// The two cards, lower first.
    pub fn cards(self) -> [u8; 2] {
        let low = self.0.trailing_zeros() as u8 + 1;
        let high = 8 - self.0.leading_zeros() as u8;
        [low, high]
    }

    /// The sum of the two cards.
    pub fn sum(self) -> u8 {
        let [a, b] = self.cards();
        a + b
    }
}

impl From<Pick> for [u8; 2] {
    fn from(pick: Pick) -> [u8; 2] {
        pick.cards()
    }
}

/// An action of a duel.
#[derive(Clone, Copy, PartialEq, Eq, Hash, Debug)]
pub enum DuelAction {
    /// Pick two cards for this round (secretly).
    Pick(Pick),
    /// Void the round just won by another seat (once per game).
    Veto,
    /// Void the veto against one's own round (once per game).
    Overrule,
    /// Do not react.
    Pass,
}

impl fmt::Display for DuelAction {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            DuelAction::Pick(pick) => {
                let [a, b] = pick.cards();
                write!(f, "pick {a} {b}")
            }
            DuelAction::Veto => f.write_str("veto"),
            DuelAction::Overrule => f.write_str("overrule"),
            DuelAction::Pass => f.write_str("pass"),
        }
    }
}

impl FromStr for DuelAction {
    type Err = NotationError;
    fn from_str(s: &str) -> Result<Self, Self::Err> {
        let mut words = s.split_whitespace();
        let action = match words.next() {
            Some("veto") => DuelAction::Veto,
            Some("overrule") => DuelAction::Overrule,
            Some("pass") => DuelAction::Pass,
            Some("pick") => {
                let mut card = || words.next().and_then(|w| w.parse::<u8>().ok());
                let (a, b) = (card(), card());
                match (a, b) {
                    (Some(a), Some(b)) => DuelAction::Pick(
                        Pick::new(a, b).ok_or_else(|| NotationError::new(s, "pick two different cards from 1 to 4"))?,
                    ),
                    _ => return Err(NotationError::new(s, "pick takes two cards: pick 1 3")),
                }
            }
            _ => return Err(NotationError::new(s, "expected pick A B, veto, overrule or pass")),
        };
        if words.next().is_some() {
            return Err(NotationError::new(s, "unexpected words after the action"));
        }
        Ok(action)
    }
}

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

/// The reaction window open.
#[derive(Clone, Copy, PartialEq, Eq, Debug, Serialize)]
#[serde(tag = "kind", rename_all = "kebab-case")]
pub enum Window {
    /// Anyone but the winner may veto the round `winner` won.
    Veto {
        /// Who won the round.
        winner: Seat,
    },
    /// The winner may overrule `vetoer`'s veto; every seat is asked.
    Overrule {
        /// Who won the round.
        winner: Seat,
        /// Who vetoed it.
        vetoer: Seat,
    },
}

impl Window {
    fn winner(self) -> Seat {
        match self {
            Window::Veto { winner } | Window::Overrule { winner, .. } => winner,
        }
    }

    /// The seats asked: everyone, whoever can react, so `to_act` tells nothing. (Asking only
    /// the seats other than the vetoer would also make the overrule window look like the rest
    /// of the veto window to hosts: see [`crate::step_continues`].)
    fn asked(self, seats: usize) -> SeatSet {
        SeatSet::all(seats)
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

/// What happened in a duel.
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
#[serde(tag = "type", rename_all = "kebab-case")]
pub enum DuelEvent {
    /// A seat picked; the pick is visible only to the picker.
    Picked { seat: Seat, pick: Option<Pick> },
    /// Every pick revealed together (one per seat).
    Revealed { picks: Vec<Pick> },
    /// The highest sum was shared: nobody wins the round.
    Tied { sum: u8 },
    /// A seat won the round (it may still be vetoed).
    Won { seat: Seat, sum: u8 },
    /// A seat answered in a window; how is visible only to that seat.
    Answered { seat: Seat, react: Option<bool> },
    /// A seat vetoed the round.
    Vetoed { seat: Seat },
    /// The winner overruled the veto.
    Overruled { seat: Seat },
    /// The round was voided.
    Voided,
    /// A seat scored.
    Scored { seat: Seat },
}

impl fmt::Display for DuelEvent {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            DuelEvent::Picked { seat, pick: Some(p) } => write!(f, "seat {seat} {}", DuelAction::Pick(*p)),
            DuelEvent::Picked { seat, pick: None } => write!(f, "seat {seat} picked"),
            DuelEvent::Revealed { picks } => {
                let shown: Vec<String> = picks.iter().map(|p| format!("{:?}", p.cards())).collect();
                write!(f, "revealed: {}", shown.join(" "))
            }
            DuelEvent::Tied { sum } => write!(f, "tied at {sum}: nobody wins the round"),
            DuelEvent::Won { seat, sum } => write!(f, "seat {seat} wins the round with {sum}"),
            DuelEvent::Answered { seat, react: Some(true) } => write!(f, "seat {seat} reacted"),
            DuelEvent::Answered { seat, react: Some(false) } => write!(f, "seat {seat} passed"),
            DuelEvent::Answered { seat, react: None } => write!(f, "seat {seat} answered"),
            DuelEvent::Vetoed { seat } => write!(f, "seat {seat} vetoed the round"),
            DuelEvent::Overruled { seat } => write!(f, "seat {seat} overruled the veto"),
            DuelEvent::Voided => f.write_str("the round is void"),
            DuelEvent::Scored { seat } => write!(f, "seat {seat} scored"),
        }
    }
}

impl GameEvent for DuelEvent {
    fn redact(&self, viewer: Option<Seat>) -> Option<Self> {
        match *self {
            DuelEvent::Picked { seat, .. } if viewer != Some(seat) => Some(DuelEvent::Picked { seat, pick: None }),
            DuelEvent::Answered { seat, .. } if viewer != Some(seat) => Some(DuelEvent::Answered { seat, react: None }),
            _ => Some(self.clone()),
        }
    }
}

impl Duel {
    fn may_react(&self, seat: Seat, window: Window) -> bool {
        match window {
            Window::Veto { winner } => seat != winner && self.vetoes[seat.index()],
            Window::Overrule { winner, .. } => seat == winner && self.overrules[seat.index()],
        }
    }

    fn reaction(window: Window) -> DuelAction {
        match window {
            Window::Veto { .. } => DuelAction::Veto,
            Window::Overrule { .. } => DuelAction::Overrule,
        }
    }

    fn reveal(&mut self, log: &mut EventLog<DuelEvent>) {
        let picks: [Option<Pick>; SEATS] = self.picks;
        self.last = picks;
        if log.is_on() {
            log.push(DuelEvent::Revealed { picks: picks.iter().flatten().copied().collect() });
        }
        let sums = picks.map(|p| p.map_or(0, Pick::sum));
        let best = sums.iter().copied().max().unwrap_or(0);
        let mut top = Seat::all(self.seats).filter(|s| sums[s.index()] == best);
        let winner = top.next().expect("a seat has the best sum");
        if top.next().is_some() {
            log.push(DuelEvent::Tied { sum: best });
            return self.next_round();
        }
        log.push(DuelEvent::Won { seat: winner, sum: best });
        let window = Window::Veto { winner };
        if Seat::all(self.seats).any(|s| self.may_react(s, window)) {
            self.open(window);
        } else {
            self.score(winner, log);
        }
    }

    fn open(&mut self, window: Window) {
        self.answers = [None; SEATS];
        self.phase = Phase::Window(window);
    }

    /// Settles the window once the answers decide it: the first seat in clockwise order from
    /// the winner's left that reacted counts, provided every seat before it passed.
    fn try_resolve(&mut self, window: Window, log: &mut EventLog<DuelEvent>) {
        let winner = window.winner();
        let asked = window.asked(self.seats);
        let mut seat = winner;
        let mut reactor = None;
        for _ in 0..self.seats {
            seat = seat.next(self.seats);
            if !asked.contains(seat) {
                continue;
            }
            match self.answers[seat.index()] {
                None => return,
                Some(true) => {
                    reactor = Some(seat);
                    break;
                }
                Some(false) => {}
            }
        }
        match (window, reactor) {
            (Window::Veto { winner }, Some(vetoer)) => {
                self.vetoes[vetoer.index()] = false;
                log.push(DuelEvent::Vetoed { seat: vetoer });
                let answer = Window::Overrule { winner, vetoer };
                if self.may_react(winner, answer) {
                    self.open(answer);
                } else {
                    log.push(DuelEvent::Voided);
                    self.next_round();
                }
            }
            (Window::Veto { winner }, None) => self.score(winner, log),
            (Window::Overrule { winner, .. }, Some(_)) => {
                self.overrules[winner.index()] = false;
                log.push(DuelEvent::Overruled { seat: winner });
                self.score(winner, log);
            }
            (Window::Overrule { .. }, None) => {
                log.push(DuelEvent::Voided);
                self.next_round();
            }
        }
    }

    fn score(&mut self, seat: Seat, log: &mut EventLog<DuelEvent>) {
        self.points[seat.index()] += 1;
        log.push(DuelEvent::Scored { seat });
        self.next_round();
    }

    fn next_round(&mut self) {
        self.picks = [None; SEATS];
        self.answers = [None; SEATS];
        let won = self.points.iter().any(|&p| p >= self.config.first_to);
        if won || self.round >= self.config.max_rounds {
            self.phase = Phase::Over;
        } else {
            self.round += 1;
            self.phase = Phase::Picking;
        }
    }
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
