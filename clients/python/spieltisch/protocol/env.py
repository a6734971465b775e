"""An environment in the style of PettingZoo's AEC API (agent by agent), standard library only.

Seats played by built-in bots (`bots={1: "ismcts:200"}`) move inside the environment; the
other seats are the agents (`player_0`, `player_2`, …). Actions are indices into the game's
fixed action list (`action_names`, from the protocol's `actions` command); `observe(agent)`
gives the agent's view (the game's view JSON) and a 0/1 mask of its legal actions.
"""

import random
from typing import Any, Dict, Iterator, List, Optional, Sequence, Tuple, Union

from .engine import Engine, Json, Match


def reward_of(outcome: Json, seat: int) -> float:
    """`seat`'s reward from an outcome, in [-1, 1]: the share of other seats it placed ahead of
    (equal places count half), scaled so a lone winner gets 1 and a lone loser -1."""
    places = outcome["places"]
    others = [p for s, p in enumerate(places) if s != seat]
    if not others:
        return 0.0
    mine = places[seat]
    beaten = sum(1.0 if mine < p else 0.5 if mine == p else 0.0 for p in others)
    return 2.0 * beaten / len(others) - 1.0


class AecEnv:
    """One game at a time of `game` with `seats` seats; `bots` maps seats to built-in bots."""

    metadata = {"name": "spieltisch_v0", "is_parallel": False}

    def __init__(self, game: str, seats: Optional[int] = None, bots: Optional[Dict[int, str]] = None,
                 variants: Sequence[str] = (), config: Optional[Json] = None,
                 engine: Optional[Engine] = None, seed: Optional[int] = None):
        self._own_engine = engine is None
        self.engine = engine or Engine()
        self.game = game
        info = next((g for g in self.engine.games() if g["name"] == game), None)
        if info is None:
            raise ValueError(f"unknown game {game!r}")
        self.seats = seats or info["min_seats"]
        self.bots = dict(bots or {})
        self.variants = list(variants)
        self.config = config
        self.action_names: List[str] = self.engine.actions(game, self.seats, self.variants, config)
        self.action_index = {name: i for i, name in enumerate(self.action_names)}
        self.possible_agents = [f"player_{s}" for s in range(self.seats) if s not in self.bots]
        if not self.possible_agents:
            raise ValueError("every seat is a bot: leave at least one seat to an agent")
        self._seeds = random.Random(seed)
        self.match: Optional[Match] = None
        self.agents: List[str] = []
        self.agent_selection: Optional[str] = None
        self.rewards: Dict[str, float] = {}
        self._cumulative_rewards: Dict[str, float] = {}
        self.terminations: Dict[str, bool] = {}
        self.truncations: Dict[str, bool] = {}
        self.infos: Dict[str, Dict[str, Any]] = {}
        self._views: Dict[int, Json] = {}

    @property
    def num_actions(self) -> int:
        """The size of the action space."""
        return len(self.action_names)

    @staticmethod
    def seat_of(agent: str) -> int:
        """The seat of `player_N`."""
        return int(agent.rsplit("_", 1)[1])

    def reset(self, seed: Optional[int] = None, options: Optional[Dict[str, Any]] = None) -> None:
        """Starts a new game (seeded by `seed`, else by the environment's own seed sequence)."""
        if seed is not None:
            self._seeds = random.Random(seed)
        if self.match is not None:
            self.match.close()
        game_seed = self._seeds.getrandbits(53)
        self.match = self.engine.new_match(self.game, self.seats, game_seed, self.variants, self.config)
        self.agents = list(self.possible_agents)
        self.rewards = {a: 0.0 for a in self.agents}
        self._cumulative_rewards = {a: 0.0 for a in self.agents}
        self.terminations = {a: False for a in self.agents}
        self.truncations = {a: False for a in self.agents}
        self.infos = {a: {} for a in self.agents}
        self._views = {}
        self._advance()

    def observe(self, agent: str) -> Dict[str, Any]:
        """`{"observation": view JSON, "action_mask": [0/1 per action], "legal": [notation]}`."""
        entry = self._view(self.seat_of(agent))
        mask = [0] * self.num_actions
        for action in entry["legal"]:
            mask[self.action_index[action]] = 1
        return {"observation": entry["view"], "action_mask": mask, "legal": entry["legal"]}

    def action_mask(self, agent: str) -> List[int]:
        """The 0/1 legal-action mask of `agent` over `action_names`."""
        return self.observe(agent)["action_mask"]

    def last(self, observe: bool = True) -> Tuple[Optional[Dict[str, Any]], float, bool, bool, Dict[str, Any]]:
        """(observation, cumulative reward, termination, truncation, info) of `agent_selection`."""
        agent = self.agent_selection
        observation = self.observe(agent) if observe else None
        return (observation, self._cumulative_rewards[agent], self.terminations[agent],
                self.truncations[agent], self.infos[agent])

    def agent_iter(self, max_iter: int = 2 ** 63) -> Iterator[str]:
        """Yields `agent_selection` until every agent is done (or `max_iter` steps)."""
        for _ in range(max_iter):
            if not self.agents:
                return
            yield self.agent_selection

    def step(self, action: Union[int, str, None]) -> None:
        """Plays `action` (an index into `action_names`, or notation) for `agent_selection`;
        once the game is over, each agent is stepped once more with `None` and leaves."""
        agent = self.agent_selection
        if self.terminations[agent] or self.truncations[agent]:
            if action is not None:
                raise ValueError(f"{agent} is done: step it with None")
            self.agents.remove(agent)
            self.agent_selection = self.agents[0] if self.agents else None
            return
        notation = self.action_names[action] if isinstance(action, int) else action
        self._cumulative_rewards[agent] = 0.0
        reply = self.match.apply(self.seat_of(agent), notation, views="to_act")
        self._take_views(reply)
        self._advance()

    def close(self) -> None:
        """Closes the match, and the engine if the environment started it."""
        if self.match is not None and not self.match.over:
            self.match.close()
        self.match = None
        if self._own_engine:
            self.engine.close()

    # Internals.

    def _view(self, seat: int) -> Json:
        if seat not in self._views:
            reply = self.match.view(seat)
            self._views[seat] = {"view": reply["view"], "legal": reply["legal"]}
        return self._views[seat]

    def _take_views(self, reply: Json) -> None:
        self._views = {v["seat"]: {"view": v["view"], "legal": v["legal"]} for v in reply.get("views", [])}

    def _advance(self) -> None:
        """Lets the bots move until an agent is to act or the game is over."""
        m = self.match
        while not m.over:
            agents_to_act = [s for s in m.to_act if s not in self.bots]
            if agents_to_act:
                self.agent_selection = f"player_{agents_to_act[0]}"
                return
            seat = m.to_act[0]
            self._take_views(m.bot(seat, self.bots[seat], apply=True, views="to_act"))
        for agent in self.agents:
            reward = reward_of(m.outcome, self.seat_of(agent))
            self.rewards[agent] = reward
            self._cumulative_rewards[agent] += reward
            self.terminations[agent] = True
            self.infos[agent] = {"outcome": m.outcome}
        self.agent_selection = self.agents[0]
