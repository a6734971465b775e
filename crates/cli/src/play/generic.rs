//! The fallback table: the seat's view, one line per field of its JSON.

use std::io::{self, Write};

use engine::{DynMatch, Seat};
use serde_json::Value;

use super::render::Render;
use crate::style::{Paint, Style};

/// Shows any game's view as `field: value` lines.
pub struct Generic;

impl Render for Generic {
    fn table(&self, m: &dyn DynMatch, me: Seat, style: Style, out: &mut dyn Write) -> io::Result<()> {
        match m.view(Some(me)) {
            Value::Object(fields) => {
                let width = fields.keys().map(String::len).max().unwrap_or(0);
                for (key, value) in &fields {
                    writeln!(out, "  {}  {value}", style.paint(Paint::Dim, format!("{key:<width$}")))?;
                }
                Ok(())
            }
            other => writeln!(out, "  {other}"),
        }
    }
}
