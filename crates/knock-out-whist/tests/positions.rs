//! The position notation: every position of random games (every variant mix, 2 to 7 seats)
//! reads back into the same game, and impossible positions are refused with a reason.

use engine::testing::check_positions;
use engine::{Game, Match, PositionError, Seat};
use knock_out_whist::{Config, KnockOutWhist};

#[test]
fn every_position_of_random_games_reads_back_into_the_same_game() {
    let mut checked = 0;
    for (i, config) in Config::flag_combinations().enumerate() {
        for seats in [2, 3, 5, 7] {
            if KnockOutWhist::new(&config, seats, &mut engine::seeded(0)).is_err() {
                continue;
            }
            checked += check_positions::<KnockOutWhist>(&config, seats, 3, 1000 * i as u64 + seats as u64);
        }
    }
    assert!(checked > 2000, "{checked} positions");
}

fn start() -> String {
    Match::<KnockOutWhist>::new(&Config::default(), 3, 4).unwrap().state().position().unwrap()
}

fn refused(position: &str) -> String {
    match <KnockOutWhist as Game>::from_position(&Config::default(), 3, position) {
        Err(PositionError::Invalid(reason)) => reason,
        other => panic!("{position}\nwas not refused as impossible: {other:?}"),
    }
}

#[test]
fn the_first_round_reads_as_documented() {
    let text = start();
    assert!(text.starts_with("round 1 dealer 0; phase play; turn 1; status in in in; mercy-used -; trump "), "{text}");
    assert!(text.ends_with("; tricks 0 0 0; done -; trick 1:-; votes -"), "{text}");
}

#[test]
fn impossible_positions_are_refused_with_a_reason() {
    let text = start();
    let hands = text.split("; ").find(|f| f.starts_with("hands ")).unwrap();
    let words: Vec<&str> = hands.split_whitespace().collect();
    // Seat 1 also holds seat 0's first card.
    let card = words[1].split(',').next().unwrap();
    let twice = text.replacen(words[2], &format!("{},{card}", words[2]), 1);
    let reason = refused(&twice);
    assert!(reason.contains("two places") || reason.contains("cannot hold"), "{reason}");
    // A card missing from seat 2's hand.
    let short = words[3].rsplit_once(',').unwrap().0;
    assert!(refused(&text.replacen(words[3], short, 1)).contains("seat 2 cannot hold 6 cards"));
    assert!(refused(&text.replacen("tricks 0 0 0", "tricks 1 0 0", 1)).contains("won 0"));
    assert!(refused(&text.replacen("round 1 dealer 0", "round 9 dealer 0", 1)).contains("round 9"));
    assert!(refused(&text.replacen("phase play", "phase vote", 1)).contains("chooser"));
    assert!(refused(&text.replacen("turn 1", "turn 5", 1)).contains("not a seat"));
    assert!(refused("round 1 dealer 0").contains("missing"));
    assert!(matches!(
        <KnockOutWhist as Game>::from_position(&Config::default(), 9, &text),
        Err(PositionError::Setup(_))
    ));
}

#[test]
fn kw_10_a_position_whose_turn_skips_a_seat_of_the_trick_is_refused() {
    // Found by fuzzing: an edited turn gave the trick to a seat further on; the game read it,
    // played on, and wrote a position that did not read back.
    let mut m = Match::<KnockOutWhist>::new(&Config::default(), 4, 4).unwrap();
    let leader = m.state().to_act().first().unwrap();
    let mut legal = Vec::new();
    m.state().legal_actions(leader, &mut legal);
    m.apply(leader, legal[0]).unwrap();
    let text = m.state().position().unwrap();
    let next = leader.next(4);
    let turn = |seat: Seat| text.replacen(&format!("turn {next};"), &format!("turn {seat};"), 1);
    assert_ne!(turn(next.next(4)), text, "{text}");
    let reason = match <KnockOutWhist as Game>::from_position(&Config::default(), 4, &turn(next.next(4))) {
        Err(PositionError::Invalid(reason)) => reason,
        other => panic!("{text}\nwith the turn two seats on was not refused: {other:?}"),
    };
    assert!(reason.contains(&format!("seat {next} is to play in this trick")), "{reason}");
    <KnockOutWhist as Game>::from_position(&Config::default(), 4, &text).unwrap();
}

