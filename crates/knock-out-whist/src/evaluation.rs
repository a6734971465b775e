//! A search's estimate of a sampled world that it stops playing out early (`cutoff=N`): the
//! round in progress is finished with the playout policy, and the rounds after it are scored by
//! a model instead of being dealt and played.
//!
//! Why: a playout to the end of the game plays every later round from a fresh random deal —
//! about ninety moves from the first round, most of them noise about a deal nobody holds yet.
//! What a decision changes is mostly this round: who takes a trick and stays in, who is knocked
//! out. After the round the model knows who is out and in which round (their places are fixed,
//! KW-23), and gives each pair of seats still playing an equal chance — except the seat that
//! chooses trump and leads next round (KW-6, KW-7), which is favoured, and a seat on its mercy
//! chance (KW-30), which needs its one card to win a trick just to stay in.
//!
//! The chooser's edge is large because most games end in a sweep (KW-21; 83 % of the games in
//! the runs below), and with few cards the seat that names trump and leads sweeps most often.
//! It is measured, not guessed: `CHOOSER_EDGE` holds, by the seats not out and the next
//! round's cards, how often the chooser finished ahead of another seat still in over games of
//! heuristic players — from 0.38 over even with two seats left and one card down to 0.11 with
//! two seats and six. Where the chooser only leads (fixed trump, a final without trump) it is
//! next to nothing (`LEADER_EDGE`), so the edge is the choice of trump.
//!
//! Against three heuristic players (`ismcts:1000,cutoff=0`, 2,000 games each): without an edge
//! the search won 26.5 % (seed 1); one edge of 0.25 for every round, tuned on seed 1 among
//! 0.08 / 0.15 / 0.25 / 0.35 / 0.45 (28.6 / 29.7 / 30.6 / 30.0 / 28.9 %), won 30.6 % there and
//! 28.3 % on seed 2028; the measured table 30.1 % and 28.9 % (the table × 1.5 or × 2 on seed 1:
//! 30.4 and 29.9 %). So the table is as strong where the single edge was tuned, and right where
//! it was not: with `fixed-trump` (seed 2028) the single edge won 25.7 %, the table 27.1 %.
//! Playing out to the end won 29.3 % on seed 1. A seat on its mercy chance is measured the same
//! way (`MERCY_EDGE`, from a share of 0.49 ahead of a seat in at three seats and one card down to
//! 0.12 at seven seats and six cards); with `--variant mercy` (seed 2028) it won 27.5 %, where
//! the one share of 0.2 guessed before won 28.0 % — as strong, and no longer a guess.

use engine::{EventLog, Game, GameRng, MAX_SEATS, Seat};
use rand::Rng;

use crate::action::Action;
use crate::playout::{choose_trump, play_from};
use crate::ranking;
use crate::state::{KnockOutWhist, Phase, Status};
use crate::suit::Suit;

/// How much less likely than even a seat on its mercy chance (KW-30) is to finish ahead of a
/// seat that is in and does not choose, by the seats not out and the round's cards: it must win
/// a trick with its single card to come back. Measured like [`CHOOSER_EDGE`] (`--example
/// kw_outlook -- 20000 mercy`); two seats left take the row of three.
const MERCY_EDGE: [[f64; 9]; MAX_SEATS + 1] = [
    [0.000, 0.000, 0.000, 0.000, 0.000, 0.000, 0.000, 0.000, 0.000],
    [0.000, 0.000, 0.000, 0.000, 0.000, 0.000, 0.000, 0.000, 0.000],
    [0.000, -0.006, -0.112, -0.207, -0.255, -0.271, -0.283, -0.283, -0.283],
    [0.000, -0.006, -0.112, -0.207, -0.255, -0.271, -0.283, -0.283, -0.283],
    [0.000, -0.136, -0.136, -0.225, -0.279, -0.317, -0.332, -0.332, -0.332],
    [0.000, -0.220, -0.220, -0.220, -0.273, -0.326, -0.356, -0.356, -0.356],
    [0.000, -0.246, -0.246, -0.246, -0.246, -0.319, -0.370, -0.370, -0.370],
    [0.000, -0.294, -0.294, -0.294, -0.294, -0.294, -0.380, -0.380, -0.380],
    [0.000, 0.000, 0.000, 0.000, 0.000, 0.000, 0.000, 0.000, 0.000],
];

