"""Actions and prompts: the decision protocol shared by every game.

Every decision is a :class:`Prompt` to one side, listing its legal actions in
a canonical order (sorted by text form). An :class:`Action` is a small
immutable value, a kind and a few arguments, that round-trips through text
and JSON:

>>> a = Action("move", ("Legio 7", "Narbo", "Tarraco"))
>>> a.text
'move(Legio 7, Narbo, Tarraco)'
>>> Action.parse(a.text) == a, Action.from_json(a.to_json()) == a
(True, True)
>>> Action.parse('play("705")').args
('705',)
"""

from __future__ import annotations

import bisect
import json
import re
from collections.abc import Iterable, Mapping, Sequence
from dataclasses import dataclass, field
from functools import lru_cache
from operator import attrgetter
from typing import Any, NamedTuple

from legatus.framework.model.errors import LegatusError

Arg = str | int

_PLAIN = re.compile(r"^[^\s,()\"](?:[^,()\"]*[^\s,()\"])?$")
_INT = re.compile(r"^-?\d+$")
_KIND = re.compile(r"^[a-z][a-z0-9_]*$")


class ActionSyntaxError(LegatusError):
    """Text that is not an action."""


@lru_cache(maxsize=4096)
def _arg_text(arg: Arg) -> str:
    """An argument as written in an action's text (ids repeat: cached)."""
    if isinstance(arg, int):
        return str(arg)
    if _PLAIN.match(arg) and not _INT.match(arg):
        return arg
    return json.dumps(arg, ensure_ascii=False)


@lru_cache(maxsize=65536)
def _action_text(kind: str, args: Sequence[Arg]) -> str:
    """An action's text form; legal-action listings rebuild the same actions at every
    decision, so the text of each (kind, arguments) is made once."""
    _check_kind(kind)
    if not args:
        return kind
    return kind + "(" + ", ".join(map(_arg_text, args)) + ")"


@lru_cache(maxsize=256)
def _check_kind(kind: str) -> None:
    if not _KIND.match(kind):
        raise ActionSyntaxError(f"action kind {kind!r} must be lower case letters, digits, _")


@dataclass(frozen=True, slots=True, init=False)
class Action:
    """One choice: a kind such as ``move`` and its arguments."""

    kind: str
    args: tuple[Arg, ...]
    text: str = field(compare=False, repr=False)

    def __init__(self, kind: str, args: tuple[Arg, ...] = ()) -> None:
        # Legal-action listings make tens of thousands of actions a game: the fields are set
        # through their slots, as a frozen dataclass's own __init__ would, in one call.
        try:
            text = _action_text(kind, args)
        except TypeError:  # unhashable arguments (a list): the text, uncached
            text = _action_text.__wrapped__(kind, args)
        _set_kind(self, kind)
        _set_args(self, args)
        _set_text(self, text)

    def __str__(self) -> str:
        return self.text

    def to_json(self) -> list[Arg]:
        return [self.kind, *self.args]

    @classmethod
    def from_json(cls, value: Any) -> Action:
        if (
            not isinstance(value, list)
            or not value
            or not isinstance(value[0], str)
            or not all(isinstance(a, str | int) and not isinstance(a, bool) for a in value[1:])
        ):
            raise ActionSyntaxError(f"not an action: {value!r} (expected [kind, args...])")
        return cls(value[0], tuple(value[1:]))

    @classmethod
    def parse(cls, text: str) -> Action:
        """Read the text form back (``kind`` or ``kind(arg, "quoted arg", 3)``)."""
        text = text.strip()
        if "(" not in text:
            return cls(text)
        if not text.endswith(")"):
            raise ActionSyntaxError(f"not an action: {text!r} (missing ')')")
        kind, rest = text[:-1].split("(", 1)
        return cls(kind.strip(), tuple(_split_args(rest, text)))


_set_kind = Action.__dict__["kind"].__set__
_set_args = Action.__dict__["args"].__set__
_set_text = Action.__dict__["text"].__set__
#: An action's text, read in C.
_TEXT = attrgetter("text")


def _split_args(body: str, whole: str) -> list[Arg]:
    args: list[Arg] = []
    decoder = json.JSONDecoder()
    i = 0
    while i <= len(body):
        while i < len(body) and body[i] == " ":
            i += 1
        if i < len(body) and body[i] == '"':
            try:
                value, end = decoder.raw_decode(body, i)
            except json.JSONDecodeError:
                raise ActionSyntaxError(f"not an action: {whole!r} (bad quoted argument)") from None
            args.append(value)
            i = end
            while i < len(body) and body[i] == " ":
                i += 1
        else:
            end = body.find(",", i)
            end = len(body) if end < 0 else end
            raw = body[i:end].strip()
            if not raw:
                raise ActionSyntaxError(f"not an action: {whole!r} (empty argument)")
            args.append(int(raw) if _INT.match(raw) else raw)
            i = end
        if i >= len(body):
            break
        if body[i] != ",":
            raise ActionSyntaxError(f"not an action: {whole!r} (expected ',' at {i})")
        i += 1
    return args


