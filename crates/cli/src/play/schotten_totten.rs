//! The Schotten-Totten table: the nine stones with the opponent's cards above and yours below,
//! formations, who completed first, claims, your hand, the pile and revealed cards; with tactic
//! cards also the tactic pile, the discard pile, combat modes on their stones, what elite troops
//! were fixed to, and the steps of a ruse (Battle Line shows its own card names).

use std::io::{self, Write};

use engine::{DynMatch, Seat};
use schotten_totten::{Card, CardSet, Class, Colour, Formation, PhaseView, SchottenTotten, StoneView, View};

use super::generic::Generic;
use super::render::{Render, typed_view};
use crate::style::{Paint, Style};

/// Draws a Schotten-Totten table.
pub struct SchottenTottenTable;

/// Characters per stone column (wider with tactic cards: `joker1`, `shield`).
const COLUMN: usize = 6;
/// Characters per stone column with tactic cards.
const WIDE_COLUMN: usize = 8;
/// Characters of the row labels on the left.
const LABEL: usize = 14;

impl Render for SchottenTottenTable {
    fn table(&self, m: &dyn DynMatch, me: Seat, style: Style, out: &mut dyn Write) -> io::Result<()> {
        match typed_view::<SchottenTotten>(m, me) {
            Some(view) => {
                let claims: Vec<String> = m
                    .legal_actions(me)
                    .into_iter()
                    .filter_map(|a| a.strip_prefix("claim ").map(str::to_owned))
                    .collect();
                draw(&view, me, &claims, style, out)
            }
            None => Generic.table(m, me, style, out),
        }
    }
}

