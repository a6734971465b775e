//! The statistics of a tournament: confidence intervals for win rates and Elo ratings.

mod elo;
mod wilson;

pub use elo::{Pairwise, fit_elo};
pub use wilson::{Interval, Z95, wilson};
