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
//! its count, then the table as Rust. With `mercy` it also counts, for each seat on its mercy
//! chance (KW-30), whether it finished ahead of each seat in that does not choose. Variants:
//! `mercy`, `fixed-trump`.

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
    // [seats still in][cards] → (chooser ahead, pairs), and (mercy seat ahead, pairs).
    let mut cells = [[(0.0f64, 0u64); CARDS + 1]; MAX_SEATS + 1];
    let mut mercy_cells = [[(0.0f64, 0u64); CARDS + 1]; MAX_SEATS + 1];
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
            count_rounds(log.events(), seats, &mut cells, &mut mercy_cells);
        }
    }
    print_table("the chooser's share of finishing ahead of another seat still in", &cells);
    if config.mercy {
        print_table("a seat on its mercy chance: its share of finishing ahead of a seat in", &mercy_cells);
    }
}

/// Prints each cell's share and count, then the filled table as Rust.
fn print_table(what: &str, cells: &Cells) {
    println!("seats not out × cards: {what} (pairs)");
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
    for row in filled(cells) {
        let values: Vec<String> = row.iter().map(|edge| format!("{edge:.3}")).collect();
        println!("    [{}],", values.join(", "));
    }
    println!("]");
}

/// Shares by seats not out and cards: (ahead, pairs).
type Cells = [[(f64, u64); CARDS + 1]; MAX_SEATS + 1];

/// The fewest pairs a cell needs to be taken as measured.
const ENOUGH: u64 = 200;

/// Each cell's edge over even (share − 0.5); a cell measured too rarely takes its row's nearest
/// measured cell (more cards first), a row of two or more seats without any the row below it.
fn filled(cells: &Cells) -> [[f64; CARDS + 1]; MAX_SEATS + 1] {
    let mut table = [[0.0; CARDS + 1]; MAX_SEATS + 1];
    for n in (2..=MAX_SEATS).rev() {
        let row = &cells[n];
        let measured: Vec<usize> = (1..=CARDS).filter(|&k| row[k].1 >= ENOUGH).collect();
        if measured.is_empty() {
            if n < MAX_SEATS {
                table[n] = table[n + 1];
            }
            continue;
        }
        for (k, edge) in table[n].iter_mut().enumerate().skip(1) {
            let m = *measured.iter().min_by_key(|&&m| (m.abs_diff(k), m < k)).expect("measured cells");
            *edge = row[m].0 / row[m].1 as f64 - 0.5;
        }
    }
    table
}

/// Walks one game's events: at every chooser's round, each seat still in against the chooser,
/// and each seat on its mercy chance against each seat in that does not choose.
fn count_rounds(events: &[Event], seats: usize, cells: &mut Cells, mercy_cells: &mut Cells) {
    let Some(Event::GameOver { places, .. }) = events.last() else { panic!("a finished game ends with its places") };
    let ahead = |a: Seat, b: Seat| match places[a.index()].cmp(&places[b.index()]) {
        std::cmp::Ordering::Less => 1.0,
        std::cmp::Ordering::Equal => 0.5,
        std::cmp::Ordering::Greater => 0.0,
    };
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
                let seats_in = || still.iter().filter(|&&s| s != chooser && !mercy[s.index()]);
                for &other in seats_in() {
                    let cell = &mut cells[still.len()][cards];
                    cell.0 += ahead(chooser, other);
                    cell.1 += 1;
                    for &on_mercy in still.iter().filter(|&&s| mercy[s.index()]) {
                        let cell = &mut mercy_cells[still.len()][cards];
                        cell.0 += ahead(on_mercy, other);
                        cell.1 += 1;
                    }
                }
            }
            _ => {}
        }
    }
}
