"""A toy game on the demo map, to test the engine without any real game's rules."""

from __future__ import annotations

from typing import Any

from framework.engine.actions import Action, Prompt
from framework.engine.core import Context, Frame, Game, Immediate, Procedure, make_prompt
from framework.engine.program import Block, Check, Step, VictoryResult
from framework.engine.state import set_flag
from framework.engine.testing import StaticRules
from framework.gamedef import GameDef


class March(Procedure):
    """Each side in turn moves one of its pieces to a neighbouring space, or passes."""

    rule = "TOY 1"

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


class Secret(Procedure):
    """Each side commits a number in secret; then both are revealed."""

    def start(self, ctx: Context, frame: Frame) -> None:
        frame["waiting"] = list(ctx.definition.side_ids)

    def prompt(self, ctx: Context, frame: Frame) -> Prompt | None:
        if not frame["waiting"]:
            return None
        side = frame["waiting"][0]
        return make_prompt(
            side, "commit", "choose a number", [Action("commit", (n,)) for n in (1, 2, 3)]
        )

    def apply(self, ctx: Context, frame: Frame, action: Action) -> None:
        side = frame["waiting"].pop(0)
        ctx.state["private"][side]["number"] = action.args[0]
        if not frame["waiting"]:
            ctx.reveal()
            ctx.state["public"]["numbers"] = {
                s: ctx.state["private"][s].pop("number") for s in ctx.definition.side_ids
            }


def skirmish(ctx: Context, dice: int) -> None:
    rolls = ctx.roll(dice)
    ctx.state["public"].setdefault("rolls", []).append(rolls)
    ctx.log(f"rolled {rolls}", rolls=rolls)


def flag_all(ctx: Context) -> None:
    for pid in ctx.state["pieces"]:
        set_flag(ctx.state, pid, "revealed")


def most_rolls(ctx: Context) -> VictoryResult | None:
    total = sum(sum(r) for r in ctx.state["public"].get("rolls", []))
    if total >= ctx.param("target"):
        return VictoryResult("red", f"red reached {total}", "TOY 9")
    return None


PROCEDURES: dict[str, Procedure] = {
    "march": March(),
    "secret": Secret(),
    "skirmish": Immediate(skirmish, rule="TOY 2"),
    "flag_all": Immediate(flag_all),
}


def toy_rules(turns: int = 2, target: int = 1000, extra: tuple[Any, ...] = ()) -> StaticRules:
    body = (
        Block(
            "range",
            "turn",
            (
                Step("march"),
                Step("secret"),
                Step("skirmish", {"dice": "dice"}),
                Check("most_rolls"),
            ),
            var="turn",
            start=1,
            stop="turns",
        ),
        *extra,
    )
    return StaticRules(
        body, {"turns": turns, "target": target, "dice": 2}, {"most_rolls": most_rolls}
    )


def toy_game(definition: GameDef, **kwargs: Any) -> Game:
    return Game(definition, toy_rules(**kwargs), PROCEDURES)
