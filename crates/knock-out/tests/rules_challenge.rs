//! KO-1 … KO-5 (components) and KO-10, KO-11, KO-33 (the challenge and the red tableau).

mod common;

use common::{Table, edition, s};
use engine::{Game, StepKind};
use knock_out::{Cards, Class, Config, Event, KnockOut, Level, PhaseView};

fn id(seat: usize, class: Class) -> knock_out::BoxerId {
    KnockOut::boxer_id(seat, class)
}

#[test]
fn ko_1_three_to_five_managers() {
    for seats in [2, 6] {
        assert!(KnockOut::setup(&Config::default(), seats).is_err(), "{seats} seats accepted");
    }
    for seats in 3..=5 {
        assert!(KnockOut::setup(&Config::default(), seats).is_ok());
    }
}

#[test]
fn ko_2_ko_3_ko_4_every_manager_starts_alike() {
    let game = KnockOut::setup(&Config::default(), 4).unwrap();
    let view = game.view(None);
    for m in &view.managers {
        assert_eq!(m.money, 100_000);
        assert_eq!(m.cards, Cards::of(&[1, 1, 2, 2, 2, 3, 3, 3, 4, 4, 5, 5]));
        assert_eq!(m.boxers.clone().map(|b| b.level), [Level::Profi; 2]);
        assert_eq!(m.boxers.clone().map(|b| b.start_money), [6_000, 8_000]);
    }
    assert_eq!(view.pot, 0);
    assert_eq!(view.certificates_left, 4);
    let pro = KnockOut::setup(&Config::default(), 3)
        .unwrap()
        .with_level(id(0, Class::Light), Level::Superchampion)
        .with_level(id(1, Class::Heavy), Level::WorldChampion)
        .with_level(id(2, Class::Light), Level::Amateur);
    assert_eq!(pro.start_money(id(0, Class::Light)), 16_000);
    assert_eq!(pro.start_money(id(1, Class::Heavy)), 30_000);
    assert_eq!(pro.start_money(id(2, Class::Light)), 4_000);
}

#[test]
fn ko_10_challenge_needs_equal_or_higher_start_money() {
    let t = Table::new(&Config::default(), 3);
    let legal = t.legal(0);
    // A lightweight (6,000) may challenge any boxer; a heavyweight (8,000) only heavyweights.
    assert!(legal.contains(&"challenge L 1L".into()) && legal.contains(&"challenge L 2H".into()));
    assert!(legal.contains(&"challenge H 1H".into()));
    assert!(!legal.contains(&"challenge H 1L".into()));
    assert_eq!(legal.len(), 4 + 2);
    let mut t = t;
    assert!(t.try_act(0, "challenge H 2L").is_err());
    assert!(t.try_act(0, "challenge L 0H").is_err(), "a manager may not challenge himself");
    assert!(t.try_act(1, "challenge L 2L").is_err(), "only the active player challenges");
}

#[test]
fn ko_10_trophy_and_steak_sit_out_the_next_fight() {
    let mut t = Table::new(&Config::default(), 3);
    t.act(0, "challenge L 1L").act(0, "train 2 3 4 5").act(1, "train 2 3 4 5").quiet_bets();
    t.exchange(5, 2).exchange(4, 3).exchange(3, 4);
    // 0L won on points (blue moved 3+1, red 1): trophy; 1L the steak.
    let view = t.game.view(None);
    assert!(view.managers[0].boxers[0].trophy && view.managers[1].boxers[0].steak);
    assert_eq!(t.game.active(), s(1), "KO-33: the red tableau goes to the left");
    let legal = t.legal(1);
    assert!(legal.iter().all(|a| !a.contains(" L ") && !a.ends_with("0L")), "{legal:?}");
    assert_eq!(legal, vec!["challenge H 0H", "challenge H 2H"]);
}

#[test]
fn ko_10_knocked_out_boxers_cannot_fight() {
    let game = KnockOut::setup(&Config::default(), 3).unwrap().with_knocked_out(id(1, Class::Light));
    let t = Table::from(game);
    assert!(t.legal(0).iter().all(|a| !a.ends_with("1L")));
    let game = KnockOut::setup(&Config::default(), 3).unwrap().with_knocked_out(id(0, Class::Light));
    let t = Table::from(game);
    assert!(t.legal(0).iter().all(|a| a.starts_with("challenge H")));
}

#[test]
fn ko_10_both_managers_need_three_cards() {
    let game = KnockOut::setup(&Config::default(), 3).unwrap().with_hand(s(1), Cards::of(&[1, 5]));
    let t = Table::from(game);
    assert!(t.legal(0).iter().all(|a| !a.contains(" 1")), "{:?}", t.legal(0));
    let game = KnockOut::setup(&Config::default(), 3).unwrap().with_hand(s(0), Cards::of(&[1, 2, 5]));
    let t = Table::from(game);
    assert!(!t.legal(0).is_empty(), "three cards are enough");
}

