"""PettingZoo: every spieltisch game as a real `pettingzoo.AECEnv`.

    from spieltisch.pettingzoo import env

    e = env("knock-out", seats=4, bots={3: "heuristic"})
    e.reset(seed=1)
    for agent in e.agent_iter():
        observation, reward, termination, truncation, info = e.last()
        action = None if termination or truncation else e.action_space(agent).sample(observation["action_mask"])
        e.step(action)

Agents are `player_N` for every seat without a bot; seats in `bots` (`{seat: level or spec}`,
as the catalog names them: `heuristic`, `ismcts:200`, …) move inside `step` and `reset`.
Observations are `{"observation": float32 tensor, "action_mask": int8 mask}`; actions are
ids into the game's action space (`action_to_string` names them). In a secret choice or
reaction window the seats answer one by one, each seeing only its own answer. Rewards come at
the end: each seat's return in -1 … 1 (the share of the others it finished ahead of).
"""

import json
import random
from typing import Any, Dict, Optional, Sequence

import gymnasium
import numpy as np
from pettingzoo import AECEnv

from . import load_game


class SpieltischEnv(AECEnv):
    """One game of `name` at a time, agent by agent (see the module docs)."""

    metadata = {"name": "spieltisch_v0", "render_modes": ["ansi", "human"], "is_parallelizable": False}

    def __init__(self, name: str, seats: Optional[int] = None, bots: Optional[Dict[int, str]] = None,
                 variants: Sequence[str] = (), config: Optional[Dict[str, Any]] = None,
                 render_mode: Optional[str] = None):
        super().__init__()
        if render_mode is not None and render_mode not in self.metadata["render_modes"]:
            raise ValueError(f"render_mode must be one of {self.metadata['render_modes']}, not {render_mode!r}")
        self.game = load_game(name, seats=seats, variants=list(variants), config=config)
        self.name = name
        self.render_mode = render_mode
        self.bots = dict(bots or {})
        seats = self.game.num_players()
        for seat in self.bots:
            if not 0 <= seat < seats:
                raise ValueError(f"there is no seat {seat} at a table of {seats}")
        for spec in self.bots.values():
            self.game.bot(spec)  # an unknown spec fails here, not at the first reset
        self.possible_agents = [f"player_{s}" for s in range(seats) if s not in self.bots]
        if not self.possible_agents:
            raise ValueError("every seat is a bot: leave at least one seat to an agent")
        self.metadata = dict(self.metadata, name=f"spieltisch_{name.replace('-', '_')}_v0")
        shape = tuple(self.game.observation_tensor_shape())
        actions = self.game.num_distinct_actions()
        space = gymnasium.spaces.Dict({
            "observation": gymnasium.spaces.Box(-np.inf, np.inf, shape, np.float32),
            "action_mask": gymnasium.spaces.Box(0, 1, (actions,), np.int8),
        })
        self._observation_spaces = {a: space for a in self.possible_agents}
        self._action_spaces = {a: gymnasium.spaces.Discrete(actions) for a in self.possible_agents}
        self._seeds = random.Random()
        self.state = None
        self._bots = {}
        self.agents = []

    def observation_space(self, agent: str) -> gymnasium.spaces.Space:
        return self._observation_spaces[agent]

    def action_space(self, agent: str) -> gymnasium.spaces.Space:
        return self._action_spaces[agent]

    @staticmethod
    def seat_of(agent: str) -> int:
        """The seat of `player_N`."""
        return int(agent.rsplit("_", 1)[1])

    def action_to_string(self, action: int) -> str:
        """The notation of action `action` (`play QS`)."""
        return self.game.action_to_string(action)

    def reset(self, seed: Optional[int] = None, options: Optional[Dict[str, Any]] = None) -> None:
        """A new game, dealt from `seed` (else from the environment's own seed sequence)."""
        if seed is not None:
            self._seeds = random.Random(seed)
        self.state = self.game.new_initial_state(seed=self._seeds.getrandbits(63))
        self._bots = {seat: self.game.bot(spec, seed=self._seeds.getrandbits(63)) for seat, spec in self.bots.items()}
        self.agents = list(self.possible_agents)
        self.rewards = {a: 0.0 for a in self.agents}
        self._cumulative_rewards = {a: 0.0 for a in self.agents}
        self.terminations = {a: False for a in self.agents}
        self.truncations = {a: False for a in self.agents}
        self.infos = {a: {} for a in self.agents}
        self._advance()

    def observe(self, agent: str) -> Dict[str, np.ndarray]:
        seat = self.seat_of(agent)
        return {"observation": self.state.observation_tensor(seat), "action_mask": self.state.legal_actions_mask(seat)}

    def step(self, action: Optional[int]) -> None:
        agent = self.agent_selection
        if self.terminations[agent] or self.truncations[agent]:
            self._was_dead_step(action)
            return
        seat = self.seat_of(agent)
        if self.state.current_player() != seat:  # pragma: no cover - agent_selection is the player
            raise RuntimeError(f"{agent} is not to act")
        self._cumulative_rewards[agent] = 0.0
        self.state.apply_action(int(action))
        self._advance()
        self._accumulate_rewards()

    def render(self) -> Optional[str]:
        """The table as a spectator sees it (JSON text): printed for `human`, returned for `ansi`."""
        if self.render_mode is None:
            gymnasium.logger.warn("render() without a render_mode: pass render_mode='ansi' or 'human'")
            return None
        text = json.dumps(self.state.view(None), indent=1) if self.state is not None else ""
        if self.render_mode == "human":
            print(text)
            return None
        return text

    def close(self) -> None:
        self.state = None

    def _advance(self) -> None:
        """Lets the bots move until an agent is to act, or ends the game."""
        state = self.state
        while not state.is_terminal():
            # Seat by seat, lowest first, in secret choices and reaction windows too: the state
            # shows no seat another's answer until the step is resolved.
            seat = state.current_player()
            if seat not in self._bots:
                self.agent_selection = f"player_{seat}"
                for a in self.agents:
                    self.rewards[a] = 0.0
                return
            state.apply_action(self._bots[seat].step(state))
        returns = state.returns()
        outcome = state.outcome()
        for a in self.agents:
            self.rewards[a] = returns[self.seat_of(a)]
            self.terminations[a] = True
            self.infos[a] = {"outcome": outcome}
        self.agent_selection = self.agents[0]


def env(name: str, seats: Optional[int] = None, bots: Optional[Dict[int, str]] = None,
        variants: Sequence[str] = (), config: Optional[Dict[str, Any]] = None,
        render_mode: Optional[str] = None) -> SpieltischEnv:
    """The `pettingzoo.AECEnv` of game `name` (see the module docs)."""
    return SpieltischEnv(name, seats=seats, bots=bots, variants=variants, config=config, render_mode=render_mode)
