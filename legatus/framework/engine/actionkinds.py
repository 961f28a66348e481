"""Typed actions: each game declares its action kinds, with named and typed arguments.

An :class:`~legatus.framework.engine.actions.Action` is a kind and a few arguments;
the procedures that list legal actions know what each argument means, and
so must the tools around the engine: a player typing ``move(Legio 77,
Roma)`` deserves "no piece 'Legio 77' (did you mean 'Legio 7'?)" rather than
"illegal", a learning agent needs a stable integer per action, the docs
list every action of a game, and a board you click on needs to know which
argument is a piece and which a space. All of that comes from one
declaration per game (:class:`ActionKinds`), written as short signatures::

    >>> from legatus.framework.engine.actionkinds import parse_signature
    >>> parse_signature("move", "block: piece", "path: space*2..4").signature()
    'move(block: piece, path: space*2..4)'

An argument's type is one of :data:`TYPES` (``number A..B`` for a range,
``choice(a, b)`` for fixed words) or a union such as ``piece|space``;
``?`` makes a last argument optional, ``*A..B`` lets it repeat A to B
times (a path). The values an argument may take (its *domain*) come from
the game's data: piece, space and card ids in data order, the sides, the
hexes and facings of a hex map.
"""

from __future__ import annotations

from collections.abc import Iterable, Iterator, Mapping, Sequence
from dataclasses import dataclass
from types import MappingProxyType
from typing import Any

from legatus.framework.engine.actions import Action, ActionCodec, ActionSyntaxError, Arg
from legatus.framework.model.gamedef import ActionDecl, GameDef
from legatus.framework.model.names import did_you_mean
from legatus.framework.model.signatures import (
    CHOICE,
    NUMBER,
    TYPES,
    ArgSpec,
    SignatureError,
    parse_args,
)

__all__ = [
    "TYPES",
    "ActionKind",
    "ActionKinds",
    "ActionTypeError",
    "ArgSpec",
    "declare",
    "domain_of",
    "from_declaration",
    "parse_signature",
]


class ActionTypeError(ActionSyntaxError):
    """An action that no declared kind of the game describes (wrong kind, arity or value)."""


@dataclass(frozen=True)
class ActionKind:
    """A kind of action: its name, arguments, and what it does (with its rule)."""

    name: str
    args: tuple[ArgSpec, ...] = ()
    doc: str = ""
    rule: str = ""

    @property
    def least(self) -> int:
        """The fewest arguments an action of this kind has."""
        total = 0
        for arg in self.args:
            total += 0 if arg.optional else arg.least
        return total

    @property
    def most(self) -> int:
        return sum(arg.most for arg in self.args)

    def signature(self) -> str:
        if not self.args:
            return self.name
        return f"{self.name}({', '.join(a.text() for a in self.args)})"

    def positions(self, count: int) -> list[ArgSpec]:
        """The declared argument each of ``count`` actual arguments stands for."""
        out: list[ArgSpec] = []
        for index, arg in enumerate(self.args):
            rest = sum(a.least if not a.optional else 0 for a in self.args[index + 1 :])
            take = arg.most if arg.most > 1 else 1
            left = count - len(out) - rest
            if arg.optional:
                take = 1 if left >= 1 else 0
            elif arg.most > 1:
                take = max(arg.least, min(arg.most, left))
            out.extend([arg] * take)
        return out


def parse_signature(name: str, *args: str, doc: str = "", rule: str = "") -> ActionKind:
    """An action kind from its argument signatures (``"block: piece"``, ``"path: space*2..4"``;
    the grammar: :func:`~legatus.framework.model.signatures.parse_args`)."""
    try:
        specs = parse_args(args)
    except SignatureError as exc:
        raise ValueError(f"action {name}: {exc}") from None
    return ActionKind(name, specs, doc, rule)


def from_declaration(declaration: ActionDecl) -> ActionKind:
    """The action kind a game's manifest declares (``actions:`` in ``game.yaml``; the
    loader has checked its signatures already)."""
    return ActionKind(
        declaration.name, parse_args(declaration.args), declaration.doc, declaration.rule
    )


def domain_of(type_: str, definition: GameDef) -> tuple[Arg, ...]:
    """Every value an argument of ``type_`` may take in ``definition``'s game, in a fixed order."""
    values: list[Arg] = []
    for part in type_.split("|"):
        base = part.strip()
        number = NUMBER.match(base)
        choice = CHOICE.match(base)
        if number is not None:
            values.extend(range(int(number[1]), int(number[2]) + 1))
        elif choice is not None:
            values.extend(word.strip() for word in choice[1].split(",") if word.strip())
        elif base == "piece":
            values.extend(definition.pieces)
        elif base == "space":
            values.extend(definition.board.spaces)
        elif base == "hex":
            grid = definition.board.hex_grid
            values.extend(grid.hexes if grid is not None else ())
        elif base == "card":
            values.extend(definition.cards)
        elif base == "side":
            values.extend(definition.side_ids)
        elif base == "facing":
            from legatus.framework.model.hexgrid import FACINGS

            values.extend(FACINGS)
    seen: dict[Arg, None] = {}
    for value in values:
        seen.setdefault(value, None)
    return tuple(seen)


