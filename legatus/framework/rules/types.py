"""The closed set of value types the rules language knows.

A type is written as text, the same way in a ``.rules`` file and in a Python
registration: ``int``, ``bool``, ``str``, one of the game-name types such as
``space`` or ``piece``, or ``list[T]``. Keeping them as canonical strings makes
them printable in error messages and trivially hashable.

Values of the game-name types are the ids the game's data files use (strings),
so rules values stay JSON-compatible like the game state.
"""

from __future__ import annotations

#: Types whose values are names from the game's data. A string literal given
#: where one of these is expected is resolved against the loaded game's
#: symbols of the same category (see ``GameDef.symbols()``).
SYMBOL_TYPES: frozenset[str] = frozenset(
    {
        "side",
        "space",
        "space_kind",
        "space_category",
        "connection_kind",
        "piece",
        "piece_type",
        "card",
        "card_kind",
        "scenario",
    }
)

#: Types with no symbol category: plain values, and run-time things the game
#: state knows (a group of pieces, a hex) but the data files do not list.
PLAIN_TYPES: frozenset[str] = frozenset({"int", "bool", "str", "group", "hex", "any"})

SCALAR_TYPES: frozenset[str] = SYMBOL_TYPES | PLAIN_TYPES

#: What iterating over a value of a non-list type yields.
ITERABLE_ITEMS: dict[str, str] = {"group": "piece"}


class TypeSyntaxError(ValueError):
    """A type written wrongly; callers turn it into a positioned error."""


def parse_type(text: str) -> str:
    """The canonical spelling of a type, or :class:`TypeSyntaxError`.

    >>> parse_type("list[ piece ]")
    'list[piece]'
    """
    compact = "".join(text.split())
    if compact.startswith("list[") and compact.endswith("]"):
        return f"list[{parse_type(compact[5:-1])}]"
    if compact in SCALAR_TYPES:
        return compact
    raise TypeSyntaxError(f"unknown type {text!r}")


def is_list(type_: str) -> bool:
    return type_.startswith("list[")


def list_of(item: str) -> str:
    return f"list[{item}]"


def item_type(type_: str) -> str | None:
    """The type of the items of an iterable type, or None if it is not iterable."""
    if is_list(type_):
        return type_[5:-1]
    return ITERABLE_ITEMS.get(type_)


def assignable(actual: str, expected: str) -> bool:
    """Whether a value of type ``actual`` may be given where ``expected`` is wanted.

    ``any`` matches everything (built-ins such as ``count`` take any list);
    lists are covariant in their item type, which is safe because rules never
    write into lists.
    """
    if actual == expected or expected == "any" or actual == "any":
        return True
    if is_list(actual) and is_list(expected):
        return assignable(actual[5:-1], expected[5:-1])
    return False


def known_types() -> list[str]:
    """Every scalar type name, for "did you mean" hints."""
    return [*sorted(SCALAR_TYPES - {"any"}), "list"]
