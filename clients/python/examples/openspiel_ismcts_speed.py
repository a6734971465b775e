"""OpenSpiel's C++ `ISMCTSBot` on its nearest game to Knock-Out Whist, for the side-by-side
speed comparison in the README: iterations per CPU second on `oh_hell`, 4 players, 7 tricks,
after the bids and four tricks (three cards in every hand), with random rollouts to the end of
the round — the position of spieltisch's `cargo run --release -p bots --example ismcts_speed --
knock-out-whist 300 1000 playout=fast` (round 1, trick 5).

    python clients/python/examples/openspiel_ismcts_speed.py [SIMULATIONS] [RUNS]

Run the two in turns: on a shared machine the speed drifts within minutes.
"""

import random
import sys
import time

import pyspiel


def position() -> "pyspiel.State":
    """A seeded `oh_hell` deal after the four bids and sixteen cards of random play."""
    game = pyspiel.load_game("oh_hell", {"players": 4, "num_tricks_fixed": 7})
    rng = random.Random(7)
    state = game.new_initial_state()
    decisions = 0
    while True:
        if state.is_chance_node():
            actions, probabilities = zip(*state.chance_outcomes())
            state.apply_action(rng.choices(actions, probabilities)[0])
        elif decisions < 4 + 16:
            state.apply_action(rng.choice(state.legal_actions()))
            decisions += 1
        else:
            return state


def main() -> None:
    simulations = int(sys.argv[1]) if len(sys.argv) > 1 else 20000
    runs = int(sys.argv[2]) if len(sys.argv) > 2 else 5
    state = position()
    evaluator = pyspiel.RandomRolloutEvaluator(1, 7)
    rates = []
    for run in range(runs):
        bot = pyspiel.ISMCTSBot(
            7 + run, evaluator, 2.0, simulations, -1, pyspiel.ISMCTSFinalPolicyType.MAX_VISIT_COUNT, False, False
        )
        begun = time.process_time()
        bot.step(state)
        seconds = time.process_time() - begun
        rates.append(simulations / seconds)
        print(f"run {run + 1}: {simulations} iterations in {seconds:.3f} CPU s: {simulations / seconds:,.0f} /s")
    rates.sort()
    print(f"oh_hell 4p, trick 5, ISMCTSBot: median {rates[len(rates) // 2]:,.0f} iterations/s, best {rates[-1]:,.0f}")


if __name__ == "__main__":
    main()
