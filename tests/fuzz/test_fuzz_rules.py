"""Fuzzing the rules and variant checker with the real Julius Caesar game behind it.

``tests/rules/test_fuzz.py`` fuzzes the parser against a fake game. Here the
whole pipeline runs against the real one: the game's symbols (its 76 spaces,
63 blocks, cards, sides) and the registry its plugin fills, with mutations of
``legatus/games/julius_caesar/data/rules/julius_caesar.rules`` and of every variant in
``legatus/games/julius_caesar/data/variants/``. Most mutations keep the text
parseable (a name swapped for another name of the game, a number or a quoted
string replaced, a line repeated or moved) so that the checker, not only the
parser, sees the damage (DESIGN: DSL checker, STYLE 7: every error with
``file:line:col``).

The promise: parsing, checking and compiling either succeed or raise
:class:`~legatus.framework.model.errors.RulesError` / :class:`~legatus.framework.model.errors.RulesErrors`
whose every error has a 1-based line and column; a file that parses survives a
format-and-parse round trip; nothing hangs.

Run long: ``python -m pytest tests/fuzz/test_fuzz_rules.py --hypothesis-profile=long``
(see ``tests/fuzz/conftest.py``).
"""

from __future__ import annotations

import re
from pathlib import Path

import pytest
from hypothesis import event, given
from hypothesis import strategies as st

from legatus.framework.model.errors import RulesError, RulesErrors
from legatus.framework.play.catalog import default_catalog
from legatus.framework.rules import ast
from legatus.framework.rules.formatter import format_file
from legatus.framework.rules.loading import compile_rules, with_variant
from legatus.framework.rules.parser import parse
from tests.fuzz.support import assert_positioned_rules_error, budget, time_limit

ROOT = Path(__file__).resolve().parents[2]
DATA = ROOT / "legatus" / "games" / "julius_caesar" / "data"
RULES_FILE = DATA / "rules" / "julius_caesar.rules"
SOURCES = [
    (path.relative_to(ROOT).as_posix(), path.read_text(encoding="utf-8"))
    for path in [RULES_FILE, *sorted((DATA / "variants").glob("*.variant"))]
]

GAME = default_catalog().rules("julius_caesar")
SYMBOLS = GAME.symbols
REGISTRY = GAME.registry
BASE = GAME.load()

_IDENT = re.compile(r"[A-Za-z_][A-Za-z0-9_]*(?:\.[A-Za-z_][A-Za-z0-9_]*)*")
_NUMBER = re.compile(r"\b\d+\b")
_STRING = re.compile(r'"[^"\n]*"')
_TOKEN = re.compile(r"[A-Za-z_][\w.]*|\d+|\.\.|[=<>!]=|->|\S")

#: Every identifier of the game's rules and variants, and the names the checker resolves.
IDENTIFIERS = sorted(
    {m.group() for _, text in SOURCES for m in _IDENT.finditer(text)}
    | set(REGISTRY.names())
    | {name for names in SYMBOLS.values() for name in names if name.isidentifier()}
    | {"int", "bool", "str", "side", "space", "piece", "card", "list", "x", "y_", "_"}
)
#: Quoted names: the game's spaces, cards and blocks (most contain blanks), and awkward text.
STRINGS = sorted(
    {f'"{name}"' for names in SYMBOLS.values() for name in names}
    | {m.group() for _, text in SOURCES for m in _STRING.finditer(text)}
    | {'""', '"\\"', '"\\n"', '"é\u2028"', '"' + "x" * 3000 + '"', '"unterminated'}
)
NUMBERS = ("0", "1", "-1", "2", "13", "99", "999999999", "9" * 10, "9" * 5000, "1..0", "10..1")
TOKENS = [
    *sorted({m.group() for _, text in SOURCES for m in _TOKEN.finditer(text)}),
    "\n",
    "\n  ",
    "\n    ",
    "\t",
    "  ",
    "#",
    "@rule ",
    "é",
    "\\",
    "'",
    "&&",
    "\x00",
    "\ufeff",
    "(" * 200,
    "not " * 200,
    "-" * 300,
]


def _replace_one(pattern: re.Pattern[str], line: str, new: str, pick: int) -> str:
    """``line`` with the ``pick``-th match of ``pattern`` outside quotes and comments replaced."""
    code = line.split("#", 1)[0] if pattern is not _STRING else line
    quoted = [m.span() for m in _STRING.finditer(code)] if pattern is not _STRING else []
    matches = [
        m
        for m in pattern.finditer(code)
        if not any(start <= m.start() < end for start, end in quoted)
    ]
    if not matches:
        return line
    match = matches[pick % len(matches)]
    return line[: match.start()] + new + line[match.end() :]


