"""The Move Phase (HotS 4.0-4.6): Hammer of the Scots' group moves on the kit.

The search is the kit's (:mod:`legatus.framework.kit.movement`); this module fills its
settings from the rules parameters and adds the two rules of the Anglo-Scottish border:

- a block moves up to its move rating (``stats.move``, 2 or 3; HotS 2.13) through vacant
  and friendly areas, and stops on entering an area with enemy blocks (HotS 4.0) or after
  crossing a red border (HotS 4.3); the Norse never moves by land (HotS 4.7);
- ``border_limit.green`` and ``border_limit.red`` blocks per player per Move Phase cross a
  border, both directions counted (HotS 4.3, AMB-5); the Anglo-Scottish border's kinds
  have the limits of their colours;
- a block entering England stops there (HotS 4.4), and only
  ``national_border.per_group_move`` blocks of a Group Move cross the Anglo-Scottish border
  (HotS 4.4): the public record ``group_crossings`` counts them for the group moving;
- pins (every attacking block, reserves too, pins one defender; HotS 4.6) and the borders
  an attacker used, closed to the defenders who leave until their side reinforces across
  one (4.0 5.5: the last user controls it): the kit's.
"""

from __future__ import annotations

import weakref
from itertools import pairwise
from typing import Any

from legatus import Context, GameDef, RuleRegistry, kit, rules_effect

#: The border kinds of map.yaml, and those of the Anglo-Scottish border (HotS 4.3, 4.4).
BORDERS = ("green", "red", "national-green", "national-red")
NATIONAL = frozenset({"national-green", "national-red"})
STOPS = frozenset({"red", "national-red"})
ENGLAND = "England"
CARD = "card"


def crosses_national(game: GameDef, path: kit.movement.Path) -> bool:
    """Whether ``path`` crosses the Anglo-Scottish border (HotS 4.4)."""
    board = game.board
    return any(
        not NATIONAL.isdisjoint(board.connection_kinds_between(a, b)) for a, b in pairwise(path)
    )


def _settings_of(ctx: Context) -> kit.MoveSettings:
    limits = {
        kind: int(ctx.param(f"border_limit.{kind.removeprefix('national-')}")) for kind in BORDERS
    }
    game = ctx.definition
    rates = {int(piece.stats.get("move", 0)) for piece in game.pieces.values()}
    classes = {
        f"move{rate}": kit.BlockClass(BORDERS, moves=rate > 0, distance=rate or None)
        for rate in rates
    }
    return kit.MoveSettings(
        distance=max(rates),
        attack_distance=max(rates),
        reinforce_distance=max(rates),
        moving_limits=limits,
        engaging_limits=limits,
        classes=classes,
        class_of={b: f"move{int(p.stats.get('move', 0))}" for b, p in game.pieces.items()},
        stop_kinds=STOPS,
        reopened_by_defence=bool(ctx.param("border_control.last_battle_entry")),
    )


#: Per playable game (its parameters never change): the kit's settings, read once.
_settings: weakref.WeakKeyDictionary[Any, kit.MoveSettings] = weakref.WeakKeyDictionary()


class Movement(kit.GroupMoves):
    """The legal moves of one side as the state stands, with the national border's rules."""

    def __init__(self, ctx: Context, side: str, mode: str = CARD) -> None:
        settings = _settings.get(ctx.game)
        if settings is None:
            settings = _settings[ctx.game] = _settings_of(ctx)
        public = kit.command.public(ctx.state)
        super().__init__(
            ctx.definition.board,
            kit.Occupancy(ctx.state["pieces"]),
            side,
            settings,
            public,
            kit.command.private(ctx.state, side)["moved"],
        )
        allowed = int(ctx.param("national_border.per_group_move"))
        self.may_cross = int(public.get("group_crossings", 0)) < allowed
        self.game = ctx.definition
        #: Card Truce (HotS 3.12): under the enemy's Truce no attack, no Scots into England.
        self.truce = ctx.state["records"]["truce"] not in (None, side)

    def paths(self, origin: str, class_name: str) -> list[kit.movement.Path]:
        """The kit's paths, less those passing through England (entering it stops, HotS
        4.4), once the group used its crossings those crossing the national border, and
        under the enemy's Truce those attacking or (for the Scots) entering England."""
        found = [
            path
            for path in super().paths(origin, class_name)
            if ENGLAND not in path[1:-1]
            and (self.may_cross or not crosses_national(self.game, path))
        ]
        if self.truce:
            status, side = self.position.status, self.side
            found = [
                path
                for path in found
                if status(path[-1], side) not in kit.movement.ENGAGED
                and not (side == "scots" and ENGLAND in path)
            ]
        return found


