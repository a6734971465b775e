//! Display names people can trust: cleaned, bounded, never mistaken for "You", a bot or a bot
//! level, and (at one table) never mistaken for each other.
//!
//! A name is cleaned before it is checked: it is put in Unicode NFKC (so fullwidth "Ｙｏｕ" is
//! "You" and a ligature is its letters), invisible characters are removed (controls, zero-width
//! and direction-changing marks, other default-ignorable code points, blank fillers) — except the
//! joiners, presentation selectors and tags inside an emoji sequence, so a family emoji stays one
//! picture — every run of white space becomes one space and the ends are trimmed.
//!
//! Names are compared by their confusable skeleton (Unicode TS #39, [`unicode_security::skeleton`])
//! without regard to case: "Yоu" with a Cyrillic о, "YOU" and "Y0U" all read as "You".

use engine::{Level, Registry};
use unicode_normalization::UnicodeNormalization;
use unicode_properties::UnicodeEmoji;

/// The most characters (Unicode scalar values) of a display name, after cleaning. The lobby
/// reads it from `GET /api/limits`.
pub(crate) const MAX_NAME: usize = 24;

/// What the pages call the viewer's own seat, in every language they speak ("You", "Du").
const YOU: [&str; 2] = ["you", "du"];
/// The level labels the pages show, in every language they speak (web/js/strings.js).
const LEVEL_LABELS: [&str; 4] = ["leicht", "mittel", "schwer", "experte"];
/// Words that mark a player as a machine.
const MACHINE_WORDS: [&str; 5] = ["bot", "bots", "computer", "cpu", "ai"];

