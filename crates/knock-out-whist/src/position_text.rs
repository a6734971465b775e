//! The position notation (`Game::position` / `Game::from_position`): the whole game as a
//! referee sees it, in one line of `;`-separated fields, documented in the crate docs
//! (*Positions*). What follows from the fields (the undealt deck, the cards played this round,
//! the suits each seat showed out of, who takes part in the trick) is worked out on reading.

use engine::{PositionError, Seat, SeatSet};

use crate::card::Card;
use crate::cardset::CardSet;
use crate::config::Config;
use crate::play::next_in_mask;
use crate::state::{KnockOutWhist, Phase, Status, TrumpFrom};
use crate::suit::{Suit, SuitSet};
use crate::trick::Trick;

const FIELDS: [&str; 13] = [
    "round",
    "phase",
    "turn",
    "status",
    "mercy-used",
    "trump",
    "turned",
    "chooser",
    "hands",
    "tricks",
    "done",
    "trick",
    "votes",
];

fn bad(reason: impl Into<String>) -> PositionError {
    PositionError::invalid(reason)
}

fn seats_text(set: SeatSet) -> String {
    let seats: Vec<String> = set.iter().map(|s| s.to_string()).collect();
    if seats.is_empty() { "-".to_owned() } else { seats.join(",") }
}

fn cards_text(set: CardSet) -> String {
    let cards: Vec<String> = set.iter().map(|c| c.to_string()).collect();
    if cards.is_empty() { "-".to_owned() } else { cards.join(",") }
}

fn trick_text(trick: &Trick) -> String {
    let plays: Vec<String> = trick
        .plays()
        .iter()
        .map(|p| format!("{}={}", p.seat, p.card.map_or("hold".to_owned(), |c| c.to_string())))
        .collect();
    format!("{}:{}", trick.leader(), if plays.is_empty() { "-".to_owned() } else { plays.join(",") })
}

fn trump_from_name(from: TrumpFrom) -> &'static str {
    match from {
        TrumpFrom::Turned => "turned",
        TrumpFrom::Pending => "pending",
        TrumpFrom::Chosen => "chosen",
        TrumpFrom::Voted => "voted",
        TrumpFrom::Fixed => "fixed",
        TrumpFrom::NoTrump => "no-trump",
    }
}

impl KnockOutWhist {
    /// The game in the position notation.
    pub(crate) fn write_position(&self) -> String {
        let n = self.seats();
        let phase = match self.phase {
            Phase::Play => "play".to_owned(),
            Phase::ChooseTrump { options } => {
                format!("choose-trump {}", options.iter().map(|s| s.letter()).collect::<String>())
            }
            Phase::Vote => "vote".to_owned(),
            Phase::Over => format!("over {}", self.winner.map_or("-".to_owned(), |w| w.to_string())),
        };
        let status: Vec<String> = (0..n)
            .map(|i| match self.status[i] {
                Status::In => "in".to_owned(),
                Status::Mercy => "mercy".to_owned(),
                Status::Out(round) => format!("out:{round}"),
            })
            .collect();
        let hands: Vec<String> = (0..n).map(|i| cards_text(self.hands[i])).collect();
        let tricks: Vec<String> = (0..n).map(|i| self.tricks_won[i].to_string()).collect();
        let done: Vec<String> = self.finished_tricks().iter().map(trick_text).collect();
        let votes = if self.voters.is_empty() {
            "-".to_owned()
        } else {
            let votes: Vec<String> = self
                .voters
                .iter()
                .map(|s| format!("{s}={}", self.votes[s.index()].map_or("-".to_owned(), |v| v.to_string())))
                .collect();
            format!("{} {}", votes.join(","), if self.votes_revealed { "revealed" } else { "secret" })
        };
        format!(
            "round {} dealer {}; phase {phase}; turn {}; status {}; mercy-used {}; trump {} {}; turned {}; chooser {} tied {}; hands {}; tricks {}; done {}; trick {}; votes {votes}",
            self.round,
            self.dealer,
            self.turn,
            status.join(" "),
            seats_text(self.mercy_used),
            self.trump.map_or("-".to_owned(), |s| s.to_string()),
            trump_from_name(self.trump_from),
            self.turned.map_or("-".to_owned(), |c| c.to_string()),
            self.chooser.map_or("-".to_owned(), |c| c.to_string()),
            seats_text(self.chooser_tied),
            hands.join(" "),
            tricks.join(" "),
            if done.is_empty() { "-".to_owned() } else { done.join(" ") },
            trick_text(&self.trick),
        )
    }

