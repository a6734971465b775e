//! The look at one seat's decisions in a finished game: where each was made (from the seat's
//! information only), what was played, and how the Expert level values it against its best.

use engine::{DynMatch, Record, Registry, Seat};
use serde::{Deserialize, Serialize};

use crate::table::steps::Step;

/// A drop in estimated chance (0 to 1) from which a decision is a mistake.
pub(crate) const MISTAKE: f64 = 0.10;
/// A drop from which a decision is a blunder.
pub(crate) const BLUNDER: f64 = 0.25;

/// How a decision is marked.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "kebab-case")]
pub(crate) enum Mark {
    /// Its estimated chance is [`MISTAKE`] or more below the best decision's.
    Mistake,
    /// [`BLUNDER`] or more below.
    Blunder,
}

impl Mark {
    /// The mark of a decision whose estimated chance is `drop` below the best one's.
    pub(crate) fn of(drop: f64) -> Option<Mark> {
        if drop >= BLUNDER {
            Some(Mark::Blunder)
        } else if drop >= MISTAKE {
            Some(Mark::Mistake)
        } else {
            None
        }
    }
}

/// One decision of the seat, judged.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub(crate) struct Decision {
    /// The action's index in the record (0-based; the replay's move number is one more).
    pub index: usize,
    /// What the seat played.
    pub action: String,
    /// Its estimated chance (the seat's reward, 0 to 1).
    pub chance: f64,
    /// The analysis's best decision there.
    pub best: String,
    /// Its estimated chance.
    pub best_chance: f64,
    /// `mistake` or `blunder`, by how far `chance` falls below `best_chance`.
    pub mark: Option<Mark>,
    /// How many of the search's iterations tried the played action (how much `chance` rests on).
    pub visits: u32,
    /// How many legal actions the seat had.
    pub choices: usize,
}

/// The analysis of one seat's game, as stored and served.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub(crate) struct Analysis {
    /// The seat whose decisions these are.
    pub seat: usize,
    /// The level that judged (`expert`) and the bot spec it plays.
    pub level: String,
    pub bot: String,
    /// The seed the searches are derived from: with the record it gives this analysis again.
    pub seed: u64,
    /// Every decision with a choice, in the order played (forced moves and moves the table
    /// chose for an absent person are left out).
    pub decisions: Vec<Decision>,
    pub mistakes: usize,
    pub blunders: usize,
}

/// A decision waiting to be judged: where the seat chose, and what.
pub(crate) struct Pending {
    pub index: usize,
    pub action: String,
    /// The position the seat chose from (in a secret choice or reaction window, where the step
    /// began, so no other seat's answer in it shows).
    pub position: Box<dyn DynMatch>,
    pub choices: usize,
}

/// The decisions of `seat` in `record` that had a choice, each with its position.
pub(crate) fn decisions(registry: &Registry, record: &Record, seat: Seat) -> Result<Vec<Pending>, String> {
    let kind = registry.get(&record.game).map_err(|e| e.to_string())?;
    let mut m = match &record.position {
        Some(position) => {
            kind.setup_match(&record.config, record.seats, position, record.seed).map_err(|e| e.to_string())?
        }
        None => kind.new_match(&record.config, record.seats, record.seed).map_err(|e| e.to_string())?,
    };
    let mut step = Step::begin(m.as_ref());
    let mut pending = Vec::new();
    for (index, action) in record.actions.iter().enumerate() {
        if action.seat == seat && !action.by_table {
            let choices = m.legal_actions(seat).len();
            if choices > 1 {
                let position = step.position(m.as_ref());
                pending.push(Pending { index, action: action.action.clone(), position, choices });
            }
        }
        m.apply(action.seat, &action.action).map_err(|e| format!("action {index} does not replay: {e}"))?;
        step.follow(m.as_ref(), Some(action.seat));
    }
    Ok(pending)
}

/// The search seed of the decision at `index` of an analysis seeded `seed`.
fn decision_seed(seed: u64, index: usize) -> u64 {
    (seed ^ (index as u64 + 1).wrapping_mul(0x9E37_79B9_7F4A_7C15)).rotate_left(23).wrapping_mul(0xBF58_476D_1CE4_E5B9)
}

/// The search an analysis judges with: the Expert level's `expert` spec without progressive
/// widening, so the search tries every legal action (with widening, the moves it thinks little
/// of are never tried and would have no value to compare). Other specs stay as they are.
pub(crate) fn analysis_spec(expert: &str) -> String {
    let spec = engine::BotSpec::parse(expert);
    match (spec.kind.as_str(), spec.param.as_deref()) {
        ("ismcts", Some(param)) if !param.contains("widen=") => format!("ismcts:{param},widen=0"),
        ("ismcts", None) => "ismcts:1000,widen=0".to_owned(),
        _ => expert.to_owned(),
    }
}

/// Judges one decision with the bot `spec` (which must search; see [`analysis_spec`]).
pub(crate) fn judge(pending: &Pending, seat: Seat, spec: &str, seed: u64) -> Result<Decision, String> {
    let values = pending.position.analyse(seat, spec, decision_seed(seed, pending.index)).map_err(|e| e.to_string())?;
    let best = values.first().ok_or("the analysis valued no action")?;
    let played = values
        .iter()
        .find(|v| v.action == pending.action)
        .ok_or_else(|| format!("the analysis did not value the played {:?}", pending.action))?;
    let (chance, best_chance) = (played.value.clamp(0.0, 1.0), best.value.clamp(0.0, 1.0));
    Ok(Decision {
        index: pending.index,
        action: pending.action.clone(),
        chance,
        best: best.action.clone(),
        best_chance,
        mark: if played.action == best.action { None } else { Mark::of(best_chance - chance) },
        visits: played.visits,
        choices: pending.choices,
    })
}

