"""Steps per second, side by side in one script: a random game played step by step from Python
(spieltisch's `apply_action`, and pyspiel's own `oh_hell` the same way when OpenSpiel is
installed), and the vector API (`VectorGame`, n games stepped inside Rust on every core, the
random choices made in numpy from its legal ids).

    python clients/python/examples/bench.py [SECONDS_PER_RUN] [N_GAMES_IN_THE_VECTOR] [ROUNDS]

Each game's runs follow a run of `oh_hell`, round after round, and each ratio is to the
`oh_hell` just before: on a shared machine the speed drifts within minutes by more than the
differences measured.
"""

import os
import random
import statistics
import sys
import time
from typing import NamedTuple

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


class Round(NamedTuple):
    """One round's rates of one game (actions per second)."""

    oh_hell: float
    single: float
    vector: float
    inside: float


def main(seconds: float, n: int, rounds: int) -> None:
    """`rounds` rounds; in each, every game's runs right after a run of `oh_hell`, so that each
    ratio compares runs seconds apart: the speed of a shared machine drifts by more than the
    differences measured over minutes."""
    print(f"{os.cpu_count()} cores; {seconds:g} s per run; {rounds} rounds; actions (steps) per second, "
          "median of the rounds (ratio: to pyspiel's oh_hell step by step just before, lowest–median–highest)")
    try:
        import pyspiel
    except ImportError:
        pyspiel = None
        print("pyspiel oh_hell, step by step: (OpenSpiel is not installed)")
    oh_hell = pyspiel.load_game("oh_hell") if pyspiel is not None else None
    games = {name: spieltisch.load_game(name) for name in spieltisch.registered_games()}
    runs: dict[str, list[Round]] = {name: [] for name in games}
    for _ in range(rounds):
        for name, game in games.items():
            base = (step_by_step(lambda seed: oh_hell.new_initial_state(), seconds, chance=True)
                    if oh_hell is not None else float("nan"))
            single = step_by_step(lambda seed: game.new_initial_state(seed=seed), seconds)
            vector, inside = vectored(name, n, seconds)
            runs[name].append(Round(base, single, vector, inside))
    median = statistics.median
    if oh_hell is not None:
        print(f"pyspiel oh_hell, step by step:            {median(r.oh_hell for rs in runs.values() for r in rs):>12,.0f}")
    for name, rs in runs.items():
        single = [r.single / r.oh_hell for r in rs]
        vector = [r.vector / r.oh_hell for r in rs]
        print(
            f"spieltisch {name:<16} step by step: {median(r.single for r in rs):>12,.0f}   "
            f"vector of {n}: {median(r.vector for r in rs):>12,.0f} (in step: {median(r.inside for r in rs):>12,.0f})"
        )
        if oh_hell is not None:
            print(f"    times oh_hell: step by step {spread(single)}   vector {spread(vector)}")


def spread(ratios: list[float]) -> str:
    """Lowest, median and highest of `ratios`."""
    return f"{min(ratios):.1f}–{statistics.median(ratios):.1f}–{max(ratios):.1f}×"


if __name__ == "__main__":
    args = sys.argv[1:]
    main(
        float(args[0]) if len(args) > 0 else 1.0,
        int(args[1]) if len(args) > 1 else 256,
        int(args[2]) if len(args) > 2 else 3,
    )
