"""A study's or a balance search's report: one self-contained HTML file.

Drawn from the run's JSON document (written beside it). Everything is in the one file:
the figures are SVG drawn inline by the standard library
(:mod:`legatus.framework.tools.simulate.figures`, no plotting package needed), the style
sheet is in the page, and nothing is loaded from anywhere else, so the report reads
offline and can be mailed or archived as it is.
"""

from __future__ import annotations

import html
from collections.abc import Callable, Mapping, Sequence
from typing import Any

from legatus.framework.tools.simulate import figures

STYLE = """
body { font-family: sans-serif; max-width: 70em; margin: 1em auto; padding: 0 1em;
       color: #222; line-height: 1.4; }
table { border-collapse: collapse; margin: 0.5em 0 1em; font-size: 0.92em; }
th, td { border: 1px solid #ccc; padding: 0.2em 0.5em; text-align: left; vertical-align: top; }
th { background: #f3f3f3; }
td.n { text-align: right; font-variant-numeric: tabular-nums; }
code, pre { background: #f6f6f6; font-size: 0.92em; }
pre { padding: 0.6em; overflow-x: auto; white-space: pre-wrap; }
figure { margin: 0.5em 0 1em; }
svg.chart { max-width: 100%; height: auto; border: 1px solid #eee; margin: 0 0.5em 0.5em 0; }
.up { color: #1a6b1a; } .down { color: #a31515; } .same { color: #666; }
.note { color: #555; font-size: 0.92em; }
"""


def _e(value: Any) -> str:
    return html.escape(str(value), quote=True)


def pct(value: float) -> str:
    return f"{100 * value:.1f}%"


def points(value: float) -> str:
    return f"{100 * value:+.1f}"


def interval(ci: Sequence[float], scale: float = 100.0, signed: bool = True) -> str:
    lo, hi = ci
    if signed:
        return f"{scale * lo:+.1f} to {scale * hi:+.1f}"
    return f"{scale * lo:.1f}-{scale * hi:.1f}"


def _figure(draw: Callable[[], str], alt: str) -> str:
    """Inline SVG figures (their own titles say what they show; ``alt`` names them)."""
    return f'<figure aria-label="{_e(alt)}">{draw()}</figure>'


def _table(
    head: Sequence[str],
    rows: Sequence[Sequence[str]],
    numeric: frozenset[int] | set[int] = frozenset(),
) -> str:
    out = ["<table><thead><tr>", *(f"<th>{_e(h)}</th>" for h in head), "</tr></thead><tbody>"]
    for row in rows:
        out.append("<tr>")
        for index, cell in enumerate(row):
            css = ' class="n"' if index in numeric else ""
            out.append(f"<td{css}>{cell}</td>")
        out.append("</tr>")
    out.append("</tbody></table>")
    return "".join(out)


def _page(title: str, body: Sequence[str]) -> str:
    return (
        '<!DOCTYPE html>\n<html lang="en"><head><meta charset="utf-8">'
        f"<title>{_e(title)}</title><style>{STYLE}</style></head><body>\n"
        + "\n".join(body)
        + "\n</body></html>\n"
    )


def _direction(lo: float, hi: float) -> str:
    if lo > 0:
        return '<span class="up">more</span>'
    if hi < 0:
        return '<span class="down">less</span>'
    return '<span class="same">no clear change</span>'


def _said(direction: str) -> str:
    """A rule clause's direction (``more``, ``less``, ``same``) as the report shows it."""
    if direction == "more":
        return '<span class="up">more</span>'
    if direction == "less":
        return '<span class="down">less</span>'
    return '<span class="same">no clear change</span>'


def _players(document: Mapping[str, Any]) -> str:
    return ", ".join(
        f"{_e(side)} = <code>{_e(p)}</code>" for side, p in document["players"].items()
    )


