//! The `mercy` variant (KW-30 … KW-33) and the choices made where it meets the other rules.

mod common;

use common::*;
use engine::{Game, IllegalAction};
use knock_out_whist::{Config, Event, PhaseView, Position, Standing};

fn mercy() -> Config {
    Config { mercy: true, ..Config::default() }
}

/// Round 5, three players, spades trump, seat 0 dealing, seat 1 leading; seat 2 is on its mercy
/// chance with `card`.
fn mercy_round(hands: [&str; 2], card: &str) -> Position {
    let mut pos = position(5, &[hands[0], hands[1], card], Some("S"), 0, 1);
    pos.mercy = seats(&[2]);
    pos.mercy_used = seats(&[2]);
    pos
}

// KW-30: a first knock-out becomes a mercy chance.
#[test]
fn kw_30_first_knock_out_gets_a_mercy_chance() {
    let pos = position(6, &["AH 9D", "2H 3H", "4H 5H", "AS 8D"], Some("S"), 0, 1);
    let mut t = Table::new(&mercy(), &pos, 1);
    t.play("2H 4H AS AH 8D 9D 3H 5H");
    let view = t.game.view(None);
    for seat in [1, 2] {
        assert_eq!(view.players[seat].standing, Standing::Mercy);
        assert!(view.players[seat].mercy_used);
        assert_eq!(view.players[seat].cards, 1, "KW-31: one card");
        assert!(t.saw(|e| *e == Event::Mercy { seat: s(seat) }));
    }
    assert!(!t.saw(|e| matches!(e, Event::KnockedOut { .. })));
    // KW-4: a player on a mercy chance is not out, so the deal passes from seat 0 to seat 1.
    assert_eq!(t.game.dealer(), s(1));
}

// KW-30: the chance comes once per game; the second knock-out is final.
#[test]
fn kw_30_second_knock_out_is_final() {
    let mut pos = position(6, &["AH 9D", "2H 3H", "4H 5H", "AS 8D"], Some("S"), 0, 1);
    pos.mercy_used = seats(&[1]);
    let mut t = Table::new(&mercy(), &pos, 1);
    t.play("2H 4H AS AH 8D 9D 3H 5H");
    let view = t.game.view(None);
    assert_eq!(view.players[1].standing, Standing::Out);
    assert_eq!(view.players[2].standing, Standing::Mercy);
}

// KW-30 / KW-22 (decision): no mercy chance in the last round — nothing follows it.
#[test]
fn kw_30_no_mercy_chance_in_the_last_round() {
    let pos = position(7, &["AH", "2H", "3H"], Some("S"), 0, 1);
    let mut t = Table::new(&mercy(), &pos, 1);
    t.play("2H 3H AH");
    assert!(t.game.is_over());
    assert!(t.saw(|e| *e == Event::KnockedOut { seat: s(1), round: 7 }));
    assert!(t.saw(|e| *e == Event::KnockedOut { seat: s(2), round: 7 }));
    assert_eq!(t.game.outcome().unwrap().places(), &[1, 2, 2]);
}

// KW-31: on their turn a mercy player may play or hold, even holding the led suit; the hold
// takes no part in the trick.
#[test]
fn kw_31_mercy_player_may_hold() {
    let pos = mercy_round(["KH QH 2C", "AH 3C 4C"], "5H");
    let mut t = Table::new(&mercy(), &pos, 1);
    t.play("AH");
    assert_eq!(t.turn(), s(2));
    assert_eq!(t.legal(s(2)), vec!["play 5H", "hold"]);
    t.play("hold");
    assert!(t.saw(|e| *e == Event::Held { seat: s(2) }));
    assert_eq!(t.game.view(None).trick.plays[1].card, None);
    t.play("KH");
    assert_eq!(t.game.view(None).players[2].cards, 1, "the held card stays in hand");
    // A hold shows nothing: seat 2 is not marked void in hearts.
    assert!(t.game.voids(s(2)).is_empty());
}

