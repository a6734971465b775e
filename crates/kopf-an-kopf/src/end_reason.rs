//! Why a game ended, for hosts (`Game::end_reason`). Kopf an Kopf ends one way (KK-50): the
//! moment the third horse finishes, even in the middle of a turn; code `third-horse-finished`,
//! with the winners' ladder and the richest seat after the bets are paid (KK-51 … KK-53).

use engine::{EndReason, Seat};

use crate::horse::Horse;
use crate::state::{KopfAnKopf, Phase};

impl KopfAnKopf {
    /// The reason the game ended, once it is over.
    pub(crate) fn end_reason(&self) -> Option<EndReason> {
        if self.phase != Phase::Over {
            return None;
        }
        let mut ladder = [None; 3];
        for h in Horse::ALL {
            if let Some(p @ 1..=3) = self.place(h) {
                ladder[p as usize - 1] = Some(h);
            }
        }
        let names = &self.config.edition.horses;
        let placed: Vec<String> = ladder
            .iter()
            .zip(["1st", "2nd", "3rd"])
            .filter_map(|(h, place)| h.map(|h| format!("{place} {h} {}", names[h.index()].name)))
            .collect();
        let totals: Vec<i64> = Seat::all(self.seats as usize).map(|s| i64::from(self.settlement(s).total)).collect();
        let (richest, best) = engine::leaders(&totals);
        Some(EndReason::new(
            "third-horse-finished",
            format!(
                "the third horse finished: {}; after the bets were paid {richest} the most money, {best} €",
                placed.join(", "),
            ),
        ))
    }
}

#[cfg(test)]
mod tests {
    use engine::Seat;
    use engine::testing::play_game;
    use rand::Rng;

    use crate::config::Config;
    use crate::horse::Horse;
    use crate::state::KopfAnKopf;

    /// KK-50 / KK-53: a finished game names its ladder of three and the richest seat; none
    /// before the end.
    #[test]
    fn kk_50_kk_53_the_end_reason_names_the_ladder_and_the_richest() {
        for seed in 0..120 {
            let seats = 2 + seed as usize % 7;
            let game = play_game::<KopfAnKopf>(&Config::default(), seats, seed, |game, _, legal, rng| {
                assert!(game.end_reason().is_none());
                legal[rng.random_range(0..legal.len())]
            });
            let reason = game.end_reason().expect("a finished game says why");
            assert_eq!(reason.code, "third-horse-finished");
            for place in 1..=3u8 {
                let horse = Horse::ALL.into_iter().find(|&h| game.place(h) == Some(place)).expect("three placed");
                let ordinal = ["1st", "2nd", "3rd"][place as usize - 1];
                assert!(reason.text.contains(&format!("{ordinal} {horse} ")), "{}", reason.text);
            }
            let best = Seat::all(seats).map(|s| game.settlement(s).total).max().unwrap();
            assert!(reason.text.contains(&format!("{best} €")), "{}", reason.text);
        }
    }
}
