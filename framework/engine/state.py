"""The game state: plain JSON-compatible data, and the operations on it.

The state holds the truth. Its top-level keys are fixed so that the observer
(:mod:`framework.engine.view`) can build every side's view from the game's
visibility declarations without knowing the game:

``pieces``
    piece id -> ``{"side", "at", "strength", "flags"}``; ``at`` is a space id,
    ``"pool"`` or ``"out"``; ``flags`` (sorted) are what the game's
    ``revealed_by`` declarations test, e.g. ``revealed`` or ``face_up``.
    Optionally ``facing`` (the hex side a counter on a hex map points at; a
    counter longer than one hex covers ``HexGrid.footprint(at, facing,
    length)``) and ``attrs`` (name -> number, text, bool or list: the piece's
    changing values, e.g. a ship's fatigue or speed, shown with its identity).
``zones``
    card zones, ``"deck"`` or ``"hand:caesar"`` -> list of card ids.
``public``, ``private`` (side -> data), ``secret``
    game-specific data seen by everyone, by one side, by nobody.
``vars``
    sequence-of-play counters such as ``year`` and ``turn`` (public).
``stack``, ``prompt``, ``result``
    where the sequence of play stands, the decision awaited, the outcome.
``rng``
    the seeded generator's four words (never shown to anyone).
``log``
    events, each for everyone or for some sides only.
"""

from __future__ import annotations

import contextlib
import hashlib
import json
import marshal
import sys
from collections import OrderedDict
from collections.abc import Iterable
from typing import Any

from framework.engine import rng
from framework.gamedef import GameDef, Scenario

State = dict[str, Any]

#: Bumped when the layout of the state changes incompatibly.
STATE_VERSION = 1


# -- copies and hashes that share the log ------------------------------------------------
#
# Why: the log is most of a late state (90% of its JSON in Julius Caesar) and
# only ever grows, so copying and hashing it whole at every move made a clone
# cost 0.7 ms and a hash 1.7 ms. A log entry is written once by
# ``Context.log`` and never changed afterwards, except through a list or
# mapping it shares with the rest of the state (a procedure may log the very
# list it keeps, which then changes with it: Julius Caesar's "Battles to
# fight" entry does). So an entry none of whose lists and mappings is
# referenced from anywhere else ("sealed"; told by reference counts, the test
# marshal itself uses for sharing) can never change: :func:`fork` shares it
# between a state and its copies, and :func:`state_hash` keeps its JSON text. Every other entry ("live")
# is copied together with the rest of the state in one marshal pass, so what
# it shares with the state stays shared in the copy, exactly as with a
# whole-state marshal copy. Copies and hashes are identical to those of the
# whole state; tests/engine/test_state_sharing.py compares them. The one
# rule this asks of code that holds a state: never change a log entry in
# place once it is logged (the engine only appends; views share entries).

_SCALARS = (str, int, float, bool, type(None))
#: How many logs :func:`_log_index` remembers (the least recently used is forgotten).
_INDEXED_LOGS = 1024
#: How many entries :func:`_entry` remembers (all are forgotten when it is full).
_KNOWN_ENTRIES = 1 << 15
_JSON = json.JSONEncoder(sort_keys=True, separators=(",", ":"), ensure_ascii=True)


class _LogIndex:
    """What is known about one log list: its live entries and its sealed entries' texts."""

    __slots__ = ("last", "live", "log", "texts")

    def __init__(self, log: list[Any], live: list[int], texts: list[str | None]) -> None:
        self.log = log  # held, so that its id is not reused while it is indexed
        self.live = live
        self.texts = texts  # JSON text of each sealed entry once hashed; None otherwise
        self.last: Any = log[-1] if log else None


_logs: OrderedDict[int, _LogIndex] = OrderedDict()


def _counts(entry: Any) -> list[int] | None:
    """Reference counts of the lists and mappings inside a log entry, as seen from here.

    None if the entry is not a mapping or holds something other than plain data.
    """
    if type(entry) is not dict:
        return None
    counts: list[int] = []
    stack = list(entry.values())
    while stack:
        value = stack.pop()
        if isinstance(value, _SCALARS):
            continue
        kind = type(value)
        if kind is not list and kind is not dict:
            return None
        counts.append(sys.getrefcount(value))
        stack.extend(value.values() if kind is dict else value)
    return counts