fn draw(view: &View, me: Seat, claims: &[String], style: Style, out: &mut dyn Write) -> io::Result<()> {
    let them = Seat::at(1 - me.index());
    let w = if view.tactics { WIDE_COLUMN } else { COLUMN };
    let mut header = format!("pile {} card{}", view.pile, if view.pile == 1 { "" } else { "s" });
    if view.tactics {
        header = format!("{header} · tactic pile {}", view.tactic_pile);
    }
    if view.battle_line {
        header = format!("Battle Line · {header}");
    }
    if view.games > 1 {
        header = format!(
            "game {} of {} · you {} – {} them · {header}",
            view.game,
            view.games,
            view.scores[me.index()],
            view.scores[them.index()]
        );
    }
    writeln!(out, "{}", style.paint(Paint::Dim, header))?;
    if let Some(previous) = &view.previous_game {
        writeln!(
            out,
            "Game {} went to seat {} ({}), points {}–{}",
            previous.game, previous.winner, previous.reason, previous.points[0], previous.points[1]
        )?;
    }
    let numbers: String = view.stones.iter().map(|s| format!("{:<w$}", s.number)).collect();
    writeln!(out, "{:LABEL$}{}", "stone", numbers.trim_end())?;
    // Four rows when Mud lies somewhere (ST-44).
    let rows = view.stones.iter().map(|s| usize::from(s.capacity)).max().unwrap_or(3);
    // The opponent's side grows upwards from the stones, yours downwards.
    let their_label = format!("seat {them}");
    for row in (0..rows).rev() {
        let label = if row == rows - 1 { their_label.as_str() } else { "" };
        writeln!(out, "{}", cards_row(label, &view.stones, them, row, w, style))?;
    }
    if let Some(line) = formations_row(&view.stones, them, w, style) {
        writeln!(out, "{line}")?;
    }
    writeln!(out, "{}", owners_row(&view.stones, me, w, style))?;
    if view.stones.iter().any(|s| !s.modes.is_empty()) {
        writeln!(out, "{}", modes_row(&view.stones, w, style))?;
    }
    if let Some(line) = formations_row(&view.stones, me, w, style) {
        writeln!(out, "{line}")?;
    }
    let my_label = format!("seat {me} (you)");
    for row in 0..rows {
        let label = if row == 0 { my_label.as_str() } else { "" };
        writeln!(out, "{}", cards_row(label, &view.stones, me, row, w, style))?;
    }
    for stone in &view.stones {
        for (seat, resolved) in stone.resolved.iter().enumerate() {
            for &(elite, stands_for) in resolved.pairs() {
                let name = title(elite, view.battle_line);
                writeln!(out, "  stone {}: seat {seat}'s {name} ({elite}) counted as {stands_for}", stone.number)?;
            }
        }
    }
    if view.stones.iter().any(|s| s.formations.iter().any(Option::is_some)) {
        writeln!(
            out,
            "{}",
            style.paint(
                Paint::Dim,
                "  CR colour run · 3K of a kind · C colour · R run · S sum (+ total) · * completed first"
            )
        )?;
    }

    let hand: Vec<String> = view.hand.map(|h| h.iter().map(|c| card(c, style)).collect()).unwrap_or_default();
    writeln!(out, "Your hand ({}): {}", hand.len(), hand.join(" "))?;
    let shown: Vec<String> = view.revealed[them.index()].union(view.known).iter().map(|c| card(c, style)).collect();
    let shown = if shown.is_empty() { String::new() } else { format!(", showing {}", shown.join(" ")) };
    let tactic_cards = match view.hand_tactics[them.index()] {
        0 => String::new(),
        n => format!(" ({n} tactic)"),
    };
    writeln!(out, "Seat {them} holds {} cards{tactic_cards}{shown}", view.hand_sizes[them.index()])?;
    if view.tactics {
        let played = |seat: Seat| view.played_tactics[seat.index()].len();
        writeln!(
            out,
            "{}",
            style.paint(
                Paint::Dim,
                format!(
                    "tactic cards played: you {}, them {} (at most one more than the other); discard: {}",
                    played(me),
                    played(them),
                    names(view.discard, view.battle_line)
                )
            )
        )?;
        if !view.tucked.is_empty() {
            writeln!(out, "You put under the piles: {}", view.tucked)?;
        }
    }
    let mine_shown: Vec<String> = view.revealed[me.index()].iter().map(|c| card(c, style)).collect();
    if !mine_shown.is_empty() {
        writeln!(out, "You have shown: {}", mine_shown.join(" "))?;
    }
    match (view.active, view.phase) {
        (None, _) | (_, PhaseView::Over) => {}
        (Some(seat), PhaseView::Claim) if seat == me => writeln!(out, "Your claim step: claim stones or say `done`")?,
        (Some(seat), PhaseView::Play) if seat == me => writeln!(out, "Your turn: play a card (`play r7 3`)")?,
        (Some(seat), PhaseView::FinalClaims) if seat == me => {
            writeln!(out, "No card can be played any more: your last claims, then `pass`")?
        }
        (Some(seat), PhaseView::Draw) if seat == me => writeln!(out, "Draw a card: `draw clan` or `draw tactic`")?,
        (Some(seat), PhaseView::Recruit) if seat == me => match view.recruit {
            Some(r) if r.draws > 0 => writeln!(out, "Recruiter: draw {} more (`draw clan` / `draw tactic`)", r.draws)?,
            Some(r) => writeln!(out, "Recruiter: put {} card(s) back under their piles (`return r7`)", r.returns)?,
            None => {}
        },
        (Some(seat), PhaseView::Strategist) if seat == me => writeln!(
            out,
            "Strategist: move one of your cards to another stone (`move r7 5`) or discard it (`discard r7`)"
        )?,
        (Some(seat), PhaseView::Banshee) if seat == me => {
            writeln!(out, "Banshee: discard one of the opponent's cards (`discard r7`)")?
        }
        (Some(seat), PhaseView::Traitor) if seat == me => {
            writeln!(out, "Traitor: move one of the opponent's clan cards to your side (`move r7 5`)")?
        }
        (Some(seat), _) => writeln!(out, "Seat {seat} to act")?,
    }
    if !claims.is_empty() {
        writeln!(out, "{}", style.paint(Paint::Green, format!("You can claim stone {}", claims.join(", "))))?;
    }
    Ok(())
}

