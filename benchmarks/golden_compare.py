"""Compare golden playthroughs between a commit and the working tree, field by field.

Used when a change is meant to alter only some fields of the golden files (say, the
view and state hashes after a change of the state's layout): it prints, for each
file, how many decision lines differ in each field, so a reviewer sees at a glance
that legal actions, action texts and log lines are unchanged.

    python benchmarks/golden_compare.py --before HEAD tests/golden/*.jsonl
"""

from __future__ import annotations

import argparse
import json
import subprocess
import sys
from collections import Counter
from pathlib import Path


def lines_at(revision: str, path: Path) -> list[dict[str, object]]:
    text = subprocess.run(
        ["git", "show", f"{revision}:{path.as_posix()}"],
        check=True,
        capture_output=True,
        text=True,
    ).stdout
    return [json.loads(line) for line in text.splitlines() if line.strip()]


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--before", default="HEAD", help="the git revision to compare with")
    parser.add_argument("files", nargs="+", type=Path)
    args = parser.parse_args()
    for path in args.files:
        before = lines_at(args.before, path)
        after = [json.loads(line) for line in path.read_text("utf-8").splitlines() if line]
        changed: Counter[str] = Counter()
        for old, new in zip(before, after, strict=False):
            for key in set(old) | set(new):
                if old.get(key) != new.get(key):
                    changed[key] += 1
        summary = ", ".join(f"{key} {count}" for key, count in sorted(changed.items()))
        print(
            f"{path.name}: {len(before)} -> {len(after)} lines; "
            f"lines differing by field: {summary or 'none'}"
        )
    return 0


if __name__ == "__main__":
    sys.exit(main())
