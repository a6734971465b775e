//! Positions of the demo game: the notation round-trips at every position of random games,
//! matches and records start from positions, and impossible positions are refused.

use engine::demo::{Rps, RpsConfig};
use engine::testing::check_positions;
use engine::{Game, Match, PositionError, ReplayError, Seat};

#[test]
fn every_position_of_random_games_reads_back_into_the_same_game() {
    for first_to in [1, 2, 4] {
        let checked = check_positions::<Rps>(&RpsConfig { first_to }, 2, 200, u64::from(first_to));
        assert!(checked > 600, "{checked}");
    }
}

#[test]
fn a_match_from_a_position_plays_on_and_its_record_replays() {
    let config = RpsConfig { first_to: 2 };
    let position = "points=1,1 throws=-,- vetoes=no,yes last=paper,rock phase=throwing";
    let mut m = Match::<Rps>::from_position(&config, 2, position, 5).unwrap();
    assert_eq!(m.start_position(), Some(position));
    m.apply_notation(Seat::at(0), "rock").unwrap();
    m.apply_notation(Seat::at(1), "paper").unwrap();
    // Seat 0 lost and has no veto left: seat 1 scores its second point.
    assert_eq!(m.outcome().unwrap().places(), &[2, 1]);
    let record = m.record();
    assert_eq!(record.position.as_deref(), Some(position));
    assert_eq!(record.end_reason.as_ref().unwrap().code, "points");
    let again = Match::<Rps>::replay(&record).unwrap();
    assert_eq!(again.outcome(), m.outcome());
    let mut bad = record.clone();
    bad.position = Some("points=3,0 throws=-,- vetoes=no,yes last=paper,rock phase=throwing".into());
    assert!(matches!(Match::<Rps>::replay(&bad), Err(ReplayError::Position(PositionError::Invalid(_)))));
}

#[test]
fn impossible_positions_name_what_is_wrong() {
    let config = RpsConfig::default();
    let refused = |text: &str| match Rps::from_position(&config, 2, text) {
        Err(PositionError::Invalid(reason)) => reason,
        other => panic!("{text}: {other:?}"),
    };
    assert!(refused("points=1,0 throws=-,- vetoes=yes,yes last=- phase=throwing").contains("none was revealed"));
    assert!(refused("points=2,0 throws=-,- vetoes=yes,yes last=rock,paper phase=throwing").contains("over"));
    assert!(refused("points=0,0 throws=-,- vetoes=yes,yes last=rock,paper phase=reaction:1").contains("loser"));
    assert!(refused("points=0,0 throws=-,- vetoes=yes,yes last=rock,paper phase=reaction:0 x=1").contains("x"));
    assert!(matches!(Rps::from_position(&config, 3, "points=0,0"), Err(PositionError::Setup(_))));
}
