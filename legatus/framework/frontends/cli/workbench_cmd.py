"""``legatus study`` and ``legatus balance``: the designer's workbench.

``study`` plays every chosen variant against the base rules on the same seeds, with
sequential stopping, and writes one self-contained HTML report (and the JSON it is drawn
from); ``balance`` searches one parameter's range for the value whose win rates are
closest to even and writes that value as a variant file. Both keep every game in results
files in their ``--out`` folder, so a run interrupted and started again with the same
command resumes (see :mod:`legatus.framework.tools.simulate.study`, :mod:`legatus.framework.tools.simulate.balance`).
"""

from __future__ import annotations

import argparse
import json
import shlex
import sys
from collections.abc import Sequence
from pathlib import Path
from typing import Any

from legatus.framework.frontends.cli.numbers import POSITIVE
from legatus.framework.frontends.cli.paths import writable_file
from legatus.framework.frontends.cli.simulate_cmd import (
    ProgressBar,
    experiment_of,
    experiment_options,
)
from legatus.framework.model.errors import LegatusError
from legatus.framework.tools.simulate.sequential import StoppingRule
from legatus.framework.tools.simulate.study import Where, versions
from legatus.framework.tools.writing import write_text


def register(subparsers: argparse._SubParsersAction[argparse.ArgumentParser]) -> None:
    study = subparsers.add_parser(
        "study",
        help="paired experiments of variants against the base rules, as an HTML report",
        description="Play every chosen variant against the base rules on the same seeds "
        "with the same players, in batches that stop once a pairing's interval excludes "
        "zero or is narrower than --precision, and write one self-contained HTML report: "
        "win rates with 95% intervals, the change against the base, game length and score "
        "distributions, rule clauses that fire more or less often, rule coverage, and the "
        "commands, seeds and versions that reproduce it. Games are kept in results files in "
        "--out: the same command run again resumes.",
    )
    study.add_argument("game", help="an installed game's name, or a game folder")
    study.add_argument(
        "--variants",
        nargs="+",
        default=["all"],
        metavar="V",
        help="the variants to study: all (every variant the game ships), or names and files",
    )
    _common(study, "study")
    study.set_defaults(func=run_study_command)

    balance = subparsers.add_parser(
        "balance",
        help="search a parameter for the value whose win rates are closest to even",
        description="Play every value of an int parameter in --range (inside its declared "
        "range) on the same seeds with the same players, in batches that stop once a value's "
        "gap between the sides excludes zero or is narrower than --precision; report the "
        "win-rate curve with 95% intervals and write the value closest to even as a variant "
        "file. A handicap (extra VP for a side, say) is a parameter a --variant file declares.",
    )
    balance.add_argument("game", help="an installed game's name, or a game folder")
    balance.add_argument("--param", required=True, metavar="NAME", help="the int parameter")
    balance.add_argument(
        "--range", required=True, metavar="A..B", help="the values to search, A to B"
    )
    balance.add_argument("--step", type=POSITIVE, default=1, help="between values searched")
    balance.add_argument(
        "--variant",
        help="a variant the search builds on (a shipped name or a file; one that declares "
        "a handicap parameter, say)",
    )
    balance.add_argument(
        "--write",
        type=Path,
        metavar="FILE.variant",
        help="where to write the recommended value as a variant file "
        "(default: in --out, named after the value)",
    )
    _common(balance, "balance")
    balance.set_defaults(func=run_balance_command)


def _common(parser: argparse.ArgumentParser, name: str) -> None:
    experiment_options(
        parser, "the most paired games per pairing (sequential stopping may stop sooner)"
    )
    parser.add_argument(
        "--players",
        metavar="PLAYER",
        help="the player spec of every side not given by --side (e.g. mcts)",
    )
    parser.add_argument(
        "--batch", type=POSITIVE, default=10, help="paired games per pairing between looks"
    )
    parser.add_argument(
        "--min-games",
        type=POSITIVE,
        default=20,
        help="paired games a pairing plays before it may stop",
    )
    parser.add_argument(
        "--precision",
        type=float,
        metavar="WIDTH",
        help="stop a pairing once every 95%% interval is narrower than WIDTH (a share: "
        "0.2 is 20 points)",
    )
    parser.add_argument(
        "--out",
        type=Path,
        metavar="FOLDER",
        help=f"the folder of the results files and the report (default: {name}-GAME)",
    )
    parser.add_argument(
        "--report",
        type=Path,
        metavar="FILE.html",
        help=f"the HTML report (default: {name}.html in --out; its JSON beside it)",
    )
    parser.add_argument("--json", action="store_true", help="print the run's document as JSON")
    parser.add_argument("--no-progress", action="store_true", help="no progress bar")


def _rule(args: argparse.Namespace) -> StoppingRule:
    rule = StoppingRule(
        most=args.games, batch=args.batch, min_pairs=args.min_games, precision=args.precision
    )
    if args.games < args.min_games:
        print(
            f"warning: --games {args.games} is below --min-games {args.min_games}: every "
            f"pairing plays {args.games} pairs and stops on its budget, at one look",
            file=sys.stderr,
        )
    return rule