class ActionKinds:
    """A game's declared action kinds, with the domains its data gives their arguments."""

    def __init__(self, definition: GameDef, kinds: Iterable[ActionKind]) -> None:
        found: dict[str, ActionKind] = {}
        for kind in kinds:
            if kind.name in found:
                raise ValueError(f"action kind {kind.name!r} is declared twice")
            found[kind.name] = kind
        self.kinds: Mapping[str, ActionKind] = MappingProxyType(dict(sorted(found.items())))
        self._domains: dict[str, tuple[Arg, ...]] = {}
        self._index: dict[str, frozenset[Arg]] = {}
        for kind in self.kinds.values():
            for arg in kind.args:
                if arg.type not in self._domains:
                    domain = domain_of(arg.type, definition)
                    self._domains[arg.type] = domain
                    self._index[arg.type] = frozenset(domain)
        self._codec: ActionCodec | None = None

    def __iter__(self) -> Iterator[ActionKind]:
        return iter(self.kinds.values())

    def __contains__(self, name: object) -> bool:
        return name in self.kinds

    def domain(self, arg: ArgSpec) -> tuple[Arg, ...]:
        return self._domains[arg.type]

    # -- checking and parsing typed text ------------------------------------------------
    def check(self, action: Action) -> None:
        """Raise :class:`ActionTypeError` unless a declared kind describes ``action``."""
        kind = self.kinds.get(action.kind)
        if kind is None:
            raise ActionTypeError(
                f"{action}: no action {action.kind!r} in this game"
                f"{did_you_mean(action.kind, self.kinds)}; actions: {', '.join(self.kinds)}"
            )
        count = len(action.args)
        if not kind.least <= count <= kind.most:
            wanted = str(kind.least) if kind.least == kind.most else f"{kind.least} to {kind.most}"
            raise ActionTypeError(
                f"{action}: {kind.name} takes {wanted} argument(s), got {count} "
                f"({kind.signature()})"
            )
        for position, (spec, value) in enumerate(
            zip(kind.positions(count), action.args, strict=True), 1
        ):
            if value not in self._index[spec.type]:
                known = [str(v) for v in self._domains[spec.type]]
                raise ActionTypeError(
                    f"{action}: argument {position} ({spec.name}) is no {spec.type}: "
                    f"{value!r}{did_you_mean(str(value), known)}"
                )

    def parse(self, text: str) -> Action:
        """Read an action's text form and check it against the declarations."""
        action = Action.parse(text)
        self.check(action)
        return action

    def describe(self, action: Action) -> list[tuple[ArgSpec, Arg]]:
        """Each argument of ``action`` with the declared argument it stands for (for a UI)."""
        kind = self.kinds[action.kind]
        return list(zip(kind.positions(len(action.args)), action.args, strict=True))

    # -- integer codes ------------------------------------------------------------------------
    def codec(self) -> ActionCodec:
        """The stable integer encoding of the declared actions (built once)."""
        if self._codec is None:
            domains: dict[str, list[list[Arg]]] = {}
            least: dict[str, int] = {}
            for kind in self.kinds.values():
                columns: list[list[Arg]] = []
                for arg in kind.args:
                    columns.extend([list(self._domains[arg.type])] * arg.most)
                domains[kind.name] = columns
                least[kind.name] = kind.least
            self._codec = ActionCodec(domains, least)
        return self._codec

    # -- reference ----------------------------------------------------------------------------
    def reference(self) -> list[dict[str, Any]]:
        """Every kind as plain data: name, signature, arguments, doc and rule (for the docs)."""
        return [
            {
                "name": kind.name,
                "signature": kind.signature(),
                "args": [
                    {
                        "name": a.name,
                        "type": a.type,
                        "optional": a.optional,
                        "least": a.least,
                        "most": a.most,
                    }
                    for a in kind.args
                ],
                "doc": kind.doc,
                "rule": kind.rule,
            }
            for kind in self.kinds.values()
        ]


def declare(definition: GameDef, kinds: Sequence[ActionKind]) -> ActionKinds:
    """The game's action kinds with their domains (the plugin's ``action_kinds``)."""
    return ActionKinds(definition, kinds)
