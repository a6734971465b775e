//! The state of a match and its turn logic (ST-4 … ST-9, ST-20 … ST-26); the end of a game
//! is in `ending.rs`.

use engine::{EventLog, GameRng, IllegalAction, Seat};
use rand::seq::SliceRandom;

use crate::action::{Action, PileKind};
use crate::card::Card;
use crate::card_set::CardSet;
use crate::claims::Claims;
use crate::config::Config;
use crate::event::{Event, WinReason};
use crate::pile::Pile;
use crate::stone::{STONES, Stone, StoneState};

/// Cards dealt to each player in the base game (ST-4; 7 with tactics or in Battle Line).
pub const HAND_SIZE: usize = 6;

/// Points the winner of a game scores (ST-32).
pub const WIN_POINTS: u16 = 5;

/// Where the active seat is in its turn.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub(crate) enum Phase {
    /// Play a card (or pass); in the default timing claims may come first.
    Play,
    /// `claim-after-play`: the card is down, claims may follow, then `done` draws.
    Claim,
    /// Tactics (ST-40): the turn ends with a draw from the pile the seat chooses.
    Draw,
    /// The Recruiter (ST-45): `draws` cards still to draw, then `returns` to put back.
    Recruit { draws: u8, returns: u8 },
    /// The Strategist (ST-45): move or discard one of the seat's own cards.
    Strategist,
    /// The Banshee (ST-45): discard one of the opponent's cards.
    Banshee,
    /// The Traitor (ST-45): move one of the opponent's clan cards to the seat's side.
    Traitor,
    /// Neither seat can play a card: the active seat may claim stones or pass (ST-31).
    /// `turns` counts the final claim turns left, this one included (2 or 1).
    FinalClaims { turns: u8 },
    /// The match is over.
    Over,
}

/// A finished game of the match, kept so views can show how it ended.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub(crate) struct FinishedGame {
    pub(crate) game: u8,
    pub(crate) winner: Seat,
    pub(crate) reason: WinReason,
    pub(crate) points: [u16; 2],
    pub(crate) stones: [StoneState; STONES],
    /// Whether it ended in the ST-31 settlement (for `Game::end_reason`).
    pub(crate) settled: bool,
}

/// A match of Schotten-Totten: one or more games (ST-32) between seats 0 and 1.
#[derive(Clone, Debug)]
pub struct SchottenTotten {
    pub(crate) config: Config,
    pub(crate) stones: [StoneState; STONES],
    pub(crate) hands: [CardSet; 2],
    /// Hand cards shown in proofs (ST-23): public, still in the hand.
    pub(crate) revealed: [CardSet; 2],
    /// Every card on a stone: on the sides, and the combat modes.
    pub(crate) on_table: CardSet,
    /// The clan pile (ST-4).
    pub(crate) pile: Pile,
    /// The tactic pile (ST-40; empty without tactics).
    pub(crate) tactic_pile: Pile,
    /// The face-up discard pile: resolved ruses and discarded cards (ST-45).
    pub(crate) discard: CardSet,
    /// Per seat, the tactic cards it has played this game (ST-41, ST-42).
    pub(crate) played_tactics: [CardSet; 2],
    /// Per seat, the cards it put under a pile that are still there (known to it alone).
    pub(crate) tucked: [CardSet; 2],
    /// Per seat, cards in the other seat's hand it knows of: ones it put under a pile that the
    /// other drew.
    pub(crate) known: [CardSet; 2],
    /// Passes in a row whose turn drew nothing: both piles empty or the hand full (tactics:
    /// two end play, ST-41).
    pub(crate) idle_passes: u8,
    pub(crate) active: Seat,
    pub(crate) phase: Phase,
    /// The game of the match being played, from 1.
    pub(crate) game: u8,
    pub(crate) starting: Seat,
    pub(crate) scores: [u16; 2],
    pub(crate) last_action: Option<(Seat, Action)>,
    pub(crate) previous: Option<FinishedGame>,
    /// What is known about claims, see [`Claims`].
    pub(crate) claims: Claims,
    /// Per seat, the stones where its side is complete (bit i = stone i + 1).
    pub(crate) complete: [u16; 2],
    /// Per seat, the stones it owns.
    pub(crate) owners: [u16; 2],
}

