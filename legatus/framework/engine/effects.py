"""Running card and event effects written in the rules DSL.

An effect is a list of statements (calls of registered effects or
procedures, ``let``, ``if``, ``for``, ``choose``). A ``choose`` asks a player,
and a called procedure may ask many questions, so an effect must be able to
stop in the middle and resume later from the state alone. The runner keeps
its position as plain data in its frame: a stack of cursors, each naming a
statement list by number (lists are numbered once per rule set) with the
index of the next statement and, inside ``for``, the items and the loop
variable. Variables live in the frame's ``env`` (JSON values only).

A ``choose`` with no candidate still asks: the one legal answer is ``pass``,
which ends the effect (an event with no target must never dead-end a game).
An effect run as ``declinable`` (the game's choice: a rules parameter may let
a card's player decline it) also offers ``pass`` at its first ``choose``, with
candidates there: answered so, the effect is declined and ends before it does
anything.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from legatus.framework.engine.actions import Action, Prompt
from legatus.framework.engine.core import Context, EngineError, Frame, Procedure, make_prompt
from legatus.framework.engine.frames import PIECES, PUBLIC, declare
from legatus.framework.rules import ast


class StatementLists:
    """Every statement list of a rule set's effects, numbered."""

    def __init__(self, effects: Mapping[str, ast.EffectDecl]) -> None:
        self.lists: list[tuple[ast.Stmt, ...]] = []
        self.ids: dict[int, int] = {}
        self.roots: dict[str, int] = {}
        for name in sorted(effects):
            self.roots[name] = self._number(effects[name].body)

    def _number(self, body: tuple[ast.Stmt, ...]) -> int:
        number = len(self.lists)
        self.lists.append(body)
        self.ids[id(body)] = number
        for stmt in body:
            if isinstance(stmt, ast.IfStmt):
                self._number(stmt.then)
                self._number(stmt.otherwise)
            elif isinstance(stmt, ast.ForStmt):
                self._number(stmt.body)
        return number

    def id_of(self, body: tuple[ast.Stmt, ...]) -> int:
        return self.ids[id(body)]


