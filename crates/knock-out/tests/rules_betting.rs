//! KO-13 … KO-17 (betting) and KO-31, KO-32 (settling the tableaus, debts).

mod common;

use common::{Table, edition, s};
use engine::{Game, StepKind};
use knock_out::{Config, Event, Party, PhaseView, Tableau, Why};

/// Seat 0's lightweight challenges seat 1's; both trained.
fn trained(config: &Config, seats: usize) -> Table {
    let mut t = Table::new(config, seats);
    t.act(0, "challenge L 1L").act(0, "train 2 3 4 5").act(1, "train 2 3 4 5");
    t
}

#[test]
fn ko_13_ko_14_ko_15_three_passes_in_the_seeds_order() {
    let mut t = trained(&Config::default(), 4);
    let view = t.game.view(None);
    assert_eq!(view.phase, PhaseView::Betting);
    assert_eq!(t.game.step_kind(), StepKind::Turn);
    assert_eq!(view.betting.unwrap().order, vec![s(0), s(1), s(2), s(3)]);
    // Pass 1: the challenger must offer a Sieg bet on red; the K.O. offer goes with it.
    assert_eq!(t.legal(0), vec!["offer red 1", "offer red 2"]);
    t.act(0, "offer red 1");
    let red = &t.game.view(None).tableaus[0];
    assert_eq!(red.fields[0].offer, Some(s(0)));
    assert_eq!(red.fields[3].offer, Some(s(0)), "KO-15: the K.O. offer too");
    assert_eq!(t.game.view(None).managers[0].chips, 1);
    assert_eq!(t.legal(1), vec!["offer blue 1", "offer blue 2"]);
    t.act(1, "offer blue 2");
    // The others: any free offer slot, any open offer to accept, or pass.
    let legal = t.legal(2);
    for a in [
        "offer red 2",
        "offer red 3",
        "offer blue 1",
        "offer blue 3",
        "accept red 1",
        "accept red 4",
        "accept blue 2",
        "accept blue 4",
        "pass",
    ] {
        assert!(legal.contains(&a.to_string()), "{a} missing from {legal:?}");
    }
    assert!(!legal.contains(&"offer red 1".to_string()), "KO-17: a taken slot");
    assert_eq!(legal.len(), 9);
    t.act(2, "accept red 1").act(3, "pass");
    // Pass 2: fighters offer nothing more; they accept or pass.
    assert_eq!(t.game.to_act().first(), Some(s(0)));
    assert_eq!(t.legal(0), vec!["accept red 4", "accept blue 2", "accept blue 4", "pass"]);
    t.act(0, "pass").act(1, "accept red 4").act(2, "pass").act(3, "offer red 2");
    // Pass 3: the fighters have no chips left; only the others bet.
    assert_eq!(t.game.to_act().first(), Some(s(2)));
    t.act(2, "accept red 2");
    assert_eq!(t.game.to_act().first(), Some(s(3)));
    assert!(t.try_act(0, "pass").is_err());
    t.act(3, "pass");
    let view = t.game.view(None);
    assert_eq!(view.phase, PhaseView::Fight);
    assert!(view.managers.iter().all(|m| m.chips == 0), "KO-14: every chip placed");
    assert_eq!(view.pass_field, vec![s(0), s(2), s(3), s(3)]);
}

#[test]
fn ko_14_the_others_bet_clockwise_from_the_challenger() {
    let mut t = Table::new(&Config::default(), 5);
    t.act(0, "challenge L 3L").act(0, "train 2 3 4 5").act(3, "train 2 3 4 5");
    assert_eq!(t.game.view(None).betting.unwrap().order, vec![s(0), s(3), s(1), s(2), s(4)]);
}

#[test]
fn ko_17_a_taken_slot_or_an_unoffered_bet_is_refused() {
    let mut t = trained(&Config::default(), 3);
    t.act(0, "offer red 1").act(1, "offer blue 1");
    assert!(t.try_act(2, "offer red 1").is_err(), "taken");
    assert!(t.try_act(2, "accept red 2").is_err(), "not offered");
    t.act(2, "accept red 1");
    t.act(0, "pass");
    assert!(t.try_act(1, "accept red 1").is_err(), "accept slot taken");
    assert!(t.try_act(1, "offer red 2").is_err(), "KO-15: no offers from fighters in pass 2");
    assert!(t.legal(1).contains(&"pass".to_string()), "the pass field always is legal");
}

/// The scripted round of the settlement tests: 0L beats 1L on points.
///
/// Bets: red 1 (Sieg 10,000) offered by 0, accepted by 2; red 4 (K.O.) offered by 0 and
/// accepted by 0 (a bluff); blue 2 (Sieg 20,000) and blue 4 (K.O. 30,000) offered by 1,
/// unaccepted; blue 3 (Punktsieg 20,000) offered by 2, unaccepted; red 3 (Punktsieg) offered
/// by 2 in pass 3, unaccepted.
fn settled(config: &Config) -> Table {
    let mut t = trained(config, 3);
    t.act(0, "offer red 1").act(1, "offer blue 2").act(2, "accept red 1");
    t.act(0, "accept red 4").act(1, "pass").act(2, "offer blue 3");
    t.act(2, "offer red 3");
    t.clear();
    // 5 v 2: blue moves 3; 4 v 3: blue 1; 3 v 4: red 1. Red moved less: red wins on points.
    t.exchange(5, 2).exchange(4, 3).exchange(3, 4);
    t
}