/// The two seats, by index.
pub(crate) const SEATS: [Seat; 2] = [Seat::at(0), Seat::at(1)];

#[inline]
pub(crate) const fn other(seat: Seat) -> Seat {
    SEATS[1 - seat.index()]
}

/// The ST-30 win of a seat owning the stones of `mask` (bit i = stone i + 1), if any: three
/// adjacent ones, or any five.
#[inline]
pub(crate) const fn win_of(mask: u16) -> Option<WinReason> {
    if mask & (mask >> 1) & (mask >> 2) != 0 {
        Some(WinReason::ThreeAdjacent)
    } else if mask.count_ones() >= 5 {
        Some(WinReason::FiveStones)
    } else {
        None
    }
}

impl SchottenTotten {
    /// A match with nothing dealt yet.
    pub(crate) fn new_empty(config: &Config, starting: Seat) -> SchottenTotten {
        SchottenTotten {
            config: config.clone(),
            stones: [StoneState::default(); STONES],
            hands: [CardSet::EMPTY; 2],
            revealed: [CardSet::EMPTY; 2],
            on_table: CardSet::EMPTY,
            pile: Pile::from_set(CardSet::EMPTY),
            tactic_pile: Pile::from_set(CardSet::EMPTY),
            discard: CardSet::EMPTY,
            played_tactics: [CardSet::EMPTY; 2],
            tucked: [CardSet::EMPTY; 2],
            known: [CardSet::EMPTY; 2],
            idle_passes: 0,
            active: starting,
            phase: Phase::Play,
            game: 1,
            starting,
            scores: [0; 2],
            last_action: None,
            previous: None,
            claims: Claims::default(),
            complete: [0; 2],
            owners: [0; 2],
        }
    }

    /// The cards of the draw piles, clan and tactic (host knowledge: never hand it to a player).
    pub fn pile_cards(&self) -> CardSet {
        self.pile.set().union(self.tactic_pile.set())
    }

    /// The face-up discard pile (ST-45).
    pub fn discard_pile(&self) -> CardSet {
        self.discard
    }

    /// Seat `seat`'s hand (host knowledge: a player sees only their own, through the view).
    pub fn hand(&self, seat: Seat) -> CardSet {
        self.hands.get(seat.index()).copied().unwrap_or_default()
    }

    /// The clan cards of this match's mode (ST-1, ST-50).
    #[inline]
    pub(crate) fn deck(&self) -> CardSet {
        self.config.clan_deck()
    }

    /// The clan cards in the pile: in no hand, on no stone, not discarded.
    #[inline]
    pub(crate) fn clans_in_pile(&self) -> CardSet {
        self.deck().minus(self.on_table).minus(self.discard).minus(self.hands[0]).minus(self.hands[1])
    }

    /// The tactic cards of this match (ST-40): all ten, or none.
    #[inline]
    pub(crate) fn tactic_deck(&self) -> CardSet {
        if self.config.tactics { CardSet::TACTICS } else { CardSet::EMPTY }
    }

