"""A random agent against `ismcts:200` in every game: 100 games each, the agent's seat going
round the table (two players in Schotten-Totten and Knock-Out Whist, three in Knock Out and
Kopf an Kopf, with a bot in every other seat).

    python examples/random_vs_ismcts.py [GAMES]
"""

import random
import sys
import time

from spieltisch.protocol import AecEnv, Engine


def play(env, rng, seat):
    """One game with uniformly random legal actions for the agent; returns its reward."""
    env.reset()
    agent = f"player_{seat}"
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
        for game, seats in (("schotten-totten", 2), ("knock-out-whist", 2), ("knock-out", 3), ("kopf-an-kopf", 3)):
            wins = draws = 0
            start = time.perf_counter()
            for i in range(games):
                seat = i % seats  # the agent's seat goes round the table
                bots = {other: bot for other in range(seats) if other != seat}
                env = AecEnv(game, seats=seats, bots=bots, engine=engine, seed=i)
                reward = play(env, rng, seat)
                wins += reward > 0
                draws += reward == 0 and seats == 2
                env.close()
            seconds = time.perf_counter() - start
            print(f"{game}, {seats} seats: random won {wins} of {games} games against {bot} "
                  f"({100 * wins / games:.1f} %, par {100 / seats:.1f} %"
                  f"{f', {draws} shared' if seats == 2 else ''}), {seconds:.0f} s")


if __name__ == "__main__":
    main(int(sys.argv[1]) if len(sys.argv) > 1 else 100)
