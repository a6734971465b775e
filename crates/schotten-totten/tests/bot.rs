//! The heuristic bot against the random bot.

use engine::{Bot, Game, Match, RandomBot, Seat, seeded};
use schotten_totten::{Config, HeuristicBot, SchottenTotten};

/// Plays `games` games with seats alternating; returns the heuristic's wins.
pub fn heuristic_wins(
    config: &Config,
    games: u64,
    seed: u64,
    mut opponent: impl FnMut() -> Box<dyn Bot<SchottenTotten>>,
) -> u64 {
    let mut wins = 0;
    for g in 0..games {
        let mut m = Match::<SchottenTotten>::new(config, 2, seed + g).unwrap().quiet();
        let hero = Seat::at((g % 2) as usize);
        let mut bots: [Box<dyn Bot<SchottenTotten>>; 2] = if hero.index() == 0 {
            [Box::new(HeuristicBot::default()), opponent()]
        } else {
            [opponent(), Box::new(HeuristicBot::default())]
        };
        let mut rng = seeded(seed ^ (g << 20));
        while let Some(seat) = m.state().to_act().first() {
            let action = m.ask(bots[seat.index()].as_mut(), seat, &mut rng).unwrap();
            m.apply(seat, action).unwrap();
        }
        if m.outcome().unwrap().place(hero) == 1 {
            wins += 1;
        }
    }
    wins
}

#[test]
fn heuristic_beats_random() {
    let games = if cfg!(debug_assertions) { 200 } else { 2000 };
    let wins = heuristic_wins(&Config::default(), games, 1000, || Box::new(RandomBot::default()));
    let rate = wins as f64 / games as f64;
    eprintln!("heuristic beats random in {wins} of {games} games ({:.1} %)", 100.0 * rate);
    assert!(rate >= 0.95, "heuristic won only {wins} of {games}");
}

#[test]
fn heuristic_beats_random_in_the_other_variants() {
    let games = if cfg!(debug_assertions) { 60 } else { 1000 };
    for config in [
        Config { claim_after_play: true, ..Config::default() },
        Config { table_proof: true, starting_seat: 1, ..Config::default() },
        Config { match_games: 3, iello_scoring: true, ..Config::default() },
    ] {
        let wins = heuristic_wins(&config, games, 5000, || Box::new(RandomBot::default()));
        assert!(wins as f64 >= 0.93 * games as f64, "{config:?}: heuristic won only {wins} of {games}");
    }
}

#[test]
fn heuristic_claims_whenever_it_can_and_is_deterministic() {
    use engine::{Bot, InfoSet};
    let mut rng = seeded(4);
    let mut bot = HeuristicBot::default();
    let mut legal = Vec::new();
    for seed in 0..20 {
        let mut m = Match::<SchottenTotten>::new(&Config::default(), 2, seed).unwrap().quiet();
        while let Some(seat) = m.state().to_act().first() {
            let info = InfoSet::new(m.state(), seat);
            let action = bot.choose(&info, &mut rng);
            assert_eq!(action, HeuristicBot::default().choose(&info, &mut seeded(99)), "same position, same choice");
            info.legal_actions(&mut legal);
            assert!(legal.contains(&action));
            if legal.iter().any(|a| matches!(a, schotten_totten::Action::Claim(_))) {
                assert!(matches!(action, schotten_totten::Action::Claim(_)), "a claim was possible: {action}");
            }
            m.apply(seat, action).unwrap();
        }
    }
    let _ = SchottenTotten::NAME;
}