    /// A fresh game: shuffle, deal 6 (7) each, the rest is the pile (ST-4, ST-40).
    pub(crate) fn deal(&mut self, starting: Seat, rng: &mut GameRng) {
        self.stones = [StoneState::default(); STONES];
        for stone in &mut self.stones {
            stone.set_battle_line(self.config.battle_line);
        }
        self.hands = [CardSet::EMPTY; 2];
        self.revealed = [CardSet::EMPTY; 2];
        self.on_table = CardSet::EMPTY;
        self.discard = CardSet::EMPTY;
        self.played_tactics = [CardSet::EMPTY; 2];
        self.tucked = [CardSet::EMPTY; 2];
        self.known = [CardSet::EMPTY; 2];
        self.idle_passes = 0;
        self.pile = Pile::from_set(self.deck());
        self.pile.cards_mut().shuffle(rng);
        self.tactic_pile = Pile::from_set(self.tactic_deck());
        self.tactic_pile.cards_mut().shuffle(rng);
        for i in 0..2 * self.config.hand_size() {
            let seat = if i % 2 == 0 { starting } else { other(starting) };
            let card = self.pile.pop().expect("the deck holds more than two hands");
            self.hands[seat.index()].insert(card);
        }
        self.starting = starting;
        self.active = starting;
        self.last_action = None;
        self.forget_claims();
        self.phase = Phase::Play;
    }

    /// Whether `seat` can play a card now (ST-7): a card in hand and room somewhere, or with
    /// tactics any tactic card it may play (ST-41).
    #[inline]
    pub(crate) fn can_play(&self, seat: Seat) -> bool {
        let hand = self.hands[seat.index()];
        (!hand.clans().is_empty() && self.room(seat) != 0) || (self.config.tactics && self.can_play_tactic(seat))
    }

    /// The stones where `seat` may still place a card (bit i = stone i + 1).
    #[inline]
    pub(crate) fn room(&self, seat: Seat) -> u16 {
        !(self.complete[seat.index()] | self.owners[0] | self.owners[1]) & ((1 << STONES) - 1)
    }

    /// The stones owned by `seat`, as a mask.
    #[inline]
    pub(crate) fn owned(&self, seat: Seat) -> u16 {
        self.owners[seat.index()]
    }

    /// The ST-30 win of `seat`, if any.
    pub(crate) fn st30(&self, seat: Seat) -> Option<WinReason> {
        win_of(self.owned(seat))
    }

    #[inline]
    pub(crate) fn play(&mut self, seat: Seat, card: Card, stone: Stone) -> Result<(), IllegalAction> {
        if !self.hands[seat.index()].contains(card) {
            return Err(IllegalAction::Rule("that card is not in your hand"));
        }
        let target = &mut self.stones[stone.index()];
        if target.owner.is_some() {
            return Err(IllegalAction::Rule("a claimed stone takes no more cards"));
        }
        if !target.has_room(seat) {
            return Err(IllegalAction::Rule("your side of that stone is full"));
        }
        target.place(seat, card);
        if target.is_complete(seat) {
            self.complete[seat.index()] |= 1 << stone.index();
        }
        self.hands[seat.index()].remove(card);
        self.revealed[seat.index()].remove(card);
        self.known[other(seat).index()].remove(card);
        self.on_table.insert(card);
        self.idle_passes = 0;
        Ok(())
    }

    /// After the play step: the claim step (`claim-after-play`) or the draw.
    pub(crate) fn after_play(&mut self, seat: Seat, rng: &mut GameRng, log: &mut EventLog<Event>) {
        if self.config.claim_after_play {
            self.refresh_claims_for_turn(seat);
            if self.claimable(seat) != 0 {
                self.phase = Phase::Claim;
                return;
            }
        }
        self.finish_turn(seat, rng, log);
    }

    /// Draw (ST-5, ST-8; from the pile the seat chooses with tactics, ST-40) and hand the
    /// turn over.
    pub(crate) fn finish_turn(&mut self, seat: Seat, rng: &mut GameRng, log: &mut EventLog<Event>) {
        if !self.hand_full(seat) {
            if !self.pile.is_empty() && !self.tactic_pile.is_empty() {
                self.phase = Phase::Draw;
                return;
            }
            let pile = if self.pile.is_empty() { PileKind::Tactic } else { PileKind::Clan };
            self.draw(seat, pile, log);
        }
        self.end_turn(seat, rng, log);
    }

    /// ST-40: with tactics the turn's draw only fills the hand up to 7, so a seat holding 7
    /// (after a Recruiter, or passing) draws nothing. Without tactics every turn draws (ST-5).
    #[inline]
    pub(crate) fn hand_full(&self, seat: Seat) -> bool {
        self.config.tactics && self.hands[seat.index()].len() >= self.config.hand_size()
    }

