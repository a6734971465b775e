//! Positions set by hand, for tests, puzzles and analysis: a game at the start of a round
//! (the active player to challenge) with chosen levels, hands, money and season.

use engine::{EventLog, Game, Seat, SetupError, seeded};

use crate::boxer::{BoxerId, Level};
use crate::cards::Cards;
use crate::config::Config;
use crate::state::{KnockOut, Phase};

impl KnockOut {
    /// A new game of `seats` managers as [`Game::new`] sets it up, to be changed with the
    /// `with_*` methods below before the first action.
    pub fn setup(config: &Config, seats: usize) -> Result<KnockOut, SetupError> {
        KnockOut::new(config, seats, &mut seeded(0))
    }

    /// The same with `boxer` at `level`.
    pub fn with_level(mut self, boxer: BoxerId, level: Level) -> KnockOut {
        self.boxer_mut(boxer).level = level;
        self
    }

    /// The same with `boxer` knocked out for the season.
    pub fn with_knocked_out(mut self, boxer: BoxerId) -> KnockOut {
        self.boxer_mut(boxer).knocked_out = true;
        self
    }

    /// The same with `seat` holding `cards`.
    pub fn with_hand(mut self, seat: Seat, cards: Cards) -> KnockOut {
        self.hands[seat.index()] = cards;
        self
    }

    /// The same with `seat` holding `money`.
    pub fn with_money(mut self, seat: Seat, money: i64) -> KnockOut {
        self.money[seat.index()] = money;
        self
    }

    /// The same with `pot` in the bonus pot.
    pub fn with_pot(mut self, pot: i64) -> KnockOut {
        self.pot = pot;
        self
    }

    /// The same in `season` (2: the pro game's second season).
    pub fn with_season(mut self, season: u8) -> KnockOut {
        self.season = season;
        self
    }

    /// The same with `seat` holding the red tableau; if it has no legal challenge the tableau
    /// passes on at once (KO-33), and with nobody able to challenge the season ends.
    pub fn with_active(mut self, seat: Seat) -> KnockOut {
        self.phase = Phase::Challenge;
        self.next_challenger(seat, &mut EventLog::off());
        self
    }
}
