"""The framework's generic built-ins, registered like any plugin's queries.

These know no game: small arithmetic helpers and list sizes. Comprehensions
(``count(b for b in blocks if ...)``, ``sum``, ``any``, ``all``, ``min``,
``max``) are part of the language itself; see :data:`COMPREHENSIONS`.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import TYPE_CHECKING, Any

if TYPE_CHECKING:
    from framework.rules.registry import RuleRegistry

#: Comprehension functions: name -> (element type required, result type).
#: ``None`` as the element type means any element; "same" means the element's type.
COMPREHENSIONS: dict[str, tuple[str | None, str]] = {
    "count": (None, "int"),
    "sum": ("int", "int"),
    "any": ("bool", "bool"),
    "all": ("bool", "bool"),
    "min": ("int", "int"),
    "max": ("int", "int"),
}


def _abs(state: Any, x: int) -> int:
    """The absolute value of x."""
    return abs(x)


def _min(state: Any, a: int, b: int) -> int:
    """The smaller of a and b."""
    return min(a, b)


def _max(state: Any, a: int, b: int) -> int:
    """The larger of a and b."""
    return max(a, b)


def _count(state: Any, items: Sequence[Any]) -> int:
    """How many items a list has."""
    return len(items)


def _clamp(state: Any, x: int, low: int, high: int) -> int:
    """x limited to low..high (e.g. a modified die roll, GBoJC 2.2)."""
    return max(low, min(high, x))


def register_builtins(registry: RuleRegistry) -> None:
    registry.add_query("abs", _abs, returns="int", params={"x": "int"})
    registry.add_query("min", _min, returns="int", params={"a": "int", "b": "int"})
    registry.add_query("max", _max, returns="int", params={"a": "int", "b": "int"})
    registry.add_query("count", _count, returns="int", params={"items": "list[any]"})
    registry.add_query(
        "clamp", _clamp, returns="int", params={"x": "int", "low": "int", "high": "int"}
    )
