"""``legatus bench``: how fast the engine plays a game, measured, never asserted.

Random players uniform over the legal actions play complete games from the
default scenario with a fixed seed set, on one core (this process), through
the match driver (:mod:`legatus.framework.play.driver`). Each figure times one thing:

* full games per second and applied actions per second (listing the legal
  actions at every decision and checking the chosen action's legality);
* legal-action listings per second over positions of those games (every
  third decision of the first five games; each listing asks the procedure
  that is waiting again, as the engine does for a state read afresh);
* views per second (``observe`` for the side to move), state copies per
  second (``clone``, a whole copy, and ``fork``, the copy play and search
  use, which shares the log's immutable entries), save+replay per second;
* memory per state: bytes of its JSON form and of the Python objects;
* MCTS (``mcts``): the information-set MCTS player at its default budget (the
  game's, where its manifest gives one: ``budget`` in the figures)
  deciding at every tenth decision (with a choice) of a random game: its
  iterations per second, and its seconds per decision on average and at
  worst.

The machine may be shared, so every rate is also given in CPU time
(``time.process_time``) under ``cpu``, and ``repeat`` runs the whole
measurement several times and keeps the best of each figure.
"""

from __future__ import annotations

import json
import sys
import time
from collections.abc import Callable
from typing import Any

from legatus.framework.engine.core import Game
from legatus.framework.engine.state import State, clone, fork
from legatus.framework.engine.view import observe
from legatus.framework.play.agents import RandomAgent, agent_seed
from legatus.framework.play.catalog import Catalog, default_catalog
from legatus.framework.play.driver import Match


def _timed(function: Callable[[], int], minimum: float = 0.5) -> tuple[float, float]:
    """Operations per second of ``function`` (which returns how many it did), wall and CPU."""
    done, started, cpu = 0, time.perf_counter(), time.process_time()
    while True:
        done += function()
        elapsed = time.perf_counter() - started
        if elapsed >= minimum:
            return done / elapsed, done / max(time.process_time() - cpu, 1e-9)


def deep_size(value: Any) -> int:
    """Bytes of a plain-data value's Python objects (dicts, lists, strings, ints)."""
    seen: set[int] = set()
    stack = [value]
    total = 0
    while stack:
        item = stack.pop()
        if id(item) in seen:
            continue
        seen.add(id(item))
        total += sys.getsizeof(item)
        if isinstance(item, dict):
            stack.extend(item.keys())
            stack.extend(item.values())
        elif isinstance(item, list | tuple):
            stack.extend(item)
    return total


def _random_players(game: Game, seed: int) -> dict[str, RandomAgent]:
    return {s: RandomAgent(agent_seed(seed, i)) for i, s in enumerate(game.definition.side_ids)}


def _play(game: Game, seed: int, keep: list[State] | None = None) -> int:
    """One game between random players; returns its number of actions."""
    match = Match.new(game, seed=seed, players=_random_players(game, seed))
    if keep is None:
        match.play()
        return len(match.moves)
    while match.step():
        if len(match.moves) % 3 == 0:
            keep.append(fork(match.state))
    return len(match.moves)


def bench(
    name: str,
    *,
    games: int = 20,
    seed: int = 0,
    repeat: int = 1,
    mcts_decisions: int = 10,
    catalog: Catalog | None = None,
) -> dict[str, Any]:
    """Every figure, measured ``repeat`` times; the best of each is kept.

    ``mcts_decisions`` decisions of the MCTS player are timed (0: none).
    """
    catalog = catalog or default_catalog()
    game = catalog.load(name)
    runs = [_bench_once(game, games=games, seed=seed) for _ in range(max(repeat, 1))]
    best = runs[0]
    for run in runs[1:]:
        for key, value in run.items():
            if key.endswith("_per_second"):
                best[key] = max(best[key], value)
        for key, value in run["cpu"].items():
            best["cpu"][key] = max(best["cpu"][key], value)
    best["repeat"] = max(repeat, 1)
    if mcts_decisions > 0:
        best["mcts"] = mcts_speed(
            catalog.load(name), decisions=mcts_decisions, seed=seed + 1, catalog=catalog
        )
    return best


