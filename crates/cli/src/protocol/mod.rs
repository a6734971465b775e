//! `spieltisch engine`: a JSON-lines protocol on stdin/stdout for bots and test harnesses in any
//! language (see `docs/protocol.md`). One request per line, one reply per line; a bad line gets
//! an error reply and the session goes on.

mod reply;
mod session;

use std::io::{BufRead, Write};

use engine::Registry;

pub use reply::{Code, Failure, Reply};
pub use session::{COMMANDS, Next, Session};

/// Options of `spieltisch engine` (none yet).
#[derive(Clone, Debug, clap::Args)]
#[command(after_help = r#"Example session (one JSON object per line; see docs/protocol.md):
  {"id":1,"cmd":"games"}
  {"id":2,"cmd":"new","game":"schotten-totten","seats":2,"seed":1}
  {"id":3,"cmd":"view","seat":0}
  {"id":4,"cmd":"apply","seat":0,"action":"play r7 3"}
  {"id":5,"cmd":"bot","seat":1,"bot":"heuristic","apply":true}
  {"id":6,"cmd":"record"}
  {"cmd":"quit"}"#)]
pub struct EngineArgs {}

/// Serves the protocol: reads requests from `input` until `quit` or the end of input, writes
/// one reply line per request to `output` (flushed after each).
pub fn run(registry: &Registry, input: &mut dyn BufRead, output: &mut dyn Write) -> std::io::Result<()> {
    let mut session = Session::new(registry);
    let mut line = Vec::new();
    loop {
        line.clear();
        if input.read_until(b'\n', &mut line)? == 0 {
            return Ok(());
        }
        let text = line.trim_ascii();
        if text.is_empty() {
            continue;
        }
        let (reply, next) = session.handle_line(text);
        writeln!(output, "{reply}")?;
        output.flush()?;
        if next == Next::Quit {
            return Ok(());
        }
    }
}
