"""``legatus variant compare``: a paired experiment of two rule sets.

The same seeds are played with the same players under BASE (a game's own
rules, or a variant) and VARIANT (common random numbers); the report gives
each side's change in win rate with a 95% interval from the per-seed
differences, and the rule clauses that fired more or less often
(:mod:`legatus.framework.tools.simulate.compare`).
"""

from __future__ import annotations

import argparse
import json
from collections.abc import Sequence
from pathlib import Path
from typing import Any

from legatus.framework.frontends.cli.numbers import NON_NEGATIVE
from legatus.framework.frontends.cli.simulate_cmd import (
    draw,
    experiment_of,
    pct,
    play_seeds,
    plot_target,
    print_coverage,
    run_options,
)
from legatus.framework.model.errors import LegatusError
from legatus.framework.play.catalog import default_catalog, load
from legatus.framework.rules.parser import parse_variant, read_source
from legatus.framework.tools.simulate.compare import compare
from legatus.framework.tools.simulate.rules_known import known_rules
from legatus.framework.tools.simulate.stats import coverage, summarise


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
    run_options(parser)
    parser.add_argument(
        "--out",
        type=Path,
        metavar="PREFIX",
        help="keep results in PREFIX.base.jsonl and PREFIX.variant.jsonl (resumed if they exist)",
    )
    parser.add_argument("--top", type=NON_NEGATIVE, default=15, help="rule changes to print")
    parser.add_argument(
        "--plot", type=Path, metavar="FILE.png", help="draw the win rates and rule changes"
    )
    parser.add_argument("--no-progress", action="store_true", help="no progress bar")
    parser.set_defaults(func=run_compare)


def _variant_game(variant: str) -> str | None:
    """The game a variant file names as its base, or None if ``variant`` is not a file."""
    path = Path(variant)
    if path.suffix and path.is_file():
        return parse_variant(read_source(path), str(path)).base
    return None


def _is_game(target: str) -> bool:
    try:
        default_catalog().rules(target)
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
    base_experiment = experiment_of(args, game, base_variant)
    variant_experiment = base_experiment.with_variant(variant)
    sides = load(game, variant).definition.side_ids
    plot = plot_target(args.plot)
    out_base = out_variant = None
    if args.out is not None:
        out_base = args.out.with_name(args.out.name + ".base.jsonl")
        out_variant = args.out.with_name(args.out.name + ".variant.jsonl")
    base, _ = play_seeds(base_experiment, args, out_base, "base")
    changed, _ = play_seeds(variant_experiment, args, out_variant, "variant")
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
            "base": coverage(base, known_rules(load(game, base_variant))),
            "variant": coverage(changed, known_rules(load(game, variant))),
        }
    # The report first: a plot that fails to draw then loses nothing.
    if args.json:
        print(json.dumps(report, indent=2))
    else:
        _print_compare(report, sides, args.top)
        if args.coverage:
            print("base:", end=" ")
            print_coverage(report["coverage"]["base"])
            print("variant:", end=" ")
            print_coverage(report["coverage"]["variant"])
    if plot is not None:
        from legatus.framework.tools.simulate.plot import plot_comparison

        title = f"{report['game']}: {report['base'] or 'base rules'} -> {report['variant']}"
        draw(lambda: plot_comparison(report, sides, plot, top=args.top, title=title), plot)
        if not args.json:
            print(f"plot: {args.plot}")
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
            f"  {side:<12} win rate {pct(entry['base_rate'])} -> {pct(entry['variant_rate'])}: "
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