/// Why a name was refused.
#[derive(Clone, Debug, PartialEq, Eq)]
pub(crate) enum NameError {
    /// Nothing visible is left.
    Empty,
    /// More than [`MAX_NAME`] characters.
    TooLong(usize),
    /// It reads as the viewer's own label, a bot's or a level's.
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

/// Whether two names read alike: the same confusable skeleton, whatever the case.
pub(crate) fn same_name(a: &str, b: &str) -> bool {
    key(a) == key(b)
}

/// What a name reads as: its skeleton, lower-cased, and the skeleton of that (a lower-case
/// letter may have a prototype of its own), so case and look-alike letters do not matter.
fn key(name: &str) -> String {
    let first: String = unicode_security::skeleton(name).collect();
    unicode_security::skeleton(&first.to_lowercase()).collect()
}

/// NFKC, invisible characters removed (emoji sequences kept whole), white space collapsed and
/// trimmed.
fn clean(raw: &str) -> String {
    let chars: Vec<char> = raw.nfkc().collect();
    let mut out = String::with_capacity(raw.len());
    let mut space = false;
    for (i, &c) in chars.iter().enumerate() {
        if c.is_whitespace() {
            space = !out.is_empty();
        } else if !invisible(c) || in_emoji_sequence(out.chars().next_back(), c, chars.get(i + 1).copied()) {
            if space {
                out.push(' ');
                space = false;
            }
            out.push(c);
        }
    }
    // Removing a character can make a new composable pair meet.
    out.nfkc().collect()
}

/// Whether `c`, an invisible character between `before` (the last character kept) and
/// `after`, holds an emoji sequence together: a zero-width joiner between two emoji, the emoji
/// presentation selector after an emoji, a tag character of a flag (🏴 with tags).
fn in_emoji_sequence(before: Option<char>, c: char, after: Option<char>) -> bool {
    let emoji = |c: Option<char>| c.is_some_and(|c| !c.is_ascii() && c.is_emoji_char());
    // What an emoji may end in before a joiner: the emoji, its selector or a skin tone.
    let emoji_end =
        |c: Option<char>| emoji(c) || c.is_some_and(|c| c == '\u{FE0F}' || ('\u{1F3FB}'..='\u{1F3FF}').contains(&c));
    match c {
        '\u{200D}' => emoji_end(before) && emoji(after),
        '\u{FE0F}' => emoji(before),
        '\u{E0020}'..='\u{E007F}' => {
            before.is_some_and(|b| b == '\u{1F3F4}' || ('\u{E0020}'..='\u{E007E}').contains(&b))
        }
        _ => false,
    }
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

/// Refuses names that read as "You" (the pages mark the viewer's own seat so), as a bot (a bot
/// spec of any game such as `heuristic` or `ismcts:500`, the word "bot", the bot chip's gear)
/// or as a bot level ("Expert", "Schwer"), look-alike letters included.
fn check_reserved(name: &str, registry: &Registry) -> Result<(), NameError> {
    let read = key(name);
    let reads_as = |word: &str| read == key(word);
    if YOU.iter().any(|w| reads_as(w)) || read.contains(&key("(you)")) || read.contains(&key("(du)")) {
        return Err(NameError::Reserved("the page calls your own seat so".to_owned()));
    }
    if name.contains('⚙') {
        return Err(NameError::Reserved("the page marks bots with ⚙".to_owned()));
    }
    if Level::ALL.iter().map(|l| l.name()).chain(LEVEL_LABELS).any(reads_as) {
        return Err(NameError::Reserved("it reads as a bot level".to_owned()));
    }
    let words: Vec<&str> = read.split(|c: char| !c.is_alphanumeric()).filter(|w| !w.is_empty()).collect();
    if MACHINE_WORDS.iter().any(|machine| words.contains(&key(machine).as_str())) {
        return Err(NameError::Reserved("it reads as a bot's label".to_owned()));
    }
    // A bot spec starts with the bot's kind: `heuristic`, `ismcts:250ms`, `ismcts 500` (read
    // as written and as it looks).
    let head =
        |text: &str| text.split(|c: char| c == ':' || c == '(' || c.is_whitespace()).next().unwrap_or("").to_owned();
    let (written, looks) = (head(&name.to_lowercase()), head(&read));
    let bots = registry.games().flat_map(|kind| kind.info().bots.iter().copied());
    for bot in bots {
        if names_bot(&written, bot) || looks == key(bot) {
            return Err(NameError::Reserved(format!("{bot:?} is the name of a bot")));
        }
    }
    Ok(())
}

/// Whether `head` (the first word of a lower-case name) is `bot`'s kind, perhaps with a number.
fn names_bot(head: &str, bot: &str) -> bool {
    head == bot || head.strip_prefix(bot).is_some_and(|rest| rest.chars().all(|c| c.is_ascii_digit()))
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
        assert_eq!(ok("A\u{200B}d\u{200D}a"), "Ada", "zero-width, and a joiner between letters");
        assert_eq!(ok("\u{202E}adA"), "adA", "right-to-left override");
        assert_eq!(ok("Ada\u{2066}\u{2069}\u{200F}\u{061C}"), "Ada", "isolates and marks");
        assert_eq!(ok("Ada\u{0007}\u{001B}[31m"), "Ada[31m", "controls");
        assert_eq!(ok("Ada\u{00A0}\u{3000}B"), "Ada B", "other spaces");
        assert_eq!(ok("Ad\u{FEFF}a"), "Ada", "byte order mark");
    }

    #[test]
    fn joiners_inside_emoji_sequences_stay() {
        let family = "\u{1F468}\u{200D}\u{1F469}\u{200D}\u{1F467}\u{200D}\u{1F466}";
        assert_eq!(ok(&format!("Ada {family}")), format!("Ada {family}"), "one family, not four faces");
        let rainbow = "\u{1F3F3}\u{FE0F}\u{200D}\u{1F308}";
        assert_eq!(ok(rainbow), rainbow, "a selector and a joiner inside one flag");
        let toned = "\u{1F44B}\u{1F3FD}\u{200D}\u{2642}\u{FE0F}";
        assert_eq!(ok(toned), toned, "a skin tone before the joiner");
        let england = "\u{1F3F4}\u{E0067}\u{E0062}\u{E0065}\u{E006E}\u{E0067}\u{E007F}";
        assert_eq!(ok(england), england, "the tags of a flag");
        assert_eq!(ok("Ada\u{200D}\u{1F600}"), "Ada\u{1F600}", "a joiner after a letter goes");
        assert_eq!(ok("\u{1F600}\u{200D}Ada"), "\u{1F600}Ada", "a joiner before a letter goes");
        assert_eq!(ok("A\u{FE0F}da\u{E0067}"), "Ada", "selectors and tags outside emoji go");
    }

    #[test]
    fn names_are_nfkc() {
        let decomposed = "Jo\u{0308}rg"; // o + combining diaeresis
        assert_eq!(ok(decomposed), "J\u{00F6}rg");
        assert_eq!(ok(decomposed), ok("Jörg"));
        assert_eq!(ok("Zoe\u{200B}\u{0301}"), "Zo\u{00E9}", "composes across a removed character");
        assert_eq!(ok("\u{FF21}\u{FF44}\u{FF41}"), "Ada", "fullwidth letters");
        assert_eq!(ok("\u{FB01}ona"), "fiona", "a ligature is its letters");
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
    fn names_that_read_as_you_a_bot_or_a_level_are_refused() {
        for name in [
            "You",
            "you",
            " YOU ",
            "Y\u{043E}u",               // Cyrillic o
            "\u{FF39}\u{FF4F}\u{FF55}", // fullwidth
            "Y0U",
            "Du",
            "Ada (you)",
            "Ada (du)",
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
            "B\u{043E}t Anna", // Cyrillic o
            "⚙ Ada",
            "Computer",
            "Hard",
            "EXPERT",
            "Schwer",
            "Leicht",
            "Experte",
        ] {
            assert!(matches!(refused(name), NameError::Reserved(_)), "{name:?}");
        }
        for name in [
            "Youssef",
            "Talbot",
            "Randolph",
            "Heuri",
            "Botticelli",
            "Ada Lovelace",
            "Jürgen",
            "李雷",
            "Anna",
            "Hardy",
            "Dustin",
        ] {
            ok(name);
        }
    }

    #[test]
    fn names_that_look_alike_are_the_same_name() {
        assert!(same_name("Ada", "ada"));
        assert!(same_name("Ada", "\u{0410}da"), "Cyrillic A");
        assert!(same_name("Bill", "BiII"), "capital i for l");
        assert!(same_name("Emma", "Ernrna"), "rn for m");
        assert!(!same_name("Ada", "Ida"));
        assert!(!same_name("Anna", "Anne"));
    }
}
