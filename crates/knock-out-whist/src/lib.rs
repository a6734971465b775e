//! Knock-Out Whist for spieltisch: an elimination trick-taking game for 2 to 7 players. Every
//! round each player needs one trick to stay in; the hands shrink from 7 cards to 1; the last
//! player in (or the first to win every trick of a round) wins. The rules are
//! `rules/knock-out-whist.md` (ids KW-1 … KW-43), every one named by a test.
//!
//! ```
//! use engine::{Game, Match, Seat};
//! use knock_out_whist::{Action, Config, KnockOutWhist, PhaseView};
//!
//! let mut m = Match::<KnockOutWhist>::new(&Config::default(), 4, 42).unwrap();
//! let view = m.state().view(Some(Seat::at(1)));
//! // Round 1: 7 cards each, the turned card gives trump, the player left of the dealer leads.
//! assert_eq!((view.round, view.cards_per_hand, view.phase), (1, 7, PhaseView::Play));
//! assert_eq!(view.trump, view.turned.map(|card| card.suit()));
//! assert_eq!(view.hand.unwrap().len(), 7);
//! assert_eq!(view.to_act.first(), Some(Seat::at(1)));
//!
//! // Seat 1 leads its lowest card, in notation.
//! let lowest = view.hand.unwrap().iter().next().unwrap();
//! m.apply_notation(Seat::at(1), &format!("play {lowest}")).unwrap();
//! assert_eq!(m.state().view(None).trick.plays[0].card, Some(lowest));
//!
//! // Seat 2 must follow suit if it can (KW-11): its legal actions say which cards.
//! let mut legal = Vec::new();
//! m.state().legal_actions(Seat::at(2), &mut legal);
//! assert!(legal.iter().all(|a| matches!(a, Action::Play(_))));
//! ```
//!
//! # Notation
//!
//! A card is its rank and suit letter: ranks `2`…`9`, `T` (ten), `J`, `Q`, `K`, `A`; suits
//! `C` `D` `H` `S`: `QS`, `TH`, `2C`. Views, events and actions all print this form; input may
//! also write the ten as `10` (`10H`), use lower case, or suit symbols (`Q♠`).
//!
//! | action | meaning |
//! |---|---|
//! | `play QS` | play the queen of spades to the trick (plain `QS` is read too) |
//! | `hold` | on a mercy chance: sit this trick out, keeping the one card (KW-31) |
//! | `trump H` | the chooser names hearts as trump (KW-6); `trump hearts` is read too |
//! | `vote D` | a knocked-out player votes for diamonds (KW-42) |
//!
//! Dealing, turning the trump card and the cut among players tied for most tricks are chance:
//! they happen inside `start`/`apply` with the match's generator and appear as events (round
//! 1's deal and turned card among the match's opening events, [`engine::Match::opening_events`]).
//!
//! # The view (JSON)
//!
//! [`View`] is what one seat sees (`viewer: null` for a spectator, who gets `hand: null`). Cards
//! are strings (`"QS"`), suits letters (`"H"`), seats numbers, card lists in bitset order (clubs
//! 2…A, diamonds, hearts, spades). A seat in the middle of round 2, seat 3 to play:
//!
//! ```json
//! {
//!   "seats": 4, "viewer": 1, "phase": "play",
//!   "round": 2, "rounds": 7, "cards_per_hand": 6, "dealer": 2,
//!   "to_act": [3],
//!   "trump": "D", "trump_from": "chosen", "turned": null,
//!   "chooser": 0, "cut_among": [], "trump_options": [],
//!   "hand": ["9C", "TD", "QH", "QS", "AS"],
//!   "trick": {"leader": 0, "led": "C",
//!             "plays": [{"seat": 0, "card": "8C"}, {"seat": 1, "card": "4C"}, {"seat": 2, "card": "6C"}],
//!             "winner": 0},
//!   "tricks": [],
//!   "players": [
//!     {"seat": 0, "standing": "in", "out_round": null, "cards": 5, "tricks": 0, "mercy_used": false, "place": null},
//!     {"seat": 1, "standing": "in", "out_round": null, "cards": 5, "tricks": 0, "mercy_used": false, "place": null},
//!     {"seat": 2, "standing": "in", "out_round": null, "cards": 5, "tricks": 0, "mercy_used": false, "place": null},
//!     {"seat": 3, "standing": "in", "out_round": null, "cards": 6, "tricks": 0, "mercy_used": false, "place": null}
//!   ],
//!   "vote": null,
//!   "winner": null
//! }
//! ```
//!
//! - `phase`: `"choose-trump"` (the chooser, in `to_act`, names one of `trump_options`),
//!   `"vote"` (the voters still in `to_act` vote), `"play"`, `"over"`.
//! - `trump`: `null` while a choice or vote is pending and in a no-trump final. `trump_from`:
//!   `"turned"` (round 1, `turned` holds the face-up card), `"pending"`, `"chosen"`, `"voted"`,
//!   `"fixed"` (`fixed-trump`), `"no-trump"` (`no-trump-final`).
//! - `chooser`: who took the most tricks last round — chooses trump (not with `fixed-trump`)
//!   and leads (KW-6, KW-7, KW-40); `null` in round 1. `cut_among` lists the tied players when
//!   a cut picked them, else `[]`.
//! - `trick`: the trick being played; `plays` in order, `card: null` is a mercy hold; `winner` is
//!   who is winning it so far. `tricks`: the finished tricks of this round, same shape, `winner`
//!   final. `trick.plays` is `[]` before the lead (then `leader` is who leads).
//! - `players[i]`: `standing` `"in"`, `"mercy"` (on the mercy chance: one card, may hold) or
//!   `"out"` with `out_round`; `cards` in hand; `tricks` won this round; `place` once over.
//! - `vote` (only with `knocked-out-vote`, in a round that has voters, else `null`):
//!   `{"voters": [1, 3], "voted": [3], "mine": "D" | null, "votes": null, "leading": []}`;
//!   once all have voted `votes` is `[{"seat": 1, "suit": "H"}, …]` and `leading` the suits with
//!   the most votes (one: it is trump; several: the chooser picks among them).
//!
//! A view never holds another seat's hand, the undealt deck, or another voter's pending vote.
//!
//! # Events
//!
//! [`Event`]s carry a `type` tag (`dealt`, `trump-turned`, `trump-kept`, `no-trump`,
//! `most-tricks`, `vote-opened`, `voted`, `vote-resolved`, `trump-chosen`, `played`, `held`,
//! `trick-won`, `back-in`, `mercy`, `knocked-out`, `sweep`, `game-over`) and a one-line
//! `Display` (`seat 2 wins trick 3 with QS`). Redaction: `dealt` shows each seat only its own
//! `hand`; `voted` shows the suit only to the voter (the `vote-resolved` event reveals all).
//!
//! Every round opens the same way: `dealt`, then round 1's `trump-turned`, or in later rounds
//! `most-tricks` (the KW-6 player, after a cut if tied) and the trump's events. Round 1's come
//! from [`Game::start`](engine::Game::start), which hosts keep as the match's opening events:
//!
//! ```
//! use engine::{Match, Seat};
//! use knock_out_whist::{Config, Event, KnockOutWhist};
//!
//! let m = Match::<KnockOutWhist>::new(&Config::default(), 3, 7).unwrap();
//! let seen: Vec<Event> = m.opening_events().for_viewer(Some(Seat::at(2))).collect();
//! assert!(matches!(&seen[0], Event::Dealt { round: 1, hand: Some(hand), .. } if hand.len() == 7));
//! assert!(matches!(seen[1], Event::TrumpTurned { .. }));
//! ```
//!
//! # Decisions where the rules leave room
//!
//! - **Mercy players and the deal/lead.** A player on a mercy chance is not knocked out
//!   (KW-30), so the deal reaches them like anyone in (KW-4); as the dealer they get their one
//!   card last in the first pass. They never lead a round: later rounds are led by the player
//!   with the most tricks (KW-7, KW-40), and a mercy player took none. They act in clockwise
//!   turn order in every trick while holding their card.
//! - **Holding.** A mercy player may hold even when they hold the led suit (KW-31: following
//!   applies only if they play); a hold reveals nothing (it sets no void).
//! - **No mercy in the last round.** A player with no trick in the 1-card round is knocked out
//!   even if their mercy chance is unused: no round follows, so the game ends by the last round
//!   (KW-22).
//! - **One player in.** A round that is not a sweep has at least two trick winners, and trick
//!   winners are in, so the game never has one player in against players on a mercy chance; it
//!   ends when one player is in and nobody is on a mercy chance.
//! - **A back-in player can choose trump.** Their one trick counts for KW-6 like anyone's.
//! - **Sweep.** A sweep is one player winning every trick of the round (KW-21, KW-33): the
//!   tricks a mercy player held in or lost count like any other, and a trick their card won
//!   leaves nobody with every trick. In the 1-card round the trick's winner is simply the
//!   last player in (no `sweep` event); the outcome is the same. Everyone else in the round is
//!   knocked out in the sweep round and shares the place below the winner.
//! - **Voting.** Voters are the players knocked out for good before the round (mercy players
//!   play, they do not vote). Votes are simultaneous and secret; the KW-6 chooser (after a cut if
//!   needed) still leads and breaks a tie among the leading suits. There is no vote in a
//!   no-trump final.
//! - **`fixed-trump` with `knocked-out-vote`** is refused at setup: with a fixed trump there is
//!   nothing to vote on.
//! - **`fixed-trump`** only takes the choice away (KW-40): the player with the most tricks last
//!   round still leads, a tie cut at random as for KW-6, logged as `most-tricks` and shown as
//!   the view's `chooser`.
//! - **`no-trump-final`**: nobody chooses trump in the 1-card round; the KW-6 player still leads
//!   it (with `fixed-trump` too).
//! - **Scores** in the [`engine::Outcome`] are rounds survived (the winner: the round the game
//!   ended in; a player out in round `r`: `r − 1`), which gives the KW-23 places.
//! - **Deck.** Every round is dealt from a freshly shuffled full deck; round 1's turned card is
//!   public and stays in the undealt deck. A mercy player's one card comes in the first pass of
//!   the deal.
//! - **Trump choice.** The chooser may name any suit, held or not. Only last round's tricks
//!   count for KW-6; the cut is drawn when the round ends, after the new deal.
//!
//! # The observation tensor
//! `Game::observe` writes what one seat knows as `136 + 127 × seats` numbers (`Game::
//! observation_shape`: 390 at 2 seats, 1,025 at 7), for learning code (the Python package's
//! `observation_tensor`). Everything in it is in the seat's view, so it is the same in every
//! world `determinize` samples for the seat (the conformance suite checks it). Cards are in
//! bitset order (clubs 2…A, diamonds, hearts, spades: `2C` = 0, `AS` = 51), suits C D H S,
//! counts are divided by the start cards. In order:
//!
//! | values | what |
//! |---|---|
//! | 52 | the seat's own hand |
//! | 52 | round 1's turned card (one-hot; zeros later) |
//! | 4 | trump (one-hot; zeros while pending or without trump) |
//! | 6 | how the trump came about: turned, pending, chosen, voted, fixed, no-trump |
//! | 4 | the suit led in the current trick |
//! | 4 | the phase: choose trump, vote, play, over |
//! | 4 | the suits the chooser may name now |
//! | 4 | the seat's own vote, once cast (KW-42) |
//! | 4 | the suits leading the vote, once every vote is in |
//! | 2 | the round, and the cards a full hand holds this round (both ÷ start cards) |
//! | 127 × seats | per seat, the observing seat first, then clockwise: |
//! | ↳ 52 | the cards it played this round |
//! | ↳ 52 | its card in the current trick (one-hot) |
//! | ↳ 3 | in, on a mercy chance, out |
//! | ↳ 3 | the round it went out in, its cards in hand, its tricks this round (÷ start cards) |
//! | ↳ 4 | flags: mercy chance used, dealer, trump chooser, among those cut for chooser |
//! | ↳ 1 | to act now |
//! | ↳ 4 | the suits it has shown out of this round |
//! | ↳ 2 | votes this round; has voted (never how, until all have) |
//! | ↳ 2 | leads the current trick; is winning it |
//! | ↳ 4 | its vote, once every vote is in |
//!
//! # Position notation
//! `Game::position` writes, and `Game::from_position` reads (checked), the whole game as a
//! referee sees it (the protocol's `position` / `setup`), one line of `;`-separated fields:
//!
//! ```text
//! round 2 dealer 1; phase play; turn 2; status in in out:1 in; mercy-used -; trump H chosen; turned -; chooser 2 tied 0,2; hands 3C,KD,… - - 4S,…; tricks 1 0 0 0; done 2:2=AH,3=4H,0=9H; trick 0:0=KC; votes -
//! ```
//!
//! | field | meaning |
//! |---|---|
//! | `round R dealer S` | the round (from 1) and its dealer |
//! | `phase play` / `choose-trump SUITS` / `vote` / `over WINNER` | what the game waits for (`SUITS`: the trump options, e.g. `CDHS`) |
//! | `turn S` | whose turn it is in the play (or the chooser) |
//! | `status …` | per seat `in`, `mercy` (on a mercy chance) or `out:R` (knocked out in round `R`) |
//! | `mercy-used SEATS` | seats that have had their mercy chance (`0,3`, `-` for none) |
//! | `trump SUIT\|- FROM` | the trump and how it came about: `turned`, `pending`, `chosen`, `voted`, `fixed`, `no-trump` |
//! | `turned CARD\|-` | round 1's turned card |
//! | `chooser S\|- tied SEATS` | the KW-6 chooser and who tied for most tricks before the cut |
//! | `hands …` | per seat, the cards held (`,`-joined, `-` for none) |
//! | `tricks …` | per seat, tricks won this round |
//! | `done …` | this round's finished tricks, `LEADER:SEAT=CARD,SEAT=hold,…` each (`-` for none) |
//! | `trick LEADER:PLAYS` | the trick being played (`LEADER:-` when empty); once over, the last trick |
//! | `votes SEAT=SUIT\|-,… revealed\|secret` / `votes -` | the KW-42 vote of this round |
//!
//! The undealt deck, the cards played this round, the suits each seat showed out of and who
//! takes part in the trick follow from these and are worked out on reading. Reading refuses
//! positions the rules cannot reach: a card in two places (hands, tricks, the turned card), a
//! hand that does not fit the round and the seat's status and plays, tricks won that the
//! finished tricks do not give, a turned card outside round 1, a choice or vote after the first
//! trick, a vote without `knocked-out-vote` or by others than the knocked-out, a hand holding a
//! suit its seat showed out of this round (KW-11), a seat to play
//! that is not in the trick or has played to it. Fields may come in any order.
//!
//! # End reasons
//! `Game::end_reason` names how the game ended: `sweep` (KW-21, every trick of a round) or
//! `last-round` (KW-22, the only trick of the 1-card round). `last-player-standing` (KW-22) is
//! the fallback for any other end; the current rules have none (without a sweep, everyone who
//! won a trick stays in, so at least two are left before the 1-card round).
//!
//! # Bots and positions
//!
//! [`HeuristicBot`] plays from its information set alone (view and legal actions): it counts the
//! unseen cards and the voids players have shown, estimates the chance that a card holds a trick,
//! takes its one trick as cheaply as it can, keeps tricks from players who still need one once it
//! is safe, and names its longest, strongest suit as trump. Against three random bots it wins
//! about 63 % of 4-player games (random: 25 %):
//! `cargo run --release -p knock-out-whist --example kw_duel -- 20000 4`.
//!
//! For searches, [`playout_policy`] is a cheap rule of thumb that decides on a sampled world,
//! and [`evaluation`] scores a world without playing out the rounds after the one in progress:
//! it finishes that round with the policy, keeps the places already decided and favours the
//! next round's trump chooser and disfavours a seat on its mercy chance by how often such seats
//! finished ahead in games of heuristic players, by the seats left and the cards
//! (`--example kw_outlook`; the catalog's `ismcts` uses it: as strong as playing to the end, at
//! a third of the time).
//!
//! [`Position`] and [`KnockOutWhist::from_position`] set up a round dealt by hand — for tests,
//! puzzles and analysis.
//!
//! # Speed
//!
//! Hands are `u64` bitsets, tricks fixed arrays; `legal_actions`, `apply` and `determinize`
//! allocate nothing (events are built only when the log is on). One core plays about 250,000
//! random 4-player games per CPU second and samples about 7 million worlds per second in a
//! 4-player middle game (`cargo run --release -p knock-out-whist --example kw_speed`); in the
//! hardest 7-player positions, with four or more different voids shown, a sample takes 1–2 µs
//! (`cargo bench -p knock-out-whist`).
//!
//! # Sampled worlds
//!
//! [`determinize`](engine::Game::determinize) resamples the other hands and the undealt deck
//! uniformly over the deals consistent with what the observer knows: the hand sizes, the cards
//! played, and every void a player showed by not following suit. Because voids constrain whole
//! suits, a small dynamic programme over the per-suit counts of the constrained hands makes
//! this exact, with no rejection and no bias however many players have shown out.
//!
//! Choices say more than voids. [`surprises`](engine::Game::surprises) replays the round in a
//! sampled world from its first card, with that world's hands, and counts the choices of the
//! other players that a model (a bot, typically [`HeuristicBot`]) would have made differently:
//! the trump choice (KW-6; not after a knocked-out vote, whose tied options are not kept) and
//! every card played or held. A search that keeps the worlds with no surprise samples by
//! belief (`ismcts`' `belief=N`): a player who named hearts holds many hearts, and one who
//! followed with a small card holds no smaller one. A player dealt one card into a longer round
//! is taken to have been on a mercy chance (KW-31).

mod action;
mod action_space;
mod bot;
mod card;
mod cardset;
mod config;
mod determinize;
mod end_reason;
mod evaluation;
mod event;
mod explain;
mod game;
mod observation;
mod play;
mod playout;
mod position;
mod position_text;
mod ranking;
mod round;
mod state;
mod suit;
mod trick;
mod uniform_deal;
mod view;
mod vote;

pub use action::Action;
pub use bot::HeuristicBot;
pub use card::{Card, CardParseError, Rank};
pub use cardset::{CardSet, CardSetIter};
pub use config::Config;
pub use evaluation::evaluation;
pub use event::{Event, SeatVote};
pub use playout::playout_policy;
pub use position::{Position, Start};
pub use state::{KnockOutWhist, TrumpFrom};
pub use suit::{Suit, SuitSet};
pub use trick::{Play, Trick, beats};
pub use view::{PhaseView, PlayerView, Standing, TrickView, View, VoteView};
