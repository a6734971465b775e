//! KO-20 … KO-24 (the fight), KO-30 (prizes and levels) and KO-40 (the final settlement).

mod common;

use common::{Table, edition, s};
use engine::{Game, StepKind};
use knock_out::{Cards, Class, Config, Event, KnockOut, Level, Party, Tableau, Why};

fn id(seat: usize, class: Class) -> knock_out::BoxerId {
    KnockOut::boxer_id(seat, class)
}

/// 0L against 1L, trained with `red` and `blue`, bets placed quietly.
fn fight(config: &Config, red: &str, blue: &str) -> Table {
    let mut t = Table::new(config, 3);
    t.act(0, "challenge L 1L").act(0, &format!("train {red}")).act(1, &format!("train {blue}")).quiet_bets();
    t.clear();
    t
}

fn exchange(t: &Table, n: usize) -> (Option<Tableau>, i64, bool) {
    t.events
        .iter()
        .filter_map(|e| match e {
            Event::Exchange { moved, by, hook, .. } => Some((*moved, *by, *hook)),
            _ => None,
        })
        .nth(n)
        .unwrap()
}

#[test]
fn ko_20_exchanges_are_secret_choices_revealed_together() {
    let mut t = fight(&Config::default(), "1 2 3 4", "2 3 4 5");
    assert_eq!(t.game.step_kind(), StepKind::Secret);
    assert_eq!(t.game.to_act().len(), 2);
    assert_eq!(t.legal(0), vec!["play 1", "play 2", "play 3", "play 4"]);
    t.act(1, "play 5");
    assert_eq!(t.game.to_act().iter().collect::<Vec<_>>(), vec![s(0)]);
    assert_eq!(t.game.step_kind(), StepKind::Secret);
    for viewer in [None, Some(s(0)), Some(s(2))] {
        let fight = t.game.view(viewer).fight.unwrap();
        assert_eq!(fight.chosen, [false, true]);
        assert_eq!(fight.my_card, None, "{viewer:?} sees blue's card");
    }
    assert_eq!(t.game.view(Some(s(1))).fight.unwrap().my_card, Some(5));
    assert!(t.events.iter().any(|e| matches!(e, Event::Chose { seat, card: Some(5) } if *seat == s(1))));
    let redacted = engine::GameEvent::redact(t.events.last().unwrap(), Some(s(0))).unwrap();
    assert_eq!(redacted, Event::Chose { seat: s(1), card: None });
    t.act(0, "play 3");
    // The lower card's boxer moves the difference.
    assert_eq!(exchange(&t, 0), (Some(Tableau::Red), 2, false));
    let view = t.game.view(None).fight.unwrap();
    assert_eq!(view.distance, [4, 6]);
    assert_eq!((view.exchanges[0].red, view.exchanges[0].blue), (3, 5));
    assert_eq!(view.left, [3, 3]);
}

#[test]
fn ko_20_equal_cards_move_nobody() {
    let mut t = fight(&Config::default(), "1 2 3 4", "2 3 4 5");
    t.exchange(3, 3);
    assert_eq!(exchange(&t, 0), (None, 0, false));
    assert_eq!(t.game.view(None).fight.unwrap().distance, [6, 6]);
}

#[test]
fn ko_21_left_hook_moves_the_five() {
    let mut t = fight(&Config::default(), "1 2 3 4", "2 3 4 5");
    t.exchange(1, 5);
    assert_eq!(exchange(&t, 0), (Some(Tableau::Blue), 4, true));
    assert_eq!(t.game.view(None).fight.unwrap().distance, [6, 2]);
    let mut t = fight(&Config::default(), "2 3 4 5", "1 2 3 4");
    t.exchange(5, 1);
    assert_eq!(exchange(&t, 0), (Some(Tableau::Red), 4, true));
}

#[test]
fn ko_22_ko_24_a_knock_out_in_the_first_exchange_ends_the_fight() {
    let config = edition(|e| e.start_distance = 4);
    let mut t = fight(&config, "2 3 4 5", "1 2 3 4");
    t.exchange(5, 1);
    assert!(t.events.contains(&Event::FightWon {
        winner: id(1, Class::Light),
        loser: id(0, Class::Light),
        knock_out: true
    }));
    assert!(t.events.contains(&Event::KnockedOut { boxer: id(0, Class::Light) }));
    assert!(t.game.is_knocked_out(id(0, Class::Light)));
    assert_eq!(t.game.view(None).fight.unwrap().exchanges.len(), 1, "no more exchanges");
    // KO-24: the three unplayed training cards go back to hand.
    assert_eq!(t.game.cards(s(0)), Cards::of(&[1, 1, 2, 2, 2, 3, 3, 3, 4, 4, 5]));
    assert_eq!(t.game.cards(s(1)), Cards::of(&[1, 2, 2, 2, 3, 3, 3, 4, 4, 5, 5]));
    // KO-22: out for the rest of the (basic) game: once the steak has moved on, still no
    // challenge with or against it.
    t.act(1, "challenge H 2H").act(1, "train 2 3 4 5").act(2, "train 2 3 4 5").quiet_bets();
    t.exchange(3, 3).exchange(4, 4).exchange(5, 5);
    assert_eq!(t.game.active(), s(2));
    assert!(!t.legal(2).is_empty());
    assert!(t.legal(2).iter().all(|a| !a.contains("0L")), "{:?}", t.legal(2));
    let active = t.game.clone().with_active(s(0));
    let mut legal = Vec::new();
    active.legal_actions(s(0), &mut legal);
    assert!(legal.iter().all(|a| !a.to_string().starts_with("challenge L")), "{legal:?}");
}

