"""Declared records: the parts of a game state beyond pieces and cards.

A game keeps its tracks, treasuries, victory points and the records of a
turn under ``state["records"]``, one entry per record its manifest declares
(``records:``, :class:`legatus.framework.model.gamedef.RecordDecl`), each with the JSON
Schema of its values and who may see it. A per-side record holds
``{side: value}``. Views (:func:`legatus.framework.engine.view.observe`) and the
search players' information sets (:mod:`legatus.framework.play.ai.infoset`) are built
from these declarations alone: a record a side may not see is not in its
view, and a name nobody declared is in nobody's view (``legatus
check-game`` reports it, and checks every value against its schema).

Who sees what:

``all``
    every side;
``pieces``
    every side, but the ids of pieces inside follow each piece's identity
    visibility (a side that may not identify a piece reads a token);
``owner``
    a per-side record: each side its own value;
``team``
    a per-side record: each side the values of its team's sides
    (Hannibal Barkas: team-mates see each other's victory points);
``none``
    no side (the game's own bookkeeping of hidden facts).

A viewer is a set of sides: the sides of one seat (one player may play
several sides and sees what any of them sees).
"""

from __future__ import annotations

import marshal
from collections.abc import Collection, Iterator, Mapping
from typing import Any

from jsonschema import Draft202012Validator

from legatus.framework.model.data.schemas import format_checker
from legatus.framework.model.gamedef import GameDef, RecordDecl, Scenario

#: The empty value of each JSON type, the start of a record that declares none.
_EMPTY: Mapping[str, Any] = {
    "integer": 0,
    "number": 0,
    "boolean": False,
    "string": "",
    "array": [],
    "object": {},
}


def default_start(schema: Mapping[str, Any]) -> Any:
    """The start of a record whose declaration gives none: the empty value of its type."""
    kind = schema.get("type")
    if isinstance(kind, list):
        kind = next((k for k in kind if k != "null"), None) if "null" not in kind else "null"
    return _copy(_EMPTY.get(kind, None)) if isinstance(kind, str) else None


def names_of(definition: GameDef) -> dict[str, Collection[str]]:
    """What each id format accepts in ``definition``'s game."""
    names: dict[str, Collection[str]] = dict(definition.symbols())
    names["team"] = frozenset(definition.team_of(side) for side in definition.side_ids)
    return names


def validator(definition: GameDef, decl: RecordDecl) -> Draft202012Validator:
    """The compiled validator of one value of ``decl`` in ``definition``'s game (made once)."""
    known: dict[str, Draft202012Validator] = definition.derived(
        "records.validators", _no_validators
    )
    found = known.get(decl.name)
    if found is None:
        found = Draft202012Validator(
            decl.schema, format_checker=format_checker(names_of(definition))
        )
        known[decl.name] = found
    return found


def _no_validators(definition: GameDef) -> dict[str, Draft202012Validator]:
    return {}


def initial_records(definition: GameDef, scenario: Scenario) -> dict[str, Any]:
    """Every declared record at the start of ``scenario``: its start, or the scenario's."""
    records: dict[str, Any] = {}
    for name, decl in definition.records.items():
        given = scenario.records.get(name)
        if decl.per_side:
            value = {side: start_of(definition, name) for side in definition.side_ids}
            if isinstance(given, Mapping):
                value.update({side: _copy(v) for side, v in given.items()})
        else:
            value = _copy(given) if name in scenario.records else start_of(definition, name)
        records[name] = value
    return records


def start_of(definition: GameDef, name: str) -> Any:
    """A fresh copy of record ``name``'s declared start (each side's, if per side)."""
    decl = definition.records.get(name)
    if decl is None:
        raise KeyError(f"no record {name!r} is declared (records: in the manifest)")
    start = decl.start if decl.start is not None else default_start(decl.schema)
    return _copy(start)


def reset_record(definition: GameDef, state: Any, name: str) -> None:
    """Put record ``name`` back to its declared start, in place (every side's value, for a
    per-side record): a turn's records cleared for the next turn."""
    decl = definition.records.get(name)
    if decl is None:
        raise KeyError(f"no record {name!r} is declared (records: in the manifest)")
    if decl.per_side:
        state["records"][name] = {side: start_of(definition, name) for side in definition.side_ids}
    else:
        state["records"][name] = start_of(definition, name)


def problems(definition: GameDef, state: Mapping[str, Any]) -> Iterator[str]:
    """What is wrong with ``state["records"]``: undeclared names, per-side records that
    do not hold exactly one value per side, values their schema refuses."""
    records = state["records"]
    declared = definition.records
    for name in records:
        if name not in declared:
            yield f"record {name!r} is not declared in the manifest (records:)"
    for name, decl in declared.items():
        if name not in records:
            yield f"declared record {name!r} is missing from the state"
            continue
        value = records[name]
        check = validator(definition, decl)
        if decl.per_side:
            if not isinstance(value, dict) or set(value) != set(definition.side_ids):
                shown = sorted(value) if isinstance(value, dict) else type(value).__name__
                yield f"record {name!r} must hold one value per side, has {shown}"
                continue
            for side, item in value.items():
                for error in check.iter_errors(item):
                    yield f"record {name}[{side}]: {error.message}"
        else:
            for error in check.iter_errors(value):
                yield f"record {name}: {error.message}"


def sees_entry(definition: GameDef, decl: RecordDecl, owner: str, viewer: Collection[str]) -> bool:
    """Whether a viewer (a seat's sides) may see ``owner``'s value of a per-side record."""
    rule = decl.visible_to
    if rule in ("all", "pieces"):
        return True
    if rule == "owner":
        return owner in viewer
    if rule == "team":
        # A viewer that is no side of the game (the public view of a spectator) is on no team.
        team = definition.team_of(owner)
        sides = definition.side_ids
        return any(side in sides and definition.team_of(side) == team for side in viewer)
    return False


def visible(
    definition: GameDef, state: Mapping[str, Any], viewer: Collection[str]
) -> dict[str, Any]:
    """The records a viewer may see, as it may see them (per-side ones: the sides' values
    it may see; ``pieces`` records as they are: :func:`legatus.framework.engine.view.observe`
    replaces the ids the viewer may not identify)."""
    shown: dict[str, Any] = {}
    records = state["records"]
    for name, decl in definition.records.items():
        if decl.visible_to == "none" or name not in records:
            continue
        value = records[name]
        if decl.per_side:
            entries = {
                side: item
                for side, item in value.items()
                if sees_entry(definition, decl, side, viewer)
            }
            if entries:
                shown[name] = entries
        else:
            shown[name] = value
    # One deep copy of everything shown (marshal's round trip of JSON values: several times
    # faster than copying item by item), so a view never shares a container with the state.
    copied: dict[str, Any] = marshal.loads(marshal.dumps(shown))
    return copied


def _copy(value: Any) -> Any:
    """A deep copy of a record's JSON value."""
    if isinstance(value, list | dict):
        return marshal.loads(marshal.dumps(value))
    return value
