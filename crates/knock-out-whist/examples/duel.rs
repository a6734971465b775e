//! Bot against bot: `cargo run --release -p knock-out-whist --example duel -- GAMES SEATS [variant…]`
//! plays the heuristic in every seat position against random bots and prints its win rate.

use engine::{Bot, EventLog, Game, GameRng, InfoSet, Match, RandomBot, Seat, seeded};
use knock_out_whist::{Action, Config, HeuristicBot, KnockOutWhist};
use rand::Rng;

/// Flat Monte Carlo over determinized worlds with random playouts (for calibration only).
struct Flat(usize);

impl Bot<KnockOutWhist> for Flat {
    fn name(&self) -> String {
        "flat".into()
    }
    fn choose(&mut self, info: &InfoSet<'_, KnockOutWhist>, rng: &mut GameRng) -> Action {
        let mut legal = Vec::new();
        info.legal_actions(&mut legal);
        if legal.len() == 1 {
            return legal[0];
        }
        let me = info.seat();
        let mut buf = Vec::new();
        let mut best = (f64::MIN, legal[0]);
        for &a in &legal {
            let mut total = 0.0;
            for _ in 0..self.0 {
                let mut w = info.sample(rng);
                w.apply(me, a, rng, &mut EventLog::off()).unwrap();
                while let Some(s) = w.to_act().first() {
                    w.legal_actions(s, &mut buf);
                    let x = buf[rng.random_range(0..buf.len())];
                    w.apply(s, x, rng, &mut EventLog::off()).unwrap();
                }
                total += w.outcome().unwrap().reward(me);
            }
            if total > best.0 {
                best = (total, a);
            }
        }
        best.1
    }
}

fn main() {
    let args: Vec<String> = std::env::args().skip(1).collect();
    let games: u64 = args.first().and_then(|a| a.parse().ok()).unwrap_or(2000);
    let seats: usize = args.get(1).and_then(|a| a.parse().ok()).unwrap_or(4);
    let mut config = Config::default();
    for v in args.iter().skip(2) {
        match v.as_str() {
            "mercy" => config.mercy = true,
            "fixed-trump" => config.fixed_trump = true,
            "vote" => config.knocked_out_vote = true,
            "no-trump-final" => config.no_trump_final = true,
            other => panic!("unknown variant {other}"),
        }
    }
    let mut wins = 0;
    let mut heads_up = 0;
    let mut heads_up_wins = 0;
    let mut lost = [[0u32; 8]; 10];
    let mut reward = 0.0;
    for game in 0..games {
        let hero = Seat::at(game as usize % seats);
        let mut m = Match::<KnockOutWhist>::new(&config, seats, game).unwrap().quiet();
        let mut heuristic: Box<dyn Bot<KnockOutWhist>> =
            match std::env::var("KW_FLAT").ok().and_then(|v| v.parse().ok()) {
                Some(n) => Box::new(Flat(n)),
                None => Box::new(HeuristicBot::default()),
            };
        let mut random = RandomBot::default();
        let mut rng = seeded(game ^ 0xABCD);
        let mut reached = false;
        while let Some(seat) = m.state().to_act().first() {
            if !reached {
                let v = m.state().view(None);
                let alive = v.players.iter().filter(|p| p.out_round.is_none()).count();
                if alive == 2 && v.players[hero.index()].out_round.is_none() {
                    reached = true;
                    heads_up += 1;
                }
            }
            let info = InfoSet::new(m.state(), seat);
            let action = if seat == hero { heuristic.choose(&info, &mut rng) } else { random.choose(&info, &mut rng) };
            m.apply(seat, action).unwrap();
        }
        let outcome = m.outcome().unwrap();
        if outcome.place(hero) == 1 {
            wins += 1;
            if reached {
                heads_up_wins += 1;
            }
        } else {
            let v = m.state().view(None);
            let out = v.players[hero.index()].out_round.unwrap_or(0) as usize;
            let alive = v.players.iter().filter(|p| p.out_round.is_none_or(|r| r as usize >= out)).count();
            lost[out.min(9)][alive.min(7)] += 1;
        }
        reward += outcome.reward(hero);
        let _ = m.state().seats();
    }
    for (round, row) in lost.iter().enumerate() {
        if row.iter().any(|&n| n > 0) {
            println!("lost in round {round}: by players in that round {:?}", &row[..=seats]);
        }
    }
    println!("reached heads-up in {heads_up} games, won {heads_up_wins} of them");
    println!(
        "heuristic vs {} random, {seats} seats: won {wins}/{games} = {:.1}% (mean reward {:.3})",
        seats - 1,
        100.0 * wins as f64 / games as f64,
        reward / games as f64
    );
}
