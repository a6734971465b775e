//! The position notation: every position of random games (basic and pro, 3 to 5 seats) reads
//! back into the same game, and impossible positions are refused with a reason.

use engine::testing::check_positions;
use engine::{Game, Match, PositionError};
use knock_out::{Config, KnockOut};
use serde_json::{Value, json};

#[test]
fn every_position_of_random_games_reads_back_into_the_same_game() {
    let mut checked = 0;
    for config in [Config::default(), Config::pro()] {
        for seats in 3..=5 {
            checked += check_positions::<KnockOut>(&config, seats, 4, 100 + seats as u64);
        }
    }
    assert!(checked > 2000, "{checked} positions");
}

/// A position in the betting of the first fight of a 3-player basic game, as JSON.
fn betting() -> Value {
    let mut m = Match::<KnockOut>::new(&Config::default(), 3, 4).unwrap();
    for action in ["challenge L 1L", "train 2 3 4 5", "train 1 2 3 4"] {
        let seat = m.state().to_act().first().unwrap();
        m.apply(seat, action.parse().unwrap()).unwrap();
    }
    serde_json::from_str(&m.state().position().unwrap()).unwrap()
}

fn refused(position: &Value) -> String {
    match <KnockOut as Game>::from_position(&Config::default(), 3, &position.to_string()) {
        Err(PositionError::Invalid(reason)) => reason,
        other => panic!("{position}\nwas not refused as impossible: {other:?}"),
    }
}

/// Changes one field of the betting position.
fn with(change: impl FnOnce(&mut Value)) -> Value {
    let mut p = betting();
    change(&mut p);
    p
}

#[test]
fn the_position_reads_as_documented() {
    let p = betting();
    assert_eq!(p["phase"], "betting");
    assert_eq!(p["fight"]["boxers"], json!(["0L", "1L"]));
    // The referee sees both secret trainings; the hand no longer holds them.
    assert_eq!(p["fight"]["training"], json!([[2, 3, 4, 5], [1, 2, 3, 4]]));
    assert_eq!(p["managers"][0]["hand"], json!([1, 1, 2, 2, 3, 3, 4, 5]));
    assert_eq!(p["managers"][2]["hand"].as_array().unwrap().len(), 12);
}

#[test]
fn impossible_positions_are_refused_with_a_reason() {
    // A thirteenth card: a 5 more than the hand and the training hold.
    assert!(
        refused(&with(|p| p["managers"][0]["hand"] = json!([1, 1, 2, 2, 3, 3, 4, 5, 5])))
            .contains("more cards than 12")
    );
    assert!(refused(&with(|p| p["managers"][2]["hand"] = json!([6]))).contains("1 to 5, not 6"));
    assert!(
        refused(&with(|p| p["managers"][1]["boxers"][0][0] = json!("world-champion"))).contains("only in the pro game")
    );
    assert!(refused(&with(|p| p["managers"][1]["chips"] = json!(4))).contains("chips"));
    assert!(refused(&with(|p| p["bets"][0][1] = json!([null, 2]))).contains("accept without an offer"));
    assert!(refused(&with(|p| p["bets"][0].as_array_mut().unwrap().pop().map(drop).unwrap())).contains("fields"));
    assert!(refused(&with(|p| p["fight"]["boxers"] = json!(["0L", "0H"]))).contains("each other"));
    assert!(refused(&with(|p| p["fight"]["pending"] = json!([1, null]))).contains("not among"));
    assert!(refused(&with(|p| p["phase"] = json!("training"))).contains("does not fit"));
    assert!(refused(&with(|p| p["phase"] = json!("ringside"))).contains("phase"));
    assert!(refused(&with(|p| p["order"] = json!([0, 0, 1]))).contains("every seat once"));
    assert!(refused(&with(|p| p["season"] = json!(2))).contains("season 2"));
    assert!(refused(&with(|p| p["active"] = json!(7))).contains("seat 7"));
    assert!(refused(&with(|p| p["managers"].as_array_mut().unwrap().pop().map(drop).unwrap())).contains("2 managers"));
    assert!(refused(&json!({"season": 1})).contains("not a Knock Out position"));
    // The seat count is a set-up error, not a position error.
    assert!(matches!(
        <KnockOut as Game>::from_position(&Config::default(), 9, &betting().to_string()),
        Err(PositionError::Setup(_))
    ));
    // The unchanged position reads.
    assert!(<KnockOut as Game>::from_position(&Config::default(), 3, &betting().to_string()).is_ok());
}

