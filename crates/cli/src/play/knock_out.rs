//! The Knock Out table: the managers with their boxers, money and debts, the bonus pot, the two
//! betting tableaus and the pass field, the ring, your fight cards, and after a fight who paid
//! whom and why.

use std::io::{self, Write};

use engine::{DynMatch, Seat};
use knock_out::{BoxerView, FieldView, KnockOut, Level, Party, PhaseView, Tableau, TableauView, View, Why};

use super::generic::Generic;
use super::render::{Render, typed_view};
use crate::style::{Paint, Style};

/// Draws a Knock Out table.
pub struct KnockOutTable;

impl Render for KnockOutTable {
    fn table(&self, m: &dyn DynMatch, me: Seat, style: Style, out: &mut dyn Write) -> io::Result<()> {
        match typed_view::<KnockOut>(m, me) {
            Some(view) => draw(&view, me, style, out),
            None => Generic.table(m, me, style, out),
        }
    }
}

fn money(amount: i64) -> String {
    let digits = amount.unsigned_abs().to_string();
    let mut grouped = String::new();
    for (i, c) in digits.chars().enumerate() {
        if i > 0 && (digits.len() - i).is_multiple_of(3) {
            grouped.push(',');
        }
        grouped.push(c);
    }
    format!("{}{grouped} S", if amount < 0 { "−" } else { "" })
}

fn level(level: Level) -> &'static str {
    match level {
        Level::Amateur => "Amateur",
        Level::Profi => "Profi",
        Level::Champion => "Champion",
        Level::Superchampion => "Superchampion",
        Level::WorldChampion => "World champion",
    }
}

fn boxer(b: &BoxerView, style: Style) -> String {
    let mut marks = Vec::new();
    if b.trophy {
        marks.push(style.paint(Paint::Yellow, "trophy"));
    }
    if b.steak {
        marks.push(style.paint(Paint::Brown, "steak"));
    }
    if b.belt {
        marks.push(style.paint(Paint::Yellow, "belt"));
    }
    if b.knocked_out {
        marks.push(style.paint(Paint::Red, "K.O."));
    }
    let marks = if marks.is_empty() { String::new() } else { format!(" [{}]", marks.join(", ")) };
    format!("{} {} ({}, {}){marks}", b.id, b.name, level(b.level), money(b.start_money))
}

fn side(tableau: Tableau, style: Style) -> String {
    match tableau {
        Tableau::Red => style.paint(Paint::Red, "red"),
        Tableau::Blue => style.paint(Paint::Blue, "blue"),
    }
}

fn field(f: &FieldView) -> String {
    let chip = |s: Option<Seat>| s.map_or("·".to_owned(), |s| s.to_string());
    format!("{} {} {}: offer {} accept {}", f.number, f.name, money(f.stake), chip(f.offer), chip(f.accept))
}

fn tableau(t: &TableauView, style: Style) -> String {
    let backs = t.backs.map(|b| format!(" (backs {b})")).unwrap_or_default();
    let fields: Vec<String> = t.fields.iter().map(field).collect();
    format!("  {}{backs}: {}", side(t.tableau, style), fields.join(" │ "))
}

fn party(p: Party) -> String {
    match p {
        Party::Seat(s) => format!("seat {s}"),
        Party::Bank => "bank".into(),
        Party::Pot => "pot".into(),
    }
}

fn why(w: Why) -> &'static str {
    match w {
        Why::Prize => "prize",
        Why::Bet => "bet",
        Why::BankBet => "bet won against the bank (half)",
        Why::Pot => "bet lost against the bank",
        Why::Debt => "debt certificate",
        Why::PotShare => "bonus pot",
        Why::CardBonus => "cards left",
        Why::DebtCost => "debts",
    }
}

