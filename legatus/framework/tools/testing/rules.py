"""A game's shipped rules with a few parameters changed, or its sequence cut to a few steps.

What a test changes in a game's rules it changes through a variant compiled like any other
(checked against the game, errors at their line): parameters set to other values, or the
sequence of play replaced by a few steps. :func:`compile_test_game` writes and compiles that
variant; :func:`~legatus.framework.tools.testing.load_game` is what tests call (it keeps the
games it compiled, one per set of changes)::

    game = load_game("julius_caesar", params={"battle_rounds": 2})
    kit = Kit.on(game, game.setup(seed=3), begin=True)

:func:`phase_steps` gives one phase of a game's own sequence as steps, and
:class:`TestOver` is the bottom of the stack a kit runs one procedure on
(:meth:`~legatus.framework.tools.testing.Kit.run_procedure`).
"""

from __future__ import annotations

import json
from collections.abc import Iterable, Mapping, Sequence
from typing import Any

from legatus.framework.engine.actions import Action, Prompt
from legatus.framework.engine.core import Context, Frame, Game, Procedure, make_prompt
from legatus.framework.play.catalog import Catalog, default_catalog
from legatus.framework.rules.parser import parse_variant

#: The procedure a test stack starts on (see :meth:`~legatus.framework.tools.testing.Kit.run_procedure`).
TEST_OVER = "test_over"


def dsl_value(value: Any) -> str:
    """A Python value written as a rules-language literal."""
    if isinstance(value, bool):
        return "true" if value else "false"
    if isinstance(value, int):
        return str(value)
    if isinstance(value, str):
        return json.dumps(value)
    if isinstance(value, list | tuple):
        return "[" + ", ".join(dsl_value(v) for v in value) + "]"
    raise TypeError(f"no rules-language literal for {value!r}")


#: Words that start a line of a sequence of play.
_SEQUENCE_WORDS = ("step ", "check ", "phase ", "repeat ")


def _sequence_line(line: str) -> str:
    """A line of a test's sequence, with ``step`` added where no keyword starts it."""
    text = line.lstrip()
    indent = line[: len(line) - len(text)]
    return line if text.startswith(_SEQUENCE_WORDS) else f"{indent}step {text}"


def test_variant(
    game: str,
    *,
    steps: Sequence[str] | None = None,
    params: Mapping[str, Any] | None = None,
    victories: Iterable[str] = (),
) -> str:
    """The text of a variant of ``game`` that replaces the sequence and sets parameters.

    Each of ``steps`` is a line of the new sequence (``"step"`` is added to
    one that starts with no keyword). The ``victories`` the new sequence does
    not check are kept, checked under a scenario option no game has, since the rules checker
    refuses a victory declaration no step checks.
    """
    lines = [f'variant test of {game} "a test\'s changes"']
    for name, value in (params or {}).items():
        lines.append(f"param {name} = {dsl_value(value)}")
    if steps is not None:
        lines.append("replace sequence:")
        written = [_sequence_line(s) for s in steps]
        lines.extend(f"  {line}" for line in written)
        checked = {line.split()[1] for line in written if line.lstrip().startswith("check ")}
        never = 'option("a test never checks this")'
        lines.extend(f"  check {v} when {never}" for v in sorted(victories) if v not in checked)
    return "\n".join(lines) + "\n"


def compile_test_game(
    game: str,
    catalog: Catalog,
    *,
    steps: Sequence[str] | None = None,
    params: Mapping[str, Any] | None = None,
    variant: str | None = None,
) -> Game:
    """``game`` with its shipped rules (and a shipped ``variant``), changed as a test asks.

    ``steps`` replaces the sequence of play (each a step as a rules file
    writes it, ``"winter_supply(base: 4)"``); ``params`` sets parameters
    (``{"road_limit.minor": 3}``). Both are a variant checked like any other.
    Compiled anew at each call: tests call
    :func:`~legatus.framework.tools.testing.load_game`, which keeps what it compiled.
    """
    variants: list[Any] = [variant] if variant is not None else []
    if steps is not None or params:
        name, victories = _victories(catalog, game)
        text = test_variant(name, steps=steps, params=params, victories=victories)
        variants.append(parse_variant(text, "<test variant>"))
    return catalog.load_variants(game, variants)


_VICTORIES: dict[tuple[int, str], tuple[str, tuple[str, ...]]] = {}


def _victories(catalog: Catalog, game: str) -> tuple[str, tuple[str, ...]]:
    """The game's name and its victory declarations (read once per catalog and game)."""
    key = (id(catalog), game)
    if key not in _VICTORIES:
        found = catalog.rules(game)
        _VICTORIES[key] = (found.definition.name, tuple(found.load().victories))
    return _VICTORIES[key]


def phase_steps(
    game: str,
    phase: str,
    *,
    variant: str | None = None,
    loops: Mapping[str, int] | None = None,
    catalog: Catalog | None = None,
) -> list[str]:
    """One phase of a game's own sequence of play, as lines for the ``steps`` of
    :func:`~legatus.framework.tools.testing.load_game`.

    The phase is read from the game's rules (with ``variant`` applied, so its order is the
    variant's), and wrapped in the loops it is inside with the values ``loops`` gives
    (``{"year": 5}``): a test plays the rules file's winter, not a copy of it::

        steps = phase_steps("julius_caesar", "winter", loops={"year": 5})
        game = load_game("julius_caesar", steps=steps)
    """
    from legatus.framework.rules import ast
    from legatus.framework.rules.formatter import format_seq_items

    loaded = (catalog or default_catalog()).load(game, variant)
    ruleset = getattr(loaded.rules, "ruleset", None)
    if ruleset is None or ruleset.sequence is None:
        raise ValueError(f"{game} has no sequence of play")

    def find(items: Sequence[ast.SeqItem], around: list[ast.Repeat]) -> list[str] | None:
        for item in items:
            if isinstance(item, ast.Phase) and item.name == phase:
                lines = format_seq_items(item.body, len(around))
                for depth, repeat in reversed(list(enumerate(around))):
                    value = (loops or {}).get(repeat.var, 1)
                    header = f"{'  ' * depth}repeat {repeat.var} in {value}..{value}:"
                    lines = [header, *lines]
                return lines
            if isinstance(item, ast.Phase | ast.Repeat):
                inner = [*around, item] if isinstance(item, ast.Repeat) else around
                found = find(item.body, inner)
                if found is not None:
                    return found
        return None

    found = find(ruleset.sequence.body, [])
    if found is None:
        raise ValueError(f"{game}'s sequence of play has no phase {phase!r}")
    return [line.rstrip() for line in found]


class TestOver(Procedure):
    """A bottom frame that asks ``test_over``: the procedure under test has finished."""

    def prompt(self, ctx: Context, frame: Frame) -> Prompt:
        return make_prompt(ctx.definition.side_ids[0], TEST_OVER, "done", [Action(TEST_OVER)])


__all__ = [
    "TEST_OVER",
    "TestOver",
    "compile_test_game",
    "dsl_value",
    "phase_steps",
    "test_variant",
]
