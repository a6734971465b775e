//! Ratings of rated tables: one rating per player and game, Weng-Lin (a Bayesian rating made
//! for games of several players, from `skillratings`), on an Elo-like scale so that the bot
//! levels' fixed ratings (the catalog's) sit on the same scale.
//!
//! The scale is Weng-Lin's default times 60: a new player is 1500 ± 500, and the skill-class
//! width β is 250 (about a 2:1 favourite at 250 points). Bots of a level take part with their
//! level's fixed rating and a small uncertainty, and are never updated. A seat whose person was
//! away at the end (the table played for them) is placed last, behind every seat that was not,
//! whatever the game's outcome says. A rating is provisional for its first
//! [`PROVISIONAL_GAMES`] games.

mod service;

use serde::{Deserialize, Serialize};
use skillratings::MultiTeamOutcome;
use skillratings::weng_lin::{WengLinConfig, WengLinRating, weng_lin_multi_team};

pub(crate) use service::{rate_later, rate_unrated};

/// Games before a rating stops being provisional.
pub(crate) const PROVISIONAL_GAMES: u32 = 10;

/// Weng-Lin's defaults (25, 25/3, β 25/6) times this.
const SCALE: f64 = 60.0;

/// The uncertainty a bot level plays with: its rating is fixed by its calibration run.
const BOT_SIGMA: f64 = 50.0;

/// One player's rating in one game.
#[derive(Clone, Copy, Debug, PartialEq)]
pub(crate) struct Rating {
    /// The estimated skill.
    pub mu: f64,
    /// Its uncertainty (one standard deviation).
    pub sigma: f64,
    /// Rated games played.
    pub games: u32,
}

impl Rating {
    /// The rating of a player's first rated game.
    pub(crate) const NEW: Rating = Rating { mu: 25.0 * SCALE, sigma: 25.0 / 3.0 * SCALE, games: 0 };

    /// The number people see.
    pub(crate) fn shown(&self) -> i64 {
        self.mu.round() as i64
    }

    /// Whether too few games back it yet.
    pub(crate) fn provisional(&self) -> bool {
        self.games < PROVISIONAL_GAMES
    }

    /// What a seat chip, My games and the leaderboard show.
    pub(crate) fn seat(&self) -> SeatRating {
        SeatRating { rating: self.shown(), provisional: self.provisional() }
    }

    fn weng_lin(&self) -> WengLinRating {
        WengLinRating { rating: self.mu, uncertainty: self.sigma }
    }
}

/// A rating as a seat shows it: the number and whether it is provisional (stored with the seat
/// when the player sat down, so the chip shows the rating the game was played at).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub(crate) struct SeatRating {
    pub rating: i64,
    pub provisional: bool,
}

/// Who sits at a seat of a rated table, as the rating sees it.
#[derive(Clone, Copy, Debug, PartialEq)]
pub(crate) enum Entrant {
    /// A player, with their rating before the game.
    Player(Rating),
    /// A bot level, with its fixed rating.
    Bot(u32),
}

/// The place each seat is rated at: the outcome's place (1-based, shared on ties), except that
/// every seat away at the end comes after all the others (sharing the last place).
pub(crate) fn rated_places(places: &[u8], away: &[bool]) -> Vec<usize> {
    let last = places.len() + 1;
    places
        .iter()
        .enumerate()
        .map(|(i, &place)| if away.get(i).copied().unwrap_or(false) { last } else { usize::from(place) })
        .collect()
}

/// The new rating of each player (`None` for bots) after a game where seat i took place
/// `places[i]` (1 = first; equal places are ties).
pub(crate) fn update(entrants: &[Entrant], places: &[usize]) -> Vec<Option<Rating>> {
    let teams: Vec<[WengLinRating; 1]> = entrants
        .iter()
        .map(|e| match e {
            Entrant::Player(r) => [r.weng_lin()],
            Entrant::Bot(rating) => [WengLinRating { rating: f64::from(*rating), uncertainty: BOT_SIGMA }],
        })
        .collect();
    let ranked: Vec<(&[WengLinRating], MultiTeamOutcome)> =
        teams.iter().zip(places).map(|(team, &place)| (&team[..], MultiTeamOutcome::new(place))).collect();
    let config = WengLinConfig { beta: 25.0 / 6.0 * SCALE, ..WengLinConfig::new() };
    let after = weng_lin_multi_team(&ranked, &config);
    entrants
        .iter()
        .zip(after)
        .map(|(e, new)| match e {
            Entrant::Player(before) => new.first().map(|r| Rating {
                mu: r.rating,
                // Never below a floor: a rating must keep moving when a player's skill does.
                sigma: r.uncertainty.max(BOT_SIGMA),
                games: before.games + 1,
            }),
            Entrant::Bot(_) => None,
        })
        .collect()
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_winner_gains_the_loser_loses_and_both_grow_surer() {
        let new = update(&[Entrant::Player(Rating::NEW), Entrant::Player(Rating::NEW)], &[1, 2]);
        let (winner, loser) = (new[0].unwrap(), new[1].unwrap());
        assert!(winner.mu > 1500.0 && loser.mu < 1500.0, "{winner:?} {loser:?}");
        assert!((winner.mu - 1500.0 - (1500.0 - loser.mu)).abs() < 1e-6, "equal players: a zero-sum change");
        assert!(winner.sigma < 500.0 && loser.sigma < 500.0);
        assert_eq!((winner.games, loser.games), (1, 1));
        assert!(winner.provisional());
    }

    #[test]
    fn a_bot_level_keeps_its_rating_and_beating_a_stronger_one_pays_more() {
        let strong = update(&[Entrant::Player(Rating::NEW), Entrant::Bot(1900)], &[1, 2]);
        let weak = update(&[Entrant::Player(Rating::NEW), Entrant::Bot(900)], &[1, 2]);
        assert_eq!(strong[1], None, "bots are not rated");
        assert!(strong[0].unwrap().mu > weak[0].unwrap().mu, "{strong:?} {weak:?}");
        let lost_to_weak = update(&[Entrant::Player(Rating::NEW), Entrant::Bot(900)], &[2, 1]);
        assert!(lost_to_weak[0].unwrap().mu < 1500.0);
    }

    #[test]
    fn a_seat_away_at_the_end_is_placed_last_whatever_the_outcome() {
        // Seat 0 won on the board while the table played for it: it counts last, behind seat 2.
        assert_eq!(rated_places(&[1, 2, 3], &[true, false, false]), [4, 2, 3]);
        assert_eq!(rated_places(&[1, 2, 3], &[false, true, true]), [1, 4, 4], "two away share the last place");
        assert_eq!(rated_places(&[1, 1], &[]), [1, 1], "a tie without a clock");
        let new = update(
            &[Entrant::Player(Rating::NEW), Entrant::Player(Rating::NEW), Entrant::Player(Rating::NEW)],
            &rated_places(&[1, 2, 3], &[true, false, false]),
        );
        let mu: Vec<f64> = new.iter().map(|r| r.unwrap().mu).collect();
        assert!(mu[0] < mu[2] && mu[2] < mu[1], "the away winner loses the most: {mu:?}");
    }
}
