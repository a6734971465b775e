//! KO-50 … KO-54: the pro game.

mod common;

use common::{Table, edition, s};
use engine::Game;
use knock_out::{Cards, Class, Config, Event, KnockOut, Level, Why};

fn id(seat: usize, class: Class) -> knock_out::BoxerId {
    KnockOut::boxer_id(seat, class)
}

#[test]
fn ko_51_start_distances_by_class_and_level() {
    let game = KnockOut::setup(&Config::pro(), 3)
        .unwrap()
        .with_level(id(0, Class::Light), Level::Amateur)
        .with_level(id(1, Class::Heavy), Level::Champion);
    let mut t = Table::from(game);
    t.act(0, "challenge L 1H");
    assert_eq!(t.game.view(None).fight.unwrap().start, [4, 10]);
    let mut t = Table::new(&Config::pro(), 3);
    t.act(0, "challenge L 1H");
    assert_eq!(t.game.view(None).fight.unwrap().start, [6, 8]);
    let mut t = Table::new(&Config::default(), 3);
    t.act(0, "challenge L 1H");
    assert_eq!(t.game.view(None).fight.unwrap().start, [6, 6], "KO-20: the basic game starts both at 6");
}

#[test]
fn ko_50_ko_52_ko_54_the_pro_variant_plays_two_seasons_without_a_settlement_between() {
    // min_cards 12: each season ends after one fight.
    let config = Config { pro: true, ..edition(|e| e.min_cards = 12) };
    let config = Config { first: 1, ..config };
    let game = KnockOut::setup(&config, 3).unwrap().with_level(id(1, Class::Light), Level::Champion);
    let mut t = Table::from(game);
    t.act(1, "challenge L 2H").act(1, "train 2 3 4 5").act(2, "train 1 2 3 4").quiet_bets();
    // Blue moves 1, 1, 1: red wins on points.
    t.exchange(5, 4).exchange(4, 3).exchange(3, 2);
    assert!(t.events.contains(&Event::SeasonOver { season: 1 }));
    assert!(!t.game.is_over());
    assert_eq!(t.game.season(), 2);
    // No settlement: no pot share, card bonus or debt cost.
    for why in [Why::PotShare, Why::CardBonus, Why::DebtCost] {
        assert!(t.payments(why).is_empty(), "{why:?} after season 1");
    }
    let pot = t.game.pot();
    assert!(pot > 0, "the pot stays");
    // Cards back, Champions become Superchampions, the trophy and steak are cleared.
    for seat in 0..3 {
        assert_eq!(t.game.cards(s(seat)).len(), 12);
    }
    assert_eq!(t.game.level(id(1, Class::Light)), Level::Superchampion);
    assert!(t.events.contains(&Event::LevelChanged {
        boxer: id(1, Class::Light),
        from: Level::Champion,
        to: Level::Superchampion
    }));
    let view = t.game.view(None);
    assert!(view.managers.iter().all(|m| m.boxers.iter().all(|b| !b.trophy && !b.steak)));
    // The view says the season has just begun (the table explains the change), after 1 fight.
    assert_eq!((view.season, view.fights, view.season_fights), (2, 1, 0));
    // The left neighbour of the last challenger opens season 2.
    assert!(t.events.contains(&Event::SeasonStarted { season: 2, opener: s(2) }));
    assert_eq!(t.game.active(), s(2));
    // KO-54: season 2 ends the game with the settlement.
    t.clear();
    t.act(2, "challenge L 0L").act(2, "train 2 3 4 5").act(0, "train 2 3 4 5").quiet_bets();
    t.exchange(3, 3).exchange(4, 4).exchange(5, 5);
    assert!(t.game.is_over());
    assert_eq!((t.game.view(None).fights, t.game.view(None).season_fights), (2, 1));
    assert!(!t.payments(Why::PotShare).is_empty());
    assert_eq!(t.payments(Why::CardBonus).len(), 3);
}

#[test]
fn ko_52_knocked_out_boxers_return_for_season_two() {
    let config = Config { pro: true, ..edition(|e| e.min_cards = 12) };
    let game = KnockOut::setup(&config, 3).unwrap().with_level(id(0, Class::Light), Level::Amateur);
    let mut t = Table::from(game);
    // 0L (Amateur: 4 fields) challenges 1L and is knocked out by a left hook.
    t.act(0, "challenge L 1L").act(0, "train 2 3 4 5").act(1, "train 1 2 3 4").quiet_bets();
    t.exchange(5, 1);
    assert!(t.events.contains(&Event::KnockedOut { boxer: id(0, Class::Light) }));
    assert_eq!(t.game.season(), 2);
    assert!(!t.game.is_knocked_out(id(0, Class::Light)));
}

/// A season-2 pro game of 3 with these levels, seat 0 to challenge.
fn season_two(levels: &[(usize, Class, Level)]) -> KnockOut {
    let mut game = KnockOut::setup(&Config::pro(), 3).unwrap().with_season(2);
    for &(seat, class, level) in levels {
        game = game.with_level(id(seat, class), level);
    }
    game.with_active(s(0))
}

