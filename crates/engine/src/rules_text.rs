//! A game's rules explained for players, in one or more languages.
//!
//! The texts are markdown written for people (goal, set-up, a turn, special cards, scoring),
//! not the rule files the tests cite. A catalog gives them with a game's [`About`](crate::About);
//! hosts hand them out through [`GameInfo::rules`](crate::GameInfo) and pick a language with
//! [`rules_in`]:
//!
//! ```
//! use engine::{RulesText, rules_in};
//!
//! const RULES: &[RulesText] = &[
//!     RulesText { lang: "en", markdown: "## Goal\nWin." },
//!     RulesText { lang: "de", markdown: "## Ziel\nGewinnen." },
//! ];
//! assert_eq!(rules_in(RULES, "de").unwrap().lang, "de");
//! // A language nobody wrote falls back to English.
//! assert_eq!(rules_in(RULES, "fr").unwrap().lang, "en");
//! assert!(rules_in(&[], "en").is_none());
//! ```

use serde::Serialize;

/// The language every game's texts should have, and the one asked-for languages fall back to.
pub const FALLBACK_LANG: &str = "en";

/// A game's rules for players in one language.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize)]
pub struct RulesText {
    /// The language: a lower-case ISO 639-1 code (`en`, `de`).
    pub lang: &'static str,
    /// The rules as markdown; headings start at level 2 (`##`), since a host shows the game's
    /// title above them.
    pub markdown: &'static str,
}

/// The text of `rules` in `lang`, else in [`FALLBACK_LANG`], else the first one; `None` only
/// when there are no texts at all. `lang` is compared without regard to case.
pub fn rules_in(rules: &'static [RulesText], lang: &str) -> Option<&'static RulesText> {
    rules
        .iter()
        .find(|text| text.lang.eq_ignore_ascii_case(lang))
        .or_else(|| rules.iter().find(|text| text.lang == FALLBACK_LANG))
        .or_else(|| rules.first())
}
