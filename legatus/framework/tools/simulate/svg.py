"""Small SVG charts drawn with the standard library alone: the figures of the workbench's
reports (:mod:`legatus.framework.tools.simulate.figures`).

A chart is text: an ``<svg>`` element that an HTML page holds inline (no file, no address,
no script, so the report stays one self-contained file that reads offline) or that
:func:`standalone` turns into an ``.svg`` file. Three kinds are enough for the reports:

* :func:`interval_rows`: one row per label, a dot and its interval for each series (a
  side), on a shared horizontal axis (win rates with Wilson intervals, changes with
  paired intervals);
* :func:`box_rows`: one row per label, a box plot for each series (game lengths, scores),
  whiskers at the furthest values within 1.5 interquartile ranges of the box, values
  beyond them drawn as points;
* :func:`interval_curve`: a value on the horizontal axis, a dot and its interval for each
  series, joined by lines (a balance search's curve), with marked values.
"""

from __future__ import annotations

import html
import math
import re
import statistics
from collections.abc import Sequence
from dataclasses import dataclass

#: The colours of the series, in the order of the game's sides.
COLOURS = ("#d62728", "#1f77b4", "#2ca02c", "#ff7f0e", "#9467bd", "#8c564b")
FONT = "font-family:sans-serif;font-size:12px"
#: Roughly the width of a character of the labels, for the room they take.
CHAR = 6.6


def colour(index: int) -> str:
    return COLOURS[index % len(COLOURS)]


def _e(text: object) -> str:
    return html.escape(str(text), quote=True)


def _n(value: float) -> str:
    return f"{value:.1f}".rstrip("0").rstrip(".") if value != int(value) else str(int(value))


@dataclass(frozen=True)
class Point:
    """A value with its interval (``low`` <= ``value`` <= ``high``; equal when it has none)."""

    value: float
    low: float
    high: float


def ticks(low: float, high: float, count: int = 6) -> list[float]:
    """Round values between ``low`` and ``high`` for an axis: steps of 1, 2, 2.5 or 5 times a
    power of ten, about ``count`` of them."""
    if high <= low:
        return [low]
    raw = (high - low) / max(1, count)
    power = 10 ** math.floor(math.log10(raw))
    step = next(m * power for m in (1, 2, 2.5, 5, 10) if m * power >= raw)
    first = math.ceil(low / step - 1e-9) * step
    found = []
    value = first
    while value <= high + 1e-9 * step:
        found.append(round(value, 10))
        value += step
    return found


def domain(
    values: Sequence[float], *, include: Sequence[float] = (), pad: float = 0.05
) -> tuple[float, float]:
    """An axis range holding ``values`` and ``include``, widened a little on both sides."""
    every = [v for v in (*values, *include) if math.isfinite(v)]
    if not every:
        return (0.0, 1.0)
    low, high = min(every), max(every)
    if high == low:
        low, high = low - 1, high + 1
    margin = (high - low) * pad
    return (low - margin, high + margin)


class _Axis:
    """A linear map from data to pixels."""

    def __init__(self, low: float, high: float, start: float, end: float) -> None:
        self.low, self.high, self.start, self.end = low, high, start, end

    def __call__(self, value: float) -> float:
        span = self.high - self.low or 1.0
        clamped = min(max(value, self.low), self.high)
        return self.start + (clamped - self.low) / span * (self.end - self.start)


def _svg(width: float, height: float, title: str, body: Sequence[str]) -> str:
    return (
        f'<svg class="chart" viewBox="0 0 {width:.0f} {height:.0f}" width="{width:.0f}" '
        f'height="{height:.0f}" role="img" aria-label="{_e(title)}" style="{FONT}">'
        f"<title>{_e(title)}</title>" + "".join(body) + "</svg>"
    )


def side_by_side(title: str, charts: Sequence[str]) -> str:
    """Charts drawn next to each other as one chart (each keeps its own coordinates)."""
    body, x, height = [], 0.0, 0.0
    for chart in charts:
        found = re.match(r'<svg class="chart" viewBox="0 0 (\d+) (\d+)"', chart)
        assert found is not None, "a chart of this module"
        w, h = float(found.group(1)), float(found.group(2))
        body.append(chart.replace('<svg class="chart" ', f'<svg x="{x:.0f}" ', 1))
        x, height = x + w, max(height, h)
    return _svg(x, height, title, body)


def standalone(svg: str) -> str:
    """An inline chart as the text of an ``.svg`` file."""
    return (
        '<?xml version="1.0" encoding="UTF-8"?>\n'
        + svg.replace("<svg ", '<svg xmlns="http://www.w3.org/2000/svg" ', 1)
        + "\n"
    )


def _text(x: float, y: float, text: str, anchor: str = "start", extra: str = "") -> str:
    return f'<text x="{x:.1f}" y="{y:.1f}" text-anchor="{anchor}"{extra}>{_e(text)}</text>'


