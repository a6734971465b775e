"""Gymnasium: one seat of a spieltisch game against built-in bots, one id per game.

    import gymnasium
    import spieltisch  # registers the ids

    env = gymnasium.make("spieltisch/SchottenTotten-v0")               # seat 0 against heuristic
    env = gymnasium.make("spieltisch/KnockOut-v0", seats=4, opponents="ismcts:200")
    observation, info = env.reset(seed=1)
    action = env.action_space.sample(observation["action_mask"])
    observation, reward, terminated, truncated, info = env.step(action)

Observations are `{"observation": float32 tensor, "action_mask": int8 mask}`, actions ids into
the game's action space. The reward is the seat's return at the end (-1 … 1: the share of the
others it finished ahead of), 0 before. An illegal action ends the episode at once with
reward -1 and `info["illegal_action"]` (so unmasked sampling, as `check_env` does, is safe;
use the mask to learn).
"""

from typing import Any, Dict, Optional, Sequence, Union

import gymnasium
import numpy as np

from . import load_game, registered_games


def env_id(name: str) -> str:
    """The Gymnasium id of game `name`: `knock-out-whist` → `spieltisch/KnockOutWhist-v0`."""
    return "spieltisch/" + "".join(part.capitalize() for part in name.split("-")) + "-v0"


class SpieltischGymEnv(gymnasium.Env):
    """Seat `seat` of game `name`; every other seat is played by `opponents` (one spec for all,
    or `{seat: spec}`)."""

    metadata = {"render_modes": ["ansi"], "render_fps": 1}

    def __init__(self, name: str, seats: Optional[int] = None, seat: int = 0,
                 opponents: Union[str, Dict[int, str]] = "heuristic", variants: Sequence[str] = (),
                 config: Optional[Dict[str, Any]] = None, render_mode: Optional[str] = None):
        self.game = load_game(name, seats=seats, variants=list(variants), config=config)
        players = self.game.num_players()
        if not 0 <= seat < players:
            raise ValueError(f"there is no seat {seat} at a table of {players}")
        if isinstance(opponents, str):
            opponents = {s: opponents for s in range(players) if s != seat}
        missing = [s for s in range(players) if s != seat and s not in opponents]
        if missing or seat in opponents:
            raise ValueError(f"every seat but {seat} needs a bot (missing: {missing})")
        for spec in opponents.values():
            self.game.bot(spec)
        self.seat, self.opponents, self.render_mode = seat, dict(opponents), render_mode
        shape = tuple(self.game.observation_tensor_shape())
        actions = self.game.num_distinct_actions()
        self.observation_space = gymnasium.spaces.Dict({
            "observation": gymnasium.spaces.Box(-np.inf, np.inf, shape, np.float32),
            "action_mask": gymnasium.spaces.Box(0, 1, (actions,), np.int8),
        })
        self.action_space = gymnasium.spaces.Discrete(actions)
        self.state = None
        self._bots = {}

    def reset(self, *, seed: Optional[int] = None, options: Optional[Dict[str, Any]] = None):
        super().reset(seed=seed)
        draw = lambda: int(self.np_random.integers(0, 2 ** 63 - 1))  # noqa: E731
        self.state = self.game.new_initial_state(seed=draw())
        self._bots = {s: self.game.bot(spec, seed=draw()) for s, spec in self.opponents.items()}
        self._advance()
        return self._observation(), {}

    def step(self, action):
        legal = self.state.legal_actions(self.seat)
        if int(action) not in legal:
            return self._observation(), -1.0, True, False, {"illegal_action": True}
        self.state.apply_action(int(action))
        self._advance()
        if self.state.is_terminal():
            return self._observation(), float(self.state.returns()[self.seat]), True, False, {
                "outcome": self.state.outcome()}
        return self._observation(), 0.0, False, False, {}

    def render(self) -> Optional[str]:
        if self.render_mode == "ansi" and self.state is not None:
            return str(self.state.view(self.seat))
        return None

    def action_to_string(self, action: int) -> str:
        """The notation of action `action`."""
        return self.game.action_to_string(action)

    def _advance(self) -> None:
        """Lets the bots move until the seat is to act or the game is over."""
        while not self.state.is_terminal() and self.state.current_player() != self.seat:
            player = self.state.current_player()
            self.state.apply_action(self._bots[player].step(self.state))

    def _observation(self) -> Dict[str, np.ndarray]:
        return {"observation": self.state.observation_tensor(self.seat),
                "action_mask": self.state.legal_actions_mask(self.seat)}


def register_envs() -> None:
    """Registers `spieltisch/<Game>-v0` for every game (done on `import spieltisch`)."""
    for name in registered_games():
        if env_id(name) not in gymnasium.registry:
            gymnasium.register(id=env_id(name), entry_point=SpieltischGymEnv, kwargs={"name": name})
