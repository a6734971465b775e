//! Small edits to good position texts and records, the fuzzer's bytes choosing which: texts
//! near valid ones reach the checks behind the parser that random text never would.

use serde_json::Value;

use super::source::Source;
use crate::record::Record;
use crate::seat::{MAX_SEATS, Seat};

/// Characters a position or an action is written in, for inserted text.
pub(super) const ALPHABET: &[char] = &[
    '0', '1', '2', '3', '4', '5', '6', '7', '8', '9', ' ', ',', '=', ':', '/', '-', '+', '|', '.', 'a', 'b', 'c', 'e',
    'r', 's', 'x', 'y', 'A', 'K', 'Q', 'J', 'T', 'S', 'H', 'D', 'C', '\n', 'é', '🂡',
];

/// `text` after one to four edits: characters deleted, inserted or changed, words swapped,
/// copied or replaced by others of the text.
pub(super) fn text(text: &str, src: &mut Source) -> String {
    let mut chars: Vec<char> = text.chars().collect();
    for _ in 0..=src.below(4) {
        edit(&mut chars, src);
    }
    chars.into_iter().collect()
}

fn edit(chars: &mut Vec<char>, src: &mut Source) {
    let at = src.below(chars.len() + 1);
    match src.below(7) {
        0 if at < chars.len() => {
            let end = (at + 1 + src.below(3)).min(chars.len());
            chars.drain(at..end);
        }
        1 => chars.insert(at, *src.pick(ALPHABET)),
        2 if at < chars.len() => chars[at] = *src.pick(ALPHABET),
        3 if at < chars.len() && chars[at].is_ascii_digit() => {
            chars[at] = char::from(b'0' + src.below(10) as u8);
        }
        kind => {
            // Word edits: swap two words, copy one over another, or insert a copy of one.
            let words = word_spans(chars);
            if words.len() < 2 {
                return;
            }
            let (a, b) = (*src.pick(&words), *src.pick(&words));
            let word_b: Vec<char> = chars[b.0..b.1].to_vec();
            match kind % 3 {
                0 if a.1 <= b.0 => {
                    let word_a: Vec<char> = chars[a.0..a.1].to_vec();
                    chars.splice(b.0..b.1, word_a);
                    chars.splice(a.0..a.1, word_b);
                }
                1 => {
                    chars.splice(a.0..a.1, word_b);
                }
                _ => {
                    let mut copy = word_b;
                    copy.push(' ');
                    chars.splice(a.0..a.0, copy);
                }
            }
        }
    }
}

/// The spans of the words of `chars`: runs between blanks, commas, `=` and `:`.
fn word_spans(chars: &[char]) -> Vec<(usize, usize)> {
    let mut spans = Vec::new();
    let mut start = None;
    for (i, c) in chars.iter().enumerate() {
        let sep = c.is_whitespace() || matches!(c, ',' | '=' | ':' | '/' | '|');
        match (sep, start) {
            (false, None) => start = Some(i),
            (true, Some(s)) => {
                spans.push((s, i));
                start = None;
            }
            _ => {}
        }
    }
    if let Some(s) = start {
        spans.push((s, chars.len()));
    }
    spans
}

/// `record` after one edit: actions cut, dropped, swapped, given to another seat or rewritten
/// (as one of `notations` or as fuzzed text), or the seed, seat count, outcome, config,
/// starting position, game or rules version changed. `None` when an edit of the JSON text
/// no longer reads as a record.
pub(super) fn record(mut record: Record, notations: &[String], src: &mut Source) -> Option<Record> {
    let n = record.actions.len();
    match src.below(12) {
        0 => record.actions.truncate(src.below(n + 1)),
        1 if n > 0 => {
            let i = src.below(n);
            record.actions[i].seat = Seat::at(src.below(MAX_SEATS));
        }
        2 if n > 0 && !notations.is_empty() => {
            let i = src.below(n);
            record.actions[i].action = src.pick(notations).clone();
        }
        3 if n > 0 => {
            let i = src.below(n);
            record.actions[i].action = text(&record.actions[i].action, src);
        }
        4 if n > 0 => {
            record.actions.remove(src.below(n));
        }
        5 if n > 1 => {
            let (i, j) = (src.below(n), src.below(n));
            record.actions.swap(i, j);
        }
        6 => record.seed = src.u64(),
        7 => record.seats = src.below(MAX_SEATS + 2),
        8 => record.outcome = None,
        9 => {
            if let Value::Object(config) = &mut record.config {
                let keys: Vec<String> = config.keys().cloned().collect();
                if !keys.is_empty() {
                    let key = src.pick(&keys).clone();
                    let value = match src.below(4) {
                        0 => Value::Bool(src.below(2) == 0),
                        1 => Value::from(src.byte()),
                        2 => Value::from(i64::from(src.byte() as i8) * 1000),
                        _ => Value::String(src.text(8, ALPHABET)),
                    };
                    config.insert(key, value);
                }
            }
        }
        10 => match &record.position {
            Some(position) => record.position = Some(text(position, src)),
            None => record.rules_version.push('x'),
        },
        _ => {
            let json = serde_json::to_string(&record).expect("records serialise");
            return serde_json::from_str(&text(&json, src)).ok();
        }
    }
    Some(record)
}
