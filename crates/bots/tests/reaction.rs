//! A reaction window where the first seat to react ends it: the deciding seat's statistics must
//! still grow with every iteration, whichever seat the sampled world lets move first.

use std::fmt;
use std::str::FromStr;

use bots::{Budget, Ismcts};
use engine::{
    EventLog, Game, GameEvent, GameRng, IllegalAction, InfoSet, NotationError, Outcome, Seat, SeatSet, SetupError,
    Variant, seeded,
};
use serde::Serialize;

/// Both seats may snap at once; the first snap wins the game, two passes draw it.
#[derive(Clone, Debug)]
struct Snap {
    open: SeatSet,
    winner: Option<Seat>,
}

#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
enum SnapAction {
    Snap,
    Pass,
}

impl fmt::Display for SnapAction {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(if *self == SnapAction::Snap { "snap" } else { "pass" })
    }
}

impl FromStr for SnapAction {
    type Err = NotationError;
    fn from_str(s: &str) -> Result<Self, Self::Err> {
        match s {
            "snap" => Ok(SnapAction::Snap),
            "pass" => Ok(SnapAction::Pass),
            _ => Err(NotationError::new(s, "snap or pass")),
        }
    }
}

#[derive(Clone, Debug, PartialEq, Serialize)]
struct SnapView {
    open: Vec<u8>,
}

#[derive(Clone, Debug, Serialize)]
struct SnapEvent;

impl fmt::Display for SnapEvent {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str("snap")
    }
}

impl GameEvent for SnapEvent {
    fn redact(&self, _viewer: Option<Seat>) -> Option<Self> {
        Some(SnapEvent)
    }
}

impl Game for Snap {
    const NAME: &'static str = "snap";
    const TITLE: &'static str = "Snap";
    const RULES_VERSION: &'static str = "1";
    const MIN_SEATS: usize = 2;
    const MAX_SEATS: usize = 2;
    type Config = ();
    type Action = SnapAction;
    type View = SnapView;
    type Event = SnapEvent;

    fn variants() -> &'static [Variant] {
        &[]
    }
    fn new(_config: &(), _seats: usize, _rng: &mut GameRng) -> Result<Self, SetupError> {
        Ok(Snap { open: SeatSet::all(2), winner: None })
    }
    fn config(&self) -> &() {
        &()
    }
    fn seats(&self) -> usize {
        2
    }
    fn to_act(&self) -> SeatSet {
        if self.winner.is_some() { SeatSet::EMPTY } else { self.open }
    }
    fn legal_actions(&self, seat: Seat, out: &mut Vec<SnapAction>) {
        out.clear();
        if self.to_act().contains(seat) {
            out.extend([SnapAction::Snap, SnapAction::Pass]);
        }
    }
    fn apply(
        &mut self,
        seat: Seat,
        action: SnapAction,
        _rng: &mut GameRng,
        _log: &mut EventLog<SnapEvent>,
    ) -> Result<(), IllegalAction> {
        if !self.to_act().contains(seat) {
            return Err(IllegalAction::NotToAct(seat));
        }
        match action {
            SnapAction::Snap => self.winner = Some(seat),
            SnapAction::Pass => self.open.remove(seat),
        }
        Ok(())
    }
    fn view(&self, _viewer: Option<Seat>) -> SnapView {
        SnapView { open: self.to_act().iter().map(|s| s.index() as u8).collect() }
    }
    fn outcome(&self) -> Option<Outcome> {
        match self.winner {
            Some(winner) => Some(Outcome::single_winner(2, winner)),
            None if self.open.is_empty() => Some(Outcome::from_scores(&[0, 0])),
            None => None,
        }
    }
    fn determinize(&self, _observer: Seat, _rng: &mut GameRng) -> Self {
        self.clone()
    }
}

#[test]
fn every_iteration_informs_the_deciding_seat_even_when_a_lower_seat_could_end_the_window() {
    let game = Snap::new(&(), 2, &mut seeded(0)).unwrap();
    for seat in [Seat::at(0), Seat::at(1)] {
        let search = Ismcts::<Snap>::new(Budget::Iterations(400)).search(&InfoSet::new(&game, seat), &mut seeded(1));
        let visits: u32 = search.actions.iter().map(|a| a.visits).sum();
        assert_eq!(visits, 400, "seat {seat}: {:?}", search.actions);
        assert_eq!(search.chosen, SnapAction::Snap, "seat {seat}: {:?}", search.actions);
    }
}
