//! How well a sampled world explains what the other players did this round, under a model of
//! how they play (a bot): the basis of sampling worlds by belief rather than uniformly.
//!
//! A uniform sample (see [`engine::Game::determinize`]) only respects the voids players showed.
//! But choices say more: a player who named hearts as trump holds many hearts; a player who
//! ducked with the seven while holding the ace would be odd. Given a model, a world is replayed
//! from the start of the round with its hands, and each choice of another player the model would
//! not have made there is a *surprise*. Worlds with fewer surprises are likelier.

use engine::{Bot, EventLog, Game, GameRng, InfoSet, Seat};

use crate::action::Action;
use crate::cardset::CardSet;
use crate::state::{KnockOutWhist, Phase, Status, TrumpFrom};
use crate::suit::SuitSet;
use crate::trick::Trick;

impl KnockOutWhist {
    /// [`engine::Game::surprises`]: the choices of this round, replayed from its start with this
    /// world's hands. Checked are the trump choice (KW-6, unless a vote preceded it, whose tied
    /// options are not kept) and every card played or held; votes are secret and not checked.
    pub(crate) fn count_surprises(
        &self,
        observer: Seat,
        model: &mut dyn Bot<KnockOutWhist>,
        stop_at: u32,
        rng: &mut GameRng,
    ) -> u32 {
        if self.phase != Phase::Play || stop_at == 0 {
            return 0;
        }
        let mut replay = self.round_start();
        let mut surprises = 0;
        let mut legal = Vec::new();
        if self.trump_from == TrumpFrom::Chosen
            && !self.config.knocked_out_vote
            && let (Some(chooser), Some(trump)) = (self.chooser, self.trump)
            && chooser != observer
        {
            let mut choosing = replay.clone();
            choosing.phase = Phase::ChooseTrump { options: SuitSet::ALL };
            choosing.trump = None;
            choosing.trump_from = TrumpFrom::Pending;
            choosing.turn = chooser;
            if model.choose(&InfoSet::new(&choosing, chooser), rng) != Action::Trump(trump) {
                surprises += 1;
            }
        }
        let mut log = EventLog::off();
        let done = self.done[..usize::from(self.done_len)].iter();
        for play in done.chain(std::iter::once(&self.trick)).flat_map(Trick::plays) {
            if surprises >= stop_at {
                break;
            }
            let action = play.card.map_or(Action::Hold, Action::Play);
            if play.seat != observer {
                replay.legal_actions(play.seat, &mut legal);
                if legal.len() > 1 && model.choose(&InfoSet::new(&replay, play.seat), rng) != action {
                    surprises += 1;
                }
            }
            if replay.apply(play.seat, action, rng, &mut log).is_err() {
                // Not reachable for a world sampled from a real game; say it explains nothing.
                return stop_at;
            }
        }
        surprises.min(stop_at)
    }

    /// This world as it was when the round's first card was about to be played: the cards
    /// played this round back in their hands.
    fn round_start(&self) -> KnockOutWhist {
        let mut start = self.clone();
        let leader = if self.done_len > 0 { self.done[0].leader() } else { self.trick.leader() };
        let done = self.done[..usize::from(self.done_len)].iter();
        for play in done.chain(std::iter::once(&self.trick)).flat_map(Trick::plays) {
            if let Some(card) = play.card {
                start.hands[play.seat.index()].insert(card);
            }
        }
        // A player dealt one card into a longer round was on a mercy chance (KW-31), even if
        // that card has since won them back in.
        if self.cards_per_hand() > 1 {
            for seat in Seat::all(self.seats()) {
                if start.hands[seat.index()].len() == 1 && self.mercy_used.contains(seat) {
                    start.status[seat.index()] = Status::Mercy;
                }
            }
        }
        start.tricks_won = [0; engine::MAX_SEATS];
        start.done_len = 0;
        start.played = CardSet::EMPTY;
        start.voids = [SuitSet::EMPTY; engine::MAX_SEATS];
        start.begin_play(leader);
        start
    }
}

