//! Knock Out for spieltisch.

mod action;
mod betting;
mod boxer;
mod cards;
mod challenge;
mod config;
mod determinize;
mod edition;
mod event;
mod fight;
mod game;
mod money;
mod position;
mod settle;
mod state;
mod view;

pub use action::{Action, Tableau};
pub use boxer::{BoxerId, Class, Level};
pub use cards::Cards;
pub use config::Config;
pub use edition::{BetField, BetKind, ByClass, DEFAULT_EDITION_TOML, Edition, EditionError, Names};
pub use event::Event;
pub use fight::exchange_move;
pub use money::{Party, Payment, Why};
pub use state::KnockOut;
pub use view::{
    BettingView, BoxerView, ExchangeView, FieldView, FightView, ManagerView, PhaseView, ResultView, TableauView, View,
};
