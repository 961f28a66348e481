"""The game state: plain JSON-compatible data, and the operations on it.

The state holds the truth. Its top-level keys are fixed so that the observer
(:mod:`legatus.framework.engine.view`) can build every side's view from the game's
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
``records``
    the game's declared records (:mod:`legatus.framework.engine.records`): tracks,
    treasuries, victory points, the records of a turn; each declared in the
    manifest with the schema of its values and who may see it (a per-side
    record holds ``{side: value}``).
``seats``
    seat id -> the sides its player plays (the scenario's seats).
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

import hashlib
import itertools
import json
import marshal
from collections.abc import ItemsView, Iterable, Mapping
from typing import Any, NotRequired, TypedDict

from legatus.framework.engine import rng
from legatus.framework.engine.records import initial_records
from legatus.framework.model.gamedef import GameDef, Scenario

State = dict[str, Any]


class PieceEntry(TypedDict):
    """One piece's entry of ``state["pieces"]``, as the type checker knows it."""

    side: str
    at: str
    strength: int
    flags: list[str]
    facing: NotRequired[str]
    attrs: NotRequired[dict[str, Any]]


#: Where a piece stands when it is not on the map: its side's pool, or out of the game.
OFF_MAP = frozenset({"pool", "out"})

#: Bumped when the layout of the state changes incompatibly.
STATE_VERSION = 2


# -- copies and hashes that share the log ------------------------------------------------
#
# Why: the log is most of a late state (90% of its JSON in Julius Caesar) and
# only ever grows, so copying and hashing it whole at every move made a copy
# cost 0.7 ms and a hash 2.3 ms. A log entry is immutable once written:
# ``Context.log`` copies the values it is given, so an entry shares nothing
# with the rest of the state, and nothing changes an entry afterwards. So
# :func:`fork` copies everything but the log and shares the log's entries
# between a state and its copies (a new list, the same entries), and
# :func:`state_hash` keeps each entry's JSON text. Copies and hashes are equal
# to those of a whole copy (tests/engine/test_state_sharing.py compares them).
# The one rule this asks of code that holds a state: never change a log
# entry in place (the engine only appends; a tool that wants to edit entries,
# like ``legatus check-game``'s view-leak probe, takes a :func:`clone`).

#: How many entries' JSON texts :func:`_entry_json` remembers (all are forgotten when full).
_KNOWN_ENTRIES = 1 << 15
_JSON = json.JSONEncoder(sort_keys=True, separators=(",", ":"), ensure_ascii=True)
#: id(entry) -> (entry, its JSON text); holding the entry keeps its id from being reused.
_entry_texts: dict[int, tuple[Any, str]] = {}


def _entry_json(entry: Any) -> str:
    """The JSON text of one (immutable) log entry, written once."""
    known = _entry_texts.get(id(entry))
    if known is not None and known[0] is entry:
        return known[1]
    text = _JSON.encode(entry)
    if len(_entry_texts) >= _KNOWN_ENTRIES:
        _entry_texts.clear()
    _entry_texts[id(entry)] = (entry, text)
    return text


def clone(state: State) -> State:
    """A deep copy of a state, for any use (the caller may change anything in it)."""
    copied: State = marshal.loads(marshal.dumps(state))
    return copied


#: The state :func:`fork` copied last, and the bytes it marshalled of it (for ``again``).
_last_forked: list[tuple[State, bytes]] = []


def fork(state: State, *, share_pieces: bool = False, again: bool = False) -> State:
    """A copy of a state to play on: everything is copied but the log's entries, shared.

    Equal to :func:`clone` at a fraction of the cost on a long log. Play on
    the copy only appends to its log, as the engine does.

    ``share_pieces``: the pieces' entries are shared too (a new ``pieces``
    dictionary, the same entries), for a game whose code never changes an entry
    in place but replaces it through :func:`own_piece` (its plugin's
    ``pieces_copied_on_write``): a copy then costs what the entries an action
    changes cost, not the whole of the pieces (see :func:`own_piece`).

    ``again``: the caller's word that ``state`` has not changed since the last copy of it
    (a search trying the actions of one position in turn): if that was the last copy
    made, what it marshalled of the state is unmarshalled again, not marshalled anew.
    """
    log = state.get("log")
    if type(log) is not list:
        return clone(state)
    pieces = state.get("pieces")
    zones = _copy_zones(state.get("zones"))
    if type(pieces) is not dict:
        pieces = None
    last = _last_forked[0] if again and _last_forked else None
    if last is not None and last[0] is state:
        data = last[1]
    else:
        data = marshal.dumps(
            {
                key: value
                for key, value in state.items()
                if key != "log"
                and (pieces is None or key != "pieces")
                and (zones is None or key != "zones")
            }
        )
        _last_forked[:] = [(state, data)]
    copied: State = marshal.loads(data)
    if pieces is not None:
        copied["pieces"] = dict(pieces) if share_pieces else _copy_pieces(pieces)
    if zones is not None:
        copied["zones"] = zones
    copied["log"] = list(log)
    return {key: copied[key] for key in state}


