"""What one side may see: the observer.

``observe(game, state, side)`` is built only from the game's declarations
(piece attribute visibility, card zone visibility) and the state's fixed
layout (:mod:`framework.engine.state`), so every game gets correct hidden
information without code of its own. What a side may not see is never
copied into its view: not masked, absent. Pieces whose identity is hidden
are listed anonymously, sorted by what is visible, so their order leaks
nothing either.
"""

from __future__ import annotations

from typing import Any

from framework.engine.state import State
from framework.gamedef import GameDef, Visibility

View = dict[str, Any]


def _sees(rule: Visibility, owner: str, side: str, flags: list[str]) -> bool:
    if rule.visible_to == "all" or (rule.visible_to == "owner" and owner == side):
        return True
    return any(flag in rule.revealed_by for flag in flags)


def observe(game: GameDef, state: State, side: str, *, log_since: int = 0) -> View:
    """The view of ``side``: everything it may see, and nothing else.

    ``log_since`` leaves out the log entries before that position of the
    whole log (:func:`readable_log`), so a client that has the earlier ones
    need not receive them again.
    """
    return {
        "side": side,
        "game": state["game"],
        "scenario": state["scenario"],
        "variant": state["variant"],
        "options": list(state["options"]),
        "vars": dict(state["vars"]),
        "public": state["public"],
        "private": state["private"].get(side, {}),
        "pieces": observe_pieces(game, state, side),
        "zones": observe_zones(game, state, side),
        "prompt": observe_prompt(state, side),
        "result": state["result"],
        "log": readable_log(state, side, log_since),
    }


def readable_log(state: State, side: str, start: int = 0) -> list[dict[str, Any]]:
    """The log entries ``side`` may read, from position ``start`` of the whole log on.

    Positions count every entry (``len(state["log"])`` is where the next one
    goes), so a reader keeps one number per side and reads only what is new.
    """
    log = state["log"]
    entries = log[start:] if start else log
    return [e for e in entries if e.get("to") is None or side in e["to"]]


def piece_entry(game: GameDef, pid: str, piece: dict[str, Any], side: str) -> tuple[bool, Any]:
    """What ``side`` sees of piece ``pid``: (whether it identifies it, the entry shown)."""
    identity, strength, location, owner_rule = game.piece_visibility[pid]
    owner, flags = piece["side"], piece["flags"]
    entry: dict[str, Any] = {}
    if _sees(owner_rule, owner, side, flags):
        entry["side"] = owner
    if _sees(location, owner, side, flags):
        entry["at"] = piece["at"]
        if "facing" in piece:
            entry["facing"] = piece["facing"]
    if _sees(strength, owner, side, flags):
        entry["strength"] = piece["strength"]
    if _sees(identity, owner, side, flags):
        entry["flags"] = list(flags)
        if "attrs" in piece:
            entry["attrs"] = _copy(piece["attrs"])
        return True, entry
    return False, entry


def observe_pieces(game: GameDef, state: State, side: str) -> dict[str, Any]:
    """Known pieces by id; anonymous ones as a sorted list."""
    known: dict[str, dict[str, Any]] = {}
    anonymous: list[dict[str, Any]] = []
    for pid, piece in state["pieces"].items():
        identified, entry = piece_entry(game, pid, piece, side)
        if identified:
            known[pid] = entry
        elif "at" in entry:
            anonymous.append(entry)
    anonymous.sort(key=lambda e: (str(e.get("at")), str(e.get("side")), e.get("strength", 0)))
    return {"known": known, "hidden": anonymous}


def _copy(attrs: dict[str, Any]) -> dict[str, Any]:
    return {k: list(v) if isinstance(v, list) else v for k, v in attrs.items()}


def observe_zones(game: GameDef, state: State, side: str) -> dict[str, Any]:
    """Card zones: their cards where visible, otherwise only their size."""
    shown: dict[str, Any] = {}
    for key, cards in state["zones"].items():
        zone_id, _, holder = key.partition(":")
        zone = game.zones.get(zone_id)
        visible = zone is not None and (
            zone.visible_to == "all" or (zone.visible_to == "owner" and holder == side)
        )
        shown[key] = list(cards) if visible else len(cards)
    return shown


def observe_prompt(state: State, side: str) -> dict[str, Any] | None:
    """Who is asked what: with the question's text for the side asked, only who and
    what kind of decision for the others. (The legal actions are the asked side's,
    listed by the game: :meth:`framework.engine.core.Game.legal_actions`.)"""
    prompt = state["prompt"]
    if prompt is None:
        return None
    if prompt["side"] == side:
        return dict(prompt)
    shown = {"side": prompt["side"], "kind": prompt["kind"]}
    if "sides" in prompt:
        # A simultaneous decision: who is still to answer is public; its text is the first
        # side's own (``Game.prompt(state, side=...)`` gives each side its question).
        shown["sides"] = list(prompt["sides"])
    return shown