fn draw(view: &View, me: Seat, style: Style, out: &mut dyn Write) -> io::Result<()> {
    let game =
        if view.pro { format!("pro game, season {} of {}", view.season, view.seasons) } else { "basic game".into() };
    writeln!(
        out,
        "{} · {game} · fight {} · bonus pot {} · certificates left {}",
        style.paint(Paint::Bold, "Knock Out"),
        view.fights + 1,
        money(view.pot),
        view.certificates_left
    )?;
    for m in &view.managers {
        let you = if m.seat == me { style.paint(Paint::Bold, " ← you") } else { String::new() };
        let red = if m.seat == view.active { style.paint(Paint::Red, " (red tableau)") } else { String::new() };
        let debts = if m.debts > 0 {
            format!(" · {} debt{}", m.debts, if m.debts == 1 { "" } else { "s" })
        } else {
            String::new()
        };
        writeln!(out, "  seat {} · {}{debts} · cards {}{red}{you}", m.seat, money(m.money), m.cards)?;
        for b in &m.boxers {
            writeln!(out, "      {}", boxer(b, style))?;
        }
    }
    if let Some(fight) = &view.fight {
        let status = match fight.result {
            Some(r) => format!(
                " → {} wins {}",
                fight.boxers[if r.winner == Tableau::Red { 0 } else { 1 }],
                if r.knock_out { "by knock-out" } else { "on points" }
            ),
            None => String::new(),
        };
        writeln!(
            out,
            "Ring: {} {} ({} to K.O.) vs {} {} ({} to K.O.){status}",
            side(Tableau::Red, style),
            fight.boxers[0],
            fight.distance[0],
            side(Tableau::Blue, style),
            fight.boxers[1],
            fight.distance[1]
        )?;
        for (i, x) in fight.exchanges.iter().enumerate() {
            let moved = match x.moved {
                Some(t) if x.hook => format!("left hook! {} moves {}", side(t, style), x.by),
                Some(t) => format!("{} moves {}", side(t, style), x.by),
                None => "nobody moves".into(),
            };
            writeln!(out, "  exchange {}: red {} – blue {}: {moved}", i + 1, x.red, x.blue)?;
        }
        if let Some(training) = fight.my_training {
            let card = fight.my_card.map(|c| format!(" · your card: {c}")).unwrap_or_default();
            writeln!(out, "  your training: {training}{card}")?;
        }
    }
    if matches!(view.phase, PhaseView::Betting | PhaseView::Fight) || view.tableaus[0].backs.is_some() {
        for t in &view.tableaus {
            writeln!(out, "{}", tableau(t, style))?;
        }
        if !view.pass_field.is_empty() {
            let chips: Vec<String> = view.pass_field.iter().map(|s| s.to_string()).collect();
            writeln!(out, "  pass field: {}", chips.join(" "))?;
        }
    }
    if matches!(view.phase, PhaseView::Challenge | PhaseView::Over) && !view.settlement.is_empty() {
        writeln!(out, "Settlement:")?;
        for p in &view.settlement {
            let bet = p.field.map(|(t, f)| format!(" ({} {f})", t.name())).unwrap_or_default();
            writeln!(out, "  {} → {}: {} · {}{bet}", party(p.from), party(p.to), money(p.amount), why(p.why))?;
        }
    }
    let doing = match view.phase {
        PhaseView::Challenge => "challenges (challenge L 2H)".to_owned(),
        PhaseView::Training => "train in secret (train 1 2 3 5)".to_owned(),
        PhaseView::Betting => {
            format!(
                "places a chip, pass {} of 3 (offer red 1, accept blue 4, pass)",
                view.betting.as_ref().map_or(0, |b| b.pass)
            )
        }
        PhaseView::Fight => "choose an exchange card in secret (play 3)".to_owned(),
        PhaseView::Over => String::new(),
    };
    if let Some(result) = &view.result {
        let line: Vec<String> = result.iter().enumerate().map(|(s, m)| format!("seat {s} {}", money(*m))).collect();
        writeln!(out, "Final money: {}", line.join(" · "))?;
    } else if !view.to_act.is_empty() {
        let seats: Vec<String> = view.to_act.iter().map(|s| s.to_string()).collect();
        writeln!(out, "To act: seat {} {doing}", seats.join(", "))?;
    }
    Ok(())
}