/// How much more likely than even the seat that chooses trump and leads next round is to finish
/// ahead of another seat still in, by the seats not out (row) and that round's cards (column):
/// measured over 20,000 games of heuristic players at each table size from 2 to 7 (`cargo run
/// --release -p knock-out-whist --example kw_outlook -- 20000`), cells with fewer than 200
/// pairs taken from their row's nearest measured cell.
const CHOOSER_EDGE: [[f64; 9]; MAX_SEATS + 1] = [
    [0.000, 0.000, 0.000, 0.000, 0.000, 0.000, 0.000, 0.000, 0.000],
    [0.000, 0.000, 0.000, 0.000, 0.000, 0.000, 0.000, 0.000, 0.000],
    [0.000, 0.382, 0.235, 0.211, 0.177, 0.148, 0.106, 0.106, 0.106],
    [0.000, 0.267, 0.267, 0.235, 0.211, 0.168, 0.132, 0.132, 0.132],
    [0.000, 0.248, 0.248, 0.248, 0.227, 0.193, 0.157, 0.157, 0.157],
    [0.000, 0.277, 0.277, 0.277, 0.277, 0.211, 0.178, 0.178, 0.178],
    [0.000, 0.131, 0.131, 0.131, 0.131, 0.131, 0.187, 0.187, 0.187],
    [0.000, 0.194, 0.194, 0.194, 0.194, 0.194, 0.194, 0.194, 0.194],
    [0.000, 0.000, 0.000, 0.000, 0.000, 0.000, 0.000, 0.000, 0.000],
];

/// The same where the chooser only leads (KW-40 `fixed-trump`; `--example kw_outlook -- 20000
/// fixed-trump`): next to nothing, so the edge above is the choice of trump.
const LEADER_EDGE: [[f64; 9]; MAX_SEATS + 1] = [
    [0.000, 0.000, 0.000, 0.000, 0.000, 0.000, 0.000, 0.000, 0.000],
    [0.000, 0.000, 0.000, 0.000, 0.000, 0.000, 0.000, 0.000, 0.000],
    [0.000, 0.192, 0.068, 0.023, 0.008, 0.001, -0.003, -0.003, -0.003],
    [0.000, 0.035, 0.035, 0.011, -0.009, -0.006, -0.002, -0.002, -0.002],
    [0.000, -0.011, -0.011, -0.011, -0.017, -0.012, -0.010, -0.010, -0.010],
    [0.000, 0.011, 0.011, 0.011, 0.011, -0.012, -0.016, -0.016, -0.016],
    [0.000, -0.047, -0.047, -0.047, -0.047, -0.047, -0.013, -0.013, -0.013],
    [0.000, -0.004, -0.004, -0.004, -0.004, -0.004, -0.004, -0.004, -0.004],
    [0.000, 0.000, 0.000, 0.000, 0.000, 0.000, 0.000, 0.000, 0.000],
];

/// The evaluation (a search's `EvaluationFn`): finishes the round in progress in a copy of
/// `world` with [`crate::playout_policy`]'s choices, then writes each seat's expected reward
/// (the share of the other seats it finishes ahead of) into `rewards[..seats]`. It allocates
/// nothing.
pub fn evaluation(world: &KnockOutWhist, rng: &mut GameRng, rewards: &mut [f64; MAX_SEATS]) {
    let mut world = world.clone();
    let round = world.round;
    let mut log = EventLog::off();
    while world.phase != Phase::Over && world.round == round {
        if step(&mut world, rng, &mut log).is_none() {
            break; // a game bug: it refused its own legal move; score what there is
        }
    }
    score(&world, rewards);
}

