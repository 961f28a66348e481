"""``legatus simulate`` and ``legatus variant compare``: many games between computer players.

``simulate`` plays N games (seeds S..S+N-1) of one experiment on local
worker processes or a Dask cluster, streams one JSON line per game to
``--out`` (resuming an interrupted run), and prints a summary: win rates
with 95% Wilson intervals, draws, scores, game lengths and balance.
``variant compare`` plays the same seeds under two rule sets and reports the
paired changes. See the docs' "Simulation and variant experiments".
"""

from __future__ import annotations

import argparse
import json
import sys
import time
from collections.abc import Sequence
from pathlib import Path
from typing import Any, TextIO

from framework.cli.play_cmd import parse_sides
from framework.errors import LegatusError
from framework.playable import load_playable
from framework.rules.loading import game_rules
from framework.rules.parser import parse_variant, read_source
from framework.simulate.backends import BACKENDS
from framework.simulate.compare import compare
from framework.simulate.play import Experiment
from framework.simulate.results import simulate
from framework.simulate.rules_known import known_rules
from framework.simulate.stats import coverage, summarise


def _run_options(parser: argparse.ArgumentParser) -> None:
    """Options shared by ``simulate`` and ``variant compare``."""
    parser.add_argument("--scenario", help="scenario id (default: the game's default)")
    parser.add_argument("--games", type=int, default=100, help="number of games (seeds)")
    parser.add_argument("--seed", type=int, default=0, help="seed of the first game")
    parser.add_argument(
        "--side",
        action="append",
        default=[],
        metavar="ID=PLAYER",
        help="who plays a side: a player spec such as random or mcts:iterations=200 "
        "(default: random)",
    )
    parser.add_argument("--option", action="append", default=[], help="a scenario option")
    parser.add_argument("--workers", type=int, default=1, help="worker processes")
    parser.add_argument("--backend", choices=BACKENDS, default="local", help="where games run")
    parser.add_argument(
        "--scheduler", help="a Dask scheduler address (dask backend; default: a LocalCluster)"
    )
    parser.add_argument("--max-actions", type=int, help="bound on a game's length in actions")
    parser.add_argument(
        "--alternate",
        action="store_true",
        help="move the players round the sides from one seed to the next (two sides: odd "
        "seeds swap them), to compare players free of the sides' imbalance",
    )
    parser.add_argument("--json", action="store_true", help="print the summary as JSON")
    parser.add_argument(
        "--coverage",
        action="store_true",
        help="also list how often each rule fired, and the rules that never fired",
    )


def register(subparsers: argparse._SubParsersAction[argparse.ArgumentParser]) -> None:
    parser = subparsers.add_parser(
        "simulate",
        help="play many games between computer players and summarise them",
        description="Play --games games (seeds --seed onwards) between computer players, "
        "on local processes or a Dask cluster. Results stream to --out as JSON lines (one "
        "per game); an interrupted run resumes from that file.",
    )
    parser.add_argument("game", help="an installed game's name")
    parser.add_argument("--variant", help="a variant name shipped with the game, or a variant file")
    _run_options(parser)
    parser.add_argument("--out", type=Path, help="JSONL results file (resumed if it exists)")
    parser.add_argument("--plot", type=Path, metavar="FILE.png", help="draw the summary")
    parser.add_argument("--no-progress", action="store_true", help="no progress bar")
    parser.set_defaults(func=run_simulate)


