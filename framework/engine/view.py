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


def observe(game: GameDef, state: State, side: str) -> View:
    """The view of ``side``: everything it may see, and nothing else."""
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
        "log": [e for e in state["log"] if e.get("to") is None or side in e["to"]],
    }


def observe_pieces(game: GameDef, state: State, side: str) -> dict[str, Any]:
    """Known pieces by id; anonymous ones as a sorted list."""
    rules = game.piece_visibility
    known: dict[str, dict[str, Any]] = {}
    anonymous: list[dict[str, Any]] = []
    for pid, piece in state["pieces"].items():
        identity, strength, location, owner_rule = rules[pid]
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
    """The full prompt for the side it is addressed to; only who and what for others."""
    prompt = state["prompt"]
    if prompt is None:
        return None
    if prompt["side"] == side:
        return dict(prompt)
    return {"side": prompt["side"], "kind": prompt["kind"]}
