"""Sequential stopping (legatus.framework.tools.simulate.sequential) and how a study and a balance search
follow it, with a fake runner whose games are made up: every outcome is known in advance,
so which pairing stops after how many pairs, and why, is exact."""

from __future__ import annotations

from collections.abc import Callable, Sequence
from pathlib import Path
from typing import Any

import pytest

from legatus.framework.model.errors import LegatusError
from legatus.framework.tools.simulate.balance import parameter, run_balance
from legatus.framework.tools.simulate.play import Experiment
from legatus.framework.tools.simulate.sequential import (
    BUDGET,
    DECIDED,
    PRECISE,
    StoppingRule,
    verdict,
)
from legatus.framework.tools.simulate.study import run_study

# -- the rule alone ---------------------------------------------------------------------------


def test_the_first_look_comes_after_the_least_number_of_pairs() -> None:
    rule = StoppingRule(most=100, batch=10, min_pairs=20)
    assert [rule.next_size(n) for n in (0, 20, 30, 95)] == [20, 30, 40, 100]
    assert StoppingRule(most=15, batch=10, min_pairs=20).next_size(0) == 15


def test_an_interval_that_excludes_zero_decides_a_pairing() -> None:
    rule = StoppingRule(most=100, min_pairs=20)
    found = verdict({"red's win rate": (0.05, 0.45)}, 20, rule)
    assert found is not None
    assert found["reason"] == DECIDED
    assert found["pairs"] == 20
    assert found["detail"] == (
        "the 95% interval for red's win rate (+5.0 to +45.0 points) excludes zero after 20 pairs"
    )


def test_no_pairing_stops_before_the_least_number_of_pairs() -> None:
    rule = StoppingRule(most=100, min_pairs=20, precision=0.5)
    assert verdict({"red's win rate": (0.5, 0.5)}, 19, rule) is None


def test_every_interval_narrower_than_the_precision_stops_a_pairing() -> None:
    rule = StoppingRule(most=100, min_pairs=20, precision=0.3)
    narrow = {"red's win rate": (-0.1, 0.1), "blue's win rate": (-0.14, 0.14)}
    found = verdict(narrow, 30, rule)
    assert found is not None and found["reason"] == PRECISE
    assert "narrower than 30 points (the widest 28.0)" in found["detail"]
    wide = {"red's win rate": (-0.1, 0.1), "blue's win rate": (-0.2, 0.2)}
    assert verdict(wide, 30, rule) is None


def test_a_degenerate_interval_never_stops_a_pairing_before_its_budget() -> None:
    """An interval of width zero ("+0.0 (+0.0 to +0.0)" after pairs that all end alike) is
    no measurement: neither precise nor decided, whatever the precision asked for."""
    rule = StoppingRule(most=40, min_pairs=10, precision=0.2)
    assert verdict({"red's win rate": (0.0, 0.0)}, 10, rule) is None
    assert verdict({"red's win rate": (0.1, 0.1)}, 10, rule) is None
    assert verdict({"red's win rate": (0.0, 0.0), "blue's": (-0.05, 0.05)}, 10, rule) is None
    budget = verdict({"red's win rate": (0.0, 0.0)}, 40, rule)
    assert budget is not None and budget["reason"] == BUDGET


def test_the_budget_stops_a_pairing_that_has_neither() -> None:
    rule = StoppingRule(most=40, min_pairs=20)
    found = verdict({"red's win rate": (-0.3, 0.3)}, 40, rule)
    assert found is not None and found["reason"] == BUDGET
    assert found["detail"] == "reached --games 40 without an interval that excludes zero"


