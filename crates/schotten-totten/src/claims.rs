//! Claims (ST-20 … ST-25): which stones a seat may claim, kept up to date between actions,
//! and the hand cards a proof must show.

use engine::Seat;

use crate::card_set::CardSet;
use crate::proof::minimal_reveal_by;
use crate::state::{SEATS, SchottenTotten, other};
use crate::stone::{STONES, Stone, StoneState};

/// What is known about claims, kept between actions so listing legal actions needs no proof
/// check. A claim that holds keeps holding (proofs only get easier as cards are placed and
/// drawn); one that fails keeps failing while its witness — cards completing the opponent's
/// side to beat it — is still possibly the opponent's and that side is unchanged.
#[derive(Clone, Copy, PartialEq, Eq, Debug, Default)]
pub(crate) struct Claims {
    /// Per seat, the stones it may claim (bit i = stone i + 1).
    holds: [u16; 2],
    /// Per seat, stones lost for good (both sides complete, the opponent's stronger).
    lost: [u16; 2],
    /// Per seat, stones with a witness that the opponent can still beat the claim.
    beaten: [u16; 2],
    witness: [[CardSet; STONES]; 2],
    their_len: [[u8; STONES]; 2],
    /// Per seat (bit = seat index), whether the masks above may be out of date. Only the seat
    /// about to act needs its claims, so a turn's end refreshes that seat alone and marks the
    /// other stale: it is brought up to date when its turn comes, once, instead of after every
    /// action of both seats.
    stale: u8,
}

impl Claims {
    /// Drops everything about `stone` (it has been claimed).
    pub(crate) fn forget_stone(&mut self, stone: Stone) {
        let keep = !(1u16 << stone.index());
        for seat in 0..2 {
            self.holds[seat] &= keep;
            self.lost[seat] &= keep;
            self.beaten[seat] &= keep;
        }
    }
}

impl SchottenTotten {
    /// The cards a proof by `seat` must treat as possibly the opponent's when `seat` reveals
    /// its whole hand: enough to list legal claims, since revealing more only helps (ST-23).
    fn proof_pool(&self, seat: Seat) -> CardSet {
        let unknown = self.deck().minus(self.on_table).minus(self.discard);
        if self.config.table_proof { unknown } else { unknown.minus(self.hands[seat.index()]) }
    }

    /// Works out `seat`'s claim on `stone` from scratch, given the cards `pool` the opponent
    /// may still get: `Ok(true)` holds, `Ok(false)` never will, `Err(witness)` beaten for now.
    fn claim_status(&self, seat: Seat, stone: &StoneState, pool: CardSet) -> Result<bool, CardSet> {
        if stone.owner.is_some() || !stone.is_complete(seat) {
            return Ok(false);
        }
        let opponent = other(seat);
        if stone.is_complete(opponent) {
            return Ok(stone.decided_winner() == Some(seat));
        }
        let mine = stone.formation(seat).expect("the side is complete");
        match stone.fight().beating_completion(stone.side(opponent).as_slice(), stone.capacity(), pool, mine) {
            Some(witness) => Err(witness),
            None => Ok(true),
        }
    }

    /// Forgets what is known about claims and works it out anew (after a deal, a layout, or
    /// resampling a hand).
    pub(crate) fn forget_claims(&mut self) {
        self.claims = Claims::default();
        self.complete = [0; 2];
        self.owners = [0; 2];
        for (i, stone) in self.stones.iter().enumerate() {
            for seat in SEATS {
                if stone.is_complete(seat) {
                    self.complete[seat.index()] |= 1 << i;
                }
                if stone.owner == Some(seat) {
                    self.owners[seat.index()] |= 1 << i;
                }
            }
        }
        for seat in SEATS {
            self.refresh_claims_of(seat);
        }
    }

    /// Brings `seat`'s claims up to date and leaves the other seat's stale (see
    /// [`Claims::stale`]): the hand-over at the end of a turn.
    pub(crate) fn refresh_claims_for_turn(&mut self, seat: Seat) {
        self.refresh_claims_of(seat);
        self.claims.stale |= 1 << other(seat).index();
    }

    /// Brings `seat`'s claims up to date if they are stale.
    pub(crate) fn ensure_claims(&mut self, seat: Seat) {
        if self.claims.stale & (1 << seat.index()) != 0 {
            self.refresh_claims_of(seat);
        }
    }

