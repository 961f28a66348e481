"""``benchmarks/reference_js.py`` without the JavaScript reference: one line, exit status 2
(the reference is not part of Legatus; the comparison itself needs it and is no test)."""

from __future__ import annotations

import subprocess
import sys
from pathlib import Path

SCRIPT = Path(__file__).resolve().parents[1] / "benchmarks" / "reference_js.py"


def test_a_missing_reference_is_named_in_one_line_with_exit_status_2(tmp_path: Path) -> None:
    (tmp_path / "rules.js").write_text("// not the reference\n", "utf-8")
    done = subprocess.run(
        [sys.executable, str(SCRIPT), "--reference", str(tmp_path)],
        capture_output=True,
        text=True,
        timeout=120,
    )
    assert done.returncode == 2
    assert done.stdout == ""
    assert done.stderr.splitlines() == [
        f"reference_js: no JavaScript reference in {tmp_path} (missing data.js); "
        "see docs/engine.md, 'The JavaScript reference'"
    ]
