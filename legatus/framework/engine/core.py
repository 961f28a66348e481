"""The engine loop: run the sequence of play, stop at each decision.

A :class:`Game` binds a frozen game definition, its compiled rules and the
procedures its plugin provides; it never changes once built, so one game
serves any number of matches, searches and worker threads. What one run of
the engine keeps outside the state lives in a :class:`Run`: how often each
rule fired, where the dice come from (the state's generator, or dice a test
forces), and the legal actions of the decision it reached last.

The state keeps a stack of frames: block frames walk the sequence of play
(phases, counted and conditional repeats), procedure frames are the steps
being played. :meth:`Game.settle` runs frames until one asks a question (a
:class:`~legatus.framework.engine.actions.Prompt`) or the game ends;
:meth:`Game.apply` answers the question and settles again.

The state records only who is asked what (side, kind, text): the legal
actions are the procedure's to list, from the state, whenever they are
wanted (:meth:`Game.legal_actions`), and a run keeps the last listing so a
match asks the procedure once per decision.

Procedures are the game's own Python, registered by its plugin. A procedure
that needs no decision is a plain function; one that does subclasses
:class:`Procedure` and keeps its progress in its frame, which is plain data
in the state, so a game can be copied, saved and resumed at any decision.
"""

from __future__ import annotations

import hashlib
import marshal
from collections import Counter
from collections.abc import Callable, Mapping, MutableSequence, Sequence
from itertools import repeat
from operator import is_
from types import MappingProxyType
from typing import TYPE_CHECKING, Any, Protocol, TypeVar

from legatus.framework.engine import rng
from legatus.framework.engine.actionkinds import ActionKinds, ActionTypeError
from legatus.framework.engine.actions import Action, Prompt, canonical
from legatus.framework.engine.dice import ForcedDice
from legatus.framework.engine.program import Block, Check, Program, Step, VictoryResult
from legatus.framework.engine.state import State, fork, initial_state
from legatus.framework.model.errors import IllegalActionError, LegatusError
from legatus.framework.model.gamedef import GameDef, Scenario
from legatus.framework.model.names import did_you_mean
from legatus.framework.rules.trace import collecting

if TYPE_CHECKING:
    from legatus.framework.rules.ast import Call, EffectDecl

Frame = dict[str, Any]
T = TypeVar("T")
#: The variables of an expression evaluated with none of its own (the state's are read).
_NO_VARIABLES: Mapping[str, Any] = MappingProxyType({})
#: The types of a log entry's values that need no copy of their own (:meth:`Context.log`).
_SCALARS = frozenset({str, int, bool, float, type(None)})


class EngineError(LegatusError):
    """A rules or plugin fault found while running a game (not the player's)."""


class Rules(Protocol):
    """Everything the engine asks of a compiled rule set.

    The one implementation is :class:`legatus.framework.engine.dsl.DslRules`, the
    checked rules files of a game compiled into a :class:`Program`. The engine
    calls the rules through this protocol only: it imports of the rules
    language just the trace of rule firings (:mod:`legatus.framework.rules.trace`)
    and, for types, the AST nodes an effect is written in.
    """

    program: Program

    @property
    def values(self) -> Mapping[str, Any]:
        """Every parameter's value (the rules file's default, or a variant's)."""

    def param(self, name: str) -> Any: ...

    def evaluate(self, expr: Any, ctx: Context, env: Mapping[str, Any]) -> Any:
        """The value of ``expr`` with the variables ``env`` and, under them, the state's
        (``ctx.state["vars"]``)."""

    def compiled(self, expr: Any) -> Callable[[Context, Mapping[str, Any]], Any]:
        """``expr`` compiled once: ``function(ctx, env)`` is what ``evaluate`` gives."""

    def call_argument_values(self, call: Call) -> Callable[[Context, Mapping[str, Any]], Any]:
        """The arguments of a call written in an effect, compiled: ``function(ctx, env)``
        gives them by parameter name (``env`` the variables only, not the state's)."""

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

    def call_arguments(self, call: Call, ctx: Context, env: Mapping[str, Any]) -> dict[str, Any]:
        """The arguments of a call written in an effect, evaluated, by parameter name."""

    def run_effect_call(self, name: str, ctx: Context, args: Mapping[str, Any]) -> None:
        """Run the registered effect or the rules' own effect ``name``."""

    def effect_for_card(self, card: str) -> EffectDecl | None:
        """The effect bound to a card (``effect NAME on "Card"``), if any."""


