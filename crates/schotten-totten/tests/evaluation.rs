//! The search's evaluation of an unfinished world (`schotten_totten::evaluation`).

use engine::{Game, MAX_SEATS, seeded};
use schotten_totten::{Card, Config, Layout, SchottenTotten, evaluation};

fn cards(text: &str) -> Vec<Card> {
    text.split_whitespace().map(|c| c.parse().unwrap()).collect()
}

fn evaluate(game: &SchottenTotten) -> [f64; 2] {
    let mut rewards = [0.0; MAX_SEATS];
    evaluation(game, &mut seeded(1), &mut rewards);
    [rewards[0], rewards[1]]
}

/// Seat `strong` holds colour runs at stones 4 and 5 and `at_6` at stone 6; the other seat low
/// cards there.
fn lopsided(strong: usize, at_6: &str) -> SchottenTotten {
    let mut layout = Layout::default();
    let weak = 1 - strong;
    layout.place(4, strong, &cards("r7 r8 r9")).unwrap();
    layout.place(5, strong, &cards("y7 y8 y9")).unwrap();
    layout.place(6, strong, &cards(at_6)).unwrap();
    layout.place(4, weak, &cards("g1 b3")).unwrap();
    layout.place(5, weak, &cards("p2 r4")).unwrap();
    layout.place(6, weak, &cards("y1 g2")).unwrap();
    SchottenTotten::from_layout(&Config::default(), &layout).unwrap()
}

#[test]
fn st_30_three_adjacent_stones_sure_to_be_won_score_a_win_for_either_seat() {
    let [a, b] = evaluate(&lopsided(0, "g9 b9 p9"));
    assert!(a == 1.0 && b == 0.0, "seat 0 has three adjacent stones for sure: {a} {b}");
    let [c, d] = evaluate(&lopsided(1, "g9 b9 p9"));
    assert!(c == 0.0 && d == 1.0, "seat 1 has them: {c} {d}");
}

#[test]
fn a_fresh_deal_scores_a_chance_for_each_seat_that_sums_to_one() {
    let mut rng = seeded(7);
    for _ in 0..20 {
        let game = SchottenTotten::new(&Config::default(), 2, &mut rng).unwrap();
        let [a, b] = evaluate(&game);
        assert!((0.05..=0.95).contains(&a), "no deal is decided before a card is played: {a}");
        assert!((a + b - 1.0).abs() < 1e-9);
    }
}

#[test]
fn a_mirrored_table_scores_the_same_for_the_mirrored_seat() {
    // Stone 6 holds a single nine: likely, not sure.
    let [a, b] = evaluate(&lopsided(0, "g9"));
    let [c, d] = evaluate(&lopsided(1, "g9"));
    assert!(a > 0.6 && a < 1.0, "likely, not sure: {a}");
    assert!((a - d).abs() < 1e-6 && (b - c).abs() < 1e-6, "{a} {b} against {c} {d}");
}