#[cfg(test)]
mod tests {
    use engine::{RandomBot, seeded};

    use super::*;
    use crate::HeuristicBot;
    use crate::config::Config;

    /// Plays a game with `players` choosing, calling `check` on the true state before every
    /// move.
    fn play(
        config: &Config,
        seats: usize,
        seed: u64,
        players: &mut dyn Bot<KnockOutWhist>,
        check: &mut dyn FnMut(&KnockOutWhist),
    ) {
        let mut rng = seeded(seed);
        let mut game = KnockOutWhist::new(config, seats, &mut rng).unwrap();
        let mut log = EventLog::off();
        while let Some(seat) = game.to_act().first() {
            check(&game);
            let action = players.choose(&InfoSet::new(&game, seat), &mut rng);
            game.apply(seat, action, &mut rng, &mut log).unwrap();
        }
    }

    #[test]
    fn a_game_the_model_played_holds_no_surprise_for_anyone() {
        let mut checked = 0;
        for (i, config) in Config::flag_combinations().enumerate() {
            for seats in 2..=7 {
                let seed = 100 * i as u64 + seats as u64;
                let mut players = HeuristicBot::default();
                play(&config, seats, seed, &mut players, &mut |game| {
                    let mut model = HeuristicBot::default();
                    let mut rng = seeded(seed);
                    for observer in Seat::all(seats) {
                        assert_eq!(game.count_surprises(observer, &mut model, u32::MAX, &mut rng), 0, "{game:?}");
                        checked += 1;
                    }
                });
            }
        }
        assert!(checked > 10_000, "only {checked} checks");
    }

    #[test]
    fn random_play_surprises_the_heuristic_and_counting_stops_at_the_limit() {
        let mut surprised = 0;
        let mut states = 0;
        for seed in 0..20 {
            let mut players = RandomBot::default();
            play(&Config::default(), 4, seed, &mut players, &mut |game| {
                let mut model = HeuristicBot::default();
                let mut rng = seeded(seed);
                let all = game.count_surprises(Seat::at(0), &mut model, u32::MAX, &mut rng);
                assert!(game.count_surprises(Seat::at(0), &mut model, 2, &mut rng) == all.min(2));
                states += 1;
                surprised += usize::from(all > 0);
            });
        }
        // Early in a round there is little to check; later most random games stray.
        assert!(surprised * 3 > states, "{surprised} of {states} states surprised the model");
    }

    // KW-6: the heuristic names its longest suit, so a chooser holding none of the trump it
    // named is a surprise; the observer's own choice never is.
    #[test]
    fn a_chooser_without_the_trump_it_named_is_a_surprise() {
        let mut found = 0;
        for seed in 0..40 {
            let mut players = HeuristicBot::default();
            play(&Config::default(), 4, seed, &mut players, &mut |game| {
                let (Some(chooser), Some(trump)) = (game.chooser, game.trump) else { return };
                let fresh = game.phase == Phase::Play && game.done_len == 0 && game.trick.plays().is_empty();
                if !fresh || game.trump_from != TrumpFrom::Chosen {
                    return;
                }
                // Swap the chooser's trumps for undealt side cards.
                let mut world = game.clone();
                let trumps = world.hands[chooser.index()].of_suit(trump);
                let spare: CardSet = (world.deck - world.deck.of_suit(trump)).iter().take(trumps.len()).collect();
                world.hands[chooser.index()] = (world.hands[chooser.index()] - trumps) | spare;
                world.deck = (world.deck - spare) | trumps;
                let mut model = HeuristicBot::default();
                let mut rng = seeded(seed);
                let other = Seat::all(4).find(|&s| s != chooser && world.status[s.index()] == Status::In).unwrap();
                assert_eq!(world.count_surprises(other, &mut model, 9, &mut rng), 1);
                assert_eq!(world.count_surprises(chooser, &mut model, 9, &mut rng), 0);
                found += 1;
            });
        }
        assert!(found > 10, "only {found} fresh chosen-trump rounds");
    }
}
