"""Positions per second a Python checker sustains through `spieltisch engine`.

A checker looks at every position from every seat: the old way takes three round trips per
position (a `view` for each of the two seats, then an `apply`), the new way one (`apply` with
`"views": "all"` returns the next views and legal actions of both seats). Both play the same
random Schotten-Totten games (same seeds, same choices) and check the same thing: the seat to
act has a legal action and sees six cards while the pile lasts.

    python examples/bench.py [GAMES]
"""

import os
import random
import sys
import time

from spieltisch.protocol import Engine


def check(view, legal):
    assert legal, "the seat to act has a legal action"
    hand = view["hand"]
    assert view["pile"] == 0 or len(hand) >= 5, hand


def old_way(engine, games):
    positions = 0
    for g in range(games):
        m = engine.new_match("schotten-totten", seed=g)
        rng = random.Random(g)
        while not m.over:
            views = [m.view(seat) for seat in range(2)]
            seat = m.to_act[0]
            check(views[seat]["view"], views[seat]["legal"])
            m.apply(seat, rng.choice(views[seat]["legal"]))
            positions += 1
        m.close()
    return positions


def new_way(engine, games):
    positions = 0
    for g in range(games):
        m = engine.new_match("schotten-totten", seed=g)
        rng = random.Random(g)
        views = {seat: m.view(seat) for seat in range(2)}
        while not m.over:
            seat = m.to_act[0]
            check(views[seat]["view"], views[seat]["legal"])
            reply = m.apply(seat, rng.choice(views[seat]["legal"]), views="all")
            views = {v["seat"]: v for v in reply["views"]}
            positions += 1
        m.close()
    return positions


def engine_cpu_seconds(engine):
    """The engine process's CPU time so far (Linux: /proc), or None elsewhere."""
    try:
        with open(f"/proc/{engine._process.pid}/stat") as stat:
            fields = stat.read().rsplit(")", 1)[1].split()
        return (int(fields[11]) + int(fields[12])) / os.sysconf("SC_CLK_TCK")
    except (OSError, ValueError, IndexError):
        return None


def main(games=300):
    with Engine() as engine:
        for name, way in [("2 views + apply", old_way), ("apply with views", new_way)]:
            way(engine, 5)  # warm up
            start, cpu, engine_cpu = time.perf_counter(), time.process_time(), engine_cpu_seconds(engine)
            positions = way(engine, games)
            seconds = time.perf_counter() - start
            python_us = 1e6 * (time.process_time() - cpu) / positions
            engine_after = engine_cpu_seconds(engine)
            engine_us = "?" if engine_cpu is None else f"{1e6 * (engine_after - engine_cpu) / positions:.0f}"
            print(f"{name}: {positions} positions in {seconds:.2f} s = {positions / seconds:,.0f} positions/s; "
                  f"CPU per position: Python {python_us:.0f} µs, engine {engine_us} µs")


if __name__ == "__main__":
    main(int(sys.argv[1]) if len(sys.argv) > 1 else 300)
