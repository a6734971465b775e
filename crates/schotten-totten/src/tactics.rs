//! Tactic cards (ST-40 … ST-45): which may be played, and how elite troops, combat modes and
//! the ruses' steps change the table.

use engine::{EventLog, GameRng, IllegalAction, Seat};

use crate::action::{Action, PileKind};
use crate::card::{Card, Tactic, TacticFamily};
use crate::card_set::CardSet;
use crate::event::Event;
use crate::state::{Phase, SchottenTotten, other};
use crate::stone::{MAX_SIDE, STONES, Stone};

/// The two Jokers (Battle Line: Leaders).
const JOKERS: CardSet = CardSet::from_bits((1 << 60) | (1 << 61));

/// The stones of `mask` (bit i = stone i + 1).
fn stones_of(mut mask: u16) -> impl Iterator<Item = Stone> {
    std::iter::from_fn(move || {
        if mask == 0 {
            return None;
        }
        let i = mask.trailing_zeros() as usize;
        mask &= mask - 1;
        Stone::at(i)
    })
}

impl SchottenTotten {
    /// The unclaimed stones, as a mask.
    #[inline]
    pub(crate) fn open_stones(&self) -> u16 {
        !(self.owners[0] | self.owners[1]) & ((1 << STONES) - 1)
    }

    /// ST-41: `seat` may play a tactic card only if it has not played more than the opponent.
    #[inline]
    pub(crate) fn tactic_allowed(&self, seat: Seat) -> bool {
        self.played_tactics[seat.index()].len() <= self.played_tactics[other(seat).index()].len()
    }

    /// ST-42: a seat that has played a Joker cannot play the other.
    fn joker_allowed(&self, seat: Seat) -> bool {
        self.played_tactics[seat.index()].intersection(JOKERS).is_empty()
    }

    /// The cards `seat` has on unclaimed stones (`clans_only`: only clan cards), with the stone.
    fn cards_on_open_stones(&self, seat: Seat, clans_only: bool) -> impl Iterator<Item = (Card, Stone)> + use<> {
        let mut found = [(Card::FILLER, Stone::at(0).expect("a stone")); STONES * MAX_SIDE];
        let mut n = 0;
        for stone in stones_of(self.open_stones()) {
            for card in self.stones[stone.index()].side(seat).cards() {
                if !clans_only || card.is_clan() {
                    found[n] = (card, stone);
                    n += 1;
                }
            }
        }
        found.into_iter().take(n)
    }

    /// Whether the ruse `card` has a step `seat` could take (ST-45).
    fn ruse_possible(&self, seat: Seat, card: Card) -> bool {
        match card.tactic() {
            Some(Tactic::Recruiter) => true,
            Some(Tactic::Strategist) => self.cards_on_open_stones(seat, false).next().is_some(),
            Some(Tactic::Banshee) => self.cards_on_open_stones(other(seat), false).next().is_some(),
            Some(Tactic::Traitor) => {
                self.room(seat) != 0 && self.cards_on_open_stones(other(seat), true).next().is_some()
            }
            _ => false,
        }
    }

    /// Whether `seat` could play one of its tactic cards now (ST-41).
    #[inline(never)]
    pub(crate) fn can_play_tactic(&self, seat: Seat) -> bool {
        let tactics = self.hands[seat.index()].tactics();
        !tactics.is_empty() && self.tactic_allowed(seat) && tactics.iter().any(|card| self.tactic_playable(seat, card))
    }

    /// Whether the tactic card `card` would be playable by `seat` on this table, were it in
    /// its hand and the count rule (ST-41) to allow it.
    fn tactic_playable(&self, seat: Seat, card: Card) -> bool {
        match card.tactic().map(Tactic::family) {
            Some(TacticFamily::Elite) => self.room(seat) != 0 && (!JOKERS.contains(card) || self.joker_allowed(seat)),
            Some(TacticFamily::CombatMode) => self.open_stones() != 0,
            Some(TacticFamily::Ruse) => self.ruse_possible(seat, card),
            None => false,
        }
    }

    /// ST-31 with tactics: whether `seat`, which cannot play a card, could change that by
    /// passing and drawing. Its turn's draw must fill a hand below 7 (ST-40) from a pile that
    /// may hold a card it could play: the clan pile where it has room (any clan card then
    /// fits), or the tactic pile when the count (ST-41) allows it a tactic card and one that
    /// nobody has played yet would be playable. Judged on what the whole table knows — never
    /// on which cards a pile holds — so the end of play tells nobody anything hidden.
    #[inline(never)]
    pub(crate) fn could_draw_into_play(&self, seat: Seat) -> bool {
        if self.hands[seat.index()].len() >= self.config.hand_size() {
            return false;
        }
        if !self.pile.is_empty() && self.room(seat) != 0 {
            return true;
        }
        let unplayed = CardSet::TACTICS.minus(self.on_table).minus(self.discard);
        !self.tactic_pile.is_empty()
            && self.tactic_allowed(seat)
            && unplayed.iter().any(|card| self.tactic_playable(seat, card))
    }

