//! Why a game ended, for hosts (`Game::end_reason`): `sweep` (KW-21: one player won every
//! trick of a round) or `last-round` (KW-22: the winner of the 1-card round's only trick is the
//! last one in). `last-player-standing` (KW-22) is the fallback for any other end; under the
//! current rules there is none: without a sweep, every player who won a trick stays in.

use engine::EndReason;

use crate::state::{KnockOutWhist, Phase};

impl KnockOutWhist {
    /// The reason the game ended, once it is over.
    pub(crate) fn end_reason(&self) -> Option<EndReason> {
        if self.phase != Phase::Over {
            return None;
        }
        let winner = self.winner?;
        let cards = self.cards_per_hand();
        let round = self.round;
        Some(if cards > 1 && self.tricks_won[winner.index()] == cards {
            EndReason::new("sweep", format!("seat {winner} won every trick of round {round}"))
        } else if cards == 1 {
            EndReason::new("last-round", format!("seat {winner} won the only trick of the 1-card round"))
        } else {
            EndReason::new(
                "last-player-standing",
                format!("seat {winner} was the last player left after round {round}"),
            )
        })
    }
}

#[cfg(test)]
mod tests {
    use engine::{Game, Match};
    use rand::Rng;

    use crate::config::Config;
    use crate::event::Event;
    use crate::state::KnockOutWhist;

    /// KW-21 / KW-22: `sweep` exactly when the game's last round ended in a sweep event,
    /// `last-round` when it ended in the 1-card round.
    #[test]
    fn kw_21_kw_22_the_end_reason_names_how_the_game_was_won() {
        let mut rng = engine::seeded(11);
        let mut legal = Vec::new();
        let mut seen = std::collections::BTreeMap::new();
        for seed in 0..600 {
            let seats = 2 + (seed as usize % 4);
            let mut m = Match::<KnockOutWhist>::new(&Config::default(), seats, seed).unwrap();
            let mut swept = false;
            while let Some(seat) = m.state().to_act().first() {
                assert_eq!(m.state().end_reason(), None, "no reason before the end");
                m.state().legal_actions(seat, &mut legal);
                let action = legal[rng.random_range(0..legal.len())];
                swept |= m.apply(seat, action).unwrap().iter().any(|e| matches!(e, Event::Sweep { .. }));
            }
            let reason = m.state().end_reason().expect("a finished game says why");
            let expected = match (swept, m.state().cards_per_hand()) {
                (true, _) => "sweep",
                (false, 1) => "last-round",
                (false, _) => "last-player-standing",
            };
            assert_eq!(reason.code, expected, "seed {seed}: {}", reason.text);
            *seen.entry(reason.code).or_insert(0) += 1;
        }
        // Without a sweep, everyone who won a trick stays in, so at least two are left: games
        // end by a sweep or in the 1-card round, never by `last-player-standing` (a fallback).
        assert_eq!(seen.keys().map(String::as_str).collect::<Vec<_>>(), ["last-round", "sweep"], "{seen:?}");
    }
}
