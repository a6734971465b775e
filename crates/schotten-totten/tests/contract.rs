//! The shared engine contract over thousands of random games in every variant, plus
//! Schotten-Totten's own invariants at every position.

use engine::testing::check_random_games;
use engine::{Game, Match, Seat};
use schotten_totten::{CardSet, Config, Event, SchottenTotten, Scoring};

const S: [Seat; 2] = [Seat::at(0), Seat::at(1)];

/// Every card is in exactly one place; no view shows a hidden card; worlds keep the view.
fn invariants(m: &Match<SchottenTotten>) {
    let g = m.state();
    let mut seen = CardSet::EMPTY;
    let mut count = 0;
    let mut place = |set: CardSet| {
        assert!(seen.intersection(set).is_empty(), "a card is in two places");
        seen = seen.union(set);
        count += set.len();
    };
    place(g.hand(S[0]));
    place(g.hand(S[1]));
    place(g.pile_cards());
    for stone in g.view(None).stones {
        for side in stone.sides {
            place(side.set());
        }
    }
    assert_eq!(count, 54);
    assert_eq!(seen, CardSet::BASE_DECK);

    let new_game = m.last_events().events().iter().any(|e| matches!(e, Event::GameStarted { .. }));
    for viewer in [None, Some(S[0]), Some(S[1])] {
        // What viewer must not see: other seats' unshown hand cards and the pile. (The previous
        // game's final table is public and its cards are dealt anew, so it is left out.)
        let mut hidden = g.pile_cards();
        for seat in S.into_iter().filter(|&s| Some(s) != viewer) {
            hidden = hidden.union(g.hand(seat).minus(g.view(None).revealed[seat.index()]));
        }
        let mut view = g.view(viewer);
        view.previous_game = None;
        let mut texts = vec![serde_json::to_string(&view).unwrap()];
        if !new_game {
            for event in m.last_events().for_viewer(viewer) {
                if let Event::Drew { seat, card } = event {
                    assert_eq!(card.is_some(), viewer == Some(seat), "{event}");
                }
                texts.push(serde_json::to_string(&event).unwrap());
                texts.push(event.to_string());
            }
        }
        for text in &texts {
            for card in hidden {
                let name = card.to_string();
                let shown = text.match_indices(&name).any(|(i, _)| {
                    // "r1" inside "r10" is another card.
                    !text[i + name.len()..].starts_with(|c: char| c.is_ascii_digit())
                });
                assert!(!shown, "{viewer:?} sees hidden {card}: {text}");
            }
        }
    }
}

fn run(config: Config, games: usize, seed: u64) {
    let coverage = check_random_games::<SchottenTotten>(&config, 2, games, seed, &mut invariants);
    assert_eq!(coverage.games, games);
}

#[test]
fn random_games_default() {
    run(Config::default(), 300, 1);
}

#[test]
fn random_games_claim_after_play_table_proof_iello_match() {
    run(
        Config { claim_after_play: true, table_proof: true, scoring: Scoring::Iello, match_games: 3, starting_seat: 1 },
        100,
        2,
    );
}

#[test]
fn timing_probe() {
    let t = std::time::Instant::now();
    check_random_games::<SchottenTotten>(&Config::default(), 2, 100, 9, &mut |_| {});
    eprintln!("100 games without invariants: {:?}", t.elapsed());
}
