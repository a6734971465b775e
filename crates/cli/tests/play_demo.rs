//! `play` at library level on the demo game, driven through piped input to the end.

mod common;

use std::time::Duration;

use cli::play::{PlayEnd, PlayOptions, play};
use cli::style::Style;

fn options(seed: u64, seat: usize) -> PlayOptions {
    PlayOptions {
        game: "rps-veto".into(),
        bots: vec![],
        players: None,
        seed,
        seat,
        variants: vec!["first-to=2".into()],
        config: None,
        delay: Duration::ZERO,
        echo: false,
    }
}

fn run(options: &PlayOptions, input: &str) -> (PlayEnd, String) {
    let registry = common::demo_registry();
    let mut out = Vec::new();
    let end = play(&registry, options, &mut input.as_bytes(), &mut out, Style::PLAIN).unwrap();
    (end, String::from_utf8(out).unwrap())
}

#[test]
fn a_whole_game_through_piped_input() {
    // Bad input first, then a throw; whatever phase comes, one of the two lines is legal.
    let script = "lizard\nhelp\n\n9\n".to_owned() + &"rock\naccept\n".repeat(50);
    for seat in [0, 1] {
        let (end, out) = run(&options(5, seat), &script);
        let PlayEnd::Finished { outcome, record } = end else { panic!("the game ends:\n{out}") };
        assert!(out.contains(&format!("seat {seat}: you")), "{out}");
        assert!(out.contains("cannot read \"lizard\""), "bad notation is explained:\n{out}");
        assert!(out.contains("1) rock"), "help lists numbered actions:\n{out}");
        assert!(out.contains("there are 3 legal actions"), "{out}");
        assert!(out.contains("Game over."), "{out}");
        assert!(out.contains("threw"), "events are shown:\n{out}");
        assert!(!out.contains('\x1b'), "plain output has no colour codes");
        assert_eq!(record.players[seat], "you");
        assert!(outcome.places().contains(&1));
        // The record of the game at the terminal replays.
        assert_eq!(common::demo_registry().replay(&record).unwrap().outcome(), Some(outcome));
    }
}

#[test]
fn numbers_pick_from_the_legal_list() {
    let (end, out) = run(&options(8, 0), &"1\n".repeat(100));
    assert!(matches!(end, PlayEnd::Finished { .. }), "{out}");
    let PlayEnd::Finished { record, .. } = end else { unreachable!() };
    // Action 1 is always the first legal one: rock when throwing, veto in a reaction window.
    assert!(record.actions.iter().filter(|a| a.seat.index() == 0).all(|a| a.action == "rock" || a.action == "veto"));
}

#[test]
fn the_bots_hidden_throw_is_not_shown() {
    // Every seat of a secret choice chooses from where it began: the human is asked, then the
    // bot's throw (chosen before) is applied; the human must see only that it threw.
    let (_, out) = run(&options(3, 0), "rock\nquit\n");
    let first_event = out.lines().find(|l| l.contains("seat 1 threw")).expect("the bot threw");
    assert_eq!(first_event.trim(), "· seat 1 threw", "{out}");
}

#[test]
fn quitting_and_running_out_of_input_end_early() {
    let (end, out) = run(&options(1, 0), "quit\n");
    assert!(matches!(end, PlayEnd::Quit { .. }), "{out}");
    assert!(out.contains("You left the table."));
    let (end, _) = run(&options(1, 0), "rock\n");
    let PlayEnd::InputEnded { record } = end else { panic!("input ended") };
    assert!(!record.actions.is_empty());
}

#[test]
fn bad_options_are_refused() {
    let registry = common::demo_registry();
    let mut out = Vec::new();
    let bad_seat = play(&registry, &options(1, 2), &mut "".as_bytes(), &mut out, Style::PLAIN).unwrap_err();
    assert!(bad_seat.to_string().contains("no seat 2"), "{bad_seat}");
    let bad_bot = PlayOptions { bots: vec!["genius".into()], ..options(1, 0) };
    let err = play(&registry, &bad_bot, &mut "".as_bytes(), &mut out, Style::PLAIN).unwrap_err();
    assert!(err.to_string().contains("unknown bot \"genius\""), "{err}");
}
