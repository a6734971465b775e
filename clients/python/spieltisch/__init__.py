"""spieltisch for Python: Schotten-Totten, Knock-Out Whist, Knock Out and Kopf an Kopf, played
by the engine itself (a native extension), with OpenSpiel's names.

    import random
    import spieltisch

    game = spieltisch.load_game("knock-out-whist", seats=3)
    state = game.new_initial_state(seed=7)
    while not state.is_terminal():
        state.apply_action(random.choice(state.legal_actions()))
    print(state.returns())

- `load_game(name, seats=None, variants=(), config=None)` gives a `Game`;
  `Game.new_initial_state(seed=None)` a `State` (`current_player`, `legal_actions`,
  `legal_actions_mask`, `apply_action`, `action_to_string`, `is_terminal`, `returns`,
  `observation_tensor`, `information_state_string`, `clone`, `step_kind`, `position`, …).
- `VectorGame(name, n, …)` steps n games inside Rust with the GIL released.
- `spieltisch.pettingzoo.env(...)`: a `pettingzoo.AECEnv`; `gymnasium.make("spieltisch/...")`
  once this package is imported; `spieltisch.openspiel.register()` for pyspiel.
- `spieltisch.protocol`: the client of a `spieltisch engine` process (standard library only).
"""

from ._native import TERMINAL, Bot, Game, State, VectorGame, load_game, registered_games

__all__ = ["TERMINAL", "Bot", "Game", "State", "VectorGame", "load_game", "registered_games"]
__version__ = "0.1.0"

try:  # Gymnasium's ids (`gymnasium.make("spieltisch/SchottenTotten-v0")`), when it is installed.
    from .gymnasium import register_envs as _register_envs
except ImportError:  # pragma: no cover - gymnasium is optional
    pass
else:
    _register_envs()
