//! The position notation (`Game::position` / `Game::from_position`): the whole state of a
//! match as a referee sees it, in one line of `;`-separated fields, documented in the crate
//! docs (*Positions*). Reading checks that the rules can reach the position.

use engine::{PositionError, Seat};

use crate::action::Action;
use crate::card::{Card, Tactic};
use crate::card_set::CardSet;
use crate::config::Config;
use crate::event::WinReason;
use crate::pile::Pile;
use crate::position_tactics::TACTIC_FIELDS;
use crate::state::{FinishedGame, Phase, SEATS, SchottenTotten, WIN_POINTS, other};
use crate::stone::{STONES, StoneState};

const FIELDS: [&str; 9] = ["turn", "hands", "revealed", "stones", "pile", "game", "scores", "last", "previous"];

fn bad(reason: impl Into<String>) -> PositionError {
    PositionError::invalid(reason)
}

fn cards_text(cards: impl Iterator<Item = Card>) -> String {
    let names: Vec<&str> = cards.map(|c| c.name()).collect();
    if names.is_empty() { "-".to_owned() } else { names.join(",") }
}

fn stone_text(stone: &StoneState) -> String {
    let mut text = format!("{}.{}", cards_text(stone.sides()[0].cards()), cards_text(stone.sides()[1].cards()));
    if !stone.modes().is_empty() {
        text.push_str(&format!("~{}", cards_text(stone.modes().iter())));
    }
    if let Some(first) = stone.first {
        text.push_str(&format!("^{first}"));
    }
    if let Some(owner) = stone.owner {
        text.push_str(&format!("@{owner}"));
    }
    text
}

fn reason_name(reason: WinReason) -> &'static str {
    match reason {
        WinReason::ThreeAdjacent => "three-adjacent",
        WinReason::FiveStones => "five-stones",
        WinReason::MostStones => "most-stones",
    }
}

impl SchottenTotten {
    /// The match in the position notation.
    pub(crate) fn write_position(&self) -> Option<String> {
        let turn = match self.phase {
            Phase::Play => format!("turn {} play", self.active),
            Phase::Claim => format!("turn {} claim", self.active),
            Phase::FinalClaims { turns } => format!("turn {} final-claims {turns}", self.active),
            Phase::Over => "over".to_owned(),
            Phase::Draw => format!("turn {} draw", self.active),
            Phase::Recruit { draws, returns } => format!("turn {} recruit {draws} {returns}", self.active),
            Phase::Strategist => format!("turn {} strategist", self.active),
            Phase::Banshee => format!("turn {} banshee", self.active),
            Phase::Traitor => format!("turn {} traitor", self.active),
        };
        let tactics = if self.config.tactics { self.write_tactic_fields() } else { String::new() };
        let pair = |sets: [CardSet; 2]| format!("{} {}", cards_text(sets[0].iter()), cards_text(sets[1].iter()));
        let stones: Vec<String> = self.stones.iter().map(stone_text).collect();
        let mut pile = self.pile;
        let top_first = pile.cards_mut().iter().rev().copied().collect::<Vec<_>>();
        let last = self.last_action.map_or("-".to_owned(), |(seat, action)| format!("{seat} {action}"));
        let previous = self.previous.as_ref().map_or("-".to_owned(), |p| {
            let stones: Vec<String> = p.stones.iter().map(stone_text).collect();
            format!(
                "{} {} {} {} {} {} {}",
                p.game,
                p.winner,
                reason_name(p.reason),
                p.points[0],
                p.points[1],
                if p.settled { "settled" } else { "claimed" },
                stones.join(" ")
            )
        });
        Some(format!(
            "{turn}; hands {}; revealed {}; stones {}; pile {}; game {} start {}; scores {} {}; last {last}; previous {previous}{tactics}",
            pair(self.hands),
            pair(self.revealed),
            stones.join(" "),
            cards_text(top_first.into_iter()),
            self.game,
            self.starting,
            self.scores[0],
            self.scores[1],
        ))
    }

