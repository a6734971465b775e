//! The position notation (`Game::position` / `Game::from_position`): the whole game as a
//! referee sees it — the secret training choices and pending exchange cards included — as one
//! line of JSON, documented in the crate docs (*Positions*). Reading checks that the position
//! can happen (cards from the edition's hand, levels of the variant, chips and slots in range,
//! a phase that fits the fight) and names what is wrong.

use engine::{PositionError, Seat};
use serde::{Deserialize, Serialize};

use crate::action::Tableau;
use crate::boxer::{Boxer, BoxerId, Class, Level};
use crate::cards::{Cards, MAX_VALUE};
use crate::config::Config;
use crate::money::{Party, Payment, Payments, Why};
use crate::state::{CHIPS, EXCHANGES, Fight, FightResult, KnockOut, PASSES, Phase, Slot};

/// The position as written: plain numbers, seat numbers, boxer ids (`2H`) and card lists.
#[derive(Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
struct Doc {
    season: u8,
    phase: String,
    active: Seat,
    last_challenger: Seat,
    fights: u16,
    fights_before_season: u16,
    managers: Vec<ManagerDoc>,
    pot: i64,
    certificates_taken: u16,
    sat_out: Option<[String; 2]>,
    fight: Option<FightDoc>,
    bets: [Vec<[Option<Seat>; 2]>; 2],
    order: Vec<Seat>,
    bet_pass: u8,
    bet_turn: u8,
    payments: Vec<PaymentDoc>,
}

#[derive(Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
struct ManagerDoc {
    money: i64,
    debts: u8,
    hand: Vec<u8>,
    chips: u8,
    passes: u8,
    /// Light, then heavy: level and whether knocked out.
    boxers: [(Level, bool); 2],
}

#[derive(Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
struct FightDoc {
    boxers: [String; 2],
    levels: [Level; 2],
    start: [i64; 2],
    distance: [i64; 2],
    training: [Vec<u8>; 2],
    trained: [bool; 2],
    pending: [Option<u8>; 2],
    exchanges: Vec<[u8; 2]>,
    /// The winning side (0 red, 1 blue) and whether by knock-out, once decided.
    result: Option<(u8, bool)>,
}

#[derive(Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
struct PaymentDoc {
    from: PartyDoc,
    to: PartyDoc,
    amount: i64,
    why: Why,
    field: Option<(Tableau, u8)>,
}

/// A seat number, `"bank"` or `"pot"`.
#[derive(Serialize, Deserialize)]
#[serde(untagged)]
enum PartyDoc {
    Seat(Seat),
    Other(String),
}

fn bad(reason: impl Into<String>) -> PositionError {
    PositionError::invalid(reason)
}

fn phase_name(phase: Phase) -> &'static str {
    match phase {
        Phase::Challenge => "challenge",
        Phase::Training => "training",
        Phase::Betting => "betting",
        Phase::Fight => "fight",
        Phase::Over => "over",
    }
}

fn party_doc(party: Party) -> PartyDoc {
    match party {
        Party::Seat(seat) => PartyDoc::Seat(seat),
        Party::Bank => PartyDoc::Other("bank".into()),
        Party::Pot => PartyDoc::Other("pot".into()),
    }
}

impl KnockOut {
    /// The position in the notation of the crate docs.
    pub(crate) fn write_position(&self) -> String {
        let n = self.seats as usize;
        let managers = (0..n)
            .map(|s| ManagerDoc {
                money: self.money[s],
                debts: self.debts[s],
                hand: self.hands[s].iter().collect(),
                chips: self.chips[s],
                passes: self.passes[s],
                boxers: self.boxers[s].map(|b| (b.level, b.knocked_out)),
            })
            .collect();
        let fight = self.fight.map(|f| FightDoc {
            boxers: f.boxers.map(|b| b.to_string()),
            levels: f.levels,
            start: f.start,
            distance: f.distance,
            training: f.training.map(|t| t.iter().collect()),
            trained: f.trained,
            pending: f.pending,
            exchanges: f.exchanges[..f.played as usize].to_vec(),
            result: f.result.map(|r| (r.winner as u8, r.knock_out)),
        });
        let fields = self.field_count();
        let doc = Doc {
            season: self.season,
            phase: phase_name(self.phase).to_owned(),
            active: self.active,
            last_challenger: self.last_challenger,
            fights: self.fights,
            fights_before_season: self.fights_before_season,
            managers,
            pot: self.pot,
            certificates_taken: self.certificates_taken,
            sat_out: self.sat_out.map(|pair| pair.map(|b| b.to_string())),
            fight,
            bets: [0, 1].map(|t| self.bets[t][..fields].iter().map(|s| [s.offer, s.accept]).collect()),
            order: self.order[..n].to_vec(),
            bet_pass: self.bet_pass,
            bet_turn: self.bet_turn,
            payments: self
                .payments
                .as_slice()
                .iter()
                .map(|p| PaymentDoc {
                    from: party_doc(p.from),
                    to: party_doc(p.to),
                    amount: p.amount,
                    why: p.why,
                    field: p.field,
                })
                .collect(),
        };
        serde_json::to_string(&doc).expect("positions serialise")
    }

