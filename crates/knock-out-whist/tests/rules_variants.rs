//! The variants `fixed-trump` (KW-40), `knocked-out-vote` (KW-42), `no-trump-final` (KW-43),
//! and how a table switches them on.

mod common;

use std::collections::BTreeSet;

use common::*;
use engine::{Game, GameEvent, IllegalAction, Match, RandomBot, Registry, SetupError};
use knock_out_whist::{Config, Event, KnockOutWhist, PhaseView, Position, Start, SuitSet, TrumpFrom};

/// Round 6, four players, spades trump, seat 0 dealing, seat 1 leading; played out, seats 3
/// and 0 win a trick each, seats 1 and 2 none.
fn round_six(config: &Config, seed: u64) -> Table {
    let pos = position(6, &["AH 9D", "2H 3H", "4H 5H", "AS 8D"], Some("S"), 0, 1);
    let mut t = Table::new(config, &pos, seed);
    t.play("2H 4H AS AH 8D 9D 3H 5H");
    t
}

// KW-40: the trump of round 1 stays and nobody chooses it, but the player with the most tricks
// last round still leads — here seat 1, not seat 0 to the left of the new dealer.
#[test]
fn kw_40_fixed_trump_stays_and_the_most_tricks_lead() {
    let config = Config { fixed_trump: true, ..Config::default() };
    // Round 5, spades trump, seat 0 dealing: seat 1 wins two tricks, seat 0 one, seat 2 none.
    let pos = position(5, &["2H 3H AC", "AH KH 4C", "4H 5H 2C"], Some("S"), 0, 1);
    let mut t = Table::new(&config, &pos, 1);
    t.play("AH 4H 2H KH 5H 3H 4C 2C AC");
    let view = t.game.view(None);
    assert_eq!(view.round, 6);
    assert_eq!((view.trump, view.trump_from), (Some(suit("S")), TrumpFrom::Fixed));
    assert_eq!(view.phase, PhaseView::Play, "nobody chooses trump");
    assert_eq!(view.dealer, s(1));
    assert_eq!(t.turn(), s(1), "the most tricks lead, not the player left of the dealer (seat 0)");
    assert_eq!((view.chooser, view.cut_among), (Some(s(1)), seats(&[])));
    assert!(t.saw(|e| *e == Event::MostTricks { seat: s(1), tricks: 2, tied: seats(&[1]) }));
    assert!(t.saw(|e| *e == Event::TrumpKept { suit: suit("S") }));
    assert!(!t.saw(|e| matches!(e, Event::TrumpChosen { .. })));
}

// KW-40: a tie for most tricks is cut at random among the tied players (as KW-6), logged, and
// the cut's winner leads.
#[test]
fn kw_40_fixed_trump_tie_is_cut_for_the_lead() {
    let config = Config { fixed_trump: true, ..Config::default() };
    let mut leaders = BTreeSet::new();
    for seed in 0..30 {
        let t = round_six(&config, seed);
        let view = t.game.view(None);
        assert_eq!((view.round, view.trump, view.phase), (7, Some(suit("S")), PhaseView::Play));
        assert_eq!(view.cut_among, seats(&[0, 3]));
        let leader = t.turn();
        assert_eq!(view.chooser, Some(leader));
        assert!(t.saw(|e| *e == Event::MostTricks { seat: leader, tricks: 1, tied: seats(&[0, 3]) }));
        leaders.insert(leader.index());
    }
    assert_eq!(leaders, BTreeSet::from([0, 3]), "the cut picks either tied player");
}

