"""OpenSpiel on spieltisch games: OpenSpiel's Python ISMCTS plays Knock-Out Whist against
random bots through `evaluate_bots`, and outcome-sampling MCCFR solves an end game (OpenSpiel's
exact NashConv falls as it trains).

    python clients/python/examples/openspiel_example.py [GAMES]
"""

import sys

import numpy as np
import pyspiel
from open_spiel.python.algorithms import evaluate_bots, exploitability, ismcts, mcts
from open_spiel.python.algorithms import outcome_sampling_mccfr
from open_spiel.python.bots import uniform_random

import spieltisch.openspiel


class ISMCTSBot(ismcts.ISMCTSBot):
    """OpenSpiel's Python ISMCTS (it searches afresh every move, so it may restart anywhere)."""

    def restart_at(self, state):
        self.reset()


END_GAME = ("round 4 dealer 1; phase play; turn 1; status in in; mercy-used -; trump S chosen; turned -; "
            "chooser 1 tied 1; hands AH,JS,KS 3C,KH,8S; tricks 0 0; done -; trick 1:-; votes -")


def main(games: int) -> None:
    spieltisch.openspiel.register()
    game = pyspiel.load_game("spieltisch_knock_out_whist(players=2)")
    evaluator = mcts.RandomRolloutEvaluator(2, np.random.RandomState(0))
    total = 0.0
    for g in range(games):
        seat = g % 2  # the searcher's seat alternates
        bots = [uniform_random.UniformRandomBot(s, np.random.RandomState(g)) for s in range(2)]
        bots[seat] = ISMCTSBot(game, evaluator, 2.0, 50, random_state=np.random.RandomState(g))
        returns = evaluate_bots.evaluate_bots(game.new_initial_state(), bots, np.random.RandomState(g))
        total += returns[seat]
    print(f"ISMCTS (50 simulations) against random, {games} games of Knock-Out Whist: mean return {total / games:+.2f}")

    end_game = pyspiel.load_game("spieltisch_knock_out_whist",
                                 {"players": 2, "variants": "start-cards=6", "position": END_GAME})
    np.random.seed(1)
    solver = outcome_sampling_mccfr.OutcomeSamplingSolver(end_game)
    for iteration in range(1, 2001):
        solver.iteration()
        if iteration in (1, 10, 100, 1000, 2000):
            conv = exploitability.nash_conv(end_game, solver.average_policy())
            print(f"MCCFR on an end game, {iteration:>4} iterations: NashConv {conv:.4f}")


if __name__ == "__main__":
    main(int(sys.argv[1]) if len(sys.argv) > 1 else 10)