impl Analysis {
    /// The analysis made of `decisions`.
    pub(crate) fn new(seat: Seat, bot: &str, seed: u64, decisions: Vec<Decision>) -> Analysis {
        let count = |mark| decisions.iter().filter(|d| d.mark == Some(mark)).count();
        Analysis {
            seat: seat.index(),
            level: engine::Level::Expert.name().to_owned(),
            bot: bot.to_owned(),
            seed,
            mistakes: count(Mark::Mistake),
            blunders: count(Mark::Blunder),
            decisions,
        }
    }
}

/// The whole analysis at once (the server works decision by decision, with the same result).
#[cfg(test)]
pub(crate) fn analyse(
    registry: &Registry,
    record: &Record,
    seat: Seat,
    bot: &str,
    seed: u64,
) -> Result<Analysis, String> {
    let judged =
        decisions(registry, record, seat)?.iter().map(|p| judge(p, seat, bot, seed)).collect::<Result<Vec<_>, _>>()?;
    Ok(Analysis::new(seat, bot, seed, judged))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn drops_of_ten_points_are_mistakes_and_of_twenty_five_blunders() {
        assert_eq!(Mark::of(0.0), None);
        assert_eq!(Mark::of(0.099), None);
        assert_eq!(Mark::of(0.10), Some(Mark::Mistake));
        assert_eq!(Mark::of(0.249), Some(Mark::Mistake));
        assert_eq!(Mark::of(0.25), Some(Mark::Blunder));
        assert_eq!(Mark::of(-0.3), None, "a played move valued above the most searched one");
    }

    /// A decision judged in a world that differs from the real one only in what the seat could
    /// not see (the other hand, the piles' order) is judged the same.
    #[test]
    fn a_judgement_depends_only_on_what_the_seat_knew() {
        use engine::Game;
        use rand::seq::IndexedRandom;
        use schotten_totten::SchottenTotten;
        let registry = catalog::registry();
        let kind = registry.get("schotten-totten").expect("registered");
        let config = kind.default_config();
        let mut rng = engine::seeded(8);
        for game in 0..3u64 {
            let mut m = kind.new_match(&config, 2, 40 + game).expect("a match");
            for _ in 0..(4 + 7 * game) {
                let seat = m.to_act().first().expect("a seat");
                let action = m.legal_actions(seat).choose(&mut rng).cloned().expect("legal");
                m.apply(seat, &action).expect("legal");
            }
            let seat = m.to_act().first().expect("a seat");
            let played = m.legal_actions(seat).choose(&mut rng).cloned().expect("legal");
            let state = engine::typed::<SchottenTotten>(m.as_ref()).expect("Schotten-Totten").state();
            let other = state.determinize(seat, &mut rng);
            assert_ne!(other.position(), state.position(), "game {game}: the other world differs");
            let judged = |position: Option<String>| {
                let position = kind.setup_match(&config, 2, &position.expect("a position"), 1).expect("reads");
                let choices = position.legal_actions(seat).len();
                let pending = Pending { index: 9, action: played.clone(), position, choices };
                judge(&pending, seat, "ismcts:300,widen=0", 5).expect("judged")
            };
            assert_eq!(judged(other.position()), judged(state.position()), "game {game}");
        }
    }

    /// A random Schotten-Totten game, analysed twice from its record and the seed: the same
    /// analysis, covering every decision of the seat that had a choice.
    #[test]
    fn an_analysis_is_reproducible_from_the_record_and_its_seed() {
        use rand::seq::IndexedRandom;
        let registry = catalog::registry();
        let kind = registry.get("schotten-totten").expect("registered");
        let mut m = kind.new_match(&kind.default_config(), 2, 3).expect("a match");
        let mut rng = engine::seeded(3);
        while m.outcome().is_none() {
            let seat = m.to_act().first().expect("a seat");
            let action = m.legal_actions(seat).choose(&mut rng).cloned().expect("legal");
            m.apply(seat, &action).expect("legal");
        }
        let record = m.record();
        let seat = Seat::at(0);
        let spec = analysis_spec("ismcts:200");
        assert_eq!(spec, "ismcts:200,widen=0");
        let first = analyse(&registry, &record, seat, &spec, 11).expect("analysed");
        assert!(first.decisions.iter().all(|d| d.visits > 0), "every played action was tried: {first:?}");
        let with_choice = decisions(&registry, &record, seat).expect("replays").len();
        assert_eq!(first.decisions.len(), with_choice);
        assert!(with_choice > 10, "a whole game has many decisions: {with_choice}");
        assert!(first.decisions.iter().all(|d| d.best_chance >= 0.0 && d.chance <= 1.0));
        assert!(first.mistakes + first.blunders > 0, "random play makes mistakes: {first:?}");
        assert_eq!(analyse(&registry, &record, seat, &spec, 11).expect("analysed"), first);
    }
}
