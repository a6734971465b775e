//! Schotten-Totten (Reiner Knizia, 1999) for spieltisch: the rules ST-1 … ST-50 of
//! `shared/rules/schotten-totten.md` (rules 3) — the base game, the tactic cards (`tactics`,
//! ST-40 … ST-46) and the Battle Line mode (`battle-line`, ST-50) — its notation, views, events
//! and a heuristic bot.
//!
//! Four [presets](PRESETS) name the ways to play a lobby offers as one choice (ST-3):
//! Schotten-Totten, Schotten-Totten with tactics, **Battle Line** (the game sold under that
//! name: `battle-line` *with* `tactics`) and Battle Line, troops only (`battle-line` alone).
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
//! With tactic cards (ST-40) a turn ends with the choice of pile, and ruses are steps of the
//! same seat's turn:
//! ```
//! use engine::{Game, Match, Seat};
//! use schotten_totten::{Config, PhaseView, SchottenTotten};
//!
//! let config = Config { tactics: true, ..Config::default() };
//! let mut m = Match::<SchottenTotten>::new(&config, 2, 42).unwrap();
//! let me = Seat::at(0);
//! let card = m.state().view(Some(me)).hand.unwrap().first().unwrap();
//! m.apply_notation(me, &format!("play {card} 3")).unwrap();
//! assert_eq!(m.state().view(None).phase, PhaseView::Draw);
//! m.apply_notation(me, "draw tactic").unwrap();
//! // Everyone learns which pile it was, only seat 0 which card.
//! assert_eq!(m.last_events().for_viewer(Some(Seat::at(1))).next().unwrap().to_string(), "seat 0 drew a tactic card");
//! assert_eq!(m.state().view(Some(Seat::at(1))).hand_tactics, [1, 0]);
//! ```
//!
//! # Notation
//! A card is a colour letter and a value: `r` red, `b` blue, `g` green, `y` yellow, `p` purple,
//! `n` brown (b is taken by blue; n as in brow*n*) — `r7`, `n3`. Values 1–9 (1–10 in Battle
//! Line: `r10`). Tactic cards are words, the same in both modes ([`Tactic::code`]); Battle Line's
//! names are read too and shown by the renderers ([`Tactic::title`]):
//!
//! | card | Schotten-Totten | Battle Line (also read) |
//! |---|---|---|
//! | `joker1`, `joker2` | Joker: any colour and value | Leader (`leader1`, `leader2`) |
//! | `spy` | Spy: a 7 of any colour | Companion Cavalry, an 8 (`cavalry`) |
//! | `shield` | Shield-bearer: a 1, 2 or 3 of any colour | Shield Bearers |
//! | `bluff` | Blind-man's bluff: only the sum counts at its stone | Fog (`fog`) |
//! | `mud` | Mud fight: four cards a side at its stone | Mud |
//! | `recruiter` | Recruiter: draw 3, put 2 back under their piles | Scout (`scout`) |
//! | `strategist` | Strategist: move or discard one of your cards | Redeploy (`redeploy`) |
//! | `banshee` | Banshee: discard one of the opponent's cards | Deserter (`deserter`) |
//! | `traitor` | Traitor: take one of the opponent's clan cards | Traitor |
//!
//! Stones are numbered 1–9 from left to right. Cards print this way everywhere: notation,
//! views, events and logs. Actions (read case-insensitively, printed in lower case):
//!
//! | action | meaning |
//! |---|---|
//! | `play r7 3` | put the red 7 from hand on your side of stone 3; also an elite troop (`play joker1 3`) or a combat mode laid on the stone (`play mud 3`). Holding both Jokers, `play joker2 3` is taken as `play joker1 3` and recorded so (`Game::canonical`) |
//! | `claim 4` | claim stone 4 (only claims that succeed are legal, ST-25) |
//! | `pass` | you cannot play a card (ST-7) — with tactics: you hold no clan card or have no room for one (ST-41): skip the play step; in a final claim turn (ST-31): end your claims |
//! | `done` | `claim-after-play` only: end the claim step and draw |
//! | `play recruiter` | play a ruse (`recruiter`, `strategist`, `banshee`, `traitor`); its steps follow |
//! | `draw clan`, `draw tactic` | tactics: end the turn drawing from that pile (ST-40); the Recruiter's draws |
//! | `return r7` | the Recruiter: put a hand card under its own pile |
//! | `move r7 5` | the Strategist (one of your cards) or the Traitor (one of the opponent's clan cards): move it from its stone to your side of stone 5 |
//! | `discard r7` | the Strategist (one of your cards) or the Banshee (one of the opponent's): discard it from its stone |
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
//! With tactics (ST-40 … ST-45) the play step may play a clan card or a tactic card: an elite
//! troop like a clan card, a combat mode on any unclaimed stone, or a ruse. A ruse is resolved
//! in steps that are the same seat's actions (`to_act` stays that seat, every step is a
//! `Turn`): the Recruiter draws three times (`draw clan`/`draw tactic`, by itself while at most
//! one pile has cards) and puts two cards back (`return …`, fewer if the hand runs out); the
//! Strategist, Banshee and Traitor take one `move`/`discard` step. A ruse is offered only when
//! it has a step to take. Then the turn goes on as after any play: the claim step of
//! `claim-after-play`, then the draw. While both piles have cards the draw is a step of its own
//! (`draw clan` or `draw tactic`); with one pile left it happens by itself; a seat holding 7
//! cards draws nothing (ST-40). Play ends (the final claim turns follow) once neither seat can
//! play a card nor change that by passing and drawing (ST-31), or after two passes in a row
//! that drew nothing.
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
//!   "tactic_pile": 8,
//!   "hand_tactics": [0, 1],
//!   "discard": ["recruiter"],
//!   "played_tactics": [["joker1"], ["recruiter"]],
//!   "tucked": [],
//!   "known": [],
//!   "recruit": null,
//!   "tactics": true,
//!   "battle_line": false,
//!   "stones": [
//!     {"number": 1, "sides": [["b7", "joker1", "b9"], ["y7", "y8"]], "first": 0, "owner": 0,
//!      "formations": [{"class": "colour-run", "sum": 24}, null], "modes": [], "capacity": 3,
//!      "resolved": [[{"card": "joker1", "as": "b8"}], []]},
//!     {"number": 2, "sides": [[], ["r1"]], "first": null, "owner": null, "formations": [null, null],
//!      "modes": ["mud"], "capacity": 4, "resolved": [[], []]}
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
//! - Tactics: `tactic_pile` counts the tactic pile; `hand_tactics[i]` the tactic cards in seat
//!   `i`'s hand (public: every draw names its pile); `discard` is the face-up discard pile;
//!   `played_tactics[i]` the tactic cards seat `i` has played this game (the count rule, ST-41,
//!   and the one-Joker rule, ST-42); `tucked` the cards the viewer put under a pile that are
//!   still there and `known` the cards of the opponent's hand the viewer knows because it put
//!   them back and the opponent drew them (both `[]` for spectators); `recruit` is
//!   `{"draws": 1, "returns": 2}` while a Recruiter is being resolved. A stone's `modes` are the
//!   combat modes on it, `capacity` the cards a complete side needs (4 under `mud`), `formations`
//!   count elite troops at their best, and `resolved[i]` says what side `i`'s elite troops were
//!   fixed to once the stone was claimed or awarded (ST-42). `tactics`/`battle_line` name the mode.
//! - `phase`: `play` (play or pass; claims too in the default timing), `claim` (the claim step
//!   of `claim-after-play`), `draw` (tactics: choose the pile), `recruit`, `strategist`,
//!   `banshee`, `traitor` (the steps of a ruse), `final-claims` (nobody can play a card: claim or
//!   pass, ST-31) or `over`; `active` is `null` once the match is over. `final_claim_turns` is
//!   the number of final claim turns left in `final-claims`, this one included (2, then 1), and
//!   `null` in every other phase.
//! - `previous_game`: `null`, or how the last finished game of the match ended:
//!   `{"game": 1, "winner": 0, "reason": "three-adjacent", "points": [5, 0], "stones": [...]}`
//!   with `reason` one of `three-adjacent`, `five-stones`, `most-stones` (both seats met ST-30
//!   at the settlement, see *Decisions*) and `stones` shaped as above. When the match is over, `stones` is the final table as well.
//!
//! Nobody ever sees the opponent's hand (beyond `revealed` and `known`) or the order of a pile.
//!
//! # The observation tensor
//! `Game::observe` writes what one seat knows as numbers (`Game::observation_shape`): 1,307
//! for the base game, 1,433 in Battle Line, 1,932 with tactics, 2,088 with both. It reads only
//! what the seat's own view shows, so it is the same in every world `determinize` samples for
//! the seat (the conformance suite checks it). In every pair the observing seat comes first. A
//! card set is one value per card of the game (`Config::cards`: the clan cards by colour and
//! value, then with tactics the ten tactic cards, in card-slot order, [`CARD_SLOTS`]), so a
//! game without tactics carries no value that is always zero. In order (*t*: with tactics
//! only):
//!
//! | values | what |
//! |---|---|
//! | cards | the seat's own hand |
//! | cards × 2 | hand cards each seat has shown in proofs (ST-23) |
//! | cards *t* | cards of the other hand the seat knows (put under a pile by it, then drawn, ST-45) |
//! | cards *t* | cards the seat put under a pile that are still there |
//! | cards *t* | the discard pile |
//! | cards × 2 *t* | the tactic cards each seat has played |
//! | 2 | cards in each hand (÷ hand size) |
//! | 1 | cards in the clan pile (÷ 60) |
//! | 1 *t* | cards in the tactic pile (÷ 10) |
//! | 2 *t* | tactic cards in each hand (÷ hand size) |
//! | 9 | the phase: play, claim, draw, recruit, strategist, banshee, traitor, final claims, over |
//! | 1 | final claim turns left (÷ 2) |
//! | 2 *t* | the Recruiter's draws and returns left (÷ 3) |
//! | 4 | flags: tactics, Battle Line, the seat is to act, the seat started this game |
//! | 1 | the game of the match (÷ games) |
//! | 2 | each seat's match points (÷ 5 × games) |
//! | per stone × 9 | left to right: |
//! | ↳ (cards + 8) × 2 | per side: its cards, its formation when complete (one-hot sum, run, colour, of a kind, colour run), the formation's sum (÷ 40), completed first, owns the stone |
//! | ↳ 10 *t* | the combat modes on it (the tactic slots) |
//! | ↳ 1 | the cards a side needs (÷ 4) |
//!
//! Not in the tensor (though in the view): the order of the cards on a side, the last action
//! and the table of the previous game of a match.
//!
//! # Events
//! Serialised with a `type` tag: `played {seat, card, stone}`, `claimed {seat, stone, revealed,
//! resolved}`, `drew {seat, card, pile}` (`card` is `null` for everyone but the drawer; `pile` is
//! `clan` or `tactic`), `passed {seat}` (also the end of a final claim turn), `done {seat}`,
//! `awarded {seat, stone, resolved}` (ST-31), `ruse {seat, card}`, `returned {seat, card, pile}`
//! (`card` `null` for everyone but that seat), `moved {seat, card, from, to}`, `discarded {seat,
//! card, from}`, `game-won {seat, game, reason, points, scores}`, `game-started {game,
//! starting_seat}`, `match-over {scores, winner}`. `resolved` is as in the view. Each prints a
//! line such as `seat 0 played r7 on stone 3`, `seat 1 claimed stone 4, showing y9` or
//! `seat 0 claimed stone 2, joker1 as r7`.
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
//!   wins. Then every stone with two complete sides goes to the stronger one (ST-21), and ST-30
//!   decides. In the base game that is every unclaimed stone: each seat receives exactly 27 cards
//!   (6 dealt, 21 drawn in alternate turns) for its 27 slots, so a seat with room at an unclaimed
//!   stone still holds a card it can play there, and play only ends once neither seat has room
//!   (tested over random games: no settlement meets an incomplete side). The rules' "this cannot
//!   stall" is right; its reason ("all 54 cards fill all 54 slots") is not quite — slots at stones
//!   claimed early stay empty and the cards left over stay in the hands.
//!   With tactics an incomplete side *can* be left when play ends: discarded cards (Strategist,
//!   Banshee), Mud's fourth slots, a second Joker that cannot be played, the count rule, and
//!   tactic cards held while passing all leave slots without cards (tested). So the settlement
//!   also gives a stone with one incomplete side to the complete side — the incomplete side's
//!   owner holds no card it can play there and cannot draw one (play is over), so it can never be
//!   completed — and leaves a stone with two incomplete sides to nobody. Then ST-30 decides. If both seats
//!   meet it (five stones against three adjacent; in the base game only when a seat passes up a
//!   claim in its final claim turn, e.g. both seats passing in the review's position) or neither
//!   does (tactics only), the seat with more stones wins, reason `most-stones`; on equal counts the
//!   seat that did not start the game.
//! - **Tactics, drawing (ST-40)**: the choice of pile is a step only while both piles have cards.
//!   Hands are dealt from the clan pile alone. The turn's draw (after a play, a pass or a
//!   Recruiter) is one card, and none when the hand already holds 7, so no hand holds more than
//!   7 but while a Recruiter's three draws wait to be put back (rules 3; rules 2 always drew, and
//!   hands of 8 stayed after a Recruiter). Without tactics every turn draws (ST-5): a Battle
//!   Line seat without room may pass and grow past 7.
//! - **The count rule (ST-41)** counts every tactic card played this game, ruses included; a
//!   seat that may not play a tactic card and holds no clan card it can play passes.
//! - **Passing with tactics (ST-41)** is legal whenever the seat holds no clan card or has no
//!   room for one, even if it could play a tactic card.
//! - **End of play with tactics (ST-31, rules 3)**: play ends once neither seat can play a card
//!   and neither could change that by passing and drawing. A seat could when its turn would
//!   draw (it holds fewer than 7, ST-40) from a pile that may hold a card it could play: the
//!   clan pile where it has room (any clan card fits there), or the tactic pile when the count
//!   (ST-41) allows it a tactic card and one nobody has played yet would be playable on this
//!   table. "Could" is judged on what everyone at the table knows (cards played, pile sizes),
//!   never on which cards a pile holds, so the end of play tells nobody a hidden card; a pile
//!   that only *may* hold a useful card keeps play going until it is drawn. Play also ends after
//!   two passes in a row that drew nothing (both piles empty, or a hand of 7): the table is as
//!   it was, only a choice could change it, and two seats that keep passing would never end
//!   the game. Rules 2 ended play as soon as neither seat could play a card, even with clan
//!   cards left that a seat blocked by the count could have drawn.
//! - **One Joker (ST-42)** is counted over the game: a seat that has played a Joker never plays
//!   the other, even after its first was discarded; the opponent, who has played none, may
//!   still play the other. Holding both, `play joker2 N` is the same choice as `play joker1 N`:
//!   `apply` takes it, and hosts record and echo `play joker1 N` (`Game::canonical`), the one
//!   the legal list names.
//! - **Resolution (ST-42)**: an elite troop's colour and value are fixed when its stone is claimed
//!   or awarded: to the strongest formation of its side (first in canonical order among equal
//!   ones), and the `claimed`/`awarded` event and the stone's `resolved` say what each became.
//!   Until then formations (the view, claims, proofs) count it at its best. A stand-in may repeat
//!   a card in play (a Joker as r7 while r7 lies elsewhere).
//! - **Combat modes (ST-43, ST-44)** go on any unclaimed stone, complete sides included; both may
//!   lie on one stone. Mud on complete sides opens them again and who completed first is decided
//!   anew; a side that loses a card (Strategist, Banshee, Traitor) gives up having completed first.
//! - **Ruses (ST-45)** go to the discard pile when played (face up, public). The Recruiter's draws
//!   are one at a time; the cards put back go under their own pile (a clan card under the clan
//!   pile, a tactic card under the tactic pile). The Strategist moves a card to *another* unclaimed
//!   stone with room; the Traitor's card may go to any unclaimed stone with room on the actor's
//!   side, its own stone included; the Banshee may discard any card of the opponent's side, elite
//!   troops too; combat modes are on the stone, not a side, and stay.
//! - **Proofs (ST-46)** count only clan cards not on the table, not discarded and (ST-23) not in
//!   the claimant's hand as the opponent's; tactic cards not yet played are ignored, elite troops
//!   on the opponent's side count at every value they may take, Blind-man's bluff compares sums
//!   and Mud needs four. Cards put back under a pile count as available.
//! - **Determinize with tactics**: the opponent's hand keeps its public number of tactic cards,
//!   the cards it has shown and the cards the observer knows it drew; the cards the observer put
//!   back stay under their piles (at the bottom, in canonical order: their exact depth is not in
//!   the view); everything else is dealt anew.
//! - **Match play (ST-32)**: `match-games` games are dealt in a row; the **loser of a game starts the
//!   next**. The winner scores 5, the loser 0 (the seed). With the switch `iello-scoring` the winner
//!   scores 5 (as in the seed) and the loser 1 per stone they own at the end of the game (at most 4,
//!   so the winner always scores more). The match outcome ranks by total points; equal totals share
//!   first place. The next game is dealt at once: the view then shows the new deal with `last_action`
//!   null, and `previous_game` keeps the final table.
//! - **Layouts** ([`Layout`]) are taken as they are: a position that already meets ST-30 ends
//!   with the next claim, not before.
//! - `starting-seat` picks who starts the first game (ST-4; the server may randomise it).
//! - **Rules version** 3 (records carry it). Version 2 differed only with tactic cards (the end
//!   of play, ST-31, and the turn's draw, ST-40): its records without `tactics` replay unchanged
//!   (`Game::replays_rules`) and are version 3 records from then on; its records with `tactics`
//!   are refused with the version named (`this record follows rules version "2" of
//!   schotten-totten; this build plays version "3"`). Version 1 ended play without the final
//!   claim turns and named the scoring variant `scoring=seed|iello`; its records are refused too.
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
//! **Tactics and Battle Line** use the same line. Battle Line's cards are its 60 troops
//! (`r10`, …) on nine flags; a side holds 4 under Mud. A stone's word carries its combat modes
//! after `~` (`y4,r7,r1.b1,b2~bluff^1@1`), and the turn has the ruse steps too: `turn S draw`,
//! `turn S recruit D R` (Recruiter: `D` cards still to draw, `R` to put back), `turn S
//! strategist`, `turn S banshee`, `turn S traitor`. With tactics six fields follow:
//!
//! | field | meaning |
//! |---|---|
//! | `tactics …` | the tactic pile, top card first |
//! | `discard …` | the face-up discard pile (resolved ruses, discarded cards) |
//! | `played A B` | the tactic cards each seat has played this game (ST-41, ST-42) |
//! | `tucked A B` | cards each seat put under a pile that are still there (known to it alone) |
//! | `known A B` | cards each seat knows the other holds (ones it put back that the other drew) |
//! | `idle N` | passes in a row that drew nothing: both piles empty or a hand of 7 (two end the play, ST-31) |
//!
//! Elite troops are written as the cards they are (`joker1`, `spy`, `shield`); what an owned
//! stone's elite troops were fixed to (ST-42) follows from its cards and is worked out again on
//! reading. Reading checks the 54 or 60 troops and the 10 tactic cards once each (hands, piles,
//! stones, modes, discard), clan and tactic cards in their own piles, what each seat played on
//! the table or discarded and never more than one ahead of the other (ST-41), put-back cards
//! still under a pile, known cards in the other's hand, hands of at most 7 (6 for a seat about to
//! draw; during a Recruiter `7 − D + R`, ST-40), and final claim turns only once play is over
//! (nobody can play a card or draw one to play, or two passes drew nothing, ST-31).
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
//! heuristic --bot random --games 2000 --seed 1`) and about a quarter against the standard
//! `ismcts:1000` (see the `catalog` crate). [`playout_policy`] is a far cheaper rule of thumb
//! for search playouts; [`evaluation`] scores a sampled world without playing it out (each
//! stone's chance from the heuristic's forecasts of both sides, combined into the chance of
//! five stones or three adjacent ones), which is what the standard search does.
//! [`Layout`] sets up any position (tests, puzzles, analysis); [`proof`] is the exact proof
//! check by bit masks, with a brute-force reference.
//!
//! Claims are kept between actions: a proven claim stays proven (proofs only get easier as
//! cards are placed and drawn), and a failing one keeps the cards of a completion that beats
//! it, so it is only worked out again once one of those cards is out of the opponent's reach.
//! Listing legal actions therefore needs no proof at all.
//!
//! With tactics the bot plays clan cards as in the base game (elite troops and combat modes on
//! the table count only roughly) and leaves its tactic cards unplayed: it draws from the clan
//! pile and passes when only tactic cards remain. The search (`ismcts`) plays every card. It wins
//! 99.9 % of 1,000 games against `random` with `tactics`, with `battle-line` and with both
//! (`spieltisch arena --game schotten-totten --variant tactics --bot heuristic --bot random
//! --games 1000 --seed 1`, the same with `--variant battle-line`); the standard `ismcts:1000`
//! wins 80.5 % of 200 `tactics` games against it (74.5–85.4 %; `--variant tactics --bot
//! ismcts:1000 --bot heuristic --games 200 --seed 1`, 2026-12-07 under rules 3; the search of
//! before, with playouts and searched replies, won 71.0 % under rules 2). Under rules
//! 3 the heuristic won 1,000 of 1,000 `tactics` games and 999 of 1,000 Battle Line games
//! (`--preset battle-line`) against `random` (same command, `--threads 1`, 2026-12-03).
//!
//! Speed: `cargo bench -p schotten-totten` (criterion: random games, proof checks, heuristic
//! decisions) and `cargo run --release -p schotten-totten --example st_speed`, which counts random
//! games per CPU second of its own thread, so a busy machine distorts it less. On the 2-core
//! machine, quiet (2026-11-29, criterion): 105,000 random games of about 59 actions a second
//! (claim-after-play 102,000, table-proof 112,000), 41 million proof checks a second, a
//! heuristic decision in 26 µs. On a busier day (2026-12-02): base 79,100, tactics 26,500,
//! battle-line 80,600, both 26,500 — and the base game as fast as on the commit before tactics
//! when the two are run in turns (78,600 / 78,000 / 74,700 before, 82,000 / 78,500 / 79,300
//! after). The seat that ends its turn has its claims brought up to date when its next turn
//! comes, not at once: the other seat's moves change them again before then. Listing legal
//! actions, applying an action and keeping the claims up to date allocate nothing.
//!
mod action;
mod action_space;
mod bot;
mod card;
mod card_set;
mod claims;
mod config;
mod end_reason;
mod ending;
mod evaluation;
mod event;
mod formation;
mod game;
mod layout;
pub mod notation;
mod observation;
mod outlook;
mod pile;
mod playout;
mod position;
mod position_tactics;
pub mod proof;
pub mod resolve;
mod state;
mod stone;
mod tactics;
mod view;

pub use action::{Action, PileKind};
pub use bot::{HeuristicBot, Tuning};
pub use card::{CARD_SLOTS, Card, CardError, CardKind, Colour, MAX_VALUE, Tactic, TacticFamily};
pub use card_set::{CardSet, CardSetIter};
pub use config::{Config, MAX_MATCH_GAMES, PRESETS, VARIANTS};
pub use evaluation::evaluation;
pub use event::{Event, WinReason};
pub use formation::{Class, Formation};
pub use layout::Layout;
pub use playout::playout_policy;
pub use resolve::Resolution;
pub use state::{HAND_SIZE, SchottenTotten, WIN_POINTS};
pub use stone::{MAX_SIDE, SIDE_CAPACITY, STONES, Side, Stone, StoneState};
pub use view::{FinishedGameView, LastAction, PhaseView, RecruitView, StoneView, View};
