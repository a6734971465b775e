//! The [`engine::Game`] implementation: set-up, turn checks and dispatch to the rules modules.

use engine::{
    EndReason, EventLog, Game, GameRng, IllegalAction, Outcome, PositionError, Seat, SeatSet, SetupError, StepKind,
    Variant,
};

use crate::action::Action;
use crate::card::{CardKind, Cards};
use crate::config::{Config, VARIANTS};
use crate::event::{Event, Why};
use crate::horse::Die;
use crate::roll_effect::ThreeFrom;
use crate::state::{Answer, KopfAnKopf, Phase};
use crate::view::View;

impl KopfAnKopf {
    /// Deals (KK-1, KK-6) and starts the first turn, logging what happened.
    fn setup(config: &Config, seats: usize, rng: &mut GameRng, log: &mut EventLog<Event>) -> Result<Self, SetupError> {
        SetupError::check_seats::<Self>(seats)?;
        config.validate(seats)?;
        let mut game = KopfAnKopf::blank(config, seats);
        let mut deck = game.rules.deck;
        for hand in game.hands.iter_mut().take(seats) {
            for _ in 0..game.rules.start_cards {
                if let Some(card) = Self::take_random(&mut deck, rng) {
                    hand.add(card, 1);
                }
            }
        }
        for _ in 0..deck.len().div_ceil(2) {
            if let Some(card) = Self::take_random(&mut deck, rng) {
                game.piles[0].add(card, 1);
            }
        }
        game.piles[1] = deck;
        let hands = game.hands;
        log.push(Event::Dealt { hand: None, hands });
        game.start_turn(rng, log);
        Ok(game)
    }

    /// Whether `seat` is to act now: the one seat of a turn's step, or a seat a reaction
    /// window asked that has not answered yet. The same as `to_act().contains(seat)` without
    /// building the set (apply asks it for every action).
    fn is_to_act(&self, seat: Seat) -> bool {
        seat.index() < self.seats as usize
            && match self.phase {
                Phase::Over => false,
                Phase::RollWindow | Phase::CardWindow => self.waiting.contains(seat),
                _ => seat == self.active,
            }
    }

    /// Calls `f` with every legal action of `seat`.
    pub(crate) fn for_each_legal(&self, seat: Seat, mut f: impl FnMut(Action)) {
        if seat.index() >= self.seats as usize {
            return;
        }
        match self.phase {
            Phase::Over => {}
            Phase::RollWindow | Phase::CardWindow => {
                if !self.is_to_act(seat) {
                    return;
                }
                f(Action::Pass);
                let hand = &self.hands[seat.index()];
                if self.phase == Phase::RollWindow {
                    if hand.has(CardKind::Reroll) {
                        f(Action::Reroll(Die::Horse));
                        f(Action::Reroll(Die::Movement));
                    }
                } else if hand.has(CardKind::Objection) {
                    f(Action::Object);
                }
            }
            _ if seat != self.active => {}
            Phase::Ability(h) => {
                f(Action::Use(h));
                f(Action::Skip(h));
            }
            Phase::SecondChance => {
                f(Action::Keep);
                f(Action::Chance(Die::Horse));
                f(Action::Chance(Die::Movement));
            }
            Phase::Sprint => {
                self.sprinters.iter().for_each(|h| f(Action::Sprint(h)));
                f(Action::Decline);
            }
            Phase::ThreeCard => {
                match self.three_from() {
                    ThreeFrom::Seat(_) => f(Action::Steal),
                    ThreeFrom::Piles => {
                        (0..2).filter(|&p| !self.piles[p].is_empty()).for_each(|p| f(Action::Pile(p as u8)))
                    }
                    ThreeFrom::Nothing => {}
                }
                f(Action::Decline);
            }
            Phase::Action => {
                let mut any = false;
                self.for_each_turn_action(|a| {
                    any = true;
                    f(a)
                });
                if !any {
                    f(Action::Pass);
                }
            }
            Phase::InspectorTake(target) => self.hands[target.index()].kinds().for_each(|k| f(Action::Take(k))),
            Phase::Draw => {
                f(Action::Draw(0));
                f(Action::Draw(1));
            }
        }
    }

