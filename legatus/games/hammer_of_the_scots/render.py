"""Hammer of the Scots at the terminal and in the browser: the kit's pages and battle board
(:mod:`legatus.framework.kit.pages`, :mod:`legatus.framework.kit.battle_board`) in this
game's words, from a side's view alone."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from legatus import GameDef, kit

PHASES = {
    "play": "card phase (HotS 3.1)",
    "crown": "card phase: coronation (HotS 6.2)",
    "group": "move phase (HotS 4.2)",
    "move": "move phase (HotS 4.0)",
    "sea_move": "event: Sea Move (HotS 3.12)",
    "main": "move phase: main attack (HotS 5.32)",
    "battle_choice": "battle phase (HotS 5.1)",
    "battle_turn": "battle phase (HotS 5.4)",
    "battle_hit": "battle phase: hits (HotS 5.41)",
    "retreat": "battle phase: retreat (HotS 5.5)",
    "regroup": "battle phase: regroup (HotS 5.6)",
    "home": "winter: nobles home (HotS 7.1)",
    "king_winter": "winter: the King (HotS 7.2)",
    "edward_winter": "winter: Edward (HotS 7.4)",
    "wallace_winter": "winter: Wallace (HotS 7.5)",
    "winter_disband": "winter: castle limits (HotS 7.32, 7.5)",
    "build": "winter: builds (HotS 7.6)",
}


def nobles_seen(definition: GameDef, view: Mapping[str, Any], side: str) -> int:
    """HotS 9.0: the side's nobles on the map the viewer identifies (its own, and the
    enemy's it has seen revealed)."""
    known = view["pieces"]["known"].items()
    return sum(definition.pieces[b].type == "noble" and p.get("side") == side
               and p.get("at") not in (None, "pool", "out") for b, p in known)  # fmt: skip


PAGES = kit.pages.Pages(phases=PHASES, score=nobles_seen, score_label="nobles seen",
                        calendar=("year",), shown=("truce", "crowned", "dead"))  # fmt: skip


def battle_board(
    definition: GameDef, params: Mapping[str, Any], view: Mapping[str, Any]
) -> dict[str, Any] | None:
    """The battle's blocks by initiative, the defender first on equal letters (HotS 5.31),
    reserves apart until round 2 (5.33), hits (5.41), retreats from round 1 (5.5), B3 at home."""
    rules = kit.battle_board.BoardRules(
        arrival_round=int(params.get("reserve_arrival_round", 2)),
        last_round=int(params.get("battle_rounds", 3)),
        retreat_from=1,
        home_fire=int(params.get("home_fire", 0)),
        regroup="wins and may regroup (HotS 5.6)",
        hits="takes the hits of {firer} (HotS 5.41)",
    )
    return kit.battle_board.battle_board(definition, view, rules)
