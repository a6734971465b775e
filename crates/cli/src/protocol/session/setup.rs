//! The commands around positions and action spaces: `setup` (a match from a position),
//! `position` (the referee's position of a match) and `actions` (a game's whole action list).

use serde::Deserialize;
use serde_json::{Map, Value};

use super::{NewParams, Session, clock_seed, full_config};
use crate::protocol::reply::{Code, Failure, Reply};

impl Session<'_> {
    /// `setup`: a new match of `game` starting from `position`, checked by the game.
    pub(super) fn setup(&mut self, p: SetupParams) -> Result<Reply, Failure> {
        let kind = self.registry.get(&p.new.game)?;
        let config = full_config(kind, &p.new.variants, p.new.config)?;
        let seats = p.new.seats.unwrap_or(kind.info().min_seats);
        let seed = p.new.seed.unwrap_or_else(clock_seed);
        let m = kind.setup_match(&config, seats, &p.position, seed)?;
        Ok(self.opened(m, seed, p.new.players))
    }

    /// `position`: the match's whole state in its game's position notation.
    pub(super) fn position(&self, request: &Map<String, Value>) -> Result<Reply, Failure> {
        let (id, open) = self.open(request)?;
        let position = open
            .m
            .position()
            .ok_or_else(|| Failure::new(Code::NotSupported, format!("{} has no position notation", open.m.game())))?;
        Ok(Reply::new().with("match", id).with("game", open.m.game()).with("position", position))
    }

    /// `actions`: every action of a game in a fixed order, for the `game` named (with its
    /// `variants`, `config` and `seats`) or else for the addressed match.
    pub(super) fn actions(&self, request: &Map<String, Value>, p: ActionsParams) -> Result<Reply, Failure> {
        let (kind, config, seats) = match p.game {
            Some(game) => {
                let kind = self.registry.get(&game)?;
                let config = full_config(kind, &p.variants, p.config)?;
                let seats = p.seats.unwrap_or(kind.info().min_seats);
                (kind, config, seats)
            }
            None => {
                let (_, open) = self.open(request)?;
                let record = open.m.record();
                (self.registry.get(open.m.game())?, record.config, record.seats)
            }
        };
        let actions = kind
            .action_space(&config, seats)?
            .ok_or_else(|| Failure::new(Code::NotSupported, format!("{} does not list its actions", kind.name())))?;
        Ok(Reply::new().with("game", kind.name()).with("seats", seats).with("actions", actions))
    }
}

#[derive(Deserialize)]
pub(super) struct SetupParams {
    #[serde(flatten)]
    new: NewParams,
    position: String,
}

#[derive(Deserialize)]
pub(super) struct ActionsParams {
    #[serde(default)]
    game: Option<String>,
    #[serde(default)]
    config: Option<Value>,
    #[serde(default)]
    variants: Vec<String>,
    #[serde(default)]
    seats: Option<usize>,
}