def _calibrate() -> int | None:
    """The count of a list held by its entry only; None if sharing cannot be told here."""
    alone = _counts({"data": {"probe": [0]}})
    held = [0]
    shared = _counts({"data": {"probe": held}})
    if not alone or not shared or max(shared) <= max(alone):
        return None  # this interpreter does not count references as CPython 3.11 does
    return max(alone)


_ALONE = _calibrate()


def _sealed(entry: Any) -> bool:
    """Nothing in the entry is shared with anything else (the marshal test of sharing)."""
    counts = _counts(entry)
    if counts is None:
        return False
    if not counts:
        return True
    return _ALONE is not None and max(counts) <= _ALONE


def _entry(entry: Any) -> list[Any]:
    """``[entry, sealed, JSON text or None]`` for one log entry, remembered by identity.

    Entries are shared by the states forked from one another, so a log seen
    for the first time is mostly made of entries already known.
    """
    found = _entries.get(id(entry))
    if found is None or found[0] is not entry:
        if len(_entries) >= _KNOWN_ENTRIES:
            _entries.clear()
        found = [entry, _sealed(entry), None]  # holds the entry: its id is not reused
        _entries[id(entry)] = found
    return found


_entries: dict[int, list[Any]] = {}


def _log_index(log: list[Any]) -> _LogIndex:
    """The index of a log, brought up to date with the entries appended since."""
    found = _logs.get(id(log))
    if found is not None and found.log is log:
        known = len(found.texts)
        if len(log) >= known and (known == 0 or log[known - 1] is found.last):
            _touch(id(log))
            if len(log) > known:
                for number in range(known, len(log)):
                    if not _entry(log[number])[1]:
                        found.live.append(number)
                found.texts.extend([None] * (len(log) - known))
                found.last = log[-1]
            return found
    infos = [_entry(entry) for entry in log]
    live = [number for number, info in enumerate(infos) if not info[1]]
    return _remember(_LogIndex(log, live, [info[2] for info in infos]))


def _remember(index: _LogIndex) -> _LogIndex:
    _logs[id(index.log)] = index
    _touch(id(index.log))
    while len(_logs) > _INDEXED_LOGS:
        try:
            _logs.popitem(last=False)
        except KeyError:  # emptied by another thread meanwhile
            break
    return index


def _touch(key: int) -> None:
    """Mark a log as recently used; another thread may have just forgotten it (no harm)."""
    with contextlib.suppress(KeyError):
        _logs.move_to_end(key)


def clone(state: State) -> State:
    """A deep copy of a state, for any use (the caller may change anything in it)."""
    copied: State = marshal.loads(marshal.dumps(state))
    return copied


def fork(state: State) -> State:
    """A copy of a state to play on: its sealed log entries are the original's, shared.

    Equal to :func:`clone`, with the same sharing inside the copy (see the
    note above), at a fraction of the cost on a long log. Play on the copy
    only appends to its log, as the engine does; a tool that wants to change
    log entries in place (``legatus check-game``'s view-leak probe) takes a
    :func:`clone`.
    """
    log = state.get("log")
    if type(log) is not list:
        return clone(state)
    index = _log_index(log)
    rest = {key: value for key, value in state.items() if key != "log"}
    copied, live = marshal.loads(marshal.dumps((rest, [log[n] for n in index.live])))
    new_log = list(log)
    for number, entry in zip(index.live, live, strict=True):
        new_log[number] = entry
    _remember(_LogIndex(new_log, list(index.live), list(index.texts)))
    return {key: new_log if key == "log" else copied[key] for key in state}


def _log_json(log: list[Any]) -> str:
    index = _log_index(log)
    texts = index.texts
    encode = _JSON.encode
    parts: list[Any] = list(texts)
    for number in index.live:
        parts[number] = encode(log[number])
    if None in parts:  # sealed entries not yet written: their texts are kept
        for number, text in enumerate(parts):
            if text is None:
                info = _entry(log[number])
                if info[2] is None:
                    info[2] = encode(log[number])
                parts[number] = texts[number] = info[2]
    return "[" + ",".join(parts) + "]"