def _reproduce(document: Mapping[str, Any]) -> list[str]:
    reproduce = document.get("reproduce", {})
    body = ["<h2>Reproduce it</h2>"]
    command = reproduce.get("command")
    if command:
        body.append(
            "<p>The command that made this report, every path in it absolute (run again "
            "from any folder, it resumes from the results files and draws the same report):</p>"
        )
        body.append(f"<pre>{_e(command)}</pre>")
    seeds = reproduce.get("seeds")
    if seeds:
        body.append(
            f"<p>Seeds: {_e(seeds[0])} to {_e(seeds[1])}; every pairing plays seeds from "
            f"{_e(seeds[0])} on, the same seeds under every rule set (common random numbers). "
            "A game's record depends only on its rule set, players and seed, so any machine "
            "with these versions plays the same games.</p>"
        )
    where = reproduce.get("where")
    if where:
        body.append(f"<p>Games ran on: {_e(where)}.</p>")
    found = reproduce.get("versions", {})
    if found:
        body.append(
            _table(
                ["software", "version"],
                [[_e(k), f"<code>{_e(v)}</code>"] for k, v in found.items()],
            )
        )
    files = reproduce.get("files", [])
    if files:
        body.append(
            _table(
                ["rule set", "fingerprint of its rules and data", "results file"],
                [[_e(a), f"<code>{_e(b)}</code>", f"<code>{_e(c)}</code>"] for a, b, c in files],
            )
        )
    return body


def _stopping(document: Mapping[str, Any], what: str) -> str:
    stopping = document.get("stopping")
    if not stopping:
        return ""
    precision = stopping.get("precision")
    wanted = (
        f", or when every interval is narrower than {100 * precision:g} points (--precision)"
        if precision
        else ""
    )
    most, least = stopping["most"], stopping["min_pairs"]
    if most <= least:
        played = (
            f"{most} paired games each (--games {most}"
            + (f", below --min-games {least}" if most < least else "")
            + "), with one look at the end"
        )
    else:
        played = f"batches of {stopping['batch']} paired games, at least {least} and at most {most}"
    return (
        f"<p>Sequential stopping: {what} were played in {played}. "
        "After each batch a pairing stopped when the 95% interval of its paired difference "
        f"(Newcombe's interval for paired proportions) excluded zero{wanted}. Looking after "
        "every batch makes an early stop on a difference that is not there more likely than "
        "the 5% of one look: confirm an early stop with more games.</p>"
    )


