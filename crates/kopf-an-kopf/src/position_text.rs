//! The position notation (`Game::position` / `Game::from_position`): the whole race as a
//! referee sees it — every hand, both piles (as multisets: their order is chance, KK-6), the
//! open reaction window's answers and what each seat knows of the others' hands — as one line
//! of JSON, documented in the crate docs (*Positions*). Reading checks that the position can
//! happen: all of the edition's action cards accounted for, horses on the track, a ladder
//! without gaps, betting chips counted, known cards really held, a phase that fits (a sprint
//! step with horses to move, a 3's card step with a card to take).

use engine::{PositionError, Seat, SeatSet};
use serde::{Deserialize, Serialize};

use crate::action::Play;
use crate::card::{CardKind, Cards};
use crate::config::Config;
use crate::horse::{Die, HORSES, Horse};
use crate::roll_effect::ThreeFrom;
use crate::state::{Answer, Base, KopfAnKopf, MAX_STACK, NOBODY, Phase, Roll};

#[derive(Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
struct Doc {
    phase: String,
    active: Seat,
    turn: u32,
    /// Per horse, in number order: `[position, place (0 racing), owner (null: the bank)]`.
    horses: Vec<(u8, u8, Option<Seat>)>,
    chips_left: Vec<u8>,
    players: Vec<PlayerDoc>,
    piles: [Vec<CardKind>; 2],
    discard: Vec<CardKind>,
    roll: Option<(u8, u8, Seat)>,
    /// The card played and the objections on it, bottom first: `[card, seat]`.
    stack: Vec<(CardKind, Seat)>,
    /// What the bottom of the stack does: `play gallop 4`, `reroll horse`, …
    base: Option<String>,
    sprinters: Vec<u8>,
}

#[derive(Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
struct PlayerDoc {
    money: u32,
    second_chance: bool,
    hand: Vec<CardKind>,
    /// Stakes per horse: own money, then the bank's (free bets).
    bets: Vec<u32>,
    free_bets: Vec<u32>,
    /// Horse numbers whose betting chip the player holds.
    chips: Vec<u8>,
    /// Asked in the open reaction window, and the (secret) answer so far.
    listed: bool,
    answer: String,
    /// Cards this player knows each seat holds (Inspector, a card taken from them).
    known: Vec<Vec<CardKind>>,
}

fn bad(reason: impl Into<String>) -> PositionError {
    PositionError::invalid(reason)
}

fn list(cards: &Cards) -> Vec<CardKind> {
    cards.iter().collect()
}

fn phase_text(phase: Phase) -> String {
    match phase {
        Phase::Ability(h) => format!("ability {h}"),
        Phase::SecondChance => "second-chance".into(),
        Phase::RollWindow => "roll-window".into(),
        Phase::CardWindow => "card-window".into(),
        Phase::Sprint => "sprint".into(),
        Phase::ThreeCard => "three-card".into(),
        Phase::Action => "action".into(),
        Phase::InspectorTake(s) => format!("inspector-take {s}"),
        Phase::Draw => "draw".into(),
        Phase::Over => "over".into(),
    }
}

fn answer_text(answer: Answer) -> String {
    match answer {
        Answer::None => "none".into(),
        Answer::Pass => "pass".into(),
        Answer::Reroll(d) => format!("reroll {}", d.word()),
        Answer::Object => "object".into(),
    }
}

fn horse(number: u8, what: &str) -> Result<Horse, PositionError> {
    Horse::number(number).ok_or_else(|| bad(format!("{what}: there is no horse {number}")))
}

impl KopfAnKopf {
    /// The position in the notation of the crate docs.
    pub(crate) fn write_position(&self) -> String {
        let n = self.seats as usize;
        let players = (0..n)
            .map(|s| PlayerDoc {
                money: self.money[s],
                second_chance: self.second_chance.contains(Seat::at(s)),
                hand: list(&self.hands[s]),
                bets: self.bets[s].to_vec(),
                free_bets: self.free_bets[s].to_vec(),
                chips: self.chips[s].iter().map(Horse::num).collect(),
                listed: self.listed.contains(Seat::at(s)),
                answer: answer_text(self.answers[s]),
                known: (0..n).map(|o| list(&self.known[s][o])).collect(),
            })
            .collect();
        let doc = Doc {
            phase: phase_text(self.phase),
            active: self.active,
            turn: self.turn,
            horses: (0..HORSES).map(|h| (self.pos[h], self.place[h], crate::state::seat_of(self.owner[h]))).collect(),
            chips_left: self.chips_left.to_vec(),
            players,
            piles: [list(&self.piles[0]), list(&self.piles[1])],
            discard: list(&self.discard),
            roll: self.roll.map(|r| (r.horse.num(), r.movement, r.by)),
            stack: self.stack[..self.stack_len as usize].to_vec(),
            base: self.base.map(|b| match b {
                Base::Play(p) => format!("play {p}"),
                Base::Reroll(d) => format!("reroll {}", d.word()),
            }),
            sprinters: self.sprinters.iter().map(Horse::num).collect(),
        };
        serde_json::to_string(&doc).expect("positions serialise")
    }

