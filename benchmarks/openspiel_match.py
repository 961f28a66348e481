"""A match of Julius Caesar between Legatus's MCTS and OpenSpiel's information-set MCTS bot,
played through the OpenSpiel adapter.

    python benchmarks/openspiel_match.py --games 20 --iterations 20 --simulations 40 --workers 2

Game ``g`` (0, 1, ...) is played from seed ``g``; Legatus's MCTS (``mcts:iterations=N``,
seeded ``g``) is Caesar in the even games and Pompey in the odd ones, and the bot
(:func:`legatus.framework.tools.simulate.openspiel.ismcts_bot`, seeded ``g``: its own
generator and its resampler's; ``--uct-c``, its exploration constant, 1.0 by default) the
other side. Each player's budget is a count (MCTS
iterations, IS-MCTS simulations), so every game replays exactly; choose the two so that
the players spend about equal time per decision, which the report shows: each player's CPU
seconds per decision, over the decisions with more than one legal action. Prints one JSON
line per game as it ends, then the totals: games won by each player (and as each side)
with the 95% Wilson interval of Legatus's MCTS's share, draws (a game that reaches its
action bound is drawn), and the time per decision.
"""

from __future__ import annotations

import argparse
import json
import time
from concurrent.futures import ProcessPoolExecutor
from typing import Any

SIDES = ("caesar", "pompey")


def play(game_number: int, iterations: int, simulations: int, uct_c: float = 1.0) -> dict[str, Any]:
    """One game; what happened in it and the time each player spent deciding."""
    from legatus.framework.play.agents import decide
    from legatus.framework.play.catalog import default_catalog
    from legatus.framework.tools.simulate import openspiel

    game = openspiel.load("julius_caesar")
    mcts_side = SIDES[game_number % 2]
    agent = default_catalog().make_agent(
        f"mcts:iterations={iterations}", mcts_side, game_number, game=game.legatus
    )
    bot = openspiel.ismcts_bot(game, game_number, simulations=simulations, uct_c=uct_c)
    state = game.new_initial_state()
    state.apply_action(game_number)
    spent = {"mcts": 0.0, "ismcts": 0.0}
    decisions = {"mcts": 0, "ismcts": 0}
    while not state.is_terminal():
        player = state.current_player()
        side = SIDES[player]
        legal = state.legal()
        who = "mcts" if side == mcts_side else "ismcts"
        start = time.process_time()
        if who == "mcts":
            action = decide(agent, game.legatus, state.truth, side, legal)
            chosen = legal.index(action)
        else:
            chosen = int(bot.step(state))
        if len(legal) > 1:
            spent[who] += time.process_time() - start
            decisions[who] += 1
        state.apply_action(chosen)
    result = state.truth["result"]
    winner = result["winner"] if result is not None else None
    return {
        "game": game_number,
        "mcts_side": mcts_side,
        "winner": winner,
        "won_by": None if winner is None else ("mcts" if winner == mcts_side else "ismcts"),
        "actions": state.truth["actions"],
        "decisions": decisions,
        "seconds": {who: round(spent[who], 3) for who in spent},
    }


def summary(games: list[dict[str, Any]]) -> dict[str, Any]:
    from legatus.framework.tools.simulate.stats import wilson

    count = len(games)
    won = {who: sum(g["won_by"] == who for g in games) for who in ("mcts", "ismcts")}
    low, high = wilson(won["mcts"], count)
    as_side = {
        side: {
            "games": sum(g["mcts_side"] == side for g in games),
            "mcts_won": sum(g["mcts_side"] == side and g["won_by"] == "mcts" for g in games),
        }
        for side in SIDES
    }
    per_decision = {
        who: round(
            sum(g["seconds"][who] for g in games) / max(1, sum(g["decisions"][who] for g in games)),
            3,
        )
        for who in ("mcts", "ismcts")
    }
    return {
        "games": count,
        "mcts_won": won["mcts"],
        "ismcts_won": won["ismcts"],
        "drawn": count - won["mcts"] - won["ismcts"],
        "mcts_share": [
            round(100 * won["mcts"] / max(count, 1), 1),
            round(100 * low, 1),
            round(100 * high, 1),
        ],
        "mcts_as_side": as_side,
        "cpu_seconds_per_decision": per_decision,
        "actions_per_game": round(sum(g["actions"] for g in games) / max(count, 1), 1),
    }


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--games", type=int, default=20)
    parser.add_argument("--first", type=int, default=0, help="the first game's number")
    parser.add_argument("--iterations", type=int, default=20, help="Legatus's MCTS budget")
    parser.add_argument("--simulations", type=int, default=40, help="the IS-MCTS bot's budget")
    parser.add_argument("--uct-c", type=float, default=1.0, help="the bot's exploration constant")
    parser.add_argument("--workers", type=int, default=1)
    args = parser.parse_args()
    numbers = range(args.first, args.first + args.games)
    games = []
    with ProcessPoolExecutor(args.workers) as pool:
        futures = [
            pool.submit(play, n, args.iterations, args.simulations, args.uct_c) for n in numbers
        ]
        for future in futures:
            games.append(future.result())
            print(json.dumps(games[-1]), flush=True)
    print(json.dumps(summary(games), indent=1))


if __name__ == "__main__":
    main()