def study_html(document: Mapping[str, Any]) -> str:
    """The study's report as one HTML page."""
    sides: list[str] = document["sides"]
    base = document["base"]
    variants = document["variants"]
    title = f"Variant study: {document['game']}, scenario {document['scenario']}"
    body = [f"<h1>{_e(title)}</h1>"]
    body.append(
        f"<p>Players: {_players(document)}. Base: <b>{_e(base['name'])}</b> "
        f"({base['pairs']} games). Each variant is played on the same seeds as the base "
        "rules and compared game by game.</p>"
    )
    body.append(_stopping(document, "the pairings"))
    # -- the summary table ----------------------------------------------------------------
    body.append("<h2>Win rates and what each variant changes</h2>")
    head = ["rule set", "games", "stopped"]
    for side in sides:
        head += [f"{side} wins (95% CI)", f"change for {side}, points (95% CI)"]
    rows = []
    base_row = [f"<b>{_e(base['name'])}</b>", str(base["pairs"]), "(the base)"]
    for side in sides:
        entry = base["summary"]["sides"][side]
        base_row += [f"{pct(entry['win_rate'])} ({interval(entry['ci95'], signed=False)})", ""]
    rows.append(base_row)
    for variant in variants:
        row = [
            f'<b>{_e(variant["name"])}</b><br><span class="note">{_e(variant["doc"])}</span>',
            str(variant["pairs"]),
            f"{_e(variant['stopped']['reason'])}: {_e(variant['stopped']['detail'])}",
        ]
        for side in sides:
            entry = variant["summary"]["sides"][side]
            change = variant["comparison"]["sides"][side]
            lo, hi = change["ci95"]
            row += [
                f"{pct(entry['win_rate'])} ({interval(entry['ci95'], signed=False)})",
                f"{points(change['change'])} ({interval(change['ci95'])}) {_direction(lo, hi)}",
            ]
        rows.append(row)
    body.append(_table(head, rows, numeric={1}))
    body.append(_figure(lambda: figures.study_win_rates(document), "win rates per rule set"))
    if variants:
        body.append(_figure(lambda: figures.study_changes(document), "changes in win rate"))
    # -- distributions -------------------------------------------------------------------------
    body.append("<h2>Game length and scores</h2>")
    labels = [base["name"], *(v["name"] for v in variants)]
    games = [base["games"], *(v["games"] for v in variants)]
    body.append(
        _figure(lambda: figures.distributions(labels, games, sides, "rule set"), "distributions")
    )
    rows = []
    for label, entry in zip(labels, [base, *variants], strict=True):
        length = entry["summary"]["length"]
        row = [_e(label), f"{length.get('mean', 0):.1f}", f"{length.get('median', 0):g}"]
        for side in sides:
            score = entry["summary"]["scores"].get(side)
            row.append(f"{score['mean']:.2f}" if score else "")
        row.append(", ".join(f"{_e(k)}: {v}" for k, v in entry["summary"]["reasons"].items()))
        rows.append(row)
    body.append(
        _table(
            [
                "rule set",
                "mean length",
                "median length",
                *(f"mean score {s}" for s in sides),
                "how games ended",
            ],
            rows,
            numeric={1, 2, *range(3, 3 + len(sides))},
        )
    )
    # -- rule clauses ----------------------------------------------------------------------
    body.append("<h2>Rule clauses that fire more or less often</h2>")
    body.append(
        "<p>Firings per game under the base rules and the variant, and the paired 95% "
        "interval of the change (normal approximation); only clauses whose interval excludes "
        "zero and whose per-game differences an exact sign test finds lopsided (p &lt; 0.05) "
        "are listed.</p>"
    )
    for variant in variants:
        moved = [r for r in variant["comparison"]["rules"] if r["direction"] != "same"]
        body.append(f"<h3>{_e(variant['name'])}</h3>")
        if not moved:
            body.append('<p class="note">No clause fired clearly more or less often.</p>')
            continue
        body.append(
            _table(
                ["rule clause", "base per game", "variant per game", "change (95% CI)", ""],
                [
                    [
                        f"<code>{_e(r['rule'])}</code>",
                        f"{r['base_per_game']:.2f}",
                        f"{r['variant_per_game']:.2f}",
                        f"{r['change']:+.2f} ({r['ci95'][0]:+.2f} to {r['ci95'][1]:+.2f})",
                        _said(r["direction"]),
                    ]
                    for r in moved[:25]
                ],
                numeric={1, 2},
            )
        )
    # -- coverage ----------------------------------------------------------------------------
    body.append("<h2>Rule coverage</h2>")
    never = base["coverage"]["never_fired"]
    body.append(
        f"<p>Under the base rules, {len(base['coverage']['rules']) - len(never)} of "
        f"{len(base['coverage']['rules'])} rule clauses fired in {base['pairs']} games; never "
        f"fired: {_codes(never) or 'none'}.</p>"
    )
    rows = []
    for variant in variants:
        theirs = variant["coverage"]["never_fired"]
        rows.append(
            [
                _e(variant["name"]),
                _codes(sorted(set(theirs) - set(never))) or "none",
                _codes(sorted(set(never) - set(theirs))) or "none",
            ]
        )
    if rows:
        body.append(
            _table(
                ["variant", "never fired (but did under the base)", "fired (never under the base)"],
                rows,
            )
        )
    # -- stopping history --------------------------------------------------------------------
    body.append("<h2>How each pairing stopped</h2>")
    rows = []
    for variant in variants:
        for look in variant["history"]:
            rows.append(
                [
                    _e(variant["name"]),
                    str(look["pairs"]),
                    *(
                        f"{points(look['sides'][s]['change'])} ({interval(look['sides'][s]['ci95'])})"
                        for s in sides
                    ),
                ]
            )
    body.append(
        _table(
            ["variant", "pairs", *(f"change for {s} (95% CI)" for s in sides)], rows, numeric={1}
        )
    )
    body += _reproduce(document)
    return _page(title, body)


