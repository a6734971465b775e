//! The edition (KK-2 … KK-7, KK-30, the horse cards): one data file, part of the config, every
//! bad number refused with the field and the reason; and the notation of every action.

use engine::{Game, GameRng, Match, Seat, seeded};
use kopf_an_kopf::{Action, Config, EDITION_TOML, Edition, Horse, KopfAnKopf};

#[test]
fn kk_30_the_default_edition_has_104_cards_and_ten_named_horses() {
    let e = Edition::default();
    assert_eq!(e.cards.total(), 104);
    assert_eq!(e.horses.len(), 10);
    assert_eq!(e.horses[0].name, "Donnerhuf");
    assert_eq!(e.horses[9].name, "Letzte Hoffnung");
    assert_eq!((e.track, e.dark_zone, e.movement_die.clone()), (20, [15, 19], vec![1, 1, 1, 1, 2, 3]));
}

fn refused(edit: impl FnOnce(&mut Edition)) -> String {
    let mut e = Edition::default();
    edit(&mut e);
    let config = Config { edition: e.into(), ..Config::default() };
    match KopfAnKopf::new(&config, 4, &mut seeded(1)) {
        Err(err) => err.to_string(),
        Ok(_) => panic!("accepted"),
    }
}

#[test]
fn kk_2_a_bad_edition_is_refused_naming_the_field_and_why() {
    assert!(refused(|e| e.track = 1).contains("edition.track"));
    assert!(refused(|e| e.dark_zone = [18, 21]).contains("edition.dark_zone"));
    assert!(refused(|e| e.movement_die.clear()).contains("edition.movement_die"));
    assert!(refused(|e| e.horses.pop().map(drop).unwrap_or(())).contains("edition.horses: 9 horse cards"));
    let sprint = refused(|e| e.horses[2].sprint = vec![3]);
    assert!(sprint.contains("edition.horses[2].sprint") && sprint.contains("itself"), "{sprint}");
    assert!(refused(|e| e.horses[6].ability.horse = None).contains("horses[6].ability.horse"));
    assert!(refused(|e| e.cards.blocked_after_finish.push("nonsense".into())).contains("blocked_after_finish"));
    assert!(refused(|e| e.cards.gallop_steps = 0).contains("edition.cards.gallop_steps"));
    // KK-24: every amount up to the most one bet may stake is an action, so it stays small.
    assert!(refused(|e| e.bet = 0).contains("edition.bet"));
    let bet = refused(|e| e.bet = 51);
    assert!(bet.contains("edition.bet") && bet.contains("1 to 50 €"), "{bet}");
}

#[test]
fn kk_2_an_edition_file_overlays_and_travels_in_the_record() {
    let text = EDITION_TOML.replace("track = 20", "track = 12").replace("dark_zone = [15, 19]", "dark_zone = [8, 11]");
    let edition = Edition::from_toml(&text).unwrap();
    let config = Config { edition: edition.into(), ..Config::default() };
    let mut m = Match::<KopfAnKopf>::new(&config, 3, 5).unwrap();
    let mut rng: GameRng = seeded(2);
    let mut legal = Vec::new();
    while let Some(seat) = m.state().to_act().first() {
        m.state().legal_actions(seat, &mut legal);
        let action = legal[rand::Rng::random_range(&mut rng, 0..legal.len())];
        m.apply(seat, action).unwrap();
    }
    assert_eq!(m.state().view(None).track, 12);
    let again = Match::<KopfAnKopf>::replay(&m.record()).unwrap();
    assert_eq!(again.state().config().edition.track, 12);
    assert_eq!(again.outcome(), m.outcome());
    // Bad TOML names the problem instead of panicking.
    assert!(Edition::from_toml("track = \"long\"").unwrap_err().starts_with("edition"));
}

#[test]
fn the_first_player_must_be_a_seat() {
    let config = Config { first: 3, ..Config::default() };
    assert!(KopfAnKopf::new(&config, 3, &mut seeded(1)).unwrap_err().to_string().contains("first 3"));
    let config = Config { first: 2, ..Config::default() };
    assert_eq!(KopfAnKopf::new(&config, 3, &mut seeded(1)).unwrap().active(), Seat::at(2));
}

#[test]
fn notation_prints_and_reads_every_kind_of_action() {
    for text in [
        "use 3",
        "skip 7",
        "keep",
        "chance horse",
        "chance move",
        "reroll horse",
        "reroll move",
        "object",
        "pass",
        "sprint 4",
        "decline",
        "steal",
        "pile 1",
        "pile 2",
        "play h4",
        "play gallop 10",
        "play mud 1",
        "play prize",
        "play stable",
        "play free-bet 2",
        "play late-bet 6",
        "play pickpocket 3",
        "play inspector 0",
        "play bargain 9",
        "play whip",
        "take whip",
        "take h10",
        "buy 7",
        "bet 1 5",
        "bet 10 1",
        "bet 7 3",
        "discard h1 gallop",
        "discard mud mud",
        "draw 2",
    ] {
        let action: Action = text.parse().unwrap_or_else(|e| panic!("{text}: {e}"));
        assert_eq!(action.to_string(), text);
    }
    // Discards are read in either order and printed in the canonical one.
    assert_eq!("discard gallop h1".parse::<Action>().unwrap().to_string(), "discard h1 gallop");
    // KK-24: `bet H` without an amount is a bet of 5 €, as in rules 1 (`3€` reads too).
    assert_eq!("bet 7".parse::<Action>().unwrap(), Action::Bet(Horse::number(7).unwrap(), 5));
    assert_eq!("bet 7 3€".parse::<Action>().unwrap().to_string(), "bet 7 3");
    for bad in [
        "play objection",
        "play gallop",
        "play prize 3",
        "bet 11",
        "bet 7 0",
        "bet 7 x",
        "bet 7 3 1",
        "bet 7 -2",
        "bet 7 300",
        "steal 2",
        "decline 1",
        "draw 3",
        "sprint",
        "fly",
    ] {
        assert!(bad.parse::<Action>().is_err(), "{bad} read");
    }
}
