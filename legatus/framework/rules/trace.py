"""Counting which rules fired, whether they are written in the DSL or in Python.

Every clause of a rules file may cite its rulebook section (``@rule "JC 6.11"``)
and every Python procedure, query or effect is registered with one; helper
functions can cite theirs with :func:`cites`. While a :func:`tracing` block is
active, each of them records a firing, so a simulation can report how often
each rule was used::

    >>> with tracing() as trace:
    ...     fire("JC 7.31", "python")
    >>> trace.counts["JC 7.31"]
    1

Tracing is off (and costs one context-variable read) when nobody listens.
"""

from __future__ import annotations

import functools
from collections import Counter
from collections.abc import Callable, Iterator
from contextlib import contextmanager
from contextvars import ContextVar
from dataclasses import dataclass, field
from typing import ParamSpec, TypeVar

P = ParamSpec("P")
R = TypeVar("R")

#: Attribute under which a Python function carries the rule it implements.
RULE_ATTR = "__legatus_rule__"


@dataclass
class RuleTrace:
    """How often each rule fired; ``by_origin`` splits by "dsl" and "python"."""

    counts: Counter[str] = field(default_factory=Counter)
    by_origin: Counter[tuple[str, str]] = field(default_factory=Counter)

    def fire(self, rule: str, origin: str) -> None:
        self.counts[rule] += 1
        self.by_origin[(origin, rule)] += 1


_current: ContextVar[RuleTrace | None] = ContextVar("legatus_rule_trace", default=None)


def fire(rule: str | None, origin: str) -> None:
    """Record that ``rule`` fired, if a trace is active and a rule is cited."""
    trace = _current.get()
    if trace is not None and rule:
        trace.fire(rule, origin)


@contextmanager
def tracing() -> Iterator[RuleTrace]:
    """Collect rule firings for the duration of the block (nests; inner wins)."""
    trace = RuleTrace()
    token = _current.set(trace)
    try:
        yield trace
    finally:
        _current.reset(token)


@contextmanager
def collecting() -> Iterator[RuleTrace]:
    """Collect the firings of the block, then pass them on to the enclosing trace, if any.

    For a caller that keeps its own counts (the engine counts the table rolls
    of ``Context.roll_on`` in the game's counter) without hiding them from an
    enclosing :func:`tracing` block.
    """
    outer = _current.get()
    with tracing() as trace:
        yield trace
    if outer is not None:
        outer.counts.update(trace.counts)
        outer.by_origin.update(trace.by_origin)


def cites(rule: str) -> Callable[[Callable[P, R]], Callable[P, R]]:
    """Mark a Python function as implementing ``rule``; each call then fires it.

    For helpers the engine calls directly; registered procedures, queries and
    effects get the same through their registration.
    """

    def decorate(function: Callable[P, R]) -> Callable[P, R]:
        @functools.wraps(function)
        def wrapper(*args: P.args, **kwargs: P.kwargs) -> R:
            fire(rule, "python")
            return function(*args, **kwargs)

        setattr(wrapper, RULE_ATTR, rule)
        return wrapper

    return decorate


def rule_of(function: object) -> str | None:
    """The rule a function cites, if any."""
    rule = getattr(function, RULE_ATTR, None)
    return rule if isinstance(rule, str) else None
