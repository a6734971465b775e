//! The play loop: bots move, the human is asked, the table is drawn. Reads any `BufRead` and
//! writes any `Write`, so a test can drive a whole game through a pipe.

use std::io::{BufRead, Write};
use std::time::Duration;

use engine::{DynMatch, EventJson, GameInfo, Level, Outcome, Record, Registry, Seat, StepKind, step_continues};

use super::render::renderer;
use crate::arena::game_seed;
use crate::error::CliError;
use crate::style::{Paint, Style};

/// What to play.
#[derive(Clone, Debug)]
pub struct PlayOptions {
    /// The game's registry name.
    pub game: String,
    /// Opponents' bot specs: one for all, or one per opponent in seat order; empty for the default.
    pub bots: Vec<String>,
    /// Seats [default: the game's minimum].
    pub players: Option<usize>,
    /// The seed of the match.
    pub seed: u64,
    /// The human's seat.
    pub seat: usize,
    /// Variant settings.
    pub variants: Vec<String>,
    /// Config keys set over the variants' config (`--edition FILE`), an object.
    pub config: Option<serde_json::Value>,
    /// A pause after each bot move.
    pub delay: Duration,
    /// Whether to repeat each input line after the prompt (when input is piped, so the output
    /// reads as a transcript).
    pub echo: bool,
}

/// How a game at the terminal ended.
#[derive(Clone, Debug)]
pub enum PlayEnd {
    /// The game is over.
    Finished {
        /// The result.
        outcome: Outcome,
        /// The whole match.
        record: Box<Record>,
    },
    /// The human typed `quit`.
    Quit {
        /// The match so far.
        record: Box<Record>,
    },
    /// The input ended first.
    InputEnded {
        /// The match so far.
        record: Box<Record>,
    },
}

impl PlayEnd {
    /// The match record (complete or not).
    pub fn record(&self) -> Option<&Record> {
        match self {
            PlayEnd::Finished { record, .. } | PlayEnd::Quit { record } | PlayEnd::InputEnded { record } => {
                Some(record)
            }
        }
    }
}

/// Plays one game: the human at `options.seat` reads `input` and sees `out`, bots take the
/// other seats.
pub fn play(
    registry: &Registry,
    options: &PlayOptions,
    input: &mut dyn BufRead,
    out: &mut dyn Write,
    style: Style,
) -> Result<PlayEnd, CliError> {
    let kind = registry.get(&options.game)?;
    let info = kind.info();
    let mut config = kind.config_from_variants(&options.variants)?;
    crate::overlay::merge(&mut config, options.config.as_ref());
    let players = options.players.unwrap_or(info.min_seats);
    let mut m = kind.new_match(&config, players, options.seed)?;
    let me = Seat::new(options.seat)
        .filter(|s| s.index() < players)
        .ok_or_else(|| CliError::Usage(format!("there is no seat {} at a table of {players}", options.seat)))?;
    let bots = seat_bots(&options.bots, &info, players, me)?;
    let names = seat_names(&bots);
    // The record keeps what played each seat (a bot's spec or level), as the server's do.
    m.set_players(bots.iter().map(|b| b.clone().unwrap_or_else(|| "you".into())).collect());

    writeln!(out, "{} — {players} players, seed {}", style.paint(Paint::Bold, info.title), options.seed)?;
    for (seat, name) in names.iter().enumerate() {
        match &bots[seat] {
            None => writeln!(out, "  seat {seat}: {}", style.paint(Paint::Bold, name))?,
            // The level people choose by, or the spec of an expert's own bot.
            Some(spec) => match info.levels.level_of(spec) {
                Some(level) => writeln!(out, "  seat {seat}: {name} · {level}")?,
                None => writeln!(out, "  seat {seat}: {name} · {spec}")?,
            },
        }
    }
    writeln!(out, "Type an action, `help` for the legal ones, `quit` to leave.")?;
    // What the set-up did (a first deal, a card turned for trump), as every later action's events.
    show_events(m.opening_events().for_viewer(Some(me)), style, out)?;

    let render = renderer(&options.game);
    loop {
        if let Some(outcome) = m.outcome() {
            writeln!(out)?;
            render.table(m.as_ref(), me, style, out)?;
            show_result(&outcome, me, &names, style, out)?;
            return Ok(PlayEnd::Finished { outcome, record: Box::new(m.record()) });
        }
        // In a secret choice or reaction window every seat of the step, bots and the human,
        // chooses from the position where the step began: the bots decide now, the human is
        // asked, then the bots' answers are applied. In a turn, a bot's turn is played at once.
        let (to_act, kind) = (m.to_act(), m.step_kind());
        let simultaneous = kind.is_simultaneous() && to_act.contains(me);
        let mut answers = Vec::new();
        for seat in to_act.iter().filter(|&s| s != me) {
            let spec = bots[seat.index()].as_deref().expect("every other seat has a bot");
            let seed = game_seed(options.seed ^ ((seat.index() as u64) << 56), m.actions() as u64);
            answers.push((seat, spec, m.bot_action(seat, spec, seed)?));
            if !kind.is_simultaneous() {
                break;
            }
        }
        if simultaneous || answers.is_empty() {
            writeln!(out)?;
            render.table(m.as_ref(), me, style, out)?;
            match ask(m.as_mut(), me, input, out, style, options.echo)? {
                Asked::Played => {}
                Asked::Quit => {
                    writeln!(out, "You left the table.")?;
                    return Ok(PlayEnd::Quit { record: Box::new(m.record()) });
                }
                Asked::InputEnded => return Ok(PlayEnd::InputEnded { record: Box::new(m.record()) }),
            }
        }
        // Once the step is resolved (every answer in, or a reaction that ends the window) the
        // remaining answers are void.
        let mut before = (kind, to_act);
        if simultaneous {
            let after = (m.step_kind(), m.to_act());
            if !step_continues(before, me, after) {
                continue;
            }
            before = after;
        }
        for (seat, spec, action) in answers {
            let events = m.apply(seat, &action).map_err(|e| {
                CliError::Other(format!("bot {spec} in seat {seat} played {action:?}, which is refused: {e}"))
            })?;
            let after = (m.step_kind(), m.to_act());
            let goes_on = step_continues(before, seat, after);
            before = after;
            show_events(events.for_viewer(Some(me)), style, out)?;
            if !options.delay.is_zero() {
                out.flush()?;
                std::thread::sleep(options.delay);
            }
            if !goes_on {
                break;
            }
        }
    }
}

