"""A random agent against `ismcts:200` in every game: 100 games each, seats alternating.

    python examples/random_vs_ismcts.py [GAMES]
"""

import random
import sys
import time

from spieltisch import AecEnv, Engine


def play(env, rng):
    """One game with uniformly random legal actions for the agent; returns its reward."""
    env.reset()
    agent = env.possible_agents[0]
    for current in env.agent_iter():
        observation, reward, termination, truncation, info = env.last()
        if termination or truncation:
            env.step(None)
            continue
        legal = [i for i, bit in enumerate(observation["action_mask"]) if bit]
        env.step(rng.choice(legal))
    return env.rewards[agent]


def main(games=100, bot="ismcts:200"):
    rng = random.Random(2026)
    with Engine() as engine:
        for game in ("schotten-totten", "knock-out-whist"):
            wins = draws = 0
            start = time.perf_counter()
            for i in range(games):
                seat = i % 2  # the agent plays seat 0 in even games, seat 1 in odd ones
                env = AecEnv(game, seats=2, bots={1 - seat: bot}, engine=engine, seed=i)
                reward = play(env, rng)
                wins += reward > 0
                draws += reward == 0
                env.close()
            seconds = time.perf_counter() - start
            print(f"{game}: random won {wins} of {games} games against {bot} "
                  f"({100 * wins / games:.1f} %, {draws} shared), {seconds:.0f} s")


if __name__ == "__main__":
    main(int(sys.argv[1]) if len(sys.argv) > 1 else 100)
