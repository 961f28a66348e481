"""A stable integer encoding of every Julius Caesar action (for learning agents).

Each action kind lists the domain of each argument: the game's blocks,
spaces or cards, in their data order. Paths share a kind whatever their
length (``move`` takes a block and 2 to 4 spaces; ``sail`` a block and 3 to
11 spaces: a port, up to 9 seas, a port). The codes only change when the data
changes. See :class:`framework.engine.actions.ActionCodec`.
"""

from __future__ import annotations

from framework.engine.actions import ActionCodec, Arg
from framework.gamedef import GameDef

MAX_SEAS = 9


def codec(definition: GameDef) -> ActionCodec:
    pieces: list[Arg] = list(definition.pieces)
    spaces: list[Arg] = list(definition.board.spaces)
    cards: list[Arg] = list(definition.cards)
    values: list[Arg] = sorted({*pieces, *spaces}, key=str)
    kinds = {
        "discard": [cards],
        "play": [cards],
        "pass": [],
        "group": [spaces],
        "move": [pieces, *[spaces] * 4],
        "sail": [pieces, *[spaces] * (MAX_SEAS + 2)],
        "end_group": [],
        "end_moves": [],
        "main": [spaces, spaces],
        "levy": [pieces, spaces],
        "step": [pieces],
        "end_levy": [],
        "battle": [spaces],
        "fire": [pieces],
        "retreat": [pieces, spaces, spaces],
        "hit": [pieces],
        "regroup": [pieces, spaces],
        "end_regroup": [],
        "to_port": [pieces, spaces],
        "remove": [pieces],
        "disband": [pieces],
        "end_disband": [],
        "deploy": [pieces, spaces],
        "choose": [values],
    }
    least = {"move": 3, "sail": 4, "retreat": 2, "pass": 0}
    # ``pass`` is both the bare pass (no legal choice) and ``pass(block)`` in battle.
    kinds["pass"] = [pieces]
    return ActionCodec(kinds, least)
