//! What one seat (or a spectator) sees: everything public plus the viewer's own hand. The JSON
//! shape is documented in the crate docs.

use engine::Seat;
use serde::Serialize;

use crate::action::Action;
use crate::card_set::CardSet;
use crate::event::WinReason;
use crate::formation::Formation;
use crate::resolve::Resolution;
use crate::state::{FinishedGame, Phase, SchottenTotten};
use crate::stone::{STONES, Side, StoneState};

/// A view of the match. Built without allocating; serialises to the JSON of the crate docs.
#[derive(Clone, Copy, PartialEq, Eq, Debug, Serialize)]
pub struct View {
    /// Who is looking (`None` = a spectator).
    pub viewer: Option<Seat>,
    /// The viewer's hand in canonical order; `None` for spectators.
    pub hand: Option<CardSet>,
    /// Cards in each seat's hand.
    pub hand_sizes: [u8; 2],
    /// Hand cards each seat has shown in proofs (ST-23): public, still in that hand.
    pub revealed: [CardSet; 2],
    /// Cards in the draw pile (the clan pile).
    pub pile: u8,
    /// Cards in the tactic pile (ST-40; 0 without tactics).
    pub tactic_pile: u8,
    /// Tactic cards in each seat's hand: public, since every draw names its pile (ST-40).
    pub hand_tactics: [u8; 2],
    /// The face-up discard pile: resolved ruses and discarded cards (ST-45).
    pub discard: CardSet,
    /// The tactic cards each seat has played this game (ST-41: the count rule; ST-42: Jokers).
    pub played_tactics: [CardSet; 2],
    /// Cards the viewer put under a pile that are still there (the Recruiter, ST-45).
    pub tucked: CardSet,
    /// Cards of the opponent's hand the viewer knows: ones it put under a pile that the
    /// opponent drew.
    pub known: CardSet,
    /// The Recruiter's steps left while one is being resolved.
    pub recruit: Option<RecruitView>,
    /// Whether the tactic cards are in play (ST-40).
    pub tactics: bool,
    /// Whether this is the Battle Line mode (ST-50).
    pub battle_line: bool,
    /// The nine stones, left to right.
    pub stones: [StoneView; STONES],
    /// Whose turn it is (`None` once the match is over).
    pub active: Option<Seat>,
    /// Where the active seat is in its turn.
    pub phase: PhaseView,
    /// In the `final-claims` phase, the final claim turns left, this one included (2 or 1);
    /// `None` in every other phase.
    pub final_claim_turns: Option<u8>,
    /// The game of the match being played (from 1), and how many the match has.
    pub game: u8,
    /// Games in the match.
    pub games: u8,
    /// Who started the current game.
    pub starting_seat: Seat,
    /// Match points per seat.
    pub scores: [u16; 2],
    /// The last action taken, by whom.
    pub last_action: Option<LastAction>,
    /// How the last finished game ended (its final table), if one has.
    pub previous_game: Option<FinishedGameView>,
}

/// The active seat's step.
#[derive(Clone, Copy, PartialEq, Eq, Hash, Debug, Serialize)]
#[serde(rename_all = "kebab-case")]
pub enum PhaseView {
    /// Play a card or pass; in the default timing, claims may come first.
    Play,
    /// `claim-after-play`: claim stones or say `done`.
    Claim,
    /// Tactics: draw from the clan or the tactic pile (ST-40).
    Draw,
    /// The Recruiter: draw, then put cards back (ST-45).
    Recruit,
    /// The Strategist: move or discard one of your cards (ST-45).
    Strategist,
    /// The Banshee: discard one of the opponent's cards (ST-45).
    Banshee,
    /// The Traitor: move one of the opponent's clan cards to your side (ST-45).
    Traitor,
    /// Neither seat can play a card: claim stones or pass; then the rest is settled (ST-31).
    FinalClaims,
    /// The match is over.
    Over,
}

/// One stone as seen by everyone.
#[derive(Clone, Copy, PartialEq, Eq, Debug, Serialize)]
pub struct StoneView {
    /// The stone's number, 1–9.
    pub number: u8,
    /// Seat 0's and seat 1's cards, in play order.
    pub sides: [Side; 2],
    /// Who completed their side first (the tie-break of ST-15).
    pub first: Option<Seat>,
    /// Who owns the stone.
    pub owner: Option<Seat>,
    /// The formation of each complete side (elite troops at their best, ST-42).
    pub formations: [Option<Formation>; 2],
    /// The combat modes on the stone (ST-43, ST-44).
    pub modes: CardSet,
    /// Cards a complete side needs: 3, or 4 under Mud (ST-44).
    pub capacity: u8,
    /// What each side's elite troops were fixed to when the stone was resolved (ST-42).
    pub resolved: [Resolution; 2],
}