    /// Whether `seat`'s turn would draw nothing: its hand is full (ST-40) or the piles are empty.
    #[inline]
    pub(crate) fn draws_nothing(&self, seat: Seat) -> bool {
        self.hand_full(seat) || (self.pile.is_empty() && self.tactic_pile.is_empty())
    }

    /// `seat` draws the top card of `pile`, if it has one.
    #[inline]
    pub(crate) fn draw(&mut self, seat: Seat, pile: PileKind, log: &mut EventLog<Event>) {
        let drawn = match pile {
            PileKind::Clan => self.pile.pop(),
            PileKind::Tactic => self.tactic_pile.pop(),
        };
        if let Some(card) = drawn {
            self.hands[seat.index()].insert(card);
            log.push(Event::Drew { seat, card: Some(card), pile });
            if self.config.tactics {
                self.track_draw(seat, card);
            }
        }
    }

    /// Hands the turn over; once play is over (ST-31) the final claim turns begin.
    pub(crate) fn end_turn(&mut self, seat: Seat, rng: &mut GameRng, log: &mut EventLog<Event>) {
        // Once per turn: the card played and the card drawn change what proofs can count on.
        self.refresh_claims_for_turn(other(seat));
        self.active = other(seat);
        self.phase = Phase::Play;
        if self.play_over() {
            self.final_claims(2, rng, log);
        }
    }

    /// ST-31: play is over once neither seat can play a card and, with tactics, neither could
    /// change that by passing and drawing; with tactics also after two passes in a row that
    /// drew nothing (ST-41: the table is as it was, only a choice could change it).
    #[inline]
    pub(crate) fn play_over(&self) -> bool {
        let may_go_on = |seat: Seat| self.can_play(seat) || (self.config.tactics && self.could_draw_into_play(seat));
        self.idle_passes >= 2 || !(may_go_on(SEATS[0]) || may_go_on(SEATS[1]))
    }

    /// A claim that [`SchottenTotten::claim_reveal`] allowed.
    pub(crate) fn claim(
        &mut self,
        seat: Seat,
        stone: Stone,
        rng: &mut GameRng,
        log: &mut EventLog<Event>,
    ) -> Result<(), IllegalAction> {
        let state = &self.stones[stone.index()];
        if state.owner.is_some() {
            return Err(IllegalAction::Rule("that stone is already claimed"));
        }
        if !state.is_complete(seat) {
            return Err(IllegalAction::Rule("claim only stones where your side is complete"));
        }
        let revealed = self
            .claim_reveal(seat, stone)
            .ok_or(IllegalAction::Rule("the claim does not hold: the opponent's side can still win"))?;
        self.last_action = Some((seat, Action::Claim(stone)));
        let resolved = self.stones[stone.index()].resolve();
        self.stones[stone.index()].owner = Some(seat);
        self.owners[seat.index()] |= 1 << stone.index();
        self.revealed[seat.index()] = self.revealed[seat.index()].union(revealed);
        // Nothing else changes for proofs: shown cards were in the claimant's hand already.
        self.claims.forget_stone(stone);
        log.push(Event::Claimed { seat, stone, revealed, resolved });
        if let Some(reason) = self.st30(seat) {
            self.end_game(seat, reason, rng, log);
        } else if self.claimable(seat) == 0 {
            // A claim step or a final claim turn ends by itself once no claim is left.
            match self.phase {
                Phase::Claim => self.finish_turn(seat, rng, log),
                Phase::FinalClaims { turns } => self.end_final_claims(seat, turns, rng, log),
                Phase::Play
                | Phase::Draw
                | Phase::Recruit { .. }
                | Phase::Strategist
                | Phase::Banshee
                | Phase::Traitor
                | Phase::Over => {}
            }
        }
        Ok(())
    }
}