def register_compare(
    variant_commands: argparse._SubParsersAction[argparse.ArgumentParser],
) -> None:
    """``variant compare``, added to the ``variant`` command's subcommands."""
    parser = variant_commands.add_parser(
        "compare",
        help="a paired experiment: the same seeds and players under two rule sets",
        description="Play the same seeds with the same players under BASE (a game, or a "
        "variant) and VARIANT, and report the change in each side's win rate with a 95% "
        "interval from the per-seed differences, and which rule clauses fired more or "
        "less often.",
    )
    parser.add_argument("base", help="the base: an installed game, or a variant (name or file)")
    parser.add_argument("variant", help="the variant (name shipped with the game, or file)")
    parser.add_argument("--game", help="the game, when both variants are given by name")
    _run_options(parser)
    parser.add_argument(
        "--out",
        type=Path,
        metavar="PREFIX",
        help="keep results in PREFIX.base.jsonl and PREFIX.variant.jsonl (resumed if they exist)",
    )
    parser.add_argument("--top", type=int, default=15, help="rule changes to print")
    parser.add_argument(
        "--plot", type=Path, metavar="FILE.png", help="draw the win rates and rule changes"
    )
    parser.add_argument("--no-progress", action="store_true", help="no progress bar")
    parser.set_defaults(func=run_compare)


class ProgressBar:
    """A one-line progress bar on stderr, drawn only on a terminal."""

    def __init__(self, label: str, stream: TextIO | None = None, enabled: bool = True) -> None:
        self.stream = stream or sys.stderr
        self.enabled = enabled and self.stream.isatty()
        self.label = label
        self.start = time.monotonic()
        self.first: int | None = None
        self.done = 0

    def __call__(self, done: int, total: int) -> None:
        if self.first is None:
            self.first = done  # games already in the results file
        self.done = done
        if not self.enabled:
            return
        width = 30
        filled = width * done // total if total else width
        elapsed = time.monotonic() - self.start
        rate = (done - self.first) / elapsed if elapsed > 0 else 0.0
        bar = "#" * filled + "." * (width - filled)
        self.stream.write(f"\r{self.label} [{bar}] {done}/{total} games, {rate:.1f}/s")
        if done >= total:
            self.stream.write("\n")
        self.stream.flush()


def _experiment(args: argparse.Namespace, game: str, variant: str | None) -> Experiment:
    playable = load_playable(game, variant)
    players = parse_sides(args.side, playable.definition.side_ids)
    humans = [side for side, player in players.items() if player == "human"]
    if humans:
        raise LegatusError(f"--side {humans[0]}=human: simulations need computer players")
    if args.games < 1:
        raise LegatusError("--games must be at least 1")
    return Experiment(
        game,
        players,
        scenario=args.scenario,
        variant=variant,
        options=tuple(args.option),
        max_actions=args.max_actions,
        alternate=args.alternate,
    )


def _play(
    experiment: Experiment, args: argparse.Namespace, out: Path | None, label: str
) -> tuple[list[dict[str, Any]], int]:
    """The records of the experiment's seeds, and how many games this run played."""
    seeds = list(range(args.seed, args.seed + args.games))
    progress = ProgressBar(label, enabled=not args.no_progress)
    records = simulate(
        experiment,
        seeds,
        out=out,
        backend=args.backend,
        workers=args.workers,
        scheduler=args.scheduler,
        progress=progress,
    )
    return records, progress.done - (progress.first or 0)


def run_simulate(args: argparse.Namespace) -> int:
    experiment = _experiment(args, args.game, args.variant)
    started = time.monotonic()
    records, played = _play(experiment, args, args.out, "simulate")
    seconds = time.monotonic() - started
    sides = load_playable(args.game, args.variant).definition.side_ids
    summary: dict[str, Any] = {
        "game": records[0]["game"],
        "scenario": records[0]["scenario"],
        "variant": records[0]["variant"],
        "seats": experiment.players,
        "alternate": experiment.alternate,
        "seeds": [args.seed, args.seed + args.games - 1],
        **summarise(records, sides),
        "played": played,
        "seconds": round(seconds, 3),
    }
    if args.coverage:
        summary["coverage"] = coverage(records, known_rules(load_playable(args.game, args.variant)))
    if args.plot:
        from framework.simulate.plot import plot_summary

        plot_summary(summary, records, sides, args.plot, title=_title(summary))
    if args.json:
        print(json.dumps(summary, indent=2))
        return 0
    print(_title(summary))
    _print_summary(summary, sides)
    if args.coverage:
        _print_coverage(summary["coverage"])
    if args.plot:
        print(f"plot: {args.plot}")
    return 0