/// The start of a game (`config`, 3 seats) and the position after its first fight, as JSON.
fn start_and_after_first_fight(config: &Config) -> (Value, Value) {
    let mut m = Match::<KnockOut>::new(config, 3, 8).unwrap();
    let start = serde_json::from_str(&m.state().position().unwrap()).unwrap();
    let mut legal = Vec::new();
    while m.state().fights() == 0 {
        let seat = m.state().to_act().first().unwrap();
        m.state().legal_actions(seat, &mut legal);
        m.apply(seat, legal[legal.len() / 2]).unwrap();
    }
    (start, serde_json::from_str(&m.state().position().unwrap()).unwrap())
}

fn reads(config: &Config, position: &Value) -> bool {
    <KnockOut as Game>::from_position(config, 3, &position.to_string()).is_ok()
}

fn refused_in(config: &Config, position: &Value) -> String {
    match <KnockOut as Game>::from_position(config, 3, &position.to_string()) {
        Err(PositionError::Invalid(reason)) => reason,
        other => panic!("{position}\nwas not refused as impossible: {other:?}"),
    }
}

fn changed(position: &Value, change: impl FnOnce(&mut Value)) -> Value {
    let mut p = position.clone();
    change(&mut p);
    p
}

#[test]
fn ko_52_ko_53_title_levels_come_only_with_season_2() {
    let pro = Config::pro();
    let (start, _) = start_and_after_first_fight(&pro);
    assert!(reads(&pro, &start));
    for level in ["superchampion", "world-champion"] {
        let reason = refused_in(&pro, &changed(&start, |p| p["managers"][1]["boxers"][0][0] = json!(level)));
        assert!(reason.starts_with("managers[1].boxers[0]: ") && reason.contains("season 2"), "{reason}");
    }
    // In season 2 a Superchampion is fine.
    let season_2 = changed(&start, |p| {
        p["season"] = json!(2);
        p["managers"][1]["boxers"][0][0] = json!("superchampion");
    });
    assert!(reads(&pro, &season_2));
}

#[test]
fn ko_22_ko_30_a_knocked_out_boxer_lost_a_level_with_its_fight() {
    let basic = Config::default();
    let (start, _) = start_and_after_first_fight(&basic);
    let reason = refused_in(&basic, &changed(&start, |p| p["managers"][2]["boxers"][0] = json!(["champion", true])));
    assert!(reason.starts_with("managers[2].boxers[0]: ") && reason.contains("no Champion in season 1"), "{reason}");
    // A knocked-out Profi (a Champion who lost) is fine; in season 2 of the pro game a Champion
    // (a Superchampion who lost) too, a Superchampion never.
    assert!(reads(&basic, &changed(&start, |p| p["managers"][2]["boxers"][0] = json!(["profi", true]))));
    let pro = Config::pro();
    let (start, _) = start_and_after_first_fight(&pro);
    let season_2 = |boxer: Value| {
        changed(&start, |p| {
            p["season"] = json!(2);
            p["managers"][2]["boxers"][0] = boxer;
        })
    };
    assert!(reads(&pro, &season_2(json!(["champion", true]))));
    assert!(refused_in(&pro, &season_2(json!(["superchampion", true]))).starts_with("managers[2].boxers[0]: "));
}

#[test]
fn ko_30_trophy_and_steak_follow_the_last_fight() {
    let basic = Config::default();
    let (_, after) = start_and_after_first_fight(&basic);
    assert!(reads(&basic, &after), "{after}");
    let [trophy, steak] = [0, 1].map(|i| after["sat_out"][i].as_str().unwrap().to_owned());
    let boxer = |id: &str| (id[..1].parse::<usize>().unwrap(), usize::from(&id[1..] == "H"));
    // Two boxers of one manager.
    let (owner, _) = boxer(&trophy);
    let mine = format!("{owner}{}", if trophy.ends_with('L') { "H" } else { "L" });
    let reason = refused_in(&basic, &changed(&after, |p| p["sat_out"] = json!([trophy, mine])));
    assert!(reason.starts_with("sat_out: ") && reason.contains("one manager"), "{reason}");
    // The trophy on a knocked-out boxer.
    let (s, c) = boxer(&trophy);
    let reason = refused_in(&basic, &changed(&after, |p| p["managers"][s]["boxers"][c] = json!(["profi", true])));
    assert!(reason.starts_with("sat_out: ") && reason.contains("knocked out"), "{reason}");
    // The trophy on an Amateur, the steak on a Champion.
    let reason = refused_in(&basic, &changed(&after, |p| p["managers"][s]["boxers"][c] = json!(["amateur", false])));
    assert!(reason.starts_with("sat_out: ") && reason.contains("Amateur"), "{reason}");
    let (s, c) = boxer(&steak);
    let reason = refused_in(&basic, &changed(&after, |p| p["managers"][s]["boxers"][c][0] = json!("champion")));
    assert!(reason.starts_with("sat_out: ") || reason.starts_with(&format!("managers[{s}]")), "{reason}");
    // Trophy and steak with no fight fought.
    let reason = refused_in(&basic, &changed(&after, |p| p["fights"] = json!(0)));
    assert!(reason.starts_with("sat_out: ") || reason.starts_with("fights: "), "{reason}");
}