    /// Whether `seat` (to act, see [`KopfAnKopf::is_to_act`]) may take `action`: the same
    /// answer as looking for it in [`KopfAnKopf::for_each_legal`], checked directly because
    /// apply asks it for every action and the action step's list is long.
    fn is_legal(&self, seat: Seat, action: Action) -> bool {
        let hand = &self.hands[seat.index()];
        match (self.phase, action) {
            (Phase::Over, _) => false,
            (Phase::RollWindow | Phase::CardWindow, Action::Pass) => true,
            (Phase::RollWindow, Action::Reroll(_)) => hand.has(CardKind::Reroll),
            (Phase::CardWindow, Action::Object) => hand.has(CardKind::Objection),
            (Phase::RollWindow | Phase::CardWindow, _) => false,
            // The pass of the action step is there only when nothing else is.
            (Phase::Action, Action::Pass) => {
                let mut any = false;
                self.for_each_turn_action(|_| any = true);
                !any
            }
            (Phase::Action, _) => self.turn_action_legal(action),
            (Phase::Ability(h), Action::Use(x) | Action::Skip(x)) => x == h,
            (Phase::SecondChance, Action::Keep | Action::Chance(_)) => true,
            (Phase::Sprint, Action::Sprint(h)) => self.sprinters.contains(h),
            (Phase::Sprint | Phase::ThreeCard, Action::Decline) => true,
            (Phase::ThreeCard, Action::Steal) => matches!(self.three_from(), ThreeFrom::Seat(_)),
            (Phase::ThreeCard, Action::Pile(p)) => {
                self.three_from() == ThreeFrom::Piles && p < 2 && !self.piles[p as usize].is_empty()
            }
            (Phase::Draw, Action::Draw(p)) => p < 2,
            (Phase::InspectorTake(target), Action::Take(kind)) => self.hands[target.index()].has(kind),
            _ => false,
        }
    }

    fn dispatch(&mut self, seat: Seat, action: Action, rng: &mut GameRng, log: &mut EventLog<Event>) {
        match action {
            Action::Use(h) => {
                if !self.use_ability(h, rng, log) {
                    self.abilities_from(h.index() + 1, rng, log);
                }
            }
            Action::Skip(h) => {
                log.push(Event::Ability { seat, horse: h, used: false });
                self.abilities_from(h.index() + 1, rng, log);
            }
            Action::Keep => self.open_roll_window(log),
            Action::Chance(die) => {
                self.second_chance.remove(seat);
                self.reroll(seat, die, Why::SecondChance, rng, log);
                self.open_roll_window(log);
            }
            Action::Reroll(die) => self.answer(seat, Answer::Reroll(die), rng, log),
            Action::Object => self.answer(seat, Answer::Object, rng, log),
            Action::Pass if self.phase == Phase::Action => self.go_to_draw(rng, log),
            Action::Pass => self.answer(seat, Answer::Pass, rng, log),
            Action::Sprint(h) => self.sprint(h, rng, log),
            Action::Decline if self.phase == Phase::Sprint => self.hold_sprinters(rng, log),
            Action::Decline => self.decline_three(log),
            Action::Steal => self.take_three(None, rng, log),
            Action::Pile(p) => self.take_three(Some(p), rng, log),
            Action::Play(_) | Action::Buy(_) | Action::Bet(..) | Action::Discard(..) => {
                self.turn_action(action, rng, log)
            }
            Action::Take(kind) => {
                if let Phase::InspectorTake(target) = self.phase {
                    self.inspector_take(target, kind, rng, log);
                }
            }
            Action::Draw(p) => {
                self.draw(seat, p, rng, log);
                self.end_turn(rng, log);
            }
        }
    }

    /// Every card of the game: hands, piles, discard pile and the stack (KK-6: the deck).
    pub fn all_cards(&self) -> Cards {
        let mut all = self.piles[0];
        all.add_all(&self.piles[1]);
        all.add_all(&self.discard);
        all.add_all(&self.stack_cards());
        for hand in &self.hands[..self.seats as usize] {
            all.add_all(hand);
        }
        all
    }

    /// The whole deck of the edition.
    pub fn deck(&self) -> Cards {
        self.rules.deck
    }

    /// What `observer` knows of `seat`'s hand (Inspector, a card taken from `observer`).
    pub fn known(&self, observer: Seat, seat: Seat) -> Cards {
        self.known[observer.index()][seat.index()]
    }
}

impl Game for KopfAnKopf {
    const NAME: &'static str = "kopf-an-kopf";
    const TITLE: &'static str = "Kopf an Kopf";
    /// "2": KK-11.2 (sprint-bar moves are a choice), KK-11.3 (the 3's card may be declined)
    /// and KK-24 (a bet of 1 to 5 €). Records of rules "1" are refused (see the crate docs).
    const RULES_VERSION: &'static str = "2";
    const MIN_SEATS: usize = 2;
    const MAX_SEATS: usize = 8;

