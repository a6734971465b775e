//! Config overlays from files: `--edition FILE` reads a TOML file into the config's `edition`
//! key (the data file of a game that has one), so a player can play with their own box's
//! numbers. The game validates the result as any config; nothing here knows a game.

use std::path::Path;

use serde_json::Value;

use crate::error::CliError;

/// The config key `--edition` sets.
pub const EDITION_KEY: &str = "edition";

/// `{key: <the TOML file at path, as JSON>}`: an overlay for [`merge`].
pub fn key_from_toml(key: &str, path: &Path) -> Result<Value, CliError> {
    let text = std::fs::read_to_string(path).map_err(|e| CliError::file(path, e))?;
    let value: Value =
        toml::from_str(&text).map_err(|e| CliError::Usage(format!("{}: not a TOML {key}: {e}", path.display())))?;
    let mut overlay = serde_json::Map::new();
    overlay.insert(key.to_owned(), value);
    Ok(Value::Object(overlay))
}

/// The overlay of `--edition FILE`, if given.
pub fn edition(path: Option<&Path>) -> Result<Option<Value>, CliError> {
    path.map(|p| key_from_toml(EDITION_KEY, p)).transpose()
}

/// Sets every top-level key of `overlay` (an object) in `config`.
pub fn merge(config: &mut Value, overlay: Option<&Value>) {
    if let (Value::Object(config), Some(Value::Object(overlay))) = (config, overlay) {
        for (key, value) in overlay {
            config.insert(key.clone(), value.clone());
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_toml_file_becomes_the_config_key() {
        let dir = std::env::temp_dir().join(format!("spieltisch-overlay-{}", std::process::id()));
        std::fs::create_dir_all(&dir).unwrap();
        let path = dir.join("box.toml");
        std::fs::write(&path, "start_cash = 5\n[names]\nlight = [\"A\"]\n").unwrap();
        let overlay = edition(Some(&path)).unwrap();
        let mut config = serde_json::json!({"pro": true, "edition": {"old": 1}});
        merge(&mut config, overlay.as_ref());
        assert_eq!(config, serde_json::json!({"pro": true, "edition": {"start_cash": 5, "names": {"light": ["A"]}}}));
        std::fs::write(&path, "start_cash = ").unwrap();
        assert!(edition(Some(&path)).unwrap_err().to_string().contains("not a TOML edition"));
        assert!(edition(Some(&dir.join("missing.toml"))).is_err());
        std::fs::remove_dir_all(&dir).unwrap();
    }
}