def _copy_zones(zones: Any) -> dict[str, list[Any]] | None:
    """A deep copy of ``state["zones"]`` when it is what the module says (zone -> a list of
    card ids, texts), as marshal makes it at a fraction of its cost; else None (copied
    with the rest).

    Why: a search copies the state at every action it scores, and the zones were the
    largest part of that copy but the pieces (Hannibal Barkas: 42 zones, 19 of the 45 us
    marshal took). A list of card ids needs only a list copy: its texts are never changed
    (the zones' layout is trusted as :func:`_copy_pieces` trusts the ``flags``').
    """
    if type(zones) is not dict or set(map(type, zones.values())) - {list}:
        return None
    return {zone: cards[:] for zone, cards in zones.items()}


def own_piece(state: State, pid: str) -> dict[str, Any]:
    """Piece ``pid``'s entry, replaced by a copy of itself first: the entry to change.

    Why: a search copies the state at every action it scores, and the pieces
    are most of a state (Hannibal Barkas: 396 entries, 37 kB of JSON) of which an
    action changes a few. A game whose code changes a piece only through the
    entry this returns (never an entry read from ``state["pieces"]``, never a
    view made before the change) may let :func:`fork` share the entries
    between a state and its copies: each entry is then never changed once
    placed, and a change is a new entry in the changed state only. The copy
    has the same keys in the same order; its lists and dictionaries are new.
    """
    pieces = state["pieces"]
    entry: dict[str, Any] = pieces[pid].copy()
    for key, value in entry.items():
        if type(value) is list:
            entry[key] = value[:] if key == "flags" else marshal.loads(marshal.dumps(value))
        elif type(value) is dict:
            entry[key] = marshal.loads(marshal.dumps(value))
    pieces[pid] = entry
    return entry


def _copy_pieces(pieces: dict[str, Any]) -> dict[str, Any]:
    """A deep copy of ``state["pieces"]``, as marshal makes it, in a fraction of its time.

    Why: the pieces are most of a state but the log, and a search copies the state at
    every action it scores (Hannibal Barkas: 396 entries, 37 kB of JSON), where marshal
    rebuilds each entry from bytes. An entry of the four keys every piece has (side,
    place and strength, plain values, and ``flags``, a list of texts; see the module)
    needs only a dictionary copy and a list copy; in any other entry (``facing``,
    ``attrs``) every list or dictionary is copied through marshal. Same keys, same
    order, nothing shared.
    """
    found = {pid: entry.copy() for pid, entry in pieces.items()}
    for entry in found.values():
        flags = entry.get("flags")
        if len(entry) == 4 and type(flags) is list:
            entry["flags"] = flags[:]
            continue
        for key, value in entry.items():
            if isinstance(value, list | dict):
                entry[key] = marshal.loads(marshal.dumps(value))
    return found


def state_json(state: State) -> str:
    """``json.dumps(state, sort_keys=True, separators=(",", ":"), ensure_ascii=True)``,
    with the log entries' texts kept from earlier calls."""
    log = state.get("log")
    if type(log) is not list or not all(type(key) is str for key in state):
        return _JSON.encode(state)
    before = _JSON.encode({key: value for key, value in state.items() if key < "log"})
    after = _JSON.encode({key: value for key, value in state.items() if key > "log"})
    middle = '"log":[' + ",".join([_entry_json(entry) for entry in log]) + "]"
    head = before[:-1] + ("," if len(before) > 2 else "")
    tail = ("," if len(after) > 2 else "") + after[1:]
    return head + middle + tail


def state_hash(state: State) -> str:
    """A short hash of the whole state, identical across processes and versions."""
    return hashlib.sha256(state_json(state).encode("ascii")).hexdigest()[:16]


