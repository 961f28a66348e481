"""The engine loop: run the sequence of play, stop at each decision.

A :class:`Game` binds a frozen game definition, its compiled rules and the
procedures its plugin provides. The state keeps a stack of frames: block
frames walk the sequence of play (phases, counted and conditional repeats),
procedure frames are the steps being played. :meth:`Game.settle` runs frames
until one asks a question (a :class:`~framework.engine.actions.Prompt`) or the
game ends; :meth:`Game.apply` answers the question and settles again.

Procedures are the game's own Python, registered through the
``legatus_register_rules`` hook. A procedure that needs no decision is a
plain function; one that does subclasses :class:`Procedure` and keeps its
progress in its frame, which is plain data in the state, so a game can be
copied, saved and resumed at any decision.
"""

from __future__ import annotations

import marshal
from collections import Counter
from collections.abc import Callable, Mapping, MutableSequence, Sequence
from typing import Any, Protocol, TypeVar

from framework.engine import rng
from framework.engine.actions import Action, Prompt, canonical
from framework.engine.program import Block, Check, Program, Step, VictoryResult
from framework.engine.state import State, fork, initial_state
from framework.errors import IllegalActionError, LegatusError
from framework.gamedef import GameDef, Scenario
from framework.rules.trace import collecting

Frame = dict[str, Any]
T = TypeVar("T")


class EngineError(LegatusError):
    """A rules or plugin fault found while running a game (not the player's)."""


class Rules(Protocol):
    """What the engine needs from a compiled rule set."""

    program: Program

    def param(self, name: str) -> Any: ...

    def evaluate(self, expr: Any, ctx: Context, env: Mapping[str, Any]) -> Any: ...

    def victory(self, name: str, ctx: Context) -> VictoryResult | None: ...

    def roll_on(
        self,
        table: str,
        ctx: Context,
        *,
        row: int | str | None = None,
        column: int | str | None = None,
        arguments: Mapping[str, Any] | None = None,
    ) -> Any: ...


class Procedure:
    """A step that asks questions. Its progress lives in ``frame``.

    ``start`` runs once when the step begins; then, while ``prompt`` returns
    a prompt, the engine waits for an answer and passes it to ``apply``. When
    ``prompt`` returns ``None`` the step is over.
    """

    rule: str = ""

    def start(self, ctx: Context, frame: Frame) -> None:
        """Set up the frame; the default does nothing."""

    def prompt(self, ctx: Context, frame: Frame) -> Prompt | None:
        return None

    def apply(self, ctx: Context, frame: Frame, action: Action) -> None:
        raise EngineError(f"{type(self).__name__} asked no question but got {action}")


class Immediate(Procedure):
    """A step without decisions: a function of the context and its arguments."""

    def __init__(self, function: Callable[..., None], rule: str = "") -> None:
        self.function = function
        self.rule = rule

    def start(self, ctx: Context, frame: Frame) -> None:
        self.function(ctx, **frame["args"])


class Context:
    """What a procedure may use: the definition, the state and the engine's services."""

    __slots__ = ("_irreversible", "definition", "game", "state")

    def __init__(self, game: Game, state: State) -> None:
        self.game = game
        self.definition = game.definition
        self.state = state
        self._irreversible = False

    # -- rules ---------------------------------------------------------------
    def param(self, name: str) -> Any:
        return self.game.rules.param(name)

    def evaluate(self, expr: Any, env: Mapping[str, Any] | None = None) -> Any:
        scope = dict(self.state["vars"])
        if env:
            scope.update(env)
        return self.game.rules.evaluate(expr, self, scope)

    def fired(self, rule: str) -> None:
        """Count a rule clause as applied (for coverage and variant comparison)."""
        if rule:
            self.game.fired[rule] += 1

    # -- chance and hidden information -------------------------------------
    def roll(self, count: int, sides: int = 6) -> list[int]:
        """Roll dice from the state's generator; actions before it can't be undone."""
        self._irreversible = True
        forced = self.game.forced_dice
        if forced is not None:
            return [forced.pop(0) for _ in range(count)]
        return rng.roll_dice(self.state["rng"], count, sides)

    def roll_on(
        self,
        table: str,
        *,
        row: int | str | None = None,
        column: int | str | None = None,
        **arguments: Any,
    ) -> Any:
        """Roll a rules-file table's dice (from the state's generator) and read it.

        The table's modifiers are evaluated with ``arguments`` bound, the
        modified roll is clamped as the table says, and the result is a
        :class:`framework.rules.rolls.TableRoll` (the roll, the modifier, the
        printed cell and, for tables of rolls to reach, whether it passed).
        """
        with collecting() as trace:
            result = self.game.rules.roll_on(
                table, self, row=row, column=column, arguments=arguments
            )
        # The table and each modifier that applied count as fired, like the engine's steps.
        self.game.fired.update(trace.counts)
        return result

    def shuffle(self, items: MutableSequence[T]) -> None:
        self._irreversible = True
        rng.shuffle(self.state["rng"], items)

    def reveal(self) -> None:
        """Hidden information was shown: actions before it can't be undone."""
        self._irreversible = True

    # -- log, flow, end ----------------------------------------------------
    def log(self, text: str, to: Sequence[str] | None = None, **data: Any) -> None:
        """Append an event to the log, for everyone or for the sides ``to``.

        The entry gets its own copy of ``data``: entries never change once
        written (a procedure may log a list it goes on changing), which is
        what lets copies of a state share them (:func:`~framework.engine.state.fork`).
        """
        event: dict[str, Any] = {"n": len(self.state["log"]), "text": text}
        if to is not None:
            event["to"] = sorted(to)
        if data:
            event["data"] = marshal.loads(marshal.dumps(data))
        self.state["log"].append(event)

    def push(self, procedure: str, **args: Any) -> Frame:
        """Start a sub-step on top of the current one; it runs before the current continues."""
        return self.game.push_procedure(self, procedure, args)

    def end(self, winner: str | None, reason: str, rule: str = "") -> None:
        self.state["result"] = VictoryResult(winner, reason, rule).to_json()
        self.fired(rule)
        self.log(f"Game over: {reason}", result=self.state["result"])