#[test]
fn ko_23_after_three_exchanges_the_boxer_who_moved_further_loses() {
    let mut t = fight(&Config::default(), "1 2 3 4", "2 3 3 5");
    // Red moves 1, blue 1, red 1: red moved further and loses on points.
    t.exchange(2, 3).exchange(4, 3).exchange(1, 2);
    assert!(t.events.contains(&Event::FightWon {
        winner: id(1, Class::Light),
        loser: id(0, Class::Light),
        knock_out: false
    }));
    // KO-24: blue's unplayed 5 and red's unplayed 3 return.
    assert_eq!(t.game.cards(s(0)).len(), 9);
    assert!(t.game.cards(s(1)).count(5) == 2);
}

#[test]
fn ko_23_a_points_tie_goes_against_the_challenger() {
    let mut t = fight(&Config::default(), "2 3 4 5", "2 3 4 5");
    // Blue moves 3, red moves 3, nobody moves: equal, the challenger loses.
    t.exchange(5, 2).exchange(2, 5).exchange(3, 3);
    assert!(t.events.contains(&Event::FightWon {
        winner: id(1, Class::Light),
        loser: id(0, Class::Light),
        knock_out: false
    }));
    let mut t = fight(&Config::default(), "2 3 4 5", "2 3 4 5");
    t.exchange(3, 3).exchange(4, 4).exchange(5, 5);
    assert!(t.events.iter().any(|e| matches!(e, Event::FightWon { winner, .. } if *winner == id(1, Class::Light))));
}

#[test]
fn ko_30_prizes_levels_trophy_and_steak() {
    let mut t = fight(&Config::default(), "1 2 3 4", "2 3 3 5");
    t.exchange(2, 3).exchange(4, 3).exchange(1, 2);
    // Blue (1L, Profi 6,000) won: 12,000; red (0L) lost: 6,000.
    let prizes: Vec<(Party, i64)> = t.payments(Why::Prize).iter().map(|p| (p.to, p.amount)).collect();
    assert_eq!(prizes, vec![(Party::Seat(s(1)), 12_000), (Party::Seat(s(0)), 6_000)]);
    assert_eq!(t.game.level(id(1, Class::Light)), Level::Champion);
    assert_eq!(t.game.level(id(0, Class::Light)), Level::Amateur);
    let view = t.game.view(None);
    assert!(view.managers[1].boxers[0].trophy && view.managers[0].boxers[0].steak);
    // Not above Champion, not below Amateur.
    let game = KnockOut::setup(&Config::default(), 3)
        .unwrap()
        .with_level(id(0, Class::Light), Level::Champion)
        .with_level(id(1, Class::Heavy), Level::Amateur);
    let mut t = Table::from(game);
    t.act(0, "challenge L 2H").act(0, "train 2 3 4 5").act(2, "train 1 2 3 4").quiet_bets();
    t.exchange(5, 4).exchange(4, 3).exchange(3, 2);
    assert_eq!(t.game.level(id(0, Class::Light)), Level::Champion);
    // Next: 1H (Amateur, 6,000) against 0H and loses: stays Amateur; prizes at the fight's level.
    t.clear();
    t.act(1, "challenge H 0H").act(1, "train 2 2 2 5").act(0, "train 3 3 4 5").quiet_bets();
    t.exchange(2, 3).exchange(2, 3).exchange(2, 4);
    assert_eq!(t.game.level(id(1, Class::Heavy)), Level::Amateur);
    let prizes: Vec<(Party, i64)> = t.payments(Why::Prize).iter().map(|p| (p.to, p.amount)).collect();
    assert_eq!(prizes, vec![(Party::Seat(s(0)), 16_000), (Party::Seat(s(1)), 6_000)]);
}