def _where(args: argparse.Namespace) -> Where:
    if args.backend == "local" and args.scheduler is not None:
        raise LegatusError("--scheduler is for the dask backend: add --backend dask")
    return Where(args.backend, args.workers, args.scheduler)


def _where_text(where: Where) -> str:
    if where.backend == "dask":
        place = (
            f"the Dask scheduler {where.scheduler}" if where.scheduler else "a Dask LocalCluster"
        )
        return f"{place} ({where.workers} worker(s) asked for); results do not depend on it"
    return f"{where.workers} local worker process(es); results do not depend on it"


def _outputs(args: argparse.Namespace, name: str) -> tuple[Path, Path, Path]:
    """The run's folder, its HTML report and its JSON document, checked writable now."""
    out: Path = (args.out or Path(f"{name}-{Path(args.game).name}")).expanduser()
    if out.exists() and not out.is_dir():
        raise LegatusError(f"--out {out}: it is a file; give a folder")
    try:
        out.mkdir(parents=True, exist_ok=True)
    except OSError as exc:
        raise LegatusError(f"cannot make the folder {out}: {exc.strerror or exc}") from None
    out = out.resolve()
    report = writable_file(args.report or out / f"{name}.html", "write the report to")
    document = writable_file(report.with_suffix(".json"), "write the report's data to")
    return out, report, document


def _game_word(game: str) -> str:
    """A game as the command names it: an installed game by name, a folder absolute."""
    path = Path(game).expanduser()
    return str(path.resolve()) if path.exists() else game


def _variant_word(game: str, variant: str) -> str:
    """A variant as the command names it, so it runs from any folder: a shipped variant by
    its name (even when given as the file inside the game's package), a file absolute."""
    path = Path(variant).expanduser()
    if not (path.suffix == ".variant" and path.is_file()):
        return variant
    from legatus.framework.play.catalog import default_catalog
    from legatus.framework.rules.parser import parse_variant, read_source

    try:
        shipped = {p.resolve() for p in default_catalog().definition(game).variant_files}
    except LegatusError:
        shipped = set()
    if path.resolve() in shipped:
        return parse_variant(read_source(path), str(path)).name
    return str(path.resolve())


def _command(args: argparse.Namespace, name: str, out: Path, extra: Sequence[str]) -> str:
    """The command that runs the same experiment again, every option spelt out and every
    path absolute, so it runs from any folder."""
    words = ["legatus", name, _game_word(args.game), *extra]
    if args.scenario:
        words += ["--scenario", args.scenario]
    for option in args.option:
        words += ["--option", option]
    if args.players:
        words += ["--players", args.players]
    for side in args.side:
        words += ["--side", side]
    if args.max_actions:
        words += ["--max-actions", str(args.max_actions)]
    words += ["--games", str(args.games), "--seed", str(args.seed), "--batch", str(args.batch)]
    words += ["--min-games", str(args.min_games)]
    if args.precision is not None:
        words += ["--precision", f"{args.precision:g}"]
    words += ["--out", str(out.resolve())]
    if args.report:
        words += ["--report", str(args.report.expanduser().resolve())]
    return shlex.join(words)


def _versions(game: str, where: Where) -> dict[str, str]:
    """Python's, Legatus's, the game data's and the packages' that matter here."""
    from legatus.framework.play.catalog import default_catalog

    definition = default_catalog().definition(game)
    found = versions(_packages(where))
    found[f"{definition.name} (game data)"] = definition.version
    return found


def _packages(where: Where) -> list[str]:
    found: list[str] = []
    if where.backend == "dask":
        found += ["dask", "distributed"]
    return found


def _write(document: dict[str, Any], report: Path, data: Path, html: str) -> None:
    """The report and its data, each written whole (a full disk leaves the earlier ones)."""
    text = json.dumps(document, indent=1, sort_keys=True) + "\n"
    write_text(data, text, "write the report's data to")
    write_text(report, html, "write the report to")


def run_study_command(args: argparse.Namespace) -> int:
    from legatus.framework.tools.simulate.report import study_html
    from legatus.framework.tools.simulate.study import run_study, shipped_variants

    base = experiment_of(args, args.game, None)
    rule = _rule(args)
    where = _where(args)
    if args.variants == ["all"]:
        variants = shipped_variants(args.game)
    elif "all" in args.variants:
        raise LegatusError("--variants all names every shipped variant: give it alone")
    else:
        variants = list(args.variants)
    out, report, data = _outputs(args, "study")
    progress = ProgressBar("study", enabled=not args.no_progress)
    document = run_study(
        base, variants, first_seed=args.seed, rule=rule, out=out, where=where, progress=progress
    )
    last = args.seed + max([document["base"]["pairs"], 1]) - 1
    document["stopping"] = rule.as_json()
    document["reproduce"] = {
        "command": _command(
            args,
            "study",
            out,
            [
                "--variants",
                *(v if v == "all" else _variant_word(args.game, v) for v in args.variants),
            ],
        ),
        "seeds": [args.seed, last],
        "where": _where_text(where),
        "versions": _versions(args.game, where),
        "files": [
            [document["base"]["name"], document["base"]["fingerprint"], str(out / "base.jsonl")],
            *([v["name"], v["fingerprint"], str(out / v["results"])] for v in document["variants"]),
        ],
    }
    _write(document, report, data, study_html(document))
    if args.json:
        print(json.dumps(document, indent=2, sort_keys=True))
        return 0
    _print_study(document)
    print(f"report: {report}")
    return 0


