//! The standard factory builds `ismcts` from its spec and refuses malformed budgets.

use bots::{GameBots, IsmctsDefaults, Opponents, Playout, STANDARD_BOTS, standard};
use engine::demo::Rps;
use engine::{Bot, BotError, BotSpec, RandomBot};

fn build(spec: &str) -> Result<Box<dyn Bot<Rps>>, BotError> {
    standard::<Rps>(&BotSpec::parse(spec), || Box::new(RandomBot::default()))
}

#[test]
fn ismcts_is_a_standard_bot() {
    assert!(STANDARD_BOTS.contains(&"ismcts"));
    assert_eq!(build("ismcts").unwrap().name(), "ismcts:1000");
    assert_eq!(build("ismcts:2000").unwrap().name(), "ismcts:2000");
    assert_eq!(build("ismcts:250ms").unwrap().name(), "ismcts:250ms");
    assert_eq!(build(" ismcts:3000ms ").unwrap().name(), "ismcts:3000ms");
    assert_eq!(build("ismcts:200,c=0.5").unwrap().name(), "ismcts:200,c=0.5");
    // Names are the shortest spec for the same bot.
    assert_eq!(build("ismcts:200,playout=heuristic,widen=0.5").unwrap().name(), "ismcts:200");
    assert_eq!(build("ismcts:200,playout=random,c=0.7").unwrap().name(), "ismcts:200,playout=random");
    assert_eq!(build("ismcts:200,widen=2").unwrap().name(), "ismcts:200,widen=2");
    assert_eq!(build("ismcts:200,widen=0").unwrap().name(), "ismcts:200,widen=0");
    assert_eq!(build("ismcts:200,playout=random,widen=1").unwrap().name(), "ismcts:200,playout=random,widen=1");
}

#[test]
fn a_game_sets_its_own_defaults_and_names_are_the_shortest_spec_under_them() {
    let game_bots = GameBots::<Rps>::new(|| Box::new(RandomBot::default()))
        .fast_playout(|_world, _seat, legal, _rng| legal[0])
        .defaults(IsmctsDefaults {
            playout: Playout::Fast,
            widen: 0.25,
            exploration: 0.7,
            ..IsmctsDefaults::default()
        });
    let name = |spec: &str| game_bots.build(&BotSpec::parse(spec)).unwrap().name();
    assert_eq!(name("ismcts"), "ismcts:1000");
    assert_eq!(name("ismcts:500,playout=fast,widen=0.25,c=0.7"), "ismcts:500");
    assert_eq!(name("ismcts:500,playout=heuristic"), "ismcts:500,playout=heuristic");
    assert_eq!(name("ismcts:500,widen=0.5"), "ismcts:500,widen=0.5");
    assert_eq!(name("ismcts:500,playout=random"), "ismcts:500,playout=random");
    assert_eq!(name("ismcts:500,c=1"), "ismcts:500,c=1");
    assert_eq!(name("ismcts:500,belief=0,opponents=search"), "ismcts:500");
    assert_eq!(name("ismcts:500,opponents=model,belief=40"), "ismcts:500,belief=40,opponents=model");
}

#[test]
fn belief_and_modelled_opponents_are_options_a_game_may_make_its_default() {
    let game_bots = GameBots::<Rps>::new(|| Box::new(RandomBot::default())).defaults(IsmctsDefaults {
        belief: 50,
        opponents: Opponents::Model,
        ..IsmctsDefaults::default()
    });
    let name = |spec: &str| game_bots.build(&BotSpec::parse(spec)).unwrap().name();
    assert_eq!(name("ismcts:300,belief=50,opponents=model"), "ismcts:300");
    assert_eq!(name("ismcts:300,belief=0"), "ismcts:300,belief=0");
    assert_eq!(name("ismcts:300,opponents=search"), "ismcts:300,opponents=search");
    // The bot plays: the demo game explains every world, so belief samples uniformly.
    let mut bot = game_bots.build(&BotSpec::parse("ismcts:50")).unwrap();
    let mut rng = engine::seeded(3);
    let game = <Rps as engine::Game>::new(&Default::default(), 2, &mut rng).unwrap();
    let mut legal = Vec::new();
    engine::Game::legal_actions(&game, engine::Seat::at(0), &mut legal);
    let chosen = bot.choose(&engine::InfoSet::new(&game, engine::Seat::at(0)), &mut rng);
    assert!(legal.contains(&chosen));
}

