"""The intervals of "The designer's workbench" (docs/workbench.md) are computed, not typed:
every paired interval of the 705 study's table and every interval of the handicap search's
table is recomputed here from the counts the table gives, with the functions
``legatus study`` and ``legatus balance`` use."""

from __future__ import annotations

import re
from pathlib import Path

import pytest

from legatus.framework.tools.simulate.stats import newcombe_paired, wilson

PAGE = Path(__file__).resolve().parents[2] / "docs" / "workbench.md"
FIGURES = Path(__file__).resolve().parents[2] / "benchmarks" / "workbench_705_figures.py"


def rows(header_start: str) -> list[list[str]]:
    """The cells of the table whose header row starts with ``header_start``."""
    lines = PAGE.read_text("utf-8").splitlines()
    start = next(i for i, line in enumerate(lines) if line.startswith(header_start))
    found = []
    for line in lines[start + 2 :]:
        if not line.startswith("|"):
            break
        found.append([cell.strip().strip("*`") for cell in line.strip("|").split("|")])
    return found


def numbers(text: str) -> list[float]:
    return [float(n) for n in re.findall(r"[-+]?\d+(?:\.\d+)?", text)]


def points(value: float) -> float:
    return round(100 * value, 1)


def test_the_study_table_s_paired_intervals_follow_from_its_counts() -> None:
    table = rows("| rule set | Caesar won | Pompey won | seeds Pompey won only")
    base = table[0]
    assert base[0] == "base rules" and base[2] == "15 of 20"
    base_wins, games = 15, 20
    assert len(table) == 14  # the base rules and the 13 shipped variants
    for name, _, won, discordant, change, stopped in table[1:]:
        only_variant, only_base = (int(n) for n in discordant.split("/"))
        both = int(won) - only_variant
        assert both + only_base == base_wins, name  # the base's wins, seed by seed
        neither = games - both - only_variant - only_base
        lo, hi = newcombe_paired(both, only_variant, only_base, neither)
        shown = numbers(change)
        assert shown == [
            points((only_variant - only_base) / games),
            points(lo),
            points(hi),
        ], name
        assert stopped == "budget", name  # no interval excludes zero


def test_the_handicap_table_s_intervals_follow_from_its_counts() -> None:
    table = rows("| Caesar's extra VP | games | Caesar won |")
    assert [row[0].split()[0] for row in table] == ["0", "1", "2", "3", "4", "5"]
    for value, games, caesar, pompey, rate, gap, _ in table:
        n, c, p = int(games), int(caesar), int(pompey)
        draws = n - c - p
        lo, hi = wilson(c, n)
        assert numbers(rate) == [points(c / n), points(lo), points(hi)], value
        g_lo, g_hi = newcombe_paired(0, c, p, draws)
        assert numbers(gap) == [points((c - p) / n), points(g_lo), points(g_hi)], value


@pytest.mark.parametrize("name", ["win-rates", "changes", "handicap"])
def test_the_section_s_figures_are_drawn_from_the_tables(name: str) -> None:
    """The three SVG files are what the figure script draws from the tables now."""
    import importlib.util

    spec = importlib.util.spec_from_file_location("workbench_705_figures", FIGURES)
    assert spec is not None and spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    drawn = module.figures(PAGE.read_text("utf-8"))
    path = PAGE.parent / "images" / f"workbench-705-{name}.svg"
    assert path.read_text("utf-8") == drawn[name], (
        f"{path.name} is stale: python benchmarks/workbench_705_figures.py"
    )


def test_the_openspiel_match_s_interval_follows_from_its_counts() -> None:
    """The match between Legatus's MCTS and OpenSpiel's IS-MCTS: each player's games won as
    Caesar and as Pompey add up to its games won, both players' to the games (draws aside),
    and the 95% Wilson interval of Legatus's MCTS's share is the one its count gives."""
    table = rows("| player | games won |")
    assert [row[0].split()[0] for row in table] == ["Legatus's", "OpenSpiel's"]
    counts = []
    for _, won, as_caesar, as_pompey, seconds in table:
        wins, games = (int(n) for n in re.findall(r"(\d+) of (\d+)", won)[0])
        caesar, pompey = (int(cell.split(" of ")[0]) for cell in (as_caesar, as_pompey))
        assert caesar + pompey == wins
        assert 0 < float(seconds) < 1
        counts.append((wins, games))
    (mcts, games), (ismcts, same) = counts
    assert games == same and mcts + ismcts <= games
    lo, hi = wilson(mcts, games)
    shown = numbers(table[0][1].split("(")[1])
    assert shown == [points(mcts / games), 95, points(lo), points(hi)]
