"""Saves and replays.

A save records what is needed to rebuild a game exactly: the game, a
fingerprint of its data and rules, the scenario, variant, options and seed,
and the action log with the state hash after every action. Loading replays
the log and compares hashes, so a save made under changed rules is reported
with the first action that fails or diverges. A checksum over the content
catches truncated and edited files; nothing is half-loaded: either the whole
log replays or :class:`~framework.errors.SaveError` says why not.
"""

from __future__ import annotations

import hashlib
import json
from collections.abc import Callable
from pathlib import Path
from typing import Any

from framework.engine.actions import Action, ActionSyntaxError
from framework.engine.core import Game
from framework.engine.session import Move, Session
from framework.errors import IllegalActionError, LegatusError, SaveError

FORMAT = "legatus-save"
VERSION = 1
MAX_SAVE_BYTES = 16 * 1024 * 1024

#: Builds a playable game from (game name, variant) when a save is loaded.
GameFactory = Callable[[str, str | None], Game]


def fingerprint(game: Game) -> str:
    """A hash of every file the game's definition and rules were built from."""
    digest = hashlib.sha256()
    folder = game.definition.folder
    files = sorted(
        p
        for p in folder.rglob("*")
        if p.is_file() and p.suffix in (".yaml", ".yml", ".rules", ".variant")
    )
    files += [p for p in game.definition.rules_files if p not in files]
    for path in files:
        digest.update(
            str(path.relative_to(folder) if path.is_relative_to(folder) else path.name).encode()
        )
        digest.update(b"\0")
        digest.update(path.read_bytes())
        digest.update(b"\0")
    digest.update(f"variant={game.variant}".encode())
    return digest.hexdigest()[:16]


def _checksum(body: dict[str, Any]) -> str:
    text = json.dumps(body, sort_keys=True, separators=(",", ":"), ensure_ascii=True)
    return hashlib.sha256(text.encode()).hexdigest()[:16]


def make_save(session: Session) -> dict[str, Any]:
    first = session.states[0]
    body: dict[str, Any] = {
        "format": FORMAT,
        "version": VERSION,
        "game": first["game"],
        "fingerprint": fingerprint(session.game),
        "scenario": first["scenario"],
        "variant": first["variant"],
        "options": list(first["options"]),
        "seed": first["seed"],
        "moves": [m.to_json() for m in session.moves],
        "hashes": [session.hash_of(n) for n in range(1, len(session.states))],
        "final": session.hash(),
    }
    body["checksum"] = _checksum(body)
    return body


def write_save(session: Session, path: Path) -> None:
    path.write_text(json.dumps(make_save(session), indent=1) + "\n", "utf-8")


def read_save(path: Path) -> dict[str, Any]:
    """Read and check a save file's shape and checksum (no replay)."""
    try:
        raw = path.read_bytes()
    except OSError as exc:
        raise SaveError(f"{path}: cannot read save: {exc.strerror}") from None
    if len(raw) > MAX_SAVE_BYTES:
        raise SaveError(f"{path}: save is larger than {MAX_SAVE_BYTES} bytes")
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
    if data["version"] != VERSION:
        raise SaveError(
            f"{where}: save format version {data['version']} is not supported (expected {VERSION})"
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


def replay(data: dict[str, Any], factory: GameFactory, where: str = "save") -> Session:
    """Rebuild the session of a checked save; raise SaveError at the first divergence."""
    try:
        game = factory(data["game"], data["variant"])
    except LegatusError as exc:
        raise SaveError(f"{where}: cannot load game {data['game']!r}: {exc}") from None
    changed = fingerprint(game) != data["fingerprint"]
    note = " (the game's data or rules changed since the save was made)" if changed else ""
    try:
        state = game.new_state(data["scenario"], seed=data["seed"], options=data["options"])
    except LegatusError as exc:
        raise SaveError(f"{where}: cannot start the saved game{note}: {exc}") from None
    session = Session.start(game, state)
    for number, (entry, expected) in enumerate(zip(data["moves"], data["hashes"], strict=True), 1):
        if not (
            isinstance(entry, list) and len(entry) == 2 and all(isinstance(x, str) for x in entry)
        ):
            raise SaveError(f"{where}: move {number} is not [side, action]")
        side, text = entry
        prompt = session.state["prompt"]
        if prompt is None or prompt["side"] != side:
            raise SaveError(
                f"{where}: move {number} ({side}: {text}) diverges{note}: it is not {side}'s decision"
            )
        try:
            action = Action.parse(text)
            session.apply(action)
        except (IllegalActionError, ActionSyntaxError) as exc:
            raise SaveError(f"{where}: move {number} ({side}: {text}) fails{note}: {exc}") from None
        if session.moves[-1] != Move(side, action) or session.hash() != expected:
            raise SaveError(
                f"{where}: move {number} ({side}: {text}) diverges{note}: the state differs"
            )
    if session.hash() != data["final"]:
        raise SaveError(f"{where}: the final state differs from the saved one{note}")
    return session