@pytest.mark.parametrize(
    ("changes", "message"),
    [
        ({"most": 0}, "--games must be at least 1"),
        ({"batch": 0}, "--batch must be at least 1"),
        ({"min_pairs": 0}, "--min-games must be at least 1"),
        ({"precision": 0.0}, "--precision must be an interval width above 0 and at most 2"),
        ({"precision": 3.0}, "--precision must be an interval width above 0 and at most 2"),
    ],
)
def test_a_rule_that_cannot_work_is_refused(changes: dict[str, Any], message: str) -> None:
    settings: dict[str, Any] = {"most": 10, **changes}
    with pytest.raises(LegatusError, match=message):
        StoppingRule(**settings)


# -- a study with made-up games -----------------------------------------------------------

Outcome = Callable[[int], str | None]


def fake_runner(outcomes: dict[str | None, Outcome], calls: list[list[tuple[Any, int]]]) -> Any:
    """A runner (see ``simulate_many``) whose game with ``seed`` under a rule set ends
    with ``outcomes[variant name](seed)`` winning; ``calls`` records what each look asked."""

    def run(plan: Sequence[tuple[Experiment, Sequence[int], Path | None]], **_: Any) -> Any:
        calls.append([(experiment.variant, len(seeds)) for experiment, seeds, _ in plan])
        found = []
        for experiment, seeds, _ in plan:
            key = Path(experiment.variant).stem if experiment.variant else None
            found.append([_record(outcomes[key](seed), seed) for seed in seeds])
        return found

    return run


def _record(winner: str | None, seed: int) -> dict[str, Any]:
    ranks = {"red": 1, "blue": 1} if winner is None else {
        side: 1 if side == winner else 2 for side in ("red", "blue")
    }  # fmt: skip
    return {
        "seed": seed,
        "winner": winner,
        "ranks": ranks,
        "reason": f"{winner} wins" if winner else "draw",
        "scores": None,
        "length": 10 + seed % 3,
        "fired": {"DEMO 2": 3},
        "players": {"red": "random", "blue": "random"},
        "variant": None,
    }


def write_variant(folder: Path, name: str, text: str) -> str:
    path = folder / f"{name}.variant"
    path.write_text(f"variant {name} of demo_skirmish\n{text}\n", "utf-8")
    return str(path)


def test_a_study_stops_each_pairing_for_its_own_reason(tmp_path: Path) -> None:
    """Base: red wins even seeds, blue odd ones. ``same`` plays exactly as the base (every
    difference 0: precise at the first look); ``red_always`` makes red win every game
    (decided at the first look: +50 points for red); ``noisy`` swaps the winner of every
    third seed, a change whose interval keeps including zero until the budget."""
    variants = [
        write_variant(tmp_path, "same", "param turns = 3"),
        write_variant(tmp_path, "red_always", "param turns = 4"),
        write_variant(tmp_path, "noisy", "param turns = 5"),
    ]

    def base(seed: int) -> str:
        return "red" if seed % 2 == 0 else "blue"

    def noisy(seed: int) -> str:
        if seed % 3 == 0:
            return "blue" if base(seed) == "red" else "red"
        return base(seed)

    outcomes: dict[str | None, Outcome] = {
        None: base,
        "same": base,
        "red_always": lambda seed: "red",
        "noisy": noisy,
    }
    calls: list[list[tuple[Any, int]]] = []
    document = run_study(
        Experiment("demo_skirmish", {"red": "random", "blue": "random"}),
        variants,
        first_seed=0,
        rule=StoppingRule(most=40, batch=10, min_pairs=20, precision=0.2),
        out=tmp_path / "study",
        runner=fake_runner(outcomes, calls),
    )
    stopped = {v["name"]: (v["stopped"]["reason"], v["pairs"]) for v in document["variants"]}
    assert stopped == {
        "same": (PRECISE, 20),
        "red_always": (DECIDED, 20),
        "noisy": (BUDGET, 40),
    }
    # The looks: all three and the base at 20 pairs, then only the running one and the
    # base it needs.
    assert [[n for _, n in look] for look in calls] == [[20, 20, 20, 20], [30, 30], [40, 40]]
    red_always = next(v for v in document["variants"] if v["name"] == "red_always")
    assert red_always["comparison"]["sides"]["red"]["change"] == pytest.approx(0.5)
    assert red_always["comparison"]["sides"]["blue"]["change"] == pytest.approx(-0.5)
    assert [look["pairs"] for look in red_always["history"]] == [20]
    assert document["base"]["pairs"] == 40
    assert document["base"]["summary"]["sides"]["red"]["wins"] == 20


