//! What players read speaks to players: no rule id (`ST-30`, `KW-21`: a game's rules-file id,
//! two capitals, a dash, a number) and no config key in backticks (`` `starting-seat` ``) in
//! anything a game gives a player — its rules text in every language, the lobby's words (summary,
//! variants, bots), and in random games every log line (for every viewer), every end reason and
//! every refusal of an action that is not legal now. The ids stay in docs and tests. The web
//! client's own texts are checked in `web-tests/tests/wording.test.mjs`.

use std::collections::BTreeSet;

use engine::{GameKind, Seat, VariantKind};
use rand::Rng;
use serde_json::Value;

/// The rule-id prefixes of the games' rules files.
const RULE_PREFIXES: [&str; 4] = ["ST", "KW", "KO", "KK"];

/// The first rule id in `text`, if any: a prefix at a word's start, a dash and a digit.
fn rule_id(text: &str) -> Option<String> {
    let bytes = text.as_bytes();
    for prefix in RULE_PREFIXES {
        for (at, _) in text.match_indices(&format!("{prefix}-")) {
            let starts_word = at == 0 || !bytes[at - 1].is_ascii_alphanumeric();
            let digit = bytes.get(at + 3).is_some_and(u8::is_ascii_digit);
            if starts_word && digit {
                let end = text[at + 3..].find(|c: char| !c.is_ascii_digit()).map_or(text.len(), |n| at + 3 + n);
                return Some(text[at..end].to_owned());
            }
        }
    }
    None
}

/// The game's config keys: the default config's keys (and those of its objects, such as an
/// edition's fields) and its variants' names.
fn config_keys(kind: &dyn GameKind) -> BTreeSet<String> {
    let info = kind.info();
    let mut keys: BTreeSet<String> = info.variants.iter().map(|v| v.name.to_owned()).collect();
    if let Value::Object(config) = &info.default_config {
        for (key, value) in config {
            keys.insert(key.clone());
            if let Value::Object(inner) = value {
                keys.extend(inner.keys().cloned());
            }
        }
    }
    keys
}

/// What is wrong with `text` for a player, if anything.
fn problem(text: &str, keys: &BTreeSet<String>) -> Option<String> {
    if let Some(id) = rule_id(text) {
        return Some(format!("the rule id {id}"));
    }
    let quoted = text.split('`').skip(1).step_by(2);
    for code in quoted {
        // A key alone or with its value (`start-cards=6`); notation such as `bet 7` is no key.
        let word = code.split('=').next().unwrap_or(code);
        if keys.contains(word) {
            return Some(format!("the config key `{code}`"));
        }
    }
    None
}

/// Collects what is wrong in `text`, found at `place`.
fn check(found: &mut Vec<String>, place: &str, text: &str, keys: &BTreeSet<String>) {
    if let Some(why) = problem(text, keys) {
        found.push(format!("{place}: {why} in {text:?}"));
    }
}

#[test]
fn the_checks_find_rule_ids_and_config_keys() {
    let keys: BTreeSet<String> = ["starting-seat".to_owned(), "mercy".to_owned()].into();
    for bad in
        ["seat 0 won (ST-30)", "KW-21: a sweep", "see KO-5.", "the `starting-seat` setting", "`mercy`", "`mercy=true`"]
    {
        assert!(problem(bad, &keys).is_some(), "{bad:?} must be found");
    }
    for fine in
        ["seat 0 won", "play `pass`", "BEST-10 list", "ST-", "KW-x", "`mercy-ful`", "a K.O.", "`mercy 2` is notation"]
    {
        assert_eq!(problem(fine, &keys), None, "{fine:?}");
    }
}

#[test]
fn rules_texts_and_lobby_words_name_no_rule_ids_or_config_keys() {
    let registry = catalog::registry();
    let mut found = Vec::new();
    for kind in registry.games() {
        let info = kind.info();
        let keys = config_keys(kind);
        for rules in info.rules {
            for (n, line) in rules.markdown.lines().enumerate() {
                check(&mut found, &format!("{} rules ({}) line {}", info.name, rules.lang, n + 1), line, &keys);
            }
        }
        check(&mut found, &format!("{} summary", info.name), info.summary, &keys);
        check(&mut found, &format!("{} summary_de", info.name), info.summary_de, &keys);
        for variant in info.variants {
            check(&mut found, &format!("{} variant {}", info.name, variant.name), variant.description, &keys);
        }
        for bot in info.bot_info {
            check(&mut found, &format!("{} bot {}", info.name, bot.name), bot.label, &keys);
            check(&mut found, &format!("{} bot {}", info.name, bot.name), bot.cost, &keys);
        }
    }
    assert!(found.is_empty(), "player-facing text with developers' words:\n{}", found.join("\n"));
}

#[test]
fn log_lines_end_reasons_and_refusals_name_no_rule_ids_or_config_keys() {
    let registry = catalog::registry();
    let mut found = Vec::new();
    let mut rng = engine::seeded(24);
    for kind in registry.games() {
        let info = kind.info();
        let keys = config_keys(kind);
        let flags: Vec<&str> =
            info.variants.iter().filter(|v| matches!(v.kind, VariantKind::Flag)).map(|v| v.name).collect();
        let mut mixes: Vec<Vec<String>> = vec![Vec::new()];
        mixes.extend(flags.iter().map(|f| vec![(*f).to_owned()]));
        let (mut lines, mut refusals) = (0usize, 0usize);
        for (i, mix) in mixes.iter().enumerate() {
            let config = kind.config_from_variants(mix).expect("a flag alone sets up");
            for seats in [info.min_seats, info.max_seats] {
                let seed = 100 + i as u64 * 10 + seats as u64;
                let Ok(mut m) = kind.new_match(&config, seats, seed) else { continue };
                let place = format!("{} {mix:?} {seats} seats seed {seed}", info.name);
                let viewers: Vec<Option<Seat>> = std::iter::once(None).chain(Seat::all(seats).map(Some)).collect();
                let mut said = |found: &mut Vec<String>, events: &engine::ViewerEvents| {
                    for viewer in &viewers {
                        for event in events.for_viewer(*viewer) {
                            lines += 1;
                            check(found, &place, &event.text, &keys);
                        }
                    }
                };
                said(&mut found, &m.opening_events());
                let mut before: Vec<String> = Vec::new();
                while let Some(seat) = m.to_act().first() {
                    let legal = m.legal_actions(seat);
                    // Last step's actions that are not legal now: what a player may try and be refused.
                    for wrong in before.iter().filter(|a| !legal.contains(a)).take(3) {
                        if let Err(e) = m.apply(seat, wrong) {
                            refusals += 1;
                            check(&mut found, &format!("{place} refusing {wrong:?}"), &e.to_string(), &keys);
                        }
                    }
                    let action = legal[rng.random_range(0..legal.len())].clone();
                    let events = m.apply(seat, &action).expect("a legal action applies");
                    said(&mut found, &events);
                    before = legal;
                }
                if let Some(reason) = m.end_reason() {
                    check(&mut found, &format!("{place} end reason"), &reason.text, &keys);
                }
            }
        }
        assert!(lines > 100 && refusals > 10, "{}: {lines} lines, {refusals} refusals looked at", info.name);
    }
    found.sort();
    found.dedup();
    assert!(found.is_empty(), "player-facing text with developers' words:\n{}", found.join("\n"));
}
