"""Dice a test forces, one list per roll.

A rule test states each roll the rule makes: ``Rolls([1, 3], [6])`` is a
roll of two dice showing 1 and 3, then a roll of one die showing 6 (a bare
number is a roll of one die). The game's rolls take them in order. A roll
of another number of dice than the next list, a face a die does not have,
or a roll that finds no list left is a :class:`DiceError` that names the
roll: its number in the test, its dice, what it was for, the step rolling
and the last thing the log said. Lists never rolled are the test's mistake
too: :meth:`Rolls.check_used` fails on them (the kit calls it when a test
ends, see :mod:`legatus.framework.tools.testing.kit`).

Why one list per roll: a flat list lets a test's dice drift into the next
roll unnoticed (three dice meant for one block's fire answer the next
block's too), and running out said only "index out of range".
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from typing import TYPE_CHECKING

from legatus.framework.engine.core import ForcedDice

if TYPE_CHECKING:
    from legatus.framework.engine.core import Context

#: One roll as a test writes it: its dice, or a bare number for a roll of one die.
Roll = int | Sequence[int]


class DiceError(AssertionError):
    """A test's forced dice do not fit the rolls the game makes (a failure of the test)."""


def as_roll(roll: Roll) -> list[int]:
    """A roll as a list of dice (``6`` -> ``[6]``); anything else is a :class:`TypeError`."""
    if isinstance(roll, bool) or not isinstance(roll, int | list | tuple):
        raise TypeError(f"a forced roll is a die's number or a list of them, not {roll!r}")
    values = [roll] if isinstance(roll, int) else list(roll)
    for value in values:
        if isinstance(value, bool) or not isinstance(value, int):
            raise TypeError(f"a forced die is a whole number, not {value!r}")
    if not values:
        raise TypeError("a forced roll needs at least one die")
    return values


class Rolls(ForcedDice):
    """Forced dice, one list per roll (see the module's docstring).

    It stands where :class:`~legatus.framework.engine.core.ForcedDice` does, in a
    :class:`~legatus.framework.engine.core.Run`; :attr:`left` (the dice not rolled
    yet, flat) keeps that class's meaning.
    """

    __slots__ = ("rolled", "waiting")

    def __init__(self, rolls: Iterable[Roll] = ()) -> None:
        super().__init__(())
        #: The rolls not made yet, in order.
        self.waiting: list[list[int]] = []
        #: How many rolls were made (the next is roll ``rolled + 1``).
        self.rolled = 0
        self.add(*rolls)

    def add(self, *rolls: Roll) -> None:
        """Force more rolls, after those still waiting."""
        self.waiting.extend(as_roll(r) for r in rolls)
        self.left = [d for roll in self.waiting for d in roll]

    def roll(self, count: int, sides: int, ctx: Context | None = None, what: str = "") -> list[int]:
        self.rolled += 1
        if not self.waiting:
            used = f"{self.rolled - 1} forced roll(s) used" if self.rolled > 1 else "none forced"
            raise DiceError(
                f"the forced dice ran out: roll {self.rolled}, "
                f"{describe(count, sides, ctx, what)}, found no roll left ({used})"
            )
        given = self.waiting.pop(0)
        self.left = [d for roll in self.waiting for d in roll]
        self.used += len(given)
        if len(given) != count:
            raise DiceError(
                f"roll {self.rolled} is {describe(count, sides, ctx, what)}, but the test "
                f"forced {given} ({len(given)} {'die' if len(given) == 1 else 'dice'})"
            )
        for value in given:
            if not 1 <= value <= sides:
                raise DiceError(
                    f"roll {self.rolled} is {describe(count, sides, ctx, what)}: "
                    f"{value} is not a face of a d{sides}"
                )
        return list(given)

    def check_used(self) -> None:
        """Fail if forced rolls were never rolled (the test expected rolls that did not come)."""
        if self.waiting:
            shown = ", ".join(str(r) for r in self.waiting)
            raise DiceError(
                f"{len(self.waiting)} forced roll(s) never rolled: {shown} "
                f"(after the {self.rolled} roll(s) the game made)"
            )


def describe(count: int, sides: int, ctx: Context | None, what: str) -> str:
    """A roll as an error names it: ``2d6 for table wind (step roll_wind, turn 2, after
    'Wind 3 towards S')``."""
    text = f"{count}d{sides}" + (f" for {what}" if what else "")
    if ctx is None:
        return text
    state = ctx.state
    where: list[str] = []
    procedure = next((f["p"] for f in reversed(state["stack"]) if "p" in f), None)
    if procedure is not None:
        where.append(f"in {procedure}")
    where.extend(f"{name} {value}" for name, value in state["vars"].items())
    public = [e["text"] for e in state["log"] if "to" not in e]
    if public:
        where.append(f"after {public[-1]!r}")
    return f"{text} ({', '.join(where)})" if where else text


__all__ = ["DiceError", "Roll", "Rolls", "as_roll", "describe"]
