"""A plain-text rendering of a side's view, for the command line.

It shows only the view (never the state), so it cannot leak anything the
observer hid. A game refines it through its plugin object's ``render_view``
(Julius Caesar's shows VP, the cards played and the orders in words), using
the parts here: :func:`render_pieces`, :func:`render_cards`, :func:`words`.
"""

from __future__ import annotations

import re
import textwrap
from collections import defaultdict
from collections.abc import Callable
from typing import Any

from legatus.framework.engine.actions import Prompt
from legatus.framework.model.gamedef import GameDef


def natural_key(text: str) -> tuple[Any, ...]:
    """A sort key that orders numbers as numbers and ignores letter case: ``Legio 8`` before
    ``Legio 12``, ``S2`` before ``S10``.

    >>> sorted(["Legio 12", "legio 8", "Legio 7"], key=natural_key)
    ['Legio 7', 'legio 8', 'Legio 12']
    """
    parts = re.split(r"(\d+)", str(text))
    return tuple(int(part) if index % 2 else part.casefold() for index, part in enumerate(parts))


def render_view(definition: GameDef, view: dict[str, Any], *, records: bool = True) -> str:
    """A side's view as text; ``records=False`` leaves out the game's declared records (a
    game's own renderer shows them in its words)."""
    side = view["side"]
    lines = [f"== {definition.title} — you are {_side_name(definition, side)} =="]
    if view["vars"]:
        lines.append("   " + ", ".join(f"{k} {v}" for k, v in view["vars"].items()))
    shown = view["records"] if records else {}
    for key in sorted(shown):
        value = shown[key]
        if value not in (None, [], {}, ""):
            lines.extend(_wrapped(f"   {key.replace('_', ' ')}: {words(value)}"))
    lines.extend(render_pieces(definition, view))
    lines.extend(render_cards(view))
    return "\n".join(lines)


def page_parts(definition: GameDef, view: dict[str, Any]) -> dict[str, Any]:
    """The generic parts of a browser page for ``view`` (:meth:`GamePlugin.page_parts`):
    the sequence-of-play counters as status, the public records as one panel, no card
    words."""
    status = [
        {"label": key.replace("_", " "), "text": words(value)}
        for key, value in view["vars"].items()
    ]
    records = view["records"]
    lines = [
        f"{key.replace('_', ' ')}: {words(records[key])}"
        for key in sorted(records)
        if records[key] not in (None, [], {}, "")
    ]
    panels = [{"title": "Records", "lines": lines}] if lines else []
    return {"status": status, "panels": panels, "cards": {}}


def render_pieces(definition: GameDef, view: dict[str, Any]) -> list[str]:
    """The pieces the side sees, by place (numbers in order: ``Legio 8`` before ``Legio 12``);
    hidden ones counted by owner, by the owner's name."""
    viewers = set(view.get("sides") or [view["side"]])
    lines = ["-- pieces --"]
    by_space: dict[str, list[str]] = defaultdict(list)
    for pid, piece in view["pieces"]["known"].items():
        at = piece.get("at", "?")
        strength = piece.get("strength")
        owner = piece.get("side")
        mark = "" if owner in viewers else f" ({definition.side_name(str(owner))})"
        mark += _state_marks(definition, pid, piece)
        by_space[at].append(f"{pid}{'' if strength is None else f' [{strength}]'}{mark}")
    hidden: dict[str, dict[str, int]] = defaultdict(lambda: defaultdict(int))
    for piece in view["pieces"]["hidden"]:
        hidden[piece.get("at", "?")][piece.get("side", "?")] += 1
    for at in sorted(set(by_space) | set(hidden), key=lambda a: (a == "pool", natural_key(a))):
        if at == "out":
            continue
        parts = sorted(by_space.get(at, []), key=natural_key)
        parts += [
            f"{n} hidden {definition.side_name(s)} block{'s' * (n != 1)}"
            for s, n in sorted(hidden.get(at, {}).items())
        ]
        lines.extend(_wrapped(f"   {at}: " + "; ".join(parts)))
    return lines


