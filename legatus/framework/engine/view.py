"""What one side may see: the observer.

``observe(game, state, side)`` is built only from the game's declarations
(piece attribute visibility, card zone visibility) and the state's fixed
layout (:mod:`legatus.framework.engine.state`), so every game gets correct hidden
information without code of its own. What a side may not see is never
copied into its view: not masked, absent. Pieces whose identity is hidden
are listed anonymously, sorted by what is visible, so their order leaks
nothing either.
"""

from __future__ import annotations

from collections.abc import Collection
from typing import Any

from legatus.framework.engine import records
from legatus.framework.engine.state import State
from legatus.framework.model.gamedef import GameDef, Visibility

View = dict[str, Any]


def _sees(rule: Visibility, own: bool, flags: list[str]) -> bool:
    """Whether a rule shows a piece to a viewer (``own``: the viewer is its owner)."""
    to = rule.visible_to
    if to == "all" or (own and to == "owner"):
        return True
    if flags:
        revealed = rule.revealed_by
        for flag in flags:
            if flag in revealed:
                return True
    return False


def viewer_of(state: State, who: str) -> frozenset[str]:
    """The sides whose eyes ``who`` looks through: the sides of the seat ``who`` sits at
    (``who`` a side or a seat id); one player sees what any of their sides may see."""
    seats: dict[str, list[str]] = state.get("seats") or {}
    for sides in seats.values():
        if who in sides:
            return frozenset(sides)
    found = seats.get(who)
    return frozenset(found) if found else frozenset((who,))


def observe(definition: GameDef, state: State, side: str, *, log_since: int = 0) -> View:
    """The view of ``side`` (or of a seat): everything it may see, and nothing else.

    A side sees with the eyes of its seat: a player who plays several sides
    sees what any of them may see. ``log_since`` leaves out the log entries
    before that position of the whole log (:func:`readable_log`), so a client
    that has the earlier ones need not receive them again.
    """
    viewer = viewer_of(state, side)
    view: View = {
        "side": side,
        "game": state["game"],
        "scenario": state["scenario"],
        "variant": state["variant"],
        "options": list(state["options"]),
        "vars": dict(state["vars"]),
        "records": observe_records(definition, state, viewer),
        "pieces": observe_pieces(definition, state, viewer),
        "zones": observe_zones(definition, state, viewer),
        "prompt": observe_prompt(state, viewer),
        "result": state["result"],
        "log": readable_log(state, viewer, log_since),
    }
    if len(viewer) > 1:
        view["sides"] = sorted(viewer)
    return view


def observe_records(definition: GameDef, state: State, viewer: Collection[str]) -> dict[str, Any]:
    """The declared records the viewer may see (:mod:`legatus.framework.engine.records`); in a
    ``pieces`` record, the ids of pieces it may not identify read ``?``."""
    shown = records.visible(definition, state, viewer)
    for name, decl in definition.records.items():
        if decl.visible_to == "pieces" and name in shown:
            shown[name] = _anonymous(definition, state, viewer, shown[name])
    return shown


def _anonymous(definition: GameDef, state: State, viewer: Collection[str], value: Any) -> Any:
    if isinstance(value, str):
        piece = state["pieces"].get(value)
        if piece is not None and not piece_entry(definition, value, piece, viewer)[0]:
            return "?"
        return value
    if isinstance(value, list):
        return [_anonymous(definition, state, viewer, item) for item in value]
    if isinstance(value, dict):
        return {
            _anonymous(definition, state, viewer, k): _anonymous(definition, state, viewer, v)
            for k, v in value.items()
        }
    return value


def readable_log(state: State, side: str | Collection[str], start: int = 0) -> list[dict[str, Any]]:
    """The log entries ``side`` (or a seat's sides) may read, from position ``start`` of
    the whole log on.

    Positions count every entry (``len(state["log"])`` is where the next one
    goes), so a reader keeps one number per side and reads only what is new.
    """
    viewer = viewer_of(state, side) if isinstance(side, str) else frozenset(side)
    log = state["log"]
    entries = log[start:] if start else log
    if len(viewer) == 1:  # one side: a list's membership test is the cheaper one
        (only,) = viewer
        return [e for e in entries if (to := e.get("to")) is None or only in to]
    return [e for e in entries if (to := e.get("to")) is None or not viewer.isdisjoint(to)]


