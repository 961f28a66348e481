"""A finished game's outcome for every side: its rank, and what the result is worth to it.

A result (``state["result"]``, :class:`legatus.framework.engine.program.VictoryResult`)
names a winner or none (a draw); a game with more than two sides may also give
``ranks``: ``{side: rank}``, 1 best, equal ranks for sides that tie (Hannibal
Barkas's teams share a rank; the individual scores inside a team order its
players). Ranks may leave out the sides no seat plays (Hannibal Barkas's
neutral states): they take no part in the outcome, neither winning nor losing,
and the functions here leave them out. Without ranks, the winner ranks 1 and
every other side 2; a draw ranks every side 1.

:func:`value` turns a rank into what the result is worth to a side, in
[-1, 1], for any number of sides: the share of the other sides it beat,
minus the share that beat it. Two sides: 1 won, -1 lost, 0 drawn. Every
tool that reads a result for a side (the search players' evaluation, the
PettingZoo rewards, the statistics tables) goes through these functions.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any


def ranks(result: Mapping[str, Any], sides: Sequence[str]) -> dict[str, int]:
    """Every ranked side's rank in ``result`` (1 best; sides that tie share a rank); a side
    the result's ranks leave out takes no part and is not in the answer."""
    given = result.get("ranks")
    if given:
        return {side: int(given[side]) for side in sides if side in given}
    winner = result.get("winner")
    if winner is None:
        return dict.fromkeys(sides, 1)
    return {side: 1 if side == winner else 2 for side in sides}


def value(result: Mapping[str, Any], side: str, sides: Sequence[str]) -> float:
    """What ``result`` is worth to ``side``: (sides it beat - sides that beat it) / others."""
    placed = ranks(result, sides)
    if side not in placed:
        return 0.0
    others = [s for s in placed if s != side]
    if not others:
        return 0.0
    mine = placed[side]
    beat = sum(1 for s in others if placed[s] > mine)
    beaten = sum(1 for s in others if placed[s] < mine)
    return (beat - beaten) / len(others)


def won(result: Mapping[str, Any], side: str, sides: Sequence[str]) -> bool:
    """Whether ``side`` ranks first alone, or first with its team (a shared first rank
    that not every side shares)."""
    placed = ranks(result, sides)
    first = [s for s in placed if placed[s] == 1]
    return placed.get(side) == 1 and len(first) < len(placed)
