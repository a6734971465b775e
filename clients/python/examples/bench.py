"""Steps per second, side by side in one script: a random game played step by step from Python
(spieltisch's `apply_action`, and pyspiel's own `oh_hell` the same way when OpenSpiel is
installed), and the vector API (`VectorGame`, n games stepped inside Rust on every core, the
random choices made in numpy from its legal ids).

    python clients/python/examples/bench.py [SECONDS_PER_RUN] [N_GAMES_IN_THE_VECTOR]
"""

import os
import random
import sys
import time

import numpy as np

import spieltisch


def step_by_step(new_state, seconds: float, chance: bool = False) -> float:
    """Actions per second of random games played through `apply_action`."""
    rng = random.Random(1)
    steps, seed, start = 0, 0, time.perf_counter()
    while time.perf_counter() - start < seconds:
        state = new_state(seed)
        seed += 1
        while not state.is_terminal():
            if chance and state.is_chance_node():
                outcomes, probabilities = zip(*state.chance_outcomes())
                action = rng.choices(outcomes, probabilities)[0]
            else:
                action = rng.choice(state.legal_actions())
            state.apply_action(action)
            steps += 1
    return steps / (time.perf_counter() - start)


def vectored(name: str, n: int, seconds: float) -> tuple[float, float]:
    """Actions per second of `n` games stepped together, a uniformly random legal action of
    each game picked in numpy from the vector's legal ids; and the rate of the steps alone
    (the time inside `step`)."""
    vector = spieltisch.VectorGame(name, n, seed=1)
    rng = np.random.default_rng(1)
    vector.reset()
    rows = np.arange(n)
    steps, inside, start = 0, 0.0, time.perf_counter()
    while time.perf_counter() - start < seconds:
        # One random number a game: a pass over the masks (hundreds of ids a game) cost more
        # than the games' step.
        ids, counts = vector.legal_actions()
        actions = ids[rows, (rng.random(n) * counts).astype(np.intp)]
        before = time.perf_counter()
        vector.step(actions)
        inside += time.perf_counter() - before
        steps += n
    return steps / (time.perf_counter() - start), steps / inside


def main(seconds: float, n: int) -> None:
    print(f"{os.cpu_count()} cores; {seconds:g} s per run; actions (steps) per second")
    try:
        import pyspiel
    except ImportError:
        pyspiel = None
        print("pyspiel oh_hell, step by step: (OpenSpiel is not installed)")
    if pyspiel is not None:
        oh_hell = pyspiel.load_game("oh_hell")
        rate = step_by_step(lambda seed: oh_hell.new_initial_state(), seconds, chance=True)
        print(f"pyspiel oh_hell, step by step:            {rate:>12,.0f}")
    for name in spieltisch.registered_games():
        game = spieltisch.load_game(name)
        single = step_by_step(lambda seed: game.new_initial_state(seed=seed), seconds)
        vector, inside = vectored(name, n, seconds)
        print(
            f"spieltisch {name:<16} step by step: {single:>12,.0f}   "
            f"vector of {n}: {vector:>12,.0f} (in step: {inside:>12,.0f})"
        )


if __name__ == "__main__":
    main(float(sys.argv[1]) if len(sys.argv) > 1 else 5.0, int(sys.argv[2]) if len(sys.argv) > 2 else 256)