def _title(summary: dict[str, Any]) -> str:
    players = ", ".join(f"{s}={p}" for s, p in summary["seats"].items())
    if summary.get("alternate"):
        players += " (seats alternate by seed)"
    variant = f" variant {summary['variant']}" if summary["variant"] else ""
    return f"{summary['game']} scenario {summary['scenario']}{variant}: {players}"


def _pct(value: float) -> str:
    return f"{100 * value:.1f}%"


def _print_summary(summary: dict[str, Any], sides: Sequence[str]) -> None:
    games = summary["games"]
    print(f"{games} games (seeds {summary['seeds'][0]}..{summary['seeds'][1]})")
    for side in sides:
        entry = summary["sides"][side]
        lo, hi = entry["ci95"]
        print(
            f"  {side:<12} wins {entry['wins']:>5}  {_pct(entry['win_rate']):>6}  "
            f"95% CI {_pct(lo)}-{_pct(hi)}"
        )
    print(
        f"  {'draws':<12}      {summary['draws']['games']:>5}  {_pct(summary['draws']['rate']):>6}"
    )
    if len(summary["players"]) > 1:
        for player, entry in summary["players"].items():
            lo, hi = entry["ci95"]
            sides_text = ", ".join(
                f"{side} {seat['wins']}/{seat['seats']}" for side, seat in entry["by_side"].items()
            )
            print(
                f"  player {player}: wins {entry['wins']}/{entry['seats']} seats "
                f"{_pct(entry['win_rate'])}, 95% CI {_pct(lo)}-{_pct(hi)} ({sides_text})"
            )
    for side, score in summary["scores"].items():
        print(
            f"  score {side}: mean {score['mean']:.2f}, median {score['median']:g}, "
            f"range {score['min']:g}-{score['max']:g}"
        )
    length = summary["length"]
    print(
        f"  length: mean {length['mean']:.1f} actions, median {length['median']:g}, "
        f"range {length['min']:g}-{length['max']:g}"
    )
    if summary["balance"] is not None:
        print(f"  balance: {summary['balance']:.3f} (1 - win-rate gap)")
    if "seconds" in summary:
        rate = summary["played"] / summary["seconds"] if summary["seconds"] else 0.0
        resumed = games - summary["played"]
        kept = f", {resumed} kept from the results file" if resumed else ""
        print(
            f"  time: {summary['seconds']:.1f} s for {summary['played']} games "
            f"({rate:.2f} games/s{kept})"
        )


def _print_coverage(report: dict[str, Any]) -> None:
    print(f"rule coverage over {report['games']} games:")
    for entry in report["rules"]:
        print(
            f"  {entry['rule']:<40} {entry['origin']:<6} fired {entry['fired']:>7} "
            f"in {entry['games']} games"
        )
    never = report["never_fired"]
    print(f"never fired ({len(never)}): {', '.join(never) if never else 'none'}")


def _variant_game(variant: str) -> str | None:
    """The game a variant file names as its base, or None if ``variant`` is not a file."""
    path = Path(variant)
    if path.suffix and path.is_file():
        return parse_variant(read_source(path), str(path)).base
    return None


def _is_game(target: str) -> bool:
    try:
        game_rules(target)
    except LegatusError:
        return False
    return True


def resolve_compare(base: str, variant: str, game: str | None) -> tuple[str, str | None, str]:
    """(game, base variant or None, variant) from the two arguments of ``variant compare``."""
    if game is None and not Path(base).suffix and _is_game(base):
        return base, None, variant
    found = game or _variant_game(base) or _variant_game(variant)
    if found is None:
        raise LegatusError(
            f"cannot tell the game of {base!r} and {variant!r}: give a game as BASE, "
            "a variant file, or --game"
        )
    if base == found:
        return found, None, variant
    return found, base, variant