def piece_entry(
    definition: GameDef, pid: str, piece: dict[str, Any], side: str | Collection[str]
) -> tuple[bool, Any]:
    """What ``side`` (or a seat's sides) sees of piece ``pid``: (whether it identifies it,
    the entry shown)."""
    viewer = (side,) if isinstance(side, str) else side
    flags = piece["flags"]
    seen = _shown(definition.piece_visibility[pid], piece["side"] in viewer, flags)
    return _entry(piece, seen)


#: What a viewer sees of a piece: (its side, its location, its strength, its identity).
Shown = tuple[bool, bool, bool, bool]


def _shown(rules: tuple[Visibility, ...], own: bool, flags: list[str]) -> Shown:
    identity, strength, location, owner_rule = rules
    return (
        _sees(owner_rule, own, flags),
        _sees(location, own, flags),
        _sees(strength, own, flags),
        _sees(identity, own, flags),
    )


def _entry(piece: dict[str, Any], seen: Shown) -> tuple[bool, dict[str, Any]]:
    sees_owner, sees_location, sees_strength, sees_identity = seen
    entry: dict[str, Any] = {}
    if sees_owner:
        entry["side"] = piece["side"]
    if sees_location:
        entry["at"] = piece["at"]
        if "facing" in piece:
            entry["facing"] = piece["facing"]
    if sees_strength:
        entry["strength"] = piece["strength"]
    if sees_identity:
        entry["flags"] = list(piece["flags"])
        if "attrs" in piece:
            entry["attrs"] = _copy(piece["attrs"])
        return True, entry
    return False, entry


def observe_pieces(definition: GameDef, state: State, viewer: Collection[str]) -> dict[str, Any]:
    """Known pieces by id; anonymous ones as a sorted list."""
    visibility = definition.piece_visibility
    decided: dict[tuple[int, bool, tuple[str, ...]], Shown] = {}
    known: dict[str, dict[str, Any]] = {}
    anonymous: list[dict[str, Any]] = []
    for pid, piece in state["pieces"].items():
        rules, flags = visibility[pid], piece["flags"]
        own = piece["side"] in viewer
        key = (id(rules), own, tuple(flags) if flags else ())
        seen = decided.get(key)
        if seen is None:
            seen = decided[key] = _shown(rules, own, flags)
        identified, entry = _entry(piece, seen)
        if identified:
            known[pid] = entry
        elif "at" in entry:
            anonymous.append(entry)
    anonymous.sort(key=lambda e: (str(e.get("at")), str(e.get("side")), e.get("strength", 0)))
    return {"known": known, "hidden": anonymous}


def _copy(attrs: dict[str, Any]) -> dict[str, Any]:
    return {k: list(v) if isinstance(v, list) else v for k, v in attrs.items()}


def observe_zones(definition: GameDef, state: State, viewer: Collection[str]) -> dict[str, Any]:
    """Card zones: their cards where visible, otherwise only their size."""
    shown: dict[str, Any] = {}
    for key, cards in state["zones"].items():
        zone_id, _, holder = key.partition(":")
        zone = definition.zones.get(zone_id)
        visible = zone is not None and (
            zone.visible_to == "all" or (zone.visible_to == "owner" and holder in viewer)
        )
        shown[key] = list(cards) if visible else len(cards)
    return shown


def observe_prompt(state: State, viewer: Collection[str]) -> dict[str, Any] | None:
    """Who is asked what: with the question's text for the side asked, only who and
    what kind of decision for the others. (The legal actions are the asked side's,
    listed by the game: :meth:`legatus.framework.engine.core.Game.legal_actions`.)"""
    prompt = state["prompt"]
    if prompt is None:
        return None
    if prompt["side"] in viewer:
        return dict(prompt)
    shown = {"side": prompt["side"], "kind": prompt["kind"]}
    if "sides" in prompt:
        # A simultaneous decision: who is still to answer is public; its text is the first
        # side's own (``Game.prompt(state, side=...)`` gives each side its question).
        shown["sides"] = list(prompt["sides"])
    return shown