/// Seat 0's `with` beats seat 1's `target` on points.
fn red_wins(game: KnockOut, challenge: &str) -> Table {
    let mut t = Table::from(game);
    t.act(0, challenge).act(0, "train 3 3 4 4").act(1, "train 1 2 2 2").quiet_bets();
    t.exchange(4, 2).exchange(4, 2).exchange(3, 2);
    t
}

#[test]
fn ko_53_an_amateur_may_not_challenge_a_superchampion() {
    let game = season_two(&[
        (0, Class::Light, Level::Amateur),
        (1, Class::Heavy, Level::Superchampion),
        (2, Class::Heavy, Level::WorldChampion),
    ]);
    let t = Table::from(game);
    let legal = t.legal(0);
    assert!(!legal.contains(&"challenge L 1H".into()) && !legal.contains(&"challenge L 2H".into()));
    assert!(legal.contains(&"challenge L 1L".into()));
    assert!(legal.contains(&"challenge H 1H".into()), "a Profi may");
    let config = Config { pro: true, ..edition(|e| e.amateur_restriction = false) };
    let game = KnockOut::setup(&config, 3)
        .unwrap()
        .with_season(2)
        .with_level(id(0, Class::Light), Level::Amateur)
        .with_level(id(1, Class::Heavy), Level::Superchampion);
    let t = Table::from(game);
    assert!(t.legal(0).contains(&"challenge L 1H".into()), "the edition can lift the restriction");
}

#[test]
fn ko_53_a_world_title_fight_makes_a_world_champion() {
    let game = season_two(&[(0, Class::Heavy, Level::Superchampion), (1, Class::Heavy, Level::Superchampion)]);
    let t = red_wins(game, "challenge H 1H");
    assert_eq!(t.game.level(id(0, Class::Heavy)), Level::WorldChampion);
    assert_eq!(t.game.level(id(1, Class::Heavy)), Level::Champion);
    assert!(t.game.view(None).managers[0].boxers[1].belt);
    // Prizes at the fight's level: 2 × 20,000 and 20,000.
    let prizes: Vec<i64> = t.payments(Why::Prize).iter().map(|p| p.amount).collect();
    assert_eq!(prizes, vec![40_000, 20_000]);
}

#[test]
fn ko_53_at_most_three_belts() {
    let game = season_two(&[
        (0, Class::Heavy, Level::Superchampion),
        (1, Class::Heavy, Level::Superchampion),
        (0, Class::Light, Level::WorldChampion),
        (1, Class::Light, Level::WorldChampion),
        (2, Class::Light, Level::WorldChampion),
    ]);
    let t = red_wins(game, "challenge H 1H");
    assert_eq!(t.game.level(id(0, Class::Heavy)), Level::Superchampion, "no belt left to create");
    assert_eq!(t.game.level(id(1, Class::Heavy)), Level::Champion);
    // A belt is held, not created: the winner over a World champion takes the loser's.
    let game = season_two(&[
        (0, Class::Heavy, Level::Superchampion),
        (1, Class::Heavy, Level::WorldChampion),
        (0, Class::Light, Level::WorldChampion),
        (2, Class::Light, Level::WorldChampion),
    ]);
    let t = red_wins(game, "challenge H 1H");
    assert_eq!(t.game.level(id(0, Class::Heavy)), Level::WorldChampion);
    assert_eq!(t.game.level(id(1, Class::Heavy)), Level::Champion);
}

#[test]
fn ko_53_a_champion_who_beats_a_superchampion_takes_the_level() {
    let game = season_two(&[(0, Class::Heavy, Level::Champion), (1, Class::Heavy, Level::Superchampion)]);
    let t = red_wins(game, "challenge H 1H");
    assert_eq!(t.game.level(id(0, Class::Heavy)), Level::Superchampion);
    assert_eq!(t.game.level(id(1, Class::Heavy)), Level::Champion);
    // A Profi who beats a Superchampion only moves up one level; the loser still drops.
    let game = season_two(&[(1, Class::Light, Level::WorldChampion)]);
    let t = red_wins(game, "challenge H 1L");
    assert_eq!(t.game.level(id(0, Class::Heavy)), Level::Champion);
    assert_eq!(t.game.level(id(1, Class::Light)), Level::Champion);
    // A Superchampion who beats a lower boxer keeps the level; no new Superchampions.
    let game = season_two(&[(0, Class::Light, Level::Superchampion), (1, Class::Heavy, Level::WorldChampion)]);
    let t = red_wins(game, "challenge L 1H");
    assert_eq!(t.game.level(id(0, Class::Light)), Level::WorldChampion, "SC beats WC: a title fight");
    let game = season_two(&[(0, Class::Light, Level::Champion)]);
    let t = red_wins(game, "challenge L 1H");
    assert_eq!(t.game.level(id(0, Class::Light)), Level::Champion, "Champion stays Champion");
    let _ = Cards::EMPTY;
}
