"""``legatus simulate``: many games between computer players, summarised.

``simulate`` plays N games (seeds S..S+N-1) of one experiment on local
worker processes or a Dask cluster, streams one JSON line per game to
``--out`` (resuming an interrupted run), and prints a summary: win rates
with 95% Wilson intervals, draws, scores, game lengths and balance. The
options and helpers here are shared with ``variant compare``
(:mod:`legatus.framework.frontends.cli.compare_cmd`). See the docs' "Simulation and variant
experiments".
"""

from __future__ import annotations

import argparse
import json
import sys
import time
from collections.abc import Callable, Sequence
from pathlib import Path
from typing import Any, TextIO

from legatus.framework.engine.positions import scenario_of
from legatus.framework.frontends.cli.numbers import GAMES, POSITIVE, WORKERS
from legatus.framework.frontends.cli.paths import writable_file
from legatus.framework.frontends.cli.play_cmd import load_position, parse_sides
from legatus.framework.model.errors import LegatusError
from legatus.framework.play.catalog import load
from legatus.framework.play.driver import MAX_ACTIONS
from legatus.framework.play.seats import scenario_seats
from legatus.framework.tools.simulate.backends import BACKENDS, require_backend
from legatus.framework.tools.simulate.play import Experiment, teams_move
from legatus.framework.tools.simulate.results import simulate
from legatus.framework.tools.simulate.rules_known import known_rules
from legatus.framework.tools.simulate.stats import coverage, summarise


def run_options(parser: argparse.ArgumentParser) -> None:
    """Options shared by ``simulate`` and ``variant compare``."""
    experiment_options(parser, "number of games (seeds)")
    parser.add_argument(
        "--position",
        type=Path,
        metavar="FILE",
        help="every game starts from this position file (each with its own seed), "
        "or a position the game ships, by name",
    )
    parser.add_argument(
        "--alternate",
        action="store_true",
        help="move the players round the sides from one seed to the next (two sides: odd "
        "seeds swap them), to compare players free of the sides' imbalance",
    )
    parser.add_argument(
        "--timing",
        action="store_true",
        help="time every decision: each player's seconds per decision, on average and at "
        "worst, on the wall clock and in CPU time",
    )
    parser.add_argument("--json", action="store_true", help="print the summary as JSON")
    parser.add_argument(
        "--coverage",
        action="store_true",
        help="also list how often each rule fired, and the rules that never fired",
    )


def experiment_options(parser: argparse.ArgumentParser, games: str) -> None:
    """What every game of a run shares (scenario, players, options, bound) and where the
    games run: the options of ``simulate``, ``variant compare``, ``study`` and ``balance``."""
    parser.add_argument("--scenario", help="scenario id (default: the game's default)")
    parser.add_argument("--games", type=GAMES, default=100, help=games)
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
    parser.add_argument("--workers", type=WORKERS, default=1, help="worker processes")
    parser.add_argument("--backend", choices=BACKENDS, default="local", help="where games run")
    parser.add_argument(
        "--scheduler", help="a Dask scheduler address (dask backend; default: a LocalCluster)"
    )
    parser.add_argument(
        "--max-actions",
        type=POSITIVE,
        help="bound on a game's length in actions; a longer game is recorded as too long "
        f"(default: the game's own bound, else {MAX_ACTIONS:,})",
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
    run_options(parser)
    parser.add_argument("--out", type=Path, help="JSONL results file (resumed if it exists)")
    parser.add_argument("--plot", type=Path, metavar="FILE.png", help="draw the summary")
    parser.add_argument("--no-progress", action="store_true", help="no progress bar")
    parser.set_defaults(func=run_simulate)


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


def experiment_of(args: argparse.Namespace, game: str, variant: str | None) -> Experiment:
    require_backend(args.backend)  # a missing package is said before any game or file
    position = load_position(args, adopt_variant=False)
    if position is not None and variant is None:
        variant = position.data.get("variant")
    playable = load(game, variant)
    sides = playable.definition.side_ids
    seats = (
        playable.definition.seats_of(scenario_of(playable.definition, position))
        if position is not None
        else scenario_seats(playable.definition, args.scenario)
    )
    everyone = getattr(args, "players", None)
    players = parse_sides(
        args.side, sides, start=dict.fromkeys(sides, everyone) if everyone else None, seats=seats
    )
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
        alternate=getattr(args, "alternate", False),
        timing=getattr(args, "timing", False),
        position=position.text if position is not None else None,
    )