/// The Recruiter's steps left (ST-45).
#[derive(Clone, Copy, PartialEq, Eq, Hash, Debug, Serialize)]
pub struct RecruitView {
    /// Cards still to draw.
    pub draws: u8,
    /// Cards still to put back.
    pub returns: u8,
}

/// The last action and who took it.
#[derive(Clone, Copy, PartialEq, Eq, Debug, Serialize)]
pub struct LastAction {
    /// The seat.
    pub seat: Seat,
    /// The action, in notation.
    pub action: Action,
}

/// A finished game of the match.
#[derive(Clone, Copy, PartialEq, Eq, Debug, Serialize)]
pub struct FinishedGameView {
    /// Its number in the match.
    pub game: u8,
    /// Who won it.
    pub winner: Seat,
    /// How.
    pub reason: WinReason,
    /// The points each seat scored in it.
    pub points: [u16; 2],
    /// The table as it ended.
    pub stones: [StoneView; STONES],
}

impl StoneView {
    fn of(index: usize, stone: &StoneState) -> StoneView {
        StoneView {
            number: index as u8 + 1,
            sides: *stone.sides(),
            first: stone.first,
            owner: stone.owner,
            formations: stone.formations(),
            modes: stone.modes(),
            capacity: stone.capacity() as u8,
            resolved: *stone.resolved(),
        }
    }

    fn all(stones: &[StoneState; STONES]) -> [StoneView; STONES] {
        std::array::from_fn(|i| StoneView::of(i, &stones[i]))
    }
}

impl From<&FinishedGame> for FinishedGameView {
    fn from(game: &FinishedGame) -> Self {
        FinishedGameView {
            game: game.game,
            winner: game.winner,
            reason: game.reason,
            points: game.points,
            stones: StoneView::all(&game.stones),
        }
    }
}

impl View {
    pub(crate) fn of(state: &SchottenTotten, viewer: Option<Seat>) -> View {
        let over = state.phase == Phase::Over;
        // Someone not at the table sees what a spectator sees.
        let viewer = viewer.filter(|seat| seat.index() < 2);
        View {
            viewer,
            hand: viewer.map(|seat| state.hands[seat.index()]),
            hand_sizes: state.hands.map(|hand| hand.len() as u8),
            revealed: state.revealed,
            pile: state.pile.len() as u8,
            tactic_pile: state.tactic_pile.len() as u8,
            hand_tactics: state.hands.map(|hand| hand.tactics().len() as u8),
            discard: state.discard,
            played_tactics: state.played_tactics,
            tucked: viewer.map(|seat| state.tucked[seat.index()]).unwrap_or_default(),
            known: viewer.map(|seat| state.known[seat.index()]).unwrap_or_default(),
            recruit: match state.phase {
                Phase::Recruit { draws, returns } => Some(RecruitView { draws, returns }),
                _ => None,
            },
            tactics: state.config.tactics,
            battle_line: state.config.battle_line,
            stones: StoneView::all(&state.stones),
            active: (!over).then_some(state.active),
            phase: match state.phase {
                Phase::Play => PhaseView::Play,
                Phase::Claim => PhaseView::Claim,
                Phase::Draw => PhaseView::Draw,
                Phase::Recruit { .. } => PhaseView::Recruit,
                Phase::Strategist => PhaseView::Strategist,
                Phase::Banshee => PhaseView::Banshee,
                Phase::Traitor => PhaseView::Traitor,
                Phase::FinalClaims { .. } => PhaseView::FinalClaims,
                Phase::Over => PhaseView::Over,
            },
            final_claim_turns: match state.phase {
                Phase::FinalClaims { turns } => Some(turns),
                _ => None,
            },
            game: state.game,
            games: state.config.match_games,
            starting_seat: state.starting,
            scores: state.scores,
            last_action: state.last_action.map(|(seat, action)| LastAction { seat, action }),
            previous_game: state.previous.as_ref().map(FinishedGameView::from),
        }
    }
}
