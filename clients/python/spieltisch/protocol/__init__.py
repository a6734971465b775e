"""Drive spieltisch games through the `spieltisch engine` line protocol (`docs/protocol.md`):
a child process on this machine, standard library only. For another machine or language, or
a record of what the engine says; in-process play is faster through `spieltisch.load_game`.

    from spieltisch.protocol import Engine

    with Engine() as engine:
        m = engine.new_match("schotten-totten", seed=1)
        while not m.over:
            seat = m.to_act[0]
            m.bot(seat, "heuristic" if seat == 0 else "random", apply=True)
        print(m.outcome)

`Engine` starts the binary (see `find_binary`), `Match` wraps one match, `AecEnv` is an
environment in the PettingZoo AEC style over the protocol.
"""

from .engine import Engine, EngineError, Match, find_binary
from .env import AecEnv

__all__ = ["Engine", "EngineError", "Match", "AecEnv", "find_binary"]
