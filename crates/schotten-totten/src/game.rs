//! `engine::Game` for Schotten-Totten.

use engine::{
    EndReason, EventLog, Game, GameRng, IllegalAction, Outcome, PositionError, Preset, Seat, SeatSet, SetupError,
    Variant,
};
use rand::seq::SliceRandom;

use crate::action::Action;
use crate::card::Card;
use crate::card_set::CardSet;
use crate::config::{Config, PRESETS, VARIANTS};
use crate::event::Event;
use crate::pile::Pile;
use crate::state::{Phase, SEATS, SchottenTotten, other};
use crate::stone::Stone;
use crate::view::View;

impl Game for SchottenTotten {
    const NAME: &'static str = "schotten-totten";
    const TITLE: &'static str = "Schotten-Totten";
    const RULES_VERSION: &'static str = "3";
    const MIN_SEATS: usize = 2;
    const MAX_SEATS: usize = 2;
    type Config = Config;
    type Action = Action;
    type View = View;
    type Event = Event;

    fn variants() -> &'static [Variant] {
        VARIANTS
    }

    fn presets() -> &'static [Preset] {
        PRESETS
    }

    /// Rules 3 changed only the tactic cards (ST-31's end of play, ST-40's draw): a record of
    /// rules 2 without them replays unchanged.
    fn replays_rules(version: &str, config: &Config) -> bool {
        version == "2" && !config.tactics
    }

    fn new(config: &Config, seats: usize, rng: &mut GameRng) -> Result<Self, SetupError> {
        if seats != 2 {
            return Err(SetupError::Seats { game: Self::NAME, seats, min: 2, max: 2 });
        }
        config.validate()?;
        let starting = Seat::at(config.starting_seat as usize);
        let mut game = SchottenTotten::new_empty(config, starting);
        game.deal(starting, rng);
        Ok(game)
    }

    fn config(&self) -> &Config {
        &self.config
    }

    fn seats(&self) -> usize {
        2
    }

    fn to_act(&self) -> SeatSet {
        if self.phase == Phase::Over { SeatSet::EMPTY } else { SeatSet::only(self.active) }
    }

    fn canonical(&self, seat: Seat, action: Action) -> Action {
        self.canonical_action(seat, action)
    }

    fn legal_actions(&self, seat: Seat, out: &mut Vec<Action>) {
        out.clear();
        if self.phase == Phase::Over || seat != self.active {
            return;
        }
        let claims_now = match self.phase {
            Phase::Play => !self.config.claim_after_play,
            Phase::Claim | Phase::FinalClaims { .. } => true,
            Phase::Over => false,
            Phase::Draw | Phase::Recruit { .. } | Phase::Strategist | Phase::Banshee | Phase::Traitor => {
                self.step_actions(seat, out);
                return;
            }
        };
        if claims_now {
            let mut mask = self.claimable(seat);
            while mask != 0 {
                let i = mask.trailing_zeros() as usize;
                mask &= mask - 1;
                out.push(Action::Claim(Stone::at(i).expect("nine stones")));
            }
        }
        // The claim step ends with `done`, a final claim turn with `pass`.
        let end = match self.phase {
            Phase::Claim => Some(Action::Done),
            Phase::FinalClaims { .. } => Some(Action::Pass),
            _ => None,
        };
        if let Some(end) = end {
            out.push(end);
            return;
        }
        let before = out.len();
        // The hand once into an array, then every stone with room takes every card.
        let mut cards = [Card::FILLER; 64];
        let mut n = 0;
        for card in self.hands[seat.index()].clans().iter().take(64) {
            cards[n] = card;
            n += 1;
        }
        let mut room = self.room(seat);
        out.reserve(room.count_ones() as usize * n + 1);
        while room != 0 {
            let stone = Stone::at(room.trailing_zeros() as usize).expect("nine stones");
            room &= room - 1;
            out.extend(cards[..n].iter().map(|&card| Action::Play { card, stone }));
        }
        // With tactics a seat that cannot play a clan card may pass (ST-41); without, a seat
        // that cannot play at all must (ST-7).
        let clan_plays = out.len() > before;
        if self.config.tactics {
            self.tactic_plays(seat, out);
        }
        if !clan_plays {
            out.push(Action::Pass);
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
        if seat != self.active {
            return Err(IllegalAction::NotToAct(seat));
        }
        let action = self.canonical_action(seat, action);
        match (self.phase, action) {
            (Phase::Draw | Phase::Recruit { .. } | Phase::Strategist | Phase::Banshee | Phase::Traitor, _) => {
                self.apply_step(seat, action, rng, log)?;
            }
            (Phase::Play, Action::Play { card, stone }) if !card.is_clan() => {
                self.play_tactic(seat, card, stone, rng, log)?;
            }
            (Phase::Play, Action::Ruse(card)) => self.play_ruse(seat, card, rng, log)?,
            (Phase::Play, Action::Play { card, stone }) => {
                self.play(seat, card, stone)?;
                self.last_action = Some((seat, action));
                log.push(Event::Played { seat, card, stone });
                self.after_play(seat, rng, log);
            }
            (Phase::Play, Action::Pass) => {
                let clan_play = !self.hands[seat.index()].clans().is_empty() && self.room(seat) != 0;
                if clan_play || (!self.config.tactics && self.can_play(seat)) {
                    return Err(IllegalAction::Rule(
                        "you can play a card: pass only when none can be played, or with tactics no clan card",
                    ));
                }
                if self.config.tactics {
                    self.idle_passes = if self.draws_nothing(seat) { self.idle_passes + 1 } else { 0 };
                }
                self.last_action = Some((seat, action));
                log.push(Event::Passed { seat });
                self.after_play(seat, rng, log);
            }
            (Phase::Play, Action::Claim(_)) if self.config.claim_after_play => {
                return Err(IllegalAction::Rule("with claim-after-play, claims come after playing a card"));
            }
            (Phase::Play | Phase::Claim | Phase::FinalClaims { .. }, Action::Claim(stone)) => {
                // The claim changes nothing when it fails.
                self.claim(seat, stone, rng, log)?;
            }
            (Phase::Claim, Action::Done) => {
                self.last_action = Some((seat, action));
                log.push(Event::Done { seat });
                self.finish_turn(seat, rng, log);
            }
            (Phase::Play, Action::Done) => {
                return Err(IllegalAction::Rule("play a card first; `done` ends the claim step after playing"));
            }
            (Phase::Claim, _) => {
                return Err(IllegalAction::Rule("you have played this turn: claim stones or say `done`"));
            }
            (Phase::FinalClaims { turns }, Action::Pass) => {
                self.last_action = Some((seat, action));
                log.push(Event::Passed { seat });
                self.end_final_claims(seat, turns, rng, log);
            }
            (Phase::FinalClaims { .. }, _) => {
                return Err(IllegalAction::Rule("nobody can play a card any more: claim stones or pass"));
            }
            (Phase::Play, _) => {
                return Err(IllegalAction::Rule(
                    "play a card (or pass when none can be played); that step comes later",
                ));
            }
            (Phase::Over, _) => unreachable!("checked above"),
        }
        // Tactics add steps between a play and the hand-over: keep the claims up to date there too.
        // Tactic cards change the table (and the Recruiter the piles) in ways that can make a
        // proven claim fail: those steps work the claims out anew.
        if self.config.tactics && self.phase != Phase::Over {
            match action {
                Action::Play { card, .. } if card.is_clan() => self.refresh_claims_for_turn(self.active),
                Action::Claim(_) | Action::Pass | Action::Done | Action::Draw(_) => {
                    self.refresh_claims_for_turn(self.active)
                }
                _ => self.forget_claims(),
            }
        }
        Ok(())
    }

    fn view(&self, viewer: Option<Seat>) -> View {
        View::of(self, viewer)
    }

    fn outcome(&self) -> Option<Outcome> {
        (self.phase == Phase::Over).then(|| Outcome::from_scores(&self.scores.map(i64::from)))
    }

    fn end_reason(&self) -> Option<EndReason> {
        SchottenTotten::end_reason(self)
    }

    fn action_space(config: &Config, _seats: usize) -> Option<Vec<Action>> {
        Some(crate::action_space::action_space(config))
    }

    #[inline]
    fn action_key(action: &Action) -> Option<u16> {
        Some(crate::action_space::key(*action))
    }

    fn legal_action_ids(&self, seat: Seat, out: &mut Vec<u32>) -> bool {
        crate::action_space::legal_ids(self, seat, out)
    }

    fn observation_shape(config: &Config, _seats: usize) -> Option<Vec<usize>> {
        Some(vec![crate::observation::observation_len(config)])
    }

    fn observe(&self, seat: Seat, out: &mut [f32]) {
        self.write_observation(seat, out);
    }

    fn position(&self) -> Option<String> {
        self.write_position()
    }

    fn from_position(config: &Config, seats: usize, position: &str) -> Result<Self, PositionError> {
        if seats != 2 {
            return Err(SetupError::Seats { game: Self::NAME, seats, min: 2, max: 2 }.into());
        }
        SchottenTotten::read_position(config, position)
    }

    fn determinize(&self, observer: Seat, rng: &mut GameRng) -> Self {
        let mut world = self.clone();
        if self.phase == Phase::Over {
            return world;
        }
        // The seats whose hands the observer cannot see (both, for someone not at the table).
        let seated = observer.index() < 2;
        let hidden_seats = if seated { [Some(other(observer)), None] } else { [Some(SEATS[0]), Some(SEATS[1])] };
        // What the observer knows of the other hand beyond shown cards: cards it put under a
        // pile that the other drew (ST-45).
        let known = if seated { self.known[observer.index()] } else { CardSet::EMPTY };
        let tucked = if seated { self.tucked[observer.index()] } else { CardSet::EMPTY };
        // Everything the observer cannot place: the piles (but what it put under them) and those
        // hands' unshown cards, gathered in canonical order, then shuffled.
        let mut unseen = self.deck().union(self.tactic_deck()).minus(self.on_table).minus(self.discard);
        unseen = unseen.minus(known).minus(tucked);
        if seated {
            unseen = unseen.minus(self.hands[observer.index()]);
        }
        for seat in hidden_seats.into_iter().flatten() {
            unseen = unseen.minus(self.revealed[seat.index()]);
        }
        let mut clans = Pile::from_set(unseen.clans());
        clans.cards_mut().shuffle(rng);
        let mut tactics = Pile::from_set(unseen.tactics());
        tactics.cards_mut().shuffle(rng);
        for seat in hidden_seats.into_iter().flatten() {
            let s = seat.index();
            // The number of tactic cards in a hand is public: each draw names its pile (ST-40).
            let fixed = self.revealed[s].union(known);
            let mut hand = fixed;
            for _ in fixed.clans().len()..self.hands[s].clans().len() {
                hand.insert(clans.pop().expect("the unseen cards cover the hidden hands"));
            }
            for _ in fixed.tactics().len()..self.hands[s].tactics().len() {
                hand.insert(tactics.pop().expect("the unseen cards cover the hidden hands"));
            }
            world.hands[s] = hand;
            world.tucked[s] = CardSet::EMPTY;
            world.known[s] = CardSet::EMPTY;
        }
        // The cards the observer put under a pile stay at its bottom.
        world.pile = refill(self.pile.len(), tucked.clans(), &mut clans);
        world.tactic_pile = refill(self.tactic_pile.len(), tucked.tactics(), &mut tactics);
        // Proofs count the claimant's own hand as unavailable: work the claims out anew.
        world.forget_claims();
        world
    }
}

/// A pile of `len` cards: `bottom` under it, then cards from `pool` on top.
fn refill(len: usize, bottom: CardSet, pool: &mut Pile) -> Pile {
    let mut pile = Pile::from_set(bottom);
    while pile.len() < len {
        pile.push(pool.pop().expect("the unseen cards cover the piles"));
    }
    pile
}
