"""Running the statements of the rules DSL: card and event effects, and declared procedures.

An effect or a procedure is a list of statements (calls of registered effects or
procedures, ``let``, ``set``, ``if``, ``for``, ``repeat``, ``while``/``until``,
``choose``, ``decide``). A ``choose`` or a ``decide`` asks a player, and a called
procedure may ask many questions, so the runner must be able to stop in the middle
and resume later from the state alone. The runner keeps
its position as plain data in its frame: a stack of cursors, each naming a
statement list by number (lists are numbered once per rule set) with the
index of the next statement and, inside ``for``, the items and the loop
variable. Variables live in the frame's ``env`` (JSON values only). A ``while`` loop's cursor
names its loop (loops are numbered too), whose test is made again after each pass.

A ``decide`` offers every option whose ``when`` holds, once per
combination of its arguments' legal values: the option ``fire(target: piece from
Q)`` offers ``fire(X)`` for each X of Q. The chosen option's arguments become
variables and its body runs. A decision with no option to offer is passed over. Its text may name variables,
``{side}``, written by their values (a side by its name).

A ``choose`` with no candidate still asks: the one legal answer is ``pass``,
which ends the effect (an event with no target must never dead-end a game).
An effect run as ``declinable`` (the game's choice: a rules parameter may let
a card's player decline it) also offers ``pass`` at its first ``choose``, with
candidates there: answered so, the effect is declined and ends before it does
anything.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable, Iterator, Mapping
from dataclasses import fields, is_dataclass
from functools import lru_cache
from itertools import compress, repeat
from operator import is_
from typing import Any

from legatus.framework.engine.actions import Action, Prompt
from legatus.framework.engine.core import Context, EngineError, Frame, Procedure, make_prompt
from legatus.framework.engine.frames import PIECES, PUBLIC, declare
from legatus.framework.engine.frametypes import FrameTypes, Tokenize
from legatus.framework.rules import ast
from legatus.framework.rules.trace import fire

#: One statement compiled: ``handler(ctx, frame)`` runs it.
Handler = Callable[[Context, Frame], None]
#: An expression compiled: ``function(ctx, env)`` gives its value.
Compiled = Callable[[Context, Mapping[str, Any]], Any]
#: A decision's options compiled: name, condition, whether the condition reads no argument,
#: and each argument's name and legal values.
Plan = tuple[tuple[str, Compiled | None, bool, tuple[tuple[str, Compiled], ...]], ...]
#: A decision's offers and their actions, listed by one closure: ``listing(ctx, env)``
#: gives the offers (``[option, [values]]``, what the frame keeps) and, in the same
#: order, the action of each.
Listing = Callable[[Context, Mapping[str, Any]], tuple[list[list[Any]], list[Action]]]
#: What answering a decision binds, by option name: its arguments' names and the number
#: of its body's statement list (None when it has none).
Bindings = dict[str, tuple[tuple[str, ...], int | None]]

_UNBOUND: Any = object()

#: Passes a loop may make without end before the runner calls it a fault of the rules.
MAX_PASSES = 100_000


def prompt_text(ctx: Context, stmt: ast.DecideStmt, env: Mapping[str, Any]) -> str:
    """A decision's text: its quoted line with each ``{NAME}`` replaced by the variable's
    value (a side by its name: ``{side}: disband blocks`` reads ``Pompeius: disband
    blocks``), or its name in words."""
    if stmt.doc is None:
        return stmt.name.replace("_", " ")
    parts = _text_parts(stmt.doc)
    if len(parts) == 1:
        return stmt.doc
    side_name = ctx.definition.side_name  # a side's name; any other text as it is
    written = list(parts)
    for index in range(1, len(parts), 2):  # the text between the fields, then a field's name
        found = env.get(parts[index])
        written[index] = side_name(found) if isinstance(found, str) else str(found)
    return "".join(written)


@lru_cache(maxsize=1024)
def _text_parts(doc: str) -> tuple[str, ...]:
    """A decision's text cut at its fields: text, a field's name, text, ... (made once)."""
    return tuple(ast.TEXT_FIELD.split(doc))


def offered_action(kind: str, args: list[Any]) -> Action:
    """The action an option offers: its arguments' values in order, a list (a path: an
    argument of type ``list[space]``) written out in place, ``move(Legio 7, Narbo, Tarraco)``."""
    return Action(kind, _written_out(args))


def offered_actions(offers: list[list[Any]]) -> list[Action]:
    """The actions of a decision's offers, in order (:func:`offered_action` of each)."""
    return [_action_of(kind, args) for kind, args in offers]


def _action_of(kind: str, values: list[Any]) -> Action:
    """:func:`offered_action`, for an offer of up to two values without a test per value
    of :func:`_written_out` (the listing of a decision runs at nearly every prompt)."""
    if len(values) == 1:
        (only,) = values
        return Action(kind, tuple(only) if type(only) is list else (only,))
    if len(values) == 2:
        first, second = values
        if type(first) is not list and type(second) is not list:
            return Action(kind, (first, second))
    return Action(kind, _written_out(values)) if values else Action(kind)