    /// A match from the position notation, checked.
    pub(crate) fn read_position(config: &Config, text: &str) -> Result<SchottenTotten, PositionError> {
        config.validate()?;
        let mut fields: [Option<&str>; 9] = [None; 9];
        let mut tactic_fields: [Option<&str>; 6] = [None; 6];
        for field in text.split(';').map(str::trim).filter(|f| !f.is_empty()) {
            let key = if field == "over" { "turn" } else { field.split_whitespace().next().unwrap_or("") };
            let slot = match (FIELDS.iter().position(|k| *k == key), TACTIC_FIELDS.iter().position(|k| *k == key)) {
                (Some(i), _) => &mut fields[i],
                (None, Some(i)) if config.tactics => &mut tactic_fields[i],
                (None, Some(_)) => return Err(bad(format!("the field {key} is only for the tactics variant"))),
                (None, None) => return Err(bad(format!("unknown field {key:?}"))),
            };
            if slot.replace(field).is_some() {
                return Err(bad(format!("the field {key} is given twice")));
            }
        }
        let field = |i: usize| -> Result<Vec<&str>, PositionError> {
            let text = fields[i].ok_or_else(|| bad(format!("the field {} is missing", FIELDS[i])))?;
            Ok(text.split_whitespace().skip(if text == "over" { 0 } else { 1 }).collect())
        };
        let seat = |word: &str| -> Result<Seat, PositionError> {
            word.parse::<usize>()
                .ok()
                .filter(|&s| s < 2)
                .map(Seat::at)
                .ok_or_else(|| bad(format!("{word:?} is not seat 0 or 1")))
        };
        let number = |word: &str| word.parse::<u16>().map_err(|_| bad(format!("{word:?} is not a number")));

        let turn = field(0)?;
        let mut game = SchottenTotten::new_empty(config, Seat::at(config.starting_seat as usize));
        game.phase = match turn.as_slice() {
            ["over"] => Phase::Over,
            [_, "play"] => Phase::Play,
            [_, "claim"] => Phase::Claim,
            [_, "final-claims", n @ ("1" | "2")] => Phase::FinalClaims { turns: n.parse().expect("1 or 2") },
            [_, "draw"] if config.tactics => Phase::Draw,
            [_, "recruit", d @ ("0" | "1" | "2" | "3"), r @ ("1" | "2")] if config.tactics => {
                Phase::Recruit { draws: d.parse().expect("0 to 3"), returns: r.parse().expect("1 or 2") }
            }
            [_, "strategist"] if config.tactics => Phase::Strategist,
            [_, "banshee"] if config.tactics => Phase::Banshee,
            [_, "traitor"] if config.tactics => Phase::Traitor,
            _ => {
                return Err(bad(
                    "turn is `turn SEAT play|claim|final-claims 1|2` (with tactics also `draw`, `recruit D R`, \
                     `strategist`, `banshee`, `traitor`) or `over`",
                ));
            }
        };
        if let [active, ..] = turn.as_slice()
            && game.phase != Phase::Over
        {
            game.active = seat(active)?;
        }
        game.hands = read_pair(&field(1)?, "hands")?;
        game.revealed = read_pair(&field(2)?, "revealed")?;
        game.stones = read_stones(&field(3)?, "stones", config.battle_line)?;
        let pile = match field(4)?.as_slice() {
            [cards] => read_cards(cards)?,
            _ => return Err(bad("pile is one list of cards, top first")),
        };
        match field(5)?.as_slice() {
            [number_text, "start", starting] => {
                game.game = number(number_text)?.try_into().map_err(|_| bad("the game number is too large"))?;
                game.starting = seat(starting)?;
            }
            _ => return Err(bad("game is `game N start SEAT`")),
        }
        match field(6)?.as_slice() {
            [a, b] => game.scores = [number(a)?, number(b)?],
            _ => return Err(bad("scores is `scores A B`")),
        }
        let last = field(7)?;
        game.last_action = match last.as_slice() {
            ["-"] => None,
            [who, action @ ..] => {
                let action: Action = action.join(" ").parse().map_err(|e| bad(format!("last: {e}")))?;
                Some((seat(who)?, action))
            }
            [] => return Err(bad("last is `last -` or `last SEAT ACTION`")),
        };
        game.previous = match field(8)?.as_slice() {
            ["-"] => None,
            [number_text, winner, reason, a, b, how, stones @ ..] => Some(FinishedGame {
                game: number(number_text)?.try_into().map_err(|_| bad("the game number is too large"))?,
                winner: seat(winner)?,
                reason: match *reason {
                    "three-adjacent" => WinReason::ThreeAdjacent,
                    "five-stones" => WinReason::FiveStones,
                    "most-stones" => WinReason::MostStones,
                    _ => return Err(bad(format!("{reason:?} is not three-adjacent, five-stones or most-stones"))),
                },
                points: [number(a)?, number(b)?],
                settled: match *how {
                    "settled" => true,
                    "claimed" => false,
                    _ => return Err(bad("the previous game was `settled` or `claimed`")),
                },
                stones: read_stones(stones, "the previous game's stones", config.battle_line)?,
            }),
            _ => {
                return Err(bad(
                    "previous is `previous -` or `previous GAME WINNER REASON A B settled|claimed STONES…`",
                ));
            }
        };
        game.on_table = game.stones.iter().fold(CardSet::EMPTY, |set, stone| {
            set.union(stone.sides()[0].set()).union(stone.sides()[1].set()).union(stone.modes())
        });
        let tactic_pile = if config.tactics {
            let mut words: [Vec<&str>; 6] = Default::default();
            for (i, f) in tactic_fields.iter().enumerate() {
                let text = f.ok_or_else(|| bad(format!("the field {} is missing", TACTIC_FIELDS[i])))?;
                words[i] = text.split_whitespace().skip(1).collect();
            }
            game.read_tactic_fields(&words, read_cards, read_pair)?
        } else {
            Vec::new()
        };
        let mut pile_set = Pile::from_set(CardSet::EMPTY);
        for &card in pile.iter().rev() {
            pile_set.push(card);
        }
        game.pile = pile_set;
        // The stones first: working out the claims takes a stone with two complete sides to
        // say who completed first.
        check_stones(&game.stones, "")?;
        game.forget_claims();
        game.check_position(&pile, &tactic_pile)?;
        Ok(game)
    }