// KW-40: over whole games the trump never changes and never needs a choice; every later round
// is led by the player the `most-tricks` event named.
#[test]
fn kw_40_fixed_trump_over_whole_games() {
    let config = Config { fixed_trump: true, ..Config::default() };
    let mut later_rounds = 0;
    for seed in 0..30 {
        let mut m = Match::<KnockOutWhist>::new(&config, 4, seed).unwrap();
        let trump = m.state().trump();
        let mut bot = RandomBot::default();
        let mut rng = engine::seeded(seed);
        let mut most_tricks = None;
        while let Some(seat) = m.state().to_act().first() {
            let view = m.state().view(None);
            assert_eq!(view.phase, PhaseView::Play);
            assert_eq!(view.trump, trump);
            if view.round > 1 && view.tricks.is_empty() && view.trick.plays.is_empty() {
                assert_eq!(Some(view.trick.leader), most_tricks, "seed {seed}, round {}", view.round);
                assert_eq!(view.chooser, most_tricks);
                later_rounds += 1;
            }
            let action = m.ask(&mut bot, seat, &mut rng).unwrap();
            for event in m.apply(seat, action).unwrap() {
                if let Event::MostTricks { seat, .. } = event {
                    most_tricks = Some(*seat);
                }
            }
        }
    }
    assert!(later_rounds > 30, "later rounds were played: {later_rounds}");
}

/// Round 5 with a vote: seats 0 and 1 in (seat 0 chooses), the others knocked out earlier.
fn vote_round(seats: usize) -> Position {
    let mut hands = vec!["AS KS QS", "2H 3H 4H"];
    hands.resize(seats, "");
    let mut pos = position(5, &hands, None, 1, 0);
    pos.out = (2..seats).map(|i| (s(i), 2)).collect();
    pos.start = Start::Vote { chooser: s(0) };
    pos
}

fn vote_config() -> Config {
    Config { knocked_out_vote: true, ..Config::default() }
}

// KW-42: the knocked-out players vote at once; plurality decides without the chooser.
#[test]
fn kw_42_vote_plurality_wins() {
    let mut t = Table::new(&vote_config(), &vote_round(5), 1);
    assert_eq!(t.game.to_act(), seats(&[2, 3, 4]), "simultaneous: every voter may vote now");
    assert_eq!(t.legal(s(3)), vec!["vote C", "vote D", "vote H", "vote S"]);
    assert!(t.legal(s(0)).is_empty());
    t.act(s(3), "vote H").unwrap();
    assert_eq!(t.act(s(3), "vote S"), Err(IllegalAction::NotToAct(s(3))), "one vote each");
    t.act(s(2), "vote H").unwrap();
    t.act(s(4), "vote S").unwrap();
    let view = t.game.view(None);
    assert_eq!(view.trump, Some(suit("H")));
    assert_eq!(view.trump_from, TrumpFrom::Voted);
    assert_eq!(view.phase, PhaseView::Play);
    assert_eq!(t.turn(), s(0), "the KW-6 chooser still leads");
    let vote = view.vote.unwrap();
    assert_eq!(vote.leading, SuitSet::only(suit("H")));
    assert_eq!(vote.votes.unwrap().len(), 3);
}

// KW-42: a tie goes to the chooser, who picks among the tied suits only.
#[test]
fn kw_42_vote_tie_goes_to_the_chooser() {
    let mut t = Table::new(&vote_config(), &vote_round(4), 1);
    t.act(s(2), "vote H").unwrap();
    t.act(s(3), "vote S").unwrap();
    let view = t.game.view(None);
    assert_eq!(view.phase, PhaseView::ChooseTrump);
    assert_eq!(view.trump_options, [suit("H"), suit("S")].into_iter().collect());
    assert_eq!(t.legal(s(0)), vec!["trump H", "trump S"]);
    assert_eq!(t.act(s(0), "trump D"), Err(IllegalAction::Rule("choose one of the suits tied in the vote")));
    t.act(s(0), "trump S").unwrap();
    assert_eq!(t.game.trump(), Some(suit("S")));
    assert_eq!(t.turn(), s(0));
}

