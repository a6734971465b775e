//! What one seat (or a spectator) sees: the whole board, the bets, money, hand sizes, the open
//! reaction window; its own hand and what it knows of other hands. Never another hand or a
//! pile's order (KK: "What a player sees").

use engine::{Seat, StepKind};
use serde::Serialize;

use crate::card::{CardKind, Cards};
use crate::edition::AbilityKind;
use crate::horse::{Die, Horse};
use crate::roll_effect::ThreeFrom;
use crate::settle::Settlement;
use crate::state::{Answer, Base, KopfAnKopf, Phase};

/// A seat's view of the game (JSON: see the crate docs).
#[derive(Clone, Debug, PartialEq, Serialize)]
pub struct View {
    pub seats: usize,
    pub viewer: Option<Seat>,
    /// `ability`, `second-chance`, `reaction`, `sprint`, `three-card`, `action`, `inspector`,
    /// `draw` or `over`.
    pub phase: &'static str,
    /// The kind of step the seats to act take, `null` once the game is over (as the status).
    pub step: Option<StepKind>,
    pub active: Seat,
    pub turn: u32,
    pub to_act: Vec<Seat>,
    pub track: u8,
    pub dark_zone: [u8; 2],
    pub horses: Vec<HorseView>,
    /// The winners' ladder, first place first.
    pub ladder: Vec<Horse>,
    pub players: Vec<PlayerView>,
    /// The viewer's own hand (`null` for a spectator).
    pub hand: Option<Cards>,
    /// What each kind of card in the hand does.
    pub hand_info: Vec<CardInfo>,
    /// Cards in each draw pile.
    pub piles: [usize; 2],
    pub discard: Cards,
    /// The dice of the current turn's roll.
    pub dice: Option<DiceView>,
    /// The open reaction window, or the card whose objections are being settled.
    pub window: Option<WindowView>,
    /// The horse whose optional ability the active player is deciding on.
    pub ability: Option<Horse>,
    /// The sprint-bar horses that may still move (the active player picks which, and the order).
    pub sprinters: Vec<Horse>,
    /// On a 3 (the `three-card` step): the seat whose hand the card would come from, `null` for
    /// a pile.
    pub three_from: Option<Seat>,
    /// What the viewer knows of other hands (Inspector, a card taken from them).
    pub known: Vec<Known>,
    /// Whose hand the viewer is inspecting (and may take a card from).
    pub inspecting: Option<Seat>,
    /// The settlement table, once the game is over.
    pub settlement: Option<Vec<Settlement>>,
}

/// One horse and its card.
#[derive(Clone, Debug, PartialEq, Serialize)]
pub struct HorseView {
    pub number: Horse,
    pub name: String,
    pub position: u8,
    pub place: Option<u8>,
    pub dark: bool,
    pub owner: Option<Seat>,
    pub price: u32,
    pub odds: [u32; 3],
    pub sprint: Vec<u8>,
    pub ability: String,
    pub chips_left: u8,
    pub bets: Vec<BetView>,
}

/// A seat's stake on a horse.
#[derive(Clone, Copy, Debug, PartialEq, Serialize)]
pub struct BetView {
    pub seat: Seat,
    /// Own money staked.
    pub amount: u32,
    /// The bank's money staked by free bets.
    pub free: u32,
    /// Whether the bettor holds the horse's chip.
    pub chip: bool,
}

/// A player's public state.
#[derive(Clone, Debug, PartialEq, Serialize)]
pub struct PlayerView {
    pub seat: Seat,
    pub money: u32,
    pub cards: usize,
    pub second_chance: bool,
    pub horses: Vec<Horse>,
}

/// A card kind with its German name and what it does.
#[derive(Clone, Debug, PartialEq, Serialize)]
pub struct CardInfo {
    pub card: CardKind,
    pub name: String,
    pub text: String,
}

/// The dice.
#[derive(Clone, Copy, Debug, PartialEq, Serialize)]
pub struct DiceView {
    pub horse: Horse,
    pub movement: u8,
    /// Who rolled them last.
    pub by: Seat,
}

