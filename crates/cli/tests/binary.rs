//! The real `spieltisch` binary on the real games: arena JSON, replay of good, tampered and
//! truncated records, a scripted engine session, and whole games played through stdin.

use std::io::Write;
use std::path::{Path, PathBuf};
use std::process::{Command, Output, Stdio};

use serde_json::{Value, json};

const BIN: &str = env!("CARGO_BIN_EXE_spieltisch");

fn run(args: &[&str], stdin: &str) -> Output {
    let mut child = Command::new(BIN)
        .args(args)
        .env("NO_COLOR", "1")
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .expect("the binary starts");
    child.stdin.take().unwrap().write_all(stdin.as_bytes()).unwrap();
    child.wait_with_output().unwrap()
}

fn stdout(output: &Output) -> String {
    String::from_utf8(output.stdout.clone()).unwrap()
}

fn stderr(output: &Output) -> String {
    String::from_utf8(output.stderr.clone()).unwrap()
}

fn temp_dir(name: &str) -> PathBuf {
    let dir = std::env::temp_dir().join(format!("spieltisch-cli-{name}-{}", std::process::id()));
    let _ = std::fs::remove_dir_all(&dir);
    std::fs::create_dir_all(&dir).unwrap();
    dir
}

fn arena_json(args: &[&str]) -> Value {
    let output = run(args, "");
    assert!(output.status.success(), "{}", stderr(&output));
    serde_json::from_str(&stdout(&output)).expect("one JSON object")
}

fn check_report(report: &Value, game: &str, games: u64, bots: usize) {
    assert_eq!(report["game"], game);
    assert_eq!(report["games"], games);
    for key in ["seconds", "games_per_second", "actions_per_game"] {
        assert!(report[key].as_f64().unwrap() > 0.0, "{key}: {report}");
    }
    let entries = report["bots"].as_array().unwrap();
    assert_eq!(entries.len(), bots);
    let wins: f64 = entries.iter().map(|b| b["wins"].as_f64().unwrap()).sum();
    assert!((wins - games as f64).abs() < 1e-6, "wins {wins} sum to games {games}");
    for bot in entries {
        for key in ["name", "wins", "win_rate", "ci_low", "ci_high", "elo", "avg_score"] {
            assert!(bot.get(key).is_some(), "{key} missing: {bot}");
        }
        assert!(bot["ci_low"].as_f64() <= bot["win_rate"].as_f64());
        assert!(bot["win_rate"].as_f64() <= bot["ci_high"].as_f64());
    }
}

#[test]
fn arena_json_on_schotten_totten() {
    let report = arena_json(&[
        "arena",
        "--game",
        "schotten-totten",
        "--bot",
        "heuristic",
        "--bot",
        "random",
        "--games",
        "40",
        "--json",
    ]);
    check_report(&report, "schotten-totten", 40, 2);
    let heuristic = &report["bots"][0];
    assert!(heuristic["win_rate"].as_f64().unwrap() > 0.6, "the heuristic beats random: {report}");
    assert!(heuristic["elo"].as_f64().unwrap() > report["bots"][1]["elo"].as_f64().unwrap());
}

#[test]
fn arena_json_on_knock_out_whist_with_repeated_specs() {
    let report = arena_json(&[
        "arena",
        "--game",
        "knock-out-whist",
        "--players",
        "4",
        "--bot",
        "heuristic",
        "--bot",
        "random",
        "--bot",
        "random",
        "--bot",
        "random",
        "--games",
        "40",
        "--json",
        "--variant",
        "mercy",
    ]);
    check_report(&report, "knock-out-whist", 40, 4);
    let names: Vec<&str> = report["bots"].as_array().unwrap().iter().map(|b| b["name"].as_str().unwrap()).collect();
    assert_eq!(names, ["heuristic", "random", "random#2", "random#3"]);
    assert_eq!(report["bots"][0]["seat_games"], json!([10, 10, 10, 10]));
    assert_eq!(report["config"]["mercy"], true);
}