@st.composite
def mutated_source(draw: st.DrawFn) -> tuple[str, str]:
    """A real rules or variant file with one to four edits."""
    name, text = draw(st.sampled_from(SOURCES[:1]) | st.sampled_from(SOURCES[1:]))
    for _ in range(draw(st.integers(1, 4))):
        lines = text.splitlines(keepends=True) or [""]
        code = [
            n for n, line in enumerate(lines) if line.strip() and not line.lstrip().startswith("#")
        ]
        i = draw(st.sampled_from(code or [0]))
        j = draw(st.integers(0, len(lines) - 1))
        pick = draw(st.integers(0, 20))
        kind = draw(
            st.sampled_from(
                [
                    "identifier",
                    "identifier",
                    "identifier",
                    "number",
                    "string",
                    "string",
                    "delete_line",
                    "repeat_line",
                    "swap_lines",
                    "move_line",
                    "indent",
                    "dedent",
                    "insert_token",
                    "delete_chars",
                    "truncate",
                ]
            )
        )
        if kind == "identifier":
            lines[i] = _replace_one(_IDENT, lines[i], draw(st.sampled_from(IDENTIFIERS)), pick)
        elif kind == "number":
            lines[i] = _replace_one(_NUMBER, lines[i], draw(st.sampled_from(NUMBERS)), pick)
        elif kind == "string":
            lines[i] = _replace_one(_STRING, lines[i], draw(st.sampled_from(STRINGS)), pick)
        elif kind == "delete_line":
            del lines[i]
        elif kind == "repeat_line":
            lines.insert(i, lines[i])
        elif kind == "swap_lines":
            lines[i], lines[j] = lines[j], lines[i]
        elif kind == "move_line":
            lines.insert(j, lines.pop(i))
        elif kind == "indent":
            lines[i] = draw(st.sampled_from([" ", "  ", "    ", "\t"])) + lines[i]
        elif kind == "dedent":
            lines[i] = lines[i].lstrip(" ")
        elif kind == "insert_token":
            at = draw(st.integers(0, len(lines[i])))
            token = draw(st.sampled_from(TOKENS) | st.text(max_size=4))
            lines[i] = lines[i][:at] + token + lines[i][at:]
        elif kind == "delete_chars" and lines[i]:
            at = draw(st.integers(0, len(lines[i]) - 1))
            lines[i] = lines[i][:at] + lines[i][at + draw(st.integers(1, 12)) :]
        elif kind == "truncate":
            whole = "".join(lines)
            lines = [whole[: draw(st.integers(0, len(whole)))]]
        text = "".join(lines)
    return name, text


def check_only_documented(name: str, text: str) -> None:
    """Parse, round-trip, check and compile ``text``; only positioned rules errors escape."""
    with time_limit(f"checking a mutated {name}"):
        try:
            node = parse(text, name)
        except RulesError as error:
            assert_positioned_rules_error(error)
            event("syntax error")
            return
        assert parse(format_file(node), name) == node
        try:
            if isinstance(node, ast.RulesFile):
                compile_rules([node], SYMBOLS, REGISTRY)
            else:
                with_variant(BASE, node, SYMBOLS, REGISTRY)
        except (RulesError, RulesErrors) as error:
            assert_positioned_rules_error(error)
            event("checker error")
            return
        event("accepted")


def test_the_real_rules_and_variants_check_cleanly() -> None:
    """The fuzzer's starting points are sound, so every error it sees comes from a mutation."""
    for name, text in SOURCES:
        node = parse(text, name)
        if isinstance(node, ast.RulesFile):
            assert compile_rules([node], SYMBOLS, REGISTRY).game == "julius_caesar"
        else:
            assert with_variant(BASE, node, SYMBOLS, REGISTRY).game == "julius_caesar"


@pytest.mark.slow  # 150 mutated files parsed, printed, parsed again and checked: a long check
@budget(150)
@given(mutated_source())
def test_mutated_rules_and_variants_raise_only_positioned_errors(case: tuple[str, str]) -> None:
    check_only_documented(*case)


@budget(60)
@given(
    st.sampled_from([n for n, _ in SOURCES if n.endswith(".variant")]),
    st.lists(st.sampled_from(TOKENS + IDENTIFIERS + STRINGS), max_size=40).map("".join),
)
def test_variant_token_soup_checked_against_the_real_game(name: str, soup: str) -> None:
    """A variant header the parser accepts, then anything: the checker sees the body."""
    check_only_documented(name, 'variant fuzz of julius_caesar "Fuzz"\n' + soup)
