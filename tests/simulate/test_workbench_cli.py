"""End-to-end: the real ``legatus study`` and ``legatus balance`` commands on the demo game
(a few actions a game), their self-contained HTML reports, resuming, and bad input."""

from __future__ import annotations

import json
import re
import shlex
import shutil
import subprocess
import sys
from pathlib import Path

import pytest

from legatus.framework.frontends.cli import main
from tests.conftest import DEMO_GAME
from tests.waits import bound

ROOT = Path(__file__).resolve().parents[2]
HANDICAP = ROOT / "docs" / "examples" / "caesar_vp_handicap.variant"


def legatus(*args: str, cwd: Path | None = None) -> subprocess.CompletedProcess[str]:
    return subprocess.run(
        [sys.executable, "-m", "legatus.framework.frontends.cli", *args],
        capture_output=True,
        text=True,
        check=False,
        timeout=bound(900),
        cwd=cwd,
        env=_env(),
    )


def _env() -> dict[str, str]:
    import os

    return {**os.environ, "PYTHONPATH": str(ROOT)}


def variants(folder: Path) -> list[str]:
    """Two variants of the demo game: one town wins (a large change), eight turns."""
    quick = folder / "quick_win.variant"
    quick.write_text('variant quick_win of demo_skirmish "One town wins"\nparam hold_to_win = 1\n')
    long = folder / "long_war.variant"
    long.write_text('variant long_war of demo_skirmish "Eight turns"\nparam turns = 8\n')
    return [str(quick), str(long)]


def assert_self_contained(html: str) -> None:
    """Nothing in the page is fetched from anywhere: no address, no link, no script; its
    figures are inline SVG, well formed, drawn without any plotting package."""
    import xml.etree.ElementTree as ET

    assert html.startswith("<!DOCTYPE html>")
    assert "http://" not in html and "https://" not in html and "//" not in html
    assert "<link" not in html and "<script" not in html and "url(" not in html
    assert "<iframe" not in html and "@import" not in html and "<img" not in html
    assert not re.findall(r'\b(?:src|href)="', html)
    found = re.findall(r"<figure [^>]*>(.*?)</figure>", html, flags=re.S)
    assert found, "the report has figures"
    for figure in found:
        charts = ET.fromstring(f"<figure>{figure}</figure>")  # well-formed XML
        for chart in charts:
            assert chart.tag == "svg"
            title = chart.find("title")
            assert title is not None and title.text
            assert len(chart.findall(".//line")) > 5, "a chart draws something"
    assert "figure not drawn" not in html


def charts(html: str) -> int:
    return html.count('<svg class="chart"')


def pct(value: float) -> str:
    return f"{100 * value:.1f}"