#[test]
fn kw_42_a_knocked_out_chooser_is_refused() {
    // Found by fuzzing: a vote whose chooser was knocked out read, and once the votes were in
    // that seat was to act with no legal action.
    let text = "round 4 dealer 5; phase vote; turn 2; status out:1 out:1 in out:1 out:3 in; mercy-used -; \
                trump - pending; turned -; chooser 2 tied 5; hands - - 2C,5C,6H,3S - - 7D,9D,KH,JS; \
                tricks 0 0 0 0 0 0; done -; trick 2:-; votes 0=S,1=H,3=H,4=- secret";
    let config = Config { knocked_out_vote: true, ..Config::default() };
    let read = |text: &str| <KnockOutWhist as Game>::from_position(&config, 6, text);
    read(text).unwrap();
    match read(&text.replacen("chooser 2", "chooser 1", 1)) {
        Err(PositionError::Invalid(reason)) => assert!(reason.contains("seat 1, is knocked out"), "{reason}"),
        other => panic!("a knocked-out chooser was not refused: {other:?}"),
    }
}

#[test]
fn kw_6_the_chooser_is_the_seat_to_choose_trump() {
    // Found by fuzzing: a position choosing trump with the turn at a knocked-out seat read,
    // that seat chose and then led the round with no card to play.
    let mut m = Match::<KnockOutWhist>::new(&Config::default(), 3, 5).unwrap();
    let mut legal = Vec::new();
    let text = loop {
        let text = m.state().position().unwrap();
        if text.contains("phase choose-trump") {
            break text;
        }
        let seat = m.state().to_act().first().expect("a game of 3 seats reaches round 2");
        m.state().legal_actions(seat, &mut legal);
        m.apply(seat, legal[0]).unwrap();
    };
    let chooser = field(&text, "chooser ").split(' ').next().unwrap().parse::<usize>().unwrap();
    assert_eq!(field(&text, "turn "), chooser.to_string(), "the chooser is to act: {text}");
    let other = (chooser + 1) % 3;
    let reason = refused(&text.replacen(&format!("turn {chooser}"), &format!("turn {other}"), 1));
    assert!(
        reason.contains(&format!("seat {chooser} chooses trump, so the turn is theirs, not seat {other}'s")),
        "{reason}"
    );
}

/// A field of a position text (`hands …` → `…`).
fn field<'a>(text: &'a str, name: &str) -> &'a str {
    text.split("; ").find_map(|f| f.strip_prefix(name).map(str::trim)).unwrap()
}

/// A seat that did not follow a led suit in `text`'s tricks, and that suit's letter.
fn shown_out(text: &str) -> Option<(usize, char)> {
    let tricks = field(text, "done ").split(' ').chain([field(text, "trick ")]);
    tricks.filter(|t| *t != "-").find_map(|trick| {
        let (leader, plays) = trick.split_once(':')?;
        let plays: Vec<(usize, &str)> = plays
            .split(',')
            .filter_map(|p| p.split_once('='))
            .filter(|(_, card)| *card != "hold")
            .map(|(seat, card)| (seat.parse().unwrap(), card))
            .collect();
        let led = plays.iter().find(|(s, _)| s.to_string() == leader)?.1.chars().last()?;
        plays.iter().find(|(_, card)| !card.ends_with(led)).map(|&(seat, _)| (seat, led))
    })
}

