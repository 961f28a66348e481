"""Who may see each field of a procedure's frames.

A procedure keeps its progress in a frame on the state's stack (a dictionary:
``p``, its name, ``args``, its arguments, and whatever fields it writes). A
frame may hold facts some side may not see: Julius Caesar's battle frame
lists both sides' blocks, reserves still face down among them. So every
procedure declares, in :attr:`legatus.framework.engine.core.Procedure.fields`, who may
see each field of its frames (``args`` included):

``PUBLIC``
    every side (the field holds nothing hidden);
``PIECES``
    the field names pieces (ids anywhere inside it: list items, dictionary
    keys or values); each id follows its piece's identity visibility, so a
    side that may not identify a piece reads a token (``"?1"``) in its place;
    the rest of the field is public;
``OWNER``
    only the side the frame belongs to (its ``side`` field or argument);
``BY_SIDE``
    a dictionary keyed by side, each side reading only its own entry (the
    answers of a simultaneous decision, :mod:`legatus.framework.engine.simultaneous`);
``HIDDEN``
    no side.

What a side's search reads of the stack (:mod:`legatus.framework.play.ai.infoset`) is
derived from these declarations alone: a field nobody declared is left out,
and ``legatus check-game`` reports it (:func:`undeclared`). Tokens are
numbered in the order they first appear in the stack, and each remembers what
the side sees of its piece (where it is, whose it is), so a sample can put a
piece that fits there in its place.

The engine's own bookkeeping of the sequence of play (``p``, ``b``, ``i``,
``k``, ``n``) is public.
"""

from __future__ import annotations

from collections.abc import Callable, Container, Iterator, Mapping
from types import MappingProxyType
from typing import TYPE_CHECKING, Any

from legatus.framework.engine.state import State

if TYPE_CHECKING:
    from legatus.framework.engine.core import Game

PUBLIC = "public"
PIECES = "pieces"
OWNER = "owner"
BY_SIDE = "by_side"
HIDDEN = "hidden"
VISIBILITIES = (PUBLIC, PIECES, OWNER, BY_SIDE, HIDDEN)

#: The engine's keys of a frame: the procedure or block run, and the loops' counters.
ENGINE_KEYS = frozenset({"p", "b", "i", "k", "n"})


def declare(**fields: str) -> Mapping[str, str]:
    """A procedure's declaration of its frames' fields (``args=PUBLIC, blocks=PIECES``)."""
    for name, visibility in fields.items():
        if visibility not in VISIBILITIES:
            raise ValueError(
                f"field {name!r}: visibility {visibility!r} is not one of {', '.join(VISIBILITIES)}"
            )
    return MappingProxyType(dict(fields))


def frame_owner(frame: Mapping[str, Any]) -> str | None:
    """The side a frame belongs to: its ``side`` field, else its ``side`` argument."""
    owner = frame.get("side")
    if owner is None:
        owner = frame.get("args", {}).get("side")
    return owner if isinstance(owner, str) else None


def declared_fields(game: Game, frame: Mapping[str, Any]) -> Mapping[str, str]:
    """The visibility of each field of ``frame``, as its procedure declares it."""
    if "b" in frame:
        return {}
    procedure = game.procedures.get(frame.get("p", ""))
    fields: Mapping[str, str] | None = getattr(procedure, "fields", None)
    return fields or {}


def undeclared(game: Game, state: State) -> Iterator[tuple[str, str]]:
    """``(procedure, field)`` for each field on the stack its procedure does not declare."""
    for frame in state["stack"]:
        fields = declared_fields(game, frame)
        for key in frame:
            if key not in ENGINE_KEYS and key not in fields:
                yield frame.get("p", f"block {frame.get('b')}"), key


class Tokens:
    """The ids a side may not identify, replaced by tokens numbered in order of appearance."""

    def __init__(self, hidden: Callable[[str], dict[str, Any] | None]) -> None:
        #: What the side sees of a piece it may not identify (None: it identifies it).
        self._hidden = hidden
        self._given: dict[str, str] = {}
        #: Each token with what the side sees of its piece (``at``, ``side``, ``strength``).
        self.seen: dict[str, dict[str, Any]] = {}

    def token(self, pid: str) -> str | None:
        found = self._given.get(pid)
        if found is not None:
            return found
        seen = self._hidden(pid)
        if seen is None:
            return None
        found = f"?{len(self._given) + 1}"
        self._given[pid] = found
        self.seen[found] = seen
        return found

    def replace(self, value: Any, is_piece: Callable[[str], bool]) -> Any:
        """A copy of ``value`` with every id of a piece the side may not identify replaced."""
        if isinstance(value, str):
            return (self.token(value) or value) if is_piece(value) else value
        if isinstance(value, list):
            return [self.replace(item, is_piece) for item in value]
        if isinstance(value, dict):
            return {
                self.replace(key, is_piece): self.replace(item, is_piece)
                for key, item in value.items()
            }
        return value


