//! Who may take which seat: free human seats, and on private tables only with the seat's invite.

use super::model::SeatSetup;
use crate::api::names::same_name;
use crate::api_error::ApiError;
use axum::http::StatusCode;

use crate::ratings::SeatRating;
use crate::table::handle::Joining;
use crate::tokens::TokenHash;

/// The seat a person asking for `wanted` (or any free seat) with `invite` gets.
pub(crate) fn pick(seats: &[SeatSetup], wanted: Option<usize>, invite: Option<&str>) -> Result<usize, ApiError> {
    let invite = invite.filter(|code| !code.is_empty()).map(TokenHash::of);
    let admits = |seat: &SeatSetup| match seat {
        SeatSetup::Human { invite_hash: Some(needed), .. } => invite.as_ref().is_some_and(|h| h.as_str() == needed),
        _ => true,
    };
    match wanted {
        Some(i) => match seats.get(i) {
            None => Err(ApiError::bad_request(format!("this table has no seat {i}"))),
            Some(s) if s.taken() => Err(ApiError::conflict("seat-taken", format!("seat {i} is taken"))),
            Some(s) if !admits(s) => Err(refused(invite.is_some())),
            Some(_) => Ok(i),
        },
        None => {
            let free: Vec<usize> = (0..seats.len()).filter(|&i| !seats[i].taken()).collect();
            if free.is_empty() {
                return Err(ApiError::conflict("not-open", "every seat of this table is taken"));
            }
            free.into_iter().find(|&i| admits(&seats[i])).ok_or_else(|| refused(invite.is_some()))
        }
    }
}

/// Refuses `name` when someone at the table already has a name that reads alike (the same
/// confusable skeleton, whatever the case): two people at one table never look the same.
pub(crate) fn check_unique(seats: &[SeatSetup], name: &str) -> Result<(), ApiError> {
    let taken = seats.iter().find_map(|s| match s {
        SeatSetup::Human { name: Some(other), .. } if same_name(other, name) => Some(other),
        _ => None,
    });
    match taken {
        Some(other) => Err(ApiError::conflict(
            "name-taken",
            format!("someone at this table is already called {other:?}; choose another name"),
        )),
        None => Ok(()),
    }
}

/// `seat` taken by `name` holding `token`, the seat of `player` if they joined with their key,
/// showing `rating` (its invite stays: it marks the table's seats private).
pub(crate) fn sit(seat: &mut SeatSetup, name: String, token: &str, player: Option<String>, rating: Option<SeatRating>) {
    let invite_hash = match seat {
        SeatSetup::Human { invite_hash, .. } => invite_hash.take(),
        SeatSetup::Bot { .. } => None,
    };
    let token_hash = Some(TokenHash::of(token).as_str().to_owned());
    *seat = SeatSetup::Human { name: Some(name), token_hash, invite_hash, player, rating, devices: Vec::new() };
}

/// At a rated table, refuses a person without a player key, and a player who has a seat there
/// already (a rated game is one player against the others).
pub(crate) fn check_rated_join(seats: &[SeatSetup], player: Option<&Joining>) -> Result<(), ApiError> {
    let Some(player) = player else {
        return Err(ApiError::new(
            StatusCode::FORBIDDEN,
            "rated-needs-player",
            "the seats of a rated table are for players: open the site once to get your player key",
        ));
    };
    let seated = seats.iter().any(|s| matches!(s, SeatSetup::Human { player: Some(p), .. } if *p == player.id));
    if seated {
        return Err(ApiError::conflict("already-seated", "you already have a seat at this rated table"));
    }
    Ok(())
}

fn refused(had_invite: bool) -> ApiError {
    if had_invite {
        ApiError::new(StatusCode::FORBIDDEN, "wrong-invite", "this invite is not for this seat or table")
    } else {
        ApiError::new(StatusCode::FORBIDDEN, "invite-required", "this table is private: its seats need an invite link")
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn invited(code: &str) -> SeatSetup {
        SeatSetup::Human {
            name: None,
            token_hash: None,
            invite_hash: Some(TokenHash::of(code).as_str().to_owned()),
            player: None,
            rating: None,
            devices: Vec::new(),
        }
    }

    fn person(name: &str) -> SeatSetup {
        SeatSetup::Human {
            name: Some(name.to_owned()),
            token_hash: Some("h".to_owned()),
            invite_hash: None,
            player: None,
            rating: None,
            devices: Vec::new(),
        }
    }

    #[test]
    fn two_people_at_a_table_never_have_names_that_read_alike() {
        let seats = vec![person("Ada"), SeatSetup::open(), SeatSetup::Bot { bot: "easy".into() }];
        for alike in ["Ada", "ADA", "\u{0410}da"] {
            assert_eq!(check_unique(&seats, alike).map_err(|e| e.code), Err("name-taken"), "{alike:?}");
        }
        assert_eq!(check_unique(&seats, "Grace"), Ok(()));
        assert_eq!(check_unique(&seats, "Anna"), Ok(()), "a bot's own name is Bot Anna");
    }

    #[test]
    fn invited_seats_need_their_own_code() {
        let seats = vec![SeatSetup::Bot { bot: "random".into() }, invited("a"), invited("b")];
        assert_eq!(pick(&seats, None, Some("b")), Ok(2));
        assert_eq!(pick(&seats, Some(1), Some("a")), Ok(1));
        assert_eq!(pick(&seats, Some(1), Some("b")).map_err(|e| e.code), Err("wrong-invite"));
        assert_eq!(pick(&seats, None, None).map_err(|e| e.code), Err("invite-required"));
        assert_eq!(pick(&seats, None, Some("")).map_err(|e| e.code), Err("invite-required"));
        assert_eq!(pick(&seats, Some(0), Some("a")).map_err(|e| e.code), Err("seat-taken"));
        assert_eq!(pick(&[SeatSetup::open()], None, Some("x")), Ok(0), "public seats ignore invites");
    }
}
