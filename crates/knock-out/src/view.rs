//! What one seat (or a spectator) sees: the whole table — levels, knock-outs, money, debts,
//! the pot, the chips, the ring, the revealed exchanges and every card each manager still holds
//! (public knowledge: everyone starts with the same cards and every played card is shown) —
//! plus the viewer's own training choice and pending exchange card. Never another fighter's
//! training choice or pending card.

use engine::{Seat, SeatSet};
use serde::Serialize;

use crate::action::Tableau;
use crate::boxer::{BoxerId, Class, Level};
use crate::cards::Cards;
use crate::edition::BetKind;
use crate::money::Payment;
use crate::state::{KnockOut, Phase};

/// What the game waits for.
#[derive(Clone, Copy, PartialEq, Eq, Debug, Serialize)]
#[serde(rename_all = "kebab-case")]
pub enum PhaseView {
    /// The active player challenges.
    Challenge,
    /// The fighters choose their training cards.
    Training,
    /// The players place chips.
    Betting,
    /// The fighters choose exchange cards.
    Fight,
    /// The game is over.
    Over,
}

/// One boxer as everyone sees it.
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
pub struct BoxerView {
    /// `2H`: seat 2's heavyweight.
    pub id: BoxerId,
    /// Light or heavy.
    pub class: Class,
    /// The edition's name for it.
    pub name: String,
    /// Its level.
    pub level: Level,
    /// Its start money at that level (KO-3).
    pub start_money: i64,
    /// Knocked out for the season (KO-22).
    pub knocked_out: bool,
    /// Holds the trophy (won the previous fight; sits out the next).
    pub trophy: bool,
    /// Holds the steak (lost the previous fight; sits out the next).
    pub steak: bool,
    /// Wears a World champion belt (KO-53).
    pub belt: bool,
}

/// One manager as everyone sees them.
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
pub struct ManagerView {
    /// The seat.
    pub seat: Seat,
    /// Money in Schmelings.
    pub money: i64,
    /// Debt certificates held.
    pub debts: u8,
    /// Betting chips still to place this round.
    pub chips: u8,
    /// Every fight card they hold, in hand or in training (public knowledge).
    pub cards: Cards,
    /// Their training choice: only in the viewer's own entry, else `null`.
    pub training: Option<Cards>,
    /// Their lightweight and heavyweight.
    pub boxers: [BoxerView; 2],
}

/// One revealed exchange.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize)]
pub struct ExchangeView {
    /// The red (challenger's) card.
    pub red: u8,
    /// The blue (defender's) card.
    pub blue: u8,
    /// A 1 against a 5 (KO-21).
    pub hook: bool,
    /// Which boxer moved towards the K.O. field, and how far.
    pub moved: Option<Tableau>,
    /// How far.
    pub by: i64,
}

/// How a fight ended.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize)]
pub struct ResultView {
    /// The winning side.
    pub winner: Tableau,
    /// By knock-out (else on points).
    pub knock_out: bool,
}

/// The ring: the fight being set or fought, or the last one (with `result`).
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
pub struct FightView {
    /// Red (challenger) and blue (defender).
    pub boxers: [BoxerId; 2],
    /// Their levels when the fight was set.
    pub levels: [Level; 2],
    /// Distances to the K.O. field at the start (KO-20, KO-51).
    pub start: [i64; 2],
    /// Distances to the K.O. field now.
    pub distance: [i64; 2],
    /// Whether each fighter has chosen training cards.
    pub trained: [bool; 2],
    /// Whether each fighter has chosen the card of the coming exchange.
    pub chosen: [bool; 2],
    /// The training cards each fighter has left to play (only the viewer's own side; the other
    /// is `null`). Sizes are public: `left`.
    pub my_training: Option<Cards>,
    /// How many training cards each fighter has left.
    pub left: [u8; 2],
    /// The viewer's own pending exchange card.
    pub my_card: Option<u8>,
    /// The revealed exchanges.
    pub exchanges: Vec<ExchangeView>,
    /// The result once decided.
    pub result: Option<ResultView>,
}

/// One bet field of a tableau.
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
pub struct FieldView {
    /// The notation number (1 …).
    pub number: u8,
    /// The printed name (`Sieg`).
    pub name: String,
    /// What it bets on.
    pub kind: BetKind,
    /// The stake.
    pub stake: i64,
    /// The chip on the offer slot.
    pub offer: Option<Seat>,
    /// The chip on the accept slot (the other side of the offer).
    pub accept: Option<Seat>,
}

/// A tableau: which boxer it backs and its fields.
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
pub struct TableauView {
    /// Red or blue.
    pub tableau: Tableau,
    /// The boxer it backs (none before a challenge).
    pub backs: Option<BoxerId>,
    /// Its fields, in notation order.
    pub fields: Vec<FieldView>,
}

/// The betting round.
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
pub struct BettingView {
    /// The pass (1 to 3).
    pub pass: u8,
    /// The order of each pass: challenger, defender, then the others clockwise.
    pub order: Vec<Seat>,
}

