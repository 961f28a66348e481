"""The save file: what it holds, how it is written, read and checked.

A save records what is needed to rebuild a game exactly: the game, a hash of
each of its data and rules files, the text of every variant it was played
with (so a save of a game played with a variant file replays without that
file), the scenario, options and seed, the text of the position file it
started from if it did (:mod:`legatus.framework.engine.positions`), and the action log with the state
hash after every action. Resuming a save
(:meth:`legatus.framework.play.driver.Match.resume`) replays the log and
compares hashes, so a save made under changed rules is reported with the
first action that fails or diverges; a save whose files changed but that
still replays comes with a warning naming the files. A checksum over the content catches truncated and
edited files; nothing is half-loaded: either the whole log replays or
:class:`~legatus.framework.model.errors.SaveError` says why not.
"""

from __future__ import annotations

import hashlib
import json
import os
from collections.abc import Callable, Mapping, Sequence
from pathlib import Path
from typing import Any

from legatus.framework.engine.actions import Move
from legatus.framework.engine.core import Game
from legatus.framework.engine.state import State
from legatus.framework.model.errors import SaveError

FORMAT = "legatus-save"
#: Version 2 adds ``files`` (a hash per file) and ``variants`` (their texts); version 1
#: saves still load (their variant by name).
VERSION = 2
VERSIONS = (1, 2)
MAX_SAVE_BYTES = 16 * 1024 * 1024

#: Builds a playable game from (game name, [(variant name, variant text)...]) when a save is
#: loaded; an empty text (a version 1 save) means "the variant of that name".
GameFactory = Callable[[str, Sequence[tuple[str, str]]], Game]


def _checksum(body: dict[str, Any]) -> str:
    text = json.dumps(body, sort_keys=True, separators=(",", ":"), ensure_ascii=True)
    return hashlib.sha256(text.encode()).hexdigest()[:16]


def make_save(
    game: Game,
    start: State,
    moves: Sequence[Move],
    hashes: Sequence[str],
    final: str,
    position: str | None = None,
    players: Mapping[str, str] | None = None,
) -> dict[str, Any]:
    """The save of a game played from ``start`` with ``moves``, ``hashes`` being the hash
    of the state after each and ``final`` the current state's; ``position``: the text of the position file it started from;
    ``players`` (side -> player spec) lets a resumed game keep its seats."""
    body: dict[str, Any] = {
        "format": FORMAT,
        "version": VERSION,
        "game": start["game"],
        "fingerprint": game.fingerprint,
        "files": dict(game.sources.files),
        "variants": [list(pair) for pair in game.sources.variants],
        "scenario": start["scenario"],
        "variant": start["variant"],
        "options": list(start["options"]),
        "seed": start["seed"],
        "moves": [m.to_json() for m in moves],
        "hashes": list(hashes),
        "final": final,
    }
    if players:
        body["players"] = dict(players)
    if position is not None:
        body["position"] = position
    body["checksum"] = _checksum(body)
    return body


def with_server(save: Mapping[str, Any], server: Mapping[str, Any]) -> dict[str, Any]:
    """``save`` with what a server adds to its game (``server``; its checksum made anew):
    ``result``, the result of a game the server ended (a loss on time), ``clock``, the time
    control, ``clocks``, each human seat's ``{"left": seconds, "running": bool}`` at the save,
    ``takeover``, the computer player that takes over a seat, ``taken``, the seats it plays.
    A match continued from the save keeps them."""
    body = {k: v for k, v in save.items() if k != "checksum"}
    body["server"] = server
    body["checksum"] = _checksum(body)
    return body


def _ranks_ok(ranks: Any) -> bool:
    """A result's ``ranks``: side -> a whole number (1 best)."""
    return isinstance(ranks, dict) and all(
        isinstance(rank, int) and not isinstance(rank, bool) for rank in ranks.values()
    )


def _check_server(server: Any, where: str) -> None:
    """The types of a save's ``server`` part (:func:`with_server`)."""
    wrong = SaveError(f"{where}: the save's 'server' field has the wrong type")
    if not isinstance(server, dict):
        raise wrong
    result = server.get("result")
    if result is not None and not (
        isinstance(result, dict)
        and isinstance(result.get("reason", ""), str)
        and isinstance(result.get("winner"), (str, type(None)))
        and _ranks_ok(result.get("ranks") or {})
    ):
        raise wrong
    clocks = server.get("clocks", {})
    if not isinstance(server.get("clock", {}), dict) or not isinstance(clocks, dict):
        raise wrong
    for shown in clocks.values():
        left = shown.get("left") if isinstance(shown, dict) else None
        if not isinstance(left, (int, float)) or isinstance(left, bool):
            raise wrong
    if not isinstance(server.get("takeover", ""), str):
        raise wrong
    taken = server.get("taken", [])
    if not isinstance(taken, list) or not all(isinstance(t, str) for t in taken):
        raise wrong


