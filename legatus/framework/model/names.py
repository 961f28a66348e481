"""Name lookup helpers shared by the loader, the board and the rules checker."""

from __future__ import annotations

import difflib
from collections.abc import Iterable


def suggest(name: str, known: Iterable[str], *, cutoff: float = 0.6) -> str | None:
    """The known name closest to ``name``, if one is close enough."""
    candidates = list(known)
    matches = difflib.get_close_matches(name, candidates, n=1, cutoff=cutoff)
    if matches:
        return matches[0]
    lowered = {c.lower(): c for c in candidates}
    return lowered.get(name.lower())


def did_you_mean(name: str, known: Iterable[str]) -> str:
    """``"; did you mean 'X'?"`` or an empty string."""
    match = suggest(name, known)
    return f"; did you mean {match!r}?" if match else ""


def article(noun: str) -> str:
    """``"a legio"``, ``"an infantry"``: the noun with its indefinite article."""
    return f"{'an' if noun[:1].lower() in 'aeiou' else 'a'} {noun}"
