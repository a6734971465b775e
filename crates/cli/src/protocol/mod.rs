//! `spieltisch engine`: a JSON-lines protocol on stdin/stdout for bots and test harnesses in any
//! language (see `docs/protocol.md`). One request per line, one reply per line; a bad line gets
//! an error reply and the session goes on.

mod reply;
mod session;
mod views;

use std::io::{BufRead, Write};

use engine::Registry;

pub use reply::{Code, Failure, Reply};
pub use session::{COMMANDS, MAX_PICKED_SEED, Next, Session};

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
        match read_line(input, &mut line)? {
            Line::End => return Ok(()),
            Line::TooLong => {
                let failure = Failure::new(Code::TooLong, format!("a request line may hold at most {MAX_LINE} bytes"));
                writeln!(output, "{}", failure.reply().to_line(None, false))?;
                output.flush()?;
                continue;
            }
            Line::Read => {}
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

/// The longest request line read, in bytes: a record of a long match fits many times over, and a
/// runaway writer cannot make the process hold an unbounded line.
pub const MAX_LINE: usize = 1 << 20;

/// What [`read_line`] found.
enum Line {
    Read,
    TooLong,
    End,
}

/// Reads one line into `line`, at most [`MAX_LINE`] bytes; the rest of a longer line is skipped
/// without being kept.
fn read_line(input: &mut dyn BufRead, line: &mut Vec<u8>) -> std::io::Result<Line> {
    let read = std::io::Read::take(&mut *input, MAX_LINE as u64 + 1).read_until(b'\n', line)?;
    if read == 0 {
        return Ok(Line::End);
    }
    if line.len() <= MAX_LINE || line.ends_with(b"\n") {
        return Ok(Line::Read);
    }
    loop {
        let buffer = input.fill_buf()?;
        if buffer.is_empty() {
            return Ok(Line::TooLong);
        }
        match buffer.iter().position(|&b| b == b'\n') {
            Some(at) => {
                input.consume(at + 1);
                return Ok(Line::TooLong);
            }
            None => {
                let skipped = buffer.len();
                input.consume(skipped);
            }
        }
    }
}
