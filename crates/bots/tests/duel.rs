//! Information-set MCTS on the duel demo: a compound secret pick (two of four cards) and a
//! chained reaction window with an order (veto, then overrule).

use bots::{Budget, Ismcts};
use engine::demo::{Duel, DuelAction, DuelConfig};
use engine::{Bot, EventLog, Game, InfoSet, Seat, StepKind, seeded};

mod common;

const S0: Seat = Seat::at(0);
const S1: Seat = Seat::at(1);

fn factory(spec: &engine::BotSpec) -> Result<Box<dyn Bot<Duel>>, engine::BotError> {
    bots::standard::<Duel>(spec, || Box::new(engine::RandomBot::default()))
}

fn act(game: &mut Duel, seat: Seat, action: &str) {
    game.apply(seat, action.parse().unwrap(), &mut seeded(0), &mut EventLog::off()).unwrap();
}

fn search(game: &Duel, seat: Seat, iterations: u32, seed: u64) -> DuelAction {
    Ismcts::<Duel>::new(Budget::Iterations(iterations)).search(&InfoSet::new(game, seat), &mut seeded(seed)).chosen
}

/// A two-seat duel to one point, in which seat 1 just won the first round.
fn seat_1_won() -> Duel {
    let config = DuelConfig { first_to: 1, max_rounds: 5 };
    let mut game = Duel::new(&config, 2, &mut seeded(0)).unwrap();
    act(&mut game, S0, "pick 1 2");
    act(&mut game, S1, "pick 3 4");
    game
}

#[test]
fn bots_choose_legal_actions_keep_to_their_view_and_repeat_themselves() {
    let mut hidden = 0;
    for seats in 2..=4 {
        for seed in 0..30 {
            let depth = (seed % 11) as usize;
            for spec in ["ismcts:60", "random"] {
                common::check_legal_choice(factory, spec, &DuelConfig::default(), seats, seed, depth);
            }
            hidden +=
                usize::from(common::check_no_peeking(factory, "ismcts:60", &DuelConfig::default(), seats, seed, depth));
            common::check_deterministic(factory, "ismcts:60", &DuelConfig::default(), seats, seed, depth);
        }
    }
    assert!(hidden > 10, "some positions had a hidden pick or answer to resample ({hidden})");
}

#[test]
fn it_vetoes_the_round_that_would_lose_the_game() {
    let game = seat_1_won();
    assert_eq!(game.step_kind(), StepKind::Reaction);
    for seed in 0..5 {
        assert_eq!(search(&game, S0, 400, seed), DuelAction::Veto, "seed {seed}");
    }
}

#[test]
fn it_overrules_the_veto_of_its_winning_round() {
    let mut game = seat_1_won();
    act(&mut game, S0, "veto");
    // Seat 0 (the vetoer) is asked too and can only pass; seat 1 may overrule and win.
    for seed in 0..5 {
        assert_eq!(search(&game, S1, 400, seed), DuelAction::Overrule, "seed {seed}");
    }
}

#[test]
fn a_secret_pick_does_not_depend_on_the_other_seats_pending_pick() {
    // Whatever seat 1 picked, seat 0's search sees the same information set and decides alike.
    let config = DuelConfig::default();
    let picks = ["pick 1 2", "pick 3 4", "pick 2 3"];
    let chosen: Vec<DuelAction> = picks
        .iter()
        .map(|pick| {
            let mut game = Duel::new(&config, 2, &mut seeded(0)).unwrap();
            act(&mut game, S1, pick);
            search(&game, S0, 500, 9)
        })
        .collect();
    assert!(chosen.windows(2).all(|w| w[0] == w[1]), "seat 0's pick followed seat 1's hidden one: {chosen:?}");
}

#[test]
fn ismcts_beats_random_in_three_seat_duels() {
    let reward = common::mean_reward(factory, "ismcts:200", "random", &DuelConfig::default(), 3, 60, 1);
    assert!(reward > 0.55, "ismcts:200 against two random seats: mean reward {reward:.3} (par 0.5)");
}
