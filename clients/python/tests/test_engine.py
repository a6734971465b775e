"""The client against the real `spieltisch engine` (set SPIELTISCH_BIN, or build it with
`cargo build --release -p cli`)."""

import random
import unittest

from spieltisch.protocol import Engine, EngineError


class EngineTest(unittest.TestCase):
    @classmethod
    def setUpClass(cls):
        cls.engine = Engine()

    @classmethod
    def tearDownClass(cls):
        cls.engine.close()

    def test_games_lists_both_card_games(self):
        names = [g["name"] for g in self.engine.games()]
        self.assertIn("schotten-totten", names)
        self.assertIn("knock-out-whist", names)

    def test_seeds_the_engine_picks_fit_in_53_bits(self):
        for _ in range(20):
            m = self.engine.new_match("schotten-totten")
            self.assertLess(m.seed, 2 ** 53)
            self.assertGreaterEqual(m.seed, 0)
            m.close()

    def test_errors_carry_the_protocol_code_and_change_nothing(self):
        m = self.engine.new_match("schotten-totten", seed=7)
        with self.assertRaises(EngineError) as caught:
            m.apply(1, "pass")
        self.assertEqual(caught.exception.code, "not-your-turn")
        with self.assertRaises(EngineError) as caught:
            m.apply(0, "play y5 3", views="everyone")
        self.assertEqual(caught.exception.code, "bad-request")
        self.assertEqual(m.refresh()["actions"], 0, "a refused request applies nothing")
        with self.assertRaises(EngineError) as caught:
            self.engine.new_match("chess")
        self.assertEqual(caught.exception.code, "unknown-game")

    def test_apply_echoes_the_action_in_canonical_notation(self):
        m = self.engine.new_match("schotten-totten", seed=7)
        self.assertEqual(m.apply(0, "  PLAY Y5 3 ")["action"], "play y5 3")
        w = self.engine.new_match("knock-out-whist", seats=3, seed=2)
        seat = w.to_act[0]
        card = w.legal(seat)[0]  # "play XX"
        self.assertEqual(w.apply(seat, card.split()[1].lower())["action"], card)

    def test_one_round_trip_gives_the_views_separate_requests_give(self):
        for game, seats in [("schotten-totten", 2), ("knock-out-whist", 4)]:
            m = self.engine.new_match(game, seats=seats, seed=3)
            rng = random.Random(1)
            while not m.over:
                seat = m.to_act[0]
                action = rng.choice(m.legal(seat))
                reply = m.apply(seat, action, views="to_act", view_seat=0)
                views = {v["seat"]: v for v in reply["views"]}
                self.assertEqual(sorted(views), sorted(set(m.to_act) | {0}))
                for s, v in views.items():
                    separate = m.view(s)
                    self.assertEqual(v["view"], separate["view"])
                    self.assertEqual(v["legal"], separate["legal"])

    def test_without_the_new_fields_the_reply_has_no_views(self):
        m = self.engine.new_match("schotten-totten", seed=7)
        self.assertNotIn("views", m.apply(0, "play y5 3"))
        self.assertNotIn("views", m.bot(1, "random", apply=True))

    def test_analyse_values_every_legal_action_and_repeats_for_a_seed(self):
        m = self.engine.new_match("schotten-totten", seed=5)
        values = m.analyse(0, "ismcts:300", seed=2)
        self.assertEqual(sorted(v["action"] for v in values), sorted(m.view(0)["legal"]))
        self.assertTrue(all(0.0 <= v["value"] <= 1.0 for v in values))
        self.assertEqual(m.analyse(0, "ismcts:300", seed=2), values)
        with self.assertRaises(EngineError) as refused:
            m.analyse(0, "heuristic")
        self.assertEqual(refused.exception.code, "bad-bot")

    def test_bots_finish_a_game_and_the_outcome_says_why_it_ended(self):
        reasons = set()
        for seed in range(6):
            m = self.engine.new_match("schotten-totten", seed=seed)
            while not m.over:
                seat = m.to_act[0]
                m.bot(seat, "heuristic" if seat == 0 else "random", apply=True)
            self.assertEqual(sorted(m.outcome["places"]), [1, 2])
            reasons.add(m.outcome["reason"]["code"])
            self.assertIn("seat", m.outcome["reason"]["text"])
            record = m.record()
            self.assertEqual(record["end_reason"], m.outcome["reason"])
            again = self.engine.load(record)
            self.assertTrue(again.over)
            self.assertEqual(again.outcome, m.outcome)
        self.assertLessEqual(reasons, {"three-adjacent-stones", "five-stones", "settlement"})

    def test_the_action_space_holds_every_legal_action(self):
        for game, seats in [("schotten-totten", 2), ("knock-out-whist", 5), ("knock-out", 4), ("kopf-an-kopf", 3)]:
            space = self.engine.actions(game, seats=seats)
            self.assertEqual(len(space), len(set(space)))
            m = self.engine.new_match(game, seats=seats, seed=11)
            self.assertEqual(m.action_space(), space)
            rng = random.Random(2)
            while not m.over:
                seat = m.to_act[0]
                legal = m.legal(seat)
                self.assertTrue(set(legal) <= set(space), legal)
                m.apply(seat, rng.choice(legal))

    def test_positions_export_and_start_matches_and_impossible_ones_are_refused(self):
        for game, seats in [("schotten-totten", 2), ("knock-out-whist", 4)]:
            m = self.engine.new_match(game, seats=seats, seed=5)
            for _ in range(7):
                seat = m.to_act[0]
                m.bot(seat, "random", apply=True)
            position = m.position()
            copy = self.engine.setup(game, position, seats=seats, seed=1)
            self.assertEqual(copy.position(), position)
            for seat in range(seats):
                self.assertEqual(copy.view(seat)["view"], m.view(seat)["view"])
            record = copy.record()
            self.assertEqual(record["position"], position)
            self.assertEqual(self.engine.load(record).position(), position)
            with self.assertRaises(EngineError) as caught:
                self.engine.setup(game, position.replace("hands ", "hands 2C,", 1).replace("hands ", "hands r1,", 1),
                                  seats=seats)
            self.assertEqual(caught.exception.code, "bad-position")


    def test_every_game_and_variant_has_positions_through_the_protocol(self):
        for game, seats, variants in [("knock-out", 3, ["pro"]), ("kopf-an-kopf", 4, []),
                                      ("schotten-totten", 2, ["tactics"]), ("schotten-totten", 2, ["battle-line"])]:
            with self.subTest(game=game, variants=variants):
                m = self.engine.new_match(game, seats=seats, seed=8, variants=variants)
                for _ in range(9):
                    m.bot(m.to_act[0], "random", apply=True)
                position = m.position()
                copy = self.engine.setup(game, position, seats=seats, seed=1, variants=variants)
                self.assertEqual(copy.position(), position)
                for seat in range(seats):
                    self.assertEqual(copy.view(seat)["view"], m.view(seat)["view"])
                self.assertEqual(self.engine.load(copy.record()).position(), position)
                with self.assertRaises(EngineError) as caught:
                    self.engine.setup(game, position[:-3], seats=seats, variants=variants)
                self.assertEqual(caught.exception.code, "bad-position")


if __name__ == "__main__":
    unittest.main()