/// One decision of the round by the playout policy.
fn step(world: &mut KnockOutWhist, rng: &mut GameRng, log: &mut EventLog<crate::Event>) -> Option<()> {
    match world.phase {
        Phase::Play => {
            let seat = world.turn;
            let cards = world.playable(seat);
            let may_hold = world.may_hold(seat);
            let action = if cards.is_empty() { Action::Hold } else { play_from(world, seat, cards, may_hold) };
            world.apply(seat, action, rng, log).ok()
        }
        Phase::ChooseTrump { options } => {
            let mut legal = [Action::Trump(Suit::ALL[0]); 4];
            let mut n = 0;
            for suit in options.iter() {
                legal[n] = Action::Trump(suit);
                n += 1;
            }
            let seat = world.turn;
            let action = choose_trump(world.hands[seat.index()], &legal[..n]);
            world.apply(seat, action, rng, log).ok()
        }
        Phase::Vote => {
            let seat = world.to_act().first()?;
            let suit = Suit::ALL[rng.random_range(0..Suit::ALL.len())];
            world.apply(seat, Action::Vote(suit), rng, log).ok()
        }
        Phase::Over => Some(()),
    }
}

/// The expected rewards after a round: places already decided count as they are; two seats
/// still playing are even, unless one of them chooses trump next round or is on its mercy
/// chance and the other is not.
fn score(world: &KnockOutWhist, rewards: &mut [f64; MAX_SEATS]) {
    let seats = world.seats();
    if let Some(outcome) = ranking::outcome(world) {
        for seat in Seat::all(seats) {
            rewards[seat.index()] = outcome.reward(seat);
        }
        return;
    }
    let chooser = world.chooser.map(Seat::index);
    let (edge, mercy) = (chooser_edge(world), mercy_edge(world));
    for (i, reward) in rewards.iter_mut().enumerate().take(seats) {
        let ahead: f64 = (0..seats).filter(|&j| j != i).map(|j| chance_ahead(world, chooser, edge, mercy, i, j)).sum();
        *reward = ahead / (seats - 1) as f64;
    }
}

/// The edge of the next round's chooser over another seat still in ([`CHOOSER_EDGE`], or
/// [`LEADER_EDGE`] where it only leads: fixed trump, or a final played without trump).
fn chooser_edge(world: &KnockOutWhist) -> f64 {
    let not_out = not_out(world);
    let cards = usize::from(world.cards_per_hand()).min(8);
    let only_leads = world.config.fixed_trump || (world.config.no_trump_final && cards == 1);
    let table = if only_leads { &LEADER_EDGE } else { &CHOOSER_EDGE };
    table[not_out.min(MAX_SEATS)][cards]
}

/// How far a seat on its mercy chance is behind even against a seat in ([`MERCY_EDGE`]).
fn mercy_edge(world: &KnockOutWhist) -> f64 {
    MERCY_EDGE[not_out(world).min(MAX_SEATS)][usize::from(world.cards_per_hand()).min(8)]
}

/// The seats not out of the game (in, or on a mercy chance).
fn not_out(world: &KnockOutWhist) -> usize {
    world.status[..world.seats()].iter().filter(|s| !matches!(s, Status::Out(_))).count()
}