/// One row of cards of `seat`'s sides: the `row`-th card played at each stone.
fn cards_row(label: &str, stones: &[StoneView], seat: Seat, row: usize, w: usize, style: Style) -> String {
    let cells: String = stones
        .iter()
        .map(|stone| match stone.sides[seat.index()].as_slice().get(row) {
            Some(&c) => paint_card(c, &format!("{:<w$}", c.to_string()), style),
            None => " ".repeat(w),
        })
        .collect();
    format!("{label:LABEL$}{cells}").trim_end().to_owned()
}

/// The combat modes on each stone (ST-43, ST-44).
fn modes_row(stones: &[StoneView], w: usize, style: Style) -> String {
    let cells: String = stones
        .iter()
        .map(|stone| {
            let text: Vec<String> = stone.modes.iter().map(|c| c.to_string()).collect();
            style.paint(Paint::Magenta, format!("{:<w$}", text.join("+")))
        })
        .collect();
    format!("{:LABEL$}{cells}", "mode").trim_end().to_owned()
}

/// A tactic card's name in this mode, or the card itself.
fn title(c: Card, battle_line: bool) -> String {
    c.tactic().map_or_else(|| c.to_string(), |t| t.title(battle_line).to_owned())
}

/// Cards with their names (`recruiter (Scout)` in Battle Line), or `none`.
fn names(cards: CardSet, battle_line: bool) -> String {
    if cards.is_empty() {
        return "none".into();
    }
    let names: Vec<String> = cards
        .iter()
        .map(|c| if c.is_clan() { c.to_string() } else { format!("{c} ({})", title(c, battle_line)) })
        .collect();
    names.join(", ")
}

/// The formations of `seat`'s complete sides, if any side is complete.
fn formations_row(stones: &[StoneView], seat: Seat, w: usize, style: Style) -> Option<String> {
    if stones.iter().all(|s| s.formations[seat.index()].is_none()) {
        return None;
    }
    let cells: String = stones
        .iter()
        .map(|stone| match stone.formations[seat.index()] {
            Some(formation) => {
                let first = if stone.first == Some(seat) { "*" } else { "" };
                style.paint(Paint::Dim, format!("{:<w$}", format!("{}{first}", short(formation))))
            }
            None => " ".repeat(w),
        })
        .collect();
    Some(format!("{:LABEL$}{cells}", "").trim_end().to_owned())
}

/// The line between the sides: who owns each stone.
fn owners_row(stones: &[StoneView], me: Seat, w: usize, style: Style) -> String {
    let cells: String = stones
        .iter()
        .map(|stone| match stone.owner {
            Some(owner) if owner == me => style.paint(Paint::Green, format!("{:<w$}", "YOU")),
            Some(_) => style.paint(Paint::Red, format!("{:<w$}", "THEM")),
            None => style.paint(Paint::Dim, format!("{:<w$}", "--")),
        })
        .collect();
    format!("{:LABEL$}{cells}", "owner").trim_end().to_owned()
}

/// `CR24`: a formation's class and sum in five characters at most.
fn short(formation: Formation) -> String {
    let class = match formation.class {
        Class::ColourRun => "CR",
        Class::OfAKind => "3K",
        Class::Colour => "C",
        Class::Run => "R",
        Class::Sum => "S",
    };
    format!("{class}{}", formation.sum)
}

fn card(c: Card, style: Style) -> String {
    paint_card(c, &c.to_string(), style)
}

fn paint_card(c: Card, text: &str, style: Style) -> String {
    if !c.is_clan() {
        return style.paint(Paint::Bold, text);
    }
    let paint = match c.colour() {
        Colour::Red => Paint::Red,
        Colour::Blue => Paint::Blue,
        Colour::Green => Paint::Green,
        Colour::Yellow => Paint::Yellow,
        Colour::Purple => Paint::Magenta,
        Colour::Brown => Paint::Brown,
    };
    style.paint(paint, text)
}
