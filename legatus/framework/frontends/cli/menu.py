"""Choosing from a long list step by step: a kind of action, then its first argument (a
block, a group), then its last (a destination), then the choice itself.

A decision of Julius Caesar may offer 20 to 40 ``move(block, from, via, to)`` actions; read
as one numbered list they hide which block goes where. :func:`entries` folds a list of
actions into at most ``limit`` entries, level by level: all actions of one kind together,
then those of one first argument, then those of one last argument, then each action alone.
A level is unfolded only when every group of it fits the limit at once, so a page never
shows one block's moves in full beside another's folded. An entry of one action is a choice;
an entry of several opens a page of its own. The player still types any action's text, or
asks for the whole list (``all``).

>>> from legatus.framework.engine.actions import Action
>>> moves = [Action("move", (b, "Lugdunum", to)) for b in ("Legio 16", "Legio 8")
...          for to in ("Cenabum", "Genua", "Treviri")]
>>> [entry.label for entry in entries([Action("end_group"), *moves], limit=4)]
['end_group', 'move(Legio 8, …)', 'move(Legio 16, …)']
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

from legatus.framework.engine.actions import Action
from legatus.framework.engine.render import natural_key

#: The longest list of choices shown whole; a longer one is chosen from step by step.
LIMIT = 15
#: The levels a list is folded by (see the module).
LEVELS = ("kind", "first", "last", "action")


@dataclass(frozen=True)
class Entry:
    """One line of a page: a choice (one action) or a group of choices to open."""

    actions: tuple[Action, ...]
    #: How many levels the actions of a group share (0: the kind is not yet shared).
    depth: int

    @property
    def choice(self) -> Action | None:
        return self.actions[0] if len(self.actions) == 1 else None

    @property
    def label(self) -> str:
        """A choice's text, or what a group's actions share: ``move(Legio 16, …)``."""
        first = self.actions[0]
        if len(self.actions) == 1:
            return first.text
        if self.depth <= 1:
            return f"{first.kind}(…)" if first.args else first.kind
        head = Action(first.kind, first.args[:1]).text[:-1]
        if self.depth == 2 or len(first.args) < 2:
            return f"{head}, …)"
        return f"{head}, …, {Action(first.kind, first.args[-1:]).text[len(first.kind) + 1 :]}"


def key(action: Action, level: int) -> object:
    """What the actions of a group share at ``level`` (see :data:`LEVELS`)."""
    if level == 0:
        return action.kind
    if level == 1:
        return action.args[0] if action.args else ""
    if level == 2:
        return action.args[-1] if len(action.args) > 1 else ""
    return action.text


def _split(entry: Entry) -> list[Entry]:
    """A group one level further down (itself when that level does not tell them apart)."""
    parts: dict[object, list[Action]] = {}
    for action in entry.actions:
        parts.setdefault(key(action, entry.depth), []).append(action)
    return [Entry(tuple(actions), entry.depth + 1) for actions in parts.values()]


def entries(actions: Sequence[Action], limit: int = LIMIT, depth: int = 0) -> list[Entry]:
    """``actions`` folded into at most ``limit`` entries (or fewer when folding cannot tell
    them apart), in natural order of their labels (``Legio 8`` before ``Legio 12``)."""
    page = [Entry(tuple(sorted(actions, key=lambda a: natural_key(a.text))), depth)]
    while True:
        open_groups = [e for e in page if e.choice is None and e.depth < len(LEVELS)]
        if not open_groups:
            break
        unfolded: list[Entry] = []
        for entry in page:
            unfolded.extend(_split(entry) if entry in open_groups else [entry])
        if len(unfolded) > limit and len(page) > 1:
            break
        page = unfolded
    return sorted(page, key=lambda e: natural_key(e.label))


def flat(actions: Sequence[Action]) -> list[Action]:
    """Every action, in natural order (what ``all`` lists)."""
    return sorted(actions, key=lambda a: natural_key(a.text))


__all__ = ["LIMIT", "Entry", "entries", "flat", "key"]