def test_a_balance_search_stops_each_value_for_its_own_reason(tmp_path: Path) -> None:
    """hold_to_win = 1: red wins every game (decided uneven at the first look); 2 (the
    default, the base rules): red and blue win alternately; 3: red wins two seeds in three.
    Neither interval of 2 and 3 excludes zero, and both are narrower than 0.75 at the
    second look (30 games), not at the first."""

    def by_value(name: str | None) -> Outcome:
        if name is None:
            return lambda seed: "red" if seed % 2 == 0 else "blue"
        if name.endswith("_1"):
            return lambda seed: "red"
        return lambda seed: "blue" if seed % 3 == 0 else "red"

    outcomes = {
        None: by_value(None),
        "demo_skirmish_hold_to_win_1": by_value("demo_skirmish_hold_to_win_1"),
        "demo_skirmish_hold_to_win_3": by_value("demo_skirmish_hold_to_win_3"),
    }
    calls: list[list[tuple[Any, int]]] = []
    param = parameter("demo_skirmish", None, "hold_to_win")
    document = run_balance(
        Experiment("demo_skirmish", {"red": "random", "blue": "random"}),
        param,
        [1, 2, 3],
        first_seed=0,
        rule=StoppingRule(most=40, batch=10, min_pairs=20, precision=0.75),
        out=tmp_path / "balance",
        runner=fake_runner(outcomes, calls),
    )
    points = {p["value"]: p for p in document["points"]}
    assert points[1]["stopped"]["reason"] == DECIDED
    assert points[1]["gap"]["change"] == pytest.approx(1.0)
    assert points[2]["variant"] is None  # the default on the base rules is the base rules
    assert points[2]["results"] == "base.jsonl"
    assert points[2]["gap"]["change"] == pytest.approx(0.0)
    assert document["recommended"] == {
        "value": 2,
        "gap": {"between": ["red", "blue"], **points[2]["gap"]},
        "even": True,
    }
    assert {v: (p["stopped"]["reason"], p["pairs"]) for v, p in points.items()} == {
        1: (DECIDED, 20),
        2: (PRECISE, 30),
        3: (PRECISE, 30),
    }
    assert points[3]["gap"]["change"] == pytest.approx(1 / 3)
    assert [[n for _, n in look] for look in calls] == [[20, 20, 20], [30, 30]]


def test_players_moving_round_the_sides_are_refused_before_any_game(tmp_path: Path) -> None:
    """A study and a balance search compare each side's win rate: with ``alternate`` the
    players would swap sides by seed and mix the two rates."""
    moving = Experiment("demo_skirmish", {"red": "random", "blue": "random"}, alternate=True)
    calls: list[list[tuple[Any, int]]] = []
    runner = fake_runner({}, calls)
    rule = StoppingRule(most=20)
    variant = write_variant(tmp_path, "same", "param turns = 3")
    with pytest.raises(LegatusError) as study:
        run_study(moving, [variant], first_seed=0, rule=rule, out=tmp_path / "s", runner=runner)
    assert str(study.value) == (
        "a study measures each side's win rate: --alternate would move the players round the sides"
    )
    param = parameter("demo_skirmish", None, "hold_to_win")
    with pytest.raises(LegatusError) as balance:
        run_balance(moving, param, [1, 2], first_seed=0, rule=rule, out=tmp_path / "b",
                    runner=runner)  # fmt: skip
    assert str(balance.value).startswith("a balance search measures each side's win rate")
    assert calls == []
    assert not (tmp_path / "s").exists() and not (tmp_path / "b").exists()