#[test]
fn ko_40_the_final_settlement() {
    // min_cards 12: after one fight nobody can challenge; the game ends.
    let config = edition(|e| e.min_cards = 12);
    let game = KnockOut::setup(&config, 3).unwrap().with_pot(70_002);
    let mut t = Table::from(game);
    t.act(0, "challenge L 1L").act(0, "train 2 3 4 5").act(1, "train 2 3 4 5").quiet_bets();
    t.exchange(5, 2).exchange(4, 3).exchange(3, 4);
    let pot_in = 70_002 + t.payments(Why::Pot).iter().map(|p| p.amount).sum::<i64>();
    assert_eq!(pot_in % 3, 1, "a remainder for the bank");
    assert!(t.game.is_over());
    // 0L is a Champion now (8,000), as are the Profi heavyweights (8,000) of all three: the pot
    // is shared three ways, the remainder stays in the bank.
    let shares: Vec<(Party, i64)> = t.payments(Why::PotShare).iter().map(|p| (p.to, p.amount)).collect();
    let share = pot_in / 3;
    assert_eq!(
        shares,
        vec![
            (Party::Seat(s(0)), share),
            (Party::Seat(s(1)), share),
            (Party::Seat(s(2)), share),
            (Party::Bank, pot_in - 3 * share)
        ]
    );
    assert_eq!(t.game.pot(), 0);
    // 5,000 per card: seats 0 and 1 played three cards each.
    let bonus: Vec<i64> = t.payments(Why::CardBonus).iter().map(|p| p.amount).collect();
    assert_eq!(bonus, vec![45_000, 45_000, 60_000]);
    let outcome = t.game.outcome().unwrap();
    for seat in 0..3 {
        assert_eq!(outcome.score(s(seat)), t.game.money(s(seat)));
    }
}

#[test]
fn ko_40_the_richest_boxer_takes_the_whole_pot_and_debts_cost() {
    let config = edition(|e| e.min_cards = 12);
    let game = KnockOut::setup(&config, 3)
        .unwrap()
        .with_pot(50_000)
        .with_level(id(2, Class::Heavy), Level::Champion)
        .with_level(id(1, Class::Heavy), Level::Champion)
        .with_knocked_out(id(1, Class::Heavy));
    let mut t = Table::from(game);
    t.act(0, "challenge L 1L").act(0, "train 2 3 4 5").act(1, "train 2 3 4 5").quiet_bets();
    t.exchange(5, 2).exchange(4, 3).exchange(3, 4);
    // 2H (Champion, 10,000) is the richest boxer not knocked out (1H is out).
    let shares: Vec<(Party, i64)> = t.payments(Why::PotShare).iter().map(|p| (p.to, p.amount)).collect();
    assert_eq!(shares[0], (Party::Seat(s(2)), 50_000 + t.payments(Why::Pot).iter().map(|p| p.amount).sum::<i64>()));
    assert_eq!(shares.len(), 1);
    assert!(t.payments(Why::DebtCost).is_empty());
    // With debts: a certificate costs 50,000 at the end, even below zero.
    let config = edition(|e| {
        e.min_cards = 12;
        e.start_cash = 1_000;
    });
    let mut t = Table::new(&config, 3);
    t.act(0, "challenge L 1L").act(0, "train 2 3 4 5").act(1, "train 2 3 4 5");
    t.act(0, "offer red 2").act(1, "offer blue 2").act(2, "pass").act(0, "pass").act(1, "pass").act(2, "pass");
    t.act(2, "pass");
    t.exchange(5, 2).exchange(4, 3).exchange(3, 4);
    assert!(t.game.debts(s(1)) >= 1);
    let cost: Vec<(Party, i64)> = t.payments(Why::DebtCost).iter().map(|p| (p.from, p.amount)).collect();
    let expected: Vec<(Party, i64)> = (0..3)
        .filter(|&i| t.game.debts(s(i)) > 0)
        .map(|i| (Party::Seat(s(i)), 50_000 * t.game.debts(s(i)) as i64))
        .collect();
    assert_eq!(cost, expected);
}

#[test]
fn ko_22_a_boxer_pushed_past_the_ko_field_stops_on_it() {
    // 3 fields from K.O., the left hook pushes red by 4: red stops on the K.O. field.
    let config = edition(|e| e.start_distance = 3);
    let mut t = fight(&config, "2 3 4 5", "1 2 3 4");
    t.exchange(5, 1);
    let pushed = t.events.iter().find_map(|e| match e {
        Event::Exchange { by, distance, .. } => Some((*by, *distance)),
        _ => None,
    });
    assert_eq!(pushed, Some((4, [0, 3])), "the push, and where both stand: never below 0");
    assert_eq!(t.game.view(None).fight.unwrap().distance, [0, 3]);
    assert!(t.events.contains(&Event::KnockedOut { boxer: id(0, Class::Light) }));
    let json = serde_json::to_value(t.game.view(None)).unwrap();
    assert_eq!(json["fight"]["distance"], serde_json::json!([0, 3]));
}
