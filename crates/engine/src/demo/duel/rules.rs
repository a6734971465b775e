//! The duel's rules between actions: revealing the picks, opening and settling the reaction
//! windows, scoring and the next round.

use serde::Serialize;

use super::events::DuelEvent;
use super::notation::{DuelAction, Pick};
use super::{Duel, Phase, SEATS};
use crate::event::EventLog;
use crate::seat::{Seat, SeatSet};

/// The reaction window open.
#[derive(Clone, Copy, PartialEq, Eq, Debug, Serialize)]
#[serde(tag = "kind", rename_all = "kebab-case")]
pub enum Window {
    /// Anyone but the winner may veto the round `winner` won.
    Veto {
        /// Who won the round.
        winner: Seat,
    },
    /// The winner may overrule `vetoer`'s veto; every seat is asked.
    Overrule {
        /// Who won the round.
        winner: Seat,
        /// Who vetoed it.
        vetoer: Seat,
    },
}

impl Window {
    pub(super) fn winner(self) -> Seat {
        match self {
            Window::Veto { winner } | Window::Overrule { winner, .. } => winner,
        }
    }

    /// The seats asked: everyone, whoever can react, so `to_act` tells nothing. (Asking only
    /// the seats other than the vetoer would also make the overrule window look like the rest
    /// of the veto window to hosts: see [`crate::step_continues`].)
    pub(super) fn asked(self, seats: usize) -> SeatSet {
        SeatSet::all(seats)
    }
}

impl Duel {
    pub(super) fn may_react(&self, seat: Seat, window: Window) -> bool {
        match window {
            Window::Veto { winner } => seat != winner && self.vetoes[seat.index()],
            Window::Overrule { winner, .. } => seat == winner && self.overrules[seat.index()],
        }
    }

    pub(super) fn reaction(window: Window) -> DuelAction {
        match window {
            Window::Veto { .. } => DuelAction::Veto,
            Window::Overrule { .. } => DuelAction::Overrule,
        }
    }

    pub(super) fn reveal(&mut self, log: &mut EventLog<DuelEvent>) {
        let picks: [Option<Pick>; SEATS] = self.picks;
        self.last = picks;
        if log.is_on() {
            log.push(DuelEvent::Revealed { picks: picks.iter().flatten().copied().collect() });
        }
        let sums = picks.map(|p| p.map_or(0, Pick::sum));
        let best = sums.iter().copied().max().unwrap_or(0);
        let mut top = Seat::all(self.seats).filter(|s| sums[s.index()] == best);
        let winner = top.next().expect("a seat has the best sum");
        if top.next().is_some() {
            log.push(DuelEvent::Tied { sum: best });
            return self.next_round();
        }
        log.push(DuelEvent::Won { seat: winner, sum: best });
        let window = Window::Veto { winner };
        if Seat::all(self.seats).any(|s| self.may_react(s, window)) {
            self.open(window);
        } else {
            self.score(winner, log);
        }
    }

    pub(super) fn open(&mut self, window: Window) {
        self.answers = [None; SEATS];
        self.phase = Phase::Window(window);
    }

    /// Settles the window once the answers decide it: the first seat in clockwise order from
    /// the winner's left that reacted counts, provided every seat before it passed.
    pub(super) fn try_resolve(&mut self, window: Window, log: &mut EventLog<DuelEvent>) {
        let winner = window.winner();
        let asked = window.asked(self.seats);
        let mut seat = winner;
        let mut reactor = None;
        for _ in 0..self.seats {
            seat = seat.next(self.seats);
            if !asked.contains(seat) {
                continue;
            }
            match self.answers[seat.index()] {
                None => return,
                Some(true) => {
                    reactor = Some(seat);
                    break;
                }
                Some(false) => {}
            }
        }
        match (window, reactor) {
            (Window::Veto { winner }, Some(vetoer)) => {
                self.vetoes[vetoer.index()] = false;
                log.push(DuelEvent::Vetoed { seat: vetoer });
                let answer = Window::Overrule { winner, vetoer };
                if self.may_react(winner, answer) {
                    self.open(answer);
                } else {
                    log.push(DuelEvent::Voided);
                    self.next_round();
                }
            }
            (Window::Veto { winner }, None) => self.score(winner, log),
            (Window::Overrule { winner, .. }, Some(_)) => {
                self.overrules[winner.index()] = false;
                log.push(DuelEvent::Overruled { seat: winner });
                self.score(winner, log);
            }
            (Window::Overrule { .. }, None) => {
                log.push(DuelEvent::Voided);
                self.next_round();
            }
        }
    }

    pub(super) fn score(&mut self, seat: Seat, log: &mut EventLog<DuelEvent>) {
        self.points[seat.index()] += 1;
        log.push(DuelEvent::Scored { seat });
        self.next_round();
    }

    pub(super) fn next_round(&mut self) {
        self.picks = [None; SEATS];
        self.answers = [None; SEATS];
        let won = self.points.iter().any(|&p| p >= self.config.first_to);
        if won || self.round >= self.config.max_rounds {
            self.phase = Phase::Over;
        } else {
            self.round += 1;
            self.phase = Phase::Picking;
        }
    }
}
