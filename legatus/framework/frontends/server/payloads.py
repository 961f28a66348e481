"""What a seat receives: built from its sides' views and the prompts addressed to them, only.

Every piece of game information the server sends a seat (over the WebSocket,
in a replay, in a save's summary) is made here by :func:`seat_view`, from

* ``observe(state, side)`` for each side the seat plays (the game's declared
  visibility: what a side may not see is not in its view at all), and
* the prompts the match addresses to those sides, with their legal actions;
* the procedures' frames as those sides may read them
  (:func:`~legatus.framework.engine.frames.observe_stack`: each field as its procedure
  declares it), for the game's battle board
  (:meth:`~legatus.framework.engine.gameplugin.GamePlugin.battle_board`);

and for a spectator from the view of no side (:data:`~legatus.framework.frontends.server.links.PUBLIC`):
what every side may see. The game's own parts of the page
(:meth:`~legatus.framework.engine.gameplugin.GamePlugin.page_parts`) are made by the game plugin
from the same view. Nothing here reads the state but through these (the view and the
declared visibility of the frames), so a seat's payload cannot carry what its sides may
not see.

A seat playing several sides sees what any of them sees: the pieces any of its
sides knows, the cards any may read, and of the pieces none of them knows, as
many at each place as the side that knows most leaves unknown.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Sequence
from typing import Any

from legatus.framework.engine.actionkinds import ActionKinds
from legatus.framework.engine.actions import Action, Prompt
from legatus.framework.engine.frames import observe_stack
from legatus.framework.engine.gameplugin import GamePlugin
from legatus.framework.engine.view import View
from legatus.framework.model.gamedef import GameDef
from legatus.framework.play.driver import Match

#: Argument types a board click can give (the rest are offered as buttons).
BOARD_TYPES = ("piece", "space", "hex")


def seat_view(match: Match, sides: Sequence[str], *, log_from: int = 0) -> dict[str, Any]:
    """Everything ``sides`` (one seat) may know now, as plain data for the page.

    ``log_from``: the log position the seat already has (its new entries only).
    """
    definition = match.game.definition
    views = [match.view(side, log_since=log_from) for side in sides]
    first = views[0]
    prompts = []
    for side in sides:
        prompt = _asked(match, side, first)
        if prompt is not None:
            prompts.append(describe_prompt(definition, match.game.actions, prompt))
    plugin = match.game.plugin
    parts = dict(plugin.page_parts(definition, first)) if plugin is not None else {}
    battle = _battle(match, plugin, sides[0], first, log_from) if plugin is not None else None
    return {
        "sides": list(sides),
        "vars": dict(first["vars"]),
        "pieces": _pieces(definition, views),
        "zones": _zones(views),
        "waiting": _waiting(first),
        "prompts": prompts,
        "result": first["result"],
        "log": _log(views),
        "parts": {
            "status": list(parts.get("status", ())),
            "panels": list(parts.get("panels", ())),
            "cards": dict(parts.get("cards", {})),
            "stacks": list(parts.get("stacks", ())),
        },
        "battle": battle,
    }


def _battle(
    match: Match, plugin: GamePlugin, side: str, view: View, log_from: int
) -> dict[str, Any] | None:
    """The battle being fought as the game draws it (:meth:`GamePlugin.battle_board`), from
    ``side``'s view with its whole log and the frames as its seat may read them."""
    game = match.game
    seen = dict(view) if log_from == 0 else dict(match.view(side))
    seen["stack"] = observe_stack(game, match.state, side)
    found = plugin.battle_board(game.definition, game.rules.values, seen)
    return dict(found) if found else None


def _asked(match: Match, side: str, view: View) -> Prompt | None:
    """``side``'s question, if the view says it is asked now."""
    shown = view["prompt"]
    if shown is None:
        return None
    asked = shown.get("sides") or [shown["side"]]
    return match.prompt(side) if side in asked else None


def _waiting(view: View) -> list[dict[str, Any]]:
    """Who must decide now and what kind of decision (everyone may know that)."""
    shown = view["prompt"]
    if shown is None:
        return []
    return [{"side": side, "kind": shown["kind"]} for side in shown.get("sides") or [shown["side"]]]