def _written_out(args: list[Any]) -> tuple[Any, ...]:
    if list not in map(type, args):
        return tuple(args)
    flat: list[Any] = []
    for value in args:
        if isinstance(value, list):
            flat.extend(value)
        else:
            flat.append(value)
    return tuple(flat)


def _variables(node: object) -> Iterator[str]:
    """The names of the variables an expression reads."""
    if isinstance(node, ast.Var):
        yield node.name
    if isinstance(node, tuple | list):
        for item in node:
            yield from _variables(item)
    elif is_dataclass(node) and not isinstance(node, type):
        for each in fields(node):
            if each.compare:
                yield from _variables(getattr(node, each.name))


class StatementLists:
    """Every statement list of a rule set's effects and procedures, numbered; and its
    loops and decisions, numbered, so that a cursor names them with a number."""

    def __init__(
        self,
        effects: Mapping[str, ast.EffectDecl],
        procedures: Mapping[str, ast.ProcedureDecl] | None = None,
    ) -> None:
        self.lists: list[tuple[ast.Stmt, ...]] = []
        self.ids: dict[int, int] = {}
        self.loops: list[ast.LoopStmt] = []
        self.decisions: list[ast.DecideStmt] = []
        self.numbers: dict[int, int] = {}
        self.roots: dict[str, int] = {}
        self._independent: dict[int, bool] = {}
        self.procedure_roots: dict[str, int] = {}
        for name in sorted(effects):
            self.roots[name] = self._number(effects[name].body)
        for name in sorted(procedures or {}):
            self.procedure_roots[name] = self._number((procedures or {})[name].body)
        #: Which of the frames' values may name pieces, from the rules' written types.
        declared = [(d.params, d.body) for d in effects.values()]
        declared += [(d.params, d.body) for d in (procedures or {}).values()]
        self.types = FrameTypes(declared, self.decisions)

    def _number(self, body: tuple[ast.Stmt, ...]) -> int:
        number = len(self.lists)
        self.lists.append(body)
        self.ids[id(body)] = number
        for stmt in body:
            if isinstance(stmt, ast.IfStmt):
                self._number(stmt.then)
                self._number(stmt.otherwise)
            elif isinstance(stmt, ast.ForStmt | ast.RepeatStmt | ast.TurnsStmt):
                self._number(stmt.body)
            elif isinstance(stmt, ast.LoopStmt):
                self.numbers[id(stmt)] = len(self.loops)
                self.loops.append(stmt)
                self._number(stmt.body)
            elif isinstance(stmt, ast.DecideStmt):
                self.numbers[id(stmt)] = len(self.decisions)
                self.decisions.append(stmt)
                for option in stmt.options:
                    self._number(option.body)
        return number

    def reads_no_argument(self, option: ast.DecideOption) -> bool:
        """Whether the option's condition reads none of its arguments (so it can be tested
        once, before they are listed)."""
        found = self._independent.get(id(option))
        if found is None:
            names = {arg.name for arg in option.args}
            found = not names & set(_variables(option.when))
            self._independent[id(option)] = found
        return found

    def number_of(self, stmt: ast.LoopStmt | ast.DecideStmt) -> int:
        return self.numbers[id(stmt)]

    def id_of(self, body: tuple[ast.Stmt, ...]) -> int:
        return self.ids[id(body)]