    /// Brings `seat`'s claims up to date. Only stones whose known status may have changed are
    /// worked out again.
    fn refresh_claims_of(&mut self, seat: Seat) {
        let s = seat.index();
        self.claims.stale &= !(1 << s);
        let opponent = other(seat);
        let open = self.complete[s] & !(self.owners[0] | self.owners[1]);
        let claims = &mut self.claims;
        claims.holds[s] &= open;
        claims.beaten[s] &= open;
        let mut todo = open & !claims.holds[s] & !claims.lost[s];
        if todo == 0 {
            return;
        }
        let pool = self.proof_pool(seat);
        while todo != 0 {
            let i = todo.trailing_zeros() as usize;
            todo &= todo - 1;
            let stone = &self.stones[i];
            let claims = &self.claims;
            if claims.beaten[s] & (1 << i) != 0
                && usize::from(claims.their_len[s][i]) == stone.side(opponent).len()
                && claims.witness[s][i].is_subset(pool)
            {
                continue;
            }
            let status = self.claim_status(seat, stone, pool);
            let their_len = stone.side(opponent).len() as u8;
            let claims = &mut self.claims;
            claims.beaten[s] &= !(1 << i);
            match status {
                Ok(true) => claims.holds[s] |= 1 << i,
                Ok(false) => claims.lost[s] |= 1 << i,
                Err(witness) => {
                    claims.beaten[s] |= 1 << i;
                    claims.witness[s][i] = witness;
                    claims.their_len[s][i] = their_len;
                }
            }
        }
    }

    /// Whether `seat` may claim `stone` now (ST-20 … ST-22, ST-25).
    pub fn can_claim(&self, seat: Seat, stone: Stone) -> bool {
        if seat.index() >= 2 {
            return false;
        }
        let mask = if self.claims.stale & (1 << seat.index()) != 0 {
            self.claimable_from_scratch(seat)
        } else {
            self.claimable(seat)
        };
        mask & (1 << stone.index()) != 0
    }

    /// The stones `seat` could claim, as a mask (bit i = stone i + 1); its claims must be up
    /// to date (the seat to act's always are).
    #[inline]
    pub(crate) fn claimable(&self, seat: Seat) -> u16 {
        debug_assert!(self.claims.stale & (1 << seat.index()) == 0, "seat {seat}'s claims are stale");
        self.claims.holds[seat.index()]
    }

    /// The kept claims of `seat` as a mask, or `None` while they are stale (for tests of the
    /// cache; the seat to act's are never stale).
    #[doc(hidden)]
    pub fn kept_claims(&self, seat: Seat) -> Option<u16> {
        (seat.index() < 2 && self.claims.stale & (1 << seat.index()) == 0).then(|| self.claimable(seat))
    }

    /// The same as the kept claims, worked out from scratch (for tests of the cache).
    #[doc(hidden)]
    pub fn claimable_from_scratch(&self, seat: Seat) -> u16 {
        if seat.index() >= 2 {
            return 0;
        }
        let pool = self.proof_pool(seat);
        let mut mask = 0;
        for (i, stone) in self.stones.iter().enumerate() {
            if self.claim_status(seat, stone, pool) == Ok(true) {
                mask |= 1 << i;
            }
        }
        mask
    }

    /// The hand cards `seat` must show to claim `stone` (ST-23), if the claim succeeds.
    pub fn claim_reveal(&self, seat: Seat, stone: Stone) -> Option<CardSet> {
        let state = &self.stones[stone.index()];
        if !self.can_claim(seat, stone) {
            return None;
        }
        let opponent = other(seat);
        if state.is_complete(opponent) || self.config.table_proof {
            return Some(CardSet::EMPTY);
        }
        let hand = self.hands[seat.index()].clans();
        let shown = self.revealed[seat.index()];
        let mine = state.formation(seat).expect("claimable sides are complete");
        // Cards already shown are known to be in the claimant's hand: no need to show them again.
        let pool = self.deck().minus(self.on_table).minus(self.discard).minus(shown);
        let (fight, placed, capacity) = (state.fight(), state.side(opponent).as_slice(), state.capacity());
        minimal_reveal_by(pool, hand.minus(shown), |pool| {
            fight.beating_completion(placed, capacity, pool, mine).is_none()
        })
    }
}
