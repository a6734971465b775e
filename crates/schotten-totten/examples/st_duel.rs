//! Two tunings of the heuristic bot against each other (seats alternating, both threads of the
//! machine), for tuning: `cargo run --release -p schotten-totten --example st_duel -- GAMES [A] [B]`
//! where A and B are knob lists such as `adjacency=0.8,draw_share=0.25` (empty = defaults).

use engine::{Bot, Game, Match, Seat, seeded};
use schotten_totten::{Config, HeuristicBot, SchottenTotten, Tuning};

fn tuning(spec: &str) -> Tuning {
    let mut t = Tuning::default();
    for pair in spec.split(',').filter(|p| !p.is_empty()) {
        let (key, value) = pair.split_once('=').expect("knob=value");
        match key {
            "draw_share" => t.draw_share = value.parse().unwrap(),
            "adjacency" => t.adjacency = value.parse().unwrap(),
            "own_filler" => t.own_filler = value.parse().unwrap(),
            "their_filler" => t.their_filler = value.parse().unwrap(),
            other => panic!("unknown knob {other}"),
        }
    }
    t
}

/// Games won by A out of `games` starting at `from`.
fn play(a: Tuning, b: Tuning, from: u64, games: u64) -> u64 {
    let mut wins = 0;
    for g in from..from + games {
        let mut m = Match::<SchottenTotten>::new(&Config::default(), 2, g).unwrap().quiet();
        let a_seat = Seat::at((g % 2) as usize);
        let mut bots: Vec<Box<dyn Bot<SchottenTotten>>> =
            vec![Box::new(HeuristicBot::with_tuning(a)), Box::new(HeuristicBot::with_tuning(b))];
        if a_seat.index() == 1 {
            bots.swap(0, 1);
        }
        let mut rng = seeded(g ^ 0xABCD);
        while let Some(seat) = m.state().to_act().first() {
            let action = m.ask(bots[seat.index()].as_mut(), seat, &mut rng).unwrap();
            m.apply(seat, action).unwrap();
        }
        wins += u64::from(m.outcome().unwrap().place(a_seat) == 1);
    }
    wins
}

fn main() {
    let args: Vec<String> = std::env::args().skip(1).collect();
    let games: u64 = args.first().and_then(|a| a.parse().ok()).unwrap_or(2000);
    let a = tuning(args.get(1).map_or("", String::as_str));
    let b = tuning(args.get(2).map_or("", String::as_str));
    let half = games / 2;
    let wins = std::thread::scope(|s| {
        let first = s.spawn(|| play(a, b, 0, half));
        let second = s.spawn(|| play(a, b, half, games - half));
        first.join().unwrap() + second.join().unwrap()
    });
    let rate = wins as f64 / games as f64;
    let ci = 1.96 * (rate * (1.0 - rate) / games as f64).sqrt();
    println!("A {a:?}\nB {b:?}\nA wins {wins} of {games}: {:.1} % ± {:.1}", 100.0 * rate, 100.0 * ci);
}
