//! Forced moves (a seat with one legal action) get no tree node when a bot skips them, so the
//! search spends its nodes on real choices; without the option every move has its node.

use std::fmt;
use std::str::FromStr;

use bots::{Budget, Ismcts};
use engine::{
    EventLog, Game, GameEvent, GameRng, IllegalAction, InfoSet, NotationError, Outcome, Seat, SeatSet, SetupError,
    Variant, seeded,
};
use serde::Serialize;

/// Seat 0 picks a letter, seat 1 can only nod, seat 0 picks a number; `b 2` wins for seat 0.
#[derive(Clone, Debug, Default)]
struct Nod {
    moves: Vec<NodAction>,
}

#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
enum NodAction {
    A,
    B,
    Nod,
    One,
    Two,
}

impl fmt::Display for NodAction {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{self:?}")
    }
}

impl FromStr for NodAction {
    type Err = NotationError;
    fn from_str(s: &str) -> Result<Self, Self::Err> {
        Err(NotationError::new(s, "no notation in this test"))
    }
}

#[derive(Clone, Debug, PartialEq, Serialize)]
struct NodView {
    moves: usize,
}

#[derive(Clone, Debug, Serialize)]
struct NodEvent;

impl fmt::Display for NodEvent {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str("nod")
    }
}

impl GameEvent for NodEvent {
    fn redact(&self, _viewer: Option<Seat>) -> Option<Self> {
        Some(NodEvent)
    }
}

impl Game for Nod {
    const NAME: &'static str = "nod";
    const TITLE: &'static str = "Nod";
    const RULES_VERSION: &'static str = "1";
    const MIN_SEATS: usize = 2;
    const MAX_SEATS: usize = 2;
    type Config = ();
    type Action = NodAction;
    type View = NodView;
    type Event = NodEvent;

    fn variants() -> &'static [Variant] {
        &[]
    }
    fn new(_config: &(), _seats: usize, _rng: &mut GameRng) -> Result<Self, SetupError> {
        Ok(Nod::default())
    }
    fn config(&self) -> &() {
        &()
    }
    fn seats(&self) -> usize {
        2
    }
    fn to_act(&self) -> SeatSet {
        match self.moves.len() {
            0 | 2 => SeatSet::EMPTY.with(Seat::at(0)),
            1 => SeatSet::EMPTY.with(Seat::at(1)),
            _ => SeatSet::EMPTY,
        }
    }
    fn legal_actions(&self, seat: Seat, out: &mut Vec<NodAction>) {
        out.clear();
        if self.to_act().contains(seat) {
            out.extend_from_slice(match self.moves.len() {
                0 => &[NodAction::A, NodAction::B],
                1 => &[NodAction::Nod],
                _ => &[NodAction::One, NodAction::Two],
            });
        }
    }
    fn apply(
        &mut self,
        seat: Seat,
        action: NodAction,
        _rng: &mut GameRng,
        _log: &mut EventLog<NodEvent>,
    ) -> Result<(), IllegalAction> {
        if !self.to_act().contains(seat) {
            return Err(IllegalAction::NotToAct(seat));
        }
        self.moves.push(action);
        Ok(())
    }
    fn view(&self, _viewer: Option<Seat>) -> NodView {
        NodView { moves: self.moves.len() }
    }
    fn outcome(&self) -> Option<Outcome> {
        (self.moves.len() == 3).then(|| {
            let won = self.moves == [NodAction::B, NodAction::Nod, NodAction::Two];
            Outcome::single_winner(2, Seat::at(if won { 0 } else { 1 }))
        })
    }
    fn determinize(&self, _observer: Seat, _rng: &mut GameRng) -> Self {
        self.clone()
    }
}

#[test]
fn a_skipped_forced_move_has_no_node_and_the_search_still_finds_the_win() {
    let game = Nod::default();
    let info = InfoSet::new(&game, Seat::at(0));
    // The whole tree (explored wide, so every leaf is reached): the root, two letters, (two
    // nods,) four numbers.
    let plain = Ismcts::<Nod>::new(Budget::Iterations(300)).exploration(5.0).search(&info, &mut seeded(1));
    assert_eq!((plain.nodes, plain.chosen), (9, NodAction::B), "{plain:?}");
    let skipping =
        Ismcts::<Nod>::new(Budget::Iterations(300)).exploration(5.0).skipping_forced().search(&info, &mut seeded(1));
    assert_eq!((skipping.nodes, skipping.chosen), (7, NodAction::B), "{skipping:?}");
}
