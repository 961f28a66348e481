"""The rules-language examples in the documentation parse, and the ones that claim output produce it."""

from __future__ import annotations

import re
from pathlib import Path

import pytest

from framework.errors import RulesErrors
from framework.rules import ast
from framework.rules.loading import compile_rules
from framework.rules.parser import parse

from .static import JC_SYMBOLS, jc_registry

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


def test_the_first_example_checks_clean_and_the_shown_typo_is_caught() -> None:
    text = examples()[0][2]
    node = parse(text, "julius_caesar.rules")
    assert isinstance(node, ast.RulesFile)
    compile_rules([node], JC_SYMBOLS, jc_registry())
    typo = parse(text.replace('"Roma"', '"Rome"'), "julius_caesar.rules")
    assert isinstance(typo, ast.RulesFile)
    with pytest.raises(RulesErrors) as raised:
        compile_rules([typo], JC_SYMBOLS, jc_registry())
    shown = (DOCS / "dsl.md").read_text(encoding="utf-8").split("```text\n", 1)[1].split("```")[0]
    assert str(raised.value) + "\n" == shown
