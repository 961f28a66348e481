"""Play many random Julius Caesar games and report what happened in them.

    python benchmarks/jc_random_games.py --games 1000 --workers 2

Reports games finished, battles and events per game, the share of games
decided at a winter check (10 VP), winners, and any exception (with its
seed). Random players are uniform over the legal actions; each game's seed
is its number. Rule counts come from the engine's rule-firing counter.
"""

from __future__ import annotations

import argparse
import json
import time
from collections import Counter
from concurrent.futures import ProcessPoolExecutor
from typing import Any

EVENTS = ("Apollo", "Jupiter", "Mars", "Mercury", "Neptune", "Pluto", "Vulcan")


def play(seed: int) -> dict[str, Any]:
    from legatus.framework.play.agents import RandomAgent, agent_seed
    from legatus.framework.play.catalog import load
    from legatus.framework.play.driver import Match

    game = load("julius_caesar")
    agents = {s: RandomAgent(agent_seed(seed, i)) for i, s in enumerate(game.definition.side_ids)}
    match = Match.new(game, seed=seed, players=agents)
    try:
        while match.step():
            for side in match.waiting_for():
                match.view(side)  # each decision also builds the deciding side's view

    except Exception as exc:
        return {"seed": seed, "error": f"{type(exc).__name__}: {exc}", "actions": len(match.moves)}
    state = match.state
    actions = len(match.moves)
    texts = [e["text"] for e in state["log"]]
    return {
        "seed": seed,
        "actions": actions,
        "winner": state["result"]["winner"],
        "reason": state["result"]["reason"],
        "battles": sum(1 for t in texts if t.startswith("Battle at ") and " ends: " in t),
        # Apollo becomes the card it copies, so it is counted as that card.
        "events": Counter(
            card for t in texts for card in EVENTS if t.startswith(f"Event {card} takes effect")
        ),
        "fired": dict(match.run.fired),
    }


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--games", type=int, default=100)
    parser.add_argument("--workers", type=int, default=1)
    parser.add_argument("--json", action="store_true")
    args = parser.parse_args()
    started = time.perf_counter()
    with ProcessPoolExecutor(args.workers) as pool:
        results = list(pool.map(play, range(args.games), chunksize=8))
    elapsed = time.perf_counter() - started
    done = [r for r in results if "error" not in r]
    errors = [r for r in results if "error" in r]
    events: Counter[str] = Counter()
    for r in done:
        events.update(r["events"])
    winners = Counter(r["winner"] or "draw" for r in done)
    figures = {
        "games": len(results),
        "finished": len(done),
        "errors": [{"seed": r["seed"], "error": r["error"]} for r in errors][:20],
        "mean_actions": round(sum(r["actions"] for r in done) / max(1, len(done)), 1),
        "battles_per_game": round(sum(r["battles"] for r in done) / max(1, len(done)), 2),
        "events_played": dict(sorted(events.items())),
        "events_per_game": round(sum(events.values()) / max(1, len(done)), 2),
        "decided_at_winter_check": round(
            sum("winter_victory" in r["reason"] for r in done) / max(1, len(done)), 3
        ),
        "winners": dict(sorted(winners.items())),
        "seconds": round(elapsed, 1),
        "workers": args.workers,
    }
    print(json.dumps(figures, indent=2))


if __name__ == "__main__":
    main()
