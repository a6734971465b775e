//! Display names people can trust: cleaned, bounded, and never mistaken for a bot or for "You".
//!
//! A name is cleaned before it is checked: invisible characters (controls, zero-width and
//! direction-changing marks, other default-ignorable code points, blank fillers) are removed,
//! every run of white space becomes one space, the ends are trimmed and the result is in
//! Unicode NFC, so two names that look the same are the same text.

use engine::Registry;
use unicode_normalization::UnicodeNormalization;

/// The most characters (Unicode scalar values) of a display name, after cleaning. The lobby
/// reads it from `GET /api/limits`.
pub(crate) const MAX_NAME: usize = 24;

/// Why a name was refused.
#[derive(Clone, Debug, PartialEq, Eq)]
pub(crate) enum NameError {
    /// Nothing visible is left.
    Empty,
    /// More than [`MAX_NAME`] characters.
    TooLong(usize),
    /// It reads as the viewer's own label or a bot's.
    Reserved(String),
}

impl std::fmt::Display for NameError {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        match self {
            NameError::Empty => write!(f, "a name needs at least one visible character"),
            NameError::TooLong(n) => write!(f, "a name has at most {MAX_NAME} characters (this one has {n})"),
            NameError::Reserved(why) => write!(f, "this name cannot be used: {why}"),
        }
    }
}

/// `raw` cleaned and checked; `registry` knows the bots whose names a person may not take.
pub(crate) fn clean_name(raw: &str, registry: &Registry) -> Result<String, NameError> {
    let name = clean(raw);
    let length = name.chars().count();
    if length == 0 {
        return Err(NameError::Empty);
    }
    if length > MAX_NAME {
        return Err(NameError::TooLong(length));
    }
    check_reserved(&name, registry)?;
    Ok(name)
}

/// Invisible characters removed, white space collapsed and trimmed, NFC.
fn clean(raw: &str) -> String {
    let mut out = String::with_capacity(raw.len());
    let mut space = false;
    for c in raw.nfc() {
        if c.is_whitespace() {
            space = !out.is_empty();
        } else if !invisible(c) {
            if space {
                out.push(' ');
                space = false;
            }
            out.push(c);
        }
    }
    // Removing a character can make a new composable pair meet.
    out.nfc().collect()
}

/// Characters that show nothing (or change how the text around them shows): controls,
/// format characters (zero-width, joiners, direction marks and overrides), the other
/// default-ignorable code points, and the blank fillers that pass for letters.
fn invisible(c: char) -> bool {
    c.is_control()
        || matches!(c,
            '\u{00AD}' | '\u{034F}' | '\u{061C}' | '\u{115F}' | '\u{1160}' | '\u{17B4}' | '\u{17B5}'
            | '\u{180B}'..='\u{180F}' | '\u{200B}'..='\u{200F}' | '\u{2028}'..='\u{202E}'
            | '\u{2060}'..='\u{206F}' | '\u{2800}' | '\u{3164}' | '\u{FE00}'..='\u{FE0F}' | '\u{FEFF}'
            | '\u{FFA0}' | '\u{FFF0}'..='\u{FFFB}' | '\u{1BCA0}'..='\u{1BCA3}' | '\u{1D173}'..='\u{1D17A}'
            | '\u{E0000}'..='\u{E0FFF}')
}

/// Refuses names that read as "You" (the lobby marks the viewer's own seat so) or as a bot:
/// a bot spec of any game (`heuristic`, `ismcts:500`), the word "bot", the bot chip's gear.
fn check_reserved(name: &str, registry: &Registry) -> Result<(), NameError> {
    let lower = name.to_lowercase();
    if lower == "you" || lower.contains("(you)") {
        return Err(NameError::Reserved("the page calls your own seat so".to_owned()));
    }
    if lower.contains('⚙') {
        return Err(NameError::Reserved("the page marks bots with ⚙".to_owned()));
    }
    let words: Vec<&str> = lower.split(|c: char| !c.is_alphanumeric()).filter(|w| !w.is_empty()).collect();
    if words.iter().any(|w| matches!(*w, "bot" | "bots" | "computer" | "cpu" | "ai")) {
        return Err(NameError::Reserved("it reads as a bot's label".to_owned()));
    }
    // A bot spec starts with the bot's kind: `heuristic`, `ismcts:250ms`, `ismcts 500`.
    let head = lower.split(|c: char| c == ':' || c == '(' || c.is_whitespace()).next().unwrap_or("");
    let bots = registry.games().flat_map(|kind| kind.info().bots.iter().copied());
    for bot in bots {
        if head == bot || (head.starts_with(bot) && head[bot.len()..].chars().all(|c| c.is_ascii_digit())) {
            return Err(NameError::Reserved(format!("{bot:?} is the name of a bot")));
        }
    }
    Ok(())
}