/// What one seat may see. See the crate docs for the JSON.
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
pub struct View {
    /// Seats at the table.
    pub seats: usize,
    /// Who is looking (`null`: a spectator).
    pub viewer: Option<Seat>,
    /// The pro game.
    pub pro: bool,
    /// The season (1, or 2 in the pro game).
    pub season: u8,
    /// Seasons in the game.
    pub seasons: u8,
    /// What the game waits for.
    pub phase: PhaseView,
    /// Who may act.
    pub to_act: SeatSet,
    /// The holder of the red tableau.
    pub active: Seat,
    /// Fights fought so far.
    pub fights: u16,
    /// Fights fought in this season (0: the season has just begun; the table says what changed).
    pub season_fights: u16,
    /// The managers, in seat order.
    pub managers: Vec<ManagerView>,
    /// The bonus pot.
    pub pot: i64,
    /// Debt certificates left in the box (more are written when they run out).
    pub certificates_left: u8,
    /// The ring.
    pub fight: Option<FightView>,
    /// Red, then blue.
    pub tableaus: [TableauView; 2],
    /// The chips on the pass field, one entry per chip.
    pub pass_field: Vec<Seat>,
    /// The betting round while it runs.
    pub betting: Option<BettingView>,
    /// The payments of the last settlement (after a fight, or the final one), in order.
    pub settlement: Vec<Payment>,
    /// Final money once the game is over.
    pub result: Option<Vec<i64>>,
}

impl KnockOut {
    pub(crate) fn build_view(&self, viewer: Option<Seat>) -> View {
        let e = self.edition();
        let live = self.fight.filter(|f| f.result.is_none());
        let managers = self
            .all_seats()
            .map(|seat| {
                let boxer = |class: Class| {
                    let id = BoxerId::new(seat, class);
                    let b = self.boxer(id);
                    BoxerView {
                        id,
                        class,
                        name: e.name(seat.index(), class).to_owned(),
                        level: b.level,
                        start_money: self.start_money(id),
                        knocked_out: b.knocked_out,
                        trophy: self.sat_out.is_some_and(|s| s[0] == id),
                        steak: self.sat_out.is_some_and(|s| s[1] == id),
                        belt: b.level == Level::WorldChampion,
                    }
                };
                let training = live
                    .filter(|_| viewer == Some(seat))
                    .and_then(|f| f.side(seat).filter(|&side| f.trained[side]).map(|side| f.training[side]));
                ManagerView {
                    seat,
                    money: self.money[seat.index()],
                    debts: self.debts[seat.index()],
                    chips: self.chips[seat.index()],
                    cards: self.cards(seat),
                    training,
                    boxers: [boxer(Class::Light), boxer(Class::Heavy)],
                }
            })
            .collect();
        let fight = self.fight.map(|f| {
            let mine = viewer.and_then(|v| f.side(v));
            FightView {
                boxers: f.boxers,
                levels: f.levels,
                start: f.start,
                distance: f.distance,
                trained: f.trained,
                chosen: [0, 1].map(|i| f.pending[i].is_some()),
                my_training: mine.filter(|&s| f.trained[s] && f.result.is_none()).map(|s| f.training[s]),
                left: [0, 1].map(|i| if f.trained[i] { f.training[i].len() } else { 0 }),
                my_card: mine.and_then(|s| f.pending[s]),
                exchanges: f.exchanges[..f.played as usize]
                    .iter()
                    .map(|&[red, blue]| {
                        let movement = crate::fight::exchange_move(red, blue);
                        ExchangeView {
                            red,
                            blue,
                            hook: matches!((red, blue), (1, 5) | (5, 1)),
                            moved: movement.map(|(side, _)| Tableau::of(side)),
                            by: movement.map_or(0, |(_, by)| by),
                        }
                    })
                    .collect(),
                result: f.result.map(|r| ResultView { winner: Tableau::of(r.winner), knock_out: r.knock_out }),
            }
        });
        let tableaus = Tableau::BOTH.map(|tableau| TableauView {
            tableau,
            backs: self.fight.map(|f| f.boxers[tableau.index()]),
            fields: e
                .bet_fields
                .iter()
                .enumerate()
                .map(|(i, field)| {
                    let slot = self.bets[tableau.index()][i];
                    FieldView {
                        number: i as u8 + 1,
                        name: field.name.clone(),
                        kind: field.kind,
                        stake: field.stake,
                        offer: slot.offer,
                        accept: slot.accept,
                    }
                })
                .collect(),
        });
        let pass_field =
            self.all_seats().flat_map(|s| std::iter::repeat_n(s, self.passes[s.index()] as usize)).collect();
        let taken = self.certificates_taken.min(u16::from(e.debt_certificates)) as u8;
        View {
            seats: self.seats as usize,
            viewer,
            pro: self.config.pro,
            season: self.season,
            seasons: self.config.seasons(),
            phase: match self.phase {
                Phase::Challenge => PhaseView::Challenge,
                Phase::Training => PhaseView::Training,
                Phase::Betting => PhaseView::Betting,
                Phase::Fight => PhaseView::Fight,
                Phase::Over => PhaseView::Over,
            },
            to_act: engine::Game::to_act(self),
            active: self.active,
            fights: self.fights,
            season_fights: self.fights - self.fights_before_season,
            managers,
            pot: self.pot,
            certificates_left: e.debt_certificates - taken,
            fight,
            tableaus,
            pass_field,
            betting: (self.phase == Phase::Betting)
                .then(|| BettingView { pass: self.bet_pass, order: self.order[..self.seats as usize].to_vec() }),
            settlement: self.payments.as_slice().to_vec(),
            result: self.final_money().map(<[i64]>::to_vec),
        }
    }
}