def run_compare(args: argparse.Namespace) -> int:
    game, base_variant, variant = resolve_compare(args.base, args.variant, args.game)
    base_experiment = _experiment(args, game, base_variant)
    variant_experiment = base_experiment.with_variant(variant)
    sides = load_playable(game, variant).definition.side_ids
    out_base = out_variant = None
    if args.out is not None:
        out_base = args.out.with_name(args.out.name + ".base.jsonl")
        out_variant = args.out.with_name(args.out.name + ".variant.jsonl")
    base, _ = _play(base_experiment, args, out_base, "base")
    changed, _ = _play(variant_experiment, args, out_variant, "variant")
    report: dict[str, Any] = {
        "game": base[0]["game"],
        "scenario": base[0]["scenario"],
        "seats": dict(base_experiment.players),
        "alternate": base_experiment.alternate,
        "seeds": [args.seed, args.seed + args.games - 1],
        **compare(base, changed, sides),
        "base_summary": summarise(base, sides),
        "variant_summary": summarise(changed, sides),
    }
    if args.coverage:
        report["coverage"] = {
            "base": coverage(base, known_rules(load_playable(game, base_variant))),
            "variant": coverage(changed, known_rules(load_playable(game, variant))),
        }
    if args.plot:
        from framework.simulate.plot import plot_comparison

        title = f"{report['game']}: {report['base'] or 'base rules'} -> {report['variant']}"
        plot_comparison(report, sides, args.plot, top=args.top, title=title)
    if args.json:
        print(json.dumps(report, indent=2))
        return 0
    _print_compare(report, sides, args.top)
    if args.plot:
        print(f"plot: {args.plot}")
    if args.coverage:
        print("base:", end=" ")
        _print_coverage(report["coverage"]["base"])
        print("variant:", end=" ")
        _print_coverage(report["coverage"]["variant"])
    return 0


def _signed(value: float) -> str:
    return f"{100 * value:+.1f}"


def _print_compare(report: dict[str, Any], sides: Sequence[str], top: int) -> None:
    players = ", ".join(f"{s}={p}" for s, p in report["seats"].items())
    if report["alternate"]:
        players += " (seats alternate by seed)"
    print(
        f"{report['game']} scenario {report['scenario']}: {report['base'] or 'base rules'} -> "
        f"{report['variant']}, {players}"
    )
    print(
        f"{report['pairs']} paired games (seeds {report['seeds'][0]}..{report['seeds'][1]}), "
        f"{report['same_outcome']} with the same winner"
    )
    for side in sides:
        entry = report["sides"][side]
        lo, hi = entry["ci95"]
        line = (
            f"  {side:<12} win rate {_pct(entry['base_rate'])} -> {_pct(entry['variant_rate'])}: "
            f"change {_signed(entry['change'])} points, 95% CI {_signed(lo)} to {_signed(hi)}"
        )
        if "score" in entry:
            s_lo, s_hi = entry["score"]["ci95"]
            line += f"; score {entry['score']['change']:+.2f} ({s_lo:+.2f} to {s_hi:+.2f})"
        print(line)
    d_lo, d_hi = report["draws"]["ci95"]
    print(
        f"  draws change {_signed(report['draws']['change'])} points ({_signed(d_lo)} to {_signed(d_hi)})"
    )
    length = report["length"]
    print(
        f"  length change {length['change']:+.1f} actions "
        f"({length['ci95'][0]:+.1f} to {length['ci95'][1]:+.1f})"
    )
    moved = [r for r in report["rules"] if r["change"] != 0][:top]
    print("rule clauses per game (base -> variant, change and 95% CI):")
    if not moved:
        print("  no rule fired more or less often")
    for rule in moved:
        lo, hi = rule["ci95"]
        print(
            f"  {rule['rule']:<40} {rule['base_per_game']:8.2f} -> {rule['variant_per_game']:8.2f}"
            f"  {rule['change']:+.2f} ({lo:+.2f} to {hi:+.2f}) {rule['direction']}"
        )