// KW-42: each vote stays secret until all are in — in views, events and sampled worlds.
#[test]
fn kw_42_votes_are_secret_until_resolved() {
    let mut t = Table::new(&vote_config(), &vote_round(4), 1);
    t.act(s(2), "vote D").unwrap();
    let voted = t.events.last().unwrap().clone();
    assert_eq!(voted.redact(Some(s(2))).unwrap().to_string(), "seat 2 voted diamonds");
    for viewer in [None, Some(s(0)), Some(s(3))] {
        let hidden = voted.redact(viewer).unwrap();
        assert_eq!(hidden, Event::Voted { seat: s(2), suit: None });
        assert_eq!(hidden.to_string(), "seat 2 voted");
        let vote = t.game.view(viewer).vote.unwrap();
        assert_eq!((vote.voted, vote.mine, vote.votes), (seats(&[2]), None, None));
        assert!(vote.leading.is_empty());
    }
    assert_eq!(t.game.view(Some(s(2))).vote.unwrap().mine, Some(suit("D")));
    // Seat 3 cannot tell seat 2's vote from a sampled world: it is resampled.
    let mut rng = engine::seeded(5);
    let mut sampled = BTreeSet::new();
    for _ in 0..60 {
        let world = t.game.determinize(s(3), &mut rng);
        assert_eq!(world.view(Some(s(3))), t.game.view(Some(s(3))));
        sampled.insert(world.view(Some(s(2))).vote.unwrap().mine.unwrap().letter());
    }
    assert_eq!(sampled.len(), 4, "seat 2's pending vote is resampled over all suits: {sampled:?}");
    // The voter's own sample keeps its vote.
    let world = t.game.determinize(s(2), &mut rng);
    assert_eq!(world.view(Some(s(2))).vote.unwrap().mine, Some(suit("D")));
}

// KW-42: the vote opens at the start of a round when someone is out; without voters the chooser
// chooses freely.
#[test]
fn kw_42_vote_opens_only_with_voters() {
    // Round 5 → 6: seat 2 wins nothing and is the one voter.
    let pos = position(5, &["AS KS 2D", "AH 3D 4C", "2H 5C 6C"], Some("S"), 0, 1);
    let mut t = Table::new(&vote_config(), &pos, 1);
    t.play("AH 2H AS KS 4C 5C 2D 3D 6C");
    assert_eq!(t.game.view(None).phase, PhaseView::Vote);
    assert_eq!(t.game.to_act(), seats(&[2]));
    assert!(t.saw(|e| *e == Event::VoteOpened { voters: seats(&[2]) }));
    t.act(s(2), "vote C").unwrap();
    assert_eq!(t.game.trump(), Some(suit("C")));
    assert_eq!(t.turn(), s(0));

    // Nobody out: every player won a trick, so the chooser picks freely.
    let pos = position(5, &["AH 2C 2D", "KH AC 3D", "QH 3C AD"], Some("S"), 0, 1);
    let mut t = Table::new(&vote_config(), &pos, 1);
    t.play("KH QH AH 2C AC 3C 3D AD 2D");
    let view = t.game.view(None);
    assert_eq!(view.phase, PhaseView::ChooseTrump);
    assert_eq!(view.trump_options, SuitSet::ALL);
    assert_eq!(view.vote, None);
    assert_eq!(view.cut_among, seats(&[0, 1, 2]));
}

// KW-43: the 1-card round has no trump: the highest card of the led suit wins.
#[test]
fn kw_43_no_trump_final_highest_of_led_suit_wins() {
    let config = Config { no_trump_final: true, ..Config::default() };
    let pos = position(7, &["AS", "2C", "AD"], None, 0, 1);
    let mut t = Table::new(&config, &pos, 1);
    t.play("2C AD AS");
    assert!(t.game.is_over());
    assert_eq!(t.game.view(None).winner, Some(s(1)));
    // Without the variant, a trump is needed for the last round.
    assert!(KnockOutWhist::from_position(&Config::default(), &pos).is_err());
}