def _line(x1: float, y1: float, x2: float, y2: float, style: str = "stroke:#000") -> str:
    return f'<line x1="{x1:.1f}" y1="{y1:.1f}" x2="{x2:.1f}" y2="{y2:.1f}" style="{style}"/>'


def _legend(names: Sequence[str], x: float, y: float) -> list[str]:
    body = []
    for index, name in enumerate(names):
        body.append(
            f'<rect x="{x:.1f}" y="{y - 9:.1f}" width="10" height="10" '
            f'style="fill:{colour(index)}"/>'
        )
        body.append(_text(x + 14, y, name))
        x += 24 + CHAR * len(name)
    return body


def _x_axis(
    axis: _Axis, top: float, bottom: float, label: str, fmt: str = "{}", grid: bool = True
) -> list[str]:
    body = [_line(axis.start, bottom, axis.end, bottom)]
    for tick in ticks(axis.low, axis.high):
        x = axis(tick)
        if grid:
            body.append(_line(x, top, x, bottom, "stroke:#e3e3e3"))
        body.append(_line(x, bottom, x, bottom + 4))
        body.append(_text(x, bottom + 16, fmt.format(_n(tick)), "middle"))
    body.append(_text((axis.start + axis.end) / 2, bottom + 32, label, "middle"))
    return body


def interval_rows(
    title: str,
    labels: Sequence[str],
    series: Sequence[tuple[str, Sequence[Point | None]]],
    *,
    low: float,
    high: float,
    axis_label: str,
    reference: float | None = None,
    tick_format: str = "{}",
    width: float = 760,
) -> str:
    """A row per label, and in it a dot with its interval for each series (None: no
    point). ``reference`` draws a vertical line (0 for changes, 0.5 for even rates)."""
    left = 16 + CHAR * max([len(label) for label in labels] + [4])
    right, top, row = 20.0, 46.0, 12.0 + 12.0 * max(1, len(series))
    bottom = top + row * max(1, len(labels))
    height = bottom + 44
    axis = _Axis(low, high, left, width - right)
    body = [_text(width / 2, 18, title, "middle", ' style="font-weight:bold"')]
    body += _legend([name for name, _ in series], left, 36)
    body += _x_axis(axis, top, bottom, axis_label, tick_format)
    if reference is not None:
        body.append(_line(axis(reference), top, axis(reference), bottom, "stroke:#555"))
    for r, label in enumerate(labels):
        y0 = top + r * row
        if r:
            body.append(_line(left, y0, width - right, y0, "stroke:#f0f0f0"))
        body.append(_text(left - 6, y0 + row / 2 + 4, label, "end"))
        for s, (_, points) in enumerate(series):
            point = points[r] if r < len(points) else None
            if point is None:
                continue
            y = y0 + 6 + 12 * s + 6
            style = f"stroke:{colour(s)};stroke-width:1.5"
            body.append(_line(axis(point.low), y, axis(point.high), y, style))
            for end in (point.low, point.high):
                body.append(_line(axis(end), y - 4, axis(end), y + 4, style))
            body.append(
                f'<circle cx="{axis(point.value):.1f}" cy="{y:.1f}" r="3.5" '
                f'style="fill:{colour(s)}"><title>{_e(_describe(point))}</title></circle>'
            )
    return _svg(width, height, title, body)


def _describe(point: Point) -> str:
    return f"{point.value:.3g} ({point.low:.3g} to {point.high:.3g})"


def five_numbers(values: Sequence[float]) -> tuple[float, float, float, float, float]:
    """A box plot's figures: the whiskers' ends and the quartiles (linear interpolation,
    as ``statistics.quantiles(method="inclusive")``); whiskers reach the furthest values
    within 1.5 interquartile ranges of the box."""
    ordered = sorted(values)
    if len(ordered) == 1:
        v = ordered[0]
        return (v, v, v, v, v)
    q1, median, q3 = statistics.quantiles(ordered, n=4, method="inclusive")
    reach = 1.5 * (q3 - q1)
    low = min(v for v in ordered if v >= q1 - reach)
    high = max(v for v in ordered if v <= q3 + reach)
    return (low, q1, median, q3, high)


