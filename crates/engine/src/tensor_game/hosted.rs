//! [`TensorGame`] and [`TensorState`] for a typed game `G`.

use std::sync::Arc;

use serde_json::Value;

use super::table::ActionTable;
use super::{StepError, TensorBot, TensorGame, TensorGameError, TensorState};
use crate::error::SetupError;
use crate::event::EventLog;
use crate::game::Game;
use crate::info::{Bot, BotError, BotFactory, BotSpec, InfoSet};
use crate::level::Levels;
use crate::outcome::Outcome;
use crate::position::PositionError;
use crate::rng::{GameRng, seeded};
use crate::seat::{Seat, SeatSet};
use crate::step::StepKind;

/// What every state of one table shares: the config, the id table and the bots.
struct Table<G: Game> {
    config: G::Config,
    seats: usize,
    actions: ActionTable<G>,
    shape: Vec<usize>,
    bots: BotFactory<G>,
    /// The bot levels (`easy` … `expert`), each standing for a spec.
    levels: Levels,
}

/// The [`TensorGame`] of `G` with `config` and `seats` seats, its bots built by `bots` (a
/// level's name standing for its spec).
pub(crate) fn tensor_game<G: Game>(
    config: G::Config,
    seats: usize,
    bots: BotFactory<G>,
    levels: Levels,
) -> Result<Arc<dyn TensorGame>, TensorGameError> {
    SetupError::check_seats::<G>(seats)?;
    // A trial deal: a config that cannot set up a game is refused here, not at every reset.
    G::new(&config, seats, &mut seeded(0))?;
    let actions = G::action_space(&config, seats).ok_or(TensorGameError::NoActionSpace(G::NAME))?;
    let shape = G::observation_shape(&config, seats).ok_or(TensorGameError::NoObservation(G::NAME))?;
    Ok(Arc::new(Hosted(Arc::new(Table { config, seats, actions: ActionTable::new(actions), shape, bots, levels }))))
}

/// The [`TensorGame`] face of a [`Table`].
struct Hosted<G: Game>(Arc<Table<G>>);

impl<G: Game> TensorGame for Hosted<G> {
    fn name(&self) -> &'static str {
        G::NAME
    }

    fn seats(&self) -> usize {
        self.0.seats
    }

    fn config(&self) -> Value {
        serde_json::to_value(&self.0.config).expect("configs serialise")
    }

    fn num_actions(&self) -> usize {
        self.0.actions.len()
    }

    fn observation_shape(&self) -> &[usize] {
        &self.0.shape
    }

    fn action_name(&self, id: u32) -> Option<String> {
        self.0.actions.action(id).map(|a| a.to_string())
    }

    fn action_id(&self, notation: &str) -> Option<u32> {
        let action: G::Action = notation.trim().parse().ok()?;
        let id = self.0.actions.id_of(&action)?;
        Some(id)
    }

    fn new_state(&self, seed: u64) -> Result<Box<dyn TensorState>, SetupError> {
        let mut rng = seeded(seed);
        let state = G::new(&self.0.config, self.0.seats, &mut rng)?;
        Ok(Box::new(State::new(&self.0, state, rng)))
    }

    fn state_at(&self, position: &str, seed: u64) -> Result<Box<dyn TensorState>, PositionError> {
        let state = G::from_position(&self.0.config, self.0.seats, position)?;
        Ok(Box::new(State::new(&self.0, state, seeded(seed))))
    }

    fn bot(&self, spec: &str) -> Result<TensorBot, BotError> {
        let bot: Box<dyn Bot<G>> = (self.0.bots)(&BotSpec::parse(self.0.levels.resolve(spec)))?;
        Ok(TensorBot { name: bot.name(), bot: Box::new(bot) })
    }
}

/// A game of `G` in progress with its own chance.
struct State<G: Game> {
    table: Arc<Table<G>>,
    state: G,
    rng: GameRng,
    /// The typed legal actions, reused from call to call.
    scratch: Vec<G::Action>,
    /// The legal ids as bits, reused from call to call.
    bits: Vec<u64>,
    /// The legal ids of a mask, reused from call to call.
    ids: Vec<u32>,
}

