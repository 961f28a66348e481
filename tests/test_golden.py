"""Golden playthroughs: a fresh recording matches every file in tests/golden/.

After an intended change of behaviour, record them again with
``legatus golden --regenerate tests/golden/*.jsonl`` and review the diff.
"""

from __future__ import annotations

from pathlib import Path

import pytest

from legatus.framework.tools import golden

FILES = sorted((Path(__file__).parent / "golden").glob("*.jsonl"))


@pytest.mark.parametrize("path", FILES, ids=[p.stem for p in FILES])
def test_golden_playthrough_is_unchanged(path: Path) -> None:
    expected = golden.read(path)
    actual = golden.regenerate(expected[0])
    problems = list(golden.differences(expected, actual))
    assert not problems, f"{path.name}: {problems[0]}"


def test_golden_files_exist() -> None:
    assert any(p.name.startswith("demo_skirmish") for p in FILES)


def test_a_changed_line_is_reported(tmp_path: Path) -> None:
    lines = golden.record("demo_skirmish", seed=2)
    changed = [dict(line) for line in lines]
    changed[1]["action"] = "pass"
    assert next(golden.differences(lines, changed)).startswith("line 2 differs in action")
