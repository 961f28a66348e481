"""A plain-text rendering of a side's view, for the command line.

It shows only the view (never the state), so it cannot leak anything the
observer hid. Games may refine it later through a renderer plugin.
"""

from __future__ import annotations

from collections import defaultdict
from typing import Any

from framework.gamedef import GameDef


def render_view(game: GameDef, view: dict[str, Any]) -> str:
    side = view["side"]
    lines = [f"== {game.title} — you are {_side_name(game, side)} =="]
    if view["vars"]:
        lines.append("   " + ", ".join(f"{k} {v}" for k, v in view["vars"].items()))
    public = view["public"]
    for key in sorted(public):
        if key not in ("command",):
            lines.append(f"   {key}: {_short(public[key])}")
    lines.append("-- pieces --")
    by_space: dict[str, list[str]] = defaultdict(list)
    for pid, piece in view["pieces"]["known"].items():
        at = piece.get("at", "?")
        strength = piece.get("strength")
        mark = "" if piece.get("side") == side else f" ({piece.get('side')})"
        mark += _state_marks(game, pid, piece)
        by_space[at].append(f"{pid}{'' if strength is None else f' [{strength}]'}{mark}")
    hidden: dict[str, dict[str, int]] = defaultdict(lambda: defaultdict(int))
    for piece in view["pieces"]["hidden"]:
        hidden[piece.get("at", "?")][piece.get("side", "?")] += 1
    for at in sorted(set(by_space) | set(hidden)):
        if at == "out":
            continue
        parts = sorted(by_space.get(at, []))
        parts += [f"{n} hidden {s} block(s)" for s, n in sorted(hidden.get(at, {}).items())]
        lines.append(f"   {at}: " + "; ".join(parts))
    zones = {k: v for k, v in view["zones"].items() if v}
    if zones:
        lines.append("-- cards --")
        for key, cards in sorted(zones.items()):
            lines.append(
                f"   {key}: {', '.join(cards) if isinstance(cards, list) else f'{cards} card(s)'}"
            )
    return "\n".join(lines)


def _state_marks(game: GameDef, pid: str, piece: dict[str, Any]) -> str:
    """A counter's facing (and the hexes a long one covers), flags and attributes, when the
    view shows them."""
    marks = []
    if "facing" in piece:
        marks.append(f"facing {piece['facing']}")
        length = game.piece_types[game.pieces[pid].type].length
        grid = game.board.hex_grid
        if length > 1 and grid is not None and piece.get("at") in grid:
            cells = grid.footprint(piece["at"], piece["facing"], length)
            marks.append("covers " + "-".join(c for c in cells if c is not None))
    marks += piece.get("flags", []) if "facing" in piece or "attrs" in piece else []
    for name, value in sorted(piece.get("attrs", {}).items()):
        marks.append(f"{name} {_short(value)}")
    return f" {{{', '.join(marks)}}}" if marks else ""


def render_prompt(prompt: dict[str, Any]) -> str:
    lines = [f"{prompt['side']}: {prompt['text']}"]
    for number, action in enumerate(prompt["actions"], 1):
        lines.append(f"  {number:>3}. {_action_text(action)}")
    return "\n".join(lines)


def _action_text(action: list[Any]) -> str:
    from framework.engine.actions import Action

    return Action.from_json(action).text


def _side_name(game: GameDef, side: str) -> str:
    for s in game.sides:
        if s.id == side:
            return s.name
    return side


def _short(value: Any) -> str:
    text = str(value)
    return text if len(text) <= 100 else text[:97] + "..."
