//! The Knock-Out Whist table: round and trump, who is in, out or on mercy, the trick so far and
//! your hand by suit.

use std::io::{self, Write};

use engine::{DynMatch, Seat};
use knock_out_whist::{Card, KnockOutWhist, PhaseView, Standing, Suit, TrickView, TrumpFrom, View};

use super::generic::Generic;
use super::render::{Render, typed_view};
use crate::style::{Paint, Style};

/// Draws a Knock-Out Whist table.
pub struct Whist;

impl Render for Whist {
    fn table(&self, m: &dyn DynMatch, me: Seat, style: Style, out: &mut dyn Write) -> io::Result<()> {
        match typed_view::<KnockOutWhist>(m, me) {
            Some(view) => draw(&view, me, style, out),
            None => Generic.table(m, me, style, out),
        }
    }
}

fn draw(view: &View, me: Seat, style: Style, out: &mut dyn Write) -> io::Result<()> {
    writeln!(
        out,
        "{} · {} card{} each · dealer seat {} · trump {}",
        style.paint(Paint::Bold, format!("Round {} of {}", view.round, view.rounds)),
        view.cards_per_hand,
        if view.cards_per_hand == 1 { "" } else { "s" },
        view.dealer,
        trump(view, style)
    )?;
    for player in &view.players {
        let you = if player.seat == me { style.paint(Paint::Bold, " ← you") } else { String::new() };
        let standing = match player.standing {
            Standing::In => style.paint(Paint::Green, "in   "),
            Standing::Mercy => style.paint(Paint::Yellow, "mercy"),
            Standing::Out => style.paint(Paint::Dim, "out  "),
        };
        let detail = match (player.standing, player.out_round) {
            (Standing::Out, Some(round)) => format!("knocked out in round {round}"),
            _ => format!(
                "{} trick{} · {} card{}",
                player.tricks,
                if player.tricks == 1 { "" } else { "s" },
                player.cards,
                if player.cards == 1 { "" } else { "s" }
            ),
        };
        let place = player.place.map(|p| format!(" · place {p}")).unwrap_or_default();
        let mercy = if player.mercy_used && player.standing != Standing::Mercy { " · mercy used" } else { "" };
        writeln!(out, "  seat {}  {standing}  {detail}{mercy}{place}{you}", player.seat)?;
    }
    for (i, trick) in view.tricks.iter().enumerate() {
        writeln!(out, "  trick {}: {}", i + 1, trick_line(trick, view.trump, true, style))?;
    }
    if view.phase == PhaseView::Play {
        let number = view.tricks.len() + 1;
        if view.trick.plays.is_empty() {
            writeln!(out, "  trick {number}: seat {} leads", view.trick.leader)?;
        } else {
            writeln!(out, "  trick {number}: {}", trick_line(&view.trick, view.trump, false, style))?;
        }
    }
    if let Some(hand) = view.hand.filter(|h| !h.is_empty()) {
        writeln!(out, "Your hand:")?;
        for suit in Suit::ALL {
            let mut cards: Vec<String> = hand.of_suit(suit).iter().map(|c| card(c, style)).collect();
            cards.reverse(); // high cards first
            if !cards.is_empty() {
                let marker =
                    if view.trump == Some(suit) { style.paint(Paint::Bold, "  (trump)") } else { String::new() };
                writeln!(out, "  {} {:<9} {}{marker}", symbol(suit, style), suit.name(), cards.join(" "))?;
            }
        }
    }
    match view.phase {
        PhaseView::ChooseTrump => {
            let options: Vec<String> =
                view.trump_options.iter().map(|s| format!("{} {}", s.letter(), s.name())).collect();
            writeln!(out, "Seat {} chooses trump from: {}", fmt_seats(view.to_act.iter()), options.join(", "))?;
        }
        PhaseView::Vote => {
            if let Some(vote) = &view.vote {
                let mine = vote.mine.map(|s| format!(" · your vote: {}", s.name())).unwrap_or_default();
                writeln!(
                    out,
                    "Trump vote: voters {} · voted {}{mine}",
                    fmt_seats(vote.voters.iter()),
                    fmt_seats(vote.voted.iter())
                )?;
            }
        }
        PhaseView::Play | PhaseView::Over => {}
    }
    if let Some(winner) = view.winner {
        writeln!(out, "Winner: seat {winner}")?;
    } else if !view.to_act.is_empty() {
        writeln!(out, "To act: seat {}", fmt_seats(view.to_act.iter()))?;
    }
    Ok(())
}

fn trump(view: &View, style: Style) -> String {
    let how = match view.trump_from {
        TrumpFrom::Turned => view.turned.map(|c| format!(" (turned {})", card(c, style))).unwrap_or_default(),
        TrumpFrom::Chosen => view.chooser.map(|s| format!(" (chosen by seat {s})")).unwrap_or_default(),
        TrumpFrom::Voted => " (voted)".into(),
        TrumpFrom::Fixed => " (fixed)".into(),
        TrumpFrom::Pending | TrumpFrom::NoTrump => String::new(),
    };
    match (view.trump, view.trump_from) {
        (Some(suit), _) => format!("{} {}{how}", symbol(suit, style), suit.name()),
        (None, TrumpFrom::NoTrump) => "none (no-trump final)".into(),
        (None, _) => "not chosen yet".into(),
    }
}

/// One trick: `led hearts, seat 0 AH, seat 1 3H → won by seat 0` (`→ seat 0 winning` while in play).
fn trick_line(trick: &TrickView, trump: Option<Suit>, finished: bool, style: Style) -> String {
    let plays: Vec<String> = trick
        .plays
        .iter()
        .map(|p| match p.card {
            Some(c) => format!("seat {} {}", p.seat, card(c, style)),
            None => format!("seat {} holds", p.seat),
        })
        .collect();
    let led = trick.led.map(|s| format!("led {}, ", s.name())).unwrap_or_default();
    let trumped = match (trick.led, trump) {
        (Some(led), Some(t)) if led != t && trick.plays.iter().any(|p| p.card.is_some_and(|c| c.suit() == t)) => {
            " (trumped)"
        }
        _ => "",
    };
    let winner = match trick.winner {
        Some(w) if finished => format!(" → won by seat {w}{trumped}"),
        Some(w) => format!(" → seat {w} winning{trumped}"),
        None => String::new(),
    };
    format!("{led}{}{winner}", plays.join(", "))
}

fn card(card: Card, style: Style) -> String {
    match card.suit() {
        Suit::Hearts | Suit::Diamonds => style.paint(Paint::Red, card.to_string()),
        Suit::Clubs | Suit::Spades => style.paint(Paint::Bold, card.to_string()),
    }
}

fn symbol(suit: Suit, style: Style) -> String {
    let glyph = match suit {
        Suit::Clubs => "♣",
        Suit::Diamonds => "♦",
        Suit::Hearts => "♥",
        Suit::Spades => "♠",
    };
    match suit {
        Suit::Hearts | Suit::Diamonds => style.paint(Paint::Red, glyph),
        Suit::Clubs | Suit::Spades => glyph.to_owned(),
    }
}

fn fmt_seats(seats: impl Iterator<Item = Seat>) -> String {
    let list: Vec<String> = seats.map(|s| s.to_string()).collect();
    if list.is_empty() { "none".into() } else { list.join(", ") }
}