def test_a_study_writes_a_self_contained_report_and_resumes(tmp_path: Path) -> None:
    files = variants(tmp_path)
    out = tmp_path / "study"
    command = [
        "study", "demo_skirmish", "--variants", *files, "--games", "30", "--batch", "10",
        "--min-games", "20", "--precision", "0.3", "--seed", "5", "--out", str(out),
        "--side", "blue=first", "--no-progress",
    ]  # fmt: skip
    run = legatus(*command)
    assert run.returncode == 0, run.stderr
    assert f"report: {out / 'study.html'}" in run.stdout
    document = json.loads((out / "study.json").read_text("utf-8"))
    html = (out / "study.html").read_text("utf-8")
    assert_self_contained(html)
    assert charts(html) == 3  # win rates, changes, lengths (the demo game has no scores)
    # Every rule set's results file holds exactly the games its pairing played.
    base = [json.loads(line) for line in (out / "base.jsonl").read_text().splitlines()]
    assert sorted(r["seed"] for r in base) == list(range(5, 5 + document["base"]["pairs"]))
    by_name = {v["name"]: v for v in document["variants"]}
    assert set(by_name) == {"quick_win", "long_war"}
    for name, variant in by_name.items():
        lines = (out / f"{name}.jsonl").read_text().splitlines()
        assert len(lines) == variant["pairs"]
        assert variant["stopped"]["pairs"] == variant["pairs"]
        assert variant["stopped"]["reason"] in {"decided", "precise", "budget"}
        assert 20 <= variant["pairs"] <= 30
        # The report says how the pairing stopped, and shows each change with its interval.
        assert variant["stopped"]["detail"].replace("'", "&#x27;") in html
        for _side, change in variant["comparison"]["sides"].items():
            lo, hi = change["ci95"]
            assert f"{100 * change['change']:+.1f} ({100 * lo:+.1f} to {100 * hi:+.1f})" in html
    # One town wins: red (random) against blue (always the first action) wins more often.
    quick = by_name["quick_win"]["comparison"]["sides"]
    assert quick["red"]["change"] != 0 or quick["blue"]["change"] != 0
    # Win rates with their Wilson intervals, as the JSON has them.
    for _side, entry in document["base"]["summary"]["sides"].items():
        lo, hi = entry["ci95"]
        assert f"{pct(entry['win_rate'])}% ({pct(lo)}-{pct(hi)})" in html
    # The commands, seeds and versions that reproduce it.
    reproduce = document["reproduce"]
    assert reproduce["command"].startswith("legatus study demo_skirmish --variants ")
    assert (
        "--side blue=first --games 30 --seed 5 --batch 10 --min-games 20 --precision 0.3"
        in (reproduce["command"])
    )
    assert reproduce["command"].replace("'", "&#x27;") in html
    assert reproduce["seeds"] == [5, 5 + document["base"]["pairs"] - 1]
    assert f"Seeds: 5 to {reproduce['seeds'][1]}" in html
    assert reproduce["versions"]["legatus"] == "0.1.0"
    assert reproduce["versions"]["python"] in html
    assert reproduce["versions"]["demo_skirmish (game data)"] == "0.1.0"
    for _, fingerprint, _ in reproduce["files"]:
        assert fingerprint in html
    assert "never fired" in html and "Rule clauses that fire more or less often" in html
    # Again with the same command: nothing is played, the same document and report.
    before = {p.name: p.read_bytes() for p in out.glob("*.jsonl")}
    again = legatus(*command)
    assert again.returncode == 0, again.stderr
    assert {p.name: p.read_bytes() for p in out.glob("*.jsonl")} == before
    assert json.loads((out / "study.json").read_text("utf-8")) == document
    # Interrupted in the middle of a game's line: the game is played again, the same.
    cut = out / "long_war.jsonl"
    text = cut.read_text()
    cut.write_text(text[: len(text) - 25])
    resumed = legatus(*command)
    assert resumed.returncode == 0, resumed.stderr
    assert cut.read_text() != text[: len(text) - 25]
    assert sorted(cut.read_text().splitlines()) == sorted(text.splitlines())
    assert json.loads((out / "study.json").read_text("utf-8")) == document