#[test]
fn arena_csv_and_errors() {
    let output =
        run(&["arena", "--game", "schotten-totten", "--bot", "random", "--bot", "random", "--games", "4", "--csv"], "");
    assert!(output.status.success());
    assert_eq!(stdout(&output).lines().count(), 3);
    let output = run(&["arena", "--game", "schotten-totten", "--bot", "random", "--bot", "nobody"], "");
    assert!(!output.status.success());
    assert!(stderr(&output).contains("unknown bot"), "{}", stderr(&output));
    let output = run(&["arena", "--game", "go", "--bot", "random", "--bot", "random"], "");
    assert!(stderr(&output).contains("unknown game"), "{}", stderr(&output));
    let args = ["arena", "--game", "schotten-totten", "--preset", "battle-line", "--bot", "random", "--bot", "random"];
    let report = arena_json(&[&args[..], &["--games", "2", "--json", "--variant", "claim-after-play"]].concat());
    assert_eq!(report["variants"], json!(["battle-line", "tactics", "claim-after-play"]));
    assert_eq!((&report["config"]["battle-line"], &report["config"]["tactics"]), (&json!(true), &json!(true)));
    let output =
        run(&["arena", "--game", "schotten-totten", "--preset", "chess", "--bot", "random", "--bot", "random"], "");
    assert!(stderr(&output).contains("unknown preset \"chess\"; known: schotten-totten,"), "{}", stderr(&output));
}

/// Plays a few recorded games and returns one record's path.
fn recorded_game(dir: &Path, game: &str, players: &str) -> PathBuf {
    let output = run(
        &[
            "arena",
            "--game",
            game,
            "--players",
            players,
            "--bot",
            "heuristic",
            "--bot",
            "random",
            "--bot",
            "random",
            "--games",
            "3",
            "--record",
            dir.to_str().unwrap(),
            "--json",
        ],
        "",
    );
    assert!(output.status.success(), "{}", stderr(&output));
    let mut files: Vec<PathBuf> = std::fs::read_dir(dir).unwrap().map(|e| e.unwrap().path()).collect();
    files.sort();
    assert_eq!(files.len(), 3, "one record per game: {files:?}");
    files.remove(0)
}

#[test]
fn replay_accepts_a_good_record_and_names_the_bad_action() {
    for (game, players) in [("schotten-totten", "2"), ("knock-out-whist", "3")] {
        let dir = temp_dir(&format!("replay-{game}"));
        let good = recorded_game(&dir, game, players);
        let output = run(&["replay", good.to_str().unwrap()], "");
        assert!(output.status.success(), "{}", stderr(&output));
        let text = stdout(&output);
        assert!(text.contains(&format!("game: {game}")), "{text}");
        assert!(text.contains("(all legal)") && text.contains("place 1"), "{text}");

        let record: Value = serde_json::from_str(&std::fs::read_to_string(&good).unwrap()).unwrap();
        let actions = record["actions"].as_array().unwrap().len();

        // Tampered: action 5 replaced by one that is not legal there.
        let mut tampered = record.clone();
        tampered["actions"][4]["action"] = json!("play zz 99");
        let path = dir.join("tampered.json");
        std::fs::write(&path, tampered.to_string()).unwrap();
        let output = run(&["replay", path.to_str().unwrap()], "");
        assert!(!output.status.success());
        assert!(stderr(&output).contains("action 5 "), "{}", stderr(&output));

        // Out of turn: action 3 credited to another seat.
        let mut wrong_seat = record.clone();
        let seat = wrong_seat["actions"][2]["seat"].as_u64().unwrap();
        wrong_seat["actions"][2]["seat"] = json!((seat + 1) % players.parse::<u64>().unwrap());
        let path = dir.join("wrong-seat.json");
        std::fs::write(&path, wrong_seat.to_string()).unwrap();
        let output = run(&["replay", path.to_str().unwrap()], "");
        assert!(!output.status.success());
        assert!(stderr(&output).contains("action 3 "), "{}", stderr(&output));

        // Truncated: the last action is missing but the outcome is still claimed.
        let mut truncated = record.clone();
        truncated["actions"].as_array_mut().unwrap().pop();
        let path = dir.join("truncated.json");
        std::fs::write(&path, truncated.to_string()).unwrap();
        let output = run(&["replay", "--verbose", path.to_str().unwrap()], "");
        assert!(!output.status.success());
        assert!(stderr(&output).contains(&format!("action {actions} is missing")), "{}", stderr(&output));
        assert!(stdout(&output).contains(&format!("{:>4}. seat", actions - 1)), "verbose lists the actions");

        // Not JSON at all.
        let path = dir.join("garbage.json");
        std::fs::write(&path, "{\"game\":").unwrap();
        let output = run(&["replay", path.to_str().unwrap()], "");
        assert!(!output.status.success());
        assert!(stderr(&output).contains("not a match record"), "{}", stderr(&output));
        std::fs::remove_dir_all(&dir).unwrap();
    }
}

