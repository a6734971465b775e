//! The demo game's position notation: `points=1,0 throws=rock,- vetoes=yes,no last=paper,rock
//! phase=throwing` (`phase` is `throwing`, `reaction:SEAT` or `over`; `-` for no throw yet or
//! no throw revealed). Fields come in this order when written and in any order when read.

use std::str::FromStr;

use super::{Hand, Phase, Rps, RpsAction, RpsConfig, SEATS};
use crate::position::PositionError;
use crate::seat::Seat;

impl Rps {
    /// The state in the position notation.
    pub(super) fn write_position(&self) -> String {
        let hand = |h: Option<Hand>| h.map_or("-".to_owned(), |h| RpsAction::Throw(h).to_string());
        let yes = |b: bool| if b { "yes" } else { "no" };
        let last = self.last.map_or("-".to_owned(), |[a, b]| format!("{},{}", hand(Some(a)), hand(Some(b))));
        let phase = match self.phase {
            Phase::Throwing => "throwing".to_owned(),
            Phase::Reaction { loser } => format!("reaction:{loser}"),
            Phase::Over => "over".to_owned(),
        };
        format!(
            "points={},{} throws={},{} vetoes={},{} last={last} phase={phase}",
            self.points[0],
            self.points[1],
            hand(self.throws[0]),
            hand(self.throws[1]),
            yes(self.vetoes[0]),
            yes(self.vetoes[1]),
        )
    }

    /// A state from the position notation, checked against the rules.
    pub(super) fn read_position(config: &RpsConfig, text: &str) -> Result<Rps, PositionError> {
        let bad = |why: String| PositionError::invalid(why);
        let mut fields = [None; 5];
        const KEYS: [&str; 5] = ["points", "throws", "vetoes", "last", "phase"];
        for word in text.split_whitespace() {
            let (key, value) = word.split_once('=').ok_or_else(|| bad(format!("{word:?} is not key=value")))?;
            let i = KEYS.iter().position(|k| *k == key).ok_or_else(|| bad(format!("unknown field {key:?}")))?;
            if fields[i].replace(value).is_some() {
                return Err(bad(format!("{key} is given twice")));
            }
        }
        let field = |i: usize| fields[i].ok_or_else(|| bad(format!("{} is missing", KEYS[i])));
        let pair = |i: usize| -> Result<(&str, &str), PositionError> {
            field(i)?.split_once(',').ok_or_else(|| bad(format!("{} needs two values: a,b", KEYS[i])))
        };
        let hand = |s: &str| -> Result<Option<Hand>, PositionError> {
            match s {
                "-" => Ok(None),
                _ => match RpsAction::from_str(s) {
                    Ok(RpsAction::Throw(h)) => Ok(Some(h)),
                    _ => Err(bad(format!("{s:?} is not rock, paper, scissors or -"))),
                },
            }
        };
        let (a, b) = pair(0)?;
        let point = |s: &str| s.parse::<u8>().map_err(|_| bad(format!("{s:?} is not a number of points")));
        let points = [point(a)?, point(b)?];
        let (a, b) = pair(1)?;
        let throws = [hand(a)?, hand(b)?];
        let (a, b) = pair(2)?;
        let yes = |s: &str| match s {
            "yes" => Ok(true),
            "no" => Ok(false),
            _ => Err(bad(format!("a veto is yes or no, not {s:?}"))),
        };
        let vetoes = [yes(a)?, yes(b)?];
        let last = match field(3)? {
            "-" => None,
            pair => {
                let (a, b) = pair.split_once(',').ok_or_else(|| bad("last needs two throws: a,b or -".into()))?;
                match (hand(a)?, hand(b)?) {
                    (Some(a), Some(b)) => Some([a, b]),
                    _ => return Err(bad("last names two throws".into())),
                }
            }
        };
        let phase = match field(4)? {
            "throwing" => Phase::Throwing,
            "over" => Phase::Over,
            other => {
                let seat = other.strip_prefix("reaction:").and_then(|s| s.parse::<usize>().ok()).filter(|&s| s < 2);
                let loser = seat.map(Seat::at).ok_or_else(|| bad(format!("{other:?} is not a phase")))?;
                Phase::Reaction { loser }
            }
        };
        let game = Rps { config: config.clone(), points, throws, vetoes, last, phase };
        game.check()?;
        Ok(game)
    }

    /// Whether the rules can reach this state.
    fn check(&self) -> Result<(), PositionError> {
        let bad = |why: &str| Err(PositionError::invalid(why));
        let goal = self.config.first_to;
        let reached = SEATS.iter().filter(|s| self.points[s.index()] >= goal).count();
        if self.points.iter().any(|&p| p > goal) || reached > 1 {
            return bad("points go up to first-to, and only one seat reaches it");
        }
        if (reached == 1) != (self.phase == Phase::Over) {
            return bad("the game is over exactly when a seat has first-to points");
        }
        if self.last.is_none() && (self.points != [0, 0] || self.vetoes != [true, true]) {
            return bad("points and vetoes come from revealed throws, and none was revealed");
        }
        if self.phase != Phase::Throwing && self.throws.iter().any(Option::is_some) {
            return bad("throws are pending only while throwing");
        }
        if self.throws.iter().all(Option::is_some) {
            return bad("two throws are revealed at once, never both pending");
        }
        if let Phase::Reaction { loser } = self.phase {
            let lost = self.last.is_some_and(|l| l[1 - loser.index()].beats(l[loser.index()]));
            if !lost || !self.vetoes[loser.index()] {
                return bad("a reaction belongs to the loser of the last throw, with a veto left");
            }
        }
        Ok(())
    }
}
