//! What people call the bots at a table: each bot seat its own name, in seat order ("Bot Anna",
//! "Bot Bruno", …), and the level its spec plays at, so a log that says who paid whom names
//! two different bots and a player can choose whom to target.
//!
//! The names are one list for every language: they read the same in English and German, so
//! people who speak different languages at one table call a bot alike (the pages translate
//! "Bot" and the level). They depend only on the table's seats, so a rematch keeps them and
//! nothing is stored.

use engine::{Level, Levels, MAX_SEATS};

use super::model::SeatSetup;

/// The bots' names, in the order bot seats get them.
pub(crate) const NAMES: [&str; MAX_SEATS] = ["Anna", "Bruno", "Clara", "David", "Emma", "Felix", "Greta", "Hugo"];

/// The name of the bot at `seat` (its place among the table's bot seats), if a bot sits there.
pub(crate) fn persona(seats: &[SeatSetup], seat: usize) -> Option<&'static str> {
    if !matches!(seats.get(seat), Some(SeatSetup::Bot { .. })) {
        return None;
    }
    let before = seats[..seat].iter().filter(|s| matches!(s, SeatSetup::Bot { .. })).count();
    NAMES.get(before).copied()
}

/// The bot's full name as the API's English shows it: `Bot Anna`.
pub(crate) fn display(persona: &str) -> String {
    format!("Bot {persona}")
}

/// The level a bot spec plays at: a level's name (`hard`), or exactly the spec the game gives a
/// level; `None` for any other spec (an expert's `ismcts:500`).
pub(crate) fn level(levels: &Levels, spec: &str) -> Option<Level> {
    let spec = spec.trim();
    spec.parse::<Level>()
        .ok()
        .filter(|l| levels.get(*l).is_some())
        .or_else(|| levels.all().iter().find(|l| l.spec == spec).map(|l| l.level))
}

#[cfg(test)]
mod tests {
    use super::*;
    use engine::LevelAbout;

    const LEVELS: Levels = Levels::new(&[
        LevelAbout { level: Level::Easy, spec: "random", rating: 800 },
        LevelAbout { level: Level::Medium, spec: "heuristic", rating: 1200 },
        LevelAbout { level: Level::Hard, spec: "ismcts:250", rating: 1400 },
        LevelAbout { level: Level::Expert, spec: "ismcts:1000", rating: 1500 },
    ]);

    fn bot(spec: &str) -> SeatSetup {
        SeatSetup::Bot { bot: spec.to_owned() }
    }

    #[test]
    fn every_bot_seat_has_its_own_name_in_seat_order() {
        let seats = [bot("heuristic"), SeatSetup::open(), bot("heuristic"), bot("random"), bot("heuristic")];
        let names: Vec<Option<&str>> = (0..seats.len()).map(|i| persona(&seats, i)).collect();
        assert_eq!(names, [Some("Anna"), None, Some("Bruno"), Some("Clara"), Some("David")]);
        assert_eq!(persona(&seats, 9), None);
        let unique: std::collections::HashSet<&str> = NAMES.iter().copied().collect();
        assert_eq!(unique.len(), MAX_SEATS, "a full table of bots has as many names");
    }

    #[test]
    fn a_spec_has_the_level_it_plays_at() {
        assert_eq!(level(&LEVELS, "hard"), Some(Level::Hard));
        assert_eq!(level(&LEVELS, "Expert"), Some(Level::Expert));
        assert_eq!(level(&LEVELS, "heuristic"), Some(Level::Medium));
        assert_eq!(level(&LEVELS, "ismcts:250"), Some(Level::Hard));
        assert_eq!(level(&LEVELS, "ismcts:500"), None, "an expert's own spec");
        assert_eq!(level(&Levels::default(), "hard"), None, "a game without levels");
    }
}