#[test]
fn ko_10_ko_33_a_player_without_a_challenge_passes_the_tableau_on() {
    // With min_cards 12, a fighter can never fight again this season.
    let config = edition(|e| e.min_cards = 12);
    let mut t = Table::new(&config, 4);
    t.act(0, "challenge L 1L").act(0, "train 2 3 3 3").act(1, "train 2 3 3 3").quiet_bets();
    t.clear().exchange(3, 3).exchange(3, 3).exchange(3, 3);
    // Seat 1 (left of the challenger) cannot challenge: the tableau goes on to seat 2.
    assert!(t.events.contains(&Event::PassedOn { seat: s(1) }));
    assert_eq!(t.game.active(), s(2));
    assert_eq!(t.game.to_act().first(), Some(s(2)));
    assert_eq!(t.legal(2), vec!["challenge L 3L", "challenge L 3H", "challenge H 3H"]);
}

#[test]
fn ko_11_the_season_ends_when_nobody_can_challenge() {
    let config = edition(|e| e.min_cards = 12);
    let mut t = Table::new(&config, 3);
    t.act(0, "challenge L 1L").act(0, "train 2 3 3 3").act(1, "train 2 3 3 3").quiet_bets();
    t.clear().exchange(3, 3).exchange(3, 3).exchange(3, 3);
    // Seat 2 could fight, but nobody else holds 12 cards: everyone passes, the game ends.
    for seat in [1, 2, 0] {
        assert!(t.events.contains(&Event::PassedOn { seat: s(seat) }), "{seat} did not pass");
    }
    assert!(t.events.contains(&Event::SeasonOver { season: 1 }));
    assert!(t.game.is_over());
    assert_eq!(t.game.view(None).phase, PhaseView::Over);
}

#[test]
fn ko_12_training_is_a_secret_choice_of_both_fighters() {
    let mut t = Table::new(&Config::default(), 3);
    t.act(0, "challenge H 2H");
    assert_eq!(t.game.step_kind(), StepKind::Secret);
    assert_eq!(t.game.to_act().iter().collect::<Vec<_>>(), vec![s(0), s(2)]);
    // Every multiset of 4 of the 12 cards, once.
    assert_eq!(t.legal(0).len(), 53);
    assert!(t.legal(1).is_empty());
    t.act(2, "train 1 1 5 5");
    assert_eq!(t.game.step_kind(), StepKind::Secret, "still a secret step with one seat left");
    assert_eq!(t.game.to_act().iter().collect::<Vec<_>>(), vec![s(0)]);
    for viewer in [None, Some(s(0)), Some(s(1))] {
        let view = t.game.view(viewer);
        assert!(view.managers[2].training.is_none());
        assert_eq!(view.managers[2].cards.len(), 12, "the cards held stay public");
    }
    assert_eq!(t.game.view(Some(s(2))).managers[2].training, Some(Cards::of(&[1, 1, 5, 5])));
    assert!(t.try_act(0, "train 1 2 3").is_err(), "four cards");
    t.act(0, "train 2 3 4 5");
    assert_eq!(t.game.view(None).phase, PhaseView::Betting);
}

#[test]
fn ko_12_a_manager_with_three_cards_trains_with_all_three() {
    let game = KnockOut::setup(&Config::default(), 3).unwrap().with_hand(s(1), Cards::of(&[1, 3, 5]));
    let mut t = Table::from(game);
    t.act(0, "challenge L 1L");
    assert_eq!(t.legal(1), vec!["train 1 3 5"]);
    assert!(t.try_act(1, "train 1 3").is_err());
}

/// The fast enumeration of challenges agrees with the rule-by-rule refusal in every position of
/// random games (both are KO-10; the enumeration is what `legal_actions` uses).
#[test]
fn ko_10_the_legal_challenges_are_exactly_those_the_rules_allow() {
    use engine::{EventLog, seeded};
    use knock_out::Action;
    use rand::Rng;
    for config in [Config::default(), Config::pro()] {
        for seed in 0..40 {
            let mut rng = seeded(seed);
            let mut game = KnockOut::new(&config, 3 + seed as usize % 3, &mut rng).unwrap();
            let mut legal = Vec::new();
            while let Some(seat) = game.to_act().first() {
                game.legal_actions(seat, &mut legal);
                if game.view(None).phase == PhaseView::Challenge {
                    for with in [Class::Light, Class::Heavy] {
                        for owner in 0..game.seats() {
                            for class in [Class::Light, Class::Heavy] {
                                let action = Action::Challenge { with, target: id(owner, class) };
                                let allowed = game.clone().apply(seat, action, &mut rng, &mut EventLog::off()).is_ok();
                                assert_eq!(legal.contains(&action), allowed, "seed {seed}: {action}");
                            }
                        }
                    }
                }
                let action = legal[rng.random_range(0..legal.len())];
                game.apply(seat, action, &mut rng, &mut EventLog::off()).unwrap();
            }
        }
    }
}