def _print_study(document: dict[str, Any]) -> None:
    sides = document["sides"]
    base = document["base"]
    players = ", ".join(f"{s}={p}" for s, p in document["players"].items())
    print(f"{document['game']} scenario {document['scenario']}: {players}")
    rates = ", ".join(f"{s} {100 * base['summary']['sides'][s]['win_rate']:.1f}%" for s in sides)
    print(f"  {'base rules':<34} {base['pairs']:>4} games  {rates}")
    for variant in document["variants"]:
        changes = ", ".join(
            f"{s} {100 * e['change']:+.1f} ({100 * e['ci95'][0]:+.1f} to {100 * e['ci95'][1]:+.1f})"
            for s, e in variant["comparison"]["sides"].items()
        )
        print(
            f"  {variant['name']:<34} {variant['pairs']:>4} pairs  {changes}  "
            f"[{variant['stopped']['reason']}]"
        )


def run_balance_command(args: argparse.Namespace) -> int:
    from legatus.framework.tools.simulate.balance import (
        parameter,
        parse_range,
        recommended_variant,
        run_balance,
        values_in,
    )
    from legatus.framework.tools.simulate.report import balance_html

    base = experiment_of(args, args.game, args.variant)
    param = parameter(args.game, args.variant, args.param)
    low, high = parse_range(args.range)
    values = values_in(param, low, high, args.step)
    rule = _rule(args)
    where = _where(args)
    out, report, data = _outputs(args, f"balance-{args.param}")
    write = writable_file(args.write, "write the variant to") if args.write else None
    progress = ProgressBar("balance", enabled=not args.no_progress)
    document = run_balance(
        base,
        param,
        values,
        first_seed=args.seed,
        rule=rule,
        out=out,
        where=where,
        progress=progress,
    )
    written = recommended_variant(document, out if write is None else write.parent)
    if write is not None and written != write:
        try:
            written.replace(write)
        except OSError as exc:
            raise LegatusError(
                f"cannot write the variant to {write}: {exc.strerror or exc} (it is in {written})"
            ) from None
        written = write
    extra = ["--param", args.param, "--range", args.range, "--step", str(args.step)]
    if args.variant:
        extra += ["--variant", _variant_word(args.game, args.variant)]
    if args.write:
        extra += ["--write", str(args.write.expanduser().resolve())]
    most = max(p["pairs"] for p in document["points"])
    document["written"] = str(written)
    document["stopping"] = rule.as_json()
    document["reproduce"] = {
        "command": _command(args, "balance", out, extra),
        "seeds": [args.seed, args.seed + most - 1],
        "where": _where_text(where),
        "versions": _versions(args.game, where),
        "files": [
            [
                f"{args.param} = {p['value']}",
                _fingerprint(args.game, p["variant"]),
                str(out / p["results"]),
            ]
            for p in document["points"]
        ],
    }
    _write(document, report, data, balance_html(document))
    if args.json:
        print(json.dumps(document, indent=2, sort_keys=True))
        return 0
    _print_balance(document)
    print(f"variant: {written}")
    print(f"report: {report}")
    return 0


def _fingerprint(game: str, variant: str | None) -> str:
    from legatus.framework.play.catalog import load

    return load(game, variant).fingerprint


def _print_balance(document: dict[str, Any]) -> None:
    sides = document["sides"]
    param = document["parameter"]["name"]
    players = ", ".join(f"{s}={p}" for s, p in document["players"].items())
    print(f"{document['game']} scenario {document['scenario']}: {players}")
    for point in document["points"]:
        rates = ", ".join(f"{s} {100 * point['sides'][s]['win_rate']:.1f}%" for s in sides)
        gap = point["gap"]
        print(
            f"  {param} = {point['value']:<4} {point['pairs']:>4} games  {rates}  gap "
            f"{100 * gap['change']:+.1f} ({100 * gap['ci95'][0]:+.1f} to "
            f"{100 * gap['ci95'][1]:+.1f})  [{point['stopped']['reason']}]"
        )
    best = document["recommended"]
    even = "even within its 95% interval" if best["even"] else "the closest to even, not even"
    print(f"recommended: {param} = {best['value']} ({even})")
