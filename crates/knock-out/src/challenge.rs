//! The challenge (KO-10), passing the red tableau on (KO-33) and the seasons' ends (KO-11,
//! KO-52).

use std::ops::ControlFlow;

use engine::{EventLog, IllegalAction, Seat};

use crate::action::Action;
use crate::boxer::{BoxerId, Class, Level};
use crate::cards::Cards;
use crate::edition::MAX_FIELDS;
use crate::event::Event;
use crate::state::{EXCHANGES, Fight, KnockOut, Phase, Slot};

impl KnockOut {
    /// Why `with` may not challenge `target`, if it may not (KO-10, KO-53).
    pub(crate) fn challenge_refusal(&self, with: BoxerId, target: BoxerId) -> Option<&'static str> {
        let e = self.edition();
        if target.owner == with.owner || target.owner.index() >= self.seats as usize {
            return Some("challenge a boxer of another player");
        }
        if let Some(sat) = self.sat_out
            && (sat.contains(&with) || sat.contains(&target))
        {
            return Some("a boxer with the trophy or the steak sits this fight out");
        }
        if self.boxer(with).knocked_out || self.boxer(target).knocked_out {
            return Some("a knocked-out boxer is out for the season");
        }
        if self.start_money(target) < self.start_money(with) {
            return Some("the challenged boxer's start money must be at least the challenger's");
        }
        if self.hands[with.owner.index()].len() < e.min_cards || self.hands[target.owner.index()].len() < e.min_cards {
            return Some("both managers must hold enough fight cards");
        }
        if self.season == 2
            && e.amateur_restriction
            && self.boxer(with).level == Level::Amateur
            && self.boxer(target).level.is_title()
        {
            return Some("an Amateur may not challenge a Superchampion or World champion");
        }
        None
    }

    /// Calls `f` with every legal challenge of `seat` in a fixed order (the same as
    /// [`Self::challenge_refusal`] allows, checked boxer by boxer so a position's dozens of
    /// checks stay cheap) until `f` says stop; whether it was stopped.
    #[inline]
    fn try_each_challenge(&self, seat: Seat, mut f: impl FnMut(Action) -> ControlFlow<()>) -> ControlFlow<()> {
        let e = self.edition();
        let min = e.min_cards;
        if self.hands[seat.index()].len() < min {
            return ControlFlow::Continue(());
        }
        let restricted = self.season == 2 && e.amateur_restriction;
        let fit = |id: BoxerId| !self.boxer(id).knocked_out && self.sat_out.is_none_or(|sat| !sat.contains(&id));
        for with in Class::BOTH {
            let mine = BoxerId::new(seat, with);
            if !fit(mine) {
                continue;
            }
            let money = self.start_money(mine);
            let amateur = restricted && self.boxer(mine).level == Level::Amateur;
            for owner in self.all_seats() {
                if owner == seat || self.hands[owner.index()].len() < min {
                    continue;
                }
                for class in Class::BOTH {
                    let target = BoxerId::new(owner, class);
                    if fit(target)
                        && self.start_money(target) >= money
                        && !(amateur && self.boxer(target).level.is_title())
                    {
                        f(Action::Challenge { with, target })?;
                    }
                }
            }
        }
        ControlFlow::Continue(())
    }

    /// Calls `f` with every legal challenge of `seat`.
    #[inline]
    pub(crate) fn for_each_challenge(&self, seat: Seat, mut f: impl FnMut(Action)) {
        let _ = self.try_each_challenge(seat, |a| {
            f(a);
            ControlFlow::Continue(())
        });
    }

    /// Whether `seat` has a legal challenge.
    pub(crate) fn can_challenge(&self, seat: Seat) -> bool {
        self.try_each_challenge(seat, |_| ControlFlow::Break(())).is_break()
    }

    /// Applies a challenge: sets the fight up and opens the training.
    pub(crate) fn challenge(
        &mut self,
        seat: Seat,
        with: Class,
        target: BoxerId,
        log: &mut EventLog<Event>,
    ) -> Result<(), IllegalAction> {
        let mine = BoxerId::new(seat, with);
        if let Some(why) = self.challenge_refusal(mine, target) {
            return Err(IllegalAction::Rule(why));
        }
        let pro = self.config.pro;
        let boxers = [mine, target];
        let levels = boxers.map(|b| self.boxer(b).level);
        let start = [0, 1].map(|i| self.edition().start_distance(pro, boxers[i].class, levels[i]));
        self.fight = Some(Fight {
            boxers,
            levels,
            start,
            distance: start,
            training: [Cards::EMPTY; 2],
            trained: [false; 2],
            pending: [None; 2],
            exchanges: [[0; 2]; EXCHANGES],
            played: 0,
            result: None,
        });
        self.bets = [[Slot::default(); MAX_FIELDS]; 2];
        self.passes = [0; crate::edition::SEATS];
        self.payments.clear();
        self.last_challenger = seat;
        self.phase = Phase::Training;
        log.push(Event::Challenged { red: mine, blue: target, levels, start });
        Ok(())
    }

    /// Gives the red tableau to the first player from `from` clockwise who has a legal
    /// challenge (KO-33); with none, the season is over (KO-11).
    pub(crate) fn next_challenger(&mut self, from: Seat, log: &mut EventLog<Event>) {
        let mut seat = from;
        for _ in 0..self.seats {
            if self.can_challenge(seat) {
                self.active = seat;
                self.phase = Phase::Challenge;
                return;
            }
            log.push(Event::PassedOn { seat });
            seat = seat.next(self.seats as usize);
        }
        self.end_season(log);
    }

    /// KO-11, KO-52: the season is over. In the pro game season 2 follows without a settlement;
    /// otherwise the final settlement (KO-40).
    fn end_season(&mut self, log: &mut EventLog<Event>) {
        log.push(Event::SeasonOver { season: self.season });
        if self.config.pro && self.season == 1 {
            self.season = 2;
            self.fights_before_season = self.fights;
            let full = Cards::of(&self.edition().card_values);
            for seat in self.all_seats() {
                self.hands[seat.index()] = full;
                for class in Class::BOTH {
                    let id = BoxerId::new(seat, class);
                    let boxer = self.boxer_mut(id);
                    boxer.knocked_out = false;
                    if boxer.level == Level::Champion {
                        boxer.level = Level::Superchampion;
                        log.push(Event::LevelChanged { boxer: id, from: Level::Champion, to: Level::Superchampion });
                    }
                }
            }
            self.sat_out = None;
            let opener = self.last_challenger.next(self.seats as usize);
            log.push(Event::SeasonStarted { season: 2, opener });
            let mut seat = opener;
            for _ in 0..self.seats {
                if self.can_challenge(seat) {
                    self.active = seat;
                    self.phase = Phase::Challenge;
                    return;
                }
                log.push(Event::PassedOn { seat });
                seat = seat.next(self.seats as usize);
            }
        }
        self.final_settlement(log);
    }
}
