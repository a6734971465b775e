//! The views an `apply` (or `bot` with `apply`) sends back with its reply, so a client needs one
//! round trip per action instead of an `apply` and a `view` per seat.

use engine::{DynMatch, Seat};
use serde::Deserialize;
use serde_json::{Value, json};

use super::reply::{Code, Failure, Reply};

/// The opt-in request fields: `"views": "to_act"` (every seat to act after the action),
/// `"all"` (every seat) or `"none"` (the default), and `"view_seat": N` (that seat as well).
#[derive(Debug, Default, Deserialize)]
pub(super) struct ViewsParams {
    #[serde(default)]
    views: Option<String>,
    #[serde(default)]
    view_seat: Option<i64>,
}

/// Which seats' views a reply carries, checked before the action is applied.
#[derive(Clone, Copy, Debug, Default)]
pub(super) struct Wanted {
    to_act: bool,
    all: bool,
    seat: Option<Seat>,
}

impl ViewsParams {
    /// The seats asked for, or why the request is bad (nothing is applied then).
    pub(super) fn wanted(&self, m: &dyn DynMatch) -> Result<Wanted, Failure> {
        let mut wanted = Wanted::default();
        match self.views.as_deref() {
            None | Some("none") => {}
            Some("to_act") => wanted.to_act = true,
            Some("all") => wanted.all = true,
            Some(other) => {
                return Err(Failure::new(
                    Code::BadRequest,
                    format!("\"views\" is \"to_act\", \"all\" or \"none\", not {other:?}"),
                ));
            }
        }
        if let Some(index) = self.view_seat {
            wanted.seat = Some(super::session::seat(m, index)?);
        }
        Ok(wanted)
    }
}

impl Reply {
    /// Adds `views`: `[{"seat", "view", "legal"}]` for the wanted seats in seat order, each once
    /// (nothing when none were asked for, so old clients see the old reply).
    pub(super) fn with_views(self, m: &dyn DynMatch, wanted: Wanted) -> Result<Reply, Failure> {
        if !(wanted.to_act || wanted.all || wanted.seat.is_some()) {
            return Ok(self);
        }
        let to_act = m.to_act();
        let views: Vec<Value> = Seat::all(m.seats())
            .filter(|&s| wanted.all || (wanted.to_act && to_act.contains(s)) || wanted.seat == Some(s))
            .map(|s| json!({"seat": s, "view": m.view(Some(s)), "legal": m.legal_actions(s)}))
            .collect();
        Ok(self.with("views", views))
    }
}
