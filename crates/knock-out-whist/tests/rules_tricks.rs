//! Tricks: turn order, following suit, who wins, who leads next (KW-2, KW-10 … KW-13).

mod common;

use common::*;
use engine::{Game, IllegalAction};
use knock_out_whist::{Config, Event};

/// Round 6 (two cards each), hearts trump, seat 1 to lead.
fn four_players() -> Table {
    let pos = position(6, &["2S 3D", "KS 4C", "AS 5C", "QS 2H"], Some("H"), 0, 1);
    Table::new(&Config::default(), &pos, 1)
}

// KW-2 / KW-10: one card each, clockwise from the leader.
#[test]
fn kw_10_play_goes_clockwise_from_the_leader() {
    let mut t = four_players();
    let mut order = vec![t.turn().index()];
    for card in ["KS", "AS", "QS", "2S"] {
        t.play(card);
        order.push(t.turn().index());
    }
    // 1 leads, then 2, 3, 0; seat 2 won the trick and leads the next.
    assert_eq!(order, vec![1, 2, 3, 0, 2]);
}

// KW-10: a seat that is not to act is refused and nothing changes.
#[test]
fn kw_10_out_of_turn_play_is_refused() {
    let mut t = four_players();
    let before = t.game.view(None);
    assert_eq!(t.act(s(0), "play 2S"), Err(IllegalAction::NotToAct(s(0))));
    assert_eq!(t.act(s(2), "play AS"), Err(IllegalAction::NotToAct(s(2))));
    assert_eq!(t.game.view(None), before);
}

// KW-2 / KW-10: knocked-out seats are skipped in the turn order.
#[test]
fn kw_2_turn_order_skips_knocked_out_seats() {
    let pos = position(6, &["2S 3D", "KS 4C", "", "QS 2H"], Some("H"), 0, 1);
    let mut t = Table::new(&Config::default(), &pos, 1);
    t.play("KS");
    assert_eq!(t.turn(), s(3));
    t.play("QS");
    assert_eq!(t.turn(), s(0));
}

// KW-11: a player holding the led suit must follow; the others may play anything.
#[test]
fn kw_11_follow_suit_is_enforced() {
    let mut t = four_players();
    t.play("KS");
    assert_eq!(t.legal(s(2)), vec!["play AS"]);
    assert_eq!(t.act(s(2), "play 5C"), Err(IllegalAction::Rule("you must follow suit")));
    assert_eq!(t.act(s(2), "play 7D"), Err(IllegalAction::Rule("you do not hold that card")));
    t.play("AS QS 2S");
    // Seat 2 leads a club; seat 3 has none and may play any card.
    t.play("5C");
    assert_eq!(t.legal(s(3)), vec!["play 2H"]);
    t.play("2H");
    assert_eq!(t.legal(s(0)), vec!["play 3D"]);
}

// KW-12: without trump the highest card of the led suit wins.
#[test]
fn kw_12_highest_of_the_led_suit_wins() {
    let mut t = four_players();
    t.play("KS AS QS 2S");
    assert_eq!(t.game.finished_tricks()[0].best().map(|(seat, _)| seat), Some(s(2)));
    assert_eq!(t.game.view(None).players[2].tricks, 1);
}

// KW-12: a trump beats the led suit; an off-suit card that is not trump never wins.
#[test]
fn kw_12_trump_beats_led_suit_and_off_suit_never_wins() {
    let mut t = four_players();
    t.play("KS AS QS 2S");
    // Seat 2 leads 5C: seat 3 trumps with the lowest trump, seat 0 throws a diamond.
    t.play("5C 2H 3D 4C");
    assert!(t.saw(|e| *e == Event::TrickWon { seat: s(3), card: card("2H"), trick: 2 }));
}

// KW-12: an off-suit ace does not beat a led two.
#[test]
fn kw_12_off_suit_ace_does_not_win() {
    let pos = position(6, &["AD 3D", "2C 4C", "AS 5S"], Some("H"), 0, 1);
    let mut t = Table::new(&Config::default(), &pos, 1);
    t.play("2C AS AD");
    assert_eq!(t.game.finished_tricks()[0].best().map(|(seat, _)| seat), Some(s(1)));
}

// KW-13: the winner of a trick leads the next.
#[test]
fn kw_13_trick_winner_leads_next() {
    let mut t = four_players();
    t.play("KS AS QS 2S");
    assert_eq!(t.turn(), s(2));
    assert_eq!(t.game.view(None).trick.leader, s(2));
    assert!(t.game.current_trick().is_empty());
}