/// A reaction window or a card awaiting objections.
#[derive(Clone, Debug, PartialEq, Serialize)]
pub struct WindowView {
    /// `re-roll` (after a roll) or `objection` (after a card).
    pub kind: &'static str,
    /// The card and the objections on it, bottom first.
    pub stack: Vec<StackCard>,
    /// What the bottom card would do (`gallop 4`), or the re-rolled die.
    pub play: Option<String>,
    /// The seats asked.
    pub asked: Vec<Seat>,
    /// The viewer's own answer, once given (`pass`, `reroll horse`, `object`).
    pub mine: Option<&'static str>,
}

/// A card on the stack.
#[derive(Clone, Copy, Debug, PartialEq, Serialize)]
pub struct StackCard {
    pub seat: Seat,
    pub card: CardKind,
}

/// What the viewer knows of a seat's hand.
#[derive(Clone, Copy, Debug, PartialEq, Serialize)]
pub struct Known {
    pub seat: Seat,
    pub cards: Cards,
}

impl KopfAnKopf {
    /// What `kind` does, with the edition's numbers (English).
    pub fn card_text(&self, kind: CardKind) -> String {
        let r = &self.rules;
        let blocked = if r.blocked(kind) { "; not once a horse has finished" } else { "" };
        match kind {
            CardKind::HorsePlus(h) => format!("horse {h} moves {} forward{blocked}", r.plus_steps),
            CardKind::Gallop => format!("any racing horse moves {} forward{blocked}", r.gallop_steps),
            CardKind::Muddy => format!("any racing horse moves {} back{blocked}", r.muddy_steps),
            CardKind::Prize => format!("take {} €{blocked}", r.prize),
            CardKind::Stable => format!("take {} € if you own the leading horse{blocked}", r.bonus),
            CardKind::FreeBet => format!("bet {} € of the bank's money; no place, nothing back{blocked}", r.bet),
            CardKind::LateBet => format!("bet {} € on any racing horse, dark zone allowed{blocked}", r.bet),
            CardKind::Pickpocket => format!("take a random card from another player{blocked}"),
            CardKind::Inspector => format!("look at a hand and take one card{blocked}"),
            CardKind::Bargain => format!("buy a horse for half its price{blocked}"),
            CardKind::Whip => format!("the rolled horse moves its roll again{blocked}"),
            CardKind::Objection => "reaction: stop a card another player plays".into(),
            CardKind::Reroll => "reaction: after a roll, roll one die again".into(),
        }
    }

    /// What `h`'s ability does (English).
    pub fn ability_text(&self, h: Horse) -> String {
        let a = self.rules.ability[h.index()];
        let n = a.amount;
        let other = a.horse.map_or(0, |o| o.num());
        let may = if a.must { "must" } else { "may" };
        match a.kind {
            AbilityKind::None => "none".into(),
            AbilityKind::LeadsAloneDraw => format!("if it leads alone: draw {n} card(s)"),
            AbilityKind::LevelTakeMoney => format!("if another horse is level with it: take {n} €"),
            AbilityKind::LastForward => format!("if it is last: {may} move it {n} forward"),
            AbilityKind::DarkZoneTakeMoney => format!("if it is in the dark zone: take {n} €"),
            AbilityKind::FewCardsDraw => format!("if you hold fewer than {n} cards: draw one"),
            AbilityKind::PushAheadBack => format!("{may} move the nearest horse ahead of it {n} back"),
            AbilityKind::BehindHorseForward => format!("if it is behind horse {other}: {may} move it {n} forward"),
            AbilityKind::AtStartTakeMoney => format!("if it is at the start: take {n} €"),
            AbilityKind::LevelWithHorseForward => {
                format!("if it is level with horse {other}: {may} move it {n} forward")
            }
        }
    }

