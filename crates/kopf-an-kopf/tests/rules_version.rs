//! The rules version: records carry it. Rules 2 made KK-11.2's sprint-bar moves and KK-11.3's
//! card a choice and KK-24's bet 1 to 5 €, so a rules-1 record's actions no longer fit the
//! steps (a rules-1 turn has no step where the sprint bar or the 3's card asks): such a record
//! is refused with a message naming both versions, never replayed under rules it was not played
//! by.

use engine::{Match, ReplayError, Seat};
use kopf_an_kopf::{Config, KopfAnKopf};

#[test]
fn records_of_rules_1_are_refused_with_a_clear_message() {
    let mut m = Match::<KopfAnKopf>::new(&Config::default(), 3, 5).unwrap();
    m.apply_notation(Seat::at(0), "keep").unwrap();
    let mut record = m.record();
    assert_eq!(record.rules_version, "2");
    assert!(Match::<KopfAnKopf>::replay(&record).is_ok());
    record.rules_version = "1".into();
    let refused = Match::<KopfAnKopf>::replay(&record).map(|_| ()).unwrap_err();
    assert!(matches!(refused, ReplayError::WrongRulesVersion { expected: "2", .. }), "{refused:?}");
    assert_eq!(
        refused.to_string(),
        "this record follows rules version \"1\" of kopf-an-kopf; this build plays version \"2\""
    );
}