def play_seeds(
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
    experiment = experiment_of(args, args.game, args.variant)
    plot = plot_target(args.plot)
    started = time.monotonic()
    records, played = play_seeds(experiment, args, args.out, "simulate")
    seconds = time.monotonic() - started
    sides = load(args.game, args.variant).definition.side_ids
    summary: dict[str, Any] = {
        "game": records[0]["game"],
        "scenario": records[0]["scenario"],
        "variant": records[0]["variant"],
        "position": records[0].get("position"),
        "seats": experiment.players,
        "alternate": experiment.alternate,
        **({"teams": records[0]["teams"]} if records[0].get("teams") else {}),
        "seeds": [args.seed, args.seed + args.games - 1],
        **summarise(records, sides),
        "played": played,
        "seconds": round(seconds, 3),
    }
    if args.coverage:
        summary["coverage"] = coverage(records, known_rules(load(args.game, args.variant)))
    # The summary first: a plot that fails to draw then loses nothing.
    if args.json:
        print(json.dumps(summary, indent=2))
    else:
        print(_title(summary))
        _print_summary(summary, sides)
        if args.coverage:
            print_coverage(summary["coverage"])
    if plot is not None:
        from legatus.framework.tools.simulate.plot import plot_summary

        draw(lambda: plot_summary(summary, records, sides, plot, title=_title(summary)), plot)
        if not args.json:
            print(f"plot: {args.plot}")
    return 0


def plot_target(path: Path | None) -> Path | None:
    """Where ``--plot`` draws, checked before any game is played: a file that can be
    written, and matplotlib installed to draw it."""
    if path is None:
        return None
    from legatus.framework.tools.simulate.plot import require_plotting

    target = writable_file(path, "draw the plot to")
    require_plotting()
    return target


def draw(plotting: Callable[[], None], path: Path) -> None:
    """Draw a plot, a failure to write it (after the run) a one-line error."""
    try:
        plotting()
    except OSError as exc:
        raise LegatusError(f"cannot draw the plot to {path}: {exc.strerror or exc}") from None


def _title(summary: dict[str, Any]) -> str:
    players = ", ".join(f"{s}={p}" for s, p in summary["seats"].items())
    if summary.get("alternate"):
        moving = "teams" if teams_move(summary.get("teams")) else "seats"
        players += f" ({moving} alternate by seed)"
    variant = f" variant {summary['variant']}" if summary["variant"] else ""
    start = f" from position {summary['position']}" if summary.get("position") else ""
    return f"{summary['game']} scenario {summary['scenario']}{start}{variant}: {players}"


def pct(value: float) -> str:
    return f"{100 * value:.1f}%"


def _print_summary(summary: dict[str, Any], sides: Sequence[str]) -> None:
    games = summary["games"]
    print(f"{games} games (seeds {summary['seeds'][0]}..{summary['seeds'][1]})")
    for side in sides:
        entry = summary["sides"][side]
        lo, hi = entry["ci95"]
        print(
            f"  {side:<12} wins {entry['wins']:>5}  {pct(entry['win_rate']):>6}  "
            f"95% CI {pct(lo)}-{pct(hi)}"
        )
    print(
        f"  {'draws':<12}      {summary['draws']['games']:>5}  {pct(summary['draws']['rate']):>6}"
    )
    for seat, entry in summary.get("by_seat", {}).items():
        lo, hi = entry["ci95"]
        print(
            f"  seat {seat:<7} wins {entry['wins']:>5}  {pct(entry['win_rate']):>6}  "
            f"95% CI {pct(lo)}-{pct(hi)}  ({', '.join(entry['sides'])})"
        )
    if len(summary["players"]) > 1:
        for player, entry in summary["players"].items():
            lo, hi = entry["ci95"]
            sides_text = ", ".join(
                f"{side} {seat['wins']}/{seat['seats']}" for side, seat in entry["by_side"].items()
            )
            print(
                f"  player {player}: wins {entry['wins']}/{entry['seats']} seats "
                f"{pct(entry['win_rate'])}, 95% CI {pct(lo)}-{pct(hi)} ({sides_text})"
            )
    for player, entry in summary["players"].items():
        timing = entry.get("thinking")
        if timing:
            cpu = (
                f"; CPU {timing['cpu_per_decision']:.4f} s on average, "
                f"{timing['worst_cpu']:.3f} s at worst"
                if "cpu_per_decision" in timing
                else ""
            )
            print(
                f"  player {player}: {timing['seconds_per_decision']:.4f} s per decision on "
                f"average, {timing['worst']:.3f} s at worst ({timing['decisions']} decisions "
                f"with a choice){cpu}"
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


def print_coverage(report: dict[str, Any]) -> None:
    print(f"rule coverage over {report['games']} games:")
    for entry in report["rules"]:
        print(
            f"  {entry['rule']:<40} {entry['origin']:<6} fired {entry['fired']:>7} "
            f"in {entry['games']} games"
        )
    never = report["never_fired"]
    print(f"never fired ({len(never)}): {', '.join(never) if never else 'none'}")
