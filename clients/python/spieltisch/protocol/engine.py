"""The `spieltisch engine` process and the matches it holds (docs/protocol.md)."""

import json
import os
import shutil
import subprocess
from pathlib import Path
from typing import Any, Dict, List, Optional, Sequence, Union

Json = Dict[str, Any]


class EngineError(Exception):
    """A reply with `"ok": false`: `code` is the protocol's stable error code."""

    def __init__(self, code: str, message: str):
        super().__init__(f"{code}: {message}")
        self.code = code
        self.message = message


def find_binary(path: Optional[Union[str, os.PathLike]] = None) -> str:
    """The `spieltisch` binary: `path` if given, else `$SPIELTISCH_BIN`, else `spieltisch` on
    PATH, else `target/release/spieltisch` of the repository this package sits in (or of
    `$CARGO_TARGET_DIR`), else `../../target/release/spieltisch` from the working directory."""
    if path:
        return str(path)
    if os.environ.get("SPIELTISCH_BIN"):
        return os.environ["SPIELTISCH_BIN"]
    on_path = shutil.which("spieltisch")
    if on_path:
        return on_path
    here = Path(__file__).resolve().parent
    candidates = []
    if os.environ.get("CARGO_TARGET_DIR"):
        candidates.append(Path(os.environ["CARGO_TARGET_DIR"]) / "release" / "spieltisch")
    candidates += [here.parents[3] / "target" / "release" / "spieltisch",
                   Path("../../target/release/spieltisch")]
    for candidate in candidates:
        if candidate.is_file():
            return str(candidate)
    raise FileNotFoundError(
        "no spieltisch binary: pass its path, set SPIELTISCH_BIN, put it on PATH or run "
        "`cargo build --release -p cli`")


class Engine:
    """One `spieltisch engine` process. Use as a context manager, or call `close()`."""

    def __init__(self, binary: Optional[Union[str, os.PathLike]] = None):
        self.binary = find_binary(binary)
        self._process = subprocess.Popen(
            [self.binary, "engine"], stdin=subprocess.PIPE, stdout=subprocess.PIPE,
            stderr=subprocess.DEVNULL, text=True, encoding="utf-8", bufsize=1)

    def __enter__(self) -> "Engine":
        return self

    def __exit__(self, *exc: Any) -> None:
        self.close()

    def close(self) -> None:
        """Ends the process (`quit`, then waits)."""
        if self._process.poll() is None:
            try:
                self._process.stdin.write('{"cmd":"quit"}\n')
                self._process.stdin.flush()
            except (BrokenPipeError, OSError):
                pass
            self._process.stdin.close()
            self._process.wait(timeout=10)
            self._process.stdout.close()

    def request(self, cmd: str, **fields: Any) -> Json:
        """Sends one request and returns its reply; raises `EngineError` for `"ok": false`.
        Fields whose value is `None` are left out."""
        message = {"cmd": cmd}
        message.update((k, v) for k, v in fields.items() if v is not None)
        return self.send_line(json.dumps(message, separators=(",", ":")))

    def send_line(self, line: str) -> Json:
        """Sends a request already written as one JSON line; returns the reply."""
        self._process.stdin.write(line + "\n")
        self._process.stdin.flush()
        reply_line = self._process.stdout.readline()
        if not reply_line:
            raise EngineError("engine-exited", f"{self.binary} ended (exit status {self._process.poll()})")
        reply = json.loads(reply_line)
        if not reply.get("ok"):
            raise EngineError(reply.get("error", "unknown"), reply.get("message", ""))
        return reply

    # Whole-engine commands.

    def games(self) -> List[Json]:
        """Every game's description: name, seats, variants, bots, default config."""
        return self.request("games")["games"]

    def new_match(self, game: str, seats: Optional[int] = None, seed: Optional[int] = None,
                  variants: Sequence[str] = (), config: Optional[Json] = None,
                  players: Sequence[str] = ()) -> "Match":
        """A new match (the engine picks a 53-bit seed when `seed` is None)."""
        reply = self.request("new", game=game, seats=seats, seed=seed, variants=list(variants) or None,
                             config=config, players=list(players) or None)
        return Match(self, reply)

    def setup(self, game: str, position: str, seats: Optional[int] = None, seed: Optional[int] = None,
              variants: Sequence[str] = (), config: Optional[Json] = None) -> "Match":
        """A new match starting from `position` (the game's position notation)."""
        reply = self.request("setup", game=game, position=position, seats=seats, seed=seed,
                             variants=list(variants) or None, config=config)
        return Match(self, reply)

    def load(self, record: Json) -> "Match":
        """A match replayed from a record (every action checked)."""
        return Match(self, self.request("load", record=record))

    def actions(self, game: str, seats: Optional[int] = None, variants: Sequence[str] = (),
                config: Optional[Json] = None) -> List[str]:
        """The game's whole action space in a fixed order, in notation."""
        return self.request("actions", game=game, seats=seats, variants=list(variants) or None,
                            config=config)["actions"]


