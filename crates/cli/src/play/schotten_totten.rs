//! The Schotten-Totten table: the nine stones with the opponent's cards above and yours below,
//! formations, who completed first, claims, your hand, the pile and revealed cards.

use std::io::{self, Write};

use engine::{DynMatch, Seat};
use schotten_totten::{Card, Class, Colour, Formation, PhaseView, SchottenTotten, StoneView, View};

use super::generic::Generic;
use super::render::{Render, typed_view};
use crate::style::{Paint, Style};

/// Draws a Schotten-Totten table.
pub struct SchottenTottenTable;

/// Characters per stone column.
const COLUMN: usize = 6;
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
    let mut header = format!("pile {} card{}", view.pile, if view.pile == 1 { "" } else { "s" });
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
    let numbers: String = view.stones.iter().map(|s| format!("{:<COLUMN$}", s.number)).collect();
    writeln!(out, "{:LABEL$}{}", "stone", numbers.trim_end())?;
    // The opponent's side grows upwards from the stones, yours downwards.
    let their_label = format!("seat {them}");
    for row in (0..3).rev() {
        let label = if row == 2 { their_label.as_str() } else { "" };
        writeln!(out, "{}", cards_row(label, &view.stones, them, row, style))?;
    }
    if let Some(line) = formations_row(&view.stones, them, style) {
        writeln!(out, "{line}")?;
    }
    writeln!(out, "{}", owners_row(&view.stones, me, style))?;
    if let Some(line) = formations_row(&view.stones, me, style) {
        writeln!(out, "{line}")?;
    }
    let my_label = format!("seat {me} (you)");
    for row in 0..3 {
        let label = if row == 0 { my_label.as_str() } else { "" };
        writeln!(out, "{}", cards_row(label, &view.stones, me, row, style))?;
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
    let shown: Vec<String> = view.revealed[them.index()].iter().map(|c| card(c, style)).collect();
    let shown = if shown.is_empty() { String::new() } else { format!(", showing {}", shown.join(" ")) };
    writeln!(out, "Seat {them} holds {} cards{shown}", view.hand_sizes[them.index()])?;
    let mine_shown: Vec<String> = view.revealed[me.index()].iter().map(|c| card(c, style)).collect();
    if !mine_shown.is_empty() {
        writeln!(out, "You have shown: {}", mine_shown.join(" "))?;
    }
    match (view.active, view.phase) {
        (None, _) | (_, PhaseView::Over) => {}
        (Some(seat), PhaseView::Claim) if seat == me => writeln!(out, "Your claim step: claim stones or say `done`")?,
        (Some(seat), PhaseView::Play) if seat == me => writeln!(out, "Your turn: play a card (`play r7 3`)")?,
        (Some(seat), PhaseView::FinalClaims) if seat == me => {
            writeln!(out, "No card can be played any more: your last claims, then `pass` (ST-31)")?
        }
        (Some(seat), _) => writeln!(out, "Seat {seat} to act")?,
    }
    if !claims.is_empty() {
        writeln!(out, "{}", style.paint(Paint::Green, format!("You can claim stone {}", claims.join(", "))))?;
    }
    Ok(())
}

/// One row of cards of `seat`'s sides: the `row`-th card played at each stone.
fn cards_row(label: &str, stones: &[StoneView], seat: Seat, row: usize, style: Style) -> String {
    let cells: String = stones
        .iter()
        .map(|stone| match stone.sides[seat.index()].as_slice().get(row) {
            Some(&c) => paint_card(c, &format!("{:<COLUMN$}", c.to_string()), style),
            None => " ".repeat(COLUMN),
        })
        .collect();
    format!("{label:LABEL$}{cells}").trim_end().to_owned()
}

/// The formations of `seat`'s complete sides, if any side is complete.
fn formations_row(stones: &[StoneView], seat: Seat, style: Style) -> Option<String> {
    if stones.iter().all(|s| s.formations[seat.index()].is_none()) {
        return None;
    }
    let cells: String = stones
        .iter()
        .map(|stone| match stone.formations[seat.index()] {
            Some(formation) => {
                let first = if stone.first == Some(seat) { "*" } else { "" };
                style.paint(Paint::Dim, format!("{:<COLUMN$}", format!("{}{first}", short(formation))))
            }
            None => " ".repeat(COLUMN),
        })
        .collect();
    Some(format!("{:LABEL$}{cells}", "").trim_end().to_owned())
}

/// The line between the sides: who owns each stone.
fn owners_row(stones: &[StoneView], me: Seat, style: Style) -> String {
    let cells: String = stones
        .iter()
        .map(|stone| match stone.owner {
            Some(owner) if owner == me => style.paint(Paint::Green, format!("{:<COLUMN$}", "YOU")),
            Some(_) => style.paint(Paint::Red, format!("{:<COLUMN$}", "THEM")),
            None => style.paint(Paint::Dim, format!("{:<COLUMN$}", "--")),
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