enum Asked {
    Played,
    Quit,
    InputEnded,
}

/// Asks the human until they give a legal action (or leave).
fn ask(
    m: &mut dyn DynMatch,
    me: Seat,
    input: &mut dyn BufRead,
    out: &mut dyn Write,
    style: Style,
    echo: bool,
) -> Result<Asked, CliError> {
    let legal = m.legal_actions(me);
    let prompt = match (m.step_kind(), m.pass(me)) {
        (StepKind::Secret, _) => format!("seat {me}, choose secretly>"),
        (StepKind::Reaction, Some(pass)) => format!("seat {me}, react? (`{pass}` to pass)>"),
        (StepKind::Reaction, None) => format!("seat {me}, react?>"),
        (StepKind::Turn, _) => format!("seat {me}, your move>"),
    };
    let mut line = String::new();
    loop {
        write!(out, "{} ", style.paint(Paint::Bold, &prompt))?;
        out.flush()?;
        line.clear();
        if input.read_line(&mut line)? == 0 {
            writeln!(out)?;
            return Ok(Asked::InputEnded);
        }
        let typed = line.trim();
        if echo {
            writeln!(out, "{typed}")?;
        }
        match typed {
            "" => continue,
            "help" | "?" => {
                list_actions(&legal, legal.len() > 24, style, out)?;
                continue;
            }
            "help all" => {
                list_actions(&legal, false, style, out)?;
                continue;
            }
            "quit" | "exit" => return Ok(Asked::Quit),
            "table" => {
                renderer(m.game()).table(m, me, style, out)?;
                continue;
            }
            _ => {}
        }
        // A number picks from the `help` list, unless the game reads it as notation itself.
        let action = match typed.parse::<usize>() {
            Ok(n) if !legal.iter().any(|a| a == typed) => match legal.get(n.wrapping_sub(1)) {
                Some(action) => action.clone(),
                None => {
                    writeln!(
                        out,
                        "{} there are {} legal actions; `help` lists them",
                        style.paint(Paint::Red, "✗"),
                        legal.len()
                    )?;
                    continue;
                }
            },
            _ => typed.to_owned(),
        };
        match m.apply(me, &action) {
            Ok(events) => {
                show_events(events.for_viewer(Some(me)), style, out)?;
                return Ok(Asked::Played);
            }
            Err(e) => {
                writeln!(out, "{} {e}", style.paint(Paint::Red, "✗"))?;
                let similar = similar(&legal, &action);
                if similar.is_empty() {
                    writeln!(out, "  type `help` for the legal actions")?;
                } else {
                    writeln!(out, "  legal now, for example: {}", similar.join(", "))?;
                }
            }
        }
    }
}

