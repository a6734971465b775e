//! Why a game ended, for hosts (`Game::end_reason`). A game of Knock Out ends one way: at the end
//! of its last season nobody has a legal challenge (KO-11) and the final settlement is made
//! (KO-40). The code says what stopped the challenges: `out-of-fight-cards` (fewer than two
//! managers hold the edition's minimum of fight cards, so no fight can be set) or
//! `no-challenge-left` (the cards are there, but every pairing is barred: knocked-out boxers,
//! the trophy and the steak, start money, the Amateur restriction).

use engine::EndReason;

use crate::state::{KnockOut, Phase};

impl KnockOut {
    /// The reason the game ended, once it is over.
    pub(crate) fn end_reason(&self) -> Option<EndReason> {
        if self.phase != Phase::Over {
            return None;
        }
        let min = self.edition().min_cards;
        let armed = self.all_seats().filter(|s| self.hands[s.index()].len() >= min).count();
        let (code, why) = if armed < 2 {
            ("out-of-fight-cards", format!("fewer than two managers held {min} fight cards"))
        } else {
            ("no-challenge-left", "every pairing of boxers was barred".to_owned())
        };
        let (richest, best) = engine::leaders(&self.money[..self.seats as usize]);
        let season = if self.config.pro { format!(" of season {}", self.season) } else { String::new() };
        Some(EndReason::new(
            code,
            format!(
                "nobody could challenge after fight {}{season}: {why}; after the final settlement {richest} the \
                 most money, {best} S",
                self.fights,
            ),
        ))
    }
}

#[cfg(test)]
mod tests {
    use std::collections::BTreeMap;

    use engine::Seat;
    use engine::testing::play_game;
    use rand::Rng;

    use crate::config::Config;
    use crate::state::KnockOut;

    /// KO-11 / KO-40: a finished game says why, and the code matches the hands: fewer than two
    /// managers able to fight is `out-of-fight-cards`, anything else `no-challenge-left`.
    #[test]
    fn ko_11_ko_40_the_end_reason_says_what_stopped_the_challenges() {
        let mut seen = BTreeMap::new();
        for seed in 0..400 {
            let config = if seed % 2 == 0 { Config::default() } else { Config::pro() };
            let seats = 3 + seed as usize % 3;
            let game = play_game::<KnockOut>(&config, seats, seed, |game, _, legal, rng| {
                assert!(game.end_reason().is_none());
                legal[rng.random_range(0..legal.len())]
            });
            let reason = game.end_reason().expect("a finished game says why");
            let armed = Seat::all(seats).filter(|&s| game.cards(s).len() >= config.edition.min_cards).count();
            let expected = if armed < 2 { "out-of-fight-cards" } else { "no-challenge-left" };
            assert_eq!(reason.code, expected, "seed {seed}: {}", reason.text);
            let best = (0..seats).map(|s| game.money(Seat::at(s))).max().unwrap();
            assert!(reason.text.contains(&format!("{best} S")), "{}", reason.text);
            *seen.entry(reason.code).or_insert(0) += 1;
        }
        assert_eq!(seen.len(), 2, "both ways to end happen: {seen:?}");
    }
}