    type Config = Config;
    type Action = Action;
    type View = View;
    type Event = Event;

    fn variants() -> &'static [Variant] {
        VARIANTS
    }

    fn new(config: &Config, seats: usize, rng: &mut GameRng) -> Result<Self, SetupError> {
        Self::setup(config, seats, rng, &mut EventLog::off())
    }

    fn start(config: &Config, seats: usize, rng: &mut GameRng, log: &mut EventLog<Event>) -> Result<Self, SetupError> {
        Self::setup(config, seats, rng, log)
    }

    fn config(&self) -> &Config {
        &self.config
    }

    fn seats(&self) -> usize {
        self.seats as usize
    }

    fn step_kind(&self) -> StepKind {
        match self.phase {
            Phase::RollWindow | Phase::CardWindow => StepKind::Reaction,
            _ => StepKind::Turn,
        }
    }

    fn pass(&self, seat: Seat) -> Option<Action> {
        (self.step_kind() == StepKind::Reaction && self.to_act().contains(seat)).then_some(Action::Pass)
    }

    #[inline]
    fn to_act(&self) -> SeatSet {
        match self.phase {
            Phase::Over => SeatSet::EMPTY,
            Phase::RollWindow | Phase::CardWindow => self.waiting,
            _ => SeatSet::only(self.active),
        }
    }

    fn legal_actions(&self, seat: Seat, out: &mut Vec<Action>) {
        out.clear();
        self.for_each_legal(seat, |a| out.push(a));
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
        if !self.is_to_act(seat) {
            return Err(IllegalAction::NotToAct(seat));
        }
        if !self.is_legal(seat, action) {
            return Err(IllegalAction::Rule(self.hint()));
        }
        self.dispatch(seat, action, rng, log);
        Ok(())
    }

    fn view(&self, viewer: Option<Seat>) -> View {
        self.build_view(viewer.filter(|s| s.index() < self.seats as usize))
    }

    fn outcome(&self) -> Option<Outcome> {
        self.final_outcome()
    }

    fn determinize(&self, observer: Seat, rng: &mut GameRng) -> Self {
        self.sample_world(observer, rng)
    }

    fn end_reason(&self) -> Option<EndReason> {
        KopfAnKopf::end_reason(self)
    }

    fn observation_shape(_config: &Config, seats: usize) -> Option<Vec<usize>> {
        Some(vec![crate::observation::observation_len(seats)])
    }

    fn observe(&self, seat: Seat, out: &mut [f32]) {
        self.write_observation(seat, out);
    }

    fn action_space(config: &Config, seats: usize) -> Option<Vec<Action>> {
        Some(crate::action_space::action_space(&config.edition, seats))
    }

    #[inline]
    fn action_key(action: &Action) -> Option<u16> {
        crate::action_space::key(*action)
    }

    fn legal_action_ids(&self, seat: Seat, out: &mut Vec<u32>) -> bool {
        crate::action_space::legal_ids(self, seat, out)
    }

    fn position(&self) -> Option<String> {
        Some(self.write_position())
    }

    fn from_position(config: &Config, seats: usize, position: &str) -> Result<Self, PositionError> {
        SetupError::check_seats::<Self>(seats)?;
        config.validate(seats)?;
        KopfAnKopf::read_position(config, seats, position)
    }
}

impl KopfAnKopf {
    /// What the seat to act may do now, for the error of a refused action.
    fn hint(&self) -> &'static str {
        match self.phase {
            Phase::Ability(_) => "use or skip the horse's ability: use H, skip H",
            Phase::SecondChance => "keep the roll or spend the second chance: keep, chance horse, chance move",
            Phase::RollWindow => "react to the roll: pass, or reroll horse|move with a Re-roll card",
            Phase::CardWindow => "react to the card: pass, or object with an Objection card",
            Phase::Sprint => "move a sprint-bar horse next, or leave the rest where they are: sprint H, decline",
            Phase::ThreeCard => "take the 3's card or leave it: steal (from the owner), pile 1, pile 2, decline",
            Phase::Action => {
                "not a legal action: play a card you hold, buy, bet 1 to 5 € you have (bet H EUROS) or discard two"
            }
            Phase::InspectorTake(_) => "take a card of the inspected hand: take CARD",
            Phase::Draw => "draw from a pile: draw 1, draw 2",
            Phase::Over => "the game is over",
        }
    }
}