# -- what one run keeps outside the state ---------------------------------------------------


class Run:
    """What one run of the engine keeps outside the state.

    ``fired`` counts how often each rule clause applied (coverage, variant
    comparisons); ``count=False`` leaves it empty (search plays thousands of
    hypothetical actions that are no rule firings of the real game).
    ``dice`` replaces the state's generator with forced dice
    (:class:`~legatus.framework.engine.dice.ForcedDice`, a test's). The run
    also remembers the legal actions of the last decision it reached, so the
    players' listing and the legality check of their answer cost one call
    of the procedure.
    """

    __slots__ = ("_asked", "count", "dice", "fired")

    def __init__(self, *, dice: ForcedDice | None = None, count: bool = True) -> None:
        self.fired: Counter[str] = Counter()
        self.count = count
        self.dice = dice
        #: (the state's prompt record, the prompt, its actions' texts or None until wanted)
        self._asked: list[Any] | None = None

    def remember(self, record: dict[str, Any], prompt: Prompt) -> None:
        self._asked = [record, prompt, None]

    def recall(self, record: dict[str, Any]) -> Prompt | None:
        asked = self._asked
        if asked is not None and asked[0] is record:
            found: Prompt = asked[1]
            return found
        return None

    def texts(self, record: dict[str, Any], prompt: Prompt) -> frozenset[str]:
        asked = self._asked
        if asked is None or asked[0] is not record:
            self._asked = asked = [record, prompt, None]
        if asked[2] is None:
            asked[2] = frozenset(a.text for a in prompt.actions)
        texts: frozenset[str] = asked[2]
        return texts


# -- procedures ------------------------------------------------------------------------------


class Procedure:
    """A step that asks questions. Its progress lives in ``frame``.

    ``start`` runs once when the step begins; then, while ``prompt`` returns
    a prompt, the engine waits for an answer and passes it to ``apply``. When
    ``prompt`` returns ``None`` the step is over. Once a prompt has been
    returned, asking again without an answer must return the same prompt and
    change nothing: the engine lists legal actions again whenever a state
    is read afresh (a loaded save, a search's sample).

    ``fields`` declares who may see each field of its frames, ``args``
    included (:mod:`legatus.framework.engine.frames`: public, piece ids that follow
    their pieces' visibility, the frame's owner only, or no side). A search
    reads a frame through these declarations only; an undeclared field is
    left out of it, and ``legatus check-game`` reports it.
    """

    rule: str = ""
    fields: Mapping[str, str] = MappingProxyType({"args": "public"})
    #: Whether :meth:`resumed` is called when a step it pushed has finished.
    resumes: bool = False

    def start(self, ctx: Context, frame: Frame) -> None:
        """Set up the frame; the default does nothing."""

    def prompt(self, ctx: Context, frame: Frame) -> Prompt | None:
        return None

    def asks(self, ctx: Context, frame: Frame) -> tuple[str, str, str] | None:
        """Who :meth:`prompt` asks what (side, kind, text), where the step can tell without
        listing the actions (which must then be some); None: ask :meth:`prompt`.

        A search scoring an action never reads the legal actions that follow it
        (``Game.applied(..., listed=False)``): the answer is the prompt's record, and
        the actions are listed if ever asked for. Like ``prompt``, it may normalise
        the frame, never change the game."""
        return None

    def apply(self, ctx: Context, frame: Frame, action: Action) -> None:
        raise EngineError(f"{type(self).__name__} asked no question but got {action}")

    def resumed(self, ctx: Context, frame: Frame) -> None:
        """A step this frame pushed has finished (only if ``resumes`` is set): go on, for
        example by pushing the next one. Runs once per finished step, never on a
        re-read of the state, so it may change the state (``prompt`` may not)."""

    # A decision several sides answer at once (:mod:`legatus.framework.engine.simultaneous`) also
    # lists the question of each side it awaits, and lets any of them answer first.
    def prompt_as(self, ctx: Context, frame: Frame, side: str) -> Prompt | None:
        """The question this frame asks ``side`` (None: it asks ``side`` nothing now)."""
        return None

    def take_turn(self, ctx: Context, frame: Frame, side: str) -> None:
        """Make ``side`` the one this frame asks first."""
        raise EngineError(f"{type(self).__name__} asks one side at a time")