fn list_actions(legal: &[String], grouped: bool, style: Style, out: &mut dyn Write) -> std::io::Result<()> {
    if grouped {
        // Many actions: one line per action word and argument (`play r7 1|2|3 …`).
        writeln!(out, "Legal actions ({}; `help all` numbers them):", legal.len())?;
        let mut groups: Vec<(&str, Vec<&str>)> = Vec::new();
        for action in legal {
            let (head, last) = action.rsplit_once(' ').unwrap_or(("", action));
            match groups.iter_mut().find(|(h, _)| *h == head) {
                Some((_, lasts)) => lasts.push(last),
                None => groups.push((head, vec![last])),
            }
        }
        for (head, lasts) in groups {
            let line = if head.is_empty() { lasts.join("  ") } else { format!("{head} {}", lasts.join("|")) };
            writeln!(out, "  {}", style.paint(Paint::Cyan, line))?;
        }
        return Ok(());
    }
    writeln!(out, "Legal actions (type one, or its number):")?;
    let width = legal.iter().map(String::len).max().unwrap_or(0) + 6;
    let columns = (72 / width.max(1)).max(1);
    for (row, chunk) in legal.chunks(columns).enumerate() {
        let line: String = chunk
            .iter()
            .enumerate()
            .map(|(i, a)| format!("{:>3}) {:<w$}", row * columns + i + 1, a, w = width - 5))
            .collect();
        writeln!(out, "  {}", style.paint(Paint::Cyan, line.trim_end()))?;
    }
    Ok(())
}

/// Up to eight legal actions sharing the most leading words (at most two) with what was typed.
fn similar<'a>(legal: &'a [String], typed: &str) -> Vec<&'a str> {
    let words: Vec<&str> = typed.split_whitespace().collect();
    for shared in (1..=words.len().min(2)).rev() {
        let found: Vec<&str> = legal
            .iter()
            .filter(|a| a.split_whitespace().take(shared).eq(words[..shared].iter().copied()))
            .map(String::as_str)
            .take(8)
            .collect();
        if !found.is_empty() {
            return found;
        }
    }
    Vec::new()
}

fn show_events(events: &[EventJson], style: Style, out: &mut dyn Write) -> std::io::Result<()> {
    for event in events {
        writeln!(out, "  {} {}", style.paint(Paint::Dim, "·"), event.text)?;
    }
    Ok(())
}

fn show_result(
    outcome: &Outcome,
    me: Seat,
    names: &[String],
    style: Style,
    out: &mut dyn Write,
) -> std::io::Result<()> {
    let winners = outcome.winners().count();
    let headline = match (outcome.place(me), winners) {
        (1, 1) => style.paint(Paint::Green, "You won!"),
        (1, _) => style.paint(Paint::Yellow, format!("You share first place with {} others.", winners - 1)),
        (place, _) => style.paint(Paint::Red, format!("You lost (place {place}).")),
    };
    writeln!(out, "Game over. {headline}")?;
    let mut seats: Vec<Seat> = Seat::all(outcome.seats()).collect();
    seats.sort_by_key(|&s| (outcome.place(s), s));
    for seat in seats {
        writeln!(
            out,
            "  place {}  seat {seat} ({}): score {}",
            outcome.place(seat),
            names[seat.index()],
            outcome.score(seat)
        )?;
    }
    Ok(())
}

/// What each seat is called at the table and in the result: "you", and each bot its own name
/// ([`engine::BOT_NAMES`], in seat order, as at the server's tables), so two bots of one level
/// are told apart.
fn seat_names(bots: &[Option<String>]) -> Vec<String> {
    let mut names = engine::BOT_NAMES.iter();
    bots.iter()
        .map(|bot| match bot.as_ref().and_then(|_| names.next()) {
            Some(name) => format!("Bot {name}"),
            None => "you".to_owned(),
        })
        .collect()
}

/// The bot spec of every seat (`None` for the human's); a level's name (`hard`) is accepted and
/// kept, the log shows the level.
fn seat_bots(given: &[String], info: &GameInfo, players: usize, me: Seat) -> Result<Vec<Option<String>>, CliError> {
    let known = info.bots;
    let opponents = players - 1;
    let default = match info.levels.get(Level::Medium) {
        Some(_) => Level::Medium.name(),
        None if known.contains(&"heuristic") => "heuristic",
        None => "random",
    };
    let specs: Vec<String> = match given.len() {
        0 => vec![default.to_owned(); opponents],
        1 => vec![given[0].clone(); opponents],
        n if n == opponents => given.to_vec(),
        n => {
            return Err(CliError::Usage(format!(
                "{n} bots for {opponents} opponents: give one --bot for all or one per opponent"
            )));
        }
    };
    let is_known = |spec: &str| known.contains(&engine::BotSpec::parse(info.levels.resolve(spec)).kind.as_str());
    if let Some(bad) = specs.iter().find(|s| !is_known(s)) {
        let levels: Vec<&str> = info.levels.all().iter().map(|l| l.level.name()).collect();
        let offered = match levels.is_empty() {
            true => format!("the bots {}", known.join(", ")),
            false => format!("the levels {} and the bots {}", levels.join(", "), known.join(", ")),
        };
        return Err(CliError::Usage(format!("unknown bot {bad:?}; this game has {offered}")));
    }
    let mut specs = specs.into_iter();
    Ok(Seat::all(players).map(|s| if s == me { None } else { specs.next() }).collect())
}