def box_rows(
    title: str,
    labels: Sequence[str],
    series: Sequence[tuple[str, Sequence[Sequence[float]]]],
    *,
    axis_label: str,
    width: float = 760,
) -> str:
    """A row per label, and in it a horizontal box plot for each series (an empty list of
    values: nothing drawn)."""
    every = [v for _, rows in series for values in rows for v in values]
    low, high = domain(every)
    left = 16 + CHAR * max([len(label) for label in labels] + [4])
    right, top, row = 20.0, 46.0 if len(series) > 1 else 30.0, 10.0 + 14.0 * max(1, len(series))
    bottom = top + row * max(1, len(labels))
    height = bottom + 44
    axis = _Axis(low, high, left, width - right)
    body = [_text(width / 2, 18, title, "middle", ' style="font-weight:bold"')]
    if len(series) > 1:
        body += _legend([name for name, _ in series], left, 36)
    body += _x_axis(axis, top, bottom, axis_label)
    for r, label in enumerate(labels):
        y0 = top + r * row
        body.append(_text(left - 6, y0 + row / 2 + 4, label, "end"))
        for s, (_, rows) in enumerate(series):
            values = rows[r] if r < len(rows) else []
            if not values:
                continue
            lo, q1, median, q3, hi = five_numbers(values)
            y = y0 + 5 + 14 * s + 7
            fill = colour(s) if len(series) > 1 else "#888"
            body.append(_line(axis(lo), y, axis(q1), y))
            body.append(_line(axis(q3), y, axis(hi), y))
            for end in (lo, hi):
                body.append(_line(axis(end), y - 4, axis(end), y + 4))
            body.append(
                f'<rect x="{axis(q1):.1f}" y="{y - 5:.1f}" '
                f'width="{max(1.0, axis(q3) - axis(q1)):.1f}" height="10" '
                f'style="fill:{fill};fill-opacity:0.45;stroke:#000"><title>'
                f"{_e(f'median {median:g}, quartiles {q1:g} to {q3:g}, n {len(values)}')}"
                "</title></rect>"
            )
            body.append(
                _line(axis(median), y - 5, axis(median), y + 5, "stroke:#000;stroke-width:2")
            )
            for value in values:
                if value < lo or value > hi:
                    body.append(
                        f'<circle cx="{axis(value):.1f}" cy="{y:.1f}" r="2" '
                        'style="fill:none;stroke:#000"/>'
                    )
    return _svg(width, height, title, body)


def interval_curve(
    title: str,
    xs: Sequence[float],
    series: Sequence[tuple[str, Sequence[Point]]],
    *,
    low: float,
    high: float,
    x_label: str,
    y_label: str,
    reference: float | None = None,
    marked: float | None = None,
    marked_label: str = "",
    colours: Sequence[str] = COLOURS,
    width: float = 380,
    height: float = 300,
) -> str:
    """Values along the horizontal axis, each series a line of dots with their intervals
    (in ``colours``, in order); ``reference`` a horizontal line, ``marked`` a dashed
    vertical one."""
    left, right, top, bottom = 52.0, 14.0, 46.0, height - 44
    x_low, x_high = domain(xs, pad=0.08)
    x_axis = _Axis(x_low, x_high, left, width - right)
    y_axis = _Axis(low, high, bottom, top)
    body = [_text(width / 2, 18, title, "middle", ' style="font-weight:bold"')]
    if len(series) > 1:
        body += _legend([name for name, _ in series], left, 36)
    body.append(_line(left, bottom, width - right, bottom))
    body.append(_line(left, top, left, bottom))
    for x in xs:
        body.append(_line(x_axis(x), bottom, x_axis(x), bottom + 4))
        body.append(_text(x_axis(x), bottom + 16, _n(x), "middle"))
    body.append(_text((left + width - right) / 2, bottom + 32, x_label, "middle"))
    for tick in ticks(low, high, 5):
        y = y_axis(tick)
        body.append(_line(left, y, width - right, y, "stroke:#e3e3e3"))
        body.append(_text(left - 6, y + 4, _n(tick), "end"))
    middle = (top + bottom) / 2
    body.append(_text(14, middle, y_label, "middle", f' transform="rotate(-90 14 {middle:.1f})"'))
    if reference is not None:
        y = y_axis(reference)
        body.append(_line(left, y, width - right, y, "stroke:#555"))
    if marked is not None:
        x = x_axis(marked)
        body.append(
            _line(x, top, x, bottom, "stroke:#2ca02c;stroke-dasharray:5,3;stroke-width:1.5")
        )
        if marked_label:
            body.append(_text(x + 4, top + 12, marked_label, "start", ' style="fill:#2ca02c"'))
    for s, (_, points) in enumerate(series):
        ink = colours[s % len(colours)]
        style = f"stroke:{ink};stroke-width:1.5"
        path = " ".join(
            f"{x_axis(x):.1f},{y_axis(p.value):.1f}" for x, p in zip(xs, points, strict=True)
        )
        body.append(f'<polyline points="{path}" style="fill:none;{style}"/>')
        for x, point in zip(xs, points, strict=True):
            px = x_axis(x)
            body.append(_line(px, y_axis(point.low), px, y_axis(point.high), style))
            for end in (point.low, point.high):
                body.append(_line(px - 4, y_axis(end), px + 4, y_axis(end), style))
            body.append(
                f'<circle cx="{px:.1f}" cy="{y_axis(point.value):.1f}" r="3.5" '
                f'style="fill:{ink}"><title>{_e(_describe(point))}</title></circle>'
            )
    return _svg(width, height, title, body)
