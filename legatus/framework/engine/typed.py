"""Typed access to the plain data of a state: frames, pieces and records by attribute.

The state stays plain JSON (:mod:`legatus.framework.engine.state`): what this module adds is
a typed *view* over one of its dictionaries, so a procedure reads ``battle.round`` (an
``int`` to the type checker) instead of ``frame["round"]`` (``Any``), and a field it
misspells is an error mypy reports, not a ``KeyError`` in the middle of a game.

A view holds the dictionary itself, not a copy: what it writes is in the state at once,
and undo, saves and copies see nothing new. A frame's fields carry their visibility
(:mod:`legatus.framework.engine.frames`), from which the procedure's declaration is made::

    class FightFrame(FrameView):
        args = Slot[dict[str, Any]](PUBLIC)
        round = Slot[int](PUBLIC)
        reserves = Slot[list[str]](PIECES)        # ids hidden as their pieces are
        winner = Slot[str | None](PUBLIC, default=None)

    class Fight(Procedure):
        fields = FightFrame.declaration()

        def prompt(self, ctx: Context, frame: Frame) -> Prompt | None:
            fight = FightFrame(frame)
            fight.round += 1
            ...

A field read before it was written raises :class:`AttributeError` naming the field,
unless the field has a default (returned, not written). :class:`PieceView` reads a
piece's entry (``side``, ``at``, ``strength``, ``flags``, ``facing``, ``attrs``);
:class:`RecordsView` is the base of a game's typed view of ``state["records"]``, whose
visibility the manifest declares (so its fields are :class:`Field`, without one).
"""

from __future__ import annotations

import copy
from collections.abc import Mapping
from typing import Any, Generic, TypeVar, overload

from legatus.framework.engine.frames import PUBLIC, declare
from legatus.framework.engine.state import OFF_MAP, State, note_moved

T = TypeVar("T")
V = TypeVar("V", bound="DataView")

_MISSING: Any = object()


class DataView:
    """A typed view of one dictionary of the state (``data``), shared, never copied."""

    __slots__ = ("data",)

    def __init__(self, data: dict[str, Any]) -> None:
        self.data = data

    def __repr__(self) -> str:
        return f"{type(self).__name__}({self.data!r})"

    def __eq__(self, other: object) -> bool:
        return isinstance(other, DataView) and type(other) is type(self) and self.data == other.data

    __hash__ = None  # type: ignore[assignment]


class Field(Generic[T]):
    """One key of a viewed dictionary, read and written by attribute.

    ``default``: what a read returns while the key is absent (a copy of it for a list or
    dictionary; the key is not written). Without one, a read of an absent key raises
    :class:`AttributeError` naming it."""

    __slots__ = ("default", "key", "owner")

    def __init__(self, *, default: Any = _MISSING, key: str | None = None) -> None:
        self.default = default
        self.key = key or ""
        self.owner = ""

    def __set_name__(self, owner: type, name: str) -> None:
        self.key = self.key or name
        self.owner = owner.__name__

    @overload
    def __get__(self, view: None, owner: type | None = None) -> Field[T]: ...

    @overload
    def __get__(self, view: DataView, owner: type | None = None) -> T: ...

    def __get__(self, view: DataView | None, owner: type | None = None) -> Any:
        if view is None:
            return self
        try:
            return view.data[self.key]
        except KeyError:
            if self.default is _MISSING:
                raise AttributeError(
                    f"{self.owner}.{self.key} is read before it was written"
                ) from None
            default = self.default
            return copy.copy(default) if isinstance(default, list | dict) else default

    def __set__(self, view: DataView, value: T) -> None:
        view.data[self.key] = value

    def __delete__(self, view: DataView) -> None:
        view.data.pop(self.key, None)


class Slot(Field[T]):
    """A field of a procedure's frame, with who may see it (``PUBLIC``, ``PIECES``,
    ``OWNER``, ``BY_SIDE`` or ``HIDDEN``, :mod:`legatus.framework.engine.frames`)."""

    __slots__ = ("visibility",)

    def __init__(
        self, visibility: str = PUBLIC, *, default: Any = _MISSING, key: str | None = None
    ) -> None:
        super().__init__(default=default, key=key)
        declare(**{"field": visibility})  # refuses an unknown visibility at once
        self.visibility = visibility


class FrameView(DataView):
    """The base of a procedure's typed frame: its :class:`Slot` fields, each with its
    visibility; :meth:`declaration` is what the procedure declares as its ``fields``."""

    __slots__ = ()

    @classmethod
    def slots(cls) -> dict[str, Slot[Any]]:
        """Every field of the frame by key, the base classes' first."""
        return {key: f for key, f in fields_of(cls).items() if isinstance(f, Slot)}

    @classmethod
    def declaration(cls, **more: str) -> Mapping[str, str]:
        """The visibility of each field (``more``: fields kept untyped, by name)."""
        return declare(**{key: s.visibility for key, s in cls.slots().items()}, **more)

    def start(self, **values: Any) -> None:
        """Write several fields at once (the frame's start), each checked to be a field."""
        slots = self.slots()
        for key, value in values.items():
            if key not in slots:
                raise AttributeError(f"{type(self).__name__} has no field {key!r}")
            self.data[key] = value


class Placing(Field[T]):
    """A piece's place or side: a write is noted
    (:func:`~legatus.framework.engine.state.note_moved`), so that an index of where the
    pieces stand knows it must be checked again."""

    __slots__ = ()

    def __set__(self, view: DataView, value: T) -> None:
        view.data[self.key] = value
        note_moved()

    def __delete__(self, view: DataView) -> None:
        view.data.pop(self.key, None)
        note_moved()


class PieceView(DataView):
    """One piece's entry of ``state["pieces"]``: :func:`piece` makes it."""

    __slots__ = ()
    side = Placing[str]()
    at = Placing[str]()
    strength = Field[int]()
    flags = Field[list[str]]()
    facing = Field["str | None"](default=None)  # a hex side (N, NE, ...) on a hex map
    attrs = Field[dict[str, Any]](default={})

    @property
    def on_map(self) -> bool:
        """Whether the piece stands on the map (not in its pool, not out of play)."""
        return self.data["at"] not in OFF_MAP

    def has(self, flag: str) -> bool:
        return flag in self.data["flags"]

    def attr(self, name: str, default: Any = None) -> Any:
        """One of the piece's changing values (``attrs``), or ``default``."""
        return self.data.get("attrs", {}).get(name, default)

    def set_attr(self, name: str, value: Any) -> None:
        self.data.setdefault("attrs", {})[name] = value


def piece(state: State, pid: str) -> PieceView:
    """The typed view of piece ``pid`` of ``state``."""
    return PieceView(state["pieces"][pid])


class RecordsView(DataView):
    """The base of a game's typed view of ``state["records"]`` (:func:`records_of`): one
    :class:`Field` per record its manifest declares, typed as its schema says."""

    __slots__ = ()

    @classmethod
    def of(cls: type[V], state: State) -> V:
        return cls(state["records"])


def fields_of(view: type[DataView]) -> dict[str, Field[Any]]:
    """Every field of a view class by key."""
    found: dict[str, Field[Any]] = {}
    for klass in reversed(view.__mro__):
        for value in vars(klass).values():
            if isinstance(value, Field):
                found[value.key] = value
    return found


def undeclared_fields(view: type[RecordsView], declared: Mapping[str, Any]) -> list[str]:
    """The fields of a records view that name no record of the manifest (``declared``)."""
    return sorted(key for key in fields_of(view) if key not in declared)