#[test]
fn engine_session_answers_every_line() {
    let script = [
        r#"{"id":1,"cmd":"games"}"#,
        r#"{"id":2,"cmd":"new","game":"schotten-totten","seats":2,"seed":1}"#,
        r#"{"id":3,"cmd":"new","game":"#,
        r#"{"id":4,"cmd":"shuffle"}"#,
        r#"{"id":5,"cmd":"apply","seat":0,"action":"play zz 3"}"#,
        r#"{"id":6,"cmd":"apply","seat":0,"action":"claim 1"}"#,
        r#"{"id":7,"cmd":"apply","seat":1,"action":"pass"}"#,
        r#"{"id":8,"cmd":"view","seat":0}"#,
        r#"{"id":9,"cmd":"bot","seat":0,"bot":"heuristic","apply":true}"#,
        r#"{"id":10,"cmd":"view","seat":null}"#,
        r#"{"id":11,"cmd":"record"}"#,
        r#"{"id":12,"cmd":"quit"}"#,
    ]
    .join("\n");
    let output = run(&["engine"], &script);
    assert!(output.status.success(), "{}", stderr(&output));
    let replies: Vec<Value> = stdout(&output).lines().map(|l| serde_json::from_str(l).unwrap()).collect();
    assert_eq!(replies.len(), 12);
    let names: Vec<&str> =
        replies[0]["games"].as_array().unwrap().iter().map(|g| g["name"].as_str().unwrap()).collect();
    assert!(names.contains(&"schotten-totten") && names.contains(&"knock-out-whist"), "{names:?}");
    assert_eq!(replies[1]["to_act"], json!([0]));
    let codes: Vec<&str> = replies[2..7].iter().map(|r| r["error"].as_str().unwrap_or("none")).collect();
    assert_eq!(codes, ["bad-json", "unknown-command", "bad-notation", "illegal", "not-your-turn"]);
    assert_eq!(replies[3]["id"], 4);
    assert_eq!(replies[7]["ok"], true);
    assert_eq!(replies[7]["view"]["hand"].as_array().unwrap().len(), 6);
    assert!(
        replies[7]["legal"]
            .as_array()
            .unwrap()
            .contains(&json!(format!("play {} 1", replies[7]["view"]["hand"][0].as_str().unwrap())))
    );
    assert_eq!(replies[8]["ok"], true);
    assert_eq!(replies[8]["to_act"], json!([1]));
    assert!(replies[8]["action"].as_str().unwrap().starts_with("play "));
    let drew_for_opponent =
        replies[8]["by_seat"][1].as_array().unwrap().iter().any(|e| e["text"] == "seat 0 drew a card");
    assert!(drew_for_opponent, "the opponent sees a draw, not the card: {}", replies[8]);
    assert_eq!(replies[9]["view"]["hand"], Value::Null, "a spectator sees no hand");
    assert_eq!(replies[10]["record"]["actions"].as_array().unwrap().len(), 1);
    assert_eq!(replies[11]["bye"], true);
}

#[test]
fn play_schotten_totten_to_the_end_through_stdin() {
    // `1` always picks the first legal action, so this plays any game to its end.
    let output = run(&["play", "schotten-totten", "--seed", "3", "--bot", "random"], &"1\n".repeat(400));
    assert!(output.status.success(), "{}", stderr(&output));
    let text = stdout(&output);
    assert!(text.contains("Game over."), "{text}");
    assert!(text.contains("stone         1     2     3"), "the stones are drawn: {text}");
    assert!(text.contains("Your hand (6):"), "{text}");
    assert!(!text.contains('\x1b'), "no colour when stdout is not a terminal");
}