#[test]
fn ko_16_ko_31_the_tableaus_settle_player_against_player_bank_and_pot() {
    let t = settled(&Config::default());
    assert!(t.events.contains(&Event::FightWon {
        winner: knock_out::KnockOut::boxer_id(0, knock_out::Class::Light),
        loser: knock_out::KnockOut::boxer_id(1, knock_out::Class::Light),
        knock_out: false
    }));
    // KO-16: the bluff on red 4 cancels: no money for it.
    assert!(t.events.contains(&Event::Cancelled { seat: s(0), tableau: Tableau::Red, field: 3 }));
    let bets = t.payments(Why::Bet);
    assert_eq!(bets.len(), 1);
    assert_eq!((bets[0].from, bets[0].to, bets[0].amount), (Party::Seat(s(2)), Party::Seat(s(0)), 10_000));
    // An unaccepted offer that won: the bank pays half (red 3, Punktsieg 20,000, by seat 2).
    let bank = t.payments(Why::BankBet);
    assert_eq!(bank.len(), 1);
    assert_eq!((bank[0].to, bank[0].amount), (Party::Seat(s(2)), 10_000));
    // Unaccepted offers that lost: the whole stake into the pot (blue 2, blue 3, blue 4).
    let pot: Vec<(Party, i64)> = t.payments(Why::Pot).iter().map(|p| (p.from, p.amount)).collect();
    assert_eq!(pot, vec![(Party::Seat(s(1)), 20_000), (Party::Seat(s(2)), 20_000), (Party::Seat(s(1)), 30_000)]);
    // KO-30 prizes: 2 × 6,000 and 6,000.
    let game = &t.game;
    assert_eq!(game.money(s(0)), 100_000 + 12_000 + 10_000);
    assert_eq!(game.money(s(1)), 100_000 + 6_000 - 20_000 - 30_000);
    assert_eq!(game.money(s(2)), 100_000 - 10_000 + 10_000 - 20_000);
    assert_eq!(game.pot(), 70_000);
    // The view's settlement summary lists the same payments, in order.
    let summary = game.view(None).settlement;
    let paid: Vec<_> = t.events.iter().filter_map(|e| if let Event::Paid(p) = e { Some(*p) } else { None }).collect();
    assert_eq!(summary, paid);
}

#[test]
fn ko_31_an_accepted_bet_lost_by_the_offerer_pays_the_acceptor() {
    let mut t = trained(&Config::default(), 3);
    t.act(0, "offer red 1").act(1, "offer blue 1").act(2, "accept blue 4");
    t.act(0, "pass").act(1, "pass").act(2, "pass").act(2, "pass");
    t.clear().exchange(5, 2).exchange(4, 3).exchange(3, 4);
    // Blue lost: seat 1 (offered blue 4, K.O. 30,000) pays the acceptor, seat 2.
    let bets = t.payments(Why::Bet);
    assert_eq!(bets.len(), 1);
    assert_eq!((bets[0].from, bets[0].to, bets[0].amount), (Party::Seat(s(1)), Party::Seat(s(2)), 30_000));
}

#[test]
fn ko_32_a_player_who_cannot_pay_takes_a_debt_certificate() {
    let config = edition(|e| e.start_cash = 5_000);
    let t = settled(&config);
    // Seat 1: 5,000 + 6,000 prize = 11,000; owes the pot 20,000 then 30,000.
    assert_eq!(t.game.debts(s(1)), 1);
    assert_eq!(t.game.money(s(1)), 11_000 + 50_000 - 50_000);
    let debts = t.payments(Why::Debt);
    assert!(debts.iter().all(|p| p.from == Party::Bank && p.amount == 50_000));
    // Seat 2: 5,000 − 10,000 (needs a certificate) + 10,000 − 20,000.
    assert_eq!(t.game.debts(s(2)), 1);
    assert_eq!(t.game.money(s(2)), 5_000 + 50_000 - 10_000 + 10_000 - 20_000);
    assert_eq!(t.game.view(None).certificates_left, 2);
    // The certificate comes before the payment it makes possible.
    let i_debt = t.events.iter().position(|e| matches!(e, Event::Paid(p) if p.why == Why::Debt)).unwrap();
    let i_bet = t.events.iter().position(|e| matches!(e, Event::Paid(p) if p.why == Why::Bet)).unwrap();
    assert!(i_debt < i_bet);
}

#[test]
fn ko_5_more_certificates_are_written_when_the_box_runs_out() {
    let config = edition(|e| {
        e.start_cash = 2;
        e.debt_certificates = 1;
        e.debt_amount = 10_000;
    });
    let t = settled(&config);
    // Seat 1 owes 20,000 and 30,000 with 6,002: five certificates of 10,000.
    assert_eq!(t.game.debts(s(1)), 5);
    assert!(t.game.money(s(1)) >= 0);
    assert_eq!(t.game.view(None).certificates_left, 0);
}
