"""The framework's generic built-ins, registered like any plugin's queries.

These know no game: small arithmetic helpers and list sizes. Like every
registered function they are called with the engine's context first (which
they ignore) and their arguments by name. Comprehensions
(``count(b for b in blocks if ...)``, ``sum``, ``any``, ``all``, ``min``,
``max``) are part of the language itself; see :data:`COMPREHENSIONS`.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from typing import Any

#: Comprehension functions: name -> (element type required, result type).
#: ``None`` as the element type means any element; a result of "list" is a list of the
#: elements' type (``list(b for b in blocks if strength(b) > 1)`` is a ``list[piece]``).
COMPREHENSIONS: dict[str, tuple[str | None, str]] = {
    "list": (None, "list"),
    "count": (None, "int"),
    "sum": ("int", "int"),
    "any": ("bool", "bool"),
    "all": ("bool", "bool"),
    "min": ("int", "int"),
    "max": ("int", "int"),
}


def _abs(ctx: Any, x: int) -> int:
    """The absolute value of x."""
    return abs(x)


def _min(ctx: Any, a: int, b: int) -> int:
    """The smaller of a and b."""
    return min(a, b)


def _max(ctx: Any, a: int, b: int) -> int:
    """The larger of a and b."""
    return max(a, b)


def _count(ctx: Any, items: Sequence[Any]) -> int:
    """How many items a list has."""
    return len(items)


def _clamp(ctx: Any, x: int, low: int, high: int) -> int:
    """x limited to low..high (e.g. a modified die roll, GBoJC 2.2)."""
    return max(low, min(high, x))


#: Every built-in query: name -> (function, parameter types, result type).
#: The registry registers them when it is made (:class:`legatus.framework.rules.registry.RuleRegistry`).
BUILTIN_QUERIES: dict[str, tuple[Callable[..., Any], dict[str, str], str]] = {
    "abs": (_abs, {"x": "int"}, "int"),
    "min": (_min, {"a": "int", "b": "int"}, "int"),
    "max": (_max, {"a": "int", "b": "int"}, "int"),
    "count": (_count, {"items": "list[any]"}, "int"),
    "clamp": (_clamp, {"x": "int", "low": "int", "high": "int"}, "int"),
}
