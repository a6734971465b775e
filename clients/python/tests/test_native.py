"""The native API for every game, seat count and variant family: pyspiel's names, the masks,
refusals, returns, clones; a seat's tensor the same in worlds that differ only in what it cannot
know; the vector API against single steps."""

import random

import numpy as np
import pytest

import spieltisch
from setups import IDS, SETUPS


def random_game(game, seed, on_position=None):
    """Plays a random game from `seed`, calling `on_position(state)` before every action."""
    rng = random.Random(seed)
    state = game.new_initial_state(seed=seed)
    while not state.is_terminal():
        if on_position:
            on_position(state)
        state.apply_action(rng.choice(state.legal_actions()))
    return state


@pytest.mark.parametrize("name,seats,variants", SETUPS, ids=IDS)
def test_a_random_game_keeps_the_api(name, seats, variants):
    game = spieltisch.load_game(name, seats=seats, variants=variants)
    assert game.num_players() == seats
    actions = game.num_distinct_actions()
    shape = tuple(game.observation_tensor_shape())

    def check(state):
        player = state.current_player()
        assert player == min(state.to_act()) and state.step_kind() in ("turn", "secret", "reaction")
        legal = state.legal_actions()
        mask = state.legal_actions_mask()
        assert mask.dtype == np.int8 and mask.shape == (actions,)
        assert list(np.flatnonzero(mask)) == legal, "the mask marks exactly the legal actions"
        for other in range(seats):
            if other not in state.to_act():
                assert state.legal_actions(other) == []
        tensor = state.observation_tensor(player)
        assert tensor.dtype == np.float32 and tensor.shape == shape and np.isfinite(tensor).all()
        for a in legal[:3]:
            assert game.string_to_action(state.action_to_string(a)) == a
        illegal = next((a for a in range(actions) if a not in legal), None)
        if illegal is not None:
            before = state.position()
            with pytest.raises(ValueError):
                state.apply_action(illegal)
            assert state.position() == before, "a refused action changes nothing"

    state = random_game(game, 11, check)
    assert state.current_player() == spieltisch.TERMINAL and state.legal_actions() == []
    returns = state.returns()
    assert len(returns) == seats and abs(sum(returns)) < 1e-6 and max(returns) <= 1.0
    assert state.outcome()["places"]


@pytest.mark.parametrize("name", spieltisch.registered_games())
def test_clones_go_on_alone_and_the_same_seed_deals_the_same_game(name):
    game = spieltisch.load_game(name)
    state = game.new_initial_state(seed=3)
    twin = game.new_initial_state(seed=3)
    assert state.position() == twin.position()
    copy = state.clone()
    action = state.legal_actions()[0]
    state.apply_action(action)
    assert copy.position() == twin.position(), "the clone did not move"
    copy.apply_action(action)
    assert copy.position() == state.position(), "a clone goes on as the original"
    with pytest.raises(ValueError):
        spieltisch.load_game(name, seats=99)
    with pytest.raises(ValueError):
        spieltisch.load_game(name, variants=["no-such-variant"])


@pytest.mark.parametrize("name,seats,variants", SETUPS, ids=IDS)
def test_a_seats_tensor_depends_only_on_what_it_may_know(name, seats, variants):
    """Worlds resampled for a seat differ only in what it cannot know: its tensor and its
    information state string stay the same, while some other seat's tensor changes."""
    game = spieltisch.load_game(name, seats=seats, variants=variants)
    seen = {"positions": 0, "others_changed": 0}

    def check(state):
        seen["positions"] += 1
        if seen["positions"] % 3:
            return
        for seat in range(seats):
            tensor = state.observation_tensor(seat)
            text = state.information_state_string(seat)
            for world_seed in (1, 2):
                world = state.resample_from_infostate(seat, world_seed)
                assert np.array_equal(world.observation_tensor(seat), tensor), f"seat {seat} tells the worlds apart"
                assert world.information_state_string(seat) == text
                if any(not np.array_equal(world.observation_tensor(o), state.observation_tensor(o))
                       for o in range(seats) if o != seat):
                    seen["others_changed"] += 1

    random_game(game, 5, check)
    assert seen["others_changed"] > 0, "no world ever differed: nothing hidden was resampled"