// KW-31: only a mercy player may hold.
#[test]
fn kw_31_only_mercy_players_hold() {
    let pos = mercy_round(["KH QH 2C", "AH 3C 4C"], "5H");
    let mut t = Table::new(&mercy(), &pos, 1);
    assert_eq!(t.act(s(1), "hold"), Err(IllegalAction::Rule("only a player on a mercy chance may hold")));
    assert!(!t.legal(s(1)).contains(&"hold".to_string()));
}

// KW-31: still holding at the last trick, the card must be played. KW-33: the tricks a mercy
// player held in, and the one their card lost, count like any other: winning them all sweeps.
#[test]
fn kw_31_last_trick_forces_the_mercy_card_and_kw_33_sweep_still_counts() {
    let pos = mercy_round(["KH QH 2C", "AH 3C 4C"], "5H");
    let mut t = Table::new(&mercy(), &pos, 1);
    t.play("AH hold KH");
    t.play("3C hold 2C");
    t.play("4C");
    assert_eq!(t.legal(s(2)), vec!["play 5H"]);
    assert_eq!(t.act(s(2), "hold"), Err(IllegalAction::Rule("a mercy card must be played at the last trick")));
    t.play("5H QH");
    // Seat 1 took all three tricks: a sweep, the mercy player's card notwithstanding.
    assert!(t.saw(|e| *e == Event::Sweep { seat: s(1), round: 5 }));
    assert!(t.game.is_over());
    assert_eq!(t.game.outcome().unwrap().place(s(1)), 1);
}

// KW-31: following suit applies if the mercy card is played — a card of another suit may be
// played only when it is the one card (the player then has none of the led suit).
#[test]
fn kw_31_a_mercy_card_of_another_suit_may_be_played() {
    let pos = mercy_round(["KH QH 2C", "AH 3C 4C"], "2S");
    let mut t = Table::new(&mercy(), &pos, 1);
    t.play("AH");
    assert_eq!(t.legal(s(2)), vec!["play 2S", "hold"]);
}

// KW-32: a mercy card that wins brings the player back in; the lead passes to the next player
// in to their left, and the next round deals them a full hand.
#[test]
fn kw_32_mercy_win_is_back_in() {
    let pos = mercy_round(["KH QH 2C", "AH 3C 4C"], "2S");
    let mut t = Table::new(&mercy(), &pos, 1);
    t.play("AH 2S QH"); // the mercy trump takes the trick
    assert!(t.saw(|e| *e == Event::BackIn { seat: s(2) }));
    let view = t.game.view(None);
    assert_eq!(view.players[2].standing, Standing::In);
    assert_eq!(view.players[2].tricks, 1);
    // Seat 0 is the next player in to seat 2's left.
    assert_eq!(t.turn(), s(0));
    t.play("2C 3C"); // seat 2 has no card left: a two-card trick
    t.play("4C KH");
    // Round 6: seat 2 gets a full hand; seat 0 (no trick) is now on its own mercy chance.
    let view = t.game.view(None);
    assert_eq!(view.round, 6);
    assert_eq!(view.players[2].cards, 2);
    assert_eq!(view.players[0].standing, Standing::Mercy);
    assert_eq!(view.players[0].cards, 1);
    assert_eq!(view.chooser, Some(s(1)));
    assert_eq!(view.phase, PhaseView::ChooseTrump);
}

// KW-32: a mercy card that wins nothing is knocked out for good.
#[test]
fn kw_32_mercy_loss_is_out_for_good() {
    let mut pos = mercy_round(["AH QH 2C", "KH 3C 4C"], "2D");
    pos.start = knock_out_whist::Start::Play { leader: s(1) };
    let mut t = Table::new(&mercy(), &pos, 1);
    t.play("KH hold AH"); // seat 0 wins
    t.play("2C 3C hold"); // seat 1 wins
    t.play("4C 2D QH"); // the last trick forces the mercy card
    assert!(t.saw(|e| *e == Event::KnockedOut { seat: s(2), round: 5 }));
    let view = t.game.view(None);
    assert_eq!(view.players[2].standing, Standing::Out);
    assert_eq!(view.players[2].cards, 0);
    assert_eq!(view.round, 6);
}