def state_json(state: State) -> str:
    """``json.dumps(state, sort_keys=True, separators=(",", ":"), ensure_ascii=True)``,
    with the sealed log entries' texts kept from the previous call."""
    log = state.get("log")
    if type(log) is not list or not all(type(key) is str for key in state):
        return _JSON.encode(state)
    before = _JSON.encode({key: value for key, value in state.items() if key < "log"})
    after = _JSON.encode({key: value for key, value in state.items() if key > "log"})
    middle = '"log":' + _log_json(log)
    head = before[:-1] + ("," if len(before) > 2 else "")
    tail = ("," if len(after) > 2 else "") + after[1:]
    return head + middle + tail


def state_hash(state: State) -> str:
    """A short hash of the whole state, identical across processes and versions."""
    return hashlib.sha256(state_json(state).encode("ascii")).hexdigest()[:16]


def initial_state(
    game: GameDef,
    scenario: Scenario,
    *,
    seed: int,
    variant: str | None = None,
    options: Iterable[str] = (),
) -> State:
    """The position before the first step of the sequence of play."""
    pieces: dict[str, dict[str, Any]] = {}
    for side, setup in scenario.setup.items():
        for space, placements in setup.on_map.items():
            for placement in placements:
                pieces[placement.piece] = _piece(side, space, placement.strength)
                if placement.facing is not None:
                    pieces[placement.piece]["facing"] = placement.facing
                if placement.attrs:
                    pieces[placement.piece]["attrs"] = dict(placement.attrs)
        for placement in setup.pool:
            pieces[placement.piece] = _piece(side, "pool", placement.strength)
        for piece_id in setup.out:
            pieces[piece_id] = _piece(side, "out", game.pieces[piece_id].steps)
    for piece_id, piece in game.pieces.items():
        pieces.setdefault(piece_id, _piece(piece.side, "out", piece.steps))
    zones: dict[str, list[str]] = {}
    for zone in game.zones.values():
        if zone.per_side:
            for side_id in game.side_ids:
                zones[f"{zone.id}:{side_id}"] = []
        else:
            zones[zone.id] = []
    return {
        "v": STATE_VERSION,
        "game": game.name,
        "scenario": scenario.id,
        "variant": variant,
        "options": sorted(set(options)),
        "seed": seed,
        "rng": rng.seed_state(seed),
        "pieces": dict(sorted(pieces.items())),
        "zones": zones,
        "public": {},
        "private": {side_id: {} for side_id in game.side_ids},
        "secret": {},
        "vars": {},
        "stack": [],
        "prompt": None,
        "result": None,
        "log": [],
        "actions": 0,
        "undo_floor": 0,
    }


def _piece(side: str, at: str, strength: int) -> dict[str, Any]:
    return {"side": side, "at": at, "strength": strength, "flags": []}


def set_flag(state: State, piece: str, flag: str, on: bool = True) -> None:
    flags: list[str] = state["pieces"][piece]["flags"]
    if on and flag not in flags:
        flags.append(flag)
        flags.sort()
    elif not on and flag in flags:
        flags.remove(flag)


def footprint(game: GameDef, state: State, piece: str) -> tuple[str | None, ...]:
    """The spaces a piece covers: its own, and for a counter longer than one hex
    the hexes trailing behind it along its facing (None where off the map).

    A piece off the map covers nothing.
    """
    data = state["pieces"][piece]
    at = data["at"]
    if at in ("pool", "out"):
        return ()
    length = game.piece_types[game.pieces[piece].type].length
    grid = game.board.hex_grid
    if length == 1 or grid is None or "facing" not in data:
        return (at,)
    return grid.footprint(at, data["facing"], length)


def pieces_at(state: State, space: str, side: str | None = None) -> list[str]:
    """Ids of the pieces at a space (optionally of one side), sorted."""
    return [
        pid
        for pid, p in state["pieces"].items()
        if p["at"] == space and (side is None or p["side"] == side)
    ]
