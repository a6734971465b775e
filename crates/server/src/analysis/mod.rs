//! "Analyse my game": the Expert level looks at every decision one seat made in a finished game,
//! from that seat's information only, in the background; the replay page shows its progress and
//! then marks each decision with its estimated chance against the best one, and the mistakes
//! and blunders. The result is stored, so a second look is instant.

mod jobs;
pub(crate) mod review;

pub(crate) use jobs::{Analyses, Progress};
