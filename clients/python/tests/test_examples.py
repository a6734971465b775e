"""The examples run (small sizes here; each runs in under a minute at its default size)."""

import os
import subprocess
import sys

import pytest

EXAMPLES = os.path.join(os.path.dirname(os.path.dirname(os.path.abspath(__file__))), "examples")


@pytest.mark.parametrize("script,args,expect", [
    ("random_agent.py", ["5"], "actions/s"),
    ("pettingzoo_training.py", ["200"], "won"),
    ("openspiel_example.py", ["1"], "NashConv"),
    ("bench.py", ["0.2", "8"], "vector of 8"),
])
def test_example_runs(script, args, expect):
    done = subprocess.run([sys.executable, os.path.join(EXAMPLES, script), *args],
                          capture_output=True, text=True, timeout=300)
    assert done.returncode == 0, done.stderr
    assert expect in done.stdout
