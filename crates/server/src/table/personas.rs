//! What people call the bots at a table: each bot seat its own name, in seat order
//! ([`engine::BOT_NAMES`]: "Bot Anna", "Bot Bruno", …), and the level its spec plays at. The
//! names depend only on the table's seats, so a rematch keeps them and nothing is stored.

use engine::BOT_NAMES;

use super::model::SeatSetup;

/// The name of the bot at `seat` (its place among the table's bot seats), if a bot sits there.
pub(crate) fn persona(seats: &[SeatSetup], seat: usize) -> Option<&'static str> {
    if !matches!(seats.get(seat), Some(SeatSetup::Bot { .. })) {
        return None;
    }
    let before = seats[..seat].iter().filter(|s| matches!(s, SeatSetup::Bot { .. })).count();
    BOT_NAMES.get(before).copied()
}

/// The bot's full name as the API's English shows it: `Bot Anna`.
pub(crate) fn display(persona: &str) -> String {
    format!("Bot {persona}")
}

#[cfg(test)]
mod tests {
    use super::*;

    fn bot(spec: &str) -> SeatSetup {
        SeatSetup::Bot { bot: spec.to_owned() }
    }

    #[test]
    fn every_bot_seat_has_its_own_name_in_seat_order() {
        let seats = [bot("heuristic"), SeatSetup::open(), bot("heuristic"), bot("random"), bot("heuristic")];
        let names: Vec<Option<&str>> = (0..seats.len()).map(|i| persona(&seats, i)).collect();
        assert_eq!(names, [Some("Anna"), None, Some("Bruno"), Some("Clara"), Some("David")]);
        assert_eq!(persona(&seats, 9), None);
    }
}