class StatementRunner(Procedure):
    """Runs a statement list of the rules as a resumable procedure (its position, its
    variables and the question it asks kept in its frame)."""

    # The cursors hold the items a loop goes through: piece ids among them follow their
    # pieces' visibility, as everywhere in the variables.
    fields = declare(args=PIECES, env=PIECES, cursors=PIECES, asking=PIECES, declinable=PUBLIC)

    rule = ""

    def __init__(self, lists: StatementLists) -> None:
        self.lists = lists
        #: The frame's values that may name pieces (:mod:`~legatus.framework.engine.frametypes`).
        self.shown_pieces: Callable[[str, Any, Tokenize], Any] = lists.types.shown
        # The last decision asked: the question's own object (which the frame holds until
        # it is answered), its prompt (None until asked) and the actions of its offers in
        # their order. Asked again (the engine asks a frame more than once per decision),
        # the same prompt is given; answered, the offer is found among the actions listed
        # with it, not by writing every offer out again.
        self._last: tuple[Any, Prompt | None, list[Action]] | None = None
        # Compiled once, the first time they run: each statement list's handlers (by the
        # list's number), each loop's test (by its number), each decision's options, its
        # listing and its options' bindings (by the decision's number).
        self._handlers: list[tuple[Handler | None, ...] | None] = [None] * len(lists.lists)
        self._tests: dict[int, Compiled] = {}
        self._plans: dict[int, Plan] = {}
        self._listings: dict[int, Listing] = {}
        self._bindings: dict[int, Bindings] = {}

    def prompt(self, ctx: Context, frame: Frame) -> Prompt | None:
        ctx.memo.clear()  # another procedure may have changed the state since
        if frame["asking"] is None and not self._run(ctx, frame):
            return None
        asking = frame["asking"]
        if "together" in asking:
            return self._ask_together(ctx, frame, asking["together"][0])
        if "decide" in asking:
            last = self._last
            if last is not None and last[0] is asking:
                if last[1] is not None:
                    return last[1]
                actions = last[2]  # listed with the offers, a moment ago
            else:  # a frame read afresh (a loaded save, a copy): its offers written out
                actions = offered_actions(asking["offers"])
            decision = self.lists.decisions[asking["decide"]]
            # The text is made when asked, not kept in the frame: it may name a piece.
            text = prompt_text(ctx, decision, frame["env"])
            found = make_prompt(asking["side"], decision.name, text, actions)
            self._last = (asking, found, actions)
            return found
        actions = [Action("choose", (c,)) for c in asking["candidates"]] or [Action("pass")]
        text = (
            asking["text"] if asking["candidates"] else f"{asking['text']}: no legal choice, pass"
        )
        if asking.get("declinable") and asking["candidates"]:
            actions.append(Action("pass"))
            text = f"{text}, or pass to decline the event"
        return make_prompt(asking["side"], "choose", text, actions)

    # -- a decision asked together ------------------------------------------
    def prompt_as(self, ctx: Context, frame: Frame, side: str) -> Prompt | None:
        asking = frame["asking"]
        if asking is None or side not in asking.get("together", ()):
            return None
        return self._ask_together(ctx, frame, side)

    def take_turn(self, ctx: Context, frame: Frame, side: str) -> None:
        pending: list[str] = frame["asking"]["together"]
        pending.remove(side)
        pending.insert(0, side)

    def _ask_together(self, ctx: Context, frame: Frame, side: str) -> Prompt:
        """``side``'s question in a decision asked together: its offers are listed when
        asked (the frame keeps none: they may name what the other sides may not see)."""
        asking = frame["asking"]
        decision = self.lists.decisions[asking["decide"]]
        scope = self._as_side(frame["env"], decision, side)
        actions = offered_actions(self._offers(ctx, scope, decision))
        found = make_prompt(side, decision.name, prompt_text(ctx, decision, scope), actions)
        order = (side, *(s for s in asking["together"] if s != side))
        return Prompt(found.side, found.kind, found.text, found.actions, order)

    @staticmethod
    def _as_side(env: Mapping[str, Any], decision: ast.DecideStmt, side: str) -> dict[str, Any]:
        scope = dict(env)
        scope[str(decision.together)] = side
        return scope

    def _answered_together(self, ctx: Context, frame: Frame, action: Action) -> None:
        """One side's answer: its option's body runs now (it asks nothing, the checker
        sees to it); the decision goes on with the sides still to answer."""
        asking = frame["asking"]
        decision = self.lists.decisions[asking["decide"]]
        side = asking["together"].pop(0)
        env = frame["env"]
        scope = self._as_side(env, decision, side)
        offers = self._offers(ctx, scope, decision)
        kind, args = self._offered(decision, offers, action)
        option = next(o for o in decision.options if o.name == kind)
        for arg, value in zip(option.args, args, strict=True):
            scope[arg.name] = value
        if option.body:
            # Run it to its end now, alone: with its own cursor and the side's variables.
            cursors = frame["cursors"]
            frame["env"], frame["cursors"] = scope, [{"l": self.lists.id_of(option.body), "i": 0}]
            while self._step(ctx, frame):
                if frame["asking"] is not asking or ctx.state["stack"][-1] is not frame:
                    raise EngineError(
                        f"decision {decision.name!r} is asked together: an option may not ask more"
                    )
            # What it set of the procedure's variables stays; its own variables go.
            env.update((name, scope[name]) for name in env if name in scope)
            frame["env"], frame["cursors"] = env, cursors
        pending = [
            s
            for s in asking["together"]
            if self._offers(ctx, self._as_side(env, decision, s), decision)
        ]
        frame["asking"] = dict(asking, together=pending) if pending else None

    def apply(self, ctx: Context, frame: Frame, action: Action) -> None:
        ctx.memo.clear()
        asking = frame["asking"]
        self._acted(frame, action)
        if "together" in asking:
            self._answered_together(ctx, frame, action)
            return
        frame["asking"] = None
        if "decide" in asking:
            self._decided(ctx, frame, asking, action)
            return
        if action.kind == "pass":
            frame["cursors"] = []
            if asking.get("declinable") and asking["candidates"]:
                ctx.log(f"{asking['side']} declines {frame['args']['effect']}: no effect")
            else:
                ctx.log(f"{asking['side']}: {asking['text']}: no legal choice")
            return
        frame["env"][asking["name"]] = action.args[0]

    def _decided(self, ctx: Context, frame: Frame, asking: dict[str, Any], action: Action) -> None:
        """Bind the chosen option's arguments (the values offered, not the text typed) and
        run its body."""
        number = asking["decide"]
        offers = asking["offers"]
        found = None
        last = self._last
        if last is not None and last[0] is asking:
            # The actions listed with the offers, in their order: the answer is one of them
            # (an option makes one object per arguments, so the first is the first offer of
            # those values, as :meth:`_offered` finds it), found by identity, in C.
            found = next(compress(offers, map(is_, last[2], repeat(action))), None)
        if found is None:
            found = self._offered(self.lists.decisions[number], offers, action)
        kind, args = found
        bindings = self._bindings.get(number)
        if bindings is None:
            bindings = self._bind(number)
        names, body = bindings[kind]
        env = frame["env"]
        for name, value in zip(names, args, strict=True):
            env[name] = value
        if body is not None:
            frame["cursors"].append({"l": body, "i": 0})

    def _bind(self, number: int) -> Bindings:
        """What answering the decision ``number`` binds, by option (the first of a name)."""
        lists, found = self.lists, {}
        for option in reversed(self.lists.decisions[number].options):
            body = lists.id_of(option.body) if option.body else None
            found[option.name] = (tuple(arg.name for arg in option.args), body)
        self._bindings[number] = found
        return found

    @staticmethod
    def _offered(
        decision: ast.DecideStmt, offers: list[list[Any]], action: Action
    ) -> tuple[str, list[Any]]:
        """The offer ``action`` answers (the values offered, not the text typed)."""
        wanted, first = action.args, action.args[:1]
        for kind, args in offers:  # the action itself, as listed: found without its text
            if kind == action.kind and args[:1] == list(first) and _written_out(args) == wanted:
                return kind, args
        chosen = Action(action.kind, action.args).text
        for kind, args in offers:
            if offered_action(kind, args).text == chosen:
                return kind, args
        raise EngineError(  # pragma: no cover - the engine checks legality first
            f"{chosen} was not offered by decision {decision.name!r}"
        )

    # -- the interpreter -----------------------------------------------------
    # Each statement list runs as a tuple of handlers ``handler(ctx, frame)``, one per
    # statement, made once (the first time the list runs) with its expressions compiled:
    # the cursors still name the list and the index, so a frame resumes from data alone.
    def _step(self, ctx: Context, frame: Frame) -> bool:
        """Run one statement; False when the effect is over."""
        cursors = frame["cursors"]
        lists = self.lists.lists
        while cursors:
            cursor = cursors[-1]
            if cursor["i"] < len(lists[cursor["l"]]):
                break
            if not self._next_iteration(ctx, frame, cursor):
                cursors.pop()
        if not cursors:
            return False
        cursor = cursors[-1]
        handlers = self._handlers[cursor["l"]] or self._compile_list(ctx, cursor["l"])
        index = cursor["i"]
        cursor["i"] = index + 1
        handler = handlers[index]
        assert handler is not None  # the list's end is the one None, and index is before it
        handler(ctx, frame)
        return True

    def _run(self, ctx: Context, frame: Frame) -> bool:
        """Run statements until the frame asks (True); False when the effect is over, a
        called procedure was pushed (the engine runs it first and then asks this frame
        again) or the game ended. :meth:`_step` after :meth:`_step`, in one loop."""
        state = ctx.state
        compiled = self._handlers
        while True:
            cursors = frame["cursors"]
            while cursors:
                cursor = cursors[-1]
                number = cursor["l"]
                handlers = compiled[number] or self._compile_list(ctx, number)
                index = cursor["i"]
                try:  # a list's handlers end with None: its end, found without its length
                    handler = handlers[index]
                except IndexError:
                    handler = None
                if handler is not None:
                    break
                if len(cursor) == 2 or not self._next_iteration(ctx, frame, cursor):
                    cursors.pop()  # {"l", "i"}: a list run once (a branch, an option's body)
            else:
                return False
            cursor["i"] = index + 1
            handler(ctx, frame)
            if state["stack"][-1] is not frame or state["result"] is not None:
                return False
            if frame["asking"] is not None:
                return True

    def _next_iteration(self, ctx: Context, frame: Frame, cursor: dict[str, Any]) -> bool:
        if "w" in cursor:
            return self._again(ctx, frame, cursor)
        if "turns" in cursor:
            return self._next_turn(frame, cursor)
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

    def _compile_list(self, ctx: Context, number: int) -> tuple[Handler | None, ...]:
        """The handlers of a statement list, then None (its end)."""
        rules = ctx.game.rules
        handlers = tuple(self._compile(ctx, rules, stmt) for stmt in self.lists.lists[number])
        found = (*handlers, None)
        self._handlers[number] = found
        return found

    def _compile(self, ctx: Context, rules: Any, stmt: ast.Stmt) -> Handler:
        """The handler of one statement; one that cites a rule counts it first."""
        handler = self._handler(ctx, rules, stmt)
        rule = stmt.rule
        if not rule:
            return handler
        run = handler

        def fired(ctx: Context, frame: Frame) -> None:
            ctx.fired(rule)
            run(ctx, frame)

        return fired

    def _handler(self, ctx: Context, rules: Any, stmt: ast.Stmt) -> Handler:
        lists = self.lists
        if isinstance(stmt, ast.LetStmt | ast.SetStmt):
            name, value = stmt.name, rules.compiled(stmt.value)

            def assign(ctx: Context, frame: Frame) -> None:
                env = frame["env"]
                env[name] = value(ctx, env)

            return assign
        if isinstance(stmt, ast.IfStmt):
            condition = rules.compiled(stmt.condition)
            then = lists.id_of(stmt.then) if stmt.then else None
            otherwise = lists.id_of(stmt.otherwise) if stmt.otherwise else None

            def branch(ctx: Context, frame: Frame) -> None:
                number = then if condition(ctx, frame["env"]) else otherwise
                if number is not None:
                    frame["cursors"].append({"l": number, "i": 0})

            return branch
        if isinstance(stmt, ast.ForStmt):
            items = self._items(rules, stmt.var, stmt.iterable, stmt.condition)
            var, body = stmt.var, lists.id_of(stmt.body)

            def each(ctx: Context, frame: Frame) -> None:
                env = frame["env"]
                found = items(ctx, env)
                if found:
                    env[var] = found[0]
                    loop = {"var": var, "items": found, "k": 0}
                    frame["cursors"].append({"l": body, "i": 0, "for": loop})

            return each
        if isinstance(stmt, ast.RepeatStmt):
            start, stop = rules.compiled(stmt.start), rules.compiled(stmt.stop)
            var, body = stmt.var, lists.id_of(stmt.body)

            def repeat(ctx: Context, frame: Frame) -> None:
                env = frame["env"]
                first, last = int(start(ctx, env)), int(stop(ctx, env))
                if first <= last:
                    env[var] = first
                    loop = {"var": var, "items": list(range(first, last + 1)), "k": 0}
                    frame["cursors"].append({"l": body, "i": 0, "for": loop})

            return repeat
        if isinstance(stmt, ast.TurnsStmt):
            sides_of = rules.compiled(stmt.sides)
            var, body = stmt.var, lists.id_of(stmt.body)

            def turns(ctx: Context, frame: Frame) -> None:
                env = frame["env"]
                sides = list(sides_of(ctx, env))
                if sides:
                    env[var] = sides[0]
                    turns = {"var": var, "items": sides, "k": 0, "passes": 0, "acted": False}
                    frame["cursors"].append({"l": body, "i": 0, "turns": turns})

            return turns
        if isinstance(stmt, ast.LoopStmt):
            number, body = lists.number_of(stmt), lists.id_of(stmt.body)
            goes_on = self._test(ctx, number)

            def loop(ctx: Context, frame: Frame) -> None:
                if goes_on(ctx, frame["env"]):
                    frame["cursors"].append({"l": body, "i": 0, "w": number, "n": 1})

            return loop
        if isinstance(stmt, ast.DecideStmt):
            if stmt.together is not None:
                decision = stmt
                return lambda ctx, frame: self._decide(ctx, frame, decision)
            return self._decision(ctx, rules, stmt)
        if isinstance(stmt, ast.ChooseStmt):
            return self._choose(rules, stmt)
        return self._call(ctx, rules, stmt.call)

    def _test(self, ctx: Context, number: int) -> Compiled:
        """Whether the loop ``number`` makes a pass (its test, compiled once)."""
        found = self._tests.get(number)
        if found is None:
            loop = self.lists.loops[number]
            test = ctx.game.rules.compiled(loop.test)
            if loop.kind == "while":
                found = lambda ctx, env: bool(test(ctx, env))  # noqa: E731
            else:
                found = lambda ctx, env: not test(ctx, env)  # noqa: E731
            self._tests[number] = found
        return found

    def _choose(self, rules: Any, stmt: ast.ChooseStmt) -> Handler:
        candidates_of = self._items(rules, stmt.name, stmt.options, stmt.where)
        by = rules.compiled(stmt.by) if stmt.by is not None else None
        name, text = stmt.name, f"choose {stmt.name} ({stmt.type.name})"

        def choose(ctx: Context, frame: Frame) -> None:
            env = frame["env"]
            candidates = candidates_of(ctx, env)
            side = by(ctx, env) if by is not None else env.get("side")
            frame["asking"] = {
                "name": name,
                "side": side,
                "candidates": sorted(candidates, key=str),
                "text": text,
            }
            if frame.pop("declinable", False):
                frame["asking"]["declinable"] = True

        return choose

    @staticmethod
    def _next_turn(frame: Frame, cursor: dict[str, Any]) -> bool:
        """The end of a side's turn in ``turns ... until all pass``: the next side's turn,
        unless every side has now passed in a row."""
        turns = cursor["turns"]
        turns["passes"] = 0 if turns["acted"] else turns["passes"] + 1
        turns["acted"] = False
        if turns["passes"] >= len(turns["items"]):
            frame["env"].pop(turns["var"], None)
            return False
        turns["k"] = (turns["k"] + 1) % len(turns["items"])
        frame["env"][turns["var"]] = turns["items"][turns["k"]]
        cursor["i"] = 0
        return True

    @staticmethod
    def _acted(frame: Frame, action: Action) -> None:
        """An answer other than ``pass`` inside ``turns``: its side's turn is not a pass."""
        if action.kind == "pass":
            return
        for cursor in reversed(frame["cursors"]):
            if "turns" in cursor:
                cursor["turns"]["acted"] = True
                return

    def _again(self, ctx: Context, frame: Frame, cursor: dict[str, Any]) -> bool:
        """The end of a pass of a ``while``/``until`` loop: test it again."""
        number = cursor["w"]
        if not self._test(ctx, number)(ctx, frame["env"]):
            return False
        if cursor["n"] >= MAX_PASSES:
            loop = self.lists.loops[number]
            raise EngineError(
                f"{loop.span.file}:{loop.span.line}: the '{loop.kind}' loop made {MAX_PASSES:,} "
                "passes without ending; its test never changes"
            )
        cursor["n"] += 1
        cursor["i"] = 0
        return True

    def _decide(self, ctx: Context, frame: Frame, stmt: ast.DecideStmt) -> None:
        """Ask the decision asked together: every side with an offer, in order."""
        env = frame["env"]
        sides = [
            side
            for side in ctx.evaluate(stmt.by, env)
            if self._offers(ctx, self._as_side(env, stmt, side), stmt)
        ]
        if sides:  # else nobody has anything to decide: passed over
            frame["asking"] = {"decide": self.lists.number_of(stmt), "together": sides}

    def _decision(self, ctx: Context, rules: Any, stmt: ast.DecideStmt) -> Handler:
        """Ask the decision of one side: every option offered, in order, with its legal
        arguments; the actions of the offers are kept for its prompt."""
        number = self.lists.number_of(stmt)
        listing = self._listings.get(number) or self._listing(ctx, number)
        by = rules.compiled(stmt.by) if stmt.by is not None else None

        def decide(ctx: Context, frame: Frame) -> None:
            env = frame["env"]
            offers, actions = listing(ctx, env)
            if not offers:
                return  # nothing to decide: the decision is passed over
            side = by(ctx, env) if by is not None else env.get("side")
            asking = {"decide": number, "side": side, "offers": offers}
            frame["asking"] = asking
            self._last = (asking, None, actions)

        return decide

    def _offers(
        self, ctx: Context, env: Mapping[str, Any], stmt: ast.DecideStmt
    ) -> list[list[Any]]:
        """Every option offered, in order, with each combination of its legal arguments."""
        plan = self._plans.get(id(stmt))
        if plan is None:
            plan = self._plan(ctx, stmt)
        offers: list[list[Any]] = []
        for name, when, independent, args in plan:
            if when is not None and independent:
                # Tested once, before any argument is listed: the same for every one.
                if not when(ctx, env):
                    continue
                when = None
            if not args:
                if when is None or when(ctx, env):
                    offers.append([name, []])
                continue
            for values in self._combinations(ctx, dict(env), args, 0, when):
                offers.append([name, values])
        return offers

    def _listing(self, ctx: Context, number: int) -> Listing:
        """The decision ``number``'s offers and their actions listed by one closure: the
        offers of :meth:`_offers`, each option's made by a closure of its shape (no argument,
        one, two without a test, or any: :meth:`_combinations`)."""
        stmt = self.lists.decisions[number]
        plan = self._plans.get(id(stmt))
        if plan is None:
            plan = self._plan(ctx, stmt)
        parts = tuple(_option_listing(self, *option) for option in plan)

        def listing(ctx: Context, env: Mapping[str, Any]) -> tuple[list[list[Any]], list[Action]]:
            offers: list[list[Any]] = []
            actions: list[Action] = []
            for part in parts:
                part(ctx, env, offers, actions)
            return offers, actions

        self._listings[number] = listing
        return listing

    def _plan(self, ctx: Context, stmt: ast.DecideStmt) -> Plan:
        """A decision's options compiled: name, condition, whether it reads no argument,
        and each argument's name and legal values (in :func:`listing_order`)."""
        rules = ctx.game.rules
        plan = tuple(
            (
                option.name,
                rules.compiled(option.when) if option.when is not None else None,
                option.when is not None and self.lists.reads_no_argument(option),
                tuple((arg.name, _listed(rules, arg.options)) for arg in option.args),
            )
            for option in stmt.options
        )
        self._plans[id(stmt)] = plan
        return plan

    def _combinations(
        self,
        ctx: Context,
        scope: dict[str, Any],
        args: tuple[tuple[str, Compiled], ...],
        index: int,
        when: Compiled | None,
    ) -> list[list[Any]]:
        """Every list of values for ``args[index:]`` (each from its query, which may read
        the ones before it, bound in ``scope``) under which ``when`` holds."""
        if index == len(args):
            return [[]] if when is None or when(ctx, scope) else []
        name, options = args[index]
        values = options(ctx, scope)
        if index + 1 == len(args) and when is None:  # the last argument, nothing to test
            return [[value] for value in values]
        found: list[list[Any]] = []
        before = scope.get(name, _UNBOUND)
        if index + 2 == len(args) and when is None:  # two arguments left, nothing to test
            last = args[index + 1][1]
            for value in values:
                scope[name] = value
                found.extend([value, second] for second in last(ctx, scope))
        else:
            for value in values:
                scope[name] = value
                found.extend(
                    [value, *tail] for tail in self._combinations(ctx, scope, args, index + 1, when)
                )
        # The argument's name reads again what it read before (the arguments after it
        # are listed with the ones before only).
        if before is _UNBOUND:
            scope.pop(name, None)
        else:
            scope[name] = before
        return found

    @staticmethod
    def _items(
        rules: Any, var: str, iterable: Any, condition: Any
    ) -> Callable[[Context, dict[str, Any]], list[Any]]:
        """The items of a ``for`` or a ``choose``, those the condition keeps, compiled."""
        items_of = rules.compiled(iterable)
        if condition is None:
            return lambda ctx, env: list(items_of(ctx, env))
        keeps = rules.compiled(condition)

        def kept(ctx: Context, env: dict[str, Any]) -> list[Any]:
            items = list(items_of(ctx, env))
            scope = dict(env)
            found = []
            for item in items:
                scope[var] = item
                if keeps(ctx, scope):
                    found.append(item)
            return found

        return kept

    @staticmethod
    def _call(ctx: Context, rules: Any, call: ast.Call) -> Handler:
        """A call of a procedure (pushed: it runs before the statements after it), of a
        registered effect, or of an effect of the rules (pushed as ``run_effect``)."""
        name = call.name
        arguments = rules.call_argument_values(call)
        if name in ctx.game.procedures:

            def push(ctx: Context, frame: Frame) -> None:
                args = arguments(ctx, frame["env"])
                ctx.memo.clear()  # the state changes: what queries computed is stale
                ctx.push(name, **args)

            return push

        entry = rules.registry.effects.get(name) if hasattr(rules, "registry") else None
        compiler = getattr(rules, "compiler", None)
        if entry is not None and compiler is not None:
            # A registered effect whose function takes the arguments by position, in the
            # order written: called so, without a dict of them.
            names = [param.name for param in entry.params]
            values_of = compiler.positional_arguments(call, names, entry.function)
            if values_of is not None:
                return _positional_effect(entry.function, entry.rule, values_of)
        if entry is not None:  # a registered effect: its rule fires, its function runs
            function, rule = entry.function, entry.rule

            def registered(ctx: Context, frame: Frame) -> None:
                args = arguments(ctx, frame["env"])
                ctx.memo.clear()  # the state changes: what queries computed is stale
                if rule:
                    fire(rule, "python")
                function(ctx, **args)
                ctx.memo.clear()

            return registered

        def effect(ctx: Context, frame: Frame) -> None:
            args = arguments(ctx, frame["env"])
            ctx.memo.clear()  # the state changes: what queries computed is stale
            ctx.game.rules.run_effect_call(name, ctx, args)
            ctx.memo.clear()

        return effect