    /// Whether the rules can reach this match: every card once, sides and hands of possible
    /// sizes, who completed first and who owns stones, the phase, the game number and scores.
    fn check_position(&self, pile: &[Card], tactic_pile: &[Card]) -> Result<(), PositionError> {
        // Collect every card where it lies; the first card met again is in two places.
        let mut seen = CardSet::EMPTY;
        let places = pile.iter().chain(tactic_pile).copied().chain(self.hands.iter().flat_map(|h| h.iter()));
        let on_stones = self.stones.iter().flat_map(|s| s.sides().iter()).flat_map(|side| side.cards());
        let modes = self.stones.iter().flat_map(|s| s.modes().iter());
        for card in places.chain(on_stones).chain(modes).chain(self.discard.iter()) {
            if seen.contains(card) {
                return Err(bad(format!("{card} is in two places")));
            }
            seen.insert(card);
        }
        let deck = self.deck().union(self.tactic_deck());
        if seen != deck {
            let missing: Vec<&str> = deck.minus(seen).iter().map(|c| c.name()).collect();
            let extra: Vec<&str> = seen.minus(deck).iter().map(|c| c.name()).collect();
            return Err(bad(format!(
                "the hands, stones, piles and discard must hold the {} cards of the deck once each (missing: {}; not in the deck: {})",
                deck.len(),
                if missing.is_empty() { "none".to_owned() } else { missing.join(" ") },
                if extra.is_empty() { "none".to_owned() } else { extra.join(" ") }
            )));
        }
        for seat in SEATS {
            if !self.revealed[seat.index()].is_subset(self.hands[seat.index()]) {
                return Err(bad(format!("seat {seat} revealed cards it does not hold")));
            }
        }
        check_stones(&self.stones, "")?;
        let over = self.phase == Phase::Over;
        if !over && SEATS.iter().any(|&s| self.st30(s).is_some()) {
            return Err(bad("a seat already meets ST-30 (three adjacent or five stones), yet the game goes on"));
        }
        // ST-4, ST-8: while the pile lasts, a seat with room holds six cards (five while its
        // claim step follows its play); one without room keeps drawing when it passes.
        // With tactics hands shrink (piles of choice) but never hold more than 7 (ST-40): only
        // a Recruiter's draws go past it until its cards are put back, and a seat about to
        // draw holds fewer.
        let hand_size = self.config.hand_size();
        for seat in SEATS {
            let expected = if self.phase == Phase::Claim && seat == self.active { hand_size - 1 } else { hand_size };
            let held = self.hands[seat.index()].len();
            let has_room = self.room(seat) != 0;
            if self.config.tactics {
                let most = match self.phase {
                    Phase::Recruit { draws, returns } if seat == self.active => {
                        hand_size - usize::from(draws) + usize::from(returns)
                    }
                    Phase::Draw if seat == self.active => hand_size - 1,
                    _ => hand_size,
                };
                if held > most {
                    return Err(bad(format!("seat {seat} holds {held} cards; here it holds at most {most} (ST-40)")));
                }
            } else if !over && !pile.is_empty() && (if has_room { held != expected } else { held < expected }) {
                return Err(bad(format!(
                    "seat {seat} holds {held} cards; with cards left to draw it holds {expected}"
                )));
            }
        }
        match self.phase {
            Phase::Claim if !self.config.claim_after_play => {
                return Err(bad("a claim step after playing needs claim-after-play"));
            }
            // With tactics, play ends once nobody can play or draw a card it could play, or
            // after two passes in a row that drew nothing (ST-31, ST-41). Claims made since
            // only take room away, so that still holds.
            Phase::FinalClaims { .. } if self.config.tactics && !self.play_over() => {
                return Err(bad(
                    "final claim turns come once nobody can play a card or draw one to play, or after two \
                     passes that drew nothing (ST-31, ST-41)",
                ));
            }
            Phase::FinalClaims { .. }
                if !self.config.tactics && (!pile.is_empty() || SEATS.iter().any(|&s| self.can_play(s))) =>
            {
                return Err(bad("final claim turns come only once nobody can play a card (ST-31)"));
            }
            _ => {}
        }
        let games = self.config.match_games;
        if !(1..=games).contains(&self.game) {
            return Err(bad(format!("game {} of a match of {games}", self.game)));
        }
        if self.game == 1 && self.starting.index() != self.config.starting_seat as usize {
            return Err(bad("game 1 is started by the config's starting seat"));
        }
        match &self.previous {
            None if over || self.game > 1 => return Err(bad("a finished game is missing (previous)")),
            None => {}
            Some(p) => {
                let expected = if over { self.game } else { self.game - 1 };
                if p.game != expected {
                    return Err(bad(format!("the previous game is game {expected}, not {}", p.game)));
                }
                if !over && self.starting != other(p.winner) {
                    return Err(bad("the loser of a game starts the next (ST-32)"));
                }
                check_stones(&p.stones, "the previous game: ")?;
                if p.points[p.winner.index()] != WIN_POINTS || p.points[other(p.winner).index()] > 4 {
                    return Err(bad("the winner of a game scores 5, the loser at most 4 (ST-32)"));
                }
            }
        }
        let finished = u16::from(if over { self.game } else { self.game - 1 });
        let total = self.scores[0] + self.scores[1];
        let loser_max = if self.config.iello_scoring { 4 } else { 0 };
        if !(WIN_POINTS * finished..=(WIN_POINTS + loser_max) * finished).contains(&total) {
            return Err(bad(format!("scores {total} in all cannot come from {finished} finished games (ST-32)")));
        }
        if let Some((seat, Action::Play { card, stone })) = self.last_action
            && !self.config.tactics
            && !self.stones[stone.index()].side(seat).as_slice().contains(&card)
        {
            return Err(bad(format!("the last action put {card} on stone {stone}, but it is not there")));
        }
        if self.config.tactics {
            self.check_tactics(tactic_pile)?;
        }
        Ok(())
    }
}