/// The chance that seat `i` finishes ahead of seat `j` (a shared place counting half), as
/// [`score`] models it: the chooser `edge` ahead of even, a seat on its mercy chance `mercy`.
fn chance_ahead(world: &KnockOutWhist, chooser: Option<usize>, edge: f64, mercy: f64, i: usize, j: usize) -> f64 {
    let edge = match chooser {
        Some(c) if c == i => edge,
        Some(c) if c == j => -edge,
        _ => 0.0,
    };
    match (world.status[i], world.status[j]) {
        (Status::Out(a), Status::Out(b)) => match a.cmp(&b) {
            std::cmp::Ordering::Greater => 1.0,
            std::cmp::Ordering::Equal => 0.5,
            std::cmp::Ordering::Less => 0.0,
        },
        (Status::Out(_), _) => 0.0,
        (_, Status::Out(_)) => 1.0,
        (Status::Mercy, Status::In) => (0.5 + mercy + edge).clamp(0.0, 1.0),
        (Status::In, Status::Mercy) => (0.5 - mercy + edge).clamp(0.0, 1.0),
        _ => 0.5 + edge,
    }
}

#[cfg(test)]
mod tests {
    use engine::{Game, seeded};

    use super::*;
    use crate::config::Config;

    /// A game of `seats` after `moves` uniformly random legal moves (fewer if it ends first).
    fn after_random_moves(config: &Config, seats: usize, moves: usize, seed: u64) -> KnockOutWhist {
        let mut rng = seeded(seed);
        let mut game = KnockOutWhist::new(config, seats, &mut rng).expect("a valid table");
        let mut legal = Vec::new();
        for _ in 0..moves {
            let Some(seat) = game.to_act().first() else { break };
            game.legal_actions(seat, &mut legal);
            let action = legal[rng.random_range(0..legal.len())];
            game.apply(seat, action, &mut rng, &mut EventLog::off()).expect("legal");
        }
        game
    }

    fn configs() -> impl Iterator<Item = Config> {
        [
            Config::default(),
            Config { mercy: true, ..Config::default() },
            Config { fixed_trump: true, ..Config::default() },
        ]
        .into_iter()
        .chain(Config::flag_combinations())
    }

    #[test]
    fn the_round_is_finished_as_the_playout_policy_would_finish_it() {
        let mut checked = 0;
        for (n, config) in configs().enumerate() {
            for seed in 0..60u64 {
                let seats = 2 + (seed % 5) as usize;
                let mut config = config.clone();
                config.start_cards = config.start_cards.min(Config::max_start_cards(seats));
                let world = after_random_moves(&config, seats, (seed * 7 % 90) as usize, seed + 1000 * n as u64);
                // The generic way: the game's legal actions, the policy, the game's apply.
                let (mut expected, mut rng) = (world.clone(), seeded(seed));
                let mut legal = Vec::new();
                while expected.phase != Phase::Over && expected.round == world.round {
                    let seat = expected.to_act().first().expect("someone acts");
                    expected.legal_actions(seat, &mut legal);
                    let action = crate::playout_policy(&expected, seat, &legal, &mut rng);
                    expected.apply(seat, action, &mut rng, &mut EventLog::off()).expect("legal");
                }
                let mut want = [0.0; MAX_SEATS];
                score(&expected, &mut want);
                let mut got = [0.0; MAX_SEATS];
                evaluation(&world, &mut seeded(seed), &mut got);
                assert_eq!(got, want, "seed {seed}, {seats} seats, {config:?}");
                checked += 1;
            }
        }
        assert!(checked > 500);
    }

    #[test]
    fn kw_23_rewards_are_shares_of_the_others_beaten_and_decided_places_stay() {
        for seed in 0..300u64 {
            let seats = 2 + (seed % 5) as usize;
            let config = Config { mercy: seed % 2 == 0, ..Config::default() };
            let world = after_random_moves(&config, seats, (seed * 13 % 120) as usize, seed);
            let mut rewards = [0.0; MAX_SEATS];
            evaluation(&world, &mut seeded(seed), &mut rewards);
            let total: f64 = rewards[..seats].iter().sum();
            // Every pair of seats shares one point between them.
            assert!((total - seats as f64 / 2.0).abs() < 1e-9, "seed {seed}: rewards {rewards:?}");
            for i in 0..seats {
                assert!((0.0..=1.0).contains(&rewards[i]));
                // A seat already out stays behind every seat not out when the round began.
                if let Status::Out(_) = world.status[i] {
                    for j in (0..seats).filter(|&j| !matches!(world.status[j], Status::Out(_))) {
                        assert!(rewards[i] < rewards[j], "seed {seed}: seat {i} is out, {j} is not: {rewards:?}");
                    }
                }
            }
            if let Some(outcome) = world.outcome() {
                for seat in Seat::all(seats) {
                    assert_eq!(rewards[seat.index()], outcome.reward(seat));
                }
            }
        }
    }

