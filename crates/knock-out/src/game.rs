//! The [`engine::Game`] implementation: turn checks and dispatch to the rules modules.

use engine::{
    EndReason, EventLog, Game, GameRng, IllegalAction, Outcome, PositionError, Seat, SeatSet, SetupError, StepKind,
    Variant,
};

use crate::action::Action;
use crate::config::{Config, VARIANTS};
use crate::event::Event;
use crate::state::{KnockOut, Phase};
use crate::view::View;

impl Game for KnockOut {
    const NAME: &'static str = "knock-out";
    const TITLE: &'static str = "Knock Out";
    const RULES_VERSION: &'static str = "1";
    const MIN_SEATS: usize = 3;
    const MAX_SEATS: usize = 5;

    type Config = Config;
    type Action = Action;
    type View = View;
    type Event = Event;

    fn variants() -> &'static [Variant] {
        VARIANTS
    }

    fn new(config: &Config, seats: usize, rng: &mut GameRng) -> Result<Self, SetupError> {
        Self::start(config, seats, rng, &mut EventLog::off())
    }

    fn start(config: &Config, seats: usize, _rng: &mut GameRng, log: &mut EventLog<Event>) -> Result<Self, SetupError> {
        SetupError::check_seats::<Self>(seats)?;
        config.validate(seats)?;
        let game = KnockOut::blank(config, seats);
        log.push(Event::SeasonStarted { season: 1, opener: game.active });
        Ok(game)
    }

    fn config(&self) -> &Config {
        &self.config
    }

    fn seats(&self) -> usize {
        self.seats as usize
    }

    fn step_kind(&self) -> StepKind {
        match self.phase {
            Phase::Training | Phase::Fight => StepKind::Secret,
            _ => StepKind::Turn,
        }
    }

    #[inline]
    fn to_act(&self) -> SeatSet {
        match self.phase {
            Phase::Challenge => SeatSet::only(self.active),
            Phase::Betting => SeatSet::only(self.bettor()),
            Phase::Training | Phase::Fight => {
                let mut set = SeatSet::EMPTY;
                if let Some(f) = &self.fight {
                    for side in 0..2 {
                        let waiting =
                            if self.phase == Phase::Training { !f.trained[side] } else { f.pending[side].is_none() };
                        if waiting {
                            set.insert(f.boxers[side].owner);
                        }
                    }
                }
                set
            }
            Phase::Over => SeatSet::EMPTY,
        }
    }

    #[inline]
    fn legal_actions(&self, seat: Seat, out: &mut Vec<Action>) {
        out.clear();
        if seat.index() >= self.seats as usize || !self.to_act().contains(seat) {
            return;
        }
        match self.phase {
            Phase::Challenge => self.for_each_challenge(seat, |a| out.push(a)),
            Phase::Training => self.for_each_training(seat, |a| out.push(a)),
            Phase::Betting => self.for_each_bet(seat, |a| out.push(a)),
            Phase::Fight => self.for_each_play(seat, |a| out.push(a)),
            Phase::Over => {}
        }
    }

    fn apply(
        &mut self,
        seat: Seat,
        action: Action,
        _rng: &mut GameRng,
        log: &mut EventLog<Event>,
    ) -> Result<(), IllegalAction> {
        if self.phase == Phase::Over {
            return Err(IllegalAction::GameOver);
        }
        if seat.index() >= self.seats as usize || !self.to_act().contains(seat) {
            return Err(IllegalAction::NotToAct(seat));
        }
        match (self.phase, action) {
            (Phase::Challenge, Action::Challenge { with, target }) => self.challenge(seat, with, target, log),
            (Phase::Challenge, _) => Err(IllegalAction::Rule("challenge: challenge L|H SEAT+L|H")),
            (Phase::Training, Action::Train(cards)) => self.train(seat, cards, log),
            (Phase::Training, _) => Err(IllegalAction::Rule("choose your training cards: train 1 2 3 5")),
            (Phase::Betting, Action::Offer { .. } | Action::Accept { .. } | Action::Pass) => {
                self.bet(seat, action, log)
            }
            (Phase::Betting, _) => Err(IllegalAction::Rule("place a betting chip: offer, accept or pass")),
            (Phase::Fight, Action::Play(value)) => self.play(seat, value, log),
            (Phase::Fight, _) => Err(IllegalAction::Rule("choose your exchange card: play N")),
            (Phase::Over, _) => Err(IllegalAction::GameOver),
        }
    }

    fn view(&self, viewer: Option<Seat>) -> View {
        self.build_view(viewer.filter(|s| s.index() < self.seats as usize))
    }

    fn outcome(&self) -> Option<Outcome> {
        self.final_money().map(Outcome::from_scores)
    }

    fn determinize(&self, observer: Seat, rng: &mut GameRng) -> Self {
        self.sample_world(observer, rng)
    }

    fn end_reason(&self) -> Option<EndReason> {
        KnockOut::end_reason(self)
    }

    fn observation_shape(_config: &Config, seats: usize) -> Option<Vec<usize>> {
        Some(vec![crate::observation::observation_len(seats)])
    }

    fn observe(&self, seat: Seat, out: &mut [f32]) {
        self.write_observation(seat, out);
    }

    fn action_space(config: &Config, seats: usize) -> Option<Vec<Action>> {
        Some(crate::action_space::action_space(config, seats))
    }

    #[inline]
    fn action_key(action: &Action) -> Option<u16> {
        Some(crate::action_space::key(*action))
    }

    fn position(&self) -> Option<String> {
        Some(self.write_position())
    }

    fn from_position(config: &Config, seats: usize, position: &str) -> Result<Self, PositionError> {
        SetupError::check_seats::<Self>(seats)?;
        config.validate(seats)?;
        KnockOut::read_position(config, seats, position)
    }
}
