"""Problems found by the checker, and their conversion to positioned RulesErrors.

Checking code reports :class:`Problem` values (a span, a message, a hint)
without caring about source text; :func:`to_errors` adds the source line for
the caret once, at the end, from the texts of the files involved.
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping
from dataclasses import dataclass

from legatus.framework.model.errors import RulesError, SourceSpan
from legatus.framework.model.names import suggest


@dataclass(frozen=True)
class Problem:
    span: SourceSpan
    message: str
    hint: str | None = None


#: Beyond this many known names, no suggestion is computed (it would cost too much).
MAX_CANDIDATES = 2000


def did_you_mean(name: str, known: Iterable[str]) -> str | None:
    """``did you mean 'X'?`` for the closest known name, or None."""
    candidates = [k for k in known if k != name]
    if len(candidates) > MAX_CANDIDATES:
        return None
    match = suggest(name, candidates)
    return f"did you mean {match!r}?" if match else None


def to_errors(problems: Iterable[Problem], sources: Mapping[str, str]) -> list[RulesError]:
    """Positioned errors in file and source order, duplicates removed."""
    lines_by_file = {file: text.splitlines() for file, text in sources.items()}
    seen: set[tuple[str, int, int, str]] = set()
    errors = []
    for problem in sorted(
        problems, key=lambda p: (p.span.file, p.span.line, p.span.column, p.message)
    ):
        key = (problem.span.file, problem.span.line, problem.span.column, problem.message)
        if key in seen:
            continue
        seen.add(key)
        lines = lines_by_file.get(problem.span.file, [])
        line = lines[problem.span.line - 1] if 0 < problem.span.line <= len(lines) else None
        errors.append(
            RulesError(problem.span, problem.message, source_line=line, hint=problem.hint)
        )
    return errors