def write_save(save: Mapping[str, Any], path: Path) -> None:
    """Write a save whole or not at all: a new file is written, then renamed over ``path``,
    so an interruption never leaves half a save."""
    text = json.dumps(save, indent=1) + "\n"
    partial = path.with_name(f".{path.name}.partial")
    partial.write_text(text, "utf-8")
    os.replace(partial, path)


def read_bounded(path: Path, limit: int, what: str) -> bytes:
    """The bytes of a file, refused as soon as it grows past ``limit`` while being read.

    A device that never ends (``/dev/zero``) or a huge file is refused after
    reading at most ``limit + 1`` bytes, never read whole into memory.
    """
    try:
        with path.open("rb") as handle:
            raw = handle.read(limit + 1)
    except OSError as exc:
        raise SaveError(f"{path}: cannot read {what}: {exc.strerror or exc}") from None
    if len(raw) > limit:
        raise SaveError(f"{path}: {what} is larger than {limit} bytes")
    return raw


def read_save(path: Path) -> dict[str, Any]:
    """Read and check a save file's shape and checksum (no replay)."""
    raw = read_bounded(path, MAX_SAVE_BYTES, "save")
    try:
        data = json.loads(raw.decode("utf-8"))
    except RecursionError:
        raise SaveError(f"{path}: not a save file (JSON nested too deep)") from None
    except ValueError as exc:
        # Bad UTF-8, bad JSON, and numbers too long for Python to convert (over
        # 4300 digits; the advice after ";" is for programmers, not players).
        reason = str(exc).split(";", 1)[0]
        raise SaveError(f"{path}: not a save file (truncated or corrupt JSON: {reason})") from None
    return check_save(data, str(path))


_FIELDS: dict[str, type | tuple[type, ...]] = {
    "format": str,
    "version": int,
    "game": str,
    "fingerprint": str,
    "scenario": str,
    "variant": (str, type(None)),
    "options": list,
    "seed": int,
    "moves": list,
    "hashes": list,
    "final": str,
    "checksum": str,
}


def check_save(data: Any, where: str = "save") -> dict[str, Any]:
    if not isinstance(data, dict) or data.get("format") != FORMAT:
        raise SaveError(f'{where}: not a Legatus save (no "format": "{FORMAT}")')
    for name, kind in _FIELDS.items():
        if name not in data:
            raise SaveError(f"{where}: the save has no {name!r} field (truncated or edited)")
        if not isinstance(data[name], kind) or isinstance(data[name], bool):
            raise SaveError(f"{where}: the save's {name!r} field has the wrong type")
    if not all(isinstance(option, str) for option in data["options"]):
        # Option names are looked up in a set when the game starts: a list or a
        # mapping among them would fail there with a TypeError instead.
        raise SaveError(f"{where}: the save's 'options' field has the wrong type")
    if data["version"] not in VERSIONS:
        raise SaveError(
            f"{where}: save format version {data['version']} is not supported "
            f"(expected {' or '.join(map(str, VERSIONS))})"
        )
    if not isinstance(data.get("position", ""), str):
        raise SaveError(f"{where}: the save's 'position' field has the wrong type")
    players = data.get("players", {})
    if not isinstance(players, dict) or not all(
        isinstance(k, str) and isinstance(v, str) for k, v in players.items()
    ):
        raise SaveError(f"{where}: the save's 'players' field has the wrong type")
    if "server" in data:
        _check_server(data["server"], where)
    if data["version"] >= 2:
        files, variants = data.get("files"), data.get("variants")
        if not isinstance(files, dict) or not all(
            isinstance(k, str) and isinstance(v, str) for k, v in files.items()
        ):
            raise SaveError(f"{where}: the save's 'files' field is missing or has the wrong type")
        if not isinstance(variants, list) or not all(
            isinstance(v, list) and len(v) == 2 and all(isinstance(x, str) for x in v)
            for v in variants
        ):
            raise SaveError(
                f"{where}: the save's 'variants' field is missing or has the wrong type"
            )
    body = {k: v for k, v in data.items() if k != "checksum"}
    if _checksum(body) != data["checksum"]:
        raise SaveError(
            f"{where}: the save's checksum does not match its content (edited or corrupt)"
        )
    if len(data["hashes"]) != len(data["moves"]):
        raise SaveError(
            f"{where}: the save has {len(data['moves'])} moves but {len(data['hashes'])} hashes"
        )
    return data


def saved_variants(data: dict[str, Any]) -> list[tuple[str, str]]:
    """The variants a checked save was played with: (name, text) pairs, in order."""
    if data["version"] >= 2:
        return [(name, text) for name, text in data["variants"]]
    return [(data["variant"], "")] if data["variant"] else []


def changed_files(game: Game, data: dict[str, Any]) -> list[str]:
    """The game's files that differ from the ones a save was made with (added, changed or gone)."""
    if data["version"] < 2:
        return [] if game.fingerprint == data["fingerprint"] else ["(a version 1 save: unknown)"]
    theirs: dict[str, str] = data["files"]
    ours = dict(game.sources.files)
    return sorted(name for name in set(theirs) | set(ours) if theirs.get(name) != ours.get(name))
