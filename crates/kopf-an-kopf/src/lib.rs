//! Kopf an Kopf for spieltisch: the horse race you bet on, for 2 to 8 players (Kosmos 2010,
//! "Long Shot" in English). Ten horses race on a 20-field track; every turn a die says which
//! horse moves and another how far; players buy horses, bet on them, play action cards and
//! answer each other's rolls and cards out of turn. When the third horse finishes, bets are
//! paid by the odds and the most money wins. The rules are `rules/kopf-an-kopf.md`, rules
//! version 2 (ids KK-1 … KK-53), every one named by a test.
//!
//! ```
//! use engine::{Game, Match, Seat, StepKind};
//! use kopf_an_kopf::{Config, KopfAnKopf};
//!
//! let mut m = Match::<KopfAnKopf>::new(&Config::default(), 4, 42).unwrap();
//! // Seat 0 has rolled (KK-11) and may spend its second chance.
//! let view = m.state().view(Some(Seat::at(0)));
//! assert_eq!((view.phase, view.players[0].money, view.hand.unwrap().len()), ("second-chance", 25, 3));
//! let dice = view.dice.unwrap();
//! m.apply_notation(Seat::at(0), "keep").unwrap();
//!
//! // A reaction window (KK-33): every other seat is asked, whether or not it holds a re-roll.
//! assert_eq!(m.state().step_kind(), StepKind::Reaction);
//! assert_eq!(m.state().to_act().len(), 3);
//! for seat in [1, 2, 3] {
//!     m.apply_notation(Seat::at(seat), "pass").unwrap();
//! }
//! // The rolled horse moved; seat 0 takes its one action: a 3 € bet on horse 10 (KK-24).
//! assert_eq!(m.state().position(dice.horse), dice.movement);
//! if m.state().view(None).phase == "action" {
//!     m.apply_notation(Seat::at(0), "bet 10 3").unwrap();
//!     assert_eq!(m.state().money(Seat::at(0)), 22);
//! }
//! ```
//!
//! # Notation
//!
//! Horses are their numbers `1`…`10`, seats their numbers from 0, dice `horse` and `move`.
//! Action cards (German names as in the box; the edition's numbers):
//!
//! | card | notation | effect |
//! |---|---|---|
//! | Pferd N +2 | `h1` … `h10` | horse N moves 2 forward |
//! | Galopp | `gallop` | any racing horse moves 1 forward |
//! | Schlammbahn (muddy track) | `mud` | any racing horse moves 2 back |
//! | Preisgeld (prize money) | `prize` | take 5 € |
//! | Stallprämie (stable bonus) | `stable` | take 10 € if you own a leading horse |
//! | Freiwette (free bet) | `free-bet` | bet 5 € of the bank's money |
//! | Späte Wette (late bet) | `late-bet` | bet 5 €, dark zone allowed |
//! | Taschendieb (pickpocket) | `pickpocket` | a random card from another hand |
//! | Inspektor (inspector) | `inspector` | look at a hand, take one card |
//! | Schnäppchen (bargain) | `bargain` | buy a horse for half its price |
//! | Peitsche (whip) | `whip` | the rolled horse moves its roll again |
//! | Einspruch (objection) | `objection` | reaction: stop a card |
//! | Neuer Wurf (re-roll) | `reroll` | reaction: roll one die again |
//!
//! | action | when | meaning |
//! |---|---|---|
//! | `use 3` / `skip 3` | ability | use or leave an optional ability of horse 3 (KK-40) |
//! | `keep` / `chance horse` / `chance move` | second chance | keep the roll, or roll one die again once per game (KK-11) |
//! | `reroll horse` / `reroll move` / `pass` | re-roll window | play a re-roll card, or not (KK-33) |
//! | `object` / `pass` | objection window | play an objection card, or not (KK-33) |
//! | `sprint 4` / `decline` | sprint | move sprint-bar horse 4 next, or leave the rest where they are (KK-11.2) |
//! | `steal` / `pile 1` / `pile 2` / `decline` | the 3's card | a random card of the rolled horse's owner, the top card of a pile (nobody owns it), or none (KK-11.3) |
//! | `play gallop 4`, `play h7`, `play pickpocket 2`, `play whip` … | action | play a card with its target (KK-30) |
//! | `buy 7` | action | buy horse 7 (KK-20) |
//! | `bet 7 3` | action | bet 3 € on horse 7: 1 to 5 whole euros (KK-24); `bet 7` is 5 € |
//! | `discard gallop mud` | action | discard two cards for 5 € (lower card first, `h1` … `reroll` order) |
//! | `pass` | action | only when nothing else is possible (no cards to play, no money) |
//! | `take whip` | inspector | take a card of the inspected hand |
//! | `draw 1` / `draw 2` | draw | draw from a pile (KK-14) |
//!
//! Dice, draws and random steals are chance inside `apply`, with the match's generator.
//!
//! # The turn model
//!
//! A turn is a series of steps, each one [`engine::StepKind::Turn`] for the active player except
//! the reaction windows ([`engine::StepKind::Reaction`]):
//! abilities in horse order (`ability`, only for optional ones; the others happen by
//! themselves) → the roll (chance) → `second-chance` (only while the player has it) → a
//! `reaction` window for re-rolls → the rolled horse moves → `sprint` (while the player's
//! sprint-bar horses may still move: one at a time, or `decline` the rest) → `three-card` (on a
//! 3 when there is a card to take: the owner's, or a pile's; or `decline`) → `action` → (an
//! action card opens an objection window; Inspector then `inspector`) → `draw` (only when both
//! piles hold cards; else the draw happens by itself) → the next player. A reaction window
//! lists every seat but the one who rolled or played the card it answers; each answers `pass`
//! or reacts, unseen by the others; when all have answered, the first reactor in KK-33's order
//! — from the seat left of the active player clockwise, the active player last — plays their
//! card, the others keep theirs. A played re-roll or objection opens an objection window of its
//! own.
//!
//! # The view (JSON)
//!
//! [`View`]: `phase` (above, or `over`), `step` (`turn`/`reaction`; `null` once over, as the
//! status's `step_kind`), `active`, `turn`,
//! `to_act`, `track`, `dark_zone`, `horses` (per horse: `number`, `name`, `position`,
//! `place`, `dark`, `owner`, `price`, `odds`, `sprint`, `ability` text, `chips_left`, `bets`
//! with `seat`, `amount`, `free` and `chip`), `ladder`, `players` (`money`, `cards`,
//! `second_chance`, `horses`), `hand` (own cards as notation, `null` for a spectator),
//! `hand_info` (name and effect of each card held), `piles` (sizes), `discard` (the public
//! discard pile), `dice` (`horse`, `movement`, `by`), `window` (`kind`: `re-roll` or
//! `objection`, `stack` of cards with their players, `play` the card's target, `asked`, and
//! `mine`: the viewer's own answer once given), `ability` (the horse whose optional ability
//! is pending), `sprinters` (in the `sprint` step, the horses that may still move),
//! `three_from` (in the `three-card` step, the seat whose hand the card would come from;
//! `null` for a pile), `known` (cards the viewer knows in other hands), `inspecting`
//! (the hand the viewer may take from) and `settlement` once over (per seat: `cash`,
//! `handed_back`, `winnings`, `total`). A view never holds another hand, a pile's contents or
//! another seat's pending answer.
//!
//! [`Event`]s carry a `type` tag (`dealt`, `turn`, `ability`, `rolled`, `window`,
//! `window-closed`, `played`, `cancelled`, `moved`, `held`, `declined`, `finished`, `paid`,
//! `bought`, `bet`, `discarded`, `drew`, `stole`, `inspected`, `took`, `reshuffled`,
//! `game-over`). Every window that closes logs one `window-closed`, naming the reactor whose
//! card follows or nobody; when a stack is settled every card an objection stops gets a
//! `cancelled`, the top of the stack first. `held` names the sprint-bar horses a player left
//! where they were, `declined` a 3's card not taken (`from` its owner, `null` for a pile).
//! Redaction: a
//! drawn card is shown to the drawer, a stolen or taken card to the two seats, an inspected
//! hand to the inspector, the deal to each seat its own hand.
//!
//! # The observation tensor
//! `Game::observe` writes what one seat knows as `211 + 71 × seats` numbers (`Game::
//! observation_shape`: 353 at 2 seats, 779 at 8), for learning code (the Python package's
//! `observation_tensor`). Everything in it is in the seat's view, so it is the same in every
//! world `determinize` samples for the seat (the conformance suite checks it). Seats are
//! counted from the observer (0 = itself, 1 = the next clockwise, …); money is divided by the
//! start money, card counts by 4; a card set is a count per kind in [`KINDS`] order (the ten
//! "+2", then gallop, mud, prize, stable, free bet, late bet, pickpocket, inspector, bargain,
//! whip, objection, re-roll). In order:
//!
//! | values | what |
//! |---|---|
//! | 10 | the phase: ability, second chance, re-roll window, objection window, sprint, the 3's card, action, inspector, draw, over |
//! | 10 | the horse whose optional ability is pending |
//! | 1 | the turn (÷ 200) |
//! | 2 | the cards in each draw pile (÷ 40) |
//! | 22 | the discard pile |
//! | 22 | the seat's own hand |
//! | 1 + 10 + 1 + seats | the dice: rolled; the horse; the movement (÷ 6); who rolled (one-hot seat) |
//! | 22 + seats + 1 | in a reaction window: the card on top of the stack, who played it, the stack's size (÷ 8) |
//! | 4 | in a reaction window, what the stack's bottom is: nothing yet, a played card, a re-roll of the horse die, of the movement die |
//! | 5 | in a reaction window, the seat's own answer: none yet, pass, re-roll horse, re-roll movement, object |
//! | 10 | the horses left on the sprint bar (sprint phase) |
//! | seats | the hand the seat may take a card from (inspector) |
//! | (9 + 4 × seats) × 10 | per horse: position (÷ track), place (÷ 3), in the dark zone, owner (one-hot seat, last = the bank), price, odds (3, ÷ 10), chips left (÷ 8), and per seat its bet, its free bet and whether it holds the horse's chip |
//! | 28 × seats | per seat: money, cards in hand (÷ 10), second chance left, to act, active, asked in this window; the cards of its hand the observer knows (22) |
//!
//! Not in the tensor (though in the view): the ladder's order beyond the places, the target of
//! a played card waiting in a window, names and card texts.
//!
//! # The edition
//!
//! Every number the rules mark \[edition\] is in `src/edition.toml` ([`EDITION_TOML`]), read
//! with `toml` into [`Edition`], part of the [`Config`] (`edition` key), so a record replays
//! with the numbers it was played with. [`Edition::validate`] refuses a bad one with the field
//! and the reason (`edition.horses[2].sprint: 3: a sprint bar lists other horses, not the
//! horse itself`).
//!
//! # Rules 2, and records of rules 1
//!
//! [`engine::Game::RULES_VERSION`] is `"2"`: the rules file's version 2 made the sprint-bar moves
//! a choice (KK-11.2, "darf … dürfen": which of the horses move and in which order, any or none),
//! the 3's card a choice (KK-11.3, "darf"), and a bet 1 to 5 € in whole euros (KK-24, "maximal 5
//! Euro"; rules 1 allowed exactly 5 €, so a player with less could never bet). A record of rules
//! 1 is refused by the engine's version check ("this record follows rules version "1" of
//! kopf-an-kopf; this build plays version "2""), not replayed: its turns lack the steps rules 2
//! asks, so its actions would be read in the wrong steps, and the crate keeps one rule set.
//!
//! # Decisions where the rules leave room
//!
//! - **Sprint bar (KK-11.2).** The player moves one horse at a time (`sprint H`, so the order is
//!   theirs) and may stop at any point (`decline`): the rest stay where they are (`held`). A
//!   single sprint-bar horse is asked about too.
//! - **The 3's card (KK-11.3)** is a step only when there is a card to take: the owner of the
//!   rolled horse holds one (`steal`: a random one), or, when nobody owns it, a pile does
//!   (`pile N` for a pile that holds cards; the discard pile is reshuffled first if both are
//!   empty, KK-6). `decline` takes none.
//! - **Bets (KK-24).** 1 € up to the edition's `bet` (5 €), whole euros, never more than the
//!   player has (KK-25); `bet 7` without an amount is 5 €, as rules 1 wrote it. Free bet and
//!   Late bet stake the 5 € their cards say (no choice), so a Late bet needs 5 €.
//! - **Who is asked in a window.** "Every other player" is every seat but the one whose roll
//!   or card the window answers: after the active player's roll or card, the others; after a
//!   re-roll or an objection by seat R, everyone but R, the active player included (so an
//!   objection can be objected to by the player whose card it stopped).
//! - **An objected re-roll** leaves the roll as it was, and the re-roll window opens again
//!   (the seats whose re-roll was void keep their cards and may try again).
//! - **A re-rolled roll** opens a new window (every seat but the re-roller).
//! - **Reaction cards are only reactions**: Objection and Re-roll cannot be the action of
//!   KK-13 (they may be discarded).
//! - **Optional abilities.** Abilities that only give (money, a card) are always used; those
//!   that move a horse ask the owner unless the edition says `must` (Sturmwind).
//!   "Leads", "last" and "level" compare the horses still racing; "behind horse 1" compares
//!   positions. Sturmwind pushes the nearest racing horse ahead of it; among several level ones
//!   the lowest number. Abilities that draw draw from the larger pile.
//! - **Whip** moves the rolled horse by the movement die as it shows (not a new roll); it
//!   cannot be played when that horse has finished.
//! - **KK-31** "once a horse has finished" means once any horse has finished.
//! - **Late bet** follows KK-24 but for the dark zone: own money, the chip rules.
//!   **Free bet** needs no chip and its stake is not the player's: at the end it pays stake ×
//!   odds on a placed horse and nothing otherwise.
//! - **Pickpocket and Inspector** target a seat holding at least one card. The card Inspector
//!   takes is seen by the two players only. What the inspector saw, and a card a player saw
//!   taken from them, stays known ([`View::known`]), and sampled worlds keep it. A card played
//!   or discarded for all to see takes that one card out of it; a card leaving the hand unseen
//!   by the knower (a steal or an Inspector's take by someone else) leaves each known kind one
//!   card fewer — what is sure to be left, whichever card it was.
//! - **Stable bonus** may be played without a leading horse (it then pays nothing).
//! - **Pile choice.** The piles are face down and nobody knows their order: they are kept as
//!   multisets and a draw takes a uniformly random card of the pile named — the same chances
//!   as a shuffled pile. A draw from an empty pile takes from the other; with only one pile
//!   holding cards there is no choice to make, so no step. KK-6's reshuffle happens as soon
//!   as both piles are empty.
//! - **Nothing to do.** A player with no playable card, no money for a bet or horse and fewer
//!   than two cards passes the action (`pass`).
//! - **The end (KK-50)** stops everything: the rest of the turn, cards on the stack (they go
//!   to the discard pile). A horse moved by an ability, a sprint bar or a card finishes like
//!   any other.
//! - **Scores** in the [`engine::Outcome`] are the final money (KK-53).
//!
//! # Positions
//! `Game::position` writes, and `Game::from_position` reads (checked), the whole race as a
//! referee sees it — the protocol's `position` / `setup`; never shown to a seat, since it holds
//! every hand and the open window's secret answers. It is one line of JSON:
//!
//! ```json
//! {"phase": "action", "active": 0, "turn": 1,
//!  "horses": [[0, 0, null], [3, 0, 1], …],
//!  "chips_left": [2, 2, …],
//!  "players": [{"money": 25, "second_chance": true, "hand": ["h8", "gallop", "pickpocket"],
//!               "bets": [0, …], "free_bets": [0, …], "chips": [7], "listed": false,
//!               "answer": "none", "known": [[], ["whip"], …]}, …],
//!  "piles": [["gallop", "mud", …], […]], "discard": [],
//!  "roll": [7, 3, 0], "stack": [], "base": null, "sprinters": []}
//! ```
//!
//! `horses` are `[field, place (0 while racing), owner (null: the bank)]` in number order;
//! `phase` is `ability H`, `second-chance`, `roll-window`, `card-window`, `sprint`,
//! `three-card`, `action`, `inspector-take SEAT`, `draw` or `over`; `sprinters` the sprint-bar
//! horses that may still move; `roll` is `[horse,
//! movement, roller]`; `stack` the card played and the objections on it, `[card, seat]` bottom
//! first, with `base` what the bottom card does (`play gallop 4`, `reroll horse`); `known[s]`
//! the cards a player knows seat `s` holds. The piles are multisets (a draw takes a random card
//! of the pile named), so they are written in card order. `listed` and `answer` keep the last
//! window's state until the next opens. Reading refuses, with the field and why: cards that do
//! not add up to the edition's deck (hands, piles, discard and stack), an unknown card, a horse
//! past the finish or placed off it, a ladder with gaps, betting chips that do not add up, known
//! cards the seat does not hold, a card window without a card, `over` without three horses in,
//! a wrong number of players, horses or fields, unknown keys.
//!
//! # End reasons and the action space
//! `Game::end_reason` of a finished game has one code, `third-horse-finished` (KK-50), and a
//! text with the winners' ladder (`1st 3 Blitz, …`) and the richest seat after the bets are
//! paid. `Game::action_space` lists every action with every target: abilities, the second
//! chance, reactions, sprint order and `decline`, the 3's card (`steal`, the piles), each
//! action card on each horse or seat, Inspector's take of each kind, buying, betting (each
//! horse with each amount from 1 € to the edition's most), each pair of kinds to discard (two
//! of a kind too) and the draw piles — 449 actions at 4 seats with the default edition.
//!
//! # Bots
//!
//! [`HeuristicBot`] estimates each horse's chance of each place with quick race simulations,
//! buys and bets by expected value, plays cards that help its bets and horses, and reacts when
//! it pays. A bet's expected gain is linear in its stake, so it bets the most it may or nothing;
//! it moves a sprint-bar horse only when that does not lower its value relative to the others
//! (it declines a move that helps their bets more than its own, and keeps Eisenherz at the
//! start, where its ability pays), and it always takes the 3's card (a card in hand is worth
//! about 2 € to it, and nothing in its model makes one worse). Against three random players it won 98.0 % of 2,000 4-player games under rules 2
//! (93.3 % under rules 1; see the catalog docs for the command). [`playout_policy`] is the cheap rule of thumb for search
//! playouts, [`evaluation`] scores a playout cut off before the end (32 dice-only races to the
//! third finish, bets settled). The catalog's `ismcts:1000` cuts playouts off after 20 actions
//! and gives forced moves (most reaction answers) no tree node; against three `heuristic` it
//! won 139.33 of 400 4-player games (34.8 %, 95 % interval 30.3–39.6 %, par 25 %; `spieltisch
//! arena --game kopf-an-kopf --players 4 --bot ismcts:1000 --bot heuristic --bot heuristic
//! --bot heuristic --games 400 --seed 2026`, 2026-12-02).
//!
//! # Speed
//!
//! The state is fixed arrays (hands and piles are card counts, horse sets bits; the edition
//! is copied into a small `Copy` table, and the config shares the edition behind an `Arc`), so
//! `legal_actions`, `apply` and `determinize` allocate nothing and a new game copies no names.
//! A random 4-player game takes about 580 actions (81 turns), two thirds of them answers in
//! reaction windows; one core plays about 22,000 of them a second and samples a world in a
//! 4-player race in about 1.2 µs (`cargo bench -p kopf-an-kopf`, 2026-12-02, a quiet moment of
//! a shared machine; `cargo run --release -p kopf-an-kopf --example kk_speed -- 20000 4`
//! counts CPU time and says about 27,000). What made it fast: a card kind is one byte that is
//! its own index (a horse's index is an enum of ten values), a reaction window keeps the set
//! of seats still to answer, apply checks an action directly instead of listing the step, and
//! the action step's list builds its horse masks without branches. That list (every card
//! target and every pair of cards to discard) is still about a quarter of the time.
//!
//! Rules 2 made random games longer and the action step's list longer: about 670 actions (98
//! turns) a random 4-player game, as random players leave sprint-bar horses and 3's cards half
//! the time, and 50 bets (10 horses × 1–5 €) where rules 1 had 10. Measured side by side with
//! the rules-1 build on a busy machine (2026-12-03, load average 7–8): `cargo bench` 7,000–7,500
//! games a second against 9,400–11,300, `kk_speed` 13,600–15,300 against 16,600–20,600 (CPU
//! time), so per action about 10–15 % slower; sampling a world is unchanged (2.4–2.5 µs both).

mod action;
mod action_space;
mod bot;
mod card;
mod config;
mod determinize;
mod edition;
mod end_reason;
mod event;
mod flow;
mod game;
mod horse;
mod observation;
mod play;
mod playout;
mod position;
mod position_text;
mod roll_effect;
mod rules;
mod settle;
mod state;
mod view;

pub use action::{Action, Play};
pub use bot::HeuristicBot;
pub use card::{CardKind, Cards, KIND_COUNT, KINDS};
pub use config::Config;
pub use edition::{AbilityKind, AbilitySpec, CardCounts, EDITION_TOML, Edition, HorseCard};
pub use event::{BetKind, Event, Why};
pub use horse::{Die, HORSES, Horse, HorseSet};
pub use playout::{evaluation, playout_policy};
pub use rules::Ability;
pub use settle::Settlement;
pub use state::KopfAnKopf;
pub use view::{BetView, CardInfo, DiceView, HorseView, Known, PlayerView, StackCard, View, WindowView};