def test_a_study_of_every_shipped_variant_names_them(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    out = tmp_path / "naval"
    code = main([
        "study", "gbojc_naval", "--games", "1", "--min-games", "1", "--out", str(out),
        "--max-actions", "30", "--json", "--no-progress",
    ])  # fmt: skip
    captured = capsys.readouterr()
    assert code == 0, captured.err
    document = json.loads(captured.out)
    assert sorted(v["name"] for v in document["variants"]) == [
        "calm_keeps_strength", "fatigue_same_turn", "no_fire_at_m0", "rulebook_text",
    ]  # fmt: skip
    assert all(v["stopped"]["reason"] == "budget" for v in document["variants"])
    assert document["reproduce"]["command"].startswith("legatus study gbojc_naval --variants all")


def test_a_balance_search_writes_the_recommended_value_as_a_variant(tmp_path: Path) -> None:
    out = tmp_path / "balance"
    run = legatus(
        "balance", "demo_skirmish", "--param", "hold_to_win", "--range", "1..3",
        "--games", "30", "--precision", "0.5", "--out", str(out), "--no-progress",
    )  # fmt: skip
    assert run.returncode == 0, run.stderr
    document = json.loads((out / "balance-hold_to_win.json").read_text("utf-8"))
    html = (out / "balance-hold_to_win.html").read_text("utf-8")
    assert_self_contained(html)
    assert charts(html) == 2  # the curve (win rates and gap), the lengths (no scores)
    assert [p["value"] for p in document["points"]] == [1, 2, 3]
    best = document["recommended"]
    gaps = {p["value"]: abs(p["gap"]["change"]) for p in document["points"]}
    assert gaps[best["value"]] == min(gaps.values())
    written = Path(document["written"])
    assert written.name == f"balanced_demo_skirmish_hold_to_win_{best['value']}.variant"
    assert f"variant: {written}" in run.stdout
    assert f"param hold_to_win = {best['value']}" in written.read_text()
    check = legatus("variant", "check", str(written))
    assert check.returncode == 0, check.stderr
    assert f"<b>hold_to_win = {best['value']}</b>" in html
    for point in document["points"]:
        lo, hi = point["gap"]["ci95"]
        assert f"({100 * lo:+.1f} to {100 * hi:+.1f})" in html
        for entry in point["sides"].values():
            assert f"{pct(entry['win_rate'])}% ({pct(entry['ci95'][0])}-" in html
    assert document["reproduce"]["command"] == (
        "legatus balance demo_skirmish --param hold_to_win --range 1..3 --step 1 --games 30 "
        f"--seed 0 --batch 10 --min-games 20 --precision 0.5 --out {out}"
    )
    # The default value on the base rules is the base rules: its games are base.jsonl's.
    default = next(p for p in document["points"] if p["value"] == 2)
    assert default["results"] == "base.jsonl" and default["variant"] is None


def test_a_handicap_declared_by_a_variant_is_searched_on_top_of_it(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    """The docs' Caesar VP handicap: a parameter the variant declares, searched with the
    variant applied; the value written is the whole variant with the value set."""
    out = tmp_path / "handicap"
    code = main([
        "balance", "julius_caesar", "--variant", str(HANDICAP), "--param",
        "handicap.caesar_vp", "--range", "0..9", "--step", "9", "--games", "2",
        "--min-games", "2", "--batch", "2", "--max-actions", "60", "--out", str(out),
        "--write", str(tmp_path / "even.variant"), "--json", "--no-progress",
    ])  # fmt: skip
    captured = capsys.readouterr()
    assert code == 0, captured.err
    document = json.loads(captured.out)
    assert document["parameter"]["low"] == 0 and document["parameter"]["high"] == 9
    assert [p["value"] for p in document["points"]] == [0, 9]
    written = tmp_path / "even.variant"
    assert document["written"] == str(written)
    text = written.read_text()
    assert "replace victory winter_victory" in text
    assert f"param handicap.caesar_vp = {document['recommended']['value']}" in text
    assert main(["variant", "check", str(written)]) == 0


def test_the_handicap_counts_for_caesar_at_the_end_of_the_game() -> None:
    """JC 1.2 with the handicap: nine extra VP make Caesar the winner of a game he loses
    on VP as written (a 60-action game ends at no winter; a year's game to the end)."""
    from legatus.framework.play.catalog import load
    from legatus.framework.tools.simulate.balance import parameter, value_variant_text

    param = parameter("julius_caesar", str(HANDICAP), "handicap.caesar_vp")
    assert (param.default, param.low, param.high) == (0, 0, 9)
    text = value_variant_text("julius_caesar", HANDICAP, param, 9, "nine")
    game = load("julius_caesar", _write(text))
    assert game.rules.values["handicap.caesar_vp"] == 9
    plain = load("julius_caesar", str(HANDICAP))
    assert plain.rules.values["handicap.caesar_vp"] == 0


def _write(text: str) -> str:
    import tempfile

    folder = Path(tempfile.mkdtemp(prefix="legatus-handicap-"))
    path = folder / "nine.variant"
    path.write_text(text)
    return str(path)


# -- bad input ---------------------------------------------------------------------------------


def one_sided_game(folder: Path) -> Path:
    """The demo game with Blue taken out: a game with one side."""
    game = folder / "solo"
    shutil.copytree(DEMO_GAME, game)
    manifest = (game / "game.yaml").read_text()
    (game / "game.yaml").write_text(manifest.replace("  - id: blue\n    name: Blue\n", ""))
    pieces = (game / "pieces.yaml").read_text()
    pieces = "\n".join(line for line in pieces.splitlines() if "side: blue" not in line)
    pieces = pieces.replace("total: 4", "total: 2").replace("{red: 2, blue: 2}", "{red: 2}")
    (game / "pieces.yaml").write_text(pieces + "\n")
    scenario = (game / "scenarios" / "meeting.yaml").read_text()
    (game / "scenarios" / "meeting.yaml").write_text(scenario.split("  blue:")[0])
    return game


@pytest.mark.parametrize(
    ("args", "message"),
    [
        (
            ["balance", "demo_skirmish", "--param", "hold_to_wn", "--range", "1..2"],
            "error: demo_skirmish has no parameter 'hold_to_wn'; did you mean 'hold_to_win'?; "
            "its int parameters: hold_to_win, turns",
        ),
        (
            ["balance", "demo_skirmish", "--param", "hold_to_win", "--range", "0..3"],
            "error: --range 0..3 is outside the declared range of parameter hold_to_win: 1..3",
        ),
        (
            ["balance", "demo_skirmish", "--param", "turns", "--range", "5..21"],
            "error: --range 5..21 is outside the declared range of parameter turns: 1..20",
        ),
        (
            ["balance", "demo_skirmish", "--param", "turns", "--range", "3..x"],
            "error: --range '3..x': expected A..B, two whole numbers (e.g. 8..12)",
        ),
        (
            ["balance", "demo_skirmish", "--param", "turns", "--range", "5..3"],
            "error: --range 5..3: the first value is above the second",
        ),
        (
            ["balance", "demo_skirmish", "--param", "turns", "--range", "3..3"],
            "error: --range 3..3 gives one value: a search needs two or more",
        ),
        (
            ["balance", "julius_caesar", "--param", "disband.cleopatra", "--range", "0..1"],
            "error: parameter 'disband.cleopatra' is a bool: a balance search varies an int "
            "(for a yes/no rule, study the two variants with `legatus study`)",
        ),
        (
            [
                "balance",
                "demo_skirmish",
                "--param",
                "turns",
                "--range",
                "1..2",
                "--variant",
                "no_such",
            ],
            "error: no variant 'no_such': not a file, nor one of the game's variants (none)",
        ),
        (
            ["study", "demo_skirmish"],
            "error: demo_skirmish ships no variants: name variant files with --variants",
        ),
        (
            ["study", "julius_caesar", "--variants", "all", "polish_winter"],
            "error: --variants all names every shipped variant: give it alone",
        ),
        (
            ["study", "julius_caesar", "--variants", "polish_winter", "--precision", "0"],
            "error: --precision must be an interval width above 0 and at most 2 (a change in "
            "a win rate lies in -1..1), not 0",
        ),
        (
            ["study", "julius_caesar", "--variants", "polish_winter", "--scheduler", "x:1"],
            "error: --scheduler is for the dask backend: add --backend dask",
        ),
    ],
)
def test_bad_input_gets_one_line_and_plays_nothing(
    tmp_path: Path, args: list[str], message: str, capsys: pytest.CaptureFixture[str]
) -> None:
    out = tmp_path / "out"
    code = main([*args, "--out", str(out), "--no-progress"])
    captured = capsys.readouterr()
    assert code == 1, captured.out
    lines = captured.err.strip().splitlines()
    assert len(lines) == 1, captured.err
    assert lines[0].startswith(message), lines[0]
    assert not list(out.glob("*.jsonl")) if out.exists() else True


def test_a_game_with_one_side_has_no_win_rates_to_compare(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    game = one_sided_game(tmp_path)
    variant = tmp_path / "v.variant"
    variant.write_text("variant v of demo_skirmish\nparam turns = 4\n")
    for args in (
        ["study", str(game), "--variants", str(variant)],
        ["balance", str(game), "--param", "turns", "--range", "2..4"],
    ):
        code = main([*args, "--out", str(tmp_path / "out"), "--no-progress"])
        captured = capsys.readouterr()
        assert code == 1, captured.out
        assert captured.err.strip() == (
            "error: demo_skirmish has one side (red): a study compares the sides' win rates, "
            "which needs a game with two sides or more"
        )


def test_an_out_folder_that_is_a_file_is_refused(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    taken = tmp_path / "taken"
    taken.write_text("")
    code = main(["balance", "demo_skirmish", "--param", "turns", "--range", "2..3",
                 "--out", str(taken)])  # fmt: skip
    assert code == 1
    assert capsys.readouterr().err.strip() == f"error: --out {taken}: it is a file; give a folder"


def test_games_below_min_games_is_warned_and_the_report_says_what_was_played(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    """The report used to say "at least 20 and at most 4" pairs; now a warning says at
    once that every pairing plays --games pairs at one look, and so does the report."""
    out = tmp_path / "few"
    quick, _ = variants(tmp_path)
    code = main([
        "study", "demo_skirmish", "--variants", quick, "--games", "4", "--out", str(out),
        "--no-progress",
    ])  # fmt: skip
    captured = capsys.readouterr()
    assert code == 0, captured.err
    assert captured.err == (
        "warning: --games 4 is below --min-games 20: every pairing plays 4 pairs and stops "
        "on its budget, at one look\n"
    )
    html = (out / "study.html").read_text("utf-8")
    assert "4 paired games each (--games 4, below --min-games 20), with one look" in html
    assert "at least 20 and at most 4" not in html
    document = json.loads((out / "study.json").read_text("utf-8"))
    assert document["stopping"]["first_look"] == 4
    assert document["variants"][0]["stopped"]["reason"] == "budget"


def test_the_reports_draw_their_figures_without_any_plotting_package(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    """matplotlib is an extra: a default install has none, and the report used to say
    "figure not drawn". Its figures are inline SVG now, drawn by the standard library."""
    monkeypatch.setitem(sys.modules, "matplotlib", None)  # import matplotlib fails
    monkeypatch.setitem(sys.modules, "matplotlib.pyplot", None)
    quick, _ = variants(tmp_path)
    study = tmp_path / "study"
    assert main(["study", "demo_skirmish", "--variants", quick, "--games", "2",
                 "--min-games", "2", "--out", str(study), "--no-progress"]) == 0  # fmt: skip
    balance = tmp_path / "balance"
    assert main(["balance", "demo_skirmish", "--param", "hold_to_win", "--range", "1..2",
                 "--games", "2", "--min-games", "2", "--out", str(balance),
                 "--no-progress"]) == 0  # fmt: skip
    capsys.readouterr()
    for page, count in ((study / "study.html", 3), (balance / "balance-hold_to_win.html", 2)):
        html = page.read_text("utf-8")
        assert_self_contained(html)
        assert charts(html) == count


def test_the_reproduce_command_runs_from_any_folder(tmp_path: Path) -> None:
    """Given relative paths (a variant file, --out, --report) in one folder, the report's
    command names them absolutely, and from another folder it resumes the same run."""
    work = tmp_path / "work"
    work.mkdir()
    (work / "quick_win.variant").write_text(
        'variant quick_win of demo_skirmish "One town wins"\nparam hold_to_win = 1\n'
    )
    run = legatus(
        "study", "demo_skirmish", "--variants", "quick_win.variant", "--games", "4",
        "--min-games", "4", "--out", "runs/study", "--report", "page.html", "--no-progress",
        cwd=work,
    )  # fmt: skip
    assert run.returncode == 0, run.stderr
    document = json.loads((work / "page.json").read_text("utf-8"))
    command = document["reproduce"]["command"]
    assert f"--variants {work / 'quick_win.variant'} " in command
    assert f"--out {work / 'runs' / 'study'}" in command
    assert f"--report {work / 'page.html'}" in command
    assert all(Path(f).is_absolute() for _, _, f in document["reproduce"]["files"])
    before = {p.name: p.read_bytes() for p in (work / "runs" / "study").glob("*.jsonl")}
    elsewhere = tmp_path / "elsewhere"
    elsewhere.mkdir()
    words = shlex.split(command)
    assert words[:2] == ["legatus", "study"]
    again = legatus(*words[1:], "--no-progress", cwd=elsewhere)
    assert again.returncode == 0, again.stderr
    assert list(elsewhere.iterdir()) == []  # nothing written where it was run
    after = {p.name: p.read_bytes() for p in (work / "runs" / "study").glob("*.jsonl")}
    assert after == before  # resumed: no game played again
    assert json.loads((work / "page.json").read_text("utf-8"))["reproduce"]["command"] == command


def test_a_shipped_variant_given_as_its_file_is_named_in_the_command(tmp_path: Path) -> None:
    """A variant file inside an installed game's package is one of its shipped variants:
    the command names it, so it runs wherever the package is installed."""
    from legatus.framework.frontends.cli.workbench_cmd import _variant_word
    from legatus.framework.play.catalog import default_catalog

    shipped = next(
        p for p in default_catalog().definition("julius_caesar").variant_files
        if p.stem == "polish_winter"
    )  # fmt: skip
    assert _variant_word("julius_caesar", str(shipped)) == "polish_winter"
    assert _variant_word("julius_caesar", "polish_winter") == "polish_winter"
    mine = tmp_path / "mine.variant"
    mine.write_text("variant mine of julius_caesar\nparam vp_to_win = 11\n")
    assert _variant_word("julius_caesar", str(mine)) == str(mine.resolve())


@pytest.mark.parametrize(
    ("args", "blocked", "message"),
    [
        (["simulate", "demo_skirmish", "--games", "3", "--plot", "{tmp}/p.png"], "matplotlib",
         "error: --plot needs matplotlib: pip install 'legatus[plot]'"),
        (["variant", "compare", "julius_caesar", "polish_winter", "--games", "3", "--plot",
          "{tmp}/p.png"], "matplotlib", "error: --plot needs matplotlib"),
        (["simulate", "demo_skirmish", "--games", "3", "--backend", "dask"], "dask.distributed",
         "error: the dask backend needs Dask: pip install 'legatus[dask]'"),
        (["study", "demo_skirmish", "--variants", "{tmp}/quick_win.variant", "--backend",
          "dask"], "dask.distributed", "error: the dask backend needs Dask"),
        (["balance", "demo_skirmish", "--param", "turns", "--range", "2..3", "--backend",
          "dask"], "dask.distributed", "error: the dask backend needs Dask"),
    ],
)  # fmt: skip
def test_a_missing_optional_package_is_said_before_any_game(
    args: list[str],
    blocked: str,
    message: str,
    tmp_path: Path,
    monkeypatch: pytest.MonkeyPatch,
    capsys: pytest.CaptureFixture[str],
) -> None:
    variants(tmp_path)
    monkeypatch.setitem(sys.modules, blocked, None)
    out = tmp_path / "out"
    more = ["--out", str(out)] if args[0] != "variant" else ["--out", str(out / "cmp")]
    code = main([*(a.format(tmp=tmp_path) for a in args), *more, "--no-progress"])
    captured = capsys.readouterr()
    assert code == 1
    assert captured.err.startswith(message) and captured.err.count("\n") == 1, captured.err
    assert not out.exists()  # no game played, no results file, no folder made
