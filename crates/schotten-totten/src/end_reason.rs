//! Why a match ended, for hosts (`Game::end_reason`): the codes `three-adjacent-stones`,
//! `five-stones` (ST-30 by a claim) and `settlement` (ST-31: nobody could play a card and the
//! open stones were settled), of the match's last game.

use engine::EndReason;

use crate::event::WinReason;
use crate::state::{Phase, SchottenTotten};

impl SchottenTotten {
    /// The reason the last game of the match ended, once the match is over.
    pub(crate) fn end_reason(&self) -> Option<EndReason> {
        if self.phase != Phase::Over {
            return None;
        }
        let last = self.previous.as_ref()?;
        let won = match last.reason {
            WinReason::ThreeAdjacent => "three adjacent stones",
            WinReason::FiveStones => "five stones",
            WinReason::MostStones => "more stones than the other, who also had three adjacent or five",
        };
        let code = match (last.settled, last.reason) {
            (true, _) => "settlement",
            (false, WinReason::FiveStones) => "five-stones",
            (false, _) => "three-adjacent-stones",
        };
        let mut text = format!("seat {} won {won}", last.winner);
        if last.settled {
            text.push_str(" in the settlement, once nobody could play a card");
        }
        if self.config.match_games > 1 {
            text.push_str(&format!(" in the last game of {}", self.config.match_games));
        }
        Some(EndReason::new(code, text))
    }
}

#[cfg(test)]
mod tests {
    use engine::{Game, Match};
    use rand::Rng;

    use crate::config::Config;
    use crate::event::Event;
    use crate::state::SchottenTotten;

    /// ST-30 / ST-31: the code says `settlement` exactly when the settlement awarded stones,
    /// and otherwise names the ST-30 condition of the winning claim.
    #[test]
    fn st_30_st_31_the_end_reason_names_how_the_game_was_won() {
        let mut rng = engine::seeded(5);
        let mut legal = Vec::new();
        let mut seen = std::collections::BTreeMap::new();
        for seed in 0..400 {
            let mut m = Match::<SchottenTotten>::new(&Config::default(), 2, seed).unwrap();
            let mut awarded = false;
            let mut won = None;
            while let Some(seat) = m.state().to_act().first() {
                assert_eq!(m.state().end_reason(), None, "no reason before the end");
                m.state().legal_actions(seat, &mut legal);
                let action = legal[rng.random_range(0..legal.len())];
                for event in m.apply(seat, action).unwrap() {
                    match event {
                        Event::Awarded { .. } => awarded = true,
                        Event::GameWon { reason, .. } => won = Some(*reason),
                        _ => {}
                    }
                }
            }
            let reason = m.state().end_reason().expect("a finished match says why");
            let expected = match (awarded, won.expect("a game was won")) {
                (true, _) => "settlement",
                (false, crate::WinReason::FiveStones) => "five-stones",
                (false, _) => "three-adjacent-stones",
            };
            assert_eq!(reason.code, expected, "seed {seed}: {}", reason.text);
            *seen.entry(reason.code).or_insert(0) += 1;
        }
        assert_eq!(seen.len(), 3, "random games end in every way: {seen:?}");
    }
}
