//! The `heuristic` bot: plays from its view alone. It estimates each horse's chance of each
//! place with quick race simulations ([`race`]) and values a position by what its bets are
//! expected to pay *relative to the other players* (a euro an opponent wins counts against it);
//! it bets and buys by expected value, plays the card that raises that value most, spends its
//! second chance and its reactions when they raise it by more than a card is worth.

mod race;

use engine::{Bot, GameRng, InfoSet, Seat};

use crate::action::{Action, Play};
use crate::card::CardKind;
use crate::edition::AbilityKind;
use crate::horse::{Die, HORSES, Horse};
use crate::state::KopfAnKopf;
use crate::view::View;
use race::{Places, Race};

/// Simulated races per estimate.
const SIMS: usize = 96;
/// What an action card in hand is worth, in €.
const CARD: f64 = 2.0;

/// The heuristic bot (no search; about a millisecond per decision).
#[derive(Clone, Debug, Default)]
pub struct HeuristicBot {
    legal: Vec<Action>,
}

impl Bot<KopfAnKopf> for HeuristicBot {
    fn name(&self) -> String {
        "heuristic".into()
    }

    fn choose(&mut self, info: &InfoSet<'_, KopfAnKopf>, rng: &mut GameRng) -> Action {
        info.legal_actions(&mut self.legal);
        assert!(!self.legal.is_empty(), "a bot is only asked when its seat has a legal action");
        if self.legal.len() == 1 {
            return self.legal[0];
        }
        let view = info.view();
        let judge = Judge::new(&view, info.config(), info.seat(), rand::Rng::random(rng));
        judge.choose(&self.legal, &view)
    }
}

/// What the bot knows and how it values positions.
struct Judge {
    me: Seat,
    race: Race,
    seed: u64,
    odds: [[u32; 3]; HORSES],
    /// My stake minus the others' average, per horse (own and free bets).
    weight: [f64; HORSES],
    bet: f64,
    dark: [u8; 2],
    rolled: Option<(Horse, u8)>,
    places: Places,
    abilities: [AbilityKind; HORSES],
}

impl Judge {
    fn new(view: &View, config: &crate::Config, me: Seat, seed: u64) -> Judge {
        let e = &config.edition;
        let mut faces = [0u8; 12];
        faces[..e.movement_die.len()].copy_from_slice(&e.movement_die);
        let mut race =
            Race { pos: [0; HORSES], place: [0; HORSES], track: view.track, faces, face_count: e.movement_die.len() };
        let mut odds = [[0; 3]; HORSES];
        let mut weight = [0.0; HORSES];
        let others = (view.seats - 1).max(1) as f64;
        for (i, h) in view.horses.iter().enumerate() {
            race.pos[i] = h.position;
            race.place[i] = h.place.unwrap_or(0);
            odds[i] = h.odds;
            for b in &h.bets {
                let stake = (b.amount + b.free) as f64;
                weight[i] += if b.seat == me { stake } else { -stake / others };
            }
        }
        let places = race.places(SIMS, seed);
        Judge {
            me,
            race,
            seed,
            odds,
            weight,
            bet: e.bet as f64,
            dark: view.dark_zone,
            rolled: view.dice.map(|d| (d.horse, d.movement)),
            places,
            abilities: std::array::from_fn(|i| e.horses[i].ability.kind),
        }
    }

    /// What a stake of 1 € on horse `h` is expected to return (an unplaced stake comes back).
    fn factor(&self, places: &Places, h: usize) -> f64 {
        let p = places[h];
        let placed = p[0] + p[1] + p[2];
        p[0] * self.odds[h][0] as f64 + p[1] * self.odds[h][1] as f64 + p[2] * self.odds[h][2] as f64 + (1.0 - placed)
    }

    /// The value of the bets on the table for me, relative to the others, with `places`.
    fn value(&self, places: &Places) -> f64 {
        (0..HORSES).map(|h| self.weight[h] * self.factor(places, h)).sum()
    }

    /// The value after moving horses by `moves` (horse index, fields; negative is back).
    fn value_after(&self, moves: &[(usize, i16)]) -> f64 {
        let mut race = self.race;
        for &(h, d) in moves {
            if race.place[h] == 0 {
                race.pos[h] = (race.pos[h] as i16 + d).clamp(0, race.track as i16 - 1) as u8;
                if race.pos[h] as i16 + d >= race.track as i16 {
                    race.pos[h] = race.track - 1;
                }
            }
        }
        self.value(&race.places(SIMS, self.seed))
    }

    /// What a bet of `stake` € on `h` is expected to gain me.
    fn bet_gain(&self, h: usize, stake: f64, own_money: bool) -> f64 {
        let f = self.factor(&self.places, h);
        stake * if own_money { f - 1.0 } else { f - (1.0 - self.places[h].iter().sum::<f64>()) }
    }