    /// Reads and checks a position written by [`Self::write_position`].
    pub(crate) fn read_position(config: &Config, seats: usize, text: &str) -> Result<KopfAnKopf, PositionError> {
        let doc: Doc = serde_json::from_str(text).map_err(|e| bad(format!("not a Kopf an Kopf position: {e}")))?;
        let seat = |s: Seat, what: &str| {
            if s.index() < seats { Ok(s) } else { Err(bad(format!("{what}: seat {s} is not at a table of {seats}"))) }
        };
        let cards = |kinds: &[CardKind]| {
            let mut set = Cards::EMPTY;
            for &k in kinds {
                set.add(k, 1);
            }
            set
        };
        if doc.players.len() != seats {
            return Err(bad(format!("{} players at a table of {seats}", doc.players.len())));
        }
        if doc.horses.len() != HORSES || doc.chips_left.len() != HORSES {
            return Err(bad(format!("horses and chips_left list all {HORSES} horses")));
        }
        let mut game = KopfAnKopf::blank(config, seats);
        game.phase = read_phase(&doc.phase, seats)?;
        game.active = seat(doc.active, "active")?;
        game.turn = doc.turn;
        game.second_chance = SeatSet::EMPTY;
        game.piles = [cards(&doc.piles[0]), cards(&doc.piles[1])];
        game.discard = cards(&doc.discard);
        let rules = game.rules;
        // Horses: on the track, the ladder 1, 2, … without gaps or ties.
        for (h, &(pos, place, owner)) in doc.horses.iter().enumerate() {
            if pos > rules.track {
                return Err(bad(format!("horse {}: field {pos} is past the finish at {}", h + 1, rules.track)));
            }
            if (place > 0) != (pos == rules.track) {
                return Err(bad(format!("horse {}: a place exactly when it stands on the finish", h + 1)));
            }
            game.pos[h] = pos;
            game.place[h] = place;
            game.owner[h] = owner.map(|s| seat(s, "horses")).transpose()?.map_or(NOBODY, |s| s.index() as u8);
        }
        let mut places: Vec<u8> = game.place.iter().copied().filter(|&p| p > 0).collect();
        places.sort();
        if places.iter().enumerate().any(|(i, &p)| p as usize != i + 1) || places.len() > 3 {
            return Err(bad("the ladder: places 1, 2, 3 in order, each once, at most three"));
        }
        game.finished = places.len() as u8;
        if (game.finished == 3) != (game.phase == Phase::Over) {
            return Err(bad("the game is over exactly when three horses have finished (KK-50)"));
        }
        // Players, their bets and chips.
        let chips = (seats as u8).min(game.rules.max_chips);
        let mut held = [0u8; HORSES];
        for (s, p) in doc.players.iter().enumerate() {
            let what = format!("players[{s}]");
            if p.bets.len() != HORSES || p.free_bets.len() != HORSES || p.known.len() != seats {
                return Err(bad(format!("{what}: bets per horse and known cards per seat")));
            }
            game.money[s] = p.money;
            if p.second_chance {
                game.second_chance.insert(Seat::at(s));
            }
            game.hands[s] = cards(&p.hand);
            game.bets[s].copy_from_slice(&p.bets);
            game.free_bets[s].copy_from_slice(&p.free_bets);
            for &number in &p.chips {
                let h = horse(number, &what)?;
                // A player holds one chip of a horse at most (found by fuzzing: a chip listed
                // twice counted twice here and once in the game, which then wrote one chip less).
                if game.chips[s].contains(h) {
                    return Err(bad(format!("{what}: holds the chip of horse {number} twice (KK-24)")));
                }
                held[h.index()] += 1;
                game.chips[s].insert(h);
            }
            if p.listed {
                game.listed.insert(Seat::at(s));
            }
            game.answers[s] = read_answer(&p.answer, &what)?;
            for (o, known) in p.known.iter().enumerate() {
                game.known[s][o] = cards(known);
            }
        }
        for s in 0..seats {
            for o in 0..seats {
                if !game.hands[o].contains_all(&game.known[s][o]) {
                    return Err(bad(format!("players[{s}].known: seat {o} does not hold those cards")));
                }
            }
        }
        for (h, (&left, &held)) in doc.chips_left.iter().zip(&held).enumerate() {
            if left + held != chips {
                return Err(bad(format!("horse {}: {left} chips left and {held} held, of {chips}", h + 1)));
            }
        }
        game.chips_left.copy_from_slice(&doc.chips_left);
        // The window, the stack and the roll.
        if doc.stack.len() > MAX_STACK {
            return Err(bad(format!("more than {MAX_STACK} cards on the stack")));
        }
        for (i, &(kind, s)) in doc.stack.iter().enumerate() {
            game.stack[i] = (kind, seat(s, "stack")?);
        }
        game.stack_len = doc.stack.len() as u8;
        game.base = doc.base.as_deref().map(read_base).transpose()?;
        // `listed` and `answers` outlive a window until the next opens; they are kept as written.
        for s in game.listed.iter() {
            if game.answers[s.index()] == Answer::None {
                game.waiting.insert(s);
            }
        }
        if game.phase == Phase::CardWindow && game.stack_len == 0 {
            return Err(bad("a card window answers a card on the stack"));
        }
        game.roll = match doc.roll {
            Some((number, movement, by)) => {
                Some(Roll { horse: horse(number, "roll")?, movement, by: seat(by, "roll")? })
            }
            None => None,
        };
        for &number in &doc.sprinters {
            game.sprinters.insert(horse(number, "sprinters")?);
        }
        // KK-11.2 / KK-11.3: the steps after a roll ask only when there is something to choose.
        let racing_own = |h: Horse| game.owns(game.active, h) && !game.is_finished(h);
        if game.phase == Phase::Sprint && (game.sprinters.is_empty() || !game.sprinters.iter().all(racing_own)) {
            return Err(bad("a sprint step moves racing horses of the active player (sprinters)"));
        }
        if game.phase == Phase::ThreeCard && game.three_from() == ThreeFrom::Nothing {
            return Err(bad("a three-card step needs a roll of 3 and a card to take (the owner's hand or a pile)"));
        }
        // Every action card once: hands, piles, discard and stack make the edition's deck.
        let mut all = game.piles[0];
        all.add_all(&game.piles[1]);
        all.add_all(&game.discard);
        for s in 0..seats {
            all.add_all(&game.hands[s]);
        }
        for &(kind, _) in &doc.stack {
            all.add(kind, 1);
        }
        if all != game.rules.deck {
            return Err(bad(format!(
                "the action cards do not add up to the edition's {}: hands, piles, discard and stack hold {}",
                game.rules.deck.len(),
                all.len()
            )));
        }
        Ok(game)
    }
}

