//! The Kopf an Kopf table: the track with its ten lanes, dark zone and finish; the winners'
//! ladder; horse cards with owner, price, odds, sprint bar, ability and bets; money; the dice;
//! your hand with what each card does; what the step asks (the sprint bar, the 3's card, a
//! bet's amount); the open reaction window; the settlement at the end.

use std::io::{self, Write};

use engine::{DynMatch, Seat};
use kopf_an_kopf::{KopfAnKopf, View};

use super::generic::Generic;
use super::render::{Render, typed_view};
use crate::style::{Paint, Style};

/// Draws a Kopf an Kopf table.
pub struct KopfAnKopfTable;

impl Render for KopfAnKopfTable {
    fn table(&self, m: &dyn DynMatch, me: Seat, style: Style, out: &mut dyn Write) -> io::Result<()> {
        match typed_view::<KopfAnKopf>(m, me) {
            Some(view) => draw(&view, me, style, out),
            None => Generic.table(m, me, style, out),
        }
    }
}

fn draw(view: &View, me: Seat, style: Style, out: &mut dyn Write) -> io::Result<()> {
    writeln!(
        out,
        "{} · seat {} to play · piles {} / {} · discard {}",
        style.paint(Paint::Bold, format!("Turn {}", view.turn)),
        view.active,
        view.piles[0],
        view.piles[1],
        view.discard.len()
    )?;
    if let Some(d) = view.dice {
        writeln!(out, "  dice: horse {} · moves {} (rolled by seat {})", d.horse, d.movement, d.by)?;
    }
    // The track: one lane per horse, the dark zone shaded, the finish at the right.
    let track = view.track as usize;
    let [dark_from, dark_to] = view.dark_zone;
    for h in &view.horses {
        let mut lane = String::new();
        for field in 0..=track {
            let here = h.position as usize == field;
            let c = if here {
                style.paint(Paint::Bold, format!("{}", h.number.num() % 10))
            } else if field == track {
                "|".to_string()
            } else if (dark_from as usize..=dark_to as usize).contains(&field) {
                style.paint(Paint::Dim, "▒")
            } else {
                "·".to_string()
            };
            lane.push_str(&c);
        }
        let owner = h.owner.map_or("bank".to_string(), |s| if s == me { "you".into() } else { format!("seat {s}") });
        let place = h.place.map(|p| style.paint(Paint::Green, format!(" place {p}"))).unwrap_or_default();
        let bets: Vec<String> = h
            .bets
            .iter()
            .map(|b| {
                let free = if b.free > 0 { format!("+{} free", b.free) } else { String::new() };
                format!("s{}:{}€{free}", b.seat, b.amount)
            })
            .collect();
        writeln!(
            out,
            "  {:>2} {:<15} {lane}{place}  {} · {}€ · odds {}/{}/{} · sprint {:?} · chips {} · bets {}",
            h.number,
            h.name,
            owner,
            h.price,
            h.odds[0],
            h.odds[1],
            h.odds[2],
            h.sprint,
            h.chips_left,
            if bets.is_empty() { "—".into() } else { bets.join(" ") }
        )?;
        writeln!(out, "     {}", style.paint(Paint::Dim, format!("ability: {}", h.ability)))?;
    }
    if !view.ladder.is_empty() {
        let ladder: Vec<String> =
            view.ladder.iter().enumerate().map(|(i, h)| format!("{}. horse {h}", i + 1)).collect();
        writeln!(out, "  ladder: {}", ladder.join(" · "))?;
    }
    for p in &view.players {
        let you = if p.seat == me { style.paint(Paint::Bold, " ← you") } else { String::new() };
        let chance = if p.second_chance { " · second chance" } else { "" };
        let horses: Vec<String> = p.horses.iter().map(|h| h.to_string()).collect();
        writeln!(
            out,
            "  seat {} · {} € · {} card{} · horses [{}]{chance}{you}",
            p.seat,
            p.money,
            p.cards,
            if p.cards == 1 { "" } else { "s" },
            horses.join(", ")
        )?;
    }
    if !view.hand_info.is_empty() {
        writeln!(out, "Your hand:")?;
        let hand = view.hand.unwrap_or_default();
        for info in &view.hand_info {
            writeln!(
                out,
                "  {}× {:<12} {:<14} {}",
                hand.count(info.card),
                info.card,
                info.name,
                style.paint(Paint::Dim, &info.text)
            )?;
        }
    }
    for k in &view.known {
        let cards: Vec<String> = k.cards.iter().map(|c| c.to_string()).collect();
        writeln!(out, "  you know seat {} holds: {}", k.seat, cards.join(" "))?;
    }
    step_help(view, me, style, out)?;
    if let Some(w) = &view.window {
        let stack: Vec<String> = w.stack.iter().map(|c| format!("{} by seat {}", c.card, c.seat)).collect();
        let what = match w.kind {
            "re-roll" => "the roll: reroll horse | reroll move | pass".to_string(),
            _ => format!("{} ({}): object | pass", stack.join(" ← "), w.play.clone().unwrap_or_default()),
        };
        writeln!(out, "{} {what}", style.paint(Paint::Yellow, "Reaction window on"))?;
    }
    if let Some(rows) = &view.settlement {
        writeln!(out, "{}", style.paint(Paint::Bold, "Settlement"))?;
        writeln!(out, "  seat   cash  handed back  winnings  total")?;
        for r in rows {
            writeln!(out, "  {:>4} {:>6} {:>12} {:>9} {:>6}", r.seat, r.cash, r.handed_back, r.winnings, r.total)?;
        }
    }
    Ok(())
}

/// What the turn's choices after a roll (KK-11.2, KK-11.3) and the bet's amount (KK-24) ask,
/// with the words to type when it is `me` who chooses.
fn step_help(view: &View, me: Seat, style: Style, out: &mut dyn Write) -> io::Result<()> {
    let mine = view.active == me && view.to_act.contains(&me);
    let who = if mine { "you".to_string() } else { format!("seat {}", view.active) };
    let list = |horses: &[kopf_an_kopf::Horse]| horses.iter().map(|h| h.to_string()).collect::<Vec<_>>().join(", ");
    let line = match view.phase {
        "sprint" => {
            let moves = view.dice.map_or(0, |d| d.movement);
            let how =
                if mine { ": `sprint H` moves one next (you pick the order), `decline` leaves the rest" } else { "" };
            format!("Sprint bar: {who} may move horse(s) {} by {moves} too{how}", list(&view.sprinters))
        }
        "three-card" => {
            let from = view.three_from.map_or("the top card of a pile".to_string(), |s| {
                if s == me { "a random card from you".into() } else { format!("a random card from seat {s}") }
            });
            let how = match (mine, view.three_from) {
                (false, _) => "",
                (true, Some(_)) => ": `steal`, or `decline`",
                (true, None) => ": `pile 1` / `pile 2`, or `decline`",
            };
            format!("A 3: {who} may take {from}{how}")
        }
        "action" if mine => {
            "Your action: play a card, `buy H`, `bet H EUROS` (1 to 5 €, e.g. `bet 7 3`) or `discard CARD CARD`".into()
        }
        _ => return Ok(()),
    };
    writeln!(out, "{}", style.paint(Paint::Yellow, line))
}
