"""Dice chosen instead of the state's generator: one roll at a time.

A test (or any tool that must fix an outcome) states each roll a rule
makes: ``ForcedDice([[1, 3], 6])`` is a roll of two dice showing 1 and 3,
then a roll of one die showing 6 (a bare number is a roll of one die). The
game's rolls take them in order. Rolls can also be given when the game asks
for them: :meth:`ForcedDice.insert` puts rolls ahead of those queued, and a
callable given as ``on_demand`` answers any roll that finds none queued,
seeing what the roll is (:class:`RollMade` without its dice).

A roll of another number of dice than the next one queued, a face a die
does not have, or a roll that finds nothing left is a :class:`DiceError`
that names the roll: its number, its dice, what it was for, the step rolling
and the last thing the log said. Rolls queued and never made are the test's
mistake too: :meth:`ForcedDice.check_used` fails on them. Every roll made is
kept in :attr:`ForcedDice.made`, so a test can assert which rolls an action
made and what for.

Why one list per roll: a flat list lets a test's dice drift into the next
roll unnoticed (three dice meant for one block's fire answer the next
block's too), and running out said only "index out of range".
"""

from __future__ import annotations

from collections.abc import Callable, Iterable, Mapping, Sequence
from dataclasses import dataclass
from typing import Any

#: One roll as a test writes it: its dice, or a bare number for a roll of one die.
Roll = int | Sequence[int]


class DiceError(AssertionError):
    """Forced dice that do not fit the rolls the game makes (a failure of the test)."""


@dataclass(frozen=True)
class RollMade:
    """A roll the game made: its number (1 for the first), how many dice of how many
    sides, what for (``"the wind table"``, ``"Legio 7 fires"``), the step rolling, and
    the dice (empty while the roll is being asked for)."""

    number: int
    count: int
    sides: int
    what: str
    step: str
    dice: tuple[int, ...] = ()

    def __str__(self) -> str:
        shown = f" = {list(self.dice)}" if self.dice else ""
        return f"roll {self.number}: {describe(self.count, self.sides, None, self.what)}{shown}"


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


class ForcedDice:
    """The rolls a run makes instead of the state's generator (see the module)."""

    __slots__ = ("made", "on_demand", "waiting")

    def __init__(
        self,
        rolls: Iterable[Roll] = (),
        *,
        on_demand: Callable[[RollMade], Roll] | None = None,
    ) -> None:
        #: The rolls queued and not made yet, in order.
        self.waiting: list[list[int]] = []
        #: Answers a roll that finds none queued (None: such a roll is a DiceError).
        self.on_demand = on_demand
        #: Every roll made, in order.
        self.made: list[RollMade] = []
        self.add(*rolls)

    def add(self, *rolls: Roll) -> None:
        """Queue more rolls, after those still waiting."""
        self.waiting.extend(as_roll(r) for r in rolls)

    def insert(self, *rolls: Roll) -> None:
        """Queue rolls ahead of those still waiting: the next roll takes the first."""
        self.waiting[:0] = [as_roll(r) for r in rolls]

    @property
    def rolled(self) -> int:
        """How many rolls were made."""
        return len(self.made)

    def roll(
        self, count: int, sides: int, state: Mapping[str, Any] | None = None, what: str = ""
    ) -> list[int]:
        """The next roll's ``count`` dice; ``state`` (the state rolling) and ``what`` only
        describe the roll, in an error and in :attr:`made`."""
        number = len(self.made) + 1
        step = _step(state)
        if self.waiting:
            given = self.waiting.pop(0)
        elif self.on_demand is not None:
            given = as_roll(self.on_demand(RollMade(number, count, sides, what, step)))
        else:
            used = f"{number - 1} forced roll(s) used" if number > 1 else "none forced"
            raise DiceError(
                f"the forced dice ran out: roll {number}, "
                f"{describe(count, sides, state, what)}, found no roll left ({used})"
            )
        if len(given) != count:
            raise DiceError(
                f"roll {number} is {describe(count, sides, state, what)}, but the test "
                f"forced {given} ({len(given)} {'die' if len(given) == 1 else 'dice'})"
            )
        for value in given:
            if not 1 <= value <= sides:
                raise DiceError(
                    f"roll {number} is {describe(count, sides, state, what)}: "
                    f"{value} is not a face of a d{sides}"
                )
        self.made.append(RollMade(number, count, sides, what, step, tuple(given)))
        return list(given)

    def check_used(self) -> None:
        """Fail if queued rolls were never rolled (the test expected rolls that did not come)."""
        if self.waiting:
            shown = ", ".join(str(r) for r in self.waiting)
            raise DiceError(
                f"{len(self.waiting)} forced roll(s) never rolled: {shown} "
                f"(after the {len(self.made)} roll(s) the game made)"
            )

    def copy(self) -> ForcedDice:
        """Another queue with the rolls still waiting (and the same ``on_demand``)."""
        other = ForcedDice(on_demand=self.on_demand)
        other.waiting = [list(r) for r in self.waiting]
        return other


def _step(state: Mapping[str, Any] | None) -> str:
    if state is None:
        return ""
    found: str = next((f["p"] for f in reversed(state["stack"]) if "p" in f), "")
    return found


def describe(count: int, sides: int, state: Mapping[str, Any] | None, what: str) -> str:
    """A roll as an error names it: ``2d6 for table wind (in roll_wind, turn 2, after
    'Wind 3 towards S')``."""
    text = f"{count}d{sides}" + (f" for {what}" if what else "")
    if state is None:
        return text
    where: list[str] = []
    step = _step(state)
    if step:
        where.append(f"in {step}")
    where.extend(f"{name} {value}" for name, value in state["vars"].items())
    public = [e["text"] for e in state["log"] if "to" not in e]
    if public:
        where.append(f"after {public[-1]!r}")
    return f"{text} ({', '.join(where)})" if where else text


__all__ = ["DiceError", "ForcedDice", "Roll", "RollMade", "as_roll", "describe"]
