"""Draw the figures of "Julius Caesar's 705 scenario between MCTS players" (docs/workbench.md)
from the counts in that section's two tables, with the reports' own figure code.

    python benchmarks/workbench_705_figures.py

writes ``docs/images/workbench-705-win-rates.svg``, ``-changes.svg`` and ``-handicap.svg``.
The study's and the search's results files were not kept, so the figures are drawn from
what the tables give: each rule set's wins, each pairing's discordant seeds (from which
Newcombe's paired interval follows), each handicap value's wins. The docs tests check the
files are what this script draws now.
"""

from __future__ import annotations

import sys
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))

from legatus.framework.tools.simulate import figures as draw  # noqa: E402
from legatus.framework.tools.simulate.stats import newcombe_paired, wilson  # noqa: E402
from legatus.framework.tools.simulate.svg import standalone  # noqa: E402

PAGE = ROOT / "docs" / "workbench.md"
SIDES = ["caesar", "pompey"]


def _rows(text: str, header_start: str) -> list[list[str]]:
    lines = text.splitlines()
    start = next(i for i, line in enumerate(lines) if line.startswith(header_start))
    found = []
    for line in lines[start + 2 :]:
        if not line.startswith("|"):
            break
        found.append([cell.strip().strip("*`") for cell in line.strip("|").split("|")])
    return found


def _rate(wins: int, games: int) -> dict[str, Any]:
    return {"wins": wins, "win_rate": wins / games, "ci95": list(wilson(wins, games))}


def study(text: str) -> dict[str, Any]:
    """The parts of the study's document its figures read."""
    table = _rows(text, "| rule set | Caesar won | Pompey won | seeds Pompey won only")
    games = 20
    base_pompey = int(table[0][2].split()[0])
    base = {
        "name": "base rules",
        "summary": {"sides": {"caesar": _rate(games - base_pompey, games),
                              "pompey": _rate(base_pompey, games)}},
    }  # fmt: skip
    variants = []
    for name, caesar, pompey, discordant, _, _ in table[1:]:
        only_variant, only_base = (int(n) for n in discordant.split("/"))
        both = int(pompey) - only_variant
        neither = games - both - only_variant - only_base
        lo, hi = newcombe_paired(both, only_variant, only_base, neither)
        change = (only_variant - only_base) / games
        variants.append(
            {
                "name": name,
                "summary": {"sides": {"caesar": _rate(int(caesar), games),
                                      "pompey": _rate(int(pompey), games)}},
                "comparison": {"sides": {
                    "pompey": {"change": change, "ci95": [lo, hi]},
                    # Two sides, no draws: Caesar's change is Pompey's, mirrored.
                    "caesar": {"change": -change, "ci95": [-hi, -lo]},
                }},
            }
        )  # fmt: skip
    return {"sides": SIDES, "base": base, "variants": variants}


def search(text: str) -> dict[str, Any]:
    """The parts of the balance search's document its curve reads."""
    points = []
    for value, games, caesar, pompey, _, _, _ in _rows(text, "| Caesar's extra VP | games |"):
        n, c, p = int(games), int(caesar), int(pompey)
        lo, hi = newcombe_paired(0, c, p, n - c - p)
        points.append(
            {
                "value": int(value.split()[0]),
                "sides": {"caesar": _rate(c, n), "pompey": _rate(p, n)},
                "gap": {"between": SIDES, "change": (c - p) / n, "ci95": [lo, hi]},
            }
        )
    best = min(points, key=lambda q: (abs(q["gap"]["change"]), q["value"]))
    return {
        "sides": SIDES,
        "points": points,
        "parameter": {"name": "handicap.caesar_vp"},
        "recommended": {"value": best["value"]},
    }


def figures(text: str) -> dict[str, str]:
    """The three figures, as the text of their SVG files."""
    document = study(text)
    return {
        "win-rates": standalone(draw.study_win_rates(document)),
        "changes": standalone(draw.study_changes(document)),
        "handicap": standalone(draw.balance_curve(search(text))),
    }


def main() -> None:
    for name, svg in figures(PAGE.read_text("utf-8")).items():
        path = ROOT / "docs" / "images" / f"workbench-705-{name}.svg"
        path.write_text(svg, "utf-8")
        print(f"{path.relative_to(ROOT)}: {len(svg):,} bytes")


if __name__ == "__main__":
    main()