    /// The action `action` of `seat` stands for: with both Jokers in hand, `play joker2 N` is
    /// the same choice as `play joker1 N`, which the legal list names (ST-42).
    pub(crate) fn canonical_action(&self, seat: Seat, action: Action) -> Action {
        let both = self.hands.get(seat.index()).is_some_and(|hand| JOKERS.is_subset(*hand));
        match action {
            Action::Play { card, stone } if both && card == Tactic::Joker2.card() => {
                Action::Play { card: Tactic::Joker1.card(), stone }
            }
            _ => action,
        }
    }

    /// Appends `seat`'s tactic plays in the play step (ST-41 … ST-45).
    #[inline(never)]
    pub(crate) fn tactic_plays(&self, seat: Seat, out: &mut Vec<Action>) {
        let hand = self.hands[seat.index()];
        if hand.tactics().is_empty() || !self.tactic_allowed(seat) {
            return;
        }
        for card in hand.tactics() {
            match card.tactic().map(Tactic::family) {
                Some(TacticFamily::Elite) => {
                    // The Jokers are interchangeable: list the first held only.
                    let second_joker = card == Tactic::Joker2.card() && hand.contains(Tactic::Joker1.card());
                    if JOKERS.contains(card) && (!self.joker_allowed(seat) || second_joker) {
                        continue;
                    }
                    out.extend(stones_of(self.room(seat)).map(|stone| Action::Play { card, stone }));
                }
                Some(TacticFamily::CombatMode) => {
                    out.extend(stones_of(self.open_stones()).map(|stone| Action::Play { card, stone }));
                }
                Some(TacticFamily::Ruse) if self.ruse_possible(seat, card) => out.push(Action::Ruse(card)),
                Some(TacticFamily::Ruse) | None => {}
            }
        }
    }

    /// The legal actions of a ruse's step or of the tactics draw (phases other than play,
    /// claim and the final claims).
    #[inline(never)]
    pub(crate) fn step_actions(&self, seat: Seat, out: &mut Vec<Action>) {
        let me = seat.index();
        match self.phase {
            Phase::Draw | Phase::Recruit { draws: 1.., .. } => {
                if !self.pile.is_empty() {
                    out.push(Action::Draw(PileKind::Clan));
                }
                if !self.tactic_pile.is_empty() {
                    out.push(Action::Draw(PileKind::Tactic));
                }
            }
            Phase::Recruit { .. } => out.extend(self.hands[me].iter().map(Action::Return)),
            Phase::Strategist => {
                let room = self.room(seat);
                for (card, from) in self.cards_on_open_stones(seat, false) {
                    out.push(Action::Discard(card));
                    let to = room & !(1 << from.index());
                    out.extend(stones_of(to).map(|stone| Action::Move { card, stone }));
                }
            }
            Phase::Banshee => {
                out.extend(self.cards_on_open_stones(other(seat), false).map(|(card, _)| Action::Discard(card)));
            }
            Phase::Traitor => {
                let room = self.room(seat);
                for (card, _) in self.cards_on_open_stones(other(seat), true) {
                    out.extend(stones_of(room).map(|stone| Action::Move { card, stone }));
                }
            }
            Phase::Play | Phase::Claim | Phase::FinalClaims { .. } | Phase::Over => {}
        }
    }

    /// Plays an elite troop or a combat mode from hand (ST-42 … ST-44).
    #[inline(never)]
    pub(crate) fn play_tactic(
        &mut self,
        seat: Seat,
        card: Card,
        stone: Stone,
        rng: &mut GameRng,
        log: &mut EventLog<Event>,
    ) -> Result<(), IllegalAction> {
        let tactic = self.check_tactic(seat, card)?;
        match tactic.family() {
            TacticFamily::Elite => {
                if JOKERS.contains(card) && !self.joker_allowed(seat) {
                    return Err(IllegalAction::Rule("you have played a Joker already: a second cannot be played"));
                }
                self.play(seat, card, stone)?;
            }
            TacticFamily::CombatMode => {
                if self.stones[stone.index()].owner.is_some() {
                    return Err(IllegalAction::Rule("combat modes go on unclaimed stones"));
                }
                self.hands[seat.index()].remove(card);
                self.revealed[seat.index()].remove(card);
                self.known[other(seat).index()].remove(card);
                self.stones[stone.index()].add_mode(card);
                self.on_table.insert(card);
            }
            TacticFamily::Ruse => {
                return Err(IllegalAction::Rule("a ruse is played without a stone: `play recruiter`"));
            }
        }
        self.played_tactics[seat.index()].insert(card);
        self.last_action = Some((seat, Action::Play { card, stone }));
        self.idle_passes = 0;
        log.push(Event::Played { seat, card, stone });
        // The table changed in ways proofs cannot keep up with: work the claims out anew.
        self.forget_claims();
        self.after_play(seat, rng, log);
        Ok(())
    }