def _positional_effect(
    function: Callable[..., Any], rule: str, values_of: Callable[[Context, Any], Any]
) -> Handler:
    """A statement calling a registered effect with its arguments by position: what
    :meth:`StatementRunner._call` runs for it, the arguments passed without a dict."""

    def registered(ctx: Context, frame: Frame) -> None:
        values = values_of(ctx, frame["env"])
        ctx.memo.clear()  # the state changes: what queries computed is stale
        if rule:
            fire(rule, "python")
        function(ctx, *values)
        ctx.memo.clear()

    return registered


def listing_order(values: Iterable[Any]) -> list[Any]:
    """An option's values in the order a decision lists them (its offers, and so the
    actions before :func:`~legatus.framework.engine.actions.canonical` sorts them): by the
    text of each value, ``str(value)`` (a path: ``"['Roma', 'Capua']"``)."""
    return sorted(values, key=str)


def _listed(rules: Any, expr: ast.Expr) -> Compiled:
    """The values of an option's argument, compiled, in :func:`listing_order`: sorted
    here, unless ``expr`` calls a query that gives them so (``text_order``, a search's
    paths: sorting them by their text cost more than finding them)."""
    values_of: Compiled = rules.compiled(expr)
    compiler = getattr(rules, "compiler", None)
    if compiler is not None and compiler.in_text_order(expr):
        return values_of
    return lambda ctx, env: sorted(values_of(ctx, env), key=str)