class Match:
    """One open match of an `Engine`. Its status (`to_act`, `over`, `outcome`, `actions`) is
    updated by every call that returns one."""

    def __init__(self, engine: Engine, reply: Json):
        self.engine = engine
        self.id: int = reply["match"]
        self.game: str = reply["game"]
        self.seats: int = reply["seats"]
        self.seed: Optional[int] = reply.get("seed")
        self.config: Optional[Json] = reply.get("config")
        self.to_act: List[int] = []
        self.over = False
        self.outcome: Optional[Json] = None
        self.actions = 0
        self._status(reply)

    def _status(self, reply: Json) -> Json:
        if "to_act" in reply:
            self.to_act = reply["to_act"]
            self.over = reply["over"]
            self.outcome = reply["outcome"]
            self.actions = reply["actions"]
        return reply

    def request(self, cmd: str, **fields: Any) -> Json:
        """A request addressed to this match; updates the status from the reply."""
        return self._status(self.engine.request(cmd, match=self.id, **fields))

    def view(self, seat: Optional[int]) -> Json:
        """The reply of `view`: `view` (the game's JSON for `seat`, None = spectator), `legal`."""
        return self.request("view", seat=seat)

    def legal(self, seat: int) -> List[str]:
        """`seat`'s legal actions in notation."""
        return self.view(seat)["legal"]

    def apply(self, seat: int, action: str, views: Optional[str] = None,
              view_seat: Optional[int] = None) -> Json:
        """Applies `action` for `seat`. `views="to_act"` (or `"all"`) and `view_seat` add
        `views`: the next view and legal actions of those seats, in the same round trip."""
        return self.request("apply", seat=seat, action=action, views=views, view_seat=view_seat)

    def bot(self, seat: int, bot: str, apply: bool = False, seed: Optional[int] = None,
            views: Optional[str] = None, view_seat: Optional[int] = None) -> Json:
        """Asks the built-in bot `bot` (`random`, `heuristic`, `ismcts:200`) for `seat`'s action;
        with `apply=True` also applies it (and may return views, as `apply` does)."""
        return self.request("bot", seat=seat, bot=bot, apply=apply or None, seed=seed, views=views,
                            view_seat=view_seat)

    def analyse(self, seat: int, bot: str = "expert", seed: Optional[int] = None) -> List[Json]:
        """A searching bot's value of every legal action of `seat` (`ismcts:2000`, `hard`,
        `expert`; its budget is the analysis's), from that seat's information only: a list of
        `{"action", "value", "visits"}`, the search's ranking first, `value` the seat's estimated
        reward after the action (0 to 1). The same seed gives the same analysis."""
        return self.request("analyse", seat=seat, bot=bot, seed=seed)["actions"]

    def record(self) -> Json:
        """The match so far as a record (replayable with `Engine.load`)."""
        return self.request("record")["record"]

    def position(self) -> str:
        """The whole state in the game's position notation (referee knowledge)."""
        return self.request("position")["position"]

    def refresh(self) -> Json:
        """Reads the status again (`outcome`)."""
        return self.request("outcome")

    def action_space(self) -> List[str]:
        """The match's game's whole action space (for its config and seats)."""
        return self.request("actions")["actions"]

    def close(self) -> None:
        """Closes the match in the engine."""
        self.engine.request("close", match=self.id)