#[test]
fn a_malformed_budget_is_a_parameter_error() {
    for spec in [
        "ismcts:",
        "ismcts:fast",
        "ismcts:0",
        "ismcts:-1",
        "ismcts:10us",
        "ismcts:1e3",
        "ismcts:100,c=-1",
        "ismcts:100,c=x",
        "ismcts:100,playout=smart",
        "ismcts:100,playout=fast", // the demo game has no fast playout policy
        "ismcts:100,depth=3",
        "ismcts:100,widen=-1",
        "ismcts:100,belief=-1",
        "ismcts:100,belief=many",
        "ismcts:100,belief=1001",
        "ismcts:100,opponents=mind-reader",
        "ismcts:c=0.5",
        "ismcts:3s",
    ] {
        match build(spec) {
            Err(BotError::Parameter { name, reason }) => {
                assert_eq!(name, "ismcts");
                assert!(!reason.is_empty());
            }
            Err(other) => panic!("{spec}: wrong error {other}"),
            Ok(bot) => panic!("{spec}: built {}", bot.name()),
        }
    }
}

#[test]
fn hosts_can_read_the_budget_before_building_the_bot() {
    use bots::{Budget, ismcts_budget};
    use std::time::Duration;
    let budget = |spec: &str| ismcts_budget(&BotSpec::parse(spec));
    assert_eq!(budget("ismcts"), Ok(Some(Budget::Iterations(1000))));
    assert_eq!(budget("ismcts:4000000,c=0.5"), Ok(Some(Budget::Iterations(4_000_000))));
    assert_eq!(budget("ismcts:250ms,playout=heuristic"), Ok(Some(Budget::Time(Duration::from_millis(250)))));
    assert_eq!(budget("heuristic"), Ok(None));
    assert!(matches!(budget("ismcts:lots"), Err(BotError::Parameter { .. })));
}

#[test]
fn random_and_heuristic_still_work() {
    assert_eq!(build("random").unwrap().name(), "random");
    assert_eq!(build("heuristic").unwrap().name(), "random"); // the closure's bot
    assert!(matches!(build("random:3"), Err(BotError::Parameter { .. })));
    assert!(matches!(build("minimax"), Err(BotError::Unknown { .. })));
}

/// A stand-in heuristic: the first legal action, always.
struct First(Vec<<Rps as engine::Game>::Action>);

impl Bot<Rps> for First {
    fn name(&self) -> String {
        "first".into()
    }

    fn choose(&mut self, info: &engine::InfoSet<'_, Rps>, _rng: &mut engine::GameRng) -> <Rps as engine::Game>::Action {
        info.legal_actions(&mut self.0);
        self.0[0]
    }
}