fn read_cards(text: &str) -> Result<Vec<Card>, PositionError> {
    if text == "-" {
        return Ok(Vec::new());
    }
    text.split(',').map(|c| c.parse::<Card>().map_err(|e| bad(e.to_string()))).collect()
}

fn read_set(text: &str, what: &str) -> Result<CardSet, PositionError> {
    let cards = read_cards(text)?;
    let set: CardSet = cards.iter().copied().collect();
    if set.len() != cards.len() {
        return Err(bad(format!("{what} names a card twice")));
    }
    Ok(set)
}

fn read_pair(words: &[&str], what: &str) -> Result<[CardSet; 2], PositionError> {
    match words {
        [a, b] => Ok([read_set(a, what)?, read_set(b, what)?]),
        _ => Err(bad(format!("{what} lists seat 0's cards, then seat 1's (`-` for none)"))),
    }
}

fn read_stones(words: &[&str], what: &str, battle_line: bool) -> Result<[StoneState; STONES], PositionError> {
    if words.len() != STONES {
        return Err(bad(format!("{what}: nine stones, not {}", words.len())));
    }
    let mut stones = [StoneState::default(); STONES];
    for (i, word) in words.iter().enumerate() {
        let (rest, owner) = match word.split_once('@') {
            Some((rest, owner)) => (rest, Some(owner)),
            None => (*word, None),
        };
        let (rest, first) = match rest.split_once('^') {
            Some((rest, first)) => (rest, Some(first)),
            None => (rest, None),
        };
        let (rest, modes) = match rest.split_once('~') {
            Some((rest, modes)) => (rest, read_cards(modes)?),
            None => (rest, Vec::new()),
        };
        let (a, b) = rest.split_once('.').ok_or_else(|| bad(format!("stone {} is SIDE.SIDE, not {word:?}", i + 1)))?;
        let stone = &mut stones[i];
        stone.set_battle_line(battle_line);
        for card in modes {
            if !matches!(card.tactic(), Some(Tactic::BlindMansBluff | Tactic::MudFight)) {
                return Err(bad(format!("stone {}: {card} is not a combat mode", i + 1)));
            }
            stone.add_mode(card);
        }
        for (seat, side) in SEATS.into_iter().zip([a, b]) {
            let cards = read_cards(side)?;
            if cards.len() > stone.capacity() {
                return Err(bad(format!("stone {}: a side holds at most {} cards", i + 1, stone.capacity())));
            }
            for card in cards {
                stone.place(seat, card);
            }
        }
        let seat = |s: &str| {
            s.parse::<usize>()
                .ok()
                .filter(|&s| s < 2)
                .map(Seat::at)
                .ok_or_else(|| bad(format!("stone {}: {s:?} is not a seat", i + 1)))
        };
        // `place` guessed who completed first; the position says.
        stone.first = first.map(seat).transpose()?;
        stone.owner = owner.map(seat).transpose()?;
        // A stone is resolved (its elite troops fixed, ST-42) when it is claimed or awarded.
        if stone.owner.is_some() {
            stone.resolve();
        }
    }
    Ok(stones)
}

/// Who completed first is set exactly for stones with a complete side, and names a complete
/// side; an owner's side is complete (claims and the settlement need it, ST-20, ST-31).
fn check_stones(stones: &[StoneState; STONES], context: &str) -> Result<(), PositionError> {
    for (i, stone) in stones.iter().enumerate() {
        let complete = |seat: Seat| stone.is_complete(seat);
        match stone.first {
            None if complete(SEATS[0]) || complete(SEATS[1]) => {
                return Err(bad(format!("{context}stone {}: a complete side needs ^SEAT, who completed first", i + 1)));
            }
            Some(seat) if !complete(seat) => {
                return Err(bad(format!("{context}stone {}: ^{seat} names a side that is not complete", i + 1)));
            }
            _ => {}
        }
        if let Some(owner) = stone.owner
            && !complete(owner)
        {
            return Err(bad(format!("{context}stone {}: seat {owner} owns it without a complete side", i + 1)));
        }
    }
    Ok(())
}