fn read_phase(text: &str, seats: usize) -> Result<Phase, PositionError> {
    let words: Vec<&str> = text.split_whitespace().collect();
    Ok(match words.as_slice() {
        ["ability", h] => Phase::Ability(h.parse().map_err(|e| bad(format!("phase: {e}")))?),
        ["second-chance"] => Phase::SecondChance,
        ["roll-window"] => Phase::RollWindow,
        ["card-window"] => Phase::CardWindow,
        ["sprint"] => Phase::Sprint,
        ["three-card"] => Phase::ThreeCard,
        ["action"] => Phase::Action,
        ["inspector-take", s] => {
            let s: Seat = s.parse().map_err(|_| bad(format!("phase: {s:?} is no seat")))?;
            if s.index() >= seats {
                return Err(bad(format!("phase: seat {s} is not at the table")));
            }
            Phase::InspectorTake(s)
        }
        ["draw"] => Phase::Draw,
        ["over"] => Phase::Over,
        _ => return Err(bad(format!("phase {text:?}: see the crate docs for the phases"))),
    })
}

fn read_die(word: &str, what: &str) -> Result<Die, PositionError> {
    word.parse().map_err(|_| bad(format!("{what}: {word:?} is horse or move")))
}

fn read_answer(text: &str, what: &str) -> Result<Answer, PositionError> {
    match text.split_whitespace().collect::<Vec<_>>().as_slice() {
        ["none"] => Ok(Answer::None),
        ["pass"] => Ok(Answer::Pass),
        ["object"] => Ok(Answer::Object),
        ["reroll", die] => Ok(Answer::Reroll(read_die(die, what)?)),
        _ => Err(bad(format!("{what}.answer: none, pass, object or reroll horse|move, not {text:?}"))),
    }
}

fn read_base(text: &str) -> Result<Base, PositionError> {
    match text.split_once(' ') {
        Some(("play", play)) => play.parse::<Play>().map(Base::Play).map_err(|e| bad(format!("base: {e}"))),
        Some(("reroll", die)) => Ok(Base::Reroll(read_die(die, "base")?)),
        _ => Err(bad(format!("base: play CARD [TARGET] or reroll horse|move, not {text:?}"))),
    }
}