class Immediate(Procedure):
    """A step without decisions: a function of the context and its arguments."""

    def __init__(self, function: Callable[..., None], rule: str = "") -> None:
        self.function = function
        self.rule = rule

    def start(self, ctx: Context, frame: Frame) -> None:
        self.function(ctx, **frame["args"])


class Context:
    """What a procedure may use: the definition, the state and the engine's services."""

    __slots__ = ("_irreversible", "definition", "game", "memo", "run", "state")

    def __init__(self, game: Game, state: State, run: Run) -> None:
        self.game = game
        self.definition = game.definition
        self.state = state
        self.run = run
        self._irreversible = False
        #: What queries computed from the state as it stands, for the queries after them
        #: (a game's index of legal moves): emptied whenever the state may change (an
        #: effect or a procedure runs), so a query never reads a stale entry.
        self.memo: dict[Any, Any] = {}

    # -- rules ---------------------------------------------------------------
    def param(self, name: str) -> Any:
        return self.game.rules.param(name)

    def evaluate(self, expr: Any, env: Mapping[str, Any] | None = None) -> Any:
        """The value of ``expr`` with the variables ``env``, and under them the state's."""
        return self.game.rules.evaluate(expr, self, env if env is not None else _NO_VARIABLES)

    def fired(self, rule: str) -> None:
        """Count a rule clause as applied (for coverage and variant comparison)."""
        if rule and self.run.count:
            self.run.fired[rule] += 1

    # -- chance and hidden information -------------------------------------
    def roll(self, count: int, sides: int = 6, *, what: str = "") -> list[int]:
        """Roll dice from the state's generator; actions before it can't be undone.

        ``what`` says what the roll is for (``"the wind table"``, ``"Legio 7 fires"``):
        a test whose forced dice do not fit the roll reads it in the error."""
        self._irreversible = True
        forced = self.run.dice
        if forced is not None:
            return forced.roll(count, sides, self.state, what)
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
        :class:`legatus.framework.rules.rolls.TableRoll` (the roll, the modifier, the
        printed cell and, for tables of rolls to reach, whether it passed).
        """
        with collecting() as trace:
            result = self.game.rules.roll_on(
                table, self, row=row, column=column, arguments=arguments
            )
        # The table and each modifier that applied count as fired, like the engine's steps.
        if self.run.count:
            self.run.fired.update(trace.counts)
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
        what lets copies of a state share them (:func:`~legatus.framework.engine.state.fork`).
        """
        event: dict[str, Any] = {"n": len(self.state["log"]), "text": text}
        if to is not None:
            event["to"] = sorted(to)
        if data:
            # Values that are plain texts, numbers, booleans or None are copied with the
            # dictionary (nothing in them can change); any other through marshal, deep.
            if _SCALARS.issuperset(map(type, data.values())):
                event["data"] = dict(data)
            else:
                event["data"] = marshal.loads(marshal.dumps(data))
        self.state["log"].append(event)

    def push(self, procedure: str, **args: Any) -> Frame:
        """Start a sub-step on top of the current one; it runs before the current continues."""
        return self.game.push_procedure(self, procedure, args)

    def end(
        self,
        winner: str | None,
        reason: str,
        rule: str = "",
        ranks: Mapping[str, int] | None = None,
    ) -> None:
        """End the game: a winner or none (a draw), and with more than two sides, if the
        game ranks them, the rank of every side a seat plays (sides no seat plays may be
        left out: they take no part, :mod:`legatus.framework.engine.outcome`)."""
        if ranks is not None:
            sides = set(self.definition.side_ids)
            seated = {s for found in (self.state.get("seats") or {}).values() for s in found}
            if not ranks or not set(ranks) <= sides or not (seated or sides) <= set(ranks):
                raise EngineError(
                    f"the ranks name {sorted(ranks)}: they must rank every side a seat plays "
                    f"({sorted(seated or sides)}) and no other than the game's sides "
                    f"({list(self.definition.side_ids)})"
                )
        self.state["result"] = VictoryResult(winner, reason, rule, ranks).to_json()
        self.fired(rule)
        self.log(f"Game over: {reason}", result=self.state["result"])


