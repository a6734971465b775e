//! The [`engine::Game`] implementation: turn checks and dispatch to the rules modules.

use engine::{
    Bot, EndReason, EventLog, Game, GameRng, IllegalAction, Outcome, PositionError, Seat, SeatSet, SetupError,
    StepKind, Variant,
};

use crate::action::Action;
use crate::config::{Config, VARIANTS};
use crate::event::Event;
use crate::ranking;
use crate::state::{KnockOutWhist, Phase, Status};
use crate::suit::Suit;
use crate::view::View;

impl Game for KnockOutWhist {
    const NAME: &'static str = "knock-out-whist";
    const TITLE: &'static str = "Knock-Out Whist";
    // 2: KW-4 (a mercy player deals) and KW-40 (the most tricks still lead under a fixed trump).
    const RULES_VERSION: &'static str = "2";
    const MIN_SEATS: usize = 2;
    const MAX_SEATS: usize = 7;

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

    /// Deals round 1 and turns its trump card, logging both (`dealt`, `trump-turned`) like
    /// every later deal.
    fn start(config: &Config, seats: usize, rng: &mut GameRng, log: &mut EventLog<Event>) -> Result<Self, SetupError> {
        SetupError::check_seats::<Self>(seats)?;
        config.validate(seats)?;
        let mut game = KnockOutWhist::blank(config, seats);
        game.start_first_round(rng, log);
        Ok(game)
    }

    fn config(&self) -> &Config {
        &self.config
    }

    fn seats(&self) -> usize {
        self.seats as usize
    }

    fn step_kind(&self) -> StepKind {
        // The vote (KW-42) is cast secretly by every voter at once.
        match self.phase {
            Phase::Vote => StepKind::Secret,
            _ => StepKind::Turn,
        }
    }

    #[inline]
    fn to_act(&self) -> SeatSet {
        match self.phase {
            Phase::Play => SeatSet::only(self.turn),
            Phase::ChooseTrump { .. } => SeatSet::only(self.turn),
            Phase::Vote => self.voters.iter().filter(|s| self.votes[s.index()].is_none()).collect(),
            Phase::Over => SeatSet::EMPTY,
        }
    }

    #[inline]
    fn legal_actions(&self, seat: Seat, out: &mut Vec<Action>) {
        out.clear();
        match self.phase {
            Phase::Play if seat == self.turn => {
                out.extend(self.playable(seat).iter().map(Action::Play));
                if self.may_hold(seat) {
                    out.push(Action::Hold);
                }
            }
            Phase::ChooseTrump { options } if seat == self.turn => out.extend(options.iter().map(Action::Trump)),
            Phase::Vote if self.voters.contains(seat) && self.votes[seat.index()].is_none() => {
                out.extend(Suit::ALL.map(Action::Vote));
            }
            _ => {}
        }
    }

    fn apply(
        &mut self,
        seat: Seat,
        action: Action,
        rng: &mut GameRng,
        log: &mut EventLog<Event>,
    ) -> Result<(), IllegalAction> {
        if self.phase == Phase::Over {
            return Err(IllegalAction::GameOver);
        }
        if seat.index() >= self.seats() || !self.to_act().contains(seat) {
            return Err(IllegalAction::NotToAct(seat));
        }
        match (self.phase, action) {
            (Phase::Play, Action::Play(card)) => self.play_card(seat, card, rng, log),
            (Phase::Play, Action::Hold) => self.hold(seat, rng, log),
            (Phase::Play, _) => Err(IllegalAction::Rule(if self.status[seat.index()] == Status::Mercy {
                "play your card or hold"
            } else {
                "play a card"
            })),
            (Phase::ChooseTrump { options }, Action::Trump(suit)) => {
                if !options.contains(suit) {
                    return Err(IllegalAction::Rule("choose one of the suits tied in the vote"));
                }
                self.choose_trump(seat, suit, log);
                Ok(())
            }
            (Phase::ChooseTrump { .. }, _) => Err(IllegalAction::Rule("choose trump: trump C, D, H or S")),
            (Phase::Vote, Action::Vote(suit)) => {
                self.vote(seat, suit, log);
                Ok(())
            }
            (Phase::Vote, _) => Err(IllegalAction::Rule("vote on trump: vote C, D, H or S")),
            (Phase::Over, _) => Err(IllegalAction::GameOver),
        }
    }

    fn view(&self, viewer: Option<Seat>) -> View {
        self.build_view(viewer.filter(|s| s.index() < self.seats()))
    }

    fn end_reason(&self) -> Option<EndReason> {
        KnockOutWhist::end_reason(self)
    }

    fn action_space(_config: &Config, _seats: usize) -> Option<Vec<Action>> {
        Some(crate::action_space::action_space())
    }

    fn observation_shape(_config: &Config, seats: usize) -> Option<Vec<usize>> {
        Some(vec![crate::observation::observation_len(seats)])
    }

    fn observe(&self, seat: Seat, out: &mut [f32]) {
        self.write_observation(seat, out);
    }

    fn position(&self) -> Option<String> {
        Some(self.write_position())
    }

    fn from_position(config: &Config, seats: usize, position: &str) -> Result<Self, PositionError> {
        SetupError::check_seats::<Self>(seats)?;
        KnockOutWhist::read_position(config, seats, position)
    }

    fn outcome(&self) -> Option<Outcome> {
        ranking::outcome(self)
    }

    fn determinize(&self, observer: Seat, rng: &mut GameRng) -> Self {
        self.sample_world(observer, rng)
    }

    fn surprises(&self, observer: Seat, model: &mut dyn Bot<Self>, stop_at: u32, rng: &mut GameRng) -> u32 {
        self.count_surprises(observer, model, stop_at, rng)
    }
}
