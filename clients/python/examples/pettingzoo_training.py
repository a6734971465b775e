"""A PettingZoo training loop: tabular Q-learning for seat 0 of Knock-Out Whist against the
built-in heuristic, on the observation tensor and the action mask, then its win rate against the
same opponent, greedy, next to a random agent's.

    python clients/python/examples/pettingzoo_training.py [EPISODES]

A sketch of the loop any agent plugs into (swap the table for a network): `env.last()` gives the
observation and mask, `env.step(action)` plays, the reward comes at the end.
"""

import random
import sys
from collections import defaultdict

import numpy as np

from spieltisch.pettingzoo import env as make_env


def key(observation: np.ndarray) -> bytes:
    return observation.tobytes()


def play(env, q, rng, epsilon: float, learn: bool, alpha: float = 0.2) -> float:
    """One episode for player_0; returns its reward."""
    trail = []
    for agent in env.agent_iter():
        observation, reward, termination, truncation, _ = env.last()
        if termination or truncation:
            if learn:
                for state, action in trail:  # Monte Carlo: every choice moves towards the result
                    q[state][action] += alpha * (reward - q[state][action])
            env.step(None)
            continue
        legal = np.flatnonzero(observation["action_mask"])
        state = key(observation["observation"])
        if rng.random() < epsilon:
            action = int(rng.choice(list(legal)))
        else:
            action = int(max(legal, key=lambda a: q[state][a]))
        trail.append((state, action))
        env.step(action)
    return reward


def main(episodes: int) -> None:
    env = make_env("knock-out-whist", seats=2, bots={1: "heuristic"})
    q = defaultdict(lambda: defaultdict(float))
    rng = random.Random(1)
    for episode in range(episodes):
        env.reset(seed=episode)
        play(env, q, rng, epsilon=0.2, learn=True)
    evaluation = range(10_000, 10_300)
    for label, epsilon in (("trained, greedy", 0.0), ("random", 1.0)):
        wins = 0
        for seed in evaluation:
            env.reset(seed=seed)
            wins += play(env, q, rng, epsilon=epsilon, learn=False) > 0
        print(f"{label}: won {wins} of {len(evaluation)} against heuristic ({len(q):,} states in the table)")


if __name__ == "__main__":
    main(int(sys.argv[1]) if len(sys.argv) > 1 else 2000)
