//! Knock Out (Wolfgang Panning, TM-Spiele 1994) for spieltisch: 3 to 5 boxing managers
//! challenge each other's boxers, train them in secret, bet on every fight and fight it out with
//! secret card choices revealed together. Most money wins. The rules are `rules/knock-out.md`
//! (ids KO-1 … KO-54), every one named by a test; the pro game is the variant `pro`.
//!
//! ```
//! use engine::{Game, Match, Seat, StepKind};
//! use knock_out::{Cards, Config, KnockOut, PhaseView};
//!
//! let mut m = Match::<KnockOut>::new(&Config::default(), 3, 42).unwrap();
//! // Seat 0 holds the red tableau: its lightweight challenges seat 1's heavyweight (KO-10).
//! m.apply_notation(Seat::at(0), "challenge L 1H").unwrap();
//! // Both fighters train at once, in secret (KO-12): one compound action each.
//! assert_eq!(m.state().step_kind(), StepKind::Secret);
//! m.apply_notation(Seat::at(1), "train 2 3 4 5").unwrap();
//! let view = m.state().view(Some(Seat::at(0)));
//! assert_eq!(view.managers[1].training, None); // seat 0 cannot see it …
//! assert_eq!(view.managers[1].cards.len(), 12); // … but every card held is public
//! m.apply_notation(Seat::at(0), "train 1 3 4 5").unwrap();
//!
//! // Betting (KO-14, KO-15): the challenger offers a Sieg bet; its K.O. offer goes with it.
//! assert_eq!(m.state().view(None).phase, PhaseView::Betting);
//! m.apply_notation(Seat::at(0), "offer red 1").unwrap();
//! m.apply_notation(Seat::at(1), "offer blue 2").unwrap();
//! m.apply_notation(Seat::at(2), "accept red 1").unwrap();
//! for (seat, bet) in [(0, "accept red 4"), (1, "pass"), (2, "pass"), (2, "pass")] {
//!     m.apply_notation(Seat::at(seat), bet).unwrap(); // seat 0 cancels its own K.O. offer
//! }
//!
//! // The fight: secret cards revealed together. A 1 against a 5 is the hidden left hook
//! // (KO-21): the boxer who played the 5 moves 4 towards the K.O. field.
//! m.apply_notation(Seat::at(0), "play 1").unwrap();
//! m.apply_notation(Seat::at(1), "play 5").unwrap();
//! let fight = m.state().view(None).fight.unwrap();
//! assert_eq!(fight.distance, [6, 2]);
//! assert_eq!(m.state().cards(Seat::at(0)), Cards::of(&[1, 2, 2, 2, 3, 3, 3, 4, 4, 5, 5]));
//! ```
//!
//! # Notation
//!
//! A boxer is its owner's seat and class letter: `2H` is seat 2's heavyweight, `0L` seat 0's
//! lightweight. Cards are their values 1 to 5. Bet fields are numbered from 1 in the edition's
//! order; with the shipped edition 1 = `Sieg 10,000`, 2 = `Sieg 20,000`, 3 = `Punktsieg 20,000`,
//! 4 = `K.O. 30,000`. Input may be in any case.
//!
//! | action | meaning |
//! |---|---|
//! | `challenge L 2H` | the active player's lightweight challenges seat 2's heavyweight (KO-10) |
//! | `train 1 2 3 5` | a fighter's secret training choice, values ascending (KO-12; any order is read) |
//! | `offer red 2` | a chip on the offer slot of red's field 2: "the challenger wins" (KO-13) |
//! | `accept blue 4` | a chip on the accept slot of blue's field 4: takes the other side of that offer |
//! | `pass` | a chip on the pass field |
//! | `play 3` | a fighter's secret card for the exchange (KO-20) |
//!
//! A fighter's first betting action is its Sieg offer (`offer red 1` or `offer red 2` for the
//! challenger); the compulsory K.O. offer of the same tableau is placed with it (KO-15). Passing
//! the red tableau on, the fight's resolution, prizes, settlements and the seasons' ends happen
//! inside `apply` and appear as events. The game has no chance at all.
//!
//! # The turn model
//!
//! | phase | who acts | [`engine::StepKind`] |
//! |---|---|---|
//! | `challenge` | the holder of the red tableau | turn |
//! | `training` | both fighters not yet trained | secret |
//! | `betting` | one player at a time: three passes of challenger, defender, then the others clockwise from the challenger; the fighters place 2 chips in pass 1, 1 in pass 2, none in pass 3 | turn |
//! | `fight` | both fighters not yet chosen for this exchange | secret |
//! | `over` | nobody | — |
//!
//! # The view (JSON)
//!
//! [`View`] is what one seat sees (`viewer: null` for a spectator). Abridged, seat 0 in the
//! betting of a 3-player basic game:
//!
//! ```json
//! {
//!   "seats": 3, "viewer": 0, "pro": false, "season": 1, "seasons": 1,
//!   "phase": "betting", "to_act": [2], "active": 0, "fights": 0, "season_fights": 0,
//!   "managers": [
//!     {"seat": 0, "money": 100000, "debts": 0, "chips": 1,
//!      "cards": [1, 1, 2, 2, 2, 3, 3, 3, 4, 4, 5, 5], "training": [1, 3, 4, 5],
//!      "boxers": [
//!        {"id": "0L", "class": "light", "name": "Kid Kowalski", "level": "profi",
//!         "start_money": 6000, "knocked_out": false, "trophy": false, "steak": false, "belt": false},
//!        {"id": "0H", "class": "heavy", "name": "Iron Ivanov", "level": "profi", "start_money": 8000, …}]},
//!     {"seat": 1, …, "training": null, …}, …],
//!   "pot": 0, "certificates_left": 4,
//!   "fight": {"boxers": ["0L", "1H"], "levels": ["profi", "profi"], "start": [6, 6],
//!             "distance": [6, 6], "trained": [true, true], "chosen": [false, false],
//!             "my_training": [1, 3, 4, 5], "left": [4, 4], "my_card": null,
//!             "exchanges": [], "result": null},
//!   "tableaus": [
//!     {"tableau": "red", "backs": "0L", "fields": [
//!       {"number": 1, "name": "Sieg", "kind": "win", "stake": 10000, "offer": 0, "accept": null}, …]},
//!     {"tableau": "blue", "backs": "1H", "fields": […]}],
//!   "pass_field": [],
//!   "betting": {"pass": 1, "order": [0, 1, 2]},
//!   "settlement": [],
//!   "result": null
//! }
//! ```
//!
//! - `managers[i].cards`: **every fight card the manager still holds**, in hand or in training.
//!   This is public knowledge — everyone starts with the same 12 cards and every played card is
//!   shown — so the view shows it as a careful player at the table would know it.
//!   `training` is only in the viewer's own entry (else `null`).
//! - `fight`: the ring — the fight being set or fought, or the last one with its `result`
//!   (`{"winner": "red", "knock_out": false}`) until the next challenge. `distance` counts the
//!   fields to the K.O. field, never below 0: a boxer pushed past it stops there (KO-22), as
//!   in the `exchange` event; `chosen` says who has picked this exchange's card (never which:
//!   `my_card` is the viewer's own); `exchanges` are the revealed ones
//!   (`{"red": 3, "blue": 5, "hook": false, "moved": "red", "by": 2}`, `by` the push the cards
//!   give).
//! - `tableaus[t].fields[f]`: the offer and accept chips by seat; `pass_field` one entry per chip.
//! - `settlement`: the payments of the last settlement, in order — after a fight the prizes
//!   and the bets (`{"from": 2, "to": 0, "amount": 10000, "why": "bet", "field": ["red", 1]}`;
//!   parties are seats, `"bank"` or `"pot"`; `why` is `prize`, `bet`, `bank-bet`, `pot`,
//!   `debt`, `pot-share`, `card-bonus` or `debt-cost`), at the end the final settlement.
//! - `result`: the final money per seat once the game is over.
//!
//! # The observation tensor
//! `Game::observe` writes what one seat knows as `81 + 57 × seats` numbers (`Game::
//! observation_shape`: 252 at 3 seats, 366 at 5), for learning code (the Python package's
//! `observation_tensor`). Everything in it is in the seat's view, so it is the same in every
//! world `determinize` samples for the seat (the conformance suite checks it). Seats are
//! counted from the observer (0 = itself, 1 = the next clockwise, …); money is divided by
//! 100,000, card counts by the most a hand can hold of a value; a boxer is its owner (one-hot
//! by relative seat) and class (light, heavy). In order:
//!
//! | values | what |
//! |---|---|
//! | 5 | the phase: challenge, training, betting, fight, over |
//! | 6 | pro game; the season (÷ seasons); fights fought, in all and this season (÷ 20); the pot; debt certificates left (÷ all) |
//! | 1 | the seat is to act |
//! | 2 | a fight is in the ring; it is still being fought |
//! | (seats + 12) × 2 | red, then blue: the boxer, its level (amateur, profi, champion, superchampion, world champion), start and current distance to the K.O. field (÷ 10), trained, has chosen its exchange card (never which), training cards left (÷ 4) |
//! | 3 | the result: red or blue won; by knock-out |
//! | 3 × 3 | the exchanges: shown; red's and blue's card (÷ 5) |
//! | 2 | the seat fights as red or blue |
//! | 5 | its own training cards left, count per value 1–5 (÷ 4) |
//! | 5 | its own chosen exchange card (one-hot value) |
//! | (seats + 2 + 6 × (2 × seats + 1)) × 2 | red, then blue tableau: the boxer it backs; per bet field (six, the edition's first): who holds the offer chip, who the accept chip (one-hot seat), the stake |
//! | 3 | the betting pass (one-hot, zeros outside the betting) |
//! | seats | chips each seat has on the pass field (÷ 3) |
//! | 28 × seats | per seat: money, debts (÷ 5), chips (÷ 3); the fight cards it still holds, in hand or in training (count per value ÷ 3, public: see the view); holds the red tableau; is to act; per boxer (light, heavy): level, start money, knocked out, trophy, steak |
//!
//! Not in the tensor (though in the view): the payments of the last settlement, the betting
//! order, names.
//!
//! # Events
//!
//! [`Event`]s carry a `type` tag (`season-started`, `passed-on`, `challenged`, `trained`,
//! `offered`, `accepted`, `passed`, `betting-closed`, `chose`, `exchange`, `fight-won`,
//! `knocked-out`, `level-changed`, `paid`, `cancelled`, `season-over`, `game-over`) and a
//! one-line `Display`. Redaction: `trained` shows the cards and `chose` the card only to that
//! fighter; the `exchange` event reveals both cards at once. Every change of money, the pot and
//! the debts is a `paid` event with its reason, so the books can be checked (the simulation
//! test does).
//!
//! # The edition
//!
//! Every number the rules mark [edition] lives in `src/edition.toml` ([`DEFAULT_EDITION_TOML`]):
//! start cash, the 12 fight cards, the minimum cards to fight, card bonus, debt amount and
//! certificates, the basic and pro start distances, the Superchampion and World champion
//! factors, belts, the Amateur restriction, start money by class and level, boxer names and the
//! bet fields with their stakes. [`Edition`] is part of the [`Config`] (key `edition`), so
//! a record carries it and replays exactly; a player who owns the box can correct the numbers
//! (`spieltisch play knock-out --edition my-box.toml`). [`Edition::from_toml`] and set-up refuse
//! a bad edition with an error naming the field and why (`edition.bet_fields[3].stake: must be
//! positive, even …`), never a panic.
//!
//! # Decisions where the rules leave room
//!
//! - **The K.O. offer goes with the Sieg offer.** A fighter's pass-1 action is its choice of
//!   Sieg field (a `win` field of its own tableau); the compulsory K.O. offer is placed with it,
//!   since it leaves no choice (KO-15). A `Punktsieg` field is not a Sieg field for this.
//! - **Fighters may accept any open offer in pass 2**, their own (a bluff that cancels, KO-16)
//!   or one against their own boxer. Other players may offer and accept on either tableau.
//! - **Bluffs**: an offer accepted by its own offerer moves no money, whoever wins (KO-16).
//! - **Settlement order**: prizes first (KO-30), then red's fields 1…4, then blue's (KO-31). A
//!   player who must pay more than they have takes certificates until they can (KO-32), also
//!   for a payment into the pot. Certificates are written without limit when the box's 4 run
//!   out (`certificates_left` shows 0).
//! - **Final settlement**: debt certificates are paid at the end without new certificates, so
//!   the final money may be below zero. A pot share is `pot / owners` (integer division); the
//!   remainder goes to the bank as a `pot-share` payment. A manager owning two boxers of the
//!   highest start money counts once.
//! - **Points**: "moved further" is counted from each boxer's own start field (the pro game's
//!   start distances differ); equal counts lose for the challenger (KO-23).
//! - **The pro game's first season** ends with no settlement at all: the pot and debts stay,
//!   the cards left are *not* paid for (everyone gets all 12 back; only the final settlement
//!   pays for cards, KO-40 after season 2). Knocked-out boxers return, every Champion becomes a
//!   Superchampion, the trophy and steak are cleared and the left neighbour of the last
//!   challenger opens season 2 (KO-52).
//! - **Levels in the pro game** (KO-53): a fight of two Superchampions or World champions is a
//!   world-title fight — the winner becomes World champion if fewer than 3 belts (edition) are
//!   held once the loser has given up theirs, otherwise keeps their level; a Champion who beats a
//!   Superchampion or World champion takes that level (and belt); any Superchampion or World
//!   champion who loses drops to Champion; a title holder who beats a lower boxer keeps the
//!   level; otherwise the basic game's one level up (to Champion at most) or down. Superchampions
//!   are only made at the season change.
//! - **The Amateur restriction** (edition) binds only an Amateur *challenger* in season 2.
//! - **No legal challenge for anyone** at the start of season 2 (possible only with odd
//!   editions) ends the game with the final settlement.
//! - **Scores** in the [`engine::Outcome`] are the final money; equal money shares a place.
//!
//! # Positions
//! `Game::position` writes, and `Game::from_position` reads (checked), the whole game as a
//! referee sees it — the protocol's `position` / `setup`; never shown to a seat, since it holds
//! both secret trainings and pending exchange cards. It is one line of JSON:
//!
//! ```json
//! {"season": 1, "phase": "betting", "active": 0, "last_challenger": 0, "fights": 0,
//!  "fights_before_season": 0,
//!  "managers": [{"money": 100000, "debts": 0, "hand": [1, 1, 2, 2, 3, 3, 4, 5], "chips": 1,
//!                "passes": 0, "boxers": [["profi", false], ["profi", false]]}, …],
//!  "pot": 0, "certificates_taken": 0, "sat_out": null,
//!  "fight": {"boxers": ["0L", "1L"], "levels": ["profi", "profi"], "start": [6, 6],
//!            "distance": [6, 6], "training": [[2, 3, 4, 5], [1, 2, 3, 4]],
//!            "trained": [true, true], "pending": [null, null], "exchanges": [], "result": null},
//!  "bets": [[[0, null], [null, null], [0, null], [null, null]], […]],
//!  "order": [0, 1, 2], "bet_pass": 1, "bet_turn": 1, "payments": []}
//! ```
//!
//! `boxers` of a manager are light then heavy, each `[level, knocked_out]`; `bets` are red then
//! blue, a `[offerer, accepter]` pair per field; a fight's `result` is `[winning side, by
//! knock-out]`; `payments` are those of the last settlement (what the table shows). Reading
//! refuses, with the field and why: a card outside 1 to 5, a hand (with its training) holding
//! more than the edition's 12 cards, pro levels in the basic game, more belts than the edition
//! has, chips beyond 3, an accept without an offer, a wrong number of fields or managers, a
//! pending card not among the trainings, a fight of a manager against themself, a phase that
//! does not fit the fight, a betting order that is not every seat once, unknown keys. And what
//! the game so far cannot have left: a Superchampion or World champion in season 1; a
//! knocked-out boxer above a loser's level (a Champion in season 1, a title holder in season
//! 2: a loser drops a level); a knocked-out boxer in the fight, unless it lost this fight by
//! knock-out (KO-10); a distance below 0, or 0 in a fight still on; trophy and steak
//! on one manager's boxers, without a fight this season, the trophy on a knocked-out boxer or an
//! Amateur (a winner moves up), the steak above a loser's level; fewer or more fight cards spent
//! than this season's fights take (2 to 6 each, `fights: 3` with every hand full is refused);
//! debts that are not the certificates taken; money (before the final settlement, whose pot
//! share is an integer division) or a pot that is not a multiple of the edition's smallest sum
//! (the greatest common divisor of start cash, start monies, half stakes, debt amount and card
//! bonus: 1,000 S with the shipped edition).
//!
//! # Rules version
//! Still version 1. Clamping the ring's distance at the K.O. field and the stricter position
//! checks changed no rule: every action is legal where it was and every game ends as before (a
//! fight ends once a boxer reaches the K.O. field either way; points count only when nobody
//! did), so records replay unchanged. Only the view's and the `exchange` event's `distance`
//! differ, and a position of the old builds with a distance below 0 (after a knock-out) is
//! refused.
//!
//! # End reasons and the action space
//! `Game::end_reason` of a finished game: the last season ended because nobody could challenge
//! (KO-11) and the final settlement was made (KO-40). The code says what stopped the
//! challenges: `out-of-fight-cards` (fewer than two managers held the edition's minimum of
//! fight cards) or `no-challenge-left` (cards were there, every pairing was barred); the text
//! names the richest seat. `Game::action_space` lists every challenge (`challenge L 2H`: the
//! challenger is the seat acting, so each target and class once), every training choice of 4
//! (and of 3 when `min_cards` is 3) the edition's cards allow, every offer and accept of every
//! field, `pass` and one `play N` per card value — 123 actions at 4 seats with the shipped edition.
//!
//! # Bots and speed
//!
//! [`HeuristicBot`] plays from its view: it estimates fights by random playouts of the
//! training choices it cannot see, bets by that estimate and mixes its fight cards by solving
//! each exchange's small matrix game. [`playout_policy`] is the cheap rule of thumb for search
//! playouts. In 4-player basic games the heuristic wins 86 % against three random bots and
//! `ismcts:1000` 45 % against three heuristics (par 25 %; commands and intervals in the catalog
//! docs and the README).
//!
//! `legal_actions`, `apply` and `determinize` allocate nothing (the edition is shared behind an
//! `Arc`, so even `new` copies only a reference count; card sets are packed counters; training
//! choices are listed by four nested counts). `cargo bench -p knock-out` plays about 60,000
//! random 4-player basic games a second on one core (29,000 pro games) and times sampled
//! worlds, policy playouts and ISMCTS iterations in a mid-season position (about 130,000 a
//! second); `time cargo run --release -p knock-out --example ko_speed -- 100000 4` gives games
//! per CPU second.

mod action;
mod action_space;
mod betting;
mod bot;
mod boxer;
mod cards;
mod challenge;
mod config;
mod determinize;
mod edition;
mod end_reason;
mod event;
mod fight;
mod game;
mod money;
mod observation;
mod playout;
mod position;
mod position_history;
mod position_text;
mod settle;
mod state;
mod view;

pub use action::{Action, Tableau};
pub use bot::HeuristicBot;
pub use boxer::{BoxerId, Class, Level};
pub use cards::Cards;
pub use config::Config;
pub use edition::{BetField, BetKind, ByClass, DEFAULT_EDITION_TOML, Edition, EditionError, Names};
pub use event::Event;
pub use fight::exchange_move;
pub use money::{Party, Payment, Why};
pub use playout::playout_policy;
pub use state::KnockOut;
pub use view::{
    BettingView, BoxerView, ExchangeView, FieldView, FightView, ManagerView, PhaseView, ResultView, TableauView, View,
};
