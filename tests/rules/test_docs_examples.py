"""The rules-language examples in the documentation parse.

That each one is also right for its game (checked against the real game's names and
procedures, as a rules file or as a variant), and that the outputs the pages show are what
the commands print, is tested by ``tests/docs/test_every_example.py``.
"""

from __future__ import annotations

import re
from pathlib import Path

import pytest

from legatus.framework.rules.parser import parse

DOCS = Path(__file__).resolve().parents[2] / "docs"
PAGES = ["dsl.md", "variants.md"]
_BLOCK = re.compile(r"^```none\n(.*?)^```", re.S | re.M)


def examples() -> list[tuple[str, int, str]]:
    found = []
    for page in PAGES:
        text = (DOCS / page).read_text(encoding="utf-8")
        for number, match in enumerate(_BLOCK.finditer(text), start=1):
            found.append((page, number, match.group(1)))
    return found


def test_the_pages_have_examples() -> None:
    assert len([e for e in examples() if e[0] == "dsl.md"]) >= 10
    assert len([e for e in examples() if e[0] == "variants.md"]) >= 5


@pytest.mark.parametrize(
    ("page", "number", "text"), examples(), ids=[f"{p}#{n}" for p, n, _ in examples()]
)
def test_every_example_parses(page: str, number: int, text: str) -> None:
    parse(text, f"{page}#{number}")