def _codes(names: Sequence[str]) -> str:
    return ", ".join(f"<code>{_e(n)}</code>" for n in names) if names else ""


def balance_html(document: Mapping[str, Any]) -> str:
    """The balance search's report as one HTML page."""
    sides: list[str] = document["sides"]
    param = document["parameter"]
    best = document["recommended"]
    title = f"Balance search: {document['game']}, scenario {document['scenario']}, {param['name']}"
    body = [f"<h1>{_e(title)}</h1>"]
    on = f" on variant <code>{_e(document['variant'])}</code>" if document.get("variant") else ""
    declared = (
        f"declared range {param['low']}..{param['high']}"
        if param["low"] is not None and param["high"] is not None
        else "no declared range"
    )
    body.append(
        f"<p>Parameter <code>{_e(param['name'])}</code>{on}: {_e(param['doc'])} "
        f"(default {param['default']}, {declared}"
        + (f", {_e(param['rule'])}" if param["rule"] else "")
        + f"). Players: {_players(document)}. Values searched: "
        + ", ".join(str(v) for v in document["values"])
        + ".</p>"
    )
    body.append(_stopping(document, "the values"))
    gap = best["gap"]
    verdict = (
        "its interval includes zero: even, as far as these games can tell"
        if best["even"]
        else "its interval excludes zero: no value in the range evens the game; this one comes closest"
    )
    body.append("<h2>Recommendation</h2>")
    body.append(
        f"<p><b>{_e(param['name'])} = {best['value']}</b>: the gap between "
        f"{_e(gap['between'][0])}'s and {_e(gap['between'][1])}'s win rates is "
        f"{points(gap['change'])} points (95% CI {interval(gap['ci95'])}, "
        f"{gap['pairs']} games); {verdict}.</p>"
    )
    written = document.get("written")
    if written:
        body.append(
            f"<p>Written as the variant file <code>{_e(written)}</code>; check it with "
            f"<code>legatus variant check {_e(written)}</code> and play it with "
            f"<code>--variant {_e(written)}</code>.</p>"
        )
    body.append(_figure(lambda: figures.balance_curve(document), "balance curve"))
    head = ["value", "games", "stopped"]
    head += [f"{s} wins (95% CI)" for s in sides]
    head += ["draws", "gap, points (95% CI)"]
    rows = []
    for point in document["points"]:
        row = [
            f"<b>{point['value']}</b>",
            str(point["pairs"]),
            f"{_e(point['stopped']['reason'])}: {_e(point['stopped']['detail'])}",
        ]
        for side in sides:
            entry = point["sides"][side]
            row.append(f"{pct(entry['win_rate'])} ({interval(entry['ci95'], signed=False)})")
        row.append(pct(point["draws"]["rate"]))
        row.append(f"{points(point['gap']['change'])} ({interval(point['gap']['ci95'])})")
        rows.append(row)
    body.append(_table(head, rows, numeric={0, 1}))
    body.append("<h2>Game length and scores</h2>")
    labels = [f"{param['name']} = {p['value']}" for p in document["points"]]
    games = [p["games"] for p in document["points"]]
    body.append(
        _figure(lambda: figures.distributions(labels, games, sides, "value"), "distributions")
    )
    body += _reproduce(document)
    return _page(title, body)