// KW-43: nobody chooses trump for the last round; the KW-6 player leads it.
#[test]
fn kw_43_no_trump_final_skips_the_choice() {
    let config = Config { no_trump_final: true, knocked_out_vote: true, ..Config::default() };
    for seed in 0..10 {
        let t = round_six(&config, seed);
        let view = t.game.view(None);
        assert_eq!((view.round, view.trump, view.trump_from), (7, None, TrumpFrom::NoTrump));
        assert_eq!(view.phase, PhaseView::Play, "no choice and no vote");
        assert_eq!(Some(t.turn()), view.chooser);
        assert!(t.saw(|e| *e == Event::NoTrump { round: 7 }));
    }
    // With a fixed trump too, the KW-6 player leads the no-trump final (KW-40).
    let config = Config { no_trump_final: true, fixed_trump: true, ..Config::default() };
    for seed in 0..10 {
        let t = round_six(&config, seed);
        assert_eq!(t.game.trump(), None);
        assert_eq!(Some(t.turn()), t.game.view(None).chooser);
        assert!(t.turn() == s(0) || t.turn() == s(3));
    }
}

// The variants a table may switch on, by name; configs are partial JSON.
#[test]
fn variants_are_declared_and_validated() {
    let names: Vec<&str> = KnockOutWhist::variants().iter().map(|v| v.name).collect();
    assert_eq!(names, ["mercy", "fixed-trump", "start-cards", "knocked-out-vote", "no-trump-final", "dealer"]);
    let registry = Registry::new().with::<KnockOutWhist>(|_| Ok(Box::new(RandomBot::default())), &["random"]);
    let kind = registry.get("knock-out-whist").unwrap();
    let config = kind.config_from_variants(&["mercy".into(), "start-cards=6".into(), "dealer=2".into()]).unwrap();
    let config: Config = serde_json::from_value(config).unwrap();
    assert_eq!(config, Config { mercy: true, start_cards: 6, dealer: 2, ..Config::default() });
    assert!(kind.config_from_variants(&["start-cards=9".into()]).is_err());
    let partial: Config = serde_json::from_str(r#"{"no-trump-final": true}"#).unwrap();
    assert_eq!(partial, Config { no_trump_final: true, ..Config::default() });
    assert!(serde_json::from_str::<Config>(r#"{"colour": 1}"#).is_err());
    // Decision: a fixed trump leaves nothing to vote on.
    let both = Config { fixed_trump: true, knocked_out_vote: true, ..Config::default() };
    assert!(
        matches!(Match::<KnockOutWhist>::new(&both, 4, 0), Err(SetupError::Config(m)) if m.contains("fixed-trump"))
    );
}

// KW-42 (decision): only players knocked out for good vote; a player on a mercy chance plays
// the round with its one card and does not vote.
#[test]
fn kw_42_mercy_players_do_not_vote() {
    let config = Config { mercy: true, knocked_out_vote: true, ..Config::default() };
    // Round 5, seat 3 out since round 2; seat 2 wins no trick and gets its mercy chance.
    let mut pos = position(5, &["AS KS 2D", "AH 3D 4C", "2H 5C 6C", ""], Some("S"), 0, 1);
    pos.out = vec![(s(3), 2)];
    pos.mercy_used = seats(&[3]);
    let mut t = Table::new(&config, &pos, 1);
    t.play("AH 2H AS KS 4C 5C 2D 3D 6C");
    let view = t.game.view(None);
    assert_eq!((view.round, view.phase), (6, PhaseView::Vote));
    assert_eq!(view.players[2].standing, knock_out_whist::Standing::Mercy);
    assert!(t.saw(|e| *e == Event::VoteOpened { voters: seats(&[3]) }));
    assert_eq!(t.game.to_act(), seats(&[3]));
    assert_eq!(view.vote.unwrap().voters, seats(&[3]));
    assert!(t.legal(s(2)).is_empty(), "the mercy player has no vote");
    assert!(t.act(s(2), "vote C").is_err());
    t.act(s(3), "vote C").unwrap();
    assert_eq!(t.game.trump(), Some(suit("C")));
    assert_eq!(t.turn(), s(0), "the chooser leads");
}
