//! `arena` at library level on the demo game: JSON fields, exact sums, reproducibility across
//! thread counts, seat rotation, repeated specs and records.

mod common;

use cli::arena::{self, ArenaArgs};
use serde_json::Value;

fn args(bots: &[&str], games: u64, threads: usize) -> ArenaArgs {
    ArenaArgs {
        game: "rps-veto".into(),
        bots: bots.iter().map(|b| b.to_string()).collect(),
        players: None,
        games,
        seed: 11,
        variants: vec!["first-to=3".into()],
        preset: None,
        edition: None,
        json: true,
        csv: false,
        record: None,
        threads,
    }
}

fn run_json(args: &ArenaArgs) -> Value {
    let mut out = Vec::new();
    arena::run(&common::demo_registry(), args, &mut out).unwrap();
    let text = String::from_utf8(out).unwrap();
    assert_eq!(text.lines().count(), 1, "one JSON object on one line: {text}");
    serde_json::from_str(&text).unwrap()
}

#[test]
fn json_report_has_the_fields_and_wins_sum_to_games() {
    let report = run_json(&args(&["random", "random"], 400, 0));
    assert_eq!(report["game"], "rps-veto");
    assert_eq!(report["games"], 400);
    assert_eq!(report["config"]["first-to"], 3);
    assert!(report["seconds"].as_f64().unwrap() > 0.0);
    assert!(report["games_per_second"].as_f64().unwrap() > 0.0);
    let bots = report["bots"].as_array().unwrap();
    assert_eq!(bots.len(), 2);
    assert_eq!(bots[0]["name"], "random");
    assert_eq!(bots[1]["name"], "random#2", "a repeated spec is a separate entry");
    let wins: f64 = bots.iter().map(|b| b["wins"].as_f64().unwrap()).sum();
    assert!((wins - 400.0).abs() < 1e-9, "wins sum to games: {wins}");
    for bot in bots {
        assert_eq!(bot["games"], 400);
        assert_eq!(bot["seat_games"], serde_json::json!([200, 200]), "seats rotate");
        let (low, rate, high) =
            (bot["ci_low"].as_f64().unwrap(), bot["win_rate"].as_f64().unwrap(), bot["ci_high"].as_f64().unwrap());
        assert!(low < rate && rate < high, "{bot}");
        assert!(bot["elo"].as_f64().unwrap().abs() < 100.0, "equal bots are close: {bot}");
    }
    let elo_sum: f64 = bots.iter().map(|b| b["elo"].as_f64().unwrap()).sum();
    assert!(elo_sum.abs() < 1e-6, "Elo is centred on 0");
    assert_eq!(report["end_reasons"], serde_json::json!({"points": 400}), "every game says why it ended");
}

#[test]
fn results_do_not_depend_on_the_number_of_threads() {
    let strip = |mut v: Value| {
        for key in ["seconds", "games_per_second", "threads"] {
            v.as_object_mut().unwrap().remove(key);
        }
        v
    };
    let one = strip(run_json(&args(&["random", "random"], 300, 1)));
    let two = strip(run_json(&args(&["random", "random"], 300, 2)));
    assert_eq!(one, two);
    let other_seed = strip(run_json(&ArenaArgs { seed: 12, ..args(&["random", "random"], 300, 1) }));
    assert_ne!(one, other_seed, "the seed matters");
}

#[test]
fn more_bots_than_players_play_a_round_robin() {
    let report = run_json(&args(&["random", "random", "random"], 60, 0));
    assert_eq!(report["lineups"], 3);
    assert_eq!(report["balanced"], true);
    for bot in report["bots"].as_array().unwrap() {
        // 3 lineups × 2 seatings = a cycle of 6 games; each entry is in 2 of 3 lineups.
        assert_eq!(bot["games"], 40, "{bot}");
        assert_eq!(bot["seat_games"], serde_json::json!([20, 20]));
        assert_eq!(bot["versus"].as_array().unwrap().len(), 2);
    }
}

#[test]
fn csv_and_text_have_a_row_per_bot() {
    let mut out = Vec::new();
    arena::run(
        &common::demo_registry(),
        &ArenaArgs { json: false, csv: true, ..args(&["random", "random"], 20, 1) },
        &mut out,
    )
    .unwrap();
    let csv = String::from_utf8(out).unwrap();
    let lines: Vec<_> = csv.lines().collect();
    assert_eq!(lines.len(), 3, "{csv}");
    assert!(lines[0].starts_with("game,name,spec,games,wins,win_rate,ci_low,ci_high,elo"));
    assert!(lines[2].starts_with("rps-veto,random#2,random,20,"));

    let mut out = Vec::new();
    arena::run(&common::demo_registry(), &ArenaArgs { json: false, ..args(&["random", "random"], 20, 1) }, &mut out)
        .unwrap();
    let text = String::from_utf8(out).unwrap();
    assert!(text.contains("games/s"), "{text}");
    assert!(text.lines().any(|l| l.starts_with("random#2 ")), "{text}");
}

#[test]
fn records_are_written_and_replay() {
    let dir = std::env::temp_dir().join(format!("spieltisch-arena-{}", std::process::id()));
    let _ = std::fs::remove_dir_all(&dir);
    run_json(&ArenaArgs { record: Some(dir.clone()), ..args(&["random", "random"], 5, 1) });
    let files: Vec<_> = std::fs::read_dir(&dir).unwrap().map(|e| e.unwrap().path()).collect();
    assert_eq!(files.len(), 5);
    let registry = common::demo_registry();
    for file in &files {
        let name = file.file_name().unwrap().to_string_lossy().into_owned();
        assert!(name.starts_with("rps-veto-") && name.ends_with(".json"), "{name}");
        let record: engine::Record = serde_json::from_str(&std::fs::read_to_string(file).unwrap()).unwrap();
        assert_eq!(name, format!("rps-veto-{}.json", record.seed));
        assert!(registry.replay(&record).unwrap().outcome().is_some());
    }
    std::fs::remove_dir_all(&dir).unwrap();
}

#[test]
fn bad_arguments_are_explained() {
    let registry = common::demo_registry();
    let mut out = Vec::new();
    let too_few = arena::run(&registry, &args(&["random"], 10, 1), &mut out).unwrap_err();
    assert!(too_few.to_string().contains("need at least 2 bots"), "{too_few}");
    let bad_bot = arena::run(&registry, &args(&["random", "genius"], 10, 1), &mut out).unwrap_err();
    assert!(bad_bot.to_string().contains("unknown bot \"genius\""), "{bad_bot}");
    let bad_game =
        arena::run(&registry, &ArenaArgs { game: "chess".into(), ..args(&["random", "random"], 1, 1) }, &mut out)
            .unwrap_err();
    assert!(bad_game.to_string().contains("unknown game"), "{bad_game}");
    let bad_seats =
        arena::run(&registry, &ArenaArgs { players: Some(3), ..args(&["random"; 3], 1, 1) }, &mut out).unwrap_err();
    assert!(bad_seats.to_string().contains("played by 2 to 2 players"), "{bad_seats}");
}