    /// The expected value over a re-roll of `die` (the roll as it stands otherwise).
    fn reroll_value(&self, die: Die, view: &View, active_sprints: impl Fn(usize) -> Vec<usize>) -> f64 {
        let Some((horse, movement)) = self.rolled else { return 0.0 };
        let outcome = |h: usize, m: u8| {
            let mut moves = vec![(h, m as i16)];
            moves.extend(active_sprints(h).into_iter().map(|s| (s, m as i16)));
            self.value_after(&moves)
        };
        match die {
            Die::Horse => {
                let racing: Vec<usize> = (0..HORSES).filter(|&h| view.horses[h].place.is_none()).collect();
                racing.iter().map(|&h| outcome(h, movement)).sum::<f64>() / racing.len().max(1) as f64
            }
            Die::Movement => {
                let faces = &self.race.faces[..self.race.face_count];
                faces.iter().map(|&m| outcome(horse.index(), m)).sum::<f64>() / faces.len() as f64
            }
        }
    }

    fn choose(&self, legal: &[Action], view: &View) -> Action {
        // The active player's sprint-bar horses that a roll of horse `r` moves.
        let sprinters = |r: usize| -> Vec<usize> {
            let owner = view.active;
            (0..HORSES)
                .filter(|&h| {
                    view.horses[h].owner == Some(owner)
                        && view.horses[h].place.is_none()
                        && view.horses[h].sprint.contains(&((r + 1) as u8))
                })
                .collect()
        };
        let now = || match self.rolled {
            Some((h, m)) => {
                let mut moves = vec![(h.index(), m as i16)];
                moves.extend(sprinters(h.index()).into_iter().map(|s| (s, m as i16)));
                self.value_after(&moves)
            }
            None => self.value(&self.places),
        };
        let has = |a: Action| legal.contains(&a);
        match view.phase {
            "second-chance" => {
                let keep = now();
                let horse = self.reroll_value(Die::Horse, view, sprinters);
                let movement = self.reroll_value(Die::Movement, view, sprinters);
                // The second chance is worth keeping for a better moment: ask for a clear gain.
                let best = if horse > movement { (horse, Die::Horse) } else { (movement, Die::Movement) };
                if best.0 > keep + 6.0 { Action::Chance(best.1) } else { Action::Keep }
            }
            "reaction" => {
                let Some(window) = &view.window else { return Action::Pass };
                if window.kind == "re-roll" {
                    let keep = now();
                    let horse = self.reroll_value(Die::Horse, view, sprinters);
                    let movement = self.reroll_value(Die::Movement, view, sprinters);
                    if has(Action::Reroll(Die::Horse)) && horse > keep + CARD + 1.0 && horse >= movement {
                        return Action::Reroll(Die::Horse);
                    }
                    if has(Action::Reroll(Die::Movement)) && movement > keep + CARD + 1.0 {
                        return Action::Reroll(Die::Movement);
                    }
                    return Action::Pass;
                }
                if !has(Action::Object) {
                    return Action::Pass;
                }
                // The bottom card happens if the objections are even: object when its effect
                // (for me) and the parity say so.
                let Some(play) = window.play.as_deref().and_then(|p| p.parse::<Play>().ok()) else {
                    return Action::Pass;
                };
                let happens = window.stack.len() % 2 == 1;
                let effect = self.play_effect(play, view, window.stack.first().map_or(view.active, |c| c.seat));
                // Objecting flips whether it happens.
                let gain_if_object = if happens { -effect } else { effect };
                if gain_if_object > CARD + 2.0 { Action::Object } else { Action::Pass }
            }
            "ability" => {
                let Some(h) = view.ability else { return legal[0] };
                let forward = self.value_after(&[(h.index(), 1)]);
                if forward >= self.value(&self.places) { Action::Use(h) } else { Action::Skip(h) }
            }
            "inspector" => {
                *legal.iter().max_by(|a, b| self.card_worth(a).total_cmp(&self.card_worth(b))).unwrap_or(&legal[0])
            }
            "sprint" => self.choose_sprint(legal, view),
            // A card in hand is worth about CARD € and nothing in this model makes one worse, so
            // the 3's card is always taken: the larger pile's, or the owner's (`decline` is last).
            "three-card" => {
                let pile = if view.piles[1] > view.piles[0] { Action::Pile(1) } else { Action::Pile(0) };
                if has(pile) { pile } else { legal[0] }
            }
            "draw" => {
                if view.piles[1] > view.piles[0] {
                    Action::Draw(1)
                } else {
                    Action::Draw(0)
                }
            }
            "action" => self.choose_action(legal, view),
            _ => legal[0],
        }
    }

    /// KK-11.2: the sprint-bar horse whose move raises my value most, or `decline` when every
    /// move would lower it (helping others' bets more than mine). Moving Eisenherz off the
    /// start costs its 5 € a turn.
    fn choose_sprint(&self, legal: &[Action], view: &View) -> Action {
        let Some((_, movement)) = self.rolled else { return legal[0] };
        let base = self.value(&self.places);
        let mut best = (0.0, Action::Decline);
        for &action in legal {
            let Action::Sprint(h) = action else { continue };
            let i = h.index();
            let mut gain = self.value_after(&[(i, movement as i16)]) - base;
            if self.abilities[i] == AbilityKind::AtStartTakeMoney && view.horses[i].position == 0 {
                gain -= 5.0;
            }
            // A move that changes nothing for me is made (as the rules before 2 made every one).
            if gain >= best.0 && (gain > best.0 || best.1 == Action::Decline) {
                best = (gain, action);
            }
        }
        best.1
    }