    /// Reads and checks a position written by [`Self::write_position`].
    pub(crate) fn read_position(config: &Config, seats: usize, text: &str) -> Result<KnockOut, PositionError> {
        let doc: Doc = serde_json::from_str(text).map_err(|e| bad(format!("not a Knock Out position: {e}")))?;
        let mut game = KnockOut::blank(config, seats);
        let e = &config.edition;
        let seat = |s: Seat, what: &str| {
            if s.index() < seats { Ok(s) } else { Err(bad(format!("{what}: seat {s} is not at a table of {seats}"))) }
        };
        let boxer = |text: &str, what: &str| -> Result<BoxerId, PositionError> {
            let split = text.len().saturating_sub(1);
            let owner: Seat = text
                .get(..split)
                .unwrap_or("")
                .parse()
                .map_err(|_| bad(format!("{what}: {text:?} is no boxer (2H)")))?;
            let class = Class::parse(text.get(split..).unwrap_or(""))
                .ok_or_else(|| bad(format!("{what}: {text:?} is no boxer (2H)")))?;
            Ok(BoxerId::new(seat(owner, what)?, class))
        };
        let full = Cards::of(&e.card_values);
        let cards = |values: &[u8], what: &str| -> Result<Cards, PositionError> {
            if let Some(v) = values.iter().find(|v| !(1..=MAX_VALUE).contains(v)) {
                return Err(bad(format!("{what}: a fight card is 1 to {MAX_VALUE}, not {v}")));
            }
            let set = Cards::of(values);
            if !set.is_within(full) {
                return Err(bad(format!("{what}: {set} is more than a manager's 12 fight cards hold")));
            }
            Ok(set)
        };
        if !(1..=config.seasons()).contains(&doc.season) {
            return Err(bad(format!("season {} in a game of {} season(s)", doc.season, config.seasons())));
        }
        game.season = doc.season;
        game.phase = match doc.phase.as_str() {
            "challenge" => Phase::Challenge,
            "training" => Phase::Training,
            "betting" => Phase::Betting,
            "fight" => Phase::Fight,
            "over" => Phase::Over,
            other => return Err(bad(format!("phase {other:?}: challenge, training, betting, fight or over"))),
        };
        game.active = seat(doc.active, "active")?;
        game.last_challenger = seat(doc.last_challenger, "last_challenger")?;
        if doc.fights_before_season > doc.fights {
            return Err(bad("fights_before_season is more than fights"));
        }
        (game.fights, game.fights_before_season) = (doc.fights, doc.fights_before_season);
        if doc.managers.len() != seats {
            return Err(bad(format!("{} managers at a table of {seats}", doc.managers.len())));
        }
        let mut belts = 0;
        for (s, m) in doc.managers.iter().enumerate() {
            let what = format!("managers[{s}]");
            game.money[s] = m.money;
            game.debts[s] = m.debts;
            game.hands[s] = cards(&m.hand, &format!("{what}.hand"))?;
            if m.chips > CHIPS || m.passes > PASSES || m.chips + m.passes > CHIPS {
                return Err(bad(format!("{what}: {} chips and {} on the pass field of {CHIPS}", m.chips, m.passes)));
            }
            (game.chips[s], game.passes[s]) = (m.chips, m.passes);
            for (c, &(level, knocked_out)) in m.boxers.iter().enumerate() {
                if level.is_title() && !config.pro {
                    return Err(bad(format!("{what}: a {level:?} exists only in the pro game")));
                }
                belts += usize::from(level == Level::WorldChampion);
                game.boxers[s][c] = Boxer { level, knocked_out };
            }
        }
        if belts > e.belts as usize {
            return Err(bad(format!("{belts} World champion belts; the edition has {}", e.belts)));
        }
        if doc.pot < 0 {
            return Err(bad("the bonus pot is negative"));
        }
        (game.pot, game.certificates_taken) = (doc.pot, doc.certificates_taken);
        game.sat_out = match &doc.sat_out {
            Some([a, b]) => Some([boxer(a, "sat_out")?, boxer(b, "sat_out")?]),
            None => None,
        };
        game.fight = doc.fight.as_ref().map(|f| read_fight(f, &game, &boxer, &cards)).transpose()?;
        check_phase(&game)?;
        let fields = e.bet_fields.len();
        for (t, tableau) in doc.bets.iter().enumerate() {
            if tableau.len() != fields {
                return Err(bad(format!("bets[{t}]: {} fields, the edition has {fields}", tableau.len())));
            }
            for (f, &[offer, accept]) in tableau.iter().enumerate() {
                let what = format!("bets[{t}][{f}]");
                if offer.is_none() && accept.is_some() {
                    return Err(bad(format!("{what}: an accept without an offer")));
                }
                game.bets[t][f] = Slot {
                    offer: offer.map(|s| seat(s, &what)).transpose()?,
                    accept: accept.map(|s| seat(s, &what)).transpose()?,
                };
            }
        }
        // A challenge clears the pass field and the bet slots, and the betting comes after the
        // training (found by fuzzing: passes carried into a training then sat beside a fresh
        // hand of three chips, a position the game could not read back).
        if game.phase == Phase::Training
            && (game.passes[..seats].iter().any(|&p| p > 0) || game.bets.iter().flatten().any(|s| s.offer.is_some()))
        {
            return Err(bad("a chip on the pass field or a bet slot before the betting opens (KO-15)"));
        }
        // The betting order is set when the betting opens; outside it, it is only kept.
        let mut order = doc.order.clone();
        order.sort();
        if doc.order.len() != seats
            || (game.phase == Phase::Betting && order != Seat::all(seats).collect::<Vec<_>>())
            || doc.order.iter().any(|s| s.index() >= seats)
        {
            return Err(bad("order: every seat once"));
        }
        game.order[..seats].copy_from_slice(&doc.order);
        // After the third pass `bet_pass` reads 4 until the next betting opens.
        if doc.bet_pass > PASSES + 1 || doc.bet_turn as usize >= seats {
            return Err(bad(format!("bet_pass {} / bet_turn {} out of range", doc.bet_pass, doc.bet_turn)));
        }
        // The betting is in one of its passes (KO-15): with a pass 0 a seat could place a
        // fourth chip (found by fuzzing).
        if game.phase == Phase::Betting && !(1..=PASSES).contains(&doc.bet_pass) {
            return Err(bad(format!("bet_pass {} while betting: the passes are 1 to {PASSES} (KO-15)", doc.bet_pass)));
        }
        (game.bet_pass, game.bet_turn) = (doc.bet_pass, doc.bet_turn);
        // The betting passes over a seat without a chip, so the seat it waits for has one
        // (found by fuzzing: a seat with none placed a chip, an overflow).
        if game.phase == Phase::Betting && game.chips[game.bettor().index()] == 0 {
            return Err(bad(format!(
                "bet_turn {}: seat {} has no chip left to place (KO-15)",
                doc.bet_turn,
                game.bettor()
            )));
        }
        // In the first pass no seat from the bettor on has placed a chip yet; a fighter's first
        // placing takes two, its Sieg and K.O. offers (found by fuzzing: a fighter with one chip
        // left made both, an overflow).
        if game.phase == Phase::Betting && game.bet_pass == 1 {
            for &seat in &game.order[game.bet_turn as usize..seats] {
                let (chips, passes) = (game.chips[seat.index()], game.passes[seat.index()]);
                if chips != CHIPS || passes != 0 {
                    return Err(bad(format!(
                        "seat {seat} is yet to bet in the first pass but holds {chips} chips and {passes} passes of {CHIPS} (KO-15)"
                    )));
                }
            }
        }
        if doc.payments.len() > Payments::CAP {
            return Err(bad(format!("more than {} payments", Payments::CAP)));
        }
        for p in &doc.payments {
            let party = |d: &PartyDoc| match d {
                PartyDoc::Seat(s) => seat(*s, "payments").map(Party::Seat),
                PartyDoc::Other(t) if t == "bank" => Ok(Party::Bank),
                PartyDoc::Other(t) if t == "pot" => Ok(Party::Pot),
                PartyDoc::Other(t) => Err(bad(format!("payments: {t:?} is a seat, \"bank\" or \"pot\""))),
            };
            game.payments.push(Payment {
                from: party(&p.from)?,
                to: party(&p.to)?,
                amount: p.amount,
                why: p.why,
                field: p.field,
            });
        }
        game.check_history()?;
        Ok(game)
    }
}