@pytest.mark.parametrize("name", spieltisch.registered_games())
def test_the_vector_api_steps_as_single_states_do(name):
    n, seed = 5, 17
    vector = spieltisch.VectorGame(name, n, seed=seed)
    game = spieltisch.load_game(name)
    singles = [game.new_initial_state(seed=s) for s in vector.seeds()]
    observations, masks, players = vector.reset()
    rng = np.random.default_rng(0)
    games_done = 0
    for _ in range(400):
        for i, state in enumerate(singles):
            assert players[i] == state.current_player()
            assert np.array_equal(observations[i], state.observation_tensor(players[i]))
            assert np.array_equal(masks[i], state.legal_actions_mask(players[i]))
        # The legal ids as rows, padded with -1: the mask's ones, ascending.
        ids, counts = vector.legal_actions()
        assert ids.dtype == np.int64 and ids.shape == (n, counts.max())
        for i, state in enumerate(singles):
            assert list(ids[i, :counts[i]]) == state.legal_actions(players[i])
            assert (ids[i, counts[i]:] == -1).all()
        actions = np.array([rng.choice(np.flatnonzero(m)) for m in masks], dtype=np.int64)
        observations, masks, rewards, dones, players = vector.step(actions)
        seeds = vector.seeds()
        for i, state in enumerate(singles):
            state.apply_action(int(actions[i]))
            assert dones[i] == state.is_terminal()
            assert np.allclose(rewards[i], state.returns())
            if dones[i]:
                games_done += 1
                singles[i] = game.new_initial_state(seed=seeds[i])
    assert games_done > 0 or name == "kopf-an-kopf"
    bad = actions.copy()
    bad[0] = game.num_distinct_actions() + 5
    with pytest.raises(ValueError, match="game 0"):
        vector.step(bad)


def test_a_vector_large_enough_to_split_over_threads_steps_as_single_states_do():
    # Hundreds of Schotten-Totten games are more work a step than one thread is given: the
    # vector hands parts of them to other threads, which must not change a result.
    n, name = 600, "schotten-totten"
    vector = spieltisch.VectorGame(name, n, seed=3, threads=3)
    game = spieltisch.load_game(name)
    singles = [game.new_initial_state(seed=s) for s in vector.seeds()]
    observations, masks, players = vector.reset()
    rng = np.random.default_rng(1)
    for _ in range(12):
        actions = np.array([rng.choice(np.flatnonzero(m)) for m in masks], dtype=np.int64)
        observations, masks, rewards, dones, players = vector.step(actions)
        ids, counts = vector.legal_actions()
        for i, state in enumerate(singles):
            state.apply_action(int(actions[i]))
            assert players[i] == state.current_player()
            assert np.array_equal(observations[i], state.observation_tensor(players[i])), i
            assert np.array_equal(masks[i], state.legal_actions_mask(players[i])), i
            assert list(ids[i, :counts[i]]) == state.legal_actions(players[i]), i
            assert (ids[i, counts[i]:] == -1).all(), i
    # Refused before any game moves, naming the game, wherever it lies in the split: an id past
    # the action space, a negative one, one in the space that is not legal now.
    good = np.array([np.flatnonzero(m)[0] for m in masks], dtype=np.int64)
    not_now = next(i for i in range(n // 2, n) if not masks[i].all())
    for i, action in [(n - 1, game.num_distinct_actions() + 5), (1, -1), (not_now, np.flatnonzero(masks[not_now] == 0)[0])]:
        bad = good.copy()
        bad[i] = action
        with pytest.raises(ValueError, match=f"game {i}: action {action} .*not legal now"):
            vector.step(bad)
    observations, masks, rewards, dones, players = vector.step(good)
    for i, state in enumerate(singles):
        state.apply_action(int(good[i]))
        assert np.array_equal(observations[i], state.observation_tensor(players[i])), i
    with pytest.raises(ValueError, match="threads: at least 1"):
        spieltisch.VectorGame(name, 2, threads=0)


def test_the_vector_api_with_bots_repeats_for_a_seed():
    runs = []
    for _ in range(2):
        vector = spieltisch.VectorGame("knock-out-whist", 3, seats=3, seed=4, bots={1: "heuristic", 2: "random"})
        observations, masks, players = vector.reset()
        assert set(players) == {0}
        trace = []
        for step in range(60):
            actions = np.array([np.flatnonzero(m)[step % max(1, len(np.flatnonzero(m)))] for m in masks])
            observations, masks, rewards, dones, players = vector.step(actions)
            assert set(players) == {0}, "only the agent's seat is asked"
            trace.append((observations.sum(), rewards.sum(), dones.sum()))
        runs.append(trace)
    assert runs[0] == runs[1]
    with pytest.raises(ValueError):
        spieltisch.VectorGame("knock-out-whist", 2, seats=2, bots={0: "random", 1: "random"})
    with pytest.raises(ValueError):
        spieltisch.VectorGame("knock-out-whist", 2, bots={1: "no-such-bot"})


def test_bots_by_spec_and_level_play_legal_actions():
    game = spieltisch.load_game("knock-out", seats=3)
    state = game.new_initial_state(seed=2)
    for spec in ("random", "heuristic", "ismcts:20", "easy"):
        bot = game.bot(spec, seed=1)
        assert bot.step(state) in state.legal_actions()
    with pytest.raises(ValueError):
        game.bot("no-such-bot")
