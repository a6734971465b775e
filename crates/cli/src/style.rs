//! Terminal colour: ANSI styles when writing to a terminal, plain text otherwise (so pipes, logs
//! and tests read clean text).

use std::io::IsTerminal;

/// Whether to colour output.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct Style {
    colour: bool,
}

/// An ANSI colour or emphasis.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Paint {
    /// Bold.
    Bold,
    /// Faint, for secondary text.
    Dim,
    /// Red.
    Red,
    /// Green.
    Green,
    /// Yellow.
    Yellow,
    /// Blue.
    Blue,
    /// Magenta (purple).
    Magenta,
    /// Cyan.
    Cyan,
    /// A brownish orange (256-colour palette).
    Brown,
}

impl Paint {
    fn code(self) -> &'static str {
        match self {
            Paint::Bold => "1",
            Paint::Dim => "2",
            Paint::Red => "31",
            Paint::Green => "32",
            Paint::Yellow => "33",
            Paint::Blue => "34",
            Paint::Magenta => "35",
            Paint::Cyan => "36",
            Paint::Brown => "38;5;130",
        }
    }
}

impl Style {
    /// Plain text.
    pub const PLAIN: Style = Style { colour: false };
    /// ANSI colours.
    pub const COLOUR: Style = Style { colour: true };

    /// Colour if standard output is a terminal and `NO_COLOR` is not set.
    pub fn for_stdout() -> Style {
        Style { colour: std::io::stdout().is_terminal() && std::env::var_os("NO_COLOR").is_none() }
    }

    /// Whether this style colours.
    pub fn is_colour(self) -> bool {
        self.colour
    }

    /// `text` painted with `paint` (unchanged when plain).
    pub fn paint(self, paint: Paint, text: impl AsRef<str>) -> String {
        if self.colour { format!("\x1b[{}m{}\x1b[0m", paint.code(), text.as_ref()) } else { text.as_ref().to_owned() }
    }
}
