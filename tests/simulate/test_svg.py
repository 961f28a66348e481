"""The reports' SVG charts (legatus.framework.tools.simulate.svg): well formed whatever the
figures, axes with round ticks, box plots with the usual quartiles and whiskers."""

from __future__ import annotations

import xml.etree.ElementTree as ET

import pytest

from legatus.framework.tools.simulate.svg import (
    Point,
    box_rows,
    five_numbers,
    interval_curve,
    interval_rows,
    side_by_side,
    standalone,
    ticks,
)


def test_ticks_are_round_steps_inside_the_range() -> None:
    assert ticks(0, 100) == [0, 20, 40, 60, 80, 100]
    assert ticks(-91.9, 51.9) == [-75, -50, -25, 0, 25, 50]
    assert ticks(2, 6, 4) == [2, 3, 4, 5, 6]
    assert ticks(5, 5) == [5]


def test_a_box_plot_s_figures_are_the_quartiles_and_whiskers_within_1_5_iqr() -> None:
    assert five_numbers([1, 2, 3, 4, 5]) == (1, 2, 3, 4, 5)
    lo, q1, median, q3, hi = five_numbers([1, 2, 3, 4, 100])
    assert (q1, median, q3) == (2, 3, 4)
    assert (lo, hi) == (1, 4)  # 100 lies beyond 4 + 1.5 * 2: drawn as a point
    assert five_numbers([7]) == (7, 7, 7, 7, 7)


@pytest.mark.parametrize(
    "chart",
    [
        interval_rows("t", ["a", "b <&>"], [("x", [Point(0.5, 0.1, 0.9), None])],
                      low=0, high=1, axis_label="rate", reference=0.5),
        interval_rows("none", [], [], low=-1, high=1, axis_label="change"),
        box_rows("lengths", ["a", "b"], [("length", [[3, 3, 3], []])], axis_label="actions"),
        box_rows("scores", ["a"], [("red", [[1.0, 2.5]]), ("blue", [[0.0]])], axis_label="vp"),
        interval_curve("curve", [0, 1], [("gap", [Point(0, -1, 1), Point(1, 1, 1)])],
                       low=-1, high=1, x_label="v", y_label="g", marked=1, marked_label="m"),
    ],
)  # fmt: skip
def test_every_chart_is_well_formed_svg(chart: str) -> None:
    root = ET.fromstring(chart)
    assert root.tag == "svg" and root.get("class") == "chart"
    title = root.find("title")
    assert title is not None and title.text
    assert "<&>" not in chart  # labels are escaped
    whole = ET.fromstring(standalone(side_by_side("both", [chart, chart])))
    assert whole.tag == "{http://www.w3.org/2000/svg}svg"
    assert len(whole.findall("{http://www.w3.org/2000/svg}svg")) == 2