#[test]
fn a_noisy_heuristic_plays_a_random_move_at_its_chance_and_names_itself_by_spec() {
    use engine::{Game, InfoSet, Seat, seeded};
    let noisy = |spec: &str| standard::<Rps>(&BotSpec::parse(spec), || Box::new(First(Vec::new())));
    let game = Rps::new(&engine::demo::RpsConfig::default(), 2, &mut seeded(0)).unwrap();
    let info = InfoSet::new(&game, Seat::at(0));
    let mut legal = Vec::new();
    info.legal_actions(&mut legal);
    let first = legal[0];
    // How often each spec leaves the heuristic's move, over 2,000 decisions.
    let off = |spec: &str| {
        let mut bot = noisy(spec).unwrap();
        let mut rng = seeded(7);
        (0..2000).filter(|_| bot.choose(&info, &mut rng) != first).count()
    };
    assert_eq!(off("heuristic:noise=0"), 0);
    // A random move is the heuristic's own a third of the time (three throws).
    let expected = 0.3 * 2000.0 * 2.0 / 3.0;
    let seen = off("heuristic:noise=0.3") as f64;
    assert!((seen - expected).abs() < 60.0, "{seen} moves off the heuristic's, about {expected} expected");
    assert_eq!(noisy("heuristic:noise=0.3").unwrap().name(), "heuristic:noise=0.3");
    for bad in ["heuristic:0.3", "heuristic:noise=2", "heuristic:noise=much"] {
        assert!(matches!(noisy(bad), Err(BotError::Parameter { .. })), "{bad}");
    }
}

#[test]
fn cutoff_needs_the_games_evaluation_and_names_itself() {
    let plain = GameBots::<Rps>::new(|| Box::new(RandomBot::default()));
    assert!(plain.build(&BotSpec::parse("ismcts:50,cutoff=10")).is_err());
    let game_bots = plain.evaluation(|_world, _rng, rewards| rewards.fill(0.5));
    let name = |spec: &str| game_bots.build(&BotSpec::parse(spec)).unwrap().name();
    assert_eq!(name("ismcts:50,cutoff=10"), "ismcts:50,cutoff=10");
    assert_eq!(name("ismcts:50,cutoff=off"), "ismcts:50");
    assert!(game_bots.build(&BotSpec::parse("ismcts:50,cutoff=x")).is_err());
    // A cut-off search still plays a legal move.
    let mut bot = game_bots.build(&BotSpec::parse("ismcts:50,cutoff=0")).unwrap();
    let mut rng = engine::seeded(3);
    let game = <Rps as engine::Game>::new(&Default::default(), 2, &mut rng).unwrap();
    let mut legal = Vec::new();
    engine::Game::legal_actions(&game, engine::Seat::at(0), &mut legal);
    let chosen = bot.choose(&engine::InfoSet::new(&game, engine::Seat::at(0)), &mut rng);
    assert!(legal.contains(&chosen));
}

#[test]
fn three_games_cut_playouts_off_by_default_and_only_kopf_an_kopf_skips_forced_moves() {
    let kk = catalog::kopf_an_kopf_bots().ismcts_defaults();
    assert_eq!((kk.cutoff, kk.skip_forced, kk.playout), (Some(20), true, Playout::Fast));
    // Knock-Out Whist's evaluation finishes the round itself, so its playouts stop at once.
    let kw = catalog::knock_out_whist_bots().ismcts_defaults();
    assert_eq!((kw.cutoff, kw.skip_forced, kw.playout), (Some(0), false, Playout::Fast));
    // Schotten-Totten scores each new node at once, its opponent modelled by the heuristic.
    let st = catalog::schotten_totten_bots().ismcts_defaults();
    assert_eq!((st.cutoff, st.skip_forced, st.opponents), (Some(0), false, Opponents::Model));
    let ko = catalog::knock_out_bots().ismcts_defaults();
    assert_eq!((ko.cutoff, ko.skip_forced, ko.opponents), (None, false, Opponents::Search));
    assert!(!IsmctsDefaults::default().skip_forced);
    let whist = |spec: &str| catalog::knock_out_whist_bots().build(&BotSpec::parse(spec)).unwrap().name();
    assert_eq!(whist("ismcts:1000"), "ismcts:1000");
    assert_eq!(whist("ismcts:1000,cutoff=off"), "ismcts:1000,cutoff=off");
    let name = |spec: &str| catalog::kopf_an_kopf_bots().build(&BotSpec::parse(spec)).unwrap().name();
    assert_eq!(name("ismcts:1000,cutoff=20"), "ismcts:1000");
    assert_eq!(name("ismcts:1000,cutoff=off"), "ismcts:1000,cutoff=off");
}