#[test]
fn play_schotten_totten_with_tactics_and_battle_line_to_the_end_through_stdin() {
    // The preset `battle-line` is the game sold as Battle Line: `battle-line` with `tactics` (ST-3).
    for variants in [&["--variant", "tactics"][..], &["--variant", "battle-line"], &["--preset", "battle-line"]] {
        let mut args = vec!["play", "schotten-totten", "--seed", "5", "--bot", "random"];
        args.extend_from_slice(variants);
        let output = run(&args, &"1\n".repeat(800));
        assert!(output.status.success(), "{}", stderr(&output));
        let text = stdout(&output);
        assert!(text.contains("Game over."), "{variants:?}: {text}");
        assert!(text.contains("Your hand (7):"), "{variants:?}: {text}");
        let tactics = variants.contains(&"tactics") || variants.contains(&"--preset");
        assert_eq!(text.contains("tactic pile 10"), tactics, "{variants:?}: {text}");
        assert_eq!(text.contains("Draw a card: `draw clan` or `draw tactic`"), tactics, "{variants:?}");
        assert_eq!(text.contains("Battle Line · pile 46 cards"), variants.contains(&"battle-line"), "{variants:?}");
    }
}

#[test]
fn play_names_each_bot_and_takes_levels_as_bots() {
    // Two bots of one level are told apart (issue: "every bot is called heuristic (bot)"); a
    // level's name is a bot like a spec is, and an expert's own spec shows as it is.
    let args = ["play", "knock-out", "--players", "5", "--bot", "hard", "--bot", "easy", "--bot", "medium"];
    let output = run(&[&args[..], &["--bot", "ismcts:50", "--seed", "3"]].concat(), "quit\n");
    assert!(output.status.success(), "{}", stderr(&output));
    let text = stdout(&output);
    for seat in ["seat 0: you", "seat 1: Bot Anna · hard", "seat 2: Bot Bruno · easy", "seat 3: Bot Clara · medium"]
    {
        assert!(text.contains(seat), "{seat:?} in {text}");
    }
    assert!(text.contains("seat 4: Bot David · ismcts:50"), "{text}");
    // Without --bot every opponent plays Medium, each under its own name.
    let output = run(&["play", "kopf-an-kopf", "--players", "3", "--seed", "3"], "quit\n");
    let text = stdout(&output);
    assert!(text.contains("seat 1: Bot Anna · medium") && text.contains("seat 2: Bot Bruno · medium"), "{text}");
    // A word that is neither is refused with what the game offers.
    let output = run(&["play", "knock-out", "--bot", "strong"], "");
    assert!(!output.status.success());
    assert!(stderr(&output).contains("the levels easy, medium, hard, expert and the bots"), "{}", stderr(&output));
}

#[test]
fn play_knock_out_whist_for_four_to_the_end_through_stdin() {
    let output = run(
        &["play", "knock-out-whist", "--players", "4", "--seat", "2", "--seed", "11", "--variant", "mercy"],
        &"1\n".repeat(400),
    );
    assert!(output.status.success(), "{}", stderr(&output));
    let text = stdout(&output);
    assert!(text.contains("Round 1 of 7"), "{text}");
    assert!(text.contains("Your hand:"), "{text}");
    // The first deal and the turned trump are shown like every later round's.
    assert!(text.contains("round 1: seat 0 deals 7 cards each; your hand: "), "{text}");
    assert!(text.contains(" is turned: "), "{text}");
    assert!(text.contains("Game over."), "{text}");
}

#[test]
fn play_refuses_bad_input_and_explains() {
    let output = run(&["play", "schotten-totten", "--seed", "3"], "play zz 3\nclaim 1\nhelp\nquit\n");
    assert!(output.status.success(), "{}", stderr(&output));
    let text = stdout(&output);
    assert!(text.contains("\"zz\" is not a card"), "{text}");
    assert!(text.contains("claim only stones where your side is complete"), "{text}");
    assert!(text.contains("Legal actions"), "{text}");
    assert!(text.contains("You left the table."), "{text}");
}

#[test]
fn games_and_help() {
    let output = run(&["games"], "");
    assert!(stdout(&output).contains("knock-out-whist — Knock-Out Whist"), "{}", stdout(&output));
    let battle_line =
        stdout(&output).lines().any(|l| l.contains("battle-line") && l.contains("Battle Line (battle-line tactics)"));
    assert!(battle_line, "the presets are listed: {}", stdout(&output));
    for command in ["arena", "replay", "play", "engine", "games", "serve"] {
        let output = run(&[command, "--help"], "");
        assert!(output.status.success(), "{command}");
        assert!(stdout(&output).contains("Example"), "{command} --help has an example");
    }
}

