//! The view and event JSON the web client and the terminal draw, as documented in the crate docs.

mod common;

use common::*;
use engine::{EventLog, Game, GameEvent, Match};
use knock_out_whist::{Config, Event, KnockOutWhist};
use serde_json::{Value, json};

#[test]
fn view_json_has_the_documented_shape() {
    let m = Match::<KnockOutWhist>::new(&Config::default(), 4, 11).unwrap();
    let view = serde_json::to_value(m.state().view(Some(s(2)))).unwrap();
    for key in [
        "seats",
        "viewer",
        "phase",
        "round",
        "rounds",
        "cards_per_hand",
        "dealer",
        "to_act",
        "trump",
        "trump_from",
        "turned",
        "chooser",
        "cut_among",
        "trump_options",
        "hand",
        "trick",
        "tricks",
        "players",
        "vote",
        "winner",
    ] {
        assert!(view.get(key).is_some(), "the view has {key:?}: {view}");
    }
    assert_eq!(view["phase"], "play");
    assert_eq!(view["trump_from"], "turned");
    assert_eq!(view["viewer"], 2);
    assert_eq!(view["to_act"], json!([1]));
    assert_eq!(view["hand"].as_array().unwrap().len(), 7);
    assert_eq!(view["trick"], json!({"leader": 1, "led": null, "plays": [], "winner": null}));
    assert_eq!(
        view["players"][0],
        json!({"seat": 0, "standing": "in", "out_round": null, "cards": 7, "tricks": 0, "mercy_used": false, "place": null})
    );
    let turned = view["turned"].as_str().unwrap();
    assert_eq!(view["trump"].as_str().unwrap(), &turned[1..]);
    // A spectator sees no hand at all.
    let spectator = serde_json::to_value(m.state().view(None)).unwrap();
    assert_eq!(spectator["hand"], Value::Null);
    assert_eq!(spectator["viewer"], Value::Null);
}

#[test]
fn a_trick_in_progress_shows_plays_in_order() {
    let pos = position(6, &["2S 3D", "KS 4C", "AS 5C", "QS 2H"], Some("H"), 0, 1);
    let mut t = Table::new(&Config::default(), &pos, 1);
    t.play("KS AS");
    let view = serde_json::to_value(t.game.view(Some(s(3)))).unwrap();
    assert_eq!(
        view["trick"],
        json!({"leader": 1, "led": "S", "plays": [{"seat": 1, "card": "KS"}, {"seat": 2, "card": "AS"}], "winner": 2})
    );
    assert_eq!(view["hand"], json!(["2H", "QS"]));
    t.play("QS 2S");
    let view = serde_json::to_value(t.game.view(None)).unwrap();
    assert_eq!(view["tricks"][0]["winner"], 2);
    assert_eq!(view["players"][2]["tricks"], 1);
    assert_eq!(view["trick"]["plays"], json!([]));
}

#[test]
fn events_read_well_and_hide_other_hands() {
    let mut rng = engine::seeded(3);
    let mut game = KnockOutWhist::new(&Config::default(), 3, &mut rng).unwrap();
    let mut log = EventLog::new();
    let lines: Vec<String> = {
        // Play the first trick: a card from each seat.
        for _ in 0..3 {
            let seat = game.to_act().first().unwrap();
            let mut legal = Vec::new();
            game.legal_actions(seat, &mut legal);
            game.apply(seat, legal[0], &mut rng, &mut log).unwrap();
        }
        log.for_viewer(None).map(|e| e.to_string()).collect()
    };
    assert!(lines[0].starts_with("seat 1 plays "), "{lines:?}");
    assert!(lines[3].starts_with("seat ") && lines[3].contains(" wins trick 1 with "), "{lines:?}");
    // A deal shows each seat its own cards only.
    let dealt = Event::Dealt {
        round: 2,
        dealer: s(1),
        cards_per_hand: 2,
        counts: vec![2, 2],
        hand: None,
        hands: {
            let mut hands = [knock_out_whist::CardSet::EMPTY; 8];
            hands[0] = cards("AS 2C");
            hands[1] = cards("KD 3H");
            hands
        },
    };
    assert_eq!(dealt.redact(Some(s(0))).unwrap().to_string(), "round 2: seat 1 deals 2 cards each; your hand: 2C AS");
    assert_eq!(dealt.redact(None).unwrap().to_string(), "round 2: seat 1 deals 2 cards each");
    let json = serde_json::to_string(&dealt.redact(Some(s(1))).unwrap()).unwrap();
    assert_eq!(json, r#"{"type":"dealt","round":2,"dealer":1,"cards_per_hand":2,"counts":[2,2],"hand":["KD","3H"]}"#);
    assert!(!serde_json::to_string(&dealt).unwrap().contains("AS"), "the full deal is never serialised");
    for (event, text) in [
        (Event::TrumpTurned { card: card("QH") }, "QH is turned: hearts are trump"),
        (
            Event::MostTricks { seat: s(2), tricks: 3, tied: seats(&[0, 2]) },
            "seats 0, 2 tied with 3 tricks; the cut goes to seat 2",
        ),
        (Event::MostTricks { seat: s(2), tricks: 1, tied: seats(&[2]) }, "seat 2 took the most tricks (1 trick)"),
        (
            Event::MostTricks { seat: s(0), tricks: 1, tied: seats(&[0, 2]) },
            "seats 0, 2 tied with 1 trick; the cut goes to seat 0",
        ),
        (Event::Held { seat: s(1) }, "seat 1 holds their card"),
        (Event::Mercy { seat: s(1) }, "seat 1 won no trick and gets a mercy chance"),
        (Event::BackIn { seat: s(1) }, "seat 1's mercy card won a trick: back in"),
        (Event::KnockedOut { seat: s(3), round: 2 }, "seat 3 is knocked out in round 2"),
        (Event::Sweep { seat: s(0), round: 1 }, "seat 0 won every trick of round 1: a sweep"),
        (Event::NoTrump { round: 7 }, "round 7 is played without trump"),
    ] {
        assert_eq!(event.to_string(), text);
    }
}
