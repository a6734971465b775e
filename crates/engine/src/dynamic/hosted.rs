//! [`Hosted`]: a typed [`Match`] behind the [`DynMatch`] face.

use std::any::Any;

use serde_json::Value;

use super::bots::Bots;
use super::dyn_match::{DynBotError, DynMatch, ViewerEvents, viewer_events};
use crate::ending::EndReason;
use crate::game::Game;
use crate::info::{ActionValue, InfoSet};
use crate::matches::{ActionError, Match};
use crate::outcome::Outcome;
use crate::record::Record;
use crate::rng::seeded;
use crate::seat::{Seat, SeatSet};
use crate::step::StepKind;

/// A typed match behind the [`DynMatch`] face.
#[derive(Clone)]
pub(super) struct Hosted<G: Game> {
    pub(super) m: Match<G>,
    pub(super) bots: Bots<G>,
}

impl<G: Game> DynMatch for Hosted<G> {
    fn game(&self) -> &'static str {
        G::NAME
    }

    fn seats(&self) -> usize {
        self.m.state().seats()
    }

    fn to_act(&self) -> SeatSet {
        self.m.state().to_act()
    }

    fn step_kind(&self) -> StepKind {
        self.m.state().step_kind()
    }

    fn pass(&self, seat: Seat) -> Option<String> {
        self.m.state().pass(seat).map(|a| a.to_string())
    }

    fn outcome(&self) -> Option<Outcome> {
        self.m.outcome()
    }

    fn view(&self, viewer: Option<Seat>) -> Value {
        serde_json::to_value(self.m.state().view(viewer)).expect("views serialise")
    }

    fn legal_actions(&self, seat: Seat) -> Vec<String> {
        let mut out = Vec::new();
        self.m.state().legal_actions(seat, &mut out);
        out.iter().map(ToString::to_string).collect()
    }

    fn opening_events(&self) -> ViewerEvents {
        viewer_events(self.m.opening_events(), self.seats())
    }

    fn apply(&mut self, seat: Seat, notation: &str) -> Result<ViewerEvents, ActionError> {
        if seat.index() >= self.seats() {
            return Err(ActionError::NoSuchSeat(seat.index()));
        }
        self.m.apply_notation(seat, notation)?;
        Ok(viewer_events(self.m.last_events(), self.seats()))
    }

    fn bot_action(&self, seat: Seat, spec: &str, seed: u64) -> Result<String, DynBotError> {
        let mut bot = self.bots.build(spec)?;
        let mut rng = seeded(seed);
        self.m.ask(bot.as_mut(), seat, &mut rng).map(|a| a.to_string()).ok_or(DynBotError::NotToAct(seat))
    }

    fn analyse(&self, seat: Seat, spec: &str, seed: u64) -> Result<Vec<ActionValue<String>>, DynBotError> {
        let mut bot = self.bots.build_analysis(spec)?;
        if !self.m.state().to_act().contains(seat) {
            return Err(DynBotError::NotToAct(seat));
        }
        let values = bot.analyse(&InfoSet::new(self.m.state(), seat), &mut seeded(seed));
        let values = values.ok_or_else(|| DynBotError::NoAnalysis(bot.name()))?;
        Ok(values
            .into_iter()
            .map(|v| ActionValue { action: v.action.to_string(), value: v.value, visits: v.visits })
            .collect())
    }

    fn actions(&self) -> usize {
        self.m.history().len()
    }

    fn record(&self) -> Record {
        self.m.record()
    }

    fn set_players(&mut self, players: Vec<String>) {
        self.m.set_players(players);
    }

    fn end_reason(&self) -> Option<EndReason> {
        self.m.state().end_reason()
    }

    fn last_action(&self) -> Option<(Seat, String)> {
        self.m.history().last().map(|(seat, action)| (*seat, action.to_string()))
    }

    fn position(&self) -> Option<String> {
        self.m.state().position()
    }

    fn clone_box(&self) -> Box<dyn DynMatch> {
        Box::new(self.clone())
    }

    fn as_any(&self) -> &dyn Any {
        self
    }
}