#[cfg(test)]
mod tests {
    use super::*;

    fn registry() -> Registry {
        catalog::registry()
    }

    fn ok(raw: &str) -> String {
        clean_name(raw, &registry()).unwrap_or_else(|e| panic!("{raw:?} refused: {e}"))
    }

    fn refused(raw: &str) -> NameError {
        clean_name(raw, &registry()).expect_err(raw)
    }

    #[test]
    fn names_are_trimmed_collapsed_and_stripped_of_invisible_characters() {
        assert_eq!(ok("  Ada  "), "Ada");
        assert_eq!(ok("Ada \t\n Lovelace"), "Ada Lovelace");
        assert_eq!(ok("A\u{200B}d\u{200D}a"), "Ada", "zero-width");
        assert_eq!(ok("\u{202E}adA"), "adA", "right-to-left override");
        assert_eq!(ok("Ada\u{2066}\u{2069}\u{200F}\u{061C}"), "Ada", "isolates and marks");
        assert_eq!(ok("Ada\u{0007}\u{001B}[31m"), "Ada[31m", "controls");
        assert_eq!(ok("Ada\u{00A0}\u{3000}B"), "Ada B", "other spaces");
        assert_eq!(ok("Ad\u{FEFF}a"), "Ada", "byte order mark");
    }

    #[test]
    fn names_are_nfc() {
        let decomposed = "Jo\u{0308}rg"; // o + combining diaeresis
        assert_eq!(ok(decomposed), "J\u{00F6}rg");
        assert_eq!(ok(decomposed), ok("Jörg"));
        assert_eq!(ok("Zoe\u{200B}\u{0301}"), "Zo\u{00E9}", "composes across a removed character");
    }

    #[test]
    fn empty_and_too_long_names_are_refused() {
        assert_eq!(refused(""), NameError::Empty);
        assert_eq!(refused("   "), NameError::Empty);
        assert_eq!(refused("\u{200B}\u{3164}\u{2800}"), NameError::Empty, "only invisible characters");
        assert_eq!(ok(&"é".repeat(MAX_NAME)).chars().count(), MAX_NAME);
        assert_eq!(refused(&"x".repeat(MAX_NAME + 1)), NameError::TooLong(MAX_NAME + 1));
        // Counted after cleaning: invisible padding does not count, decomposed letters count once.
        assert_eq!(ok(&format!("{}\u{200B}\u{200B}", "x".repeat(MAX_NAME))).len(), MAX_NAME);
        assert_eq!(ok(&"e\u{0301}".repeat(MAX_NAME)).chars().count(), MAX_NAME);
    }

    #[test]
    fn names_that_read_as_you_or_a_bot_are_refused() {
        for name in [
            "You",
            "you",
            " YOU ",
            "Ada (you)",
            "heuristic",
            "Heuristic",
            "ismcts",
            "ismcts:500",
            "ISMCTS:250ms",
            "ismcts 1000",
            "random",
            "Random bot",
            "Ada (bot)",
            "[bot] Ada",
            "⚙ Ada",
            "Computer",
        ] {
            assert!(matches!(refused(name), NameError::Reserved(_)), "{name:?}");
        }
        for name in ["Youssef", "Talbot", "Randolph", "Heuri", "Botticelli", "Ada Lovelace", "Jürgen", "李雷"] {
            ok(name);
        }
    }
}