    pub(crate) fn build_view(&self, viewer: Option<Seat>) -> View {
        let n = self.seats as usize;
        let e = &self.config.edition;
        let horses = Horse::ALL
            .iter()
            .map(|&h| {
                let i = h.index();
                HorseView {
                    number: h,
                    name: e.horses[i].name.clone(),
                    position: self.pos[i],
                    place: self.place(h),
                    dark: self.in_dark(h),
                    owner: self.owner(h),
                    price: self.rules.price[i],
                    odds: self.rules.odds[i],
                    sprint: e.horses[i].sprint.clone(),
                    ability: self.ability_text(h),
                    chips_left: self.chips_left[i],
                    bets: Seat::all(n)
                        .filter(|s| self.bets[s.index()][i] + self.free_bets[s.index()][i] > 0)
                        .map(|s| BetView {
                            seat: s,
                            amount: self.bets[s.index()][i],
                            free: self.free_bets[s.index()][i],
                            chip: self.chips[s.index()].contains(h),
                        })
                        .collect(),
                }
            })
            .collect();
        let mut ladder: Vec<Horse> = Horse::ALL.into_iter().filter(|&h| self.is_finished(h)).collect();
        ladder.sort_by_key(|h| self.place[h.index()]);
        let players = Seat::all(n)
            .map(|s| PlayerView {
                seat: s,
                money: self.money[s.index()],
                cards: self.hands[s.index()].len(),
                second_chance: self.second_chance.contains(s),
                horses: Horse::ALL.into_iter().filter(|&h| self.owns(s, h)).collect(),
            })
            .collect();
        let hand = viewer.map(|v| self.hands[v.index()]);
        let hand_info = hand
            .map(|h| h.kinds().map(|k| CardInfo { card: k, name: k.name(), text: self.card_text(k) }).collect())
            .unwrap_or_default();
        let window = match self.phase {
            Phase::RollWindow | Phase::CardWindow => Some(WindowView {
                kind: if self.phase == Phase::RollWindow { "re-roll" } else { "objection" },
                stack: self.stack[..self.stack_len as usize]
                    .iter()
                    .map(|&(card, seat)| StackCard { seat, card })
                    .collect(),
                play: match self.base {
                    Some(_) if self.phase == Phase::RollWindow => None,
                    Some(Base::Play(p)) => Some(p.to_string()),
                    Some(Base::Reroll(d)) => Some(format!("reroll {}", d.word())),
                    None => None,
                },
                asked: self.listed.iter().collect(),
                mine: viewer.and_then(|v| match self.answers[v.index()] {
                    Answer::None => None,
                    Answer::Pass => Some("pass"),
                    Answer::Reroll(Die::Horse) => Some("reroll horse"),
                    Answer::Reroll(Die::Movement) => Some("reroll move"),
                    Answer::Object => Some("object"),
                }),
            }),
            _ => None,
        };
        let known = viewer
            .map(|v| {
                Seat::all(n)
                    .filter(|&s| s != v && !self.known[v.index()][s.index()].is_empty())
                    .map(|s| Known { seat: s, cards: self.known[v.index()][s.index()] })
                    .collect()
            })
            .unwrap_or_default();
        let phase = match self.phase {
            Phase::Ability(_) => "ability",
            Phase::SecondChance => "second-chance",
            Phase::RollWindow | Phase::CardWindow => "reaction",
            Phase::Sprint => "sprint",
            Phase::ThreeCard => "three-card",
            Phase::Action => "action",
            Phase::InspectorTake(_) => "inspector",
            Phase::Draw => "draw",
            Phase::Over => "over",
        };
        View {
            seats: n,
            viewer,
            phase,
            step: (self.phase != Phase::Over).then(|| engine::Game::step_kind(self)),
            active: self.active,
            turn: self.turn,
            to_act: engine::Game::to_act(self).iter().collect(),
            track: self.rules.track,
            dark_zone: self.rules.dark,
            horses,
            ladder,
            players,
            hand,
            hand_info,
            piles: [self.piles[0].len(), self.piles[1].len()],
            discard: self.discard,
            dice: self.roll.map(|r| DiceView { horse: r.horse, movement: r.movement, by: r.by }),
            window,
            ability: match self.phase {
                Phase::Ability(h) => Some(h),
                _ => None,
            },
            sprinters: if self.phase == Phase::Sprint { self.sprinters.iter().collect() } else { Vec::new() },
            three_from: match (self.phase, self.three_from()) {
                (Phase::ThreeCard, ThreeFrom::Seat(s)) => Some(s),
                _ => None,
            },
            known,
            inspecting: match self.phase {
                Phase::InspectorTake(t) if viewer == Some(self.active) => Some(t),
                _ => None,
            },
            settlement: (self.phase == Phase::Over).then(|| Seat::all(n).map(|s| self.settlement(s)).collect()),
        }
    }
}