def blank(value: Any, pieces: Container[str] = ()) -> Any:
    """An emptied copy: containers keep their keys, lists empty, numbers 0, text empty.

    Keys that name one of ``pieces`` are left out (which pieces a side keeps
    records of may be a secret).
    """
    if isinstance(value, dict):
        return {key: blank(item, pieces) for key, item in value.items() if key not in pieces}
    if isinstance(value, list):
        return []
    if isinstance(value, bool):
        return False
    if isinstance(value, int | float):
        return 0
    if isinstance(value, str):
        return ""
    return None


def stack_for(
    game: Game,
    state: State,
    side: str,
    tokens: Tokens,
    copy: Callable[[Any], Any] | None = None,
) -> list[dict[str, Any]]:
    """The stack as ``side`` may read it: each field as its procedure declares it.

    What it may read is copied (``copy``, a deep copy unless given: a caller that only
    writes the stack out may share it)."""
    if copy is None:
        copy = _copy
    pieces = game.definition.pieces

    def is_piece(text: str) -> bool:
        return text in pieces

    from legatus.framework.engine.view import viewer_of

    viewer = viewer_of(state, side)
    stack: list[dict[str, Any]] = []
    for frame in state["stack"]:
        fields = declared_fields(game, frame)
        # A procedure whose PIECES fields hold other names too says which values may be pieces.
        shown_pieces = getattr(game.procedures.get(frame.get("p", "")), "shown_pieces", None)
        owner = frame_owner(frame)
        shown: dict[str, Any] = {}
        for key, value in frame.items():
            if key in ENGINE_KEYS:
                shown[key] = value
                continue
            visibility = fields.get(key)
            if visibility is None:
                continue  # undeclared: nobody reads it (check-game reports it)
            if visibility == PUBLIC:
                shown[key] = copy(value)
            elif visibility == PIECES and shown_pieces is not None:
                shown[key] = shown_pieces(key, value, lambda v: tokens.replace(v, is_piece))
            elif visibility == PIECES:
                shown[key] = tokens.replace(value, is_piece)
            elif visibility == OWNER and owner in viewer:
                shown[key] = copy(value)
            elif visibility == BY_SIDE:
                shown[key] = {k: copy(v) for k, v in value.items() if k in viewer}
            else:  # OWNER for another side, or HIDDEN
                shown[key] = blank(value, pieces)
        stack.append(shown)
    return stack


def observe_stack(game: Game, state: State, side: str) -> list[dict[str, Any]]:
    """The stack as ``side`` (or its seat) reads it, the pieces it may not identify written
    as tokens: what a front end may show a player of the procedures under way (where the
    group he moves stands, say)."""
    from legatus.framework.engine.view import piece_entry, viewer_of

    viewer = viewer_of(state, side)
    pieces = state["pieces"]

    def hidden(pid: str) -> dict[str, Any] | None:
        piece = pieces.get(pid)
        if piece is None:
            return None
        identified, entry = piece_entry(game.definition, pid, piece, viewer)
        return None if identified else entry

    return stack_for(game, state, side, Tokens(hidden))


def resolve(stack: list[dict[str, Any]], chosen: Mapping[str, str]) -> None:
    """Put the pieces a sample chose back in place of their tokens, in place."""
    if not chosen:
        return
    for frame in stack:
        for key, value in list(frame.items()):
            if key not in ENGINE_KEYS:
                frame[key] = resolved(value, chosen)


def resolved(value: Any, chosen: Mapping[str, str]) -> Any:
    """A copy of ``value`` with each token a sample chose a piece for replaced by it."""
    if not chosen:
        return value
    if isinstance(value, str):
        return chosen.get(value, value)
    if isinstance(value, list):
        return [resolved(item, chosen) for item in value]
    if isinstance(value, dict):
        return {resolved(k, chosen): resolved(v, chosen) for k, v in value.items()}
    return value


def _copy(value: Any) -> Any:
    if isinstance(value, list):
        return [_copy(item) for item in value]
    if isinstance(value, dict):
        return {key: _copy(item) for key, item in value.items()}
    return value
