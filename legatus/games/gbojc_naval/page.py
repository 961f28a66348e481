"""The naval module's parts of the browser page (``legatus serve``), from a side's view only.

The header shows the turn, the wind (6.21) and who activates first (3.2), and each side's
ships taken (the INVENTED scenario's victory count, 9.0); the panels list the squadrons
(5.2) and the ships acting alone. Everything here is read from the view a side was given.
"""

from __future__ import annotations

from typing import Any

from legatus import GameDef, words
from legatus.games.gbojc_naval.fleet import COMMANDER


def _name(definition: GameDef, side: Any) -> str:
    return next((s.name for s in definition.sides if s.id == side), str(side))


def ships_taken_in_view(definition: GameDef, view: dict[str, Any], side: str) -> int:
    """Enemy ships (by their starting side) shown sunk or in another side's hands."""
    count = 0
    for pid, piece in view["pieces"]["known"].items():
        printed = definition.pieces.get(pid)
        if printed is None or printed.type == COMMANDER or printed.side == side:
            continue
        if piece.get("at") == "out" or piece.get("side") != printed.side:
            count += 1
    return count


def page_parts(definition: GameDef, view: dict[str, Any]) -> dict[str, Any]:
    public = view["records"]
    status = [{"label": key, "text": words(value)} for key, value in view["vars"].items()]
    wind = public.get("wind")
    if wind:
        text = (
            "calm" if wind.get("calm") else f"from {wind.get('direction')}, {wind.get('strength')}"
        )
        status.append({"label": "wind", "text": text})
    if public.get("first"):
        status.append({"label": "first", "text": _name(definition, public["first"])})
    taken = " · ".join(
        f"{_name(definition, s)} {ships_taken_in_view(definition, view, s)}"
        for s in definition.side_ids
    )
    status.append({"label": "ships taken", "text": taken})
    panels = []
    squadrons = public.get("squadrons") or {}
    if squadrons:
        panels.append(
            {
                "title": "Squadrons",
                "lines": [f"{leader}: {words(ships)}" for leader, ships in squadrons.items()],
            }
        )
    if public.get("individual"):
        panels.append({"title": "Ships acting alone", "lines": [words(public["individual"])]})
    return {"status": status, "panels": panels, "cards": {}}
