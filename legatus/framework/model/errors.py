"""One error hierarchy for Legatus.

Every error a user can cause carries its location: data errors name the file,
the line and the JSON path inside the document; rules errors name the file,
line and column; an illegal action names the prompt and the legal choices.
All of them derive from :class:`LegatusError`, which derives from
:class:`ValueError`.

Not every :class:`LegatusError` is the user's: a fault found in a game's own
rules or plugin while a game runs (a procedure that offers no legal action, a
sequence that names an unregistered procedure) is an
:class:`~legatus.framework.engine.core.EngineError`, a game that does not end
within its bound a :class:`~legatus.framework.play.driver.GameTooLong`; the
command line reports either in one line as it does bad input, and
``legatus check-game`` counts them as the game's faults. Dice a test forced
that do not fit the game's rolls are an :class:`AssertionError` instead
(:class:`~legatus.framework.engine.dice.DiceError`): the test is wrong.
"""

from __future__ import annotations

from collections.abc import Iterable, Iterator, Sequence
from dataclasses import dataclass
from pathlib import Path


class LegatusError(ValueError):
    """Base class of every error Legatus raises itself: bad input (data, rules, variants,
    saves, positions, actions, command-line arguments) and faults found in a game's rules
    or plugin while it runs."""


#: Characters never echoed as they are: they could move the cursor, clear the screen, ring
#: the bell, start a new line, or turn the text around (the Unicode bidirectional controls).
_BIDI = frozenset("\u061c\u200e\u200f\u202a\u202b\u202c\u202d\u202e\u2066\u2067\u2068\u2069")


def printable(text: str, keep: str = "") -> str:
    """``text`` safe to print: control characters (escape codes, carriage returns, line
    breaks, C1 codes, except those in ``keep``), bidirectional controls and line and
    paragraph separators shown as Python escapes (``\\x1b``, ``\\u202e``), so a file name or
    a line of a variant file cannot clear the screen or rewrite what the reader sees."""
    out = []
    for char in text:
        code = ord(char)
        if char in keep or not (
            code < 0x20 or 0x7F <= code <= 0x9F or char in _BIDI or char in "\u2028\u2029"
        ):
            out.append(char)
        elif code <= 0xFF:
            out.append(f"\\x{code:02x}")
        else:
            out.append(f"\\u{code:04x}")
    return "".join(out)


@dataclass(frozen=True)
class DataProblem:
    """One problem found in a data file.

    ``path`` is a JSON path into the document (``$.spaces[3].kind``); ``line``
    is 1-based, or 0 when the problem concerns the file as a whole.
    """

    file: str
    line: int
    path: str
    message: str

    def __str__(self) -> str:
        where = f"{self.file}:{self.line}" if self.line else self.file
        return f"{where} {self.path}: {self.message}"

    def as_dict(self) -> dict[str, object]:
        return {"file": self.file, "line": self.line, "path": self.path, "message": self.message}


class DataError(LegatusError):
    """One or more problems in a game's data files.

    The loader collects every problem it can find before raising, so that an
    author sees all of them at once rather than one per run.
    """

    def __init__(self, problems: Iterable[DataProblem]) -> None:
        self.problems: tuple[DataProblem, ...] = tuple(problems)
        if not self.problems:
            raise ValueError("DataError needs at least one problem")
        super().__init__("\n".join(str(p) for p in self.problems))

    def __iter__(self) -> Iterator[DataProblem]:
        return iter(self.problems)

    @classmethod
    def single(cls, file: str | Path, line: int, path: str, message: str) -> DataError:
        return cls([DataProblem(str(file), line, path, message)])


@dataclass(frozen=True)
class SourceSpan:
    """A position in a text file: 1-based line and column."""

    file: str
    line: int
    column: int
    end_line: int = 0
    end_column: int = 0

    def __str__(self) -> str:
        return f"{self.file}:{self.line}:{self.column}"


class RulesError(LegatusError):
    """A problem in a ``.rules`` or variant file, at a known position.

    The message shows ``file:line:col: message``, then the offending source
    line with a caret under the column, then an optional hint such as a
    "did you mean" suggestion.
    """

    def __init__(
        self,
        span: SourceSpan,
        message: str,
        *,
        source_line: str | None = None,
        hint: str | None = None,
    ) -> None:
        self.span = span
        self.message = message
        self.source_line = source_line
        self.hint = hint
        super().__init__(self.render())

    def render(self) -> str:
        """The message, the source line and its caret, the hint; every part through
        :func:`printable` (a tab kept), the caret under the column of the escaped line."""
        text = f"{printable(str(self.span))}: {printable(self.message)}"
        if self.source_line is not None:
            line = self.source_line.rstrip()
            before = printable(line[: max(self.span.column - 1, 0)], keep="\t")
            caret = "".join(c if c == "\t" else " " for c in before) + "^"
            text += f"\n    {printable(line, keep=chr(9))}\n    {caret}"
        if self.hint:
            text += f"\n  hint: {printable(self.hint)}"
        return text


class RulesErrors(LegatusError):
    """Every problem the rules checker found, in source order."""

    def __init__(self, errors: Sequence[RulesError]) -> None:
        self.errors: tuple[RulesError, ...] = tuple(errors)
        super().__init__("\n".join(e.render() for e in self.errors))


class IllegalActionError(LegatusError):
    """An action that is not among the legal actions of the current prompt.

    The state is left unchanged; the message names the prompt and lists the
    legal choices.
    """

    def __init__(
        self, action: object, prompt: str, legal: Sequence[object], reason: str = ""
    ) -> None:
        self.action = action
        self.prompt = prompt
        self.legal = tuple(legal)
        self.reason = reason
        shown = ", ".join(str(a) for a in self.legal[:20])
        more = f" (and {len(self.legal) - 20} more)" if len(self.legal) > 20 else ""
        why = f" ({reason})" if reason else ""
        super().__init__(
            f"illegal action {action!s} at prompt {prompt!r}{why}; legal: {shown}{more}"
        )


class SaveError(LegatusError):
    """A save file that cannot be loaded: truncated, edited, corrupt or diverging."""


class PluginError(LegatusError):
    """A plugin that could not be loaded or registered; names the plugin."""

    def __init__(self, plugin: str, reason: str) -> None:
        self.plugin = plugin
        self.reason = reason
        super().__init__(f"plugin {plugin!r}: {reason}")
