"""Border limits: how many blocks may cross one border, by its kind.

Columbia's block games limit the blocks a side moves across one border in a turn (or
retreats across it in a battle round, or regroups across it after a battle) by the
border's kind: Julius Caesar's major roads 4, minor roads 2, straits 2 (1 retreating);
Hammer of the Scots' major borders 6, minor 2. A border is named by the two spaces it
joins (:func:`border_key`, the same whichever way it is crossed); its limit is the
largest the rules give among the kinds of connection between them (two spaces joined by
a road and a strait take the larger). The counts are the caller's: a plain mapping
from border key to blocks crossed, kept for as long as the limit lasts.

>>> border_key("Roma", "Neapolis") == border_key("Neapolis", "Roma") == "Neapolis|Roma"
True
>>> used = {}
>>> crossings(used, "Roma", "Neapolis"), crossings(used, "Neapolis", "Roma")
(1, 2)
"""

from __future__ import annotations

from collections.abc import Collection, Mapping, MutableMapping

from legatus.framework.model.board import Board


def border_key(a: str, b: str) -> str:
    """The border between two spaces, the same whichever way it is crossed."""
    return f"{a}|{b}" if a < b else f"{b}|{a}"


def kind_limit(kinds: Collection[str], limits: Mapping[str, int]) -> int:
    """The largest limit among ``kinds`` (0 when the rules give none of them a limit).

    >>> kind_limit({"major", "strait"}, {"major": 4, "minor": 2, "strait": 1})
    4
    >>> kind_limit({"sea"}, {"major": 4})
    0
    """
    return max((limits[k] for k in kinds if k in limits), default=0)


def border_limit(board: Board, a: str, b: str, limits: Mapping[str, int]) -> int:
    """The blocks that may cross between ``a`` and ``b``: the largest of ``limits`` (by
    connection kind) among the connections joining them; 0 if none has a limit."""
    return kind_limit(board.connection_kinds_between(a, b), limits)


def crossings(used: MutableMapping[str, int], a: str, b: str) -> int:
    """Count one more block across the border between ``a`` and ``b``; the new count."""
    key = border_key(a, b)
    used[key] = used.get(key, 0) + 1
    return used[key]