def render_cards(view: dict[str, Any], describe: Callable[[str], str] | None = None) -> list[str]:
    """The card zones: the cards where the side sees them, their number elsewhere.

    ``describe(card)`` may add a few words to a card's name (what a card's numbers mean).
    """
    zones = {k: v for k, v in view["zones"].items() if v}
    if not zones:
        return []
    lines = ["-- cards --"]
    for key, cards in sorted(zones.items()):
        if isinstance(cards, list):
            shown = ", ".join(describe(c) if describe else c for c in cards)
        else:
            shown = f"{cards} card(s)"
        lines.extend(_wrapped(f"   {key}: {shown}"))
    return lines


def words(value: Any) -> str:
    """A value from a view as a reader would write it: no Python brackets or quotes."""
    if value is None:
        return "none"
    if isinstance(value, bool):
        return "yes" if value else "no"
    if isinstance(value, dict):
        if not value:
            return "none"
        return "; ".join(
            f"{key} ({words(item)})" if isinstance(item, dict) else f"{key}: {words(item)}"
            for key, item in value.items()
        )
    if isinstance(value, list | tuple):
        return ", ".join(words(item) for item in value) if value else "none"
    return str(value)


def _wrapped(line: str, width: int = 100) -> list[str]:
    """A long line wrapped (never cut) under its own indentation."""
    if len(line) <= width:
        return [line]
    indent = " " * (len(line) - len(line.lstrip()) + 3)
    return textwrap.wrap(line, width, subsequent_indent=indent, break_on_hyphens=False)


def _state_marks(definition: GameDef, pid: str, piece: dict[str, Any]) -> str:
    """A counter's facing (and the hexes a long one covers), flags and attributes, when the
    view shows them."""
    marks = []
    if "facing" in piece:
        marks.append(f"facing {piece['facing']}")
        length = definition.piece_types[definition.pieces[pid].type].length
        grid = definition.board.hex_grid
        if length > 1 and grid is not None and piece.get("at") in grid:
            cells = grid.footprint(piece["at"], piece["facing"], length)
            marks.append("covers " + "-".join(c for c in cells if c is not None))
    marks += piece.get("flags", []) if "facing" in piece or "attrs" in piece else []
    for name, value in sorted(piece.get("attrs", {}).items()):
        marks.append(f"{name} {words(value)}")
    return f" {{{', '.join(marks)}}}" if marks else ""


def render_prompt(prompt: Prompt) -> str:
    """The question asked of a side and its numbered legal actions."""
    lines = [f"{prompt.side}: {prompt.text}"]
    for number, action in enumerate(prompt.actions, 1):
        lines.append(f"  {number:>3}. {action.text}")
    return "\n".join(lines)


def _side_name(definition: GameDef, side: str) -> str:
    for s in definition.sides:
        if s.id == side:
            return s.name
    return side


def render_result(definition: GameDef, result: dict[str, Any], explained: str = "") -> str:
    """The end of a game in words: who won (by the side's name, or the team and its sides'
    names when a team shares the first rank), then the other ranks, and why."""
    from legatus.framework.engine import outcome

    winner = result.get("winner")
    ranks = outcome.ranks(result, definition.side_ids)
    ranked = [side for side in definition.side_ids if side in ranks]
    first = [side for side in ranked if ranks[side] == 1]
    if winner:
        wins = definition.side_wins(winner)
        who = wins[:1].upper() + wins[1:]
    elif result.get("ranks") and len(first) < len(ranked):
        teams = sorted({definition.team_of(side) for side in first})
        names = ", ".join(_side_name(definition, side) for side in first)
        who = f"{' and '.join(teams)} {'win' if len(first) > 1 else 'wins'} ({names})"
    else:
        who = "a draw"
    if result.get("ranks"):
        placed = sorted(ranked, key=lambda side: (ranks[side], definition.side_ids.index(side)))
        who += "; ranks: " + ", ".join(f"{ranks[s]}. {_side_name(definition, s)}" for s in placed)
    why = explained or result.get("reason", "")
    return f"{who} — {why}" if why else who
