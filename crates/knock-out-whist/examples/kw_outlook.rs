//! How far ahead the seat that chooses trump and leads a round finishes, by the seats still in
//! and the cards of that round: the table behind [`knock_out_whist::evaluation`]'s chooser edge.
//!
//! ```text
//! cargo run --release -p knock-out-whist --example kw_outlook -- [GAMES] [variant…]
//! ```
//!
//! Plays GAMES games of heuristic players at every table size from 2 to 7 (default 20,000) and,
//! at the start of every round after the first, counts for each other seat still in whether
//! the chooser finished ahead of it (a shared place counts half). Prints each cell's share and
//! its count, then the table as Rust. Variants: `mercy`, `fixed-trump`.

use engine::{Bot, EventLog, Game, InfoSet, MAX_SEATS, Seat, seeded};
use knock_out_whist::{Config, Event, HeuristicBot, KnockOutWhist};

/// Hand sizes counted (1 … 8 cards).
const CARDS: usize = 8;

fn main() {
    let args: Vec<String> = std::env::args().skip(1).collect();
    let games: u64 = args.first().and_then(|a| a.parse().ok()).unwrap_or(20_000);
    let mut config = Config::default();
    for variant in args.iter().skip(1) {
        match variant.as_str() {
            "mercy" => config.mercy = true,
            "fixed-trump" => config.fixed_trump = true,
            other => panic!("unknown variant {other}: mercy or fixed-trump"),
        }
    }
    // [seats still in][cards] → (chooser ahead, pairs).
    let mut cells = [[(0.0f64, 0u64); CARDS + 1]; MAX_SEATS + 1];
    for seats in 2..=7 {
        let start = config.start_cards.min(Config::max_start_cards(seats));
        let config = Config { start_cards: start, ..config.clone() };
        for game in 0..games {
            let mut rng = seeded(game * 8 + seats as u64);
            let mut state = KnockOutWhist::new(&config, seats, &mut rng).expect("a valid table");
            let mut bots: Vec<HeuristicBot> = (0..seats).map(|_| HeuristicBot::default()).collect();
            let mut log = EventLog::new();
            while let Some(seat) = state.to_act().first() {
                let action = bots[seat.index()].choose(&InfoSet::new(&state, seat), &mut rng);
                state.apply(seat, action, &mut rng, &mut log).expect("bots play legal actions");
            }
            count_rounds(log.events(), seats, &mut cells);
        }
    }
    println!("seats in × cards: the chooser's share of finishing ahead of another seat still in (pairs)");
    for (n, row) in cells.iter().enumerate().skip(2) {
        let line: Vec<String> =
            row[1..]
                .iter()
                .map(|&(ahead, pairs)| {
                    if pairs == 0 {
                        "      -      ".into()
                    } else {
                        format!("{:.3} ({pairs:>6})", ahead / pairs as f64)
                    }
                })
                .collect();
        println!("{n}: {}", line.join(" "));
    }
    println!("[");
    for row in filled(&cells) {
        let values: Vec<String> = row.iter().map(|edge| format!("{edge:.3}")).collect();
        println!("    [{}],", values.join(", "));
    }
    println!("]");
}

/// The fewest pairs a cell needs to be taken as measured.
const ENOUGH: u64 = 200;

/// Each cell's edge over even (share − 0.5); a cell measured too rarely takes its row's nearest
/// measured cell (more cards first), a row without any 0.
fn filled(cells: &[[(f64, u64); CARDS + 1]; MAX_SEATS + 1]) -> [[f64; CARDS + 1]; MAX_SEATS + 1] {
    let mut table = [[0.0; CARDS + 1]; MAX_SEATS + 1];
    for (row, out) in cells.iter().zip(table.iter_mut()) {
        let measured: Vec<usize> = (1..=CARDS).filter(|&k| row[k].1 >= ENOUGH).collect();
        for (k, edge) in out.iter_mut().enumerate().skip(1) {
            let nearest = measured.iter().min_by_key(|&&m| (m.abs_diff(k), m < k));
            if let Some(&m) = nearest {
                *edge = row[m].0 / row[m].1 as f64 - 0.5;
            }
        }
    }
    table
}

/// Walks one game's events: at every chooser's round, each seat still in against the chooser.
fn count_rounds(events: &[Event], seats: usize, cells: &mut [[(f64, u64); CARDS + 1]; MAX_SEATS + 1]) {
    let Some(Event::GameOver { places, .. }) = events.last() else { panic!("a finished game ends with its places") };
    let mut out = [false; MAX_SEATS];
    let mut mercy = [false; MAX_SEATS];
    let mut cards = 0;
    for event in events {
        match *event {
            Event::Dealt { cards_per_hand, .. } => cards = usize::from(cards_per_hand),
            Event::KnockedOut { seat, .. } => out[seat.index()] = true,
            Event::Mercy { seat } => mercy[seat.index()] = true,
            Event::BackIn { seat } => mercy[seat.index()] = false,
            Event::MostTricks { seat: chooser, .. } => {
                let still: Vec<Seat> = Seat::all(seats).filter(|s| !out[s.index()]).collect();
                let cell = &mut cells[still.len()][cards];
                for &other in still.iter().filter(|&&s| s != chooser && !mercy[s.index()]) {
                    let (mine, theirs) = (places[chooser.index()], places[other.index()]);
                    cell.0 += match mine.cmp(&theirs) {
                        std::cmp::Ordering::Less => 1.0,
                        std::cmp::Ordering::Equal => 0.5,
                        std::cmp::Ordering::Greater => 0.0,
                    };
                    cell.1 += 1;
                }
            }
            _ => {}
        }
    }
}