@dataclass(frozen=True)
class Prompt:
    """A decision for one side: what is asked, and every legal answer.

    ``sides``, for a decision several sides answer at once (a simultaneous
    decision, :mod:`legatus.framework.engine.simultaneous`), lists every side still to
    answer, ``side`` first; empty for a decision of one side.
    """

    side: str
    kind: str
    text: str
    actions: tuple[Action, ...]
    sides: tuple[str, ...] = ()

    def record(self) -> dict[str, Any]:
        """What the state keeps of a prompt: who is asked what (the actions are listed
        again from the state when wanted)."""
        if self.sides:
            return {
                "side": self.side,
                "kind": self.kind,
                "text": self.text,
                "sides": list(self.sides),
            }
        return {"side": self.side, "kind": self.kind, "text": self.text}

    def to_json(self) -> dict[str, Any]:
        return {
            "side": self.side,
            "kind": self.kind,
            "text": self.text,
            "actions": [a.to_json() for a in self.actions],
        }

    @classmethod
    def from_json(cls, value: dict[str, Any]) -> Prompt:
        return cls(
            value["side"],
            value["kind"],
            value["text"],
            tuple(Action.from_json(a) for a in value["actions"]),
        )


class Move(NamedTuple):
    """One entry of a match's action log: who answered, and what."""

    side: str
    action: Action

    def to_json(self) -> list[str]:
        return [self.side, self.action.text]


def canonical(actions: Iterable[Action]) -> tuple[Action, ...]:
    """Legal actions without duplicates, sorted by their text form.

    Of actions with the same text the last is kept, at the first one's place before
    sorting (as ``{a.text: a for a in actions}``); made in C (``map``, ``zip``), since a
    prompt's listing runs through it at every decision.
    """
    listed = actions if type(actions) is list or type(actions) is tuple else list(actions)
    unique = dict(zip(map(_TEXT, listed), listed, strict=True))
    return tuple(map(unique.__getitem__, sorted(unique)))


class ActionCodec:
    """A stable integer encoding of a game's actions, for learning agents.

    Each action kind has a fixed list of argument domains (the ids of pieces,
    spaces or cards from the game's data, or small integer ranges) and a
    least number of arguments (a path of one, two or three spaces shares the
    kind ``move``). Codes are dense: every integer in ``range(size)`` is
    exactly one action, kinds in alphabetical order, then shorter argument
    lists first, then a mixed-radix number over the arguments. The encoding
    changes only when the data (the domains) changes.
    """

    def __init__(
        self,
        kinds: Mapping[str, Sequence[Sequence[Arg]]],
        min_args: Mapping[str, int] | None = None,
    ) -> None:
        least = dict(min_args or {})
        self._blocks: list[tuple[int, str, int, int]] = []  # (offset, kind, length, size)
        self._domains = {k: [list(d) for d in kinds[k]] for k in sorted(kinds)}
        self._index = {
            k: [{v: i for i, v in enumerate(d)} for d in ds] for k, ds in self._domains.items()
        }
        total = 0
        for kind, domains in self._domains.items():
            for length in range(least.get(kind, len(domains)), len(domains) + 1):
                size = 1
                for domain in domains[:length]:
                    size *= len(domain)
                self._blocks.append((total, kind, length, size))
                total += size
        self._block_of = {
            (kind, length): (offset, size) for offset, kind, length, size in self._blocks
        }
        self.size = total

    def encode(self, action: Action) -> int:
        block = self._block_of.get((action.kind, len(action.args)))
        if block is None:
            raise ActionSyntaxError(f"action {action} has no integer encoding")
        code = 0
        for position, (arg, index) in enumerate(
            zip(action.args, self._index[action.kind], strict=False)
        ):
            value = index.get(arg)
            if value is None:
                raise ActionSyntaxError(f"action {action}: argument {position + 1} is unknown")
            code = code * len(index) + value
        return block[0] + code

    def decode(self, code: int) -> Action:
        if not 0 <= code < self.size:
            raise ActionSyntaxError(f"action code {code} is outside 0..{self.size - 1}")
        offsets = [b[0] for b in self._blocks]
        offset, kind, length, _ = self._blocks[bisect.bisect_right(offsets, code) - 1]
        rest = code - offset
        args: list[Arg] = []
        for domain in reversed(self._domains[kind][:length]):
            rest, digit = divmod(rest, len(domain))
            args.append(domain[digit])
        args.reverse()
        return Action(kind, tuple(args))


def action_for(code: int, legal: Sequence[Action], codec: ActionCodec | None) -> Action:
    """The legal action an integer stands for: a ``codec``'s code of the action, or without a
    codec its slot in the ``legal`` list (the two layouts of the learning environments)."""
    if codec is not None:
        action = codec.decode(code)
        if action not in legal:
            raise LegatusError(f"action code {code} ({action}) is not legal now")
        return action
    if not 0 <= code < len(legal):
        raise LegatusError(f"action {code} is not legal now: choose 0 to {len(legal) - 1}")
    return legal[code]