    /// The checks every tactic play shares: the card is a tactic card in hand, ST-41 allows it.
    fn check_tactic(&self, seat: Seat, card: Card) -> Result<Tactic, IllegalAction> {
        let Some(tactic) = card.tactic() else {
            return Err(IllegalAction::Rule("that is not a tactic card"));
        };
        if !self.hands[seat.index()].contains(card) {
            return Err(IllegalAction::Rule("that card is not in your hand"));
        }
        if !self.tactic_allowed(seat) {
            return Err(IllegalAction::Rule("you may not play more than one tactic card more than your opponent"));
        }
        Ok(tactic)
    }

    /// Plays a ruse (ST-45): its steps follow as the same seat's actions.
    #[inline(never)]
    pub(crate) fn play_ruse(
        &mut self,
        seat: Seat,
        card: Card,
        rng: &mut GameRng,
        log: &mut EventLog<Event>,
    ) -> Result<(), IllegalAction> {
        let tactic = self.check_tactic(seat, card)?;
        if tactic.family() != TacticFamily::Ruse {
            return Err(IllegalAction::Rule("only ruses are played without a stone: `play joker1 3`"));
        }
        if !self.ruse_possible(seat, card) {
            return Err(IllegalAction::Rule("that ruse has nothing to act on"));
        }
        self.hands[seat.index()].remove(card);
        self.revealed[seat.index()].remove(card);
        self.known[other(seat).index()].remove(card);
        self.played_tactics[seat.index()].insert(card);
        // Face up on the discard pile from the start: it is public, and goes there once resolved.
        self.discard.insert(card);
        self.last_action = Some((seat, Action::Ruse(card)));
        self.idle_passes = 0;
        log.push(Event::Ruse { seat, card });
        self.phase = match tactic {
            Tactic::Recruiter => Phase::Recruit { draws: 3, returns: 2 },
            Tactic::Strategist => Phase::Strategist,
            Tactic::Banshee => Phase::Banshee,
            _ => Phase::Traitor,
        };
        self.advance_recruit(seat, rng, log);
        Ok(())
    }

    /// The Recruiter's draws happen by themselves while at most one pile has cards; once the
    /// seat has nothing left to put back, the ruse is over.
    fn advance_recruit(&mut self, seat: Seat, rng: &mut GameRng, log: &mut EventLog<Event>) {
        while let Phase::Recruit { draws, returns } = self.phase {
            if draws > 0 {
                match (self.pile.is_empty(), self.tactic_pile.is_empty()) {
                    (false, false) => return,
                    (true, true) => self.phase = Phase::Recruit { draws: 0, returns },
                    (clan_empty, _) => {
                        let pile = if clan_empty { PileKind::Tactic } else { PileKind::Clan };
                        self.draw(seat, pile, log);
                        self.phase = Phase::Recruit { draws: draws - 1, returns };
                    }
                }
            } else if returns > 0 && !self.hands[seat.index()].is_empty() {
                return;
            } else {
                self.end_ruse(seat, rng, log);
            }
        }
    }

    /// A ruse is resolved: it goes to the discard pile and the turn goes on (ST-45).
    fn end_ruse(&mut self, seat: Seat, rng: &mut GameRng, log: &mut EventLog<Event>) {
        self.phase = crate::state::Phase::Play;
        self.forget_claims();
        self.after_play(seat, rng, log);
    }

    /// Where `card` lies on `seat`'s side of an unclaimed stone, if it does.
    fn find_open(&self, seat: Seat, card: Card) -> Option<Stone> {
        stones_of(self.open_stones()).find(|s| self.stones[s.index()].side(seat).as_slice().contains(&card))
    }

    /// One step of a ruse or the tactics draw.
    #[inline(never)]
    pub(crate) fn apply_step(
        &mut self,
        seat: Seat,
        action: Action,
        rng: &mut GameRng,
        log: &mut EventLog<Event>,
    ) -> Result<(), IllegalAction> {
        let previous = self.last_action;
        // A card put back stays the seat's secret: the last action shown is the step before.
        if !matches!(action, Action::Return(_)) {
            self.last_action = Some((seat, action));
        }
        let result = self.step(seat, action, rng, log);
        if result.is_err() {
            self.last_action = previous;
        }
        result
    }

