//! The checks of a position against the way it came about: what the fights of the game so far
//! leave behind (levels, knock-outs, trophy and steak, spent fight cards, debt certificates,
//! sums of money). Each refusal names the field.

use engine::PositionError;

use crate::boxer::{BoxerId, Level};
use crate::cards::Cards;
use crate::state::{KnockOut, Phase};

fn bad(reason: impl Into<String>) -> PositionError {
    PositionError::invalid(reason)
}

/// The highest level a boxer that lost its last fight can have: a loser drops a level (KO-30),
/// so a Profi at most in season 1 and a Champion at most in season 2 (a Superchampion or World
/// champion who loses drops to Champion, KO-53).
fn loser_level_at_most(season: u8) -> Level {
    if season == 1 { Level::Profi } else { Level::Champion }
}

/// Greatest common divisor (for the edition's smallest sum).
fn gcd(a: i64, b: i64) -> i64 {
    if b == 0 { a.abs() } else { gcd(b, a % b) }
}

impl KnockOut {
    /// The smallest sum money moves by during a game of this edition: the greatest common
    /// divisor of the start cash, every start money (prizes are one or two of them, KO-30, and
    /// the title levels multiples of the Champion's), every half stake (the bank pays half an
    /// unaccepted winning offer, KO-31), the debt amount and the card bonus. 1,000 S with the
    /// shipped edition.
    pub(crate) fn money_unit(&self) -> i64 {
        let e = self.edition();
        let sums = [e.start_cash, e.debt_amount, e.card_bonus]
            .into_iter()
            .chain(e.start_money.light)
            .chain(e.start_money.heavy)
            .chain(e.bet_fields.iter().map(|f| f.stake / 2));
        sums.fold(0, gcd).max(1)
    }

    /// Refuses a position the game so far cannot have left: title levels before season 2, a
    /// knocked-out boxer or the steak above a loser's level, the trophy on a knocked-out boxer
    /// or an Amateur, trophy and steak of one owner or without a fight this season, fewer or
    /// more fight cards spent than this season's fights take, debts that are not the
    /// certificates taken, and sums of money that are not multiples of the edition's smallest
    /// sum.
    pub(crate) fn check_history(&self) -> Result<(), PositionError> {
        let seats = self.seats as usize;
        let loser_max = loser_level_at_most(self.season);
        for s in 0..seats {
            for (c, boxer) in self.boxers[s].iter().enumerate() {
                let what = format!("managers[{s}].boxers[{c}]");
                if self.season == 1 && boxer.level.is_title() {
                    return Err(bad(format!(
                        "{what}: a {} only comes with season 2 (KO-52, KO-53)",
                        boxer.level.name()
                    )));
                }
                if boxer.knocked_out && boxer.level > loser_max {
                    return Err(bad(format!(
                        "{what}: a knocked-out boxer lost its last fight and dropped a level, so it is no {} \
                         in season {} (KO-22, KO-30)",
                        boxer.level.name(),
                        self.season
                    )));
                }
            }
        }
        if let Some([trophy, steak]) = self.sat_out {
            self.check_sat_out(trophy, steak, loser_max)?;
        }
        self.check_cards_spent()?;
        let debts: u16 = self.debts[..seats].iter().map(|&d| u16::from(d)).sum();
        if debts != self.certificates_taken {
            return Err(bad(format!(
                "managers[].debts: {debts} debt certificates in the managers' hands, but certificates_taken is {} \
                 (KO-32)",
                self.certificates_taken
            )));
        }
        let unit = self.money_unit();
        // The final settlement shares the pot by integer division (KO-40): only before it.
        if self.phase != Phase::Over
            && let Some(s) = (0..seats).find(|&s| self.money[s] % unit != 0)
        {
            return Err(bad(format!(
                "managers[{s}].money: {} is not a multiple of {unit}, the smallest sum money moves by",
                self.money[s]
            )));
        }
        if self.pot % unit != 0 {
            return Err(bad(format!("pot: {} is not a multiple of {unit}, the smallest sum money moves by", self.pot)));
        }
        Ok(())
    }

    /// The trophy (the last fight's winner) and the steak (its loser, KO-30).
    fn check_sat_out(&self, trophy: BoxerId, steak: BoxerId, loser_max: Level) -> Result<(), PositionError> {
        if trophy.owner == steak.owner {
            return Err(bad("sat_out: trophy and steak went to one manager's two boxers, who never fight each other"));
        }
        if self.fights == self.fights_before_season {
            return Err(bad("sat_out: trophy and steak without a fight this season (KO-52 clears them)"));
        }
        let winner = self.boxer(trophy);
        if winner.knocked_out {
            return Err(bad(format!("sat_out: the trophy is on {trophy}, who is knocked out; the winner never is")));
        }
        if winner.level == Level::Amateur {
            return Err(bad(format!("sat_out: the trophy is on {trophy}, an Amateur; a winner moves up (KO-30)")));
        }
        if self.boxer(steak).level > loser_max {
            return Err(bad(format!(
                "sat_out: the steak is on {steak}, a {}; a loser drops a level (KO-30)",
                self.boxer(steak).level.name()
            )));
        }
        Ok(())
    }

    /// Every fight of this season took one card from each fighter per exchange, one to three
    /// exchanges (KO-20, KO-24); the fight on now took one per exchange shown.
    fn check_cards_spent(&self) -> Result<(), PositionError> {
        let full = Cards::of(&self.edition().card_values).len() as i64;
        let spent: i64 = self.all_seats().map(|s| full - self.cards(s).len() as i64).sum();
        let live = self.fight.filter(|f| f.result.is_none()).map_or(0, |f| 2 * i64::from(f.played));
        let fights = i64::from(self.fights - self.fights_before_season);
        if !(2 * fights + live..=6 * fights + live).contains(&spent) {
            return Err(bad(format!(
                "fights: {fights} fight(s) this season spend 2 to 6 fight cards each, but the managers have spent \
                 {spent} (with {live} in the fight on now)",
            )));
        }
        Ok(())
    }
}
