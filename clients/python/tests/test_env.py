"""The AEC-style environment against the real binary."""

import itertools
import random
import unittest

from spieltisch.protocol import AecEnv, Engine
from spieltisch.protocol.env import reward_of


class EnvTest(unittest.TestCase):
    @classmethod
    def setUpClass(cls):
        cls.engine = Engine()

    @classmethod
    def tearDownClass(cls):
        cls.engine.close()

    def play(self, env, rng):
        """Plays one game with random legal actions; returns the steps taken."""
        steps = 0
        for agent in env.agent_iter(10_000):
            observation, reward, termination, truncation, info = env.last()
            if termination or truncation:
                env.step(None)
                continue
            mask = observation["action_mask"]
            legal = [i for i, bit in enumerate(mask) if bit]
            self.assertEqual(sorted(env.action_names[i] for i in legal), sorted(observation["legal"]))
            self.assertTrue(legal, f"{agent} has a legal action")
            env.step(rng.choice(legal))
            steps += 1
        return steps

    def test_an_agent_against_a_bot_plays_to_the_end_and_gets_the_outcome_as_reward(self):
        env = AecEnv("schotten-totten", bots={1: "random"}, engine=self.engine, seed=4)
        rng = random.Random(4)
        for _ in range(3):
            env.reset()
            self.assertEqual(env.agents, ["player_0"])
            self.assertEqual(env.num_actions, 54 * 9 + 9 + 2)
            self.assertGreater(self.play(env, rng), 5)
            self.assertEqual(env.agents, [])
            outcome = env.infos["player_0"]["outcome"]
            self.assertEqual(env.rewards["player_0"], reward_of(outcome, 0))
            self.assertIn(env.rewards["player_0"], (-1.0, 1.0))
        env.close()

    def test_every_seat_an_agent_in_a_whist_game_with_a_secret_vote(self):
        env = AecEnv("knock-out-whist", seats=4, variants=["knocked-out-vote"], engine=self.engine, seed=9)
        env.reset()
        self.assertEqual(env.possible_agents, ["player_0", "player_1", "player_2", "player_3"])
        self.play(env, random.Random(9))
        rewards = [env.rewards[a] for a in env.possible_agents]
        self.assertEqual(max(rewards), 1.0, "a lone winner")
        env.close()

    def test_knock_out_and_kopf_an_kopf_play_through_the_mask_against_bots(self):
        # Knock Out at 3 seats: 3 x 2 targets x 2 own boxers, every training choice of 4 or 3 of
        # the 12 cards, offer and accept on 2 x 4 fields and pass, play 1 to 5. Kopf an Kopf:
        # 447 at 3 seats (two seat-targeted cards lose a target each from 4 seats; rules 2 bets
        # 1 to 5 € on each horse, and steal and decline).
        hand = [1, 1, 2, 2, 2, 3, 3, 3, 4, 4, 5, 5]
        trainings = {c for n in (3, 4) for c in itertools.combinations(hand, n)}
        for game, actions in (("knock-out", 12 + len(trainings) + 17 + 5), ("kopf-an-kopf", 447)):
            with self.subTest(game=game):
                env = AecEnv(game, seats=3, bots={1: "heuristic", 2: "random"}, engine=self.engine, seed=3)
                self.assertEqual(env.num_actions, actions)
                env.reset()
                self.assertGreater(self.play(env, random.Random(3)), 5)
                self.assertEqual(env.agents, [])
                reason = env.infos["player_0"]["outcome"]["reason"]
                self.assertIn(reason["code"], ("out-of-fight-cards", "no-challenge-left", "third-horse-finished"))
                env.close()

    def test_rewards_from_places(self):
        self.assertEqual(reward_of({"places": [1, 2]}, 0), 1.0)
        self.assertEqual(reward_of({"places": [1, 2]}, 1), -1.0)
        self.assertEqual(reward_of({"places": [1, 1]}, 1), 0.0)
        self.assertEqual(reward_of({"places": [2, 1, 3]}, 0), 0.0)


if __name__ == "__main__":
    unittest.main()