#[test]
fn engine_new_tells_each_viewer_the_opening_events() {
    let script = [
        r#"{"id":1,"cmd":"new","game":"knock-out-whist","seats":3,"seed":2}"#,
        r#"{"id":2,"cmd":"view","seat":1}"#,
        r#"{"id":3,"cmd":"new","game":"schotten-totten","seed":2}"#,
    ]
    .join("\n");
    let output = run(&["engine"], &script);
    assert!(output.status.success(), "{}", stderr(&output));
    let replies: Vec<Value> = stdout(&output).lines().map(|l| serde_json::from_str(l).unwrap()).collect();
    let types = |events: &Value| -> Vec<String> {
        events.as_array().unwrap().iter().map(|e| e["event"]["type"].as_str().unwrap().to_owned()).collect()
    };
    // Knock-Out Whist: round 1's deal (each seat its own hand, a spectator none) and the turned card.
    let new = &replies[0];
    assert_eq!(types(&new["spectator"]), ["dealt", "trump-turned"], "{new}");
    assert_eq!(new["spectator"][0]["event"].get("hand"), None, "a spectator sees no hand: {new}");
    let view = &replies[1]["view"];
    assert_eq!(new["by_seat"].as_array().unwrap().len(), 3);
    assert_eq!(new["by_seat"][1][0]["event"]["hand"], view["hand"], "seat 1 is dealt the hand it holds");
    assert_ne!(new["by_seat"][0][0]["event"]["hand"], view["hand"], "seat 0 sees its own hand, not seat 1's");
    assert_eq!(new["by_seat"][1][1]["event"]["card"], view["turned"]);
    assert!(new["spectator"][1]["text"].as_str().unwrap().contains(" is turned: "), "{new}");
    // A game whose set-up tells nothing: empty lists, the same shape.
    assert_eq!(replies[2]["by_seat"], json!([[], []]));
    assert_eq!(replies[2]["spectator"], json!([]));
}

/// The shipped Knock Out edition with `from` replaced by `to`, written to a temp file.
fn knock_out_edition(name: &str, from: &str, to: &str) -> PathBuf {
    let shipped = include_str!("../../knock-out/src/edition.toml");
    assert!(shipped.contains(from), "the shipped edition has {from:?}");
    let path = temp_dir(name).join("my-box.toml");
    std::fs::write(&path, shipped.replacen(from, to, 1)).unwrap();
    path
}

#[test]
fn play_knock_out_to_the_end_through_stdin_with_an_edition_of_ones_own() {
    let edition = knock_out_edition("ko-play", "\"Kid Kowalski\"", "\"Kid Eigenbau\"");
    let edition = edition.to_str().unwrap();
    let output = run(
        &["play", "knock-out", "--players", "3", "--seed", "5", "--bot", "random", "--edition", edition],
        &"1\n".repeat(3000),
    );
    assert!(output.status.success(), "{}", stderr(&output));
    let text = stdout(&output);
    assert!(text.contains("basic game"), "{text}");
    assert!(text.contains("Kid Eigenbau"), "the edition's boxer name is used: {text}");
    assert!(!text.contains("Kid Kowalski"), "{text}");
    assert!(text.contains("Game over."), "{text}");
}

/// `arena` for three `random` Knock Out managers over `games` games with `edition`.
fn knock_out_arena<'a>(games: &'a str, edition: &'a str) -> Vec<&'a str> {
    let bots = ["--bot", "random"].repeat(3);
    let mut args = vec!["arena", "--game", "knock-out", "--players", "3", "--games", games, "--edition", edition];
    args.extend(bots);
    args
}

#[test]
fn arena_and_play_refuse_a_bad_knock_out_edition_naming_the_field() {
    let edition = knock_out_edition("ko-bad", "start_cash = 100000", "start_cash = -5");
    let edition = edition.to_str().unwrap();
    for args in [vec!["play", "knock-out", "--players", "3", "--edition", edition], knock_out_arena("2", edition)] {
        let output = run(&args, "");
        assert!(!output.status.success(), "{args:?} took a bad edition");
        assert!(stderr(&output).contains("start_cash"), "{args:?}: {}", stderr(&output));
    }
    let good = knock_out_edition("ko-arena", "card_bonus = 5000", "card_bonus = 6000");
    let mut args = knock_out_arena("4", good.to_str().unwrap());
    args.push("--json");
    check_report(&arena_json(&args), "knock-out", 4, 3);
}
