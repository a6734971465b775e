//! Presets: a game's well-known ways to play, each a named set of variant settings that a lobby
//! offers as one choice and `--preset` takes (Schotten-Totten's "Battle Line" is its
//! `battle-line` and `tactics` variants together).

use serde::Serialize;

use crate::error::SetupError;

/// One named way to play a game ([`crate::Game::presets`]): variant settings offered as one
/// choice.
///
/// A lobby shows a game's presets as one list; choosing one sets every variant that any of the
/// game's presets names (on when this preset names it, else its default) and leaves the other
/// variants as they were.
///
/// ```
/// use engine::Preset;
///
/// const PRESETS: &[Preset] = &[
///     Preset { name: "plain", title: "Plain", title_de: "Einfach", variants: &[] },
///     Preset { name: "long", title: "Long game", title_de: "Lange Partie", variants: &["first-to=5"] },
/// ];
/// let long = Preset::find(PRESETS, "long").unwrap();
/// assert_eq!(long.with(&["veto".to_string()]), ["first-to=5", "veto"]);
/// assert!(Preset::find(PRESETS, "short").unwrap_err().to_string().contains("plain, long"));
/// ```
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize)]
pub struct Preset {
    /// The key `--preset` takes, kebab-case, unique within the game (`battle-line`).
    pub name: &'static str,
    /// What a lobby calls it (`Battle Line`).
    pub title: &'static str,
    /// The same in German.
    pub title_de: &'static str,
    /// Its variant settings as `--variant` takes them (`tactics`, `match-games=3`).
    pub variants: &'static [&'static str],
}

impl Preset {
    /// The preset `name` of `presets`, or an error that lists the known ones.
    pub fn find<'a>(presets: &'a [Preset], name: &str) -> Result<&'a Preset, SetupError> {
        presets.iter().find(|p| p.name == name.trim()).ok_or_else(|| {
            let known: Vec<&str> = presets.iter().map(|p| p.name).collect();
            SetupError::Config(if known.is_empty() {
                format!("unknown preset {name:?}: this game has none")
            } else {
                format!("unknown preset {name:?}; known: {}", known.join(", "))
            })
        })
    }

    /// This preset's settings followed by `more` (a later setting of a variant wins): the list
    /// to build a config from ([`crate::GameKind::config_from_variants`]).
    pub fn with(&self, more: &[String]) -> Vec<String> {
        self.variants.iter().map(|v| (*v).to_owned()).chain(more.iter().cloned()).collect()
    }
}
