//! One game of a vector environment: it lets its bots move, restarts when its game ends, and
//! writes what the seat to act next sees. Slots are independent, so a host steps many of them
//! on several threads and gets the same results as stepping them one by one.

use std::sync::Arc;

use super::{StepError, TensorBot, TensorGame, TensorState};
use crate::error::SetupError;
use crate::info::BotError;
use crate::rng::{GameRng, seeded};
use crate::seat::Seat;

/// Where one slot writes the results of a reset or a step: its part of the stacked arrays.
#[derive(Debug)]
pub struct SlotOutput<'a> {
    /// The observation of the seat to act next (as long as the game's observation).
    pub observation: &'a mut [f32],
    /// Its legal-action mask (as long as the action space).
    pub mask: &'a mut [u8],
    /// Its legal ids, ascending, from the start (as long as the action space; int64, the ids
    /// as numpy indexes with them). What follows the last is left as it was.
    pub legal: &'a mut [i64],
    /// How many legal ids it has.
    pub legal_count: &'a mut i32,
    /// Each seat's return from the game that just ended (one per seat), else zeros.
    pub rewards: &'a mut [f32],
    /// Whether the step ended a game (the slot then shows its next game).
    pub done: &'a mut bool,
    /// The seat to act next.
    pub player: &'a mut i32,
}

/// One game of a vector environment, restarted with the next seed of its own sequence when it
/// ends. Seats given a bot move inside the slot; the others (the agents) are asked.
pub struct VectorSlot {
    game: Arc<dyn TensorGame>,
    state: Box<dyn TensorState>,
    /// The seed of the game being played.
    seed: u64,
    /// The seed sequence of this slot's games.
    seeds: GameRng,
    /// A bot per seat, `None` for agents.
    bots: Vec<Option<TensorBot>>,
    bot_rng: GameRng,
    legal: Vec<u32>,
    /// The seat the slot last asked for an action.
    player: Seat,
}

impl VectorSlot {
    /// Slot number `index` of a vector environment seeded `seed`, its bots from `bots`
    /// (one spec or `None` per seat; at least one seat must be an agent's).
    pub fn new(game: Arc<dyn TensorGame>, seed: u64, index: u64, bots: &[Option<String>]) -> Result<Self, SlotError> {
        let seats = game.seats();
        if bots.len() != seats {
            return Err(SlotError::Bots(format!("{} bot entries for {seats} seats", bots.len())));
        }
        if bots.iter().all(Option::is_some) {
            return Err(SlotError::Bots("every seat is a bot: leave at least one seat to an agent".into()));
        }
        let bots =
            bots.iter().map(|spec| spec.as_deref().map(|s| game.bot(s)).transpose()).collect::<Result<_, _>>()?;
        let mut seeds = seeded(seed ^ index.wrapping_mul(0x9E37_79B9_7F4A_7C15));
        let first = rand::Rng::random(&mut seeds);
        let state = game.new_state(first)?;
        Ok(VectorSlot {
            state,
            seed: first,
            seeds,
            bots,
            bot_rng: seeded(seed.wrapping_add(index) ^ 0xB075),
            legal: Vec::new(),
            player: Seat::at(0),
            game,
        })
    }

    /// The seed of the game being played (a single state made with it goes the same way).
    pub fn seed(&self) -> u64 {
        self.seed
    }

    /// The game being played.
    pub fn state(&self) -> &dyn TensorState {
        self.state.as_ref()
    }

    /// Lets the bots move and writes what the seat to act sees (`done` and `rewards` as
    /// [`VectorSlot::step`] says, should the bots end the game).
    pub fn observe(&mut self, out: SlotOutput<'_>) {
        self.advance();
        self.finish(out);
    }

    /// The legal ids, ascending, of the seat the slot asked last (the ones of its mask).
    pub fn legal_ids(&self) -> &[u32] {
        &self.legal
    }

    /// Plays `id` for the seat to act, lets the bots move, and writes the results; a game that
    /// ends writes its returns, sets `done` and makes way for the next game. On error nothing
    /// changes.
    pub fn step(&mut self, id: u32, out: SlotOutput<'_>) -> Result<(), StepError> {
        self.state.apply(self.player, id)?;
        self.advance();
        self.finish(out);
        Ok(())
    }

    /// Writes the returns of a game that ended (and starts the next), then what the seat to
    /// act sees.
    fn finish(&mut self, out: SlotOutput<'_>) {
        *out.done = false;
        out.rewards.fill(0.0);
        if self.state.is_over() {
            self.state.returns(out.rewards);
            *out.done = true;
            // A game of agents and bots ends with an agent's action or a bot's; the next one
            // starts with the bots before the first agent.
            while self.state.is_over() {
                self.seed = rand::Rng::random(&mut self.seeds);
                self.state = self.game.new_state(self.seed).expect("the config dealt a game before");
                self.advance();
            }
        }
        *out.player = self.player.index() as i32;
        self.state.observe(self.player, out.observation);
        // The ids once from the game (kept for `legal_ids`), the mask set from them: scanning a
        // mask of hundreds of actions for its few ones cost more than the game's step.
        self.state.legal_ids(self.player, &mut self.legal);
        out.mask.fill(0);
        for (&id, to) in self.legal.iter().zip(out.legal.iter_mut()) {
            out.mask[id as usize] = 1;
            *to = i64::from(id);
        }
        *out.legal_count = self.legal.len() as i32;
    }

    /// Lets bots move until an agent's seat is to act or the game is over. The seats to act
    /// answer one by one, lowest first, in secret choices and reaction windows too: no answer
    /// shows in another seat's view until the step is resolved, so the order tells no one
    /// anything (and it is the order of `State.current_player` in Python).
    fn advance(&mut self) {
        loop {
            let Some(seat) = self.state.to_act().first() else { return };
            if self.bots[seat.index()].is_none() {
                self.player = seat;
                return;
            }
            let bot = self.bots[seat.index()].as_mut().expect("the seat has a bot");
            let id = self.state.ask(seat, bot, &mut self.bot_rng).expect("the bot's seat is to act");
            if let Err(e) = self.state.apply(seat, id) {
                panic!("{}: the bot {} played an illegal action: {e}", self.game.name(), bot_name(&self.bots, seat));
            }
        }
    }
}

fn bot_name(bots: &[Option<TensorBot>], seat: Seat) -> &str {
    bots[seat.index()].as_ref().map_or("?", TensorBot::name)
}

/// Why a vector slot could not be set up.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
pub enum SlotError {
    /// The config or seat count cannot set up a game.
    #[error(transparent)]
    Setup(#[from] SetupError),
    /// A bot spec is unknown or malformed.
    #[error(transparent)]
    Bot(#[from] BotError),
    /// The bot list does not fit the table.
    #[error("{0}")]
    Bots(String),
}