def register_moves(registry: RuleRegistry) -> None:
    """The kit's group-move queries with Hammer of the Scots' settings (HotS 4.0-4.6)."""
    kit.register_movement(
        registry,
        Movement,
        record=kit.command.public,
        sea_mode=CARD,
        rules={name: "HotS 4.2" for name in ("group_origins", "group_movers", "block_routes")},
        needs={
            "border_limit.green": "int",
            "border_limit.red": "int",
            "national_border.per_group_move": "int",
        },
    )


@rules_effect("begin_group(side: side, area: space)", rule="HotS 4.2")
def begin_group(ctx: Context, side: str, area: str) -> None:
    """HotS 4.2: one Group Move: the side's blocks in ``area`` (the national border's
    crossings counted afresh, HotS 4.4)."""
    kit.command.public(ctx.state)["group_crossings"] = 0
    ctx.log(ctx.definition.side_does(side, f"moves the group in {area}"), side=side, group=area)


@rules_effect("move_group_block(side: side, block: piece, path: list[space])", rule="HotS 4.0")
def move_group_block(ctx: Context, side: str, block: str, path: list[str]) -> None:
    """HotS 4.0: one block of the group moves along ``path``, its origin first, the borders
    it crosses counted (HotS 4.3, 4.4) and any attack it makes recorded."""
    public = kit.command.public(ctx.state)
    if crosses_national(ctx.definition, tuple(path)):
        public["group_crossings"] = int(public.get("group_crossings", 0)) + 1
        ctx.fired("HotS 4.4")
    kit.command.move_block(ctx, side, block, tuple(path), BORDERS)


@rules_effect("end_moves(side: side)", rule="HotS 4.0")
def end_moves(ctx: Context, side: str) -> None:
    """HotS 4.0: the side makes no more Group Moves this turn (the rest are lost)."""
    ctx.log(ctx.definition.side_does(side, "ends the moves"), side=side)


@rules_effect("declare_main(side: side, area: space, origin: space)", rule="HotS 5.32")
def declare_main(ctx: Context, side: str, area: str, origin: str) -> None:
    """HotS 5.32: the blocks that entered ``area`` from ``origin`` are the Main Attack."""
    kit.engagement.declare_main(
        kit.command.public(ctx.state), area, kit.borders.border_key(area, origin)
    )
    name = ctx.definition.side_name(side)
    ctx.log(f"{name}'s main attack on {area} comes from {origin}", side=side, location=area)


@rules_effect("settle_attacks(side: side)", rule="HotS 4.6")
def settle_attacks(ctx: Context, side: str) -> None:
    """HotS 4.6, 5.32: each of the side's attacks gets its main attack and reserves, and
    pins as many defenders as blocks attacked, reserves included."""
    public = kit.command.public(ctx.state)
    position = kit.Occupancy(ctx.state["pieces"])
    other = ctx.definition.other_sides(side)[0]
    defenders = {area: len(position.blocks(area, other)) for area in public["contested"]}
    own = kit.command.private(ctx.state, side)
    kit.engagement.settle_attacks(public, own, side, defenders, reserves_pin=True)
