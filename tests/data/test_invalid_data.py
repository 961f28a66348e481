"""Every invalid-data case reports exactly the expected problems.

Each folder under ``tests/invalid_data/`` holds files that replace those of a
copy of the demo game, and ``expected.txt`` with the exact problems, one per
line, as ``file:LINE $.json.path: message``.
"""

from __future__ import annotations

import shutil
from pathlib import Path

import pytest

from legatus.framework.model.errors import DataError
from legatus.framework.model.loader import load_game

CASES = Path(__file__).parent.parent / "invalid_data"
CASE_NAMES = sorted(p.name for p in CASES.iterdir() if p.is_dir())


@pytest.mark.parametrize("case", CASE_NAMES)
def test_invalid_case_reports_exact_problems(case: str, demo_game: Path) -> None:
    case_dir = CASES / case
    for source in case_dir.rglob("*"):
        if source.is_file() and source.name != "expected.txt":
            target = demo_game / source.relative_to(case_dir)
            target.parent.mkdir(parents=True, exist_ok=True)
            shutil.copyfile(source, target)
    expected = (case_dir / "expected.txt").read_text("utf-8").strip().splitlines()
    with pytest.raises(DataError) as caught:
        load_game(demo_game)
    assert [str(p) for p in caught.value.problems] == expected


def test_there_are_enough_cases() -> None:
    assert len(CASE_NAMES) >= 8
