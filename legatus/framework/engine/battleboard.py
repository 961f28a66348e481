"""A battle as a board: the two sides' pieces in their fire order, for a front end to draw.

A game with battles answers :meth:`~legatus.framework.engine.gameplugin.GamePlugin.battle_board`
with plain data in the shape below, built from one side's view alone: its pieces, its log
and the procedures' frames as that side may read them (``view["stack"]``,
:func:`legatus.framework.engine.frames.observe_stack`: a field its procedure declares
hidden is blank there, a piece the side may not identify a token). The browser's page
draws it the same way for every game (``legatus serve``); the game says what goes where.

``{"at", "title", "round", "rounds", "stage", "sides", "order", "current", "events", "notes"}``

``at``
    the space fought over (the page marks it on the map);
``title``
    ``"Battle at Tarraco"``;
``round``, ``rounds``
    the round being fought and how many a battle has at most (None: no limit);
``stage``
    a few words on where the battle stands (``"Pompeius's C blocks fire"``);
``sides``
    one entry per side in the battle, the attacker first:
    ``{"side", "role", "lines": [{"label", "pieces": [...]}], "reserves": [...],
    "gone": [...], "facts": [...]}``: ``lines`` are the pieces in fire order (a line per
    initiative, or per step of a round), ``reserves`` those held apart, ``gone`` those
    that retreated or were eliminated in this battle, ``facts`` short lines (losses,
    leaders);
``order``
    the turns still to come this round, each a list of labels (``["Legio 5", "Legio 6"]``);
``current``
    the pieces (by id) or lines (by label) whose turn it is (the page highlights them);
``events``
    the battle's log so far, newest last: ``{"text", "dice"}``.

A piece is ``{"piece", "known", "title", "side", "rating", "strength", "steps", "hits",
"status"}``: ``piece`` its id; ``status`` is ``"acted"``, ``"firing"``, ``"waiting"``,
``"reserve"``, ``"retreated"``, ``"eliminated"``, ``"captured"`` or ``"sunk"``; it may carry
``marks``, short words the page shows beside it (``["depletion 1", "grappled to Esus"]``). Alike pieces may be one entry,
``{"piece": None, "known": True, "title", "short", "count", ...}`` (``10 HI``); pieces the
side may not identify are ``{"piece": None, "known": False, "side", "count"}``: how many,
whose, and nothing else.

The helpers here are what every game's hook needs: the innermost frame of a procedure
(:func:`frame_of`), the log of the battle so far (:func:`battle_log`), the unknown
pieces at a place counted by owner (:func:`unknown_at`) and a known piece's card
(:func:`piece_card`).
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Callable, Mapping, Sequence
from typing import Any

from legatus.framework.model.gamedef import GameDef

BattleBoard = dict[str, Any]


def frame_of(view: Mapping[str, Any], procedure: str) -> dict[str, Any] | None:
    """The innermost frame of ``procedure`` on the stack the view carries, if any."""
    for frame in reversed(view.get("stack") or ()):
        if frame.get("p") == procedure:
            found: dict[str, Any] = frame
            return found
    return None


def battle_log(
    view: Mapping[str, Any], started: Callable[[Mapping[str, Any]], bool], keep: int = 40
) -> list[dict[str, Any]]:
    """The log entries since the last one ``started`` says opens the battle (that one
    included), at most the last ``keep``."""
    log: Sequence[dict[str, Any]] = view.get("log") or ()
    start = 0
    for index in range(len(log) - 1, -1, -1):
        if started(log[index]):
            start = index
            break
    return [dict(entry) for entry in log[start:]][-keep:]


def events(entries: Sequence[Mapping[str, Any]]) -> list[dict[str, Any]]:
    """Log entries as a battle board's ``events``: their words and dice."""
    shown = []
    for entry in entries:
        data = entry.get("data") or {}
        dice = data.get("dice") or data.get("rolls")
        item: dict[str, Any] = {"text": str(entry.get("text", ""))}
        if isinstance(dice, list) and all(isinstance(d, int) for d in dice):
            item["dice"] = list(dice)
        shown.append(item)
    return shown


def unknown_at(view: Mapping[str, Any], place: str) -> Counter[str]:
    """How many pieces the view shows at ``place`` without naming them, by owner."""
    return Counter(
        str(entry.get("side")) for entry in view["pieces"]["hidden"] if entry.get("at") == place
    )


def piece_card(
    definition: GameDef,
    view: Mapping[str, Any],
    pid: str,
    *,
    rating: str | None = None,
    hits: int = 0,
    status: str = "waiting",
) -> dict[str, Any]:
    """A known piece as a battle board shows it: its name, rating, strength now (if the
    view shows it) and printed steps, the hits it took in this battle, its status."""
    entry = view["pieces"]["known"].get(pid, {})
    piece = definition.pieces.get(pid)
    return {
        "piece": pid,
        "known": True,
        "title": (piece.title if piece is not None else None) or pid,
        "side": entry.get("side", piece.side if piece is not None else None),
        "rating": rating,
        "strength": entry.get("strength"),
        "steps": piece.steps if piece is not None else None,
        "hits": hits,
        "status": status,
    }


def unknown_card(side: str, count: int, status: str = "reserve") -> dict[str, Any]:
    """``count`` pieces of ``side`` the viewer may not identify."""
    return {"piece": None, "known": False, "side": side, "count": count, "status": status}
