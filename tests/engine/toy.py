"""A toy game on the demo map, to test the engine without any real game's rules.

Its rules are a real rules file (``toy.rules``) compiled by the one path the
engine has (:func:`legatus.framework.engine.dsl.compile_game`), with its procedures
and query registered by a game plugin object like any game's.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import replace
from pathlib import Path
from typing import Any

from legatus.framework.engine.actions import Action, Prompt
from legatus.framework.engine.core import Context, Frame, Game, Procedure, make_prompt
from legatus.framework.engine.dsl import compile_game
from legatus.framework.engine.frames import PUBLIC, declare
from legatus.framework.engine.gameplugin import GamePlugin
from legatus.framework.engine.queries import register_engine_queries
from legatus.framework.engine.simultaneous import Simultaneous
from legatus.framework.engine.state import set_flag
from legatus.framework.model.gamedef import GameDef, RecordDecl, frozen_map
from legatus.framework.rules.loading import load_rules, with_variant
from legatus.framework.rules.parser import parse_variant
from legatus.framework.rules.registry import RuleRegistry
from legatus.framework.tools.testing import test_variant

RULES = Path(__file__).with_name("toy.rules")


class March(Procedure):
    """Each side in turn moves one of its pieces to a neighbouring space, or passes."""

    rule = "TOY 1"
    fields = declare(args=PUBLIC, sides=PUBLIC)

    def start(self, ctx: Context, frame: Frame) -> None:
        frame["sides"] = list(ctx.definition.side_ids)

    def prompt(self, ctx: Context, frame: Frame) -> Prompt | None:
        if not frame["sides"]:
            return None
        side = frame["sides"][0]
        board = ctx.definition.board
        actions = [Action("pass")]
        for pid, piece in ctx.state["pieces"].items():
            if piece["side"] == side and piece["at"] in board.spaces:
                kind = ctx.definition.piece_types[ctx.definition.pieces[pid].type]
                for to in board.neighbours(piece["at"]):
                    stands = (
                        board.spaces[to].kind in kind.stands_on
                        or board.spaces[to].category in kind.stands_on
                    )
                    if stands:
                        actions.append(Action("move", (pid, to)))
        return make_prompt(side, "march", f"{side}: move a piece or pass", actions)

    def apply(self, ctx: Context, frame: Frame, action: Action) -> None:
        side = frame["sides"].pop(0)
        if action.kind == "move":
            pid, to = action.args
            ctx.state["pieces"][pid]["at"] = to
            ctx.log(f"{side} moves a piece to {to}")


class Secret(Simultaneous):
    """Both sides commit a number at once, in secret; then both are revealed."""

    def sides(self, ctx: Context, frame: Frame) -> list[str]:
        return list(ctx.definition.side_ids)

    def ask(self, ctx: Context, frame: Frame, side: str) -> Prompt:
        return make_prompt(
            side, "commit", "choose a number", [Action("commit", (n,)) for n in (1, 2, 3)]
        )

    def resolve(self, ctx: Context, frame: Frame, answers: Mapping[str, Action]) -> None:
        ctx.state["records"]["numbers"] = {side: a.args[0] for side, a in answers.items()}


def skirmish(ctx: Context, dice: int) -> None:
    rolls = ctx.roll(dice)
    ctx.state["records"]["rolls"].append(rolls)
    ctx.log(f"rolled {rolls}", rolls=rolls)


def flag_all(ctx: Context) -> None:
    for pid in ctx.state["pieces"]:
        set_flag(ctx.state, pid, "revealed")


def total_rolls(ctx: Context) -> int:
    """Every die rolled so far, added up."""
    return sum(sum(r) for r in ctx.state["records"]["rolls"])


class Toy(GamePlugin):
    """The toy game's procedures and query."""

    name = "demo_skirmish"

    def register_rules(self, registry: RuleRegistry) -> None:
        registry.add_procedure("march", March(), rule="TOY 1")
        registry.add_procedure("secret", Secret())
        registry.add_procedure("skirmish", skirmish, rule="TOY 2", params={"dice": "int"})
        registry.add_procedure("flag_all", flag_all)
        registry.add_query("total_rolls", total_rolls, returns="int")


def toy_game(definition: GameDef, **params: Any) -> Game:
    """The toy game over ``definition`` (the demo map), with some parameters changed.

    It declares two records of its own: the numbers revealed by ``secret`` and the
    skirmishes' rolls, both public."""
    definition = replace(
        definition,
        records=frozen_map(
            {
                **definition.records,
                "numbers": RecordDecl("numbers", {"type": "object"}),
                "rolls": RecordDecl("rolls", {"type": "array"}),
            }
        ),
    )
    plugin = Toy()
    registry = RuleRegistry()
    register_engine_queries(registry)
    plugin.register_rules(registry)
    symbols = definition.symbols()
    ruleset = load_rules([RULES], symbols, registry)
    if params:
        text = test_variant("demo_skirmish", params=params)
        ruleset = with_variant(ruleset, parse_variant(text, "<toy>"), symbols, registry)
    return compile_game(definition, ruleset, registry, plugin=plugin)