impl<G: Game> State<G> {
    /// `state` at `table`, its chance drawn from `rng`.
    fn new(table: &Arc<Table<G>>, state: G, rng: GameRng) -> Self {
        State { table: Arc::clone(table), state, rng, scratch: Vec::new(), bits: Vec::new(), ids: Vec::new() }
    }
}

impl<G: Game> Clone for State<G> {
    fn clone(&self) -> Self {
        State::new(&self.table, self.state.clone(), self.rng.clone())
    }
}

impl<G: Game> TensorState for State<G> {
    fn seats(&self) -> usize {
        self.table.seats
    }

    fn to_act(&self) -> SeatSet {
        self.state.to_act()
    }

    fn step_kind(&self) -> StepKind {
        self.state.step_kind()
    }

    fn legal_ids(&mut self, seat: Seat, out: &mut Vec<u32>) {
        out.clear();
        if seat.index() >= self.table.seats || self.state.legal_action_ids(seat, out) {
            return;
        }
        // A game that left this position to the host may have written some ids first.
        out.clear();
        self.state.legal_actions(seat, &mut self.scratch);
        // Ascending through a bitset of the ids: sorting them cost a tenth of a step.
        let bits = &mut self.bits;
        bits.clear();
        bits.resize(self.table.actions.len().div_ceil(64), 0);
        for action in &self.scratch {
            let id = self.table.actions.id(action) as usize;
            bits[id / 64] |= 1 << (id % 64);
        }
        for (word, &set) in bits.iter().enumerate() {
            let mut rest = set;
            while rest != 0 {
                out.push(word as u32 * 64 + rest.trailing_zeros());
                rest &= rest - 1;
            }
        }
    }

    fn legal_mask(&mut self, seat: Seat, out: &mut [u8]) {
        out.fill(0);
        if seat.index() >= self.table.seats {
            return;
        }
        let mut ids = std::mem::take(&mut self.ids);
        self.legal_ids(seat, &mut ids);
        for &id in &ids {
            out[id as usize] = 1;
        }
        self.ids = ids;
    }

    fn apply(&mut self, seat: Seat, id: u32) -> Result<(), StepError> {
        if seat.index() >= self.table.seats {
            return Err(StepError::NoSuchSeat(seat.index()));
        }
        let action =
            self.table.actions.action(id).ok_or(StepError::NoSuchAction { id, actions: self.table.actions.len() })?;
        self.state
            .apply(seat, action, &mut self.rng, &mut EventLog::off())
            .map_err(|reason| StepError::Illegal { action: action.to_string(), reason })
    }

    fn observe(&self, seat: Seat, out: &mut [f32]) {
        self.state.observe(seat, out);
    }

    fn outcome(&self) -> Option<Outcome> {
        self.state.outcome()
    }

    fn view(&self, viewer: Option<Seat>) -> Value {
        serde_json::to_value(self.state.view(viewer)).expect("views serialise")
    }

    fn position(&self) -> Option<String> {
        self.state.position()
    }

    fn resample(&self, observer: Seat, seed: u64) -> Box<dyn TensorState> {
        let mut rng = seeded(seed);
        let state = self.state.determinize(observer, &mut rng);
        Box::new(State::new(&self.table, state, rng))
    }

    fn ask(&self, seat: Seat, bot: &mut TensorBot, rng: &mut GameRng) -> Option<u32> {
        if !self.state.to_act().contains(seat) {
            return None;
        }
        let bot = bot.bot.downcast_mut::<Box<dyn Bot<G>>>()?;
        let action = bot.choose(&InfoSet::new(&self.state, seat), rng);
        Some(self.table.actions.id(&action))
    }

    fn clone_box(&self) -> Box<dyn TensorState> {
        Box::new(self.clone())
    }
}
