"""The field's own checks: PettingZoo's `api_test` and `seed_test` for every game, seat count
and variant family; Gymnasium's `check_env` for every id; OpenSpiel's algorithms on the games
registered in pyspiel."""

import warnings

import gymnasium
import numpy as np
import pettingzoo
import pyspiel
import pytest
from gymnasium.utils.env_checker import check_env
from open_spiel.python import policy as policy_lib
from open_spiel.python.algorithms import evaluate_bots, exploitability, ismcts, mcts
from open_spiel.python.algorithms import outcome_sampling_mccfr
from pettingzoo.test import api_test, seed_test

import spieltisch
import spieltisch.openspiel
from setups import IDS, SETUPS
from spieltisch.gymnasium import env_id
from spieltisch.pettingzoo import env


@pytest.mark.parametrize("name,seats,variants", SETUPS, ids=IDS)
def test_pettingzoo_api_and_seed_tests_pass(name, seats, variants):
    with warnings.catch_warnings():
        warnings.simplefilter("ignore")  # PettingZoo's style hints (a Dict observation, …)
        api_test(env(name, seats=seats, variants=variants), num_cycles=200)
        seed_test(lambda: env(name, seats=seats, variants=variants), num_cycles=200)
    assert isinstance(env(name, seats=seats, variants=variants), pettingzoo.AECEnv)


def test_pettingzoo_bots_move_inside_and_agents_see_their_own_seat():
    e = env("kopf-an-kopf", seats=4, bots={1: "heuristic", 3: "easy"}, render_mode="ansi")
    assert e.possible_agents == ["player_0", "player_2"]
    api_test(e, num_cycles=300)
    e.reset(seed=9)
    finished = False
    for agent in e.agent_iter(20_000):
        observation, reward, termination, truncation, info = e.last()
        if termination or truncation:
            finished = True
            e.step(None)
            continue
        assert observation["action_mask"].any(), f"{agent} is asked with nothing to do"
        e.step(e.action_space(agent).sample(observation["action_mask"]))
    assert finished and not e.agents
    assert isinstance(e.render(), str)
    with pytest.raises(ValueError):
        env("knock-out-whist", bots={0: "random", 1: "random"})


@pytest.mark.parametrize("name", spieltisch.registered_games())
def test_gymnasium_ids_pass_check_env(name):
    with warnings.catch_warnings():
        warnings.simplefilter("ignore")  # unbounded Box observations
        e = gymnasium.make(env_id(name))
        check_env(e.unwrapped)
        observation, info = e.reset(seed=3)
        done, steps = False, 0
        while not done:
            action = e.action_space.sample(observation["action_mask"])
            observation, reward, terminated, truncated, info = e.step(action)
            done, steps = terminated or truncated, steps + 1
        assert -1.0 <= reward <= 1.0 and "outcome" in info
        # An illegal action ends the episode as a loss.
        observation, _ = e.reset(seed=4)
        illegal = int(np.flatnonzero(observation["action_mask"] == 0)[0])
        _, reward, terminated, _, info = e.step(illegal)
        assert terminated and reward == -1.0 and info["illegal_action"]


def test_gymnasium_takes_seats_seat_and_opponents():
    e = gymnasium.make("spieltisch/KnockOut-v0", seats=4, seat=2, opponents="random")
    observation, _ = e.reset(seed=1)
    assert observation["observation"].shape == tuple(spieltisch.load_game("knock-out", seats=4).observation_tensor_shape())


@pytest.mark.parametrize("name", spieltisch.registered_games())
def test_every_game_is_a_pyspiel_game(name):
    spieltisch.openspiel.register()
    info = spieltisch.load_game(name).info()
    game = pyspiel.load_game(f"{spieltisch.openspiel.short_name(name)}(players={info['max_seats']})")
    assert game.num_players() == info["max_seats"]
    assert game.get_type().information == pyspiel.GameType.Information.IMPERFECT_INFORMATION
    state = game.new_initial_state()
    rng = np.random.default_rng(1)
    middle = None
    for step in range(300):
        if state.is_terminal():
            break
        if step == 10:
            middle = state.clone()
        player = state.current_player()
        assert len(state.observation_tensor(player)) == game.observation_tensor_size()
        assert state.information_state_string(player) == state.native.information_state_string(player)
        clone = state.clone()
        state.apply_action(int(rng.choice(state.legal_actions())))
        assert clone.history() != state.history()
    world = middle.resample_from_infostate(middle.current_player(), pyspiel.UniformProbabilitySampler(0.0, 1.0))
    assert world.information_state_string() == middle.information_state_string()
    assert world.observation_tensor() == middle.observation_tensor()
    # Each call samples a world of its own, though OpenSpiel's ISMCTS hands each a fresh
    # sampler with the same seed.
    player = middle.current_player()
    others = {tuple(middle.resample_from_infostate(player, pyspiel.UniformProbabilitySampler(0.0, 1.0))
                    .observation_tensor((player + 1) % game.num_players())) for _ in range(4)}
    assert len(others) > 1, "every resampled world is the same"


class _ISMCTSBot(ismcts.ISMCTSBot):
    """OpenSpiel's Python ISMCTS, which searches afresh every move, told it may restart."""

    def restart_at(self, state):
        self.reset()


def test_openspiel_ismcts_plays_whole_games_through_evaluate_bots():
    spieltisch.openspiel.register()
    game = pyspiel.load_game("spieltisch_knock_out_whist(players=3)")
    evaluator = mcts.RandomRolloutEvaluator(1, np.random.RandomState(1))
    bots = [_ISMCTSBot(game, evaluator, 2.0, 10, random_state=np.random.RandomState(i)) for i in range(3)]
    returns = evaluate_bots.evaluate_bots(game.new_initial_state(), bots, np.random.RandomState(2))
    assert len(returns) == 3 and abs(sum(returns)) < 1e-9


# A two-player end game of Knock-Out Whist (round 4 of 6, both hands dealt): small enough for
# OpenSpiel's exact exploitability.
END_GAME = ("round 4 dealer 1; phase play; turn 1; status in in; mercy-used -; trump S chosen; turned -; "
            "chooser 1 tied 1; hands AH,JS,KS 3C,KH,8S; tricks 0 0; done -; trick 1:-; votes -")


def test_outcome_sampling_mccfr_lowers_exploitability_on_an_end_game():
    spieltisch.openspiel.register()
    game = pyspiel.load_game("spieltisch_knock_out_whist",
                             {"players": 2, "variants": "start-cards=6", "position": END_GAME})
    assert len(policy_lib.TabularPolicy(game).state_lookup) > 50
    np.random.seed(1)
    solver = outcome_sampling_mccfr.OutcomeSamplingSolver(game)
    conv = {}
    for iteration in range(1, 1001):
        solver.iteration()
        if iteration in (1, 100, 1000):
            conv[iteration] = exploitability.nash_conv(game, solver.average_policy())
    assert conv[1000] < conv[100] < conv[1] and conv[1000] < conv[1] / 5, conv