def _bench_once(game: Game, *, games: int, seed: int) -> dict[str, Any]:
    definition = game.definition
    actions = 0
    started, cpu_started = time.perf_counter(), time.process_time()
    for number in range(games):
        actions += _play(game, seed + number)
    elapsed = time.perf_counter() - started
    cpu_elapsed = max(time.process_time() - cpu_started, 1e-9)
    # Positions for the view and clone figures, collected outside the timing.
    positions: list[State] = []
    for number in range(min(games, 5)):
        _play(game, seed + number, positions)
    positions = [p for p in positions if p["prompt"] is not None][:2000]

    def listings() -> int:
        for position in positions:
            game.legal_actions(position)
        return len(positions)

    def views() -> int:
        for position in positions:
            observe(definition, position, position["prompt"]["side"])
        return len(positions)

    def clones() -> int:
        for position in positions:
            clone(position)
        return len(positions)

    def forks() -> int:
        for position in positions:
            fork(position)
        return len(positions)

    match = Match.new(game, seed=seed, players=_random_players(game, seed), history=True)
    match.play()
    save = match.to_save()

    def save_replay() -> int:
        Match.resume(match.to_save(), lambda g, v: game)
        return 1

    sample = positions[len(positions) // 2] if positions else match.state
    listing = _timed(listings) if positions else (0.0, 0.0)
    viewing = _timed(views) if positions else (0.0, 0.0)
    cloning = _timed(clones) if positions else (0.0, 0.0)
    forking = _timed(forks) if positions else (0.0, 0.0)
    replaying = _timed(save_replay, 1.0)
    return {
        "game": definition.name,
        "games": games,
        "seed": seed,
        "mean_actions_per_game": round(actions / games, 1),
        "games_per_second": round(games / elapsed, 2),
        "actions_per_second": round(actions / elapsed),
        "legal_listings_per_second": round(listing[0]),
        "listing_positions": len(positions),
        "views_per_second": round(viewing[0]),
        "clones_per_second": round(cloning[0]),
        "forks_per_second": round(forking[0]),
        "save_replays_per_second": round(replaying[0], 2),
        "state_json_bytes": len(json.dumps(sample, separators=(",", ":"))),
        "state_memory_bytes": deep_size(sample),
        "save_bytes": len(json.dumps(save)),
        "python": sys.version.split()[0],
        "cpu": {
            "games_per_second": round(games / cpu_elapsed, 2),
            "actions_per_second": round(actions / cpu_elapsed),
            "legal_listings_per_second": round(listing[1]),
            "views_per_second": round(viewing[1]),
            "clones_per_second": round(cloning[1]),
            "forks_per_second": round(forking[1]),
            "save_replays_per_second": round(replaying[1], 2),
        },
    }


def mcts_speed(
    game: Game,
    *,
    iterations: int | None = None,
    decisions: int = 20,
    seed: int = 1,
    catalog: Catalog | None = None,
) -> dict[str, Any]:
    """MCTS on ``decisions`` decisions of a random game: iterations per second, seconds per decision.

    The player is the game's ``mcts`` (its manifest's defaults, such as Hannibal Barkas's
    budget of 200 actions tried), or ``mcts:iterations=N`` with ``iterations``. The
    positions are every tenth decision (with more than one legal action) of a game between
    random players, so early, middle and late positions all count. One core, the caller's
    process. ``iterations`` in the figures is the mean per decision (the budget itself
    when it is in iterations).
    """
    from legatus.framework.play.ai.infoset import information_set
    from legatus.framework.play.ai.mcts import MctsAgent

    spec = "mcts" if iterations is None else f"mcts:iterations={iterations}"
    side = game.definition.side_ids[0]
    agent = (catalog or default_catalog()).make_agent(spec, side, seed, game=game)
    assert isinstance(agent, MctsAgent)
    budget = f"actions={agent.actions}" if agent.actions else f"iterations={agent.iterations}"
    match = Match.new(game, seed=seed, players=_random_players(game, seed))
    spent, worst, measured, skipped = 0.0, 0.0, 0, 0
    while not match.over and measured < decisions:
        prompt = match.prompt()
        assert prompt is not None
        if len(prompt.actions) > 1:
            skipped += 1
            if skipped % 10 == 0:
                start = time.perf_counter()
                agent.choose_in(information_set(game, match.state, prompt.side), prompt.actions)
                took = time.perf_counter() - start
                spent += took
                worst = max(worst, took)
                measured += 1
        match.step()
    ran = agent.done + agent.dropped
    return {
        "budget": budget,
        "iterations": round(ran / measured, 1) if measured else 0.0,
        "decisions": measured,
        "seconds_per_decision": round(spent / max(measured, 1), 4),
        "worst_seconds_per_decision": round(worst, 4),
        "iterations_per_second": round(ran / spent, 1) if spent else 0.0,
    }
