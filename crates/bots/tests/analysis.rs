//! `Bot::analyse` (hints, the analysis of a finished game, the protocol's `analyse`): ISMCTS
//! values every legal action from the seat's information alone, the same for the same seed;
//! bots that do not search give none. Every catalog game.

mod common;

use engine::{Bot, BotError, BotSpec, Game, InfoSet, Seat, seeded};

/// Checks `spec`'s analysis at positions of `G` reached by random play: it lists each legal
/// action once, values within 0 to 1, the search's ranking first; it is the same for a world
/// that differs only in what the seat cannot see, and for the same seed. Returns how many
/// positions had hidden information that really moved.
fn check<G: Game>(factory: common::Factory<G>, config: &G::Config, seats: usize, positions: u64) -> usize {
    let spec = "ismcts:60";
    let mut moved = 0;
    for seed in 0..positions {
        let depth = (seed * 13 % 50) as usize;
        let Some((game, seat)) = common::random_position::<G>(config, seats, seed, depth) else { continue };
        let analyse = |state: &G| {
            common::bot(factory, spec)
                .analyse(&InfoSet::new(state, seat), &mut seeded(seed ^ 0xA11))
                .expect("ismcts analyses")
        };
        let values = analyse(&game);
        let mut legal = Vec::new();
        game.legal_actions(seat, &mut legal);
        let mut listed: Vec<String> = values.iter().map(|v| v.action.to_string()).collect();
        let mut expected: Vec<String> = legal.iter().map(ToString::to_string).collect();
        listed.sort();
        expected.sort();
        assert_eq!(listed, expected, "{} seed={seed}: each legal action once", G::NAME);
        assert!(values.iter().all(|v| (0.0..=1.0).contains(&v.value)), "{} seed={seed}: {values:?}", G::NAME);
        assert!(values.windows(2).all(|w| w[0].visits >= w[1].visits), "{} seed={seed}: ranked", G::NAME);
        assert_eq!(analyse(&game), values, "{} seed={seed}: the same seed, the same analysis", G::NAME);
        let other = game.determinize(seat, &mut seeded(seed.wrapping_mul(31).wrapping_add(7)));
        moved += usize::from(Seat::all(seats).any(|s| s != seat && other.view(Some(s)) != game.view(Some(s))));
        assert_eq!(analyse(&other), values, "{} seed={seed}: the analysis peeked at hidden cards", G::NAME);
    }
    moved
}

/// Bots without a search value nothing.
fn no_analysis<G: Game>(factory: common::Factory<G>, config: &G::Config, seats: usize) {
    let (game, seat) = common::random_position::<G>(config, seats, 1, 3).expect("a position");
    for spec in ["random", "heuristic"] {
        let values = common::bot(factory, spec).analyse(&InfoSet::new(&game, seat), &mut seeded(1));
        assert!(values.is_none(), "{}: {spec} analysed", G::NAME);
    }
}

fn schotten_totten(spec: &BotSpec) -> Result<Box<dyn Bot<schotten_totten::SchottenTotten>>, BotError> {
    catalog::schotten_totten_bots().build(spec)
}

fn knock_out_whist(spec: &BotSpec) -> Result<Box<dyn Bot<knock_out_whist::KnockOutWhist>>, BotError> {
    catalog::knock_out_whist_bots().build(spec)
}

fn kopf_an_kopf(spec: &BotSpec) -> Result<Box<dyn Bot<kopf_an_kopf::KopfAnKopf>>, BotError> {
    catalog::kopf_an_kopf_bots().build(spec)
}

fn knock_out(spec: &BotSpec) -> Result<Box<dyn Bot<knock_out::KnockOut>>, BotError> {
    catalog::knock_out_bots().build(spec)
}

#[test]
fn an_analysis_values_every_legal_action_from_the_seat_s_information_alone() {
    let moved = check(schotten_totten, &Default::default(), 2, 12)
        + check(knock_out_whist, &Default::default(), 4, 12)
        + check(kopf_an_kopf, &Default::default(), 3, 8)
        + check(knock_out, &Default::default(), 3, 8);
    assert!(moved > 20, "most positions had hidden cards that moved ({moved})");
}

#[test]
fn bots_that_do_not_search_give_no_analysis() {
    no_analysis(schotten_totten, &Default::default(), 2);
    no_analysis(knock_out_whist, &Default::default(), 4);
    no_analysis(kopf_an_kopf, &Default::default(), 3);
    no_analysis(knock_out, &Default::default(), 3);
}
