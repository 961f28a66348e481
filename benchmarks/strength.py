"""Strength of the players: pairings of complete games, sides alternated, Wilson intervals.

Each pairing ``A/B`` (two player specs, e.g. ``mcts/random`` or
``mcts:iterations=400/greedy``) plays ``--games`` games:
game ``i`` uses seed ``--seed + i`` and gives A the first side when ``i`` is
even, the second when odd, so both players play both sides equally. Every
game is a line of ``--out`` (JSONL); a rerun with the same file skips the
games already there, so an interrupted run resumes. The summary gives A's
win rate with its 95% Wilson interval (draws count as not won and are
listed), and A's mean and worst seconds per decision (decisions with more
than one legal action), which is how the default MCTS budget was chosen.

Reproduce the issue's figures (200 games per pairing; hours on one core)::

    python benchmarks/strength.py --games 200 --workers 2 --out strength.jsonl \
        --pairing mcts/random --pairing mcts/greedy

Never run in CI: it measures, it asserts nothing.
"""

from __future__ import annotations

import argparse
import json
import math
import sys
import time
from concurrent.futures import ProcessPoolExecutor
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parent.parent
if str(ROOT) not in sys.path:
    sys.path.insert(0, str(ROOT))

from framework.agents import agent_seed, decide, make_agent  # noqa: E402
from framework.playable import load_playable  # noqa: E402

Task = tuple[str, str, str, int, int, str | None]


def wilson(wins: float, games: int, z: float = 1.96) -> tuple[float, float]:
    """The 95% Wilson score interval of a proportion."""
    if games == 0:
        return (0.0, 1.0)
    p = wins / games
    centre = p + z * z / (2 * games)
    margin = z * math.sqrt(p * (1 - p) / games + z * z / (4 * games * games))
    scale = 1 + z * z / games
    return ((centre - margin) / scale, (centre + margin) / scale)


def play_game(task: Task) -> dict[str, Any]:
    """One game of the pairing; A plays the first side on even game numbers."""
    game_name, a_spec, b_spec, index, seed, variant = task
    game = load_playable(game_name, variant)
    sides = game.definition.side_ids
    a_side = sides[index % 2]
    specs = {side: (a_spec if side == a_side else b_spec) for side in sides}
    agents = {
        side: make_agent(specs[side], side, agent_seed(seed, i), game=game)
        for i, side in enumerate(sides)
    }
    state = game.new_state(seed=seed)
    limit = game.definition.max_actions or 100_000
    a_time, a_decisions, a_worst, actions = 0.0, 0, 0.0, 0
    started = time.perf_counter()
    while state["prompt"] is not None and actions < limit:
        side = state["prompt"]["side"]
        choices = len(game.legal_actions(state))
        start = time.perf_counter()
        action = decide(agents[side], game, state, side)
        spent = time.perf_counter() - start
        if side == a_side and choices > 1:
            a_time += spent
            a_decisions += 1
            a_worst = max(a_worst, spent)
        game.apply(state, action)
        actions += 1
    result = state["result"] or {"winner": None, "reason": "too long"}
    winner = result["winner"]
    return {
        "pairing": f"{a_spec}/{b_spec}",
        "index": index,
        "seed": seed,
        "sides": specs,
        "winner": winner,
        "a_won": winner == a_side,
        "b_won": winner is not None and winner != a_side,
        "reason": result["reason"],
        "actions": actions,
        "seconds": round(time.perf_counter() - started, 2),
        "a_decisions": a_decisions,
        "a_seconds": round(a_time, 3),
        "a_worst": round(a_worst, 4),
    }


def summary(pairing: str, rows: list[dict[str, Any]]) -> str:
    games = len(rows)
    a_wins = sum(r["a_won"] for r in rows)
    b_wins = sum(r["b_won"] for r in rows)
    draws = games - a_wins - b_wins
    low, high = wilson(a_wins, games)
    decisions = sum(r["a_decisions"] for r in rows)
    mean = sum(r["a_seconds"] for r in rows) / decisions if decisions else 0.0
    worst = max((r["a_worst"] for r in rows), default=0.0)
    a_spec = pairing.split("/")[0]
    return (
        f"{pairing}: {games} games, {a_spec} won {a_wins} ({a_wins / games:.1%}, "
        f"95% Wilson [{low:.1%}, {high:.1%}]), lost {b_wins}, drew {draws}; "
        f"{a_spec} {mean:.4f} s per decision on average, worst {worst:.3f} s "
        f"({decisions} decisions)"
        if games
        else f"{pairing}: no games"
    )


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--game", default="julius_caesar")
    parser.add_argument("--variant")
    parser.add_argument("--games", type=int, default=20, help="games per pairing")
    parser.add_argument("--seed", type=int, default=1000)
    parser.add_argument("--workers", type=int, default=1)
    parser.add_argument(
        "--pairing",
        action="append",
        default=[],
        metavar="A/B",
        help="player A against player B, e.g. mcts/random (repeatable)",
    )
    parser.add_argument("--out", type=Path, default=Path("strength.jsonl"))
    args = parser.parse_args(argv)
    pairings = args.pairing or ["mcts/random", "mcts/greedy"]
    done: dict[tuple[str, int], dict[str, Any]] = {}
    if args.out.exists():
        for line in args.out.read_text("utf-8").splitlines():
            if line.strip():
                row = json.loads(line)
                done[(row["pairing"], row["index"])] = row
    tasks: list[Task] = []
    for pairing in pairings:
        a_spec, sep, b_spec = pairing.partition("/")
        if not sep:
            parser.error(f"--pairing {pairing!r}: expected A/B")
        for index in range(args.games):
            if (pairing, index) not in done:
                tasks.append((args.game, a_spec, b_spec, index, args.seed + index, args.variant))
    with args.out.open("a", encoding="utf-8") as sink:
        if args.workers <= 1:
            results = map(play_game, tasks)
            for row in results:
                _record(sink, done, row)
        else:
            with ProcessPoolExecutor(max_workers=args.workers) as pool:
                for row in pool.map(play_game, tasks):
                    _record(sink, done, row)
    for pairing in pairings:
        rows = [r for (p, i), r in sorted(done.items()) if p == pairing and i < args.games]
        print(summary(pairing, rows))
    return 0


def _record(sink: Any, done: dict[tuple[str, int], dict[str, Any]], row: dict[str, Any]) -> None:
    sink.write(json.dumps(row) + "\n")
    sink.flush()
    done[(row["pairing"], row["index"])] = row
    print(
        f"  {row['pairing']} game {row['index']}: winner {row['winner']} "
        f"({'A' if row['a_won'] else 'B' if row['b_won'] else 'draw'}), {row['actions']} actions, "
        f"{row['seconds']} s",
        file=sys.stderr,
        flush=True,
    )


if __name__ == "__main__":
    sys.exit(main())