class Game:
    """A playable game: definition + compiled rules + the plugin's procedures."""

    def __init__(
        self,
        definition: GameDef,
        rules: Rules,
        procedures: Mapping[str, Procedure],
        *,
        variant: str | None = None,
    ) -> None:
        self.definition = definition
        self.rules = rules
        self.procedures = dict(procedures)
        self.variant = variant
        self.fired: Counter[str] = Counter()
        #: Tests force dice: a list consumed by every roll instead of the generator.
        self.forced_dice: list[int] | None = None
        self._last_prompt: tuple[dict[str, Any], tuple[Action, ...]] | None = None
        missing = sorted(
            {s.procedure for s in rules.program.steps() if isinstance(s, Step)}
            - set(self.procedures)
        )
        if missing:
            raise EngineError(
                f"the sequence of play names unregistered procedures: {', '.join(missing)}"
            )

    # -- starting -----------------------------------------------------------
    def new_state(
        self,
        scenario: str | Scenario | None = None,
        *,
        seed: int = 0,
        options: Sequence[str] = (),
    ) -> State:
        chosen = self._scenario(scenario)
        unknown = sorted(set(options) - set(chosen.options))
        if unknown:
            raise LegatusError(
                f"scenario {chosen.id!r} has no option {unknown[0]!r}; "
                f"its options: {', '.join(chosen.options) or 'none'}"
            )
        return self.begin(self.setup(chosen, seed=seed, options=options))

    def setup(
        self, scenario: str | Scenario | None = None, *, seed: int = 0, options: Sequence[str] = ()
    ) -> State:
        """The scenario's position before the sequence of play starts.

        Tests change this position by hand, then call :meth:`begin`.
        """
        chosen = self._scenario(scenario)
        return initial_state(
            self.definition, chosen, seed=seed, variant=self.variant, options=options
        )

    def begin(self, state: State) -> State:
        """Start the sequence of play on a set-up state and run to the first decision."""
        state["stack"].append(self._block_frame(self.rules.program.root, None))
        self.settle(state)
        return state

    def _scenario(self, scenario: str | Scenario | None) -> Scenario:
        if isinstance(scenario, Scenario):
            return scenario
        if scenario is None:
            return self.definition.default_scenario()
        found = self.definition.scenarios.get(scenario)
        if found is None:
            raise LegatusError(
                f"game {self.definition.name!r} has no scenario {scenario!r}; "
                f"its scenarios: {', '.join(self.definition.scenarios)}"
            )
        return found

    # -- asking and answering --------------------------------------------------
    def prompt(self, state: State) -> Prompt | None:
        raw = state["prompt"]
        return None if raw is None else Prompt.from_json(raw)

    def legal_actions(self, state: State) -> tuple[Action, ...]:
        raw = state["prompt"]
        if raw is None:
            return ()
        # The prompt this game stored last is usually the one asked about:
        # reuse its Action objects instead of rebuilding them from JSON.
        cached = self._last_prompt
        if cached is not None and cached[0] is raw:
            return cached[1]
        return tuple(Action.from_json(a) for a in raw["actions"])

    def is_over(self, state: State) -> bool:
        return state["result"] is not None

    def apply(self, state: State, action: Action | str) -> State:
        """Answer the current prompt, in place; an illegal action changes nothing."""
        if isinstance(action, str):
            action = Action.parse(action)
        raw = state["prompt"]
        if raw is None:
            raise IllegalActionError(action, "no prompt: the game is over", [])
        if action.to_json() not in raw["actions"]:
            raise IllegalActionError(action, raw["text"], self.legal_actions(state))
        ctx = Context(self, state)
        frame = state["stack"][-1]
        procedure = self.procedures[frame["p"]]
        state["prompt"] = None
        state["actions"] += 1
        procedure.apply(ctx, frame, action)
        self._settle(ctx)
        if ctx._irreversible:
            state["undo_floor"] = state["actions"]
        return state

    def applied(self, state: State, action: Action | str) -> State:
        """A new state with the action applied; ``state`` itself is untouched.

        The new state shares the log entries of ``state``
        (:func:`~framework.engine.state.fork`): copying the whole log at every
        move cost more than the move.
        """
        return self.apply(fork(state), action)

    # -- the loop ---------------------------------------------------------------
    def settle(self, state: State) -> None:
        ctx = Context(self, state)
        self._settle(ctx)
        if ctx._irreversible:
            state["undo_floor"] = state["actions"]

    def _settle(self, ctx: Context) -> None:
        state = ctx.state
        stack = state["stack"]
        program = self.rules.program
        while state["result"] is None:
            if not stack:
                ctx.end(None, "the sequence of play ended without a winner")
                break
            frame = stack[-1]
            if "b" in frame:
                self._advance_block(ctx, frame, program.blocks[frame["b"]])
                continue
            procedure = self.procedures[frame["p"]]
            prompt = procedure.prompt(ctx, frame)
            if prompt is None:
                if stack and stack[-1] is frame:
                    stack.pop()
                continue
            if not prompt.actions:
                raise EngineError(
                    f"procedure {frame['p']!r} asked {prompt.text!r} with no legal action"
                )
            raw = prompt.to_json()
            state["prompt"] = raw
            self._last_prompt = (raw, prompt.actions)
            return
        state["prompt"] = None

    def _advance_block(self, ctx: Context, frame: Frame, block: Block) -> None:
        state = ctx.state
        if frame["i"] >= len(block.body):
            if self._repeat(ctx, frame, block):
                frame["i"] = 0
            else:
                state["stack"].pop()
                if block.var:
                    state["vars"].pop(block.var, None)
            return
        node = block.body[frame["i"]]
        frame["i"] += 1
        if node.when is not None and not ctx.evaluate(node.when):
            return
        if isinstance(node, Block):
            child = self._block_frame(node, ctx)
            if child is not None:
                state["stack"].append(child)
        elif isinstance(node, Check):
            ctx.fired(node.rule)
            result = self.rules.victory(node.victory, ctx)
            if result is not None:
                ctx.end(result.winner, result.reason, result.rule)
        else:
            args = {name: ctx.evaluate(expr) for name, expr in node.args.items()}
            ctx.fired(node.rule)
            self.push_procedure(ctx, node.procedure, args)

    def _block_frame(self, block: Block, ctx: Context | None) -> Frame | None:
        frame: Frame = {"b": self.rules.program.block_id(block), "i": 0}
        if block.kind == "range":
            assert ctx is not None
            start, stop = int(ctx.evaluate(block.start)), int(ctx.evaluate(block.stop))
            if start > stop:
                return None
            frame["k"], frame["n"] = start, stop
            ctx.state["vars"][block.var] = start
        elif block.kind in ("while", "until"):
            assert ctx is not None
            if not self._loop_test(ctx, block):
                return None
            frame["k"] = 1
            if block.var:
                ctx.state["vars"][block.var] = 1
        return frame

    def _repeat(self, ctx: Context, frame: Frame, block: Block) -> bool:
        if block.kind == "range":
            if frame["k"] >= frame["n"]:
                return False
            frame["k"] += 1
            ctx.state["vars"][block.var] = frame["k"]
            return True
        if block.kind in ("while", "until") and self._loop_test(ctx, block):
            frame["k"] += 1
            if block.var:
                ctx.state["vars"][block.var] = frame["k"]
            return True
        return False

    def _loop_test(self, ctx: Context, block: Block) -> bool:
        value = bool(ctx.evaluate(block.test))
        return value if block.kind == "while" else not value

    def push_procedure(self, ctx: Context, name: str, args: Mapping[str, Any]) -> Frame:
        procedure = self.procedures.get(name)
        if procedure is None:
            raise EngineError(f"no procedure named {name!r} is registered")
        frame: Frame = {"p": name, "args": dict(args)}
        ctx.state["stack"].append(frame)
        ctx.fired(procedure.rule)
        procedure.start(ctx, frame)
        return frame


def make_prompt(side: str, kind: str, text: str, actions: Sequence[Action]) -> Prompt:
    """A prompt with its actions in canonical order (sorted by text)."""
    return Prompt(side, kind, text, canonical(actions))