    /// A game from the position notation, checked.
    pub(crate) fn read_position(config: &Config, seats: usize, text: &str) -> Result<KnockOutWhist, PositionError> {
        config.validate(seats)?;
        let mut fields: [Option<Vec<&str>>; 13] = Default::default();
        for field in text.split(';').map(str::trim).filter(|f| !f.is_empty()) {
            let mut words = field.split_whitespace();
            let key = words.next().unwrap_or("");
            let i = FIELDS.iter().position(|k| *k == key).ok_or_else(|| bad(format!("unknown field {key:?}")))?;
            if fields[i].replace(words.collect()).is_some() {
                return Err(bad(format!("the field {key} is given twice")));
            }
        }
        let field = |i: usize| fields[i].as_deref().ok_or_else(|| bad(format!("the field {} is missing", FIELDS[i])));
        let seat = |word: &str| -> Result<Seat, PositionError> {
            word.parse::<usize>()
                .ok()
                .filter(|&s| s < seats)
                .map(Seat::at)
                .ok_or_else(|| bad(format!("{word:?} is not a seat of this table (0 to {})", seats - 1)))
        };
        let maybe_seat = |word: &str| if word == "-" { Ok(None) } else { seat(word).map(Some) };
        let seat_set = |word: &str| -> Result<SeatSet, PositionError> {
            if word == "-" { Ok(SeatSet::EMPTY) } else { word.split(',').map(seat).collect() }
        };
        let suit = |word: &str| Suit::parse(word).ok_or_else(|| bad(format!("{word:?} is not a suit (C, D, H, S)")));
        let cards = |word: &str| -> Result<CardSet, PositionError> {
            if word == "-" {
                return Ok(CardSet::EMPTY);
            }
            let list: Vec<Card> =
                word.split(',').map(|c| c.parse::<Card>().map_err(|e| bad(e.to_string()))).collect::<Result<_, _>>()?;
            let set: CardSet = list.iter().copied().collect();
            if set.len() != list.len() {
                return Err(bad(format!("{word:?} names a card twice")));
            }
            Ok(set)
        };
        let per_seat = |i: usize| -> Result<&[&str], PositionError> {
            let words = field(i)?;
            if words.len() != seats {
                return Err(bad(format!("{} lists {} seats, not {seats}", FIELDS[i], words.len())));
            }
            Ok(words)
        };
        let mut game = KnockOutWhist::blank(config, seats);
        match field(0)? {
            [round, "dealer", dealer] => {
                game.round = round.parse().map_err(|_| bad(format!("{round:?} is not a round")))?;
                game.dealer = seat(dealer)?;
            }
            _ => return Err(bad("round is `round R dealer SEAT`")),
        }
        if !(1..=config.rounds()).contains(&game.round) {
            return Err(bad(format!("round {} is not between 1 and {}", game.round, config.rounds())));
        }
        game.phase = match field(1)? {
            ["play"] => Phase::Play,
            ["vote"] => Phase::Vote,
            ["choose-trump", options] => Phase::ChooseTrump {
                options: options
                    .chars()
                    .map(|c| Suit::from_char(c).ok_or_else(|| bad(format!("{c:?} is not a suit letter"))))
                    .collect::<Result<SuitSet, _>>()?,
            },
            ["over", winner] => {
                game.winner = maybe_seat(winner)?;
                Phase::Over
            }
            _ => return Err(bad("phase is play, vote, choose-trump SUITS or over WINNER")),
        };
        game.turn = match field(2)? {
            [turn] => seat(turn)?,
            _ => return Err(bad("turn is one seat")),
        };
        for (i, word) in per_seat(3)?.iter().enumerate() {
            game.status[i] = match *word {
                "in" => Status::In,
                "mercy" => Status::Mercy,
                out => match out.strip_prefix("out:").and_then(|r| r.parse::<u8>().ok()) {
                    Some(round) if (1..=game.round).contains(&round) => Status::Out(round),
                    _ => return Err(bad(format!("seat {i}: {out:?} is not in, mercy or out:ROUND (a round so far)"))),
                },
            };
        }
        game.mercy_used = match field(4)? {
            [set] => seat_set(set)?,
            _ => return Err(bad("mercy-used is one list of seats")),
        };
        match field(5)? {
            [trump, from] => {
                game.trump = if *trump == "-" { None } else { Some(suit(trump)?) };
                game.trump_from = match *from {
                    "turned" => TrumpFrom::Turned,
                    "pending" => TrumpFrom::Pending,
                    "chosen" => TrumpFrom::Chosen,
                    "voted" => TrumpFrom::Voted,
                    "fixed" => TrumpFrom::Fixed,
                    "no-trump" => TrumpFrom::NoTrump,
                    other => return Err(bad(format!("{other:?} is not how a trump came about"))),
                };
            }
            _ => return Err(bad("trump is `trump SUIT|- FROM`")),
        }
        game.turned = match field(6)? {
            ["-"] => None,
            [card] => Some(card.parse().map_err(|e: crate::card::CardParseError| bad(e.to_string()))?),
            _ => return Err(bad("turned is one card or -")),
        };
        match field(7)? {
            [chooser, "tied", tied] => {
                game.chooser = maybe_seat(chooser)?;
                game.chooser_tied = seat_set(tied)?;
            }
            _ => return Err(bad("chooser is `chooser SEAT|- tied SEATS|-`")),
        }
        for (i, word) in per_seat(8)?.iter().enumerate() {
            game.hands[i] = cards(word)?;
        }
        for (i, word) in per_seat(9)?.iter().enumerate() {
            game.tricks_won[i] = word.parse().map_err(|_| bad(format!("{word:?} is not a number of tricks")))?;
        }
        let read_trick = |word: &str, trump: Option<Suit>| -> Result<Trick, PositionError> {
            let (leader, plays) =
                word.split_once(':').ok_or_else(|| bad(format!("a trick is LEADER:PLAYS, not {word:?}")))?;
            let mut trick = Trick::new(seat(leader)?);
            if plays != "-" {
                for play in plays.split(',') {
                    let (who, what) =
                        play.split_once('=').ok_or_else(|| bad(format!("a play is SEAT=CARD, not {play:?}")))?;
                    let who = seat(who)?;
                    if trick.plays().iter().any(|p| p.seat == who) || trick.plays().len() >= seats {
                        return Err(bad(format!("seat {who} plays twice to a trick")));
                    }
                    let card = if what == "hold" {
                        None
                    } else {
                        Some(what.parse().map_err(|e: crate::card::CardParseError| bad(e.to_string()))?)
                    };
                    if trick.is_empty() && (card.is_none() || who != trick.leader()) {
                        return Err(bad("the leader opens a trick with a card"));
                    }
                    trick.push(who, card, trump);
                }
            }
            Ok(trick)
        };
        let done = field(10)?;
        if done != ["-"] {
            if done.len() > 8 {
                return Err(bad("a round has at most 8 tricks"));
            }
            for word in done {
                game.done[game.done_len as usize] = read_trick(word, game.trump)?;
                game.done_len += 1;
            }
        }
        game.trick = match field(11)? {
            [word] => read_trick(word, game.trump)?,
            _ => return Err(bad("trick is one trick, LEADER:PLAYS")),
        };
        match field(12)? {
            ["-"] => {}
            [votes, how] => {
                for vote in votes.split(',') {
                    let (who, what) =
                        vote.split_once('=').ok_or_else(|| bad(format!("a vote is SEAT=SUIT, not {vote:?}")))?;
                    let who = seat(who)?;
                    game.voters.insert(who);
                    game.votes[who.index()] = if what == "-" { None } else { Some(suit(what)?) };
                }
                game.votes_revealed = match *how {
                    "revealed" => true,
                    "secret" => false,
                    _ => return Err(bad("votes end with revealed or secret")),
                };
            }
            _ => return Err(bad("votes is `votes SEAT=SUIT|-,… revealed|secret` or `votes -`")),
        }
        game.derive_round_facts();
        game.check_position()?;
        Ok(game)
    }