def describe_prompt(
    definition: GameDef, kinds: ActionKinds | None, prompt: Prompt
) -> dict[str, Any]:
    """A prompt with each legal action's arguments typed, so the page knows what to click."""
    return {
        "side": prompt.side,
        "kind": prompt.kind,
        "text": prompt.text,
        "actions": [describe_action(definition, kinds, action) for action in prompt.actions],
    }


def describe_action(
    definition: GameDef, kinds: ActionKinds | None, action: Action
) -> dict[str, Any]:
    """``{"text", "kind", "args": [{"type", "value"}]}``; a union type (``piece|space``) is
    resolved to the part the value belongs to."""
    if kinds is not None and action.kind in kinds:
        typed = [(spec.types, value) for spec, value in kinds.describe(action)]
    else:
        typed = [((), value) for value in action.args]
    return {
        "text": action.text,
        "kind": action.kind,
        "args": [{"type": _arg_type(definition, types, v), "value": v} for types, v in typed],
    }


def _arg_type(definition: GameDef, types: Sequence[str], value: Any) -> str:
    grid = definition.board.hex_grid
    if isinstance(value, str):
        if value in definition.pieces and ("piece" in types or not types):
            return "piece"
        if grid is not None and value in grid and ("hex" in types or "space" in types or not types):
            return "hex"
        if value in definition.board.spaces and ("space" in types or not types):
            return "space"
        if value in definition.cards and ("card" in types or not types):
            return "card"
        if value in definition.side_ids and ("side" in types or not types):
            return "side"
    for base in types:
        if base.startswith(("number", "choice", "facing")):
            return base.split()[0].split("(")[0]
    return "value"


def _pieces(definition: GameDef, views: Sequence[View]) -> dict[str, Any]:
    """Known pieces with their printed values; unknown ones, counted by place and owner."""
    known: dict[str, dict[str, Any]] = {}
    for view in views:
        for pid, entry in view["pieces"]["known"].items():
            if pid not in known:
                known[pid] = _with_print(definition, pid, dict(entry))
    hidden = [dict(e) for e in views[0]["pieces"]["hidden"]]
    if len(views) > 1:
        # Of the pieces the first side cannot tell apart, those another side knows.
        least = Counter(_group(e) for e in hidden)
        for view in views[1:]:
            counts = Counter(_group(e) for e in view["pieces"]["hidden"])
            for group in least:
                least[group] = min(least[group], counts[group])
        kept: list[dict[str, Any]] = []
        for entry in hidden:
            group = _group(entry)
            if least[group] > 0:
                least[group] -= 1
                kept.append(entry)
        hidden = kept
    grid = definition.board.hex_grid
    for entry in hidden:
        if grid is not None and "facing" in entry and entry.get("at") in grid:
            entry["cells"] = [entry["at"]]
    return {"known": known, "hidden": hidden}


def _group(entry: dict[str, Any]) -> tuple[str, str]:
    return str(entry.get("at")), str(entry.get("side"))


def _with_print(definition: GameDef, pid: str, entry: dict[str, Any]) -> dict[str, Any]:
    """A known piece's printed values (its name, type, ratings, steps, stats) added to what
    the view shows of it, and on a hex map the hexes it covers."""
    piece = definition.pieces.get(pid)
    if piece is None:
        return entry
    entry["title"] = piece.title or pid
    entry["type"] = piece.type
    entry["steps"] = piece.steps
    if piece.attacking is not None:
        entry["rating"] = str(piece.attacking)
    if piece.defending is not None and piece.defending != piece.attacking:
        entry["defending"] = str(piece.defending)
    if piece.stats:
        entry["stats"] = dict(piece.stats)
    length = definition.piece_types[piece.type].length
    grid = definition.board.hex_grid
    at = entry.get("at")
    if grid is not None and isinstance(at, str) and at in grid and "facing" in entry:
        cells = grid.footprint(at, entry["facing"], length)
        entry["cells"] = [c for c in cells if c is not None]
    return entry


def _zones(views: Sequence[View]) -> dict[str, Any]:
    zones: dict[str, Any] = {}
    for view in views:
        for key, cards in view["zones"].items():
            if isinstance(cards, list) or key not in zones:
                zones[key] = list(cards) if isinstance(cards, list) else cards
    return zones


def _log(views: Sequence[View]) -> list[dict[str, Any]]:
    if len(views) == 1:
        return [dict(entry) for entry in views[0]["log"]]
    merged = {entry["n"]: entry for view in views for entry in view["log"]}
    return [dict(merged[n]) for n in sorted(merged)]
