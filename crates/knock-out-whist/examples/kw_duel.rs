//! One bot against three (or more) others, for calibrating the heuristic:
//!
//! ```text
//! cargo run --release -p knock-out-whist --example kw_duel -- [GAMES] [SEATS] [HERO] [OPPONENTS] [variant…]
//! ```
//!
//! HERO and OPPONENTS are `heuristic`, `random` or `flat:N` (flat Monte Carlo: N sampled worlds
//! with random playouts per action — a simple search to compare against). Variants: `mercy`,
//! `fixed-trump`, `vote`, `no-trump-final`. Defaults: 4000 games, 4 seats, heuristic vs random.

use engine::{Bot, EventLog, Game, GameRng, InfoSet, Match, RandomBot, Seat, seeded};
use knock_out_whist::{Action, Config, HeuristicBot, KnockOutWhist};
use rand::Rng;

/// Flat Monte Carlo over sampled worlds with random playouts.
struct Flat(usize);

impl Bot<KnockOutWhist> for Flat {
    fn name(&self) -> String {
        format!("flat:{}", self.0)
    }

    fn choose(&mut self, info: &InfoSet<'_, KnockOutWhist>, rng: &mut GameRng) -> Action {
        let mut legal = Vec::new();
        info.legal_actions(&mut legal);
        let me = info.seat();
        let mut buffer = Vec::new();
        let mut best = (f64::MIN, legal[0]);
        for &action in legal.iter().filter(|_| legal.len() > 1) {
            let mut total = 0.0;
            for _ in 0..self.0 {
                let mut world = info.sample(rng);
                world.apply(me, action, rng, &mut EventLog::off()).expect("a legal action");
                while let Some(seat) = world.to_act().first() {
                    world.legal_actions(seat, &mut buffer);
                    let reply = buffer[rng.random_range(0..buffer.len())];
                    world.apply(seat, reply, rng, &mut EventLog::off()).expect("a legal action");
                }
                total += world.outcome().expect("over").reward(me);
            }
            if total > best.0 {
                best = (total, action);
            }
        }
        best.1
    }
}

fn bot(spec: &str) -> Box<dyn Bot<KnockOutWhist>> {
    match spec.split_once(':') {
        Some(("flat", n)) => Box::new(Flat(n.parse().expect("flat:N"))),
        _ if spec == "random" => Box::new(RandomBot::default()),
        _ if spec == "heuristic" => Box::new(HeuristicBot::default()),
        _ => panic!("unknown bot {spec:?}: heuristic, random or flat:N"),
    }
}

fn main() {
    let args: Vec<String> = std::env::args().skip(1).collect();
    let games: u64 = args.first().and_then(|a| a.parse().ok()).unwrap_or(4000);
    let seats: usize = args.get(1).and_then(|a| a.parse().ok()).unwrap_or(4);
    let hero_spec = args.get(2).map_or("heuristic", String::as_str);
    let opponent_spec = args.get(3).map_or("random", String::as_str);
    let mut config = Config::default();
    for variant in args.iter().skip(4) {
        match variant.as_str() {
            "mercy" => config.mercy = true,
            "fixed-trump" => config.fixed_trump = true,
            "vote" => config.knocked_out_vote = true,
            "no-trump-final" => config.no_trump_final = true,
            other => panic!("unknown variant {other}"),
        }
    }
    let (mut wins, mut reward) = (0, 0.0);
    for game in 0..games {
        let hero = Seat::at(game as usize % seats);
        let mut m = Match::<KnockOutWhist>::new(&config, seats, game).expect("a valid setup").quiet();
        let mut hero_bot = bot(hero_spec);
        let mut opponent = bot(opponent_spec);
        let mut rng = seeded(game ^ 0xABCD);
        while let Some(seat) = m.state().to_act().first() {
            let info = InfoSet::new(m.state(), seat);
            let action = if seat == hero { hero_bot.choose(&info, &mut rng) } else { opponent.choose(&info, &mut rng) };
            m.apply(seat, action).expect("bots play legal actions");
        }
        let outcome = m.outcome().expect("over");
        wins += usize::from(outcome.place(hero) == 1);
        reward += outcome.reward(hero);
    }
    println!(
        "{hero_spec} vs {} × {opponent_spec}: won {wins}/{games} = {:.1}% (fair share {:.1}%), mean reward {:.3}",
        seats - 1,
        100.0 * wins as f64 / games as f64,
        100.0 / seats as f64,
        reward / games as f64
    );
}