    fn step(
        &mut self,
        seat: Seat,
        action: Action,
        rng: &mut GameRng,
        log: &mut EventLog<Event>,
    ) -> Result<(), IllegalAction> {
        let them = other(seat);
        match (self.phase, action) {
            (Phase::Draw, Action::Draw(pile)) => {
                self.check_pile(pile)?;
                self.draw(seat, pile, log);
                self.end_turn(seat, rng, log);
            }
            (Phase::Recruit { draws: draws @ 1.., returns }, Action::Draw(pile)) => {
                self.check_pile(pile)?;
                self.draw(seat, pile, log);
                self.phase = Phase::Recruit { draws: draws - 1, returns };
                self.advance_recruit(seat, rng, log);
            }
            (Phase::Recruit { draws: 0, returns }, Action::Return(card)) => {
                if !self.hands[seat.index()].contains(card) {
                    return Err(IllegalAction::Rule("that card is not in your hand"));
                }
                self.hands[seat.index()].remove(card);
                self.revealed[seat.index()].remove(card);
                self.known[them.index()].remove(card);
                let pile = PileKind::of(card);
                match pile {
                    PileKind::Clan => self.pile.push_bottom(card),
                    PileKind::Tactic => self.tactic_pile.push_bottom(card),
                }
                self.tucked[seat.index()].insert(card);
                log.push(Event::Returned { seat, card: Some(card), pile });
                self.phase = Phase::Recruit { draws: 0, returns: returns - 1 };
                self.advance_recruit(seat, rng, log);
            }
            (Phase::Strategist, Action::Discard(card)) => {
                let from = self
                    .find_open(seat, card)
                    .ok_or(IllegalAction::Rule("the Strategist discards one of your cards from an unclaimed stone"))?;
                self.discard_from(seat, seat, card, from, log);
                self.end_ruse(seat, rng, log);
            }
            (Phase::Strategist, Action::Move { card, stone }) => {
                let from = self
                    .find_open(seat, card)
                    .ok_or(IllegalAction::Rule("the Strategist moves one of your cards from an unclaimed stone"))?;
                if from == stone || !self.stones[stone.index()].has_room(seat) {
                    return Err(IllegalAction::Rule("move it to another unclaimed stone with room on your side"));
                }
                self.move_card(seat, seat, card, from, stone, log);
                self.end_ruse(seat, rng, log);
            }
            (Phase::Banshee, Action::Discard(card)) => {
                let from = self.find_open(them, card).ok_or(IllegalAction::Rule(
                    "the Banshee discards one of the opponent's cards from an unclaimed stone",
                ))?;
                self.discard_from(seat, them, card, from, log);
                self.end_ruse(seat, rng, log);
            }
            (Phase::Traitor, Action::Move { card, stone }) => {
                let from = self.find_open(them, card).filter(|_| card.is_clan()).ok_or(IllegalAction::Rule(
                    "the Traitor moves one of the opponent's clan cards from an unclaimed stone",
                ))?;
                if !self.stones[stone.index()].has_room(seat) {
                    return Err(IllegalAction::Rule("move it to an unclaimed stone with room on your side"));
                }
                self.move_card(seat, them, card, from, stone, log);
                self.end_ruse(seat, rng, log);
            }
            _ => return Err(IllegalAction::Rule("that is not a step of this turn")),
        }
        Ok(())
    }

    fn check_pile(&self, pile: PileKind) -> Result<(), IllegalAction> {
        let empty = match pile {
            PileKind::Clan => self.pile.is_empty(),
            PileKind::Tactic => self.tactic_pile.is_empty(),
        };
        if empty { Err(IllegalAction::Rule("an empty pile cannot be drawn from")) } else { Ok(()) }
    }

    /// `actor` discards `card` from `owner`'s side of `from`.
    fn discard_from(&mut self, actor: Seat, owner: Seat, card: Card, from: Stone, log: &mut EventLog<Event>) {
        self.stones[from.index()].remove(owner, card);
        self.on_table.remove(card);
        self.discard.insert(card);
        log.push(Event::Discarded { seat: actor, card, from });
    }

    /// `actor` moves `card` from `owner`'s side of `from` to its own side of `to`.
    fn move_card(&mut self, actor: Seat, owner: Seat, card: Card, from: Stone, to: Stone, log: &mut EventLog<Event>) {
        self.stones[from.index()].remove(owner, card);
        self.stones[to.index()].place(actor, card);
        log.push(Event::Moved { seat: actor, card, from, to });
    }

    /// Keeps track of cards put back under a pile when one is drawn.
    #[inline(never)]
    pub(crate) fn track_draw(&mut self, seat: Seat, card: Card) {
        for s in 0..2 {
            if self.tucked[s].contains(card) {
                self.tucked[s].remove(card);
                if s != seat.index() {
                    self.known[s].insert(card);
                }
            }
        }
    }
}
