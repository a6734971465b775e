//! Telling players when their turn comes or goes: after each publish, every seat of a player
//! (taken with a player key) whose "asked to act" changed pings that player's live feed
//! (`crate::feeds`), so their open pages recount the tables waiting for them.

use super::Actor;
use crate::table::model::SeatSetup;

impl Actor {
    /// Compares the seats asked to act (`to_act`, from the Table object just published) with
    /// those last told about, and pings the feed of each player whose seat changed.
    pub(super) fn tell_players(&mut self, to_act: &[usize]) {
        for (seat, setup) in self.table.seats.iter().enumerate() {
            let asked = to_act.contains(&seat);
            let Some(told) = self.asked.get_mut(seat) else { continue };
            if *told == asked {
                continue;
            }
            *told = asked;
            if let SeatSetup::Human { player: Some(player), .. } = setup {
                self.app.feeds.notify(player);
            }
        }
    }
}
