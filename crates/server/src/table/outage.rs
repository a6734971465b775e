//! A table whose database writes fail: it takes the failed action back, refuses new actions,
//! tells its players why, and stores the action again and again until the database takes it.
//! Nobody hears of the action before it is committed.

use engine::Seat;

/// The code of the error message players get while the table waits for the database.
pub(crate) const CODE: &str = "store-unavailable";
/// What players are told while the table waits for the database.
pub(crate) const MESSAGE: &str =
    "the server cannot save moves right now; the table is paused and goes on by itself once saving works again";

/// The action that could not be stored, kept to be stored again.
#[derive(Clone, Debug)]
pub(crate) struct Outage {
    /// Who played it.
    pub seat: Seat,
    /// The action, as applied.
    pub notation: String,
    /// The table chose it for the seat's person.
    pub by_table: bool,
    /// Failed attempts so far.
    pub attempts: u32,
}

impl Outage {
    /// After the first failed write of `notation` by `seat` (`by_table`: chosen by the table).
    pub(crate) fn new(seat: Seat, notation: String, by_table: bool) -> Outage {
        Outage { seat, notation, by_table, attempts: 1 }
    }
}
