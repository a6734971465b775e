"""A random agent plays every game through the native API (pyspiel's names).

    python clients/python/examples/random_agent.py [GAMES_PER_GAME]
"""

import random
import sys
import time

import spieltisch


def main(games: int) -> None:
    rng = random.Random(1)
    for name in spieltisch.registered_games():
        game = spieltisch.load_game(name)
        start, steps, wins = time.perf_counter(), 0, [0.0] * game.num_players()
        for seed in range(games):
            state = game.new_initial_state(seed=seed)
            while not state.is_terminal():
                state.apply_action(rng.choice(state.legal_actions()))
                steps += 1
            wins = [w + (r > 0) for w, r in zip(wins, state.returns())]
        seconds = time.perf_counter() - start
        print(f"{name}: {games} random games of {game.num_players()}, {steps / games:.0f} actions a game, "
              f"seat 0 won {wins[0]:.0f}; {steps / seconds:,.0f} actions/s")


if __name__ == "__main__":
    main(int(sys.argv[1]) if len(sys.argv) > 1 else 100)