    #[test]
    fn kw_30_a_seat_on_its_mercy_chance_is_scored_below_the_seats_in() {
        let mut world = after_random_moves(&Config { mercy: true, ..Config::default() }, 4, 0, 3);
        world.status =
            [Status::In, Status::Mercy, Status::Out(1), Status::In, Status::In, Status::In, Status::In, Status::In];
        let mut rewards = [0.0; MAX_SEATS];
        score(&world, &mut rewards);
        // Three seats not out, seven cards: the table's cell.
        let ahead = 0.5 + MERCY_EDGE[3][7];
        assert!(ahead < 0.3);
        assert_eq!(rewards[2], 0.0);
        assert!((rewards[0] - (1.0 + 0.5 + (1.0 - ahead)) / 3.0).abs() < 1e-12);
        assert!((rewards[1] - (1.0 + 2.0 * ahead) / 3.0).abs() < 1e-12);
        assert!(rewards[1] < rewards[0] && rewards[0] == rewards[3]);
    }

    #[test]
    fn kw_6_the_seat_choosing_trump_next_round_is_scored_above_the_others_in() {
        let mut world = after_random_moves(&Config::default(), 4, 0, 3);
        world.status =
            [Status::In, Status::In, Status::Out(1), Status::In, Status::In, Status::In, Status::In, Status::In];
        world.chooser = Some(Seat::at(3));
        // Three seats not out, seven cards: the table's cell.
        let edge = CHOOSER_EDGE[3][7];
        assert_eq!(chooser_edge(&world), edge);
        assert!(edge > 0.1);
        let mut rewards = [0.0; MAX_SEATS];
        score(&world, &mut rewards);
        let even = (1.0 + 0.5 + 0.5 - edge) / 3.0;
        assert!((rewards[0] - even).abs() < 1e-12 && rewards[0] == rewards[1], "{rewards:?}");
        assert!((rewards[3] - (1.0 + 2.0 * (0.5 + edge)) / 3.0).abs() < 1e-12, "{rewards:?}");
        assert_eq!(rewards[2], 0.0);
        // Two seats left with one card each: the chooser names its own card's suit and leads.
        world.status[1] = Status::Out(2);
        world.round = world.config.start_cards;
        assert_eq!(world.cards_per_hand(), 1);
        assert_eq!(chooser_edge(&world), CHOOSER_EDGE[2][1]);
        assert!(CHOOSER_EDGE[2][1] > CHOOSER_EDGE[2][6], "fewer cards, a bigger edge");
    }

    #[test]
    fn kw_40_with_fixed_trump_the_next_leader_has_next_to_no_edge() {
        for (config, only_leads) in [
            (Config { fixed_trump: true, ..Config::default() }, true),
            (Config { no_trump_final: true, ..Config::default() }, false),
        ] {
            let mut world = after_random_moves(&config, 4, 0, 3);
            world.chooser = Some(Seat::at(1));
            let edge = chooser_edge(&world);
            assert_eq!(edge, if only_leads { LEADER_EDGE[4][7] } else { CHOOSER_EDGE[4][7] }, "{config:?}");
            assert_eq!(edge.abs() < 0.05, only_leads, "{config:?}: {edge}");
            // KW-43: in a final without trump the chooser only leads, as with fixed trump.
            world.round = world.config.start_cards;
            assert_eq!(chooser_edge(&world), LEADER_EDGE[4][1], "{config:?}");
        }
    }
}