#[test]
fn ko_20_ko_24_the_fights_so_far_spent_fight_cards() {
    let basic = Config::default();
    let (start, after) = start_and_after_first_fight(&basic);
    // Three fights, every hand still full.
    let reason = refused_in(&basic, &changed(&start, |p| p["fights"] = json!(3)));
    assert!(reason.starts_with("fights: ") && reason.contains("spent 0"), "{reason}");
    // Cards spent with no fight fought.
    let reason = refused_in(&basic, &changed(&start, |p| p["managers"][0]["hand"] = json!([1, 2, 2, 3, 3, 4, 4, 5])));
    assert!(reason.starts_with("fights: "), "{reason}");
    // Seven cards gone after one fight of at most three exchanges.
    let reason = refused_in(&basic, &changed(&after, |p| p["managers"][2]["hand"] = json!([1, 1, 2, 2, 3])));
    assert!(reason.starts_with("fights: "), "{reason}");
    // The pro game's second season starts with full hands.
    let pro = Config::pro();
    let (start, _) = start_and_after_first_fight(&pro);
    let season_2 = changed(&start, |p| {
        p["season"] = json!(2);
        p["fights"] = json!(9);
        p["fights_before_season"] = json!(9);
    });
    assert!(reads(&pro, &season_2));
}

#[test]
fn ko_32_debts_are_the_certificates_taken() {
    let basic = Config::default();
    let (start, _) = start_and_after_first_fight(&basic);
    let reason = refused_in(&basic, &changed(&start, |p| p["managers"][0]["debts"] = json!(2)));
    assert!(reason.starts_with("managers[].debts: ") && reason.contains("certificates_taken is 0"), "{reason}");
    let reason = refused_in(&basic, &changed(&start, |p| p["certificates_taken"] = json!(1)));
    assert!(reason.contains("certificates_taken is 1"), "{reason}");
    let both = changed(&start, |p| {
        p["managers"][0]["debts"] = json!(2);
        p["certificates_taken"] = json!(2);
        p["managers"][0]["money"] = json!(200000);
    });
    assert!(reads(&basic, &both));
}

#[test]
fn ko_31_money_moves_in_the_editions_smallest_sums() {
    let basic = Config::default();
    let (start, _) = start_and_after_first_fight(&basic);
    let reason = refused_in(&basic, &changed(&start, |p| p["managers"][1]["money"] = json!(100_500)));
    assert!(reason.starts_with("managers[1].money: ") && reason.contains("multiple of 1000"), "{reason}");
    let reason = refused_in(&basic, &changed(&start, |p| p["pot"] = json!(2_500)));
    assert!(reason.starts_with("pot: "), "{reason}");
    let fine = changed(&start, |p| {
        p["managers"][1]["money"] = json!(95_000);
        p["pot"] = json!(30_000);
    });
    assert!(reads(&basic, &fine));
}

#[test]
fn ko_22_a_boxer_stops_on_the_ko_field() {
    for distance in [json!([6, -2]), json!([0, 6])] {
        let reason = refused(&with(|p| p["fight"]["distance"] = distance.clone()));
        assert!(reason.starts_with("fight.distance: "), "{distance}: {reason}");
    }
}

#[test]
fn ko_15_the_betting_is_in_one_of_its_three_passes() {
    // Found by fuzzing: a betting position with bet_pass 0 read, and its seats placed a fourth
    // chip (a subtraction overflow in debug builds).
    let p = betting();
    assert_eq!(p["bet_pass"], 1);
    for pass in [0, 4] {
        let reason = refused(&with(|p| p["bet_pass"] = json!(pass)));
        assert!(reason.contains(&format!("bet_pass {pass} while betting")), "{reason}");
    }
    for pass in 2..=3 {
        assert!(reads(&Config::default(), &with(|p| p["bet_pass"] = json!(pass))), "pass {pass}");
    }
}