#[test]
fn kw_11_a_seat_that_did_not_follow_a_suit_holds_none_of_it() {
    // Found by fuzzing: a position whose hand held a suit its seat had shown out of read, and
    // `determinize` then found no deal of the unseen cards that fits the voids.
    let mut checked = 0;
    for seed in 0..50 {
        let mut m = Match::<KnockOutWhist>::new(&Config::default(), 3, seed).unwrap();
        let mut legal = Vec::new();
        while let Some(seat) = m.state().to_act().first() {
            m.state().legal_actions(seat, &mut legal);
            m.apply(seat, legal[legal.len() / 2]).unwrap();
            let text = m.state().position().unwrap();
            let Some((void, suit)) = shown_out(&text) else { continue };
            let hands: Vec<Vec<&str>> =
                field(&text, "hands ").split(' ').map(|h| h.split(',').filter(|c| *c != "-").collect()).collect();
            let Some((other, card)) = hands.iter().enumerate().find_map(|(s, h)| {
                (s != void).then(|| h.iter().find(|c| c.ends_with(suit)).map(|&c| (s, c))).flatten()
            }) else {
                continue;
            };
            let Some(&mine) = hands[void].first() else { continue };
            // Swap a card of the suit into the seat that showed out of it.
            let mut swapped = hands.clone();
            swapped[void][0] = card;
            let at = swapped[other].iter().position(|c| *c == card).unwrap();
            swapped[other][at] = mine;
            let written: Vec<String> =
                swapped.iter().map(|h| if h.is_empty() { "-".to_string() } else { h.join(",") }).collect();
            let edited = text.replacen(field(&text, "hands "), &written.join(" "), 1);
            let reason = refused(&edited);
            assert!(reason.contains(&format!("seat {void} did not follow")), "{edited}\n{reason}");
            <KnockOutWhist as Game>::from_position(&Config::default(), 3, &text).unwrap();
            checked += 1;
            break;
        }
    }
    assert!(checked > 20, "{checked} positions with a seat shown out");
}

#[test]
fn kw_32_a_seat_back_in_has_won_a_trick_with_its_mercy_card() {
    // Found by fuzzing: seat 4, holding its one mercy card, was read as in; it won the trick
    // with that card and was then to lead with an empty hand. Only a mercy card that has won
    // a trick brings a seat back in.
    let mercy = "round 2 dealer 1; phase play; turn 4; status in in mercy in mercy in; mercy-used 2,4; \
                 trump S chosen; turned -; chooser 3 tied 1,3,5; \
                 hands 7C,TD,6H,AH 6D,AD,TH,2S - 8C,7S,9S TS 3D,JD,7H,JH; tricks 0 0 0 1 0 1; \
                 done 3:3=QC,4=hold,5=AC,0=TC,1=9C,2=5C 5:5=8D,0=2D,1=5D,3=4S,4=hold; trick 3:3=4C; votes -";
    let read = |text: &str| <KnockOutWhist as Game>::from_position(&Config::default(), 6, text);
    read(mercy).unwrap();
    let in_unplayed = mercy.replacen("status in in mercy in mercy in", "status in in mercy in in in", 1);
    match read(&in_unplayed) {
        Err(PositionError::Invalid(reason)) => assert!(reason.contains("seat 4 cannot hold 1 cards"), "{reason}"),
        other => panic!("a seat in with its mercy card unplayed was not refused: {other:?}"),
    }
    // Seat 2 lost with its mercy card: it cannot be back in, and a mercy seat has won nothing.
    let lost_in = mercy.replacen("status in in mercy in mercy in", "status in in in in mercy in", 1);
    assert!(matches!(read(&lost_in), Err(PositionError::Invalid(r)) if r.contains("seat 2 cannot hold 1 cards")));
    // Played on from the mercy position, seat 4's ten of trumps wins and seat 5 leads (KW-32).
    let mut m = Match::<KnockOutWhist>::from_position(&Config::default(), 6, mercy, 1).unwrap();
    let mut legal = Vec::new();
    while m.state().finished_tricks().len() == 2 {
        let seat = m.state().to_act().first().unwrap();
        m.state().legal_actions(seat, &mut legal);
        let ten = legal.iter().find(|a| a.to_string() == "play TS");
        m.apply(seat, *ten.unwrap_or(&legal[0])).unwrap();
    }
    let text = m.state().position().unwrap();
    assert!(text.contains("status in in mercy in in in") && text.contains("trick 5:-"), "{text}");
}