#: One option's part of a decision's listing: ``part(ctx, env, offers, actions)`` appends
#: its offers and their actions.
OptionListing = Callable[[Context, Mapping[str, Any], list[list[Any]], list[Action]], None]


def _option_listing(
    runner: StatementRunner,
    name: str,
    when: Compiled | None,
    independent: bool,
    args: tuple[tuple[str, Compiled], ...],
) -> OptionListing:
    """One option's offers, as :meth:`StatementRunner._offers` lists them, with the action
    of each (:func:`offered_action`), made in the same pass."""
    test = when if independent else None  # tested once, before any argument is listed
    if independent:
        when = None
    if not args:
        action = Action(name)  # a value: one object serves every listing
        if when is None and test is None:

            def constant(
                ctx: Context, env: Mapping[str, Any], offers: list[Any], actions: list[Action]
            ) -> None:
                offers.append([name, []])
                actions.append(action)

            return constant

        def tested(
            ctx: Context, env: Mapping[str, Any], offers: list[Any], actions: list[Action]
        ) -> None:
            if test is not None and not test(ctx, env):
                return
            if when is None or when(ctx, env):
                offers.append([name, []])
                actions.append(action)

        return tested
    # The option's actions made so far, by their arguments: the same moves are offered at
    # decision after decision, and an action is a value (one object serves them all).
    made: dict[tuple[Any, ...], Action] = {}

    def action_of(args: tuple[Any, ...]) -> Action:
        try:
            found = made.get(args)
        except TypeError:  # an unhashable argument: made, not kept
            return Action(name, args)
        if found is None:
            if len(made) >= _MADE:
                made.clear()
            found = made[args] = Action(name, args)
        return found

    if when is None and len(args) == 1:
        ((_, values_of),) = args

        def one(
            ctx: Context, env: Mapping[str, Any], offers: list[Any], actions: list[Action]
        ) -> None:
            if test is not None and not test(ctx, env):
                return
            # The queries read the variables only: the same as a copy of them.
            for value in values_of(ctx, env):
                offers.append([name, [value]])
                actions.append(action_of(tuple(value) if type(value) is list else (value,)))

        return one
    if when is None and len(args) == 2:
        (first_name, firsts_of), (_, seconds_of) = args

        def two(
            ctx: Context, env: Mapping[str, Any], offers: list[Any], actions: list[Action]
        ) -> None:
            if test is not None and not test(ctx, env):
                return
            scope = dict(env)
            get = made.get
            for first in firsts_of(ctx, scope):
                scope[first_name] = first
                head = tuple(first) if type(first) is list else (first,)
                for second in seconds_of(ctx, scope):
                    offers.append([name, [first, second]])
                    key = (*head, *second) if type(second) is list else (*head, second)
                    try:  # the action made before, looked up here (this runs per offer)
                        found = get(key)
                    except TypeError:
                        found = None
                    actions.append(found if found is not None else action_of(key))

        return two

    def combined(
        ctx: Context, env: Mapping[str, Any], offers: list[Any], actions: list[Action]
    ) -> None:
        if test is not None and not test(ctx, env):
            return
        for values in runner._combinations(ctx, dict(env), args, 0, when):
            offers.append([name, values])
            actions.append(action_of(_written_out(values)))

    return combined


#: The most actions one option keeps made (then it starts again): a bound on the memory.
_MADE = 4096


class RunEffect(StatementRunner):
    """The procedure ``run_effect(effect, side, env, declinable=False)``: run one DSL
    effect.

    ``side`` is the player the effect belongs to (``choose`` asks them unless
    it says ``by``); ``env`` gives the effect's parameters; ``declinable``:
    its first ``choose`` also offers ``pass``, declining the effect.
    """

    def __init__(self, lists: StatementLists, effects: Mapping[str, ast.EffectDecl]) -> None:
        super().__init__(lists)
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


class RunDeclared(StatementRunner):
    """A procedure declared in the rules (``procedure NAME(...):``), run as a step of the
    sequence of play or called from another procedure or an effect; its arguments are
    its first variables."""

    def __init__(self, lists: StatementLists, decl: ast.ProcedureDecl) -> None:
        super().__init__(lists)
        self.decl = decl
        self.rule = decl.rule or ""

    def start(self, ctx: Context, frame: Frame) -> None:
        ctx.fired(self.rule)
        frame["env"] = dict(frame["args"])
        frame["cursors"] = [{"l": self.lists.procedure_roots[self.decl.name], "i": 0}]
        frame["asking"] = None