// KW-33: the trick a mercy card wins counts like any other: a player who wins every other
// trick of the round has not won every trick, so there is no sweep and the game goes on.
#[test]
fn kw_33_a_trick_won_by_a_mercy_card_leaves_no_sweep() {
    let pos = mercy_round(["2H 3H 2C", "AH KH AC"], "AS");
    let mut t = Table::new(&mercy(), &pos, 1);
    t.play("AH AS 2H"); // the mercy ace of trumps takes the first trick
    assert!(t.saw(|e| *e == Event::BackIn { seat: s(2) }));
    // Seat 0, the next player in to seat 2's left, leads; seat 1 takes both other tricks.
    t.play("3H KH");
    t.play("AC 2C");
    assert!(!t.saw(|e| matches!(e, Event::Sweep { .. })));
    assert!(!t.game.is_over());
    let view = t.game.view(None);
    assert_eq!(view.round, 6);
    assert_eq!(view.players[2].standing, Standing::In);
    assert_eq!(view.players[0].standing, Standing::Mercy, "seat 0 won nothing");
    assert_eq!(view.chooser, Some(s(1)), "seat 1 took the most tricks (2 of 3)");
}

/// Round 5, spades trump, seat 0 leading: seats 1 and 2 on their mercy chance, seat 1 holding
/// the ace of trumps, seat 2 the five of diamonds; `hands` for seats 0 and 3.
fn two_mercy_players(hands: [&str; 2]) -> Position {
    let mut pos = position(5, &[hands[0], "AS", "5D", hands[1]], Some("S"), 3, 0);
    pos.mercy = seats(&[1, 2]);
    pos.mercy_used = seats(&[1, 2]);
    pos
}

// KW-32: after a mercy win the lead goes to the next player *still in* to the winner's left —
// not simply the next seat (seat 2), and not another mercy player who still holds a card.
#[test]
fn kw_32_lead_after_a_mercy_win_skips_another_mercy_player() {
    let pos = two_mercy_players(["2H 3C 4C", "KH 6C 7C"]);
    let mut t = Table::new(&mercy(), &pos, 1);
    t.play("2H AS hold KH"); // seat 1's trump wins; seat 2 held its card
    assert!(t.saw(|e| *e == Event::BackIn { seat: s(1) }));
    assert_eq!(t.game.view(None).players[2].standing, Standing::Mercy);
    assert_eq!(t.game.view(None).players[2].cards, 1, "seat 2 still holds its card");
    assert_eq!(t.turn(), s(3), "seat 3 is the next player in to seat 1's left");
    // Seat 2 still takes part in the trick, in turn order; seat 1 has no card left.
    t.play("6C 3C");
    assert_eq!(t.turn(), s(2));
    assert_eq!(t.legal(s(2)), vec!["play 5D", "hold"]);
}

// KW-32 with a knocked-out seat between: the lead skips the seat that is out and the mercy
// player still holding a card.
#[test]
fn kw_32_lead_after_a_mercy_win_skips_out_and_mercy_seats() {
    let mut pos = position(5, &["2H 3C 4C", "AS", "", "5D", "KH 6C 7C"], Some("S"), 0, 0);
    pos.mercy = seats(&[1, 3]);
    pos.mercy_used = seats(&[1, 2, 3]);
    let mut t = Table::new(&mercy(), &pos, 1);
    t.play("2H AS hold KH");
    assert!(t.saw(|e| *e == Event::BackIn { seat: s(1) }));
    assert_eq!(t.turn(), s(4), "seat 2 is out and seat 3 on its mercy chance");
    t.play("6C 3C");
    assert_eq!(t.turn(), s(3));
}
