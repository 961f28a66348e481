"""The naval module at the terminal: where each move of a ship takes it.

A ship's moves are offered as hexes (``row("1417")``): :class:`NavalBoard` says, beside each,
which way that is from the ship's bow (ahead, ahead to the left or right, astern) and what
stands there, from the side's view and the ship's move as the side reads it on the stack
(GBoJC 6.32-6.35). The hex map itself is the generic board's.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from legatus import FACINGS, Action, TextBoard, rotate

#: A hex side relative to a ship's facing, in words.
RELATIVE = {0: "ahead", -1: "ahead to port", 1: "ahead to starboard", 3: "astern",
            -2: "astern to port", 2: "astern to starboard"}  # fmt: skip
#: The moves that name a hex.
MOVES = ("row", "sail", "back", "pivot")


class NavalBoard(TextBoard):
    """The generic hex map; each move of a ship described from its bow and facing."""

    def _moving(self, view: Mapping[str, Any]) -> tuple[str, str, str] | None:
        """The ship moving now (its id, bow hex, facing), as the side sees it."""
        for frame in reversed(view.get("stack") or []):
            if frame.get("p") == "ship_move":
                ship = str((frame.get("args") or {}).get("ship", ""))
                entry = view["pieces"]["known"].get(ship)
                if entry is not None and entry.get("facing") in FACINGS:
                    return ship, str(entry["at"]), str(entry["facing"])
        return None

    def describe(self, view: Mapping[str, Any], action: Action) -> str:
        grid = self.board.hex_grid
        moving = self._moving(view)
        if action.kind not in MOVES or not action.args or grid is None or moving is None:
            if action.kind == "about":
                return "turn about: the stern becomes the bow (6.35)"
            return ""
        _ship, bow, facing = moving
        target = str(action.args[0])
        if target not in grid:
            return ""
        if action.kind == "pivot":
            turned = str(action.args[1])
            way = "to port" if turned == rotate(facing, -1) else "to starboard"
            return f"swing {way}: bow at {target}, facing {turned} (6.34)"
        start = bow if action.kind != "back" else grid.neighbour(bow, rotate(facing, 3))
        side = grid.facing_between(start, target) if start is not None else None
        if side is None:
            return ""
        turn = (FACINGS.index(side) - FACINGS.index(facing) + 3) % 6 - 3
        where = f"{RELATIVE.get(turn, side)} ({side})"
        here = self.standing(view, target)
        text = f"{target}, {where}" if action.kind != "back" else f"back water: stern to {target}"
        if action.kind == "sail" and len(action.args) > 1:
            text += f", then facing {action.args[1]}"
        return text + ("" if here == "nothing seen" else f"; {here}")
