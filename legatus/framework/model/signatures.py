"""The grammar of an action kind's arguments, read from a game's manifest or from Python.

A game declares each kind of action it offers with short argument signatures
(``actions:`` in its ``game.yaml``; :mod:`legatus.framework.engine.actionkinds`
makes the typed action kinds of them). The grammar lives on the model floor
so that the loader can refuse a bad signature with its file, JSON path and
line, like any other data error, before the engine is involved::

    >>> parse_args(["block: piece", "path: space*2..4"])[1]
    ArgSpec(name='path', type='space', optional=False, least=2, most=4)
    >>> try:
    ...     parse_args(["path: space*2..4", "block: piece"])
    ... except SignatureError as exc:
    ...     print(exc.position, exc)
    0 'path: space*2..4': only the last argument may be optional or repeat

An argument's type is one of :data:`TYPES` (``number A..B`` for a range,
``choice(a, b)`` for fixed words) or a union such as ``piece|space``; ``?``
makes a last argument optional, ``*A..B`` lets it repeat A to B times (a
path).
"""

from __future__ import annotations

import re
from collections.abc import Sequence
from dataclasses import dataclass

from legatus.framework.model.names import did_you_mean

#: The argument types a game may declare.
TYPES = ("piece", "space", "hex", "card", "side", "facing", "number", "choice")

ARG = re.compile(
    r"^\s*(?P<name>[a-z_][a-z0-9_]*)\s*:\s*(?P<type>[^?*]+?)\s*"
    r"(?:(?P<optional>\?)|\*\s*(?P<least>\d+)\s*\.\.\s*(?P<most>\d+))?\s*$"
)
NUMBER = re.compile(r"^number\s+(-?\d+)\s*\.\.\s*(-?\d+)$")
CHOICE = re.compile(r"^choice\s*\((.*)\)$")

#: What an argument signature looks like, for error messages.
EXPECTED = "expected 'NAME: TYPE', 'NAME: TYPE?' (optional) or 'NAME: TYPE*LEAST..MOST' (repeated)"


class SignatureError(ValueError):
    """An argument signature the grammar refuses; ``position`` is the argument's index."""

    def __init__(self, message: str, position: int) -> None:
        super().__init__(message)
        self.position = position


@dataclass(frozen=True)
class ArgSpec:
    """One argument of an action kind: its name, its type and how often it occurs."""

    name: str
    type: str
    optional: bool = False
    least: int = 1
    most: int = 1

    @property
    def types(self) -> tuple[str, ...]:
        """The base types of a union (``piece|space``); ``number``/``choice`` with their range."""
        return tuple(part.strip() for part in self.type.split("|"))

    def text(self) -> str:
        suffix = "?" if self.optional else "" if self.most == 1 else f"*{self.least}..{self.most}"
        return f"{self.name}: {self.type}{suffix}"


def parse_args(args: Sequence[str]) -> tuple[ArgSpec, ...]:
    """The arguments of an action kind from their signatures, in order.

    Raises :class:`SignatureError` at the first signature the grammar refuses:
    bad syntax, an unknown type, a bad repeat, or an optional or repeated
    argument that is not the last.
    """
    specs: list[ArgSpec] = []
    for position, text in enumerate(args):
        match = ARG.match(text)
        if match is None:
            raise SignatureError(f"bad argument signature {text!r}: {EXPECTED}", position)
        type_ = " ".join(match["type"].split())
        for part in type_.split("|"):
            base = part.strip()
            if not (base in TYPES or NUMBER.match(base) or CHOICE.match(base)):
                raise SignatureError(
                    f"argument {match['name']!r} has unknown type {base!r}"
                    f"{did_you_mean(base, TYPES)}; types: {', '.join(TYPES)}",
                    position,
                )
        least, most = 1, 1
        if match["least"] is not None:
            least, most = int(match["least"]), int(match["most"])
            if not 0 <= least <= most or most < 2:
                raise SignatureError(
                    f"bad repeat in {text!r}: expected *LEAST..MOST with LEAST <= MOST and "
                    "MOST at least 2",
                    position,
                )
        optional = match["optional"] is not None
        if (optional or most > 1) and position != len(args) - 1:
            raise SignatureError(
                f"{text!r}: only the last argument may be optional or repeat", position
            )
        specs.append(ArgSpec(match["name"], type_, optional, least, most))
    return tuple(specs)
