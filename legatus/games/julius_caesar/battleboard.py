"""Julius Caesar's battle as a board for the browser (JC 7.0-7.7), from a side's view alone:
the kit's board (:mod:`legatus.framework.kit.battle_board`: the blocks by initiative, the
defender first on equal letters, JC 7.2, the reserves apart until they arrive, JC 7.3) with
this game's rounds, Mars's and Neptune's first fire and its rule citations."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from legatus import GameDef, kit
from legatus.games.julius_caesar.battle import fires_first


def battle_board(
    definition: GameDef, params: Mapping[str, Any], view: Mapping[str, Any]
) -> dict[str, Any] | None:
    rules = kit.battle_board.BoardRules(
        arrival_round=int(params.get("reserve_arrival_round", 2)),
        last_round=int(params.get("battle_rounds", 4)),
        early=fires_first,
        disrupted="its reserves are disrupted (JC 7.31)",
        regroup="wins and may regroup (JC 7.7)",
        hits="takes the hits of {firer} (JC 7.4)",
    )
    return kit.battle_board.battle_board(definition, view, rules)
