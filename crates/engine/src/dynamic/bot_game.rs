//! Whole games between bots, fast and without events ([`GameKind::play_bots`]).

use thiserror::Error;

use super::bots::Bots;
use crate::ending::EndReason;
use crate::error::SetupError;
use crate::game::Game;
use crate::info::BotError;
use crate::matches::Match;
use crate::outcome::Outcome;
use crate::record::Record;
use crate::rng::seeded;
use crate::seat::Seat;
use crate::step::step_continues;

#[cfg(doc)]
use super::kind::GameKind;

/// The result of [`GameKind::play_bots`].
#[derive(Clone, Debug)]
pub struct BotGame {
    /// The outcome.
    pub outcome: Outcome,
    /// The number of actions played.
    pub actions: usize,
    /// Why the game ended, if the game says.
    pub end_reason: Option<EndReason>,
    /// The record, if asked for.
    pub record: Option<Record>,
}

/// Why a bot game could not be played.
#[derive(Clone, Debug, PartialEq, Eq, Error)]
pub enum BotGameError {
    /// The config or seat count is invalid.
    #[error(transparent)]
    Setup(#[from] SetupError),
    /// A bot spec is invalid.
    #[error(transparent)]
    Bot(#[from] BotError),
    /// A bot returned an illegal action: a bug in the bot.
    #[error("bot {bot} played the illegal action {action:?}: {reason}")]
    IllegalMove { bot: String, action: String, reason: String },
    /// The game did not end within its action limit: a bug in the game or bots.
    #[error("the game did not end after {0} actions")]
    NoEnd(usize),
}

/// Plays one whole game of `G` between the bots `bots` names (one spec per seat): the body of
/// [`GameKind::play_bots`].
pub(super) fn play_bots<G: Game>(
    config: &G::Config,
    factory: Bots<G>,
    bots: &[String],
    seed: u64,
    keep_record: bool,
) -> Result<BotGame, BotGameError> {
    let mut m = Match::<G>::new(config, bots.len(), seed)?.quiet();
    let mut players: Vec<Box<dyn crate::info::Bot<G>>> =
        bots.iter().map(|spec| factory.build(spec)).collect::<Result<_, _>>()?;
    // Bots draw from their own generator so the game's chance stays the record's.
    let mut bot_rng = seeded(seed ^ 0x9E37_79B9_7F4A_7C15);
    const LIMIT: usize = 1_000_000;
    let mut answers: Vec<(Seat, G::Action)> = Vec::new();
    while !m.state().is_over() {
        if m.history().len() >= LIMIT {
            return Err(BotGameError::NoEnd(LIMIT));
        }
        // Every seat of a secret choice or reaction window answers from the position where
        // the step began, so no bot's answer depends on another's.
        let (kind, to_act) = (m.state().step_kind(), m.state().to_act());
        answers.clear();
        for seat in to_act.iter().take(if kind.is_simultaneous() { usize::MAX } else { 1 }) {
            let bot = &mut players[seat.index()];
            answers.push((seat, m.ask(bot.as_mut(), seat, &mut bot_rng).expect("seat is to act")));
        }
        let mut before = (kind, to_act);
        for &(seat, action) in &answers {
            m.apply(seat, action).map_err(|e| BotGameError::IllegalMove {
                bot: players[seat.index()].name(),
                action: action.to_string(),
                reason: e.to_string(),
            })?;
            let after = (m.state().step_kind(), m.state().to_act());
            if !step_continues(before, seat, after) {
                break;
            }
            before = after;
        }
    }
    let actions = m.history().len();
    let record = keep_record.then(|| {
        m.set_players(bots.to_vec());
        m.record()
    });
    Ok(BotGame {
        outcome: m.outcome().expect("the loop ends only when the game is over"),
        actions,
        end_reason: m.state().end_reason(),
        record,
    })
}