    /// What follows from the tricks and hands: the cards played this round, the undealt deck,
    /// the suits each seat showed out of, who takes part in the current trick.
    fn derive_round_facts(&mut self) {
        let over = self.phase == Phase::Over;
        // Once over, the current trick is the last finished one.
        let current = if over { None } else { Some(self.trick) };
        self.played = CardSet::EMPTY;
        let done = self.done;
        for trick in done[..usize::from(self.done_len)].iter().copied().chain(current) {
            let led = trick.led();
            for play in trick.plays() {
                if let Some(card) = play.card {
                    self.played.insert(card);
                    if let Some(led) = led
                        && card.suit() != led
                    {
                        self.voids[play.seat.index()].insert(led);
                    }
                }
            }
        }
        let held = self.hands.iter().fold(CardSet::EMPTY, |all, &h| all | h);
        self.deck = !(held | self.played);
        let mut participants = 0u8;
        for seat in Seat::all(self.seats()) {
            if !self.hands[seat.index()].is_empty() || self.trick.plays().iter().any(|p| p.seat == seat) {
                participants |= 1 << seat.index();
            }
        }
        self.participants = participants;
        self.trick_size = participants.count_ones() as u8;
    }

    /// Whether the rules can reach this game: every card once, hands of the round's size,
    /// tricks won as the finished tricks say, a phase that fits.
    fn check_position(&self) -> Result<(), PositionError> {
        let over = self.phase == Phase::Over;
        let n = self.cards_per_hand();
        // Collect every card where it lies; the first card met again is in two places.
        let current = (!over).then_some(&self.trick);
        let in_tricks = self.finished_tricks().iter().chain(current).flat_map(|t| t.plays()).filter_map(|p| p.card);
        let in_hands = self.hands[..self.seats()].iter().flat_map(|h| h.iter());
        let mut seen = CardSet::EMPTY;
        for card in in_tricks.chain(in_hands).chain(self.turned) {
            if seen.contains(card) {
                return Err(bad(format!("{card} is in two places")));
            }
            seen.insert(card);
        }
        if (self.round == 1) != self.turned.is_some() {
            return Err(bad("round 1, and only round 1, has a turned card (KW-5)"));
        }
        for seat in Seat::all(self.seats()) {
            let i = seat.index();
            let mine: usize = self
                .finished_tricks()
                .iter()
                .chain((!over).then_some(&self.trick))
                .flat_map(|t| t.plays())
                .filter(|p| p.seat == seat && p.card.is_some())
                .count();
            let dealt = self.hands[i].len() + mine;
            let won = self.finished_tricks().iter().filter(|t| t.best().map(|b| b.0) == Some(seat)).count();
            // One card dealt on a mercy chance (KW-31); a seat knocked out this round had that or
            // a full hand.
            let mercy_card = self.mercy_used.contains(seat) && dealt == 1;
            let full_or_mercy = dealt == n as usize || mercy_card;
            // Back in with one card means that card was played and won a trick (KW-32; found
            // by fuzzing: a seat read as in with its mercy card unplayed won a trick with it
            // and was then to lead with an empty hand).
            let won_back_in = mercy_card && self.hands[i].is_empty() && won == 1;
            let ok = match self.status[i] {
                Status::In => dealt == n as usize || won_back_in,
                Status::Mercy => mercy_card && won == 0,
                // Knocked out at the end of this round: only once the game is over.
                Status::Out(round) if round == self.round => over && full_or_mercy,
                Status::Out(_) => dealt == 0,
            };
            if !ok {
                return Err(bad(format!(
                    "seat {seat} cannot hold {dealt} cards this round (round {}, {n} each)",
                    self.round
                )));
            }
            // KW-11: a seat that did not follow a suit this round had none of it, so its hand
            // holds none (found by fuzzing: no deal of the unseen cards fit such a position).
            if let Some(suit) = self.voids[i].iter().find(|&s| !self.hands[i].of_suit(s).is_empty()) {
                return Err(bad(format!(
                    "seat {seat} did not follow {suit} this round, so it holds no {suit} (KW-11)"
                )));
            }
            if won != usize::from(self.tricks_won[i]) {
                return Err(bad(format!("seat {seat} won {won} of the finished tricks, not {}", self.tricks_won[i])));
            }
        }
        if over != self.winner.is_some() {
            return Err(bad("a game is over exactly when it has a winner"));
        }
        let tricks = usize::from(self.done_len);
        if (over && tricks == 0) || (!over && tricks >= usize::from(n)) {
            return Err(bad(format!("{tricks} finished tricks do not fit a round of {n} cards")));
        }
        let deciding = matches!(self.phase, Phase::ChooseTrump { .. } | Phase::Vote);
        if deciding && (self.chooser.is_none() || tricks > 0 || !self.trick.is_empty() || self.trump.is_some()) {
            return Err(bad("trump is chosen before the round's first trick, by the chooser"));
        }
        // A knocked-out player never chooses trump (found by fuzzing: it was then to act with
        // nothing to do).
        if let Some(chooser) = self.chooser.filter(|c| deciding && self.status[c.index()] != Status::In) {
            return Err(bad(format!("the chooser, seat {chooser}, is knocked out")));
        }
        // The chooser is the one to choose (found by fuzzing: a position with the turn at a
        // knocked-out seat let that seat choose trump and then lead the round).
        if let Some(chooser) = self.chooser.filter(|&c| deciding && c != self.turn) {
            return Err(bad(format!("seat {chooser} chooses trump, so the turn is theirs, not seat {}'s", self.turn)));
        }
        if self.phase == Phase::Vote && (!self.config.knocked_out_vote || self.voters != self.knocked_out()) {
            return Err(bad("a vote needs knocked-out-vote, and the knocked-out players vote (KW-42)"));
        }
        if self.phase == Phase::Play {
            let played_now = self.trick.plays().iter().any(|p| p.seat == self.turn);
            if played_now || self.participants & (1 << self.turn.index()) == 0 {
                return Err(bad(format!("seat {} cannot be to play in this trick", self.turn)));
            }
            // The trick goes clockwise round its players from the leader (KW-10), and the seat
            // to play is the next of them (a fuzzed position gave the turn to a seat further on).
            let mut next = self.trick.leader();
            for play in self.trick.plays() {
                if play.seat != next {
                    return Err(bad(format!("seat {next}, not seat {}, plays next to this trick", play.seat)));
                }
                next = next_in_mask(self.participants, next);
            }
            if self.turn != next {
                return Err(bad(format!("seat {next} is to play in this trick, not seat {}", self.turn)));
            }
            if self.trump.is_none() != (self.trump_from == TrumpFrom::NoTrump) {
                return Err(bad("the play needs a trump, unless this is a no-trump final"));
            }
        }
        Ok(())
    }
}