/// Reads a boxer id (`2H`) of a seat at the table; the second argument names the field.
type ReadBoxer<'a> = dyn Fn(&str, &str) -> Result<BoxerId, PositionError> + 'a;
/// Reads a card list within the edition's hand; the second argument names the field.
type ReadCards<'a> = dyn Fn(&[u8], &str) -> Result<Cards, PositionError> + 'a;

/// The fight of a position, checked against the hands it came from.
fn read_fight(f: &FightDoc, game: &KnockOut, boxer: &ReadBoxer, cards: &ReadCards) -> Result<Fight, PositionError> {
    let boxers = [boxer(&f.boxers[0], "fight.boxers")?, boxer(&f.boxers[1], "fight.boxers")?];
    if boxers[0].owner == boxers[1].owner {
        return Err(bad("fight: a manager's boxers do not fight each other"));
    }
    if f.exchanges.len() > EXCHANGES {
        return Err(bad(format!("fight: {} exchanges of {EXCHANGES}", f.exchanges.len())));
    }
    let mut exchanges = [[0; 2]; EXCHANGES];
    for (i, pair) in f.exchanges.iter().enumerate() {
        if pair.iter().any(|v| !(1..=MAX_VALUE).contains(v)) {
            return Err(bad(format!("fight.exchanges[{i}]: fight cards are 1 to {MAX_VALUE}")));
        }
        exchanges[i] = *pair;
    }
    let training = [cards(&f.training[0], "fight.training")?, cards(&f.training[1], "fight.training")?];
    let full = Cards::of(&game.edition().card_values);
    // The exchange is resolved the moment the second card is chosen (found by fuzzing: a fight
    // with both cards pending left nobody to act in a game not over).
    if f.pending.iter().all(Option::is_some) {
        return Err(bad("fight.pending: both cards chosen, but an exchange is resolved as soon as they are"));
    }
    for side in 0..2 {
        if !game.hands[boxers[side].owner.index()].plus(training[side]).is_within(full) {
            return Err(bad(format!(
                "fight: boxer {}'s manager holds more cards than 12 with the training",
                boxers[side]
            )));
        }
        if let Some(v) = f.pending[side].filter(|&v| !training[side].contains(v)) {
            return Err(bad(format!("fight.pending: {v} is not among side {side}'s training cards")));
        }
        if !(1..=30).contains(&f.start[side]) || f.distance[side] > f.start[side] {
            return Err(bad("fight: start distances are 1 to 30 and distances no more than the start"));
        }
        // A boxer stops on the K.O. field (KO-22), and reaching it ends the fight.
        if f.distance[side] < 0 || (f.distance[side] == 0 && f.result.is_none()) {
            return Err(bad(format!(
                "fight.distance: {} for side {side}; a boxer stops on the K.O. field (0), which ends the fight",
                f.distance[side]
            )));
        }
    }
    let result = match f.result {
        Some((winner @ 0..=1, knock_out)) => Some(FightResult { winner: winner as usize, knock_out }),
        Some((other, _)) => return Err(bad(format!("fight.result: side 0 or 1 wins, not {other}"))),
        None => None,
    };
    // KO-10: a knocked-out boxer does not fight this season; a fighter marked knocked out is
    // the loser of this fight's knock-out (KO-22). The winner's mark is refused with the
    // trophy it holds (`sat_out`).
    for (side, &id) in boxers.iter().enumerate() {
        let may_be_knocked_out = result.is_some_and(|r| r.winner == side || r.knock_out);
        if game.boxer(id).knocked_out && !may_be_knocked_out {
            return Err(bad(format!(
                "fight.boxers: {id} is knocked out this season and does not fight (KO-10), unless it lost this fight by knock-out"
            )));
        }
    }
    Ok(Fight {
        boxers,
        levels: f.levels,
        start: f.start,
        distance: f.distance,
        training,
        trained: f.trained,
        pending: f.pending,
        exchanges,
        played: f.exchanges.len() as u8,
        result,
    })
}

/// The phase fits the fight: training, betting and the fight need one still undecided, in the
/// right step.
fn check_phase(game: &KnockOut) -> Result<(), PositionError> {
    let fight = game.fight;
    let live = fight.is_some_and(|f| f.result.is_none());
    let ok = match game.phase {
        Phase::Challenge | Phase::Over => !live,
        Phase::Training => live && fight.is_some_and(|f| f.trained != [true, true] && f.played == 0),
        Phase::Betting => live && fight.is_some_and(|f| f.trained == [true, true] && f.played == 0),
        Phase::Fight => live && fight.is_some_and(|f| f.trained == [true, true]),
    };
    if ok { Ok(()) } else { Err(bad(format!("phase {} does not fit the fight", phase_name(game.phase)))) }
}
