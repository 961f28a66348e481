"""Common mistakes are named in plain words, wherever in a file they happen."""

from __future__ import annotations

import pytest

from legatus.framework.model.errors import RulesError
from legatus.framework.rules.mistakes import COMMON_MISTAKES, Mistake
from legatus.framework.rules.parser import parse

EXAMPLES = [
    (mistake, example) for mistake, examples in COMMON_MISTAKES.items() for example in examples
]


@pytest.mark.parametrize(("mistake", "example"), EXAMPLES, ids=[repr(e) for _, e in EXAMPLES])
def test_each_example_is_recognised_as_its_mistake(mistake: Mistake, example: str) -> None:
    with pytest.raises(RulesError) as raised:
        parse(example, "example.rules")
    assert raised.value.message.endswith(": " + mistake.message)
    assert raised.value.hint == mistake.hint


def test_a_mistake_is_recognised_at_another_nesting_depth() -> None:
    """The examples have the phase at depth 1; here it is inside a repeat and a phase."""
    text = "game g\nsequence:\n  repeat y in 1..2:\n    phase a:\n      phase winter\n"
    with pytest.raises(RulesError) as raised:
        parse(text + "        step x\n", "deep.rules")
    assert str(raised.value) == (
        "deep.rules:5:19: unexpected end of line: a block header must end with ':'\n"
        "          phase winter\n"
        "                      ^\n"
        "  hint: e.g. 'phase winter:' followed by indented lines"
    )


def test_an_unrecognised_error_lists_what_was_expected() -> None:
    with pytest.raises(RulesError) as raised:
        parse("victory v:\n  most\n", "v.rules")
    assert raised.value.message == "unexpected end of line"
    assert raised.value.hint is not None
    assert raised.value.hint.startswith("expected one of: ")
    assert "a name" in raised.value.hint and "a number" in raised.value.hint


def test_single_quotes_are_explained() -> None:
    with pytest.raises(RulesError) as raised:
        parse("sequence:\n  step a(city: 'Roma')\n", "q.rules")
    assert raised.value.message == 'unexpected character "\'": texts are written in double quotes'