# -- the game --------------------------------------------------------------------------------


class Provenance:
    """What a game was built from: a short hash of each data and rules file (by path in its
    folder) and each variant applied, with its text. Saves carry them."""

    __slots__ = ("files", "fingerprint", "variants")

    def __init__(
        self, files: Mapping[str, str] | None = None, variants: Sequence[tuple[str, str]] = ()
    ) -> None:
        self.files: Mapping[str, str] = dict(files or {})
        self.variants: tuple[tuple[str, str], ...] = tuple(variants)
        digest = hashlib.sha256()
        for name, value in sorted(self.files.items()):
            digest.update(f"{name}\0{value}\0".encode())
        for name, text in self.variants:
            digest.update(f"variant={name}\0{text}\0".encode())
        #: One hash of the files and the variants' texts.
        self.fingerprint = digest.hexdigest()[:16]


class Game:
    """A playable game: definition + compiled rules + the plugin's procedures.

    Immutable once built (:meth:`replace` gives a changed copy). ``plugin``
    is the game's plugin object (:class:`legatus.framework.engine.gameplugin.GamePlugin`):
    what tools other than the engine ask of the game (its evaluation, its
    invariants, its scores); ``actions`` its declared action kinds.
    """

    __slots__ = (
        "__weakref__",
        "actions",
        "definition",
        "plugin",
        "procedures",
        "rules",
        "sources",
        "variant",
    )

    def __init__(
        self,
        definition: GameDef,
        rules: Rules,
        procedures: Mapping[str, Procedure],
        *,
        variant: str | None = None,
        plugin: Any = None,
        actions: ActionKinds | None = None,
        sources: Provenance | None = None,
    ) -> None:
        self.definition = definition
        #: The files and variants the game was built from (saves record them).
        self.sources = sources if sources is not None else Provenance()
        self.rules = rules
        self.procedures: Mapping[str, Procedure] = dict(procedures)
        self.variant = variant
        self.plugin = plugin
        self.actions = actions
        missing = sorted(
            {s.procedure for s in rules.program.steps() if isinstance(s, Step)}
            - set(self.procedures)
        )
        if missing:
            raise EngineError(
                f"the sequence of play names unregistered procedures: {', '.join(missing)}"
            )

    def replace(self, **changes: Any) -> Game:
        """A copy with some parts changed (``definition=...``, say, for a test's odd counter)."""
        parts = {name: getattr(self, name) for name in self.__slots__ if name != "__weakref__"}
        parts.update(changes)
        return Game(
            parts["definition"],
            parts["rules"],
            parts["procedures"],
            variant=parts["variant"],
            plugin=parts["plugin"],
            actions=parts["actions"],
            sources=parts["sources"],
        )

    @property
    def fingerprint(self) -> str:
        """A hash of the files and variants the game was built from."""
        return self.sources.fingerprint

    # -- starting -----------------------------------------------------------
    def new_state(
        self,
        scenario: str | Scenario | None = None,
        *,
        seed: int = 0,
        options: Sequence[str] = (),
        run: Run | None = None,
    ) -> State:
        chosen = self._scenario(scenario)
        unknown = sorted(set(options) - set(chosen.options))
        if unknown:
            raise LegatusError(
                f"scenario {chosen.id!r} has no option {unknown[0]!r}; "
                f"its options: {', '.join(chosen.options) or 'none'}"
            )
        return self.begin(self.setup(chosen, seed=seed, options=options), run)

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

    def begin(self, state: State, run: Run | None = None) -> State:
        """Start the sequence of play on a set-up state and run to the first decision."""
        self.place_at_start(state)
        self.settle(state, run)
        return state

    def place_at_start(self, state: State) -> None:
        """Put the sequence of play at its beginning, without running anything yet."""
        state["stack"].append(self._block_frame(self.rules.program.root, None))

    def setup_steps(self) -> tuple[Step, ...]:
        """The set-up steps: the steps at the head of the sequence of play, before its first
        repeat, phase or check. They run once, as a game starts (Hannibal Barkas's players
        take their seats, counters and cards, HB 10.2; the naval module's first wind, GBoJC
        6.21); a position that starts later runs them first
        (:func:`~legatus.framework.engine.positions.start_state`)."""
        head: list[Step] = []
        for node in self.rules.program.root.body:
            if not isinstance(node, Step):
                break
            head.append(node)
        return tuple(head)

    def run_setup_step(self, state: State, run: Run | None = None) -> bool:
        """Run the set-up step the sequence stands at (:meth:`place_at_start` puts it at the
        first; each call moves it on by one) and what it starts, but nothing after it: True
        once it has run (or its ``when`` does not hold), False when it asks a player for a
        decision (``state`` is left at that decision: a caller that will not ask it keeps a
        copy)."""
        stack = state["stack"]
        root = self.rules.program.root
        frame = stack[0] if len(stack) == 1 else None
        if (
            frame is None
            or frame.get("b") != self.rules.program.block_id(root)
            or frame["i"] >= len(self.setup_steps())
        ):
            raise EngineError("the sequence of play does not stand at a set-up step")
        ctx = Context(self, state, run if run is not None else Run(count=False))
        self._advance_block(ctx, frame, root)
        self._settle(ctx, floor=1)
        if ctx._irreversible:
            state["undo_floor"] = state["actions"]
        return state["prompt"] is None

    def begin_at(
        self, state: State, step: str, loops: Mapping[str, int], run: Run | None = None
    ) -> State:
        """Start the sequence of play at the step ``step`` (a procedure's name or a step's
        label) with the loop counters ``loops`` (``{"year": 2, "turn": 3}``), as if the
        sequence had reached it there, and run to the first decision.

        Every counted or conditional repeat around the step needs its counter,
        within its bounds; the steps before it in the sequence do not run. A
        position file (:mod:`legatus.framework.engine.positions`) starts a game this way.
        """
        self.place_at(state, step, loops, run)
        return self.resume_at(state, step, loops, run)

    def place_at(
        self, state: State, step: str, loops: Mapping[str, int], run: Run | None = None
    ) -> None:
        """Put the sequence of play just before ``step`` (see :meth:`begin_at`): its frames
        and counters, without running anything yet."""
        run = run if run is not None else Run(count=False)
        path = self.path_to(step, loops)
        ctx = Context(self, state, run)
        stack = state["stack"]
        for block, index in path:
            frame: Frame = {"b": self.rules.program.block_id(block), "i": index + 1}
            if block.kind == "range":
                start = int(ctx.evaluate(block.start))
                stop = int(ctx.evaluate(block.stop))
                value = loops[block.var]
                if not start <= value <= stop:
                    raise LegatusError(
                        f"{block.var} {value} is outside its repeat, {start} to {stop}"
                    )
                frame["k"], frame["n"] = value, stop
                state["vars"][block.var] = value
            elif block.kind in ("while", "until"):
                frame["k"] = loops.get(block.var, 1) if block.var else 1
                if block.var:
                    state["vars"][block.var] = frame["k"]
            stack.append(frame)

    def resume_at(
        self, state: State, step: str, loops: Mapping[str, int], run: Run | None = None
    ) -> State:
        """Run ``step`` and the sequence on from it, to the first decision, on a state
        :meth:`place_at` placed there."""
        run = run if run is not None else Run(count=False)
        ctx = Context(self, state, run)
        path = self.path_to(step, loops)
        node = path[-1][0].body[path[-1][1]]
        assert isinstance(node, Step)
        if node.when is None or ctx.evaluate(node.when):
            args = {name: ctx.evaluate(expr) for name, expr in node.args.items()}
            ctx.fired(node.rule)
            self.push_procedure(ctx, node.procedure, args)
        self._settle(ctx)
        if ctx._irreversible:
            state["undo_floor"] = state["actions"]
        return state

    def path_to(self, step: str, loops: Mapping[str, int]) -> list[tuple[Block, int]]:
        """The blocks from the sequence's root to ``step``, each with the index of the node
        that leads on, for the first occurrence of the step whose repeats ``loops`` names
        (an error names the steps there are, or the counters the step needs).

        ``step`` is a procedure's name or a step's label, or the end of its path
        through the blocks around it, joined with dots, where the step occurs more
        than once (``individual.activate_squadrons``: the one in phase ``individual``;
        a repeat is named by its counter)."""
        found: list[list[tuple[Block, int]]] = []
        wanted = step.split(".")
        *within, last = wanted

        def walk(block: Block, trail: list[tuple[Block, int]], names: list[str]) -> None:
            for index, node in enumerate(block.body):
                here = [*trail, (block, index)]
                if isinstance(node, Block):
                    walk(node, here, [*names, node.var or node.name])
                elif (
                    isinstance(node, Step)
                    and last in (node.procedure, node.label)
                    and (not within or names[len(names) - len(within) :] == within)
                ):
                    found.append(here)

        walk(self.rules.program.root, [], [])
        if not found:
            steps = sorted({s.procedure for s in self.rules.program.steps() if isinstance(s, Step)})
            raise LegatusError(
                f"the sequence of play has no step {step!r}{did_you_mean(last, steps)}; "
                f"its steps: {', '.join(steps)}"
            )
        for path in found:
            needed = [b.var for b, _ in path if b.kind == "range" and b.var]
            if all(var in loops for var in needed):
                unknown = sorted(set(loops) - {b.var for b, _ in path if b.var})
                if unknown:
                    raise LegatusError(
                        f"step {step!r} lies in no repeat counting {unknown[0]!r}; "
                        f"its repeats count: {', '.join(needed) or 'nothing'}"
                    )
                return path
        needed = [b.var for b, _ in found[0] if b.kind == "range" and b.var]
        missing = [var for var in needed if var not in loops]
        raise LegatusError(
            f"step {step!r} lies in repeats counting {', '.join(needed)}: give "
            f"{', '.join(missing)} too"
        )

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
    def prompt(
        self, state: State, run: Run | None = None, side: str | None = None
    ) -> Prompt | None:
        """The decision awaited in ``state``, with its legal actions; None when over.

        The run's memory of the decision it reached last answers at once;
        otherwise the procedure that asked lists its actions again. ``side``
        asks for the question of another side of a simultaneous decision
        (None if that side is not asked).
        """
        record = state["prompt"]
        if record is None:
            return None
        if side is not None and side != record["side"]:
            return self._prompt_as(state, record, side, run or Run(count=False))
        if run is not None:
            known = run.recall(record)
            if known is not None:
                return known
        found = self._ask_again(state, record, run or Run(count=False))
        if run is not None:
            run.remember(record, found)
        return found

    def _ask_again(self, state: State, record: dict[str, Any], run: Run) -> Prompt:
        frame = state["stack"][-1] if state["stack"] else None
        procedure = self.procedures.get(frame.get("p", "")) if frame is not None else None
        if frame is None or procedure is None:
            raise EngineError("the state awaits a decision but no procedure is asking")
        found = procedure.prompt(Context(self, state, run), frame)
        if found is None or found.side != record["side"] or found.kind != record["kind"]:
            raise EngineError(
                f"procedure {frame['p']!r} no longer asks {record['kind']!r} of "
                f"{record['side']!r} (its prompt must not change until answered)"
            )
        return found

    def _prompt_as(
        self, state: State, record: dict[str, Any], side: str, run: Run
    ) -> Prompt | None:
        if side not in record.get("sides", ()):
            return None
        frame = state["stack"][-1]
        procedure = self.procedures[frame["p"]]
        return procedure.prompt_as(Context(self, state, run), frame, side)

    def legal_actions(
        self, state: State, run: Run | None = None, side: str | None = None
    ) -> tuple[Action, ...]:
        """The legal actions at ``state``'s decision, in canonical order (none when over);
        ``side``: those of another side of a simultaneous decision."""
        found = self.prompt(state, run, side)
        return () if found is None else found.actions

    def take_turn(self, state: State, side: str, run: Run | None = None) -> None:
        """Make ``side``, one of the sides a simultaneous decision still awaits, the one
        asked first (the order they answer in is nobody's secret), in place."""
        record = state["prompt"]
        if record is None or side not in record.get("sides", ()):
            raise EngineError(f"{side} is not awaited by a decision of several sides")
        if side == record["side"]:
            return
        ctx = Context(self, state, run if run is not None else Run(count=False))
        frame = state["stack"][-1]
        procedure = self.procedures[frame["p"]]
        procedure.take_turn(ctx, frame, side)
        found = procedure.prompt(ctx, frame)
        if found is None or found.side != side:
            raise EngineError(f"procedure {frame['p']!r} did not give {side} its turn")
        record = found.record()
        state["prompt"] = record
        if run is not None:
            run.remember(record, found)

    def is_over(self, state: State) -> bool:
        return state["result"] is not None

    def check_legal(self, state: State, action: Action, run: Run, side: str | None = None) -> None:
        """Raise :class:`IllegalActionError` unless ``action`` answers ``state``'s prompt
        (``side``: as that side of a simultaneous decision)."""
        record = state["prompt"]
        if record is None:
            raise IllegalActionError(action, "no prompt: the game is over", [])
        if side is not None and side != record["side"]:
            asked = self._prompt_as(state, record, side, run)
            if asked is None:
                raise IllegalActionError(action, f"{side} is not asked for a decision now", [])
            if not any(map(is_, asked.actions, repeat(action))) and action.text not in {
                a.text for a in asked.actions
            }:
                raise IllegalActionError(action, asked.text, asked.actions, self._typing(action))
            return
        found = self.prompt(state, run)
        assert found is not None
        # A player answers with one of the listed actions themselves: found by identity, in C,
        # before the texts of the whole listing are hashed (the check runs at every decision).
        if any(map(is_, found.actions, repeat(action))):
            return
        if action.text not in run.texts(record, found):
            raise IllegalActionError(action, found.text, found.actions, self._typing(action))

    def _typing(self, action: Action) -> str:
        """What the game's declared action kinds say is wrong with ``action``, if anything."""
        if self.actions is None:
            return ""
        try:
            self.actions.check(action)
        except ActionTypeError as exc:
            return str(exc).split(": ", 1)[-1]
        return ""

    def apply(
        self,
        state: State,
        action: Action | str,
        run: Run | None = None,
        side: str | None = None,
    ) -> State:
        """Answer the current prompt, in place; an illegal action changes nothing.

        ``side`` answers as that side of a simultaneous decision, in any order.
        """
        run = run if run is not None else Run(count=False)
        if isinstance(action, str):
            action = Action.parse(action)
        self.check_legal(state, action, run, side)
        if side is not None and side != state["prompt"]["side"]:
            self.take_turn(state, side, run)
        return self._answer(state, action, run)

    def applied(
        self,
        state: State,
        action: Action | str,
        run: Run | None = None,
        side: str | None = None,
        *,
        listed: bool = True,
        again: bool = False,
    ) -> State:
        """A new state with the action applied; ``state`` itself is untouched.

        ``listed=False``: the next decision's legal actions are not listed where its
        procedure can say who it asks what without them (:meth:`Procedure.asks`);
        they are listed when asked for (a search scoring the action never does).
        ``again``: ``state`` has not changed since the last action tried on it
        (:func:`~legatus.framework.engine.state.fork`'s ``again``).

        The new state shares the log entries of ``state``
        (:func:`~legatus.framework.engine.state.fork`): copying the whole log at every
        move cost more than the move; and its pieces' entries too where the game's
        plugin says its code replaces an entry to change it (``pieces_copied_on_write``).
        """
        run = run if run is not None else Run(count=False)
        if isinstance(action, str):
            action = Action.parse(action)
        self.check_legal(state, action, run, side)
        shared = getattr(self.plugin, "pieces_copied_on_write", False)
        new = fork(state, share_pieces=shared, again=again)
        if shared:
            self.plugin.forked(state, new)
        if side is not None and side != state["prompt"]["side"]:
            self.take_turn(new, side, run)
        return self._answer(new, action, run, listed)

    def _answer(self, state: State, action: Action, run: Run, listed: bool = True) -> State:
        ctx = Context(self, state, run)
        frame = state["stack"][-1]
        procedure = self.procedures[frame["p"]]
        state["prompt"] = None
        state["actions"] += 1
        procedure.apply(ctx, frame, action)
        self._settle(ctx, listed=listed)
        if ctx._irreversible:
            state["undo_floor"] = state["actions"]
        return state

    # -- the loop ---------------------------------------------------------------
    def settle(self, state: State, run: Run | None = None) -> None:
        """Run the sequence of play until a decision or the end."""
        ctx = Context(self, state, run if run is not None else Run(count=False))
        self._settle(ctx)
        if ctx._irreversible:
            state["undo_floor"] = state["actions"]

    def _settle(self, ctx: Context, floor: int = 0, listed: bool = True) -> None:
        """Run until a decision or the end; with ``floor``, also stop once the stack is back
        to that many frames (:meth:`run_setup_step`: one step, and no further);
        ``listed=False``: see :meth:`applied`."""
        state = ctx.state
        stack = state["stack"]
        program = self.rules.program
        while state["result"] is None:
            if len(stack) <= floor:
                if floor:
                    return
                ctx.end(None, "the sequence of play ended without a winner")
                break
            frame = stack[-1]
            if "b" in frame:
                self._advance_block(ctx, frame, program.blocks[frame["b"]])
                continue
            procedure = self.procedures[frame["p"]]
            if not listed:
                asked = procedure.asks(ctx, frame)
                if asked is not None:
                    state["prompt"] = {"side": asked[0], "kind": asked[1], "text": asked[2]}
                    return
            prompt = procedure.prompt(ctx, frame)
            if prompt is None:
                if stack and stack[-1] is frame:
                    stack.pop()
                    if stack and "p" in stack[-1]:
                        parent = self.procedures[stack[-1]["p"]]
                        if parent.resumes:
                            parent.resumed(ctx, stack[-1])
                continue
            if not prompt.actions:
                raise EngineError(
                    f"procedure {frame['p']!r} asked {prompt.text!r} with no legal action"
                )
            record = prompt.record()
            state["prompt"] = record
            ctx.run.remember(record, prompt)
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


__all__ = [
    "Context",
    "EngineError",
    "Frame",
    "Game",
    "Immediate",
    "Procedure",
    "Rules",
    "Run",
    "make_prompt",
]
