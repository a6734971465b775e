//! Schotten-Totten (Reiner Knizia, 1999) for spieltisch: the rules ST-1 … ST-32 of
//! `shared/rules/schotten-totten.md`, its notation, views, events and a heuristic bot.
//!
//! ```
//! use engine::{Game, Match, Seat};
//! use schotten_totten::{Config, PhaseView, SchottenTotten};
//!
//! let mut m = Match::<SchottenTotten>::new(&Config::default(), 2, 42).unwrap();
//! let me = Seat::at(0);
//! let view = m.state().view(Some(me));
//! let card = view.hand.unwrap().first().unwrap();
//! // Play the first card of the hand on stone 3; the pile's top card is drawn at once.
//! let events = m.apply_notation(me, &format!("play {card} 3")).unwrap();
//! assert_eq!(events[0].to_string(), format!("seat 0 played {card} on stone 3"));
//! let after = m.state().view(None);
//! assert_eq!(after.stones[2].sides[0].as_slice(), &[card]);
//! assert_eq!((after.pile, after.active, after.phase), (41, Some(Seat::at(1)), PhaseView::Play));
//! // Seat 1 sees that seat 0 drew, not what.
//! let seen: Vec<String> = m.last_events().for_viewer(Some(Seat::at(1))).map(|e| e.to_string()).collect();
//! assert_eq!(seen[1], "seat 0 drew a card");
//! assert!(m.apply_notation(me, "pass").is_err()); // not seat 0's turn
//! ```
//!
//! # Notation
//! A card is a colour letter and a value: `r` red, `b` blue, `g` green, `y` yellow, `p` purple,
//! `n` brown (b is taken by blue; n as in brow*n*) — `r7`, `n3`. Values 1–9 (10 is reserved for
//! Battle Line). Stones are numbered 1–9 from left to right. Cards print this way everywhere:
//! notation, views, events and logs. Actions (read case-insensitively, printed in lower case):
//!
//! | action | meaning |
//! |---|---|
//! | `play r7 3` | put the red 7 from hand on your side of stone 3 |
//! | `claim 4` | claim stone 4 (only claims that succeed are legal, ST-25) |
//! | `pass` | you cannot play a card (ST-7): skip the play step; in a final claim turn (ST-31): end your claims |
//! | `done` | `claim-after-play` only: end the claim step and draw |
//!
//! # Turn model
//! Default timing (ST-5): the active seat's legal actions are its successful claims and its
//! plays (or `pass` when no card can be played). Claims keep the turn; the play or pass ends it
//! and the top card of the pile is drawn automatically (ST-8: nothing when it is empty).
//! With `claim-after-play` (ST-6) the seat first plays or passes; if it then has a successful
//! claim, it gets a claim step (claims and `done`), otherwise it draws at once. The claim step
//! also ends by itself once no claim is left.
//!
//! Once neither seat can play a card, the claims still pending are made in up to two *final
//! claim turns* (ST-31, both timings): first the seat whose turn comes next, then the other.
//! Their legal actions are their successful claims and `pass`; claims keep the turn, a claim
//! that meets ST-30 wins at once, and the turn ends with `pass` or by itself once no claim is
//! left. A seat with no claim to make is skipped (it could only pass, and the other seat's
//! claims never give it one: they move no card). After both turns — at once if neither seat
//! has a claim — the rest is settled (see *Decisions*). So a game always ends: at most two
//! final claim turns of at most nine claims each.
//!
//! # View JSON
//! `view(Some(seat))` and `view(None)` (a spectator, who gets `"hand": null`) serialise as:
//! ```json
//! {
//!   "viewer": 0,
//!   "hand": ["r7", "b3", "b4", "y9", "p1", "n6"],
//!   "hand_sizes": [6, 6],
//!   "revealed": [["y9"], []],
//!   "pile": 36,
//!   "stones": [
//!     {"number": 1, "sides": [["b7", "b8", "b9"], ["y7", "y8"]], "first": 0, "owner": 0,
//!      "formations": [{"class": "colour-run", "sum": 24}, null]},
//!     {"number": 2, "sides": [[], ["r1"]], "first": null, "owner": null, "formations": [null, null]}
//!   ],
//!   "active": 1,
//!   "phase": "play",
//!   "final_claim_turns": null,
//!   "game": 1,
//!   "games": 1,
//!   "starting_seat": 0,
//!   "scores": [0, 0],
//!   "last_action": {"seat": 0, "action": "claim 1"},
//!   "previous_game": null
//! }
//! ```
//! - `stones` always has nine entries (stone 1 first); `sides[i]` is seat `i`'s cards in play
//!   order; `first` is who completed their side first (the tie-break); `owner` who claimed it;
//!   `formations[i]` is set once side `i` is complete: `class` is one of `colour-run`,
//!   `of-a-kind`, `colour`, `run`, `sum` (strongest first).
//! - `revealed[i]`: cards seat `i` has shown in proofs and still holds (public knowledge).
//! - `phase`: `play` (play or pass; claims too in the default timing), `claim` (the claim step
//!   of `claim-after-play`), `final-claims` (nobody can play a card: claim or pass, ST-31) or
//!   `over`; `active` is `null` once the match is over. `final_claim_turns` is the number of
//!   final claim turns left in `final-claims`, this one included (2, then 1), and `null` in
//!   every other phase.
//! - `previous_game`: `null`, or how the last finished game of the match ended:
//!   `{"game": 1, "winner": 0, "reason": "three-adjacent", "points": [5, 0], "stones": [...]}`
//!   with `reason` one of `three-adjacent`, `five-stones`, `most-stones` (both seats met ST-30
//!   at the settlement, see *Decisions*) and `stones` shaped as above. When the match is over, `stones` is the final table as well.
//!
//! Nobody ever sees the opponent's hand (beyond `revealed`) or the order of the pile.
//!
//! # Events
//! Serialised with a `type` tag: `played {seat, card, stone}`, `claimed {seat, stone, revealed}`,
//! `drew {seat, card}` (`card` is `null` for everyone but the drawer), `passed {seat}` (also
//! the end of a final claim turn),
//! `done {seat}`, `awarded {seat, stone}` (ST-31), `game-won {seat, game, reason, points,
//! scores}`, `game-started {game, starting_seat}`, `match-over {scores, winner}`. Each prints
//! a line such as `seat 0 played r7 on stone 3` or `seat 1 claimed stone 4, showing y9`.
//!
//! # Decisions where the rules leave room
//! - **Proof reveals (ST-23)**: the engine picks the smallest set of hand cards that proves
//!   the claim, the first in canonical card order among equally small sets. Cards shown in an
//!   earlier proof are still known to be in the hand and need not be shown again. With
//!   `table-proof` (ST-24) nothing is shown: only cards on the table count, the claimant's hand
//!   (shown or not) is ignored. Cards one seat has shown stay available to that seat when the
//!   *other* seat proves a claim.
//! - **Claim against a complete side (ST-21)** is legal only if the claimant's side wins.
//! - **Passing (ST-7)** still draws, so a seat without room may hold more than 6 cards.
//! - **End of play (ST-31)** is checked whenever the turn passes. "No claim is pending" is read as:
//!   each seat has had its final claim turn (see *Turn model*), so the settlement never takes a claim
//!   from a seat whose turn it would be — claims are made in turn order and the first to meet ST-30
//!   wins. Then every stone with two complete sides goes to the stronger one (ST-21), and a stone
//!   with one incomplete side goes to the complete side: the incomplete side's owner has room there,
//!   so it holds no card, and the pile is empty, so that side can never be completed. The rules'
//!   "this cannot stall: all 54 cards fill all 54 slots" is wrong once a stone was claimed early: its
//!   empty slots stay empty, the 54 cards no longer fit, and play ends with incomplete sides — hence
//!   this rule. Then ST-30 decides. After the settlement every stone is owned (one seat has no room,
//!   so its side of every open stone is complete), so one seat owns five or more. If the other meets
//!   ST-30 too (three adjacent), the seat with more stones wins, reason `most-stones`. That tie-break
//!   stays reachable, but only when a seat passes up a claim in its final claim turn (e.g. both seats
//!   passing in the review's position: five stones against 1-2-3). Equal counts cannot happen with
//!   nine owned stones (the code would give such a game to the seat that did not start).
//! - **Match play (ST-32)**: `match-games` games are dealt in a row; the **loser of a game starts the
//!   next**. The winner scores 5, the loser 0 (the seed). With the switch `iello-scoring` the winner
//!   scores 5 (as in the seed) and the loser 1 per stone they own at the end of the game (at most 4,
//!   so the winner always scores more). The match outcome ranks by total points; equal totals share
//!   first place. The next game is dealt at once: the view then shows the new deal with `last_action`
//!   null, and `previous_game` keeps the final table.
//! - **Layouts** ([`Layout`]) are taken as they are: a position that already meets ST-30 ends
//!   with the next claim, not before.
//! - `starting-seat` picks who starts the first game (ST-4; the server may randomise it).
//! - **Rules version** 2 (records carry it): version 1 ended play without the final claim
//!   turns and named the scoring variant `scoring=seed|iello`; its records do not replay.
//!
//! # Positions
//! `Game::position` writes, and `Game::from_position` reads (checked), the whole match as a
//! referee sees it, in one line of `;`-separated fields (the protocol's `position` / `setup`):
//!
//! ```text
//! turn 0 play; hands r2,r3,r4,g5,y6,n9 b1,b2,b3,b4,b5,b6; revealed - y9; stones b7,b8,b9.y7,y8^0@0 -.r1 -.- -.- -.- -.- -.- -.- -.-; pile n2,y4,…; game 1 start 0; scores 0 0; last 0 claim 1; previous -
//! ```
//!
//! | field | meaning |
//! |---|---|
//! | `turn S play` / `turn S claim` / `turn S final-claims N` / `over` | whose turn and its step (`N`: final claim turns left, this one included) |
//! | `hands A B` | seat 0's and seat 1's hands (cards joined by `,`; `-` for none) |
//! | `revealed A B` | the hand cards each seat has shown in proofs |
//! | `stones …` | nine stones, `SIDE0.SIDE1` (cards in play order), then `^S` who completed a side first, `@S` the owner |
//! | `pile …` | the draw pile, the top card (drawn next) first |
//! | `game G start S` | the game of the match being played and who started it |
//! | `scores A B` | match points |
//! | `last S ACTION` / `last -` | the last action, as the view shows it |
//! | `previous G W REASON A B settled\|claimed STONES…` / `previous -` | the last finished game: number, winner, `three-adjacent`/`five-stones`/`most-stones`, points, whether it ended in the settlement, its final nine stones |
//!
//! Reading refuses positions the rules cannot reach: the hands, stones and pile must hold the
//! 54 cards once each; revealed cards must be in the hand; sides hold at most 3 cards, `^S` is
//! set exactly when a side is complete and names a complete side, an owner's side is complete;
//! neither seat meets ST-30 while the game goes on; while the pile lasts a seat with room holds
//! 6 cards (5 in its claim step); final claim turns only once nobody can play; game numbers,
//! starting seats and scores follow ST-32. Fields may come in any order.
//!
//! # End reasons
//! `Game::end_reason` of a finished match names how its last game was won: `three-adjacent-stones`
//! or `five-stones` (a claim met ST-30) or `settlement` (nobody could play a card any more and the
//! ST-31 settlement decided).
//!
//! # Bots, positions and proofs
//! [`HeuristicBot`] (registered as `heuristic`) decides from its information set alone: it
//! claims whatever it can, and otherwise plays the card and stone that most raise a forecast of
//! its chances at every stone (see its docs). A decision takes some tens of microseconds; it
//! wins 99.8 % of games against `random` (`spieltisch arena --game schotten-totten --bot
//! heuristic --bot random --games 2000 --seed 1`) and about a third against the standard
//! `ismcts:1000` (see the `catalog` crate). [`playout_policy`] is a far cheaper rule of thumb
//! for search playouts.
//! [`Layout`] sets up any position (tests, puzzles, analysis); [`proof`] is the exact proof
//! check by bit masks, with a brute-force reference.
//!
//! Claims are kept between actions: a proven claim stays proven (proofs only get easier as
//! cards are placed and drawn), and a failing one keeps the cards of a completion that beats
//! it, so it is only worked out again once one of those cards is out of the opponent's reach.
//! Listing legal actions therefore needs no proof at all.
//!
//! Speed: `cargo bench -p schotten-totten` (criterion: random games, proof checks, heuristic
//! decisions) and `cargo run --release -p schotten-totten --example st_speed`, which counts random
//! games per CPU second of its own thread, so a busy machine distorts it less. On the 2-core
//! machine, quiet (2026-11-29, criterion): 105,000 random games of about 59 actions a second
//! (claim-after-play 102,000, table-proof 112,000), 41 million proof checks a second, a
//! heuristic decision in 26 µs. Listing legal actions, applying an action and keeping the claims up to date allocate nothing.
//!
//! # Not implemented yet
//! The tactic-card variant `tactics` and the Battle Line mode `battle-line` (ST-3):
//! - ST-40 the second, tactic pile, 7-card hands and the choice of pile to draw from;
//! - ST-41 playing tactic cards (at most one more than the opponent) and passing with only
//!   tactic cards;
//! - ST-42 elite troops (Jokers, Spy, Shield-bearer) fixed at resolution;
//! - ST-43 Blind-man's bluff and ST-44 Mud fight (4-card sides);
//! - ST-45 the ruses (Recruiter, Strategist, Banshee, Traitor) and the discard pile;
//! - ST-46 proofs that ignore tactic cards not yet played;
//! - ST-50 Battle Line: 60 cards 1–10, 7-card hands, its own tactic names.
//!
//! A config naming `tactics` or `battle-line` is refused. The types are ready for them: card
//! values go up to 10 and a [`CardSet`] has room for the tactic cards (indices 60–69),
//! [`CardKind`] is where tactic cards join the clan cards, a [`Side`] holds up to 4 cards for
//! Mud, [`StoneState::capacity`] is the one place a side's size is decided, and the proof check
//! and formations work for any side size.

mod action;
mod action_space;
mod bot;
mod card;
mod card_set;
mod claims;
mod config;
mod end_reason;
mod ending;
mod event;
mod formation;
mod game;
mod layout;
pub mod notation;
mod outlook;
mod pile;
mod playout;
mod position;
pub mod proof;
mod state;
mod stone;
mod view;

pub use action::Action;
pub use bot::{HeuristicBot, Tuning};
pub use card::{CARD_SLOTS, Card, CardError, CardKind, Colour, MAX_VALUE};
pub use card_set::{CardSet, CardSetIter};
pub use config::{Config, MAX_MATCH_GAMES, VARIANTS};
pub use event::{Event, WinReason};
pub use formation::{Class, Formation};
pub use layout::Layout;
pub use playout::playout_policy;
pub use state::{HAND_SIZE, SchottenTotten, WIN_POINTS};
pub use stone::{MAX_SIDE, SIDE_CAPACITY, STONES, Side, Stone, StoneState};
pub use view::{FinishedGameView, LastAction, PhaseView, StoneView, View};