class RunEffect(Procedure):
    """The procedure ``run_effect(effect, side, env, declinable=False)``: run one DSL
    effect.

    ``side`` is the player the effect belongs to (``choose`` asks them unless
    it says ``by``); ``env`` gives the effect's parameters; ``declinable``:
    its first ``choose`` also offers ``pass``, declining the effect.
    """

    fields = declare(args=PIECES, env=PIECES, cursors=PUBLIC, asking=PIECES, declinable=PUBLIC)

    rule = ""

    def __init__(self, lists: StatementLists, effects: Mapping[str, ast.EffectDecl]) -> None:
        self.lists = lists
        self.effects = effects

    def start(self, ctx: Context, frame: Frame) -> None:
        name = frame["args"]["effect"]
        if name not in self.effects:
            raise EngineError(f"no effect named {name!r} in the rules")
        ctx.fired(self.effects[name].rule or "")
        env = dict(frame["args"].get("env", {}))
        env.setdefault("side", frame["args"].get("side"))
        frame["env"] = env
        frame["cursors"] = [{"l": self.lists.roots[name], "i": 0}]
        frame["asking"] = None
        if frame["args"].get("declinable"):
            frame["declinable"] = True  # until the first choose

    def prompt(self, ctx: Context, frame: Frame) -> Prompt | None:
        while frame["asking"] is None:
            if not self._step(ctx, frame):
                return None
            if ctx.state["stack"][-1] is not frame or ctx.state["result"] is not None:
                # A called procedure was pushed (the engine runs it first and
                # then asks this frame again), or the game ended.
                return None
        asking = frame["asking"]
        actions = [Action("choose", (c,)) for c in asking["candidates"]] or [Action("pass")]
        text = (
            asking["text"] if asking["candidates"] else f"{asking['text']}: no legal choice, pass"
        )
        if asking.get("declinable") and asking["candidates"]:
            actions.append(Action("pass"))
            text = f"{text}, or pass to decline the event"
        return make_prompt(asking["side"], "choose", text, actions)

    def apply(self, ctx: Context, frame: Frame, action: Action) -> None:
        asking = frame["asking"]
        frame["asking"] = None
        if action.kind == "pass":
            frame["cursors"] = []
            if asking.get("declinable") and asking["candidates"]:
                ctx.log(f"{asking['side']} declines {frame['args']['effect']}: no effect")
            else:
                ctx.log(f"{asking['side']}: {asking['text']}: no legal choice")
            return
        frame["env"][asking["name"]] = action.args[0]

    # -- the interpreter -----------------------------------------------------
    def _step(self, ctx: Context, frame: Frame) -> bool:
        """Run one statement; False when the effect is over."""
        cursors = frame["cursors"]
        while cursors:
            cursor = cursors[-1]
            body = self.lists.lists[cursor["l"]]
            if cursor["i"] < len(body):
                break
            if not self._next_iteration(ctx, frame, cursor):
                cursors.pop()
        if not cursors:
            return False
        cursor = cursors[-1]
        stmt = self.lists.lists[cursor["l"]][cursor["i"]]
        cursor["i"] += 1
        self._execute(ctx, frame, stmt)
        return True

    def _next_iteration(self, ctx: Context, frame: Frame, cursor: dict[str, Any]) -> bool:
        loop = cursor.get("for")
        if loop is None:
            return False
        while loop["k"] + 1 < len(loop["items"]):
            loop["k"] += 1
            frame["env"][loop["var"]] = loop["items"][loop["k"]]
            cursor["i"] = 0
            return True
        frame["env"].pop(loop["var"], None)
        return False

    def _execute(self, ctx: Context, frame: Frame, stmt: ast.Stmt) -> None:
        env = frame["env"]
        if stmt.rule:
            ctx.fired(stmt.rule)
        if isinstance(stmt, ast.LetStmt):
            env[stmt.name] = ctx.evaluate(stmt.value, env)
        elif isinstance(stmt, ast.IfStmt):
            branch = stmt.then if ctx.evaluate(stmt.condition, env) else stmt.otherwise
            if branch:
                frame["cursors"].append({"l": self.lists.id_of(branch), "i": 0})
        elif isinstance(stmt, ast.ForStmt):
            items = self._items(ctx, env, stmt.var, stmt.iterable, stmt.condition)
            if items:
                env[stmt.var] = items[0]
                frame["cursors"].append(
                    {
                        "l": self.lists.id_of(stmt.body),
                        "i": 0,
                        "for": {"var": stmt.var, "items": items, "k": 0},
                    }
                )
        elif isinstance(stmt, ast.ChooseStmt):
            candidates = self._items(ctx, env, stmt.name, stmt.options, stmt.where)
            side = ctx.evaluate(stmt.by, env) if stmt.by is not None else env.get("side")
            frame["asking"] = {
                "name": stmt.name,
                "side": side,
                "candidates": sorted(candidates, key=str),
                "text": f"choose {stmt.name} ({stmt.type.name})",
            }
            if frame.pop("declinable", False):
                frame["asking"]["declinable"] = True
        else:
            self._call(ctx, frame, stmt.call)

    def _items(
        self, ctx: Context, env: dict[str, Any], var: str, iterable: Any, condition: Any
    ) -> list[Any]:
        items = list(ctx.evaluate(iterable, env))
        if condition is None:
            return items
        kept = []
        for item in items:
            scope = dict(env)
            scope[var] = item
            if ctx.evaluate(condition, scope):
                kept.append(item)
        return kept

    def _call(self, ctx: Context, frame: Frame, call: ast.Call) -> None:
        rules = ctx.game.rules
        args = rules.call_arguments(call, ctx, frame["env"])
        name = call.name
        if name in ctx.game.procedures:
            ctx.push(name, **args)
            return
        rules.run_effect_call(name, ctx, args)