    /// What `play` by `by` does to my relative value (positive: good for me).
    fn play_effect(&self, play: Play, view: &View, by: Seat) -> f64 {
        let base = self.value(&self.places);
        let mine = by == self.me;
        let others = (view.seats - 1).max(1) as f64;
        let money = |amount: f64| if mine { amount } else { -amount / others };
        match play {
            Play::HorsePlus(h) => self.value_after(&[(h.index(), 2)]) - base,
            Play::Gallop(h) => self.value_after(&[(h.index(), 1)]) - base,
            Play::Muddy(h) => self.value_after(&[(h.index(), -2)]) - base,
            Play::Whip => self.rolled.map_or(0.0, |(h, m)| self.value_after(&[(h.index(), m as i16)]) - base),
            Play::Prize => money(5.0),
            Play::Stable => money(10.0),
            Play::FreeBet(h) => money(self.bet_gain(h.index(), self.bet, false)),
            Play::LateBet(h) => money(self.bet_gain(h.index(), self.bet, true)),
            Play::Pickpocket(s) | Play::Inspector(s) if s == self.me => -CARD - 1.0,
            Play::Pickpocket(_) | Play::Inspector(_) => money(CARD),
            Play::Bargain(h) => money(view.horses[h.index()].price as f64 / 4.0),
        }
    }

    fn card_worth(&self, action: &Action) -> f64 {
        match action {
            Action::Take(CardKind::HorsePlus(h)) => 2.0 + self.weight[h.index()].max(0.0),
            Action::Take(CardKind::Stable) => 4.0,
            Action::Take(CardKind::Prize | CardKind::FreeBet) => 3.5,
            Action::Take(CardKind::Objection | CardKind::Reroll) => 3.0,
            Action::Take(_) => 2.0,
            _ => 0.0,
        }
    }

    fn choose_action(&self, legal: &[Action], view: &View) -> Action {
        let owners_turns = {
            // Expected own turns left: a rough count from the leaders' distance to the finish.
            let mut left: Vec<u8> =
                view.horses.iter().filter(|h| h.place.is_none()).map(|h| view.track - h.position).collect();
            left.sort_unstable();
            let third = left.get(2 - view.ladder.len().min(2)).copied().unwrap_or(1) as f64;
            // A horse is rolled about every 10 turns and moves ~1.5 a roll; cards speed it up.
            (third / 1.5 * 10.0 / 2.0 / view.seats as f64).max(0.5)
        };
        let mut best = (f64::MIN, legal[0]);
        for &action in legal {
            let score = match action {
                // Linear in the stake: a good bet is made as large as allowed, a bad one not at all.
                Action::Bet(h, stake) => self.bet_gain(h.index(), stake as f64, true),
                Action::Play(play) => self.play_effect(play, view, self.me) - CARD,
                Action::Buy(h) => self.horse_worth(h, view, owners_turns) - view.horses[h.index()].price as f64,
                Action::Discard(a, b) => 5.0 - self.hold_worth(a) - self.hold_worth(b),
                Action::Pass => 0.0,
                _ => 0.0,
            };
            let score = match action {
                Action::Play(Play::Bargain(h)) => {
                    self.horse_worth(h, view, owners_turns) - (view.horses[h.index()].price as f64 / 2.0).ceil() - CARD
                }
                _ => score,
            };
            if score > best.0 {
                best = (score, action);
            }
        }
        best.1
    }

    /// What owning `h` is worth to me: its ability over the turns left, its sprint bar pushing
    /// the horses I bet on, betting on it without a chip.
    fn horse_worth(&self, h: Horse, view: &View, turns: f64) -> f64 {
        let i = h.index();
        let card = &view.horses[i];
        let pos = card.position;
        let ability = match Some(self.abilities[i]) {
            Some(AbilityKind::AtStartTakeMoney) if pos == 0 => 5.0 * turns.min(10.0 / view.seats as f64 * 1.5),
            Some(AbilityKind::LevelTakeMoney) => 5.0 * turns * 0.4,
            Some(AbilityKind::DarkZoneTakeMoney) if pos >= self.dark[0] => 5.0 * turns * 0.5,
            Some(AbilityKind::LeadsAloneDraw | AbilityKind::FewCardsDraw) => CARD * turns * 0.3,
            _ => 0.0,
        };
        let sprint: f64 = card.sprint.iter().map(|&r| self.weight[r as usize - 1].max(0.0) * 0.02 * turns).sum();
        ability + sprint + self.weight[i].max(0.0) * 0.1
    }

    /// What keeping a card is worth.
    fn hold_worth(&self, kind: CardKind) -> f64 {
        match kind {
            CardKind::HorsePlus(h) => 1.0 + self.weight[h.index()].max(0.0) * 0.2,
            CardKind::Objection | CardKind::Reroll => 2.5,
            CardKind::Stable | CardKind::Prize | CardKind::FreeBet => 4.0,
            _ => CARD,
        }
    }
}