#[test]
fn ko_15_no_chip_is_placed_before_the_betting_opens() {
    // Found by fuzzing: a training position with chips on the pass field read; when the betting
    // opened, those passes sat beside a fresh hand of three chips, which did not read back.
    let mut m = Match::<KnockOut>::new(&Config::default(), 3, 4).unwrap();
    let seat = m.state().to_act().first().unwrap();
    m.apply(seat, "challenge L 1L".parse().unwrap()).unwrap();
    let training: Value = serde_json::from_str(&m.state().position().unwrap()).unwrap();
    assert_eq!(training["phase"], "training");
    assert!(reads(&Config::default(), &training));
    let passes = changed(&training, |p| p["managers"][1]["passes"] = json!(2));
    assert!(refused(&passes).contains("before the betting opens"), "{}", refused(&passes));
    let offer = changed(&training, |p| p["bets"][0][0] = json!([0, null]));
    assert!(refused(&offer).contains("before the betting opens"), "{}", refused(&offer));
}

#[test]
fn ko_15_the_seat_to_bet_has_a_chip_to_place() {
    // Found by fuzzing: a betting position whose seat to bet had no chip left read, and the
    // seat then placed one (a subtraction overflow in debug builds).
    let p = betting();
    let bettor = p["order"][p["bet_turn"].as_u64().unwrap() as usize].as_u64().unwrap() as usize;
    let reason = refused(&with(|p| p["managers"][bettor]["chips"] = json!(0)));
    assert!(reason.contains(&format!("seat {bettor} has no chip left to place")), "{reason}");
    // In the last pass another seat may have placed all of its chips.
    let other = (bettor + 1) % 3;
    let placed = with(|p| {
        p["bet_pass"] = json!(3);
        p["managers"][other]["chips"] = json!(0);
    });
    assert!(reads(&Config::default(), &placed));
}

#[test]
fn ko_15_a_seat_yet_to_bet_in_the_first_pass_holds_all_its_chips() {
    // Found by fuzzing: a fighter to bet in the first pass with one chip left read, and made its
    // two compulsory offers (a subtraction overflow in debug builds).
    let p = betting();
    assert_eq!(p["bet_pass"], 1);
    let turn = p["bet_turn"].as_u64().unwrap() as usize;
    let bettor = p["order"][turn].as_u64().unwrap() as usize;
    for (chips, passes) in [(1, 0), (2, 0), (2, 1)] {
        let short = with(|p| {
            p["managers"][bettor]["chips"] = json!(chips);
            p["managers"][bettor]["passes"] = json!(passes);
        });
        let reason = refused(&short);
        assert!(reason.contains(&format!("seat {bettor} is yet to bet in the first pass")), "{reason}");
    }
    // A seat later in the order is checked too; in the second pass the chips may be anywhere.
    let later = p["order"][2].as_u64().unwrap() as usize;
    if turn < 2 {
        assert!(refused(&with(|p| p["managers"][later]["chips"] = json!(2))).contains("yet to bet"));
    }
    let second = with(|p| {
        p["bet_pass"] = json!(2);
        p["managers"][bettor]["chips"] = json!(1);
        p["managers"][bettor]["passes"] = json!(1);
    });
    assert!(reads(&Config::default(), &second));
}

#[test]
fn ko_20_an_exchange_is_resolved_when_its_second_card_is_chosen() {
    // Found by fuzzing: a fight with both exchange cards pending read, and nobody was to act in
    // a game that was not over.
    let mut m = Match::<KnockOut>::new(&Config::default(), 3, 4).unwrap();
    let mut legal = Vec::new();
    while m.state().position().is_some_and(|p| !p.contains("\"phase\":\"fight\"")) {
        let seat = m.state().to_act().first().unwrap();
        m.state().legal_actions(seat, &mut legal);
        m.apply(seat, legal[legal.len() - 1]).unwrap();
    }
    let fight: Value = serde_json::from_str(&m.state().position().unwrap()).unwrap();
    let cards = [fight["fight"]["training"][0][0].clone(), fight["fight"]["training"][1][0].clone()];
    let one = changed(&fight, |p| p["fight"]["pending"] = json!([cards[0], null]));
    assert!(reads(&Config::default(), &one), "one card chosen, the other side to choose");
    let both = changed(&fight, |p| p["fight"]["pending"] = json!(cards));
    assert!(refused(&both).contains("both cards chosen"), "{}", refused(&both));
}

#[test]
fn ko_10_a_knocked_out_boxer_does_not_fight_this_season() {
    // Found by fuzzing: a fight of a boxer marked knocked out read, and when that boxer won it
    // kept the mark with the trophy, a position the reader then refused.
    let p = betting();
    assert_eq!(p["managers"][1]["boxers"][0][1], json!(false), "1L fights, not knocked out");
    for seat in [0, 1] {
        let reason = refused(&with(|p| p["managers"][seat]["boxers"][0][1] = json!(true)));
        assert!(reason.contains("knocked out this season and does not fight"), "{reason}");
    }
    // A boxer of the table that does not fight may be knocked out.
    assert!(reads(&Config::default(), &with(|p| p["managers"][2]["boxers"][0][1] = json!(true))));
}