def initial_state(
    definition: GameDef,
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
            pieces[piece_id] = _piece(side, "out", definition.pieces[piece_id].steps)
    for piece_id, piece in definition.pieces.items():
        pieces.setdefault(piece_id, _piece(piece.side, "out", piece.steps))
    zones: dict[str, list[str]] = {}
    for zone in definition.zones.values():
        if zone.per_side:
            for side_id in definition.side_ids:
                zones[f"{zone.id}:{side_id}"] = []
        else:
            zones[zone.id] = []
    return {
        "v": STATE_VERSION,
        "game": definition.name,
        "scenario": scenario.id,
        "variant": variant,
        "options": sorted(set(options)),
        "seed": seed,
        "rng": rng.seed_state(seed),
        "pieces": dict(sorted(pieces.items())),
        "zones": zones,
        "records": initial_records(definition, scenario),
        "seats": {seat.id: list(seat.sides) for seat in definition.seats_of(scenario)},
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


def footprint(definition: GameDef, state: State, piece: str) -> tuple[str | None, ...]:
    """The spaces a piece covers: its own, and for a counter longer than one hex
    the hexes trailing behind it along its facing (None where off the map).

    A piece off the map covers nothing.
    """
    data = state["pieces"][piece]
    at = data["at"]
    if at in OFF_MAP:
        return ()
    length = definition.piece_types[definition.pieces[piece].type].length
    grid = definition.board.hex_grid
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


def zone_cards(state: State, zone: str) -> list[str]:
    """The cards of a zone (``"deck"``, ``"hand:caesar"``): the state's own list, in order,
    so a procedure that appends, removes or sorts changes the zone."""
    cards: list[str] = state["zones"][zone]
    return cards


# -- changes of place and side ------------------------------------------------------------
#
# Why: an index of where the pieces stand (the kit's occupancy,
# :class:`legatus.framework.kit.movement.Occupancy`) is read at nearly every decision of
# a block game while few decisions move a piece; reading every piece again to know the
# index current cost more than the moves' search itself. So every change of a piece's
# place (``at``) or side in a state says so (:func:`note_moved`): the kit's ``place()``,
# :class:`legatus.framework.engine.typed.PieceView`'s ``at`` and ``side``, and each
# writer of an entry's ``"at"``/``"side"`` (tests/engine/test_moves_noted.py finds them
# all in the source; tests/kit/test_occupancy_kept.py plays the block games with every
# read of the index checked). An index made when :attr:`PieceMoves.last` had a number is
# current while it still has it.


class PieceMoves:
    """The number of the last change of a piece's place or side, in this process.

    Each change takes a new number (never an old one again, even when two threads note
    at once: ``itertools.count`` hands them out), so ``last`` equal to a number read
    before means no piece changed place or side since.

    ``anonymous``: the number of the last change noted without the pieces' dictionary it
    was made in (:func:`note_moved`). A game whose own writer names the dictionary keeps
    account of the changes it makes there itself (Hannibal Barkas: ``model.writable``), so
    an index of those pieces made when ``anonymous`` was not yet past its number knows
    from that account alone whether one of its pieces moved since."""

    last = 0
    anonymous = 0


_NUMBERS = itertools.count(1)


def note_moved(pieces: Mapping[str, Any] | None = None) -> int:
    """Say that a piece changed its place or side (after writing it); its number is
    returned. Any state's pieces: an index of other pieces is checked again, not
    trusted, at its next read.

    ``pieces``: the state's pieces' dictionary the change was made in, given only by a
    writer whose game keeps account of the changes it makes there (see
    :class:`PieceMoves`); without it (every other writer) the change may have been in any
    state's pieces."""
    number = next(_NUMBERS)
    if pieces is None:
        PieceMoves.anonymous = number
    PieceMoves.last = number
    return number


def on_map(entry: Mapping[str, Any]) -> bool:
    """Whether a piece (its entry of ``state["pieces"]``) stands on the map."""
    return entry["at"] not in OFF_MAP


def occupancy(state: State) -> dict[str, list[str]]:
    """Space -> the ids of the pieces on it, in id order (one pass over the pieces; the index
    a query builds once rather than asking :func:`pieces_at` space by space)."""
    found: dict[str, list[str]] = {}
    for pid, entry in state["pieces"].items():
        at = entry["at"]
        if at not in OFF_MAP:
            there = found.get(at)
            if there is None:  # no empty list made per piece, as setdefault would
                found[at] = [pid]
            else:
                there.append(pid)
    return found


def sides_by_space(state: State) -> dict[str, set[str]]:
    """Space -> the sides with pieces on it: a space with two or more is contested."""
    found: dict[str, set[str]] = {}
    for entry in state["pieces"].values():
        at = entry["at"]
        if at not in OFF_MAP:
            sides = found.get(at)
            if sides is None:  # no empty set made per piece, as setdefault would
                found[at] = {entry["side"]}
            else:
                sides.add(entry["side"])
    return found


def innermost(state: State, *procedures: str) -> dict[str, Any] | None:
    """The innermost frame on the stack of one of ``procedures`` (the battle a hit belongs
    to, the assault being fought), or None when none of them is under way."""
    for frame in reversed(state["stack"]):
        if frame.get("p") in procedures:
            found: dict[str, Any] = frame
            return found
    return None


def frames_of(state: State, *procedures: str) -> list[dict[str, Any]]:
    """Every frame on the stack of one of ``procedures``, outermost first."""
    return [frame for frame in state["stack"] if frame.get("p") in procedures]


def pieces_of(state: State) -> ItemsView[str, PieceEntry]:
    """Every piece with its entry, in the state's order: ``for pid, entry in pieces_of(state)``
    (the entries are the state's own, typed)."""
    pieces: dict[str, PieceEntry] = state["pieces"]
    return pieces.items()
