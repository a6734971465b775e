//! Variant settings (`claim-after-play`, `start-cards=6`) read into a config object.

use serde_json::{Map, Value};

use crate::error::SetupError;
use crate::game::{Variant, VariantKind};

/// Turns `--variant` settings into a config object: `name` switches a flag on, `name=value`
/// sets a choice or a number.
pub(super) fn variants_to_json(known: &[Variant], given: &[String]) -> Result<Value, SetupError> {
    let mut config = Map::new();
    for setting in given {
        let (name, value) = match setting.split_once('=') {
            Some((n, v)) => (n.trim(), Some(v.trim())),
            None => (setting.trim(), None),
        };
        let variant = known.iter().find(|v| v.name == name).ok_or_else(|| {
            let names: Vec<_> = known.iter().map(|v| v.name).collect();
            SetupError::Config(format!("unknown variant {name:?}; known: {}", names.join(", ")))
        })?;
        let json = match (variant.kind, value) {
            (VariantKind::Flag, None | Some("true" | "on")) => Value::Bool(true),
            (VariantKind::Flag, Some("false" | "off")) => Value::Bool(false),
            (VariantKind::Choice { options, .. }, Some(v)) if options.contains(&v) => Value::String(v.to_owned()),
            (VariantKind::Choice { options, .. }, _) => {
                return Err(SetupError::Config(format!("variant {name} takes one of: {}", options.join(", "))));
            }
            (VariantKind::Number { min, max, .. }, Some(v)) => match v.parse::<i64>() {
                Ok(n) if (min..=max).contains(&n) => Value::from(n),
                _ => return Err(SetupError::Config(format!("variant {name} takes a number from {min} to {max}"))),
            },
            (VariantKind::Number { min, max, .. }, None) => {
                return Err(SetupError::Config(format!("variant {name} needs a value: {name}=N ({min}..={max})")));
            }
            (VariantKind::Flag, Some(v)) => {
                return Err(SetupError::Config(format!("variant {name} is a switch and takes no value {v:?}")));
            }
        };
        config.insert(name.to_owned(), json);
    }
    Ok(Value::Object(config))
}
