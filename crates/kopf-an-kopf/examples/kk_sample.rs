//! Dumps a renderer sample (a seat's view and legal actions in a random game) as JSON, for the
//! web renderer harness: `cargo run --release -p kopf-an-kopf --example kk_sample -- SEATS STEPS`.

use engine::{Game, Match, Seat};
use kopf_an_kopf::KopfAnKopf;
use rand::Rng;

fn main() {
    let mut args = std::env::args().skip(1);
    let seats: usize = args.next().and_then(|a| a.parse().ok()).unwrap_or(8);
    let steps: usize = args.next().and_then(|a| a.parse().ok()).unwrap_or(300);
    let mut m = Match::<KopfAnKopf>::new(&Default::default(), seats, 3).unwrap();
    let mut rng = engine::seeded(9);
    let mut legal = Vec::new();
    let mut step = 0;
    // Random play, then on until seat 0 is asked in a window (or the game ends).
    while !m.state().is_over() {
        let to_act = m.state().to_act();
        if step >= steps
            && (to_act.contains(Seat::at(0)) && m.state().view(None).phase == "reaction" || step > steps + 2000)
        {
            break;
        }
        let seat = to_act.iter().nth(rng.random_range(0..to_act.len())).unwrap();
        m.state().legal_actions(seat, &mut legal);
        m.apply(seat, legal[rng.random_range(0..legal.len())]).unwrap();
        step += 1;
    }
    let me = Seat::at(0);
    m.state().legal_actions(me, &mut legal);
    let sample = serde_json::json!({
        "game": "kopf-an-kopf",
        "you": 0,
        "names": (0..seats).map(|s| if s == 0 { "You".to_string() } else { format!("Bot {s}") }).collect::<Vec<_>>(),
        "view": m.state().view(Some(me)),
        "legal": legal.iter().map(|a| a.to_string()).collect::<Vec<_>>(),
    });
    println!("{sample}");
}
