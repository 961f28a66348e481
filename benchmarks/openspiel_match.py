"""A match of Julius Caesar between two players, OpenSpiel's information-set MCTS bot or
Legatus's own, played through the OpenSpiel adapter.

    python benchmarks/openspiel_match.py --games 20 --iterations 20 --simulations 40 --workers 2
    python benchmarks/openspiel_match.py --players ismcts greedy --games 100 --simulations 60

``--players A B`` (default ``mcts ismcts``): ``ismcts`` is OpenSpiel's bot
(:func:`legatus.framework.tools.simulate.openspiel.ismcts_bot`, seeded ``g``: its own
generator and its resampler's; ``--simulations``, and ``--uct-c``, its exploration constant,
1.0 by default); ``mcts`` is Legatus's MCTS at ``--iterations`` (``mcts:iterations=N``); any
other name is a Legatus player as ``legatus simulate --side`` takes it (``random``,
``greedy``, ``mcts:iterations=40``), seeded ``g``. Game ``g`` (0, 1, ...) is played from
seed ``g``; A is Caesar in the even games and Pompey in the odd ones. Each player's budget is
a count (MCTS iterations, IS-MCTS simulations), so every game replays exactly; choose the
two so that the players spend about equal time per decision, which the report shows: each
player's CPU seconds per decision, over the decisions with more than one legal action.
Prints one JSON line per game as it ends, then the totals: games won by each player (and
as each side) with the 95% Wilson interval of A's share, draws (a game that reaches its
action bound is drawn), and the time per decision.
"""

from __future__ import annotations

import argparse
import json
import time
from concurrent.futures import ProcessPoolExecutor
from typing import Any

SIDES = ("caesar", "pompey")


def play(
    game_number: int,
    iterations: int,
    simulations: int,
    uct_c: float = 1.0,
    players: tuple[str, str] = ("mcts", "ismcts"),
) -> dict[str, Any]:
    """One game; what happened in it and the time each player spent deciding."""
    from legatus.framework.play.agents import decide
    from legatus.framework.play.catalog import default_catalog
    from legatus.framework.tools.simulate import openspiel

    game = openspiel.load("julius_caesar")
    first, second = players
    side_of = {first: SIDES[game_number % 2], second: SIDES[1 - game_number % 2]}
    deciders: dict[str, Any] = {}
    for who in players:
        if who == "ismcts":
            deciders[who] = openspiel.ismcts_bot(
                game, game_number, simulations=simulations, uct_c=uct_c
            )
        else:
            spec = f"mcts:iterations={iterations}" if who == "mcts" else who
            deciders[who] = default_catalog().make_agent(
                spec, side_of[who], game_number, game=game.legatus
            )
    by_side = {side: who for who, side in side_of.items()}
    state = game.new_initial_state()
    state.apply_action(game_number)
    spent = dict.fromkeys(players, 0.0)
    decisions = dict.fromkeys(players, 0)
    while not state.is_terminal():
        side = SIDES[state.current_player()]
        legal = state.legal()
        who = by_side[side]
        start = time.process_time()
        if who == "ismcts":
            chosen = int(deciders[who].step(state))
        else:
            action = decide(deciders[who], game.legatus, state.truth, side, legal)
            chosen = legal.index(action)
        if len(legal) > 1:
            spent[who] += time.process_time() - start
            decisions[who] += 1
        state.apply_action(chosen)
    result = state.truth["result"]
    winner = result["winner"] if result is not None else None
    return {
        "game": game_number,
        "players": list(players),
        "first_side": side_of[first],
        "winner": winner,
        "won_by": None if winner is None else by_side[winner],
        "actions": state.truth["actions"],
        "decisions": decisions,
        "seconds": {who: round(spent[who], 3) for who in spent},
    }


def summary(games: list[dict[str, Any]]) -> dict[str, Any]:
    from legatus.framework.tools.simulate.stats import wilson

    count = len(games)
    players = games[0]["players"] if games else ["mcts", "ismcts"]
    won = {who: sum(g["won_by"] == who for g in games) for who in players}
    low, high = wilson(won[players[0]], count)
    as_side = {
        who: {
            side: sum(g["won_by"] == who and g["winner"] == side for g in games) for side in SIDES
        }
        for who in players
    }
    per_decision = {
        who: round(
            sum(g["seconds"][who] for g in games) / max(1, sum(g["decisions"][who] for g in games)),
            3,
        )
        for who in players
    }
    return {
        "games": count,
        "players": players,
        "won": won,
        "drawn": count - sum(won.values()),
        "first_share": [
            round(100 * won[players[0]] / max(count, 1), 1),
            round(100 * low, 1),
            round(100 * high, 1),
        ],
        "won_as_side": as_side,
        "cpu_seconds_per_decision": per_decision,
        "actions_per_game": round(sum(g["actions"] for g in games) / max(count, 1), 1),
    }


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--games", type=int, default=20)
    parser.add_argument("--first", type=int, default=0, help="the first game's number")
    parser.add_argument(
        "--players", nargs=2, default=["mcts", "ismcts"], metavar=("A", "B"),
        help="ismcts, mcts or a Legatus player (random, greedy, ...); A is Caesar in even games",
    )  # fmt: skip
    parser.add_argument("--iterations", type=int, default=20, help="Legatus's MCTS budget")
    parser.add_argument("--simulations", type=int, default=40, help="the IS-MCTS bot's budget")
    parser.add_argument("--uct-c", type=float, default=1.0, help="the bot's exploration constant")
    parser.add_argument("--workers", type=int, default=1)
    args = parser.parse_args()
    if args.players[0] == args.players[1]:
        parser.error("--players: two different players")
    numbers = range(args.first, args.first + args.games)
    players = (args.players[0], args.players[1])
    games = []
    with ProcessPoolExecutor(args.workers) as pool:
        futures = [
            pool.submit(play, n, args.iterations, args.simulations, args.uct_c, players)
            for n in numbers
        ]
        for future in futures:
            games.append(future.result())
            print(json.dumps(games[-1]), flush=True)
    print(json.dumps(summary(games), indent=1))


if __name__ == "__main__":
    main()
