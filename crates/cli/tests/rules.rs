//! `spieltisch rules GAME [--lang de]` on the real binary: every game's rules in English and
//! German, and clear refusals (exit status 1) of an unknown game or language.

use std::process::{Command, Output};

const BIN: &str = env!("CARGO_BIN_EXE_spieltisch");

fn run(args: &[&str]) -> Output {
    Command::new(BIN).args(args).env("NO_COLOR", "1").output().expect("the binary starts")
}

fn text(bytes: &[u8]) -> String {
    String::from_utf8(bytes.to_vec()).expect("utf-8")
}

#[test]
fn every_game_prints_its_rules_in_english_and_german() {
    let registry = catalog::registry();
    let games: Vec<_> = registry.games().map(|k| k.info()).collect();
    assert_eq!(games.len(), 4);
    for info in &games {
        for (lang, heading) in [("en", "## The goal"), ("de", "## Ziel des Spiels")] {
            let output = run(&["rules", info.name, "--lang", lang]);
            assert!(output.status.success(), "{} {lang}: {}", info.name, text(&output.stderr));
            let printed = text(&output.stdout);
            assert!(printed.starts_with(&format!("# {}\n\n", info.title)), "{} {lang}", info.name);
            assert!(printed.contains(heading), "{} {lang}", info.name);
            assert!(printed.lines().count() > 50, "{} {lang}: a real explanation", info.name);
            assert!(output.stderr.is_empty(), "{} {lang}", info.name);
        }
        // English is the default.
        let default = run(&["rules", info.name]);
        let english = run(&["rules", info.name, "--lang", "en"]);
        assert_eq!(default.stdout, english.stdout, "{}", info.name);
    }
}

#[test]
fn an_unknown_game_is_refused_with_the_list_of_games() {
    let output = run(&["rules", "chess"]);
    assert_eq!(output.status.code(), Some(1));
    assert!(output.stdout.is_empty());
    let error = text(&output.stderr);
    assert!(error.starts_with("error: unknown game \"chess\""), "{error}");
    for game in ["schotten-totten", "knock-out-whist", "knock-out", "kopf-an-kopf"] {
        assert!(error.contains(game), "{error}");
    }
}

#[test]
fn a_language_without_a_text_is_refused_naming_the_ones_there_are() {
    let output = run(&["rules", "knock-out", "--lang", "fr"]);
    assert_eq!(output.status.code(), Some(1));
    assert!(output.stdout.is_empty());
    let error = text(&output.stderr);
    assert!(error.contains("written in en, de, not \"fr\""), "{error}");
    // Case does not matter.
    assert!(run(&["rules", "knock-out", "--lang", "DE"]).status.success());
}

#[test]
fn the_game_is_required() {
    let output = run(&["rules"]);
    assert!(!output.status.success());
    assert!(text(&output.stderr).contains("<GAME>"));
}
