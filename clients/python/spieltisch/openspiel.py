"""OpenSpiel: every spieltisch game registered with `pyspiel.register_game`, so OpenSpiel's own
algorithms run on it.

    import pyspiel
    import spieltisch.openspiel

    spieltisch.openspiel.register()
    game = pyspiel.load_game("spieltisch_knock_out_whist(players=3)")

Names are `spieltisch_` and the registry name with `_` for `-`. Parameters: `players` (the
fewest seats by default), `seed` (the first deal; each `new_initial_state()` takes the next),
`variants` (`mercy;start-cards:6` in a game string, `mercy,start-cards=6` in a parameter
dict), `config` (a JSON object, in a parameter dict) and `position` (every game starts there,
in the game's position notation: a small game for exact methods, an end game say).

- Sequential: a secret choice or reaction window is asked seat by seat (the lowest seat to act
  first), each seeing only its own answer; `current_player` says who.
- Chance is the engine's own (`SAMPLED_STOCHASTIC`): dealt from the state's seed, drawn inside
  `apply_action`; a clone goes on exactly as the original would.
- Returns at the end, zero-sum, in -1 … 1 (the share of the others a seat finished ahead of).
- `observation_tensor` is the game's documented tensor of the player's information set;
  `information_state_string` (and `observation_string`) the player's view JSON: what it can
  see now, not the order it learnt it in (imperfect recall).
- `resample_from_infostate(player, sampler)` is the engine's `determinize`, so OpenSpiel's
  Python ISMCTS (`open_spiel.python.algorithms.ismcts`) searches without peeking. (pyspiel's
  C++ `ISMCTSBot` cannot reach a Python game's resampling.)
"""

import itertools
import json
from typing import Optional

import numpy as np
import pyspiel

from . import load_game, registered_games

_registered = False
_resamples = itertools.count()


def short_name(name: str) -> str:
    """The pyspiel name of game `name`: `knock-out-whist` → `spieltisch_knock_out_whist`."""
    return "spieltisch_" + name.replace("-", "_")


def register() -> None:
    """Registers every game with pyspiel (once; later calls do nothing)."""
    global _registered
    if _registered:
        return
    for name in registered_games():
        info = load_game(name).info()
        game_type = pyspiel.GameType(
            short_name=short_name(name),
            long_name=f"spieltisch {info['title']}",
            dynamics=pyspiel.GameType.Dynamics.SEQUENTIAL,
            chance_mode=pyspiel.GameType.ChanceMode.SAMPLED_STOCHASTIC,
            information=pyspiel.GameType.Information.IMPERFECT_INFORMATION,
            utility=pyspiel.GameType.Utility.ZERO_SUM,
            reward_model=pyspiel.GameType.RewardModel.TERMINAL,
            max_num_players=info["max_seats"],
            min_num_players=info["min_seats"],
            provides_information_state_string=True,
            provides_information_state_tensor=False,
            provides_observation_string=True,
            provides_observation_tensor=True,
            parameter_specification={"players": info["min_seats"], "seed": 0, "variants": "", "config": "",
                                     "position": ""},
        )
        # pyspiel keeps the factory until the process ends, past Python's own end: a class
        # (as OpenSpiel's Python games register) outlives the interpreter's teardown, where a
        # closure freed then would crash the exit.
        game_class = type(f"Spieltisch{''.join(p.capitalize() for p in name.split('-'))}Game",
                          (SpieltischGame,), {"registry_name": name, "game_type": game_type})
        pyspiel.register_game(game_type, game_class)
    _registered = True


class SpieltischGame(pyspiel.Game):
    """A spieltisch game with pyspiel's face (see the module docs); `register` makes one
    subclass per game, naming it (`registry_name`) and its `game_type`."""

    registry_name = ""
    game_type = None

    def __init__(self, params=None):
        params = params or {}
        name, game_type = self.registry_name, self.game_type
        players = int(params.get("players", game_type.min_num_players))
        # In a game string `,` and `=` separate parameters: there variants are written
        # `mercy;start-cards:6` (a dict of parameters may use `,` and `=` as well).
        text = str(params.get("variants", "")).replace(";", ",").replace(":", "=")
        variants = [v.strip() for v in text.split(",") if v.strip()]
        config = json.loads(params["config"]) if params.get("config") else None
        self.native = load_game(name, seats=players, variants=variants, config=config)
        self._next_seed = int(params.get("seed", 0))
        self._position = str(params.get("position", "")) or None
        game_info = pyspiel.GameInfo(
            num_distinct_actions=self.native.num_distinct_actions(),
            max_chance_outcomes=0,
            num_players=players,
            min_utility=-1.0,
            max_utility=1.0,
            utility_sum=0.0,
            max_game_length=100_000,
        )
        super().__init__(game_type, game_info, params)

    def new_initial_state(self, seed: Optional[int] = None):
        """A new game, dealt from `seed` or the game's next seed."""
        if seed is None:
            seed, self._next_seed = self._next_seed, self._next_seed + 1
        return SpieltischState(self, self.native.new_initial_state(seed=seed, position=self._position))

    def make_py_observer(self, iig_obs_type=None, params=None):
        return _Observer(self.native)


class SpieltischState(pyspiel.State):
    """A spieltisch game in progress with pyspiel's face; `native` is the `spieltisch.State`."""

    def __init__(self, game, native):
        super().__init__(game)
        self.native = native

    def current_player(self):
        player = self.native.current_player()
        return pyspiel.PlayerId.TERMINAL if player < 0 else player

    def _legal_actions(self, player):
        return self.native.legal_actions(player)

    def _apply_action(self, action):
        self.native.apply_action(action)

    def _action_to_string(self, player, action):
        return self.native.action_to_string(action)

    def is_terminal(self):
        return self.native.is_terminal()

    def returns(self):
        return self.native.returns()

    def resample_from_infostate(self, player_id, probability_sampler):
        """A world consistent with all `player_id` knows (the engine's `determinize`), its
        chance seeded from `probability_sampler`."""
        # OpenSpiel's Python ISMCTS hands every call a fresh sampler with the same seed, so its
        # first number alone would give the same world every time: a running count makes each
        # call's world its own.
        seed = int(probability_sampler() * 2 ** 53) ^ (next(_resamples) * 0x9E3779B97F4A7C15 % 2 ** 64)
        return SpieltischState(self.get_game(), self.native.resample_from_infostate(player_id, seed))

    def __str__(self):
        return str(self.native)


class _Observer:
    """pyspiel's observer of a spieltisch game: the tensor and the view string of a player."""

    def __init__(self, native):
        self.tensor = np.zeros(native.observation_tensor_size(), np.float32)
        self.dict = {"observation": self.tensor}

    def set_from(self, state, player):
        self.tensor[:] = state.native.observation_tensor(player).reshape(-1)

    def string_from(self, state, player):
        return state.native.information_state_string(player)
