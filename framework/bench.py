"""``legatus bench``: how fast the engine plays a game, measured, never asserted.

Random players uniform over the legal actions play complete games from the
default scenario with a fixed seed set, on one core (this process). Each
figure times one thing:

* full games per second and applied actions per second (listing the legal
  actions at every decision and checking the chosen action's legality);
* legal-action listings per second over the positions of the golden
  playthroughs (``tests/golden/<game>-*.jsonl``, replayed), or, where the
  game has none or the files are not installed, over positions recorded from
  the random games (each listing re-runs the current procedure's prompt);
* views per second (``observe`` for the side to move), state copies per
  second (``clone``, a whole copy, and ``fork``, the copy play and search
  use, which shares the log's immutable entries), save+replay per second;
* memory per state: bytes of its JSON form and of the Python objects;
* MCTS iterations per second (``mcts``): the information-set MCTS player at
  its default budget deciding at every tenth decision of a random game
  (:func:`framework.ai.mcts.mcts_iterations_per_second`), with the seconds
  it takes per decision.

The machine may be shared, so every rate is also given in CPU time
(``time.process_time``) under ``cpu``, and ``repeat`` runs the whole
measurement several times and keeps the best of each figure.
"""

from __future__ import annotations

import json
import sys
import time
from collections.abc import Callable
from pathlib import Path
from typing import Any

from framework import golden
from framework.agents import RandomAgent, agent_seed
from framework.engine.actions import Action
from framework.engine.core import Context
from framework.engine.saves import make_save, replay
from framework.engine.session import Session
from framework.engine.state import State, clone, fork
from framework.engine.view import observe
from framework.playable import load_playable

#: Where the golden playthroughs live in a source checkout.
GOLDEN = Path(__file__).resolve().parent.parent / "tests" / "golden"


def _timed(function: Callable[[], int], minimum: float = 0.5) -> tuple[float, float]:
    """Operations per second of ``function`` (which returns how many it did), wall and CPU."""
    done, started, cpu = 0, time.perf_counter(), time.process_time()
    while True:
        done += function()
        elapsed = time.perf_counter() - started
        if elapsed >= minimum:
            return done / elapsed, done / max(time.process_time() - cpu, 1e-9)


def golden_positions(game: Any, name: str, folder: Path = GOLDEN) -> list[State]:
    """The state at every decision of the game's golden playthroughs, replayed."""
    positions: list[State] = []
    for path in sorted(folder.glob(f"{name}-*.jsonl")):
        lines = golden.read(path)
        header = lines[0]
        if header.get("variant") is not None:
            continue
        state = game.new_state(
            header["scenario"], seed=header["seed"], options=tuple(header["options"])
        )
        for line in lines[1:]:
            if "action" not in line:
                break
            positions.append(clone(state))
            game.apply(state, Action.parse(line["action"]))
    return positions


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


def _play(game: Any, seed: int, keep: list[State] | None = None) -> int:
    """One game between random players; returns its number of actions."""
    definition = game.definition
    state = game.new_state(seed=seed)
    agents = {s: RandomAgent(agent_seed(seed, i)) for i, s in enumerate(definition.side_ids)}
    actions = 0
    while state["prompt"] is not None:
        legal = game.legal_actions(state)
        game.apply(state, agents[state["prompt"]["side"]].choose({}, legal))
        actions += 1
        if keep is not None and actions % 3 == 0:
            keep.append(fork(state))
    return actions


def bench(
    name: str, *, games: int = 20, seed: int = 0, repeat: int = 1, mcts_decisions: int = 10
) -> dict[str, Any]:
    """Every figure, measured ``repeat`` times; the best of each is kept.

    ``mcts_decisions`` decisions of the MCTS player are timed (0: none).
    """
    runs = [_bench_once(name, games=games, seed=seed) for _ in range(max(repeat, 1))]
    best = runs[0]
    for run in runs[1:]:
        for key, value in run.items():
            if key.endswith("_per_second"):
                best[key] = max(best[key], value)
        for key, value in run["cpu"].items():
            best["cpu"][key] = max(best["cpu"][key], value)
    best["repeat"] = max(repeat, 1)
    if mcts_decisions > 0:
        from framework.ai.mcts import mcts_iterations_per_second

        best["mcts"] = mcts_iterations_per_second(name, decisions=mcts_decisions, seed=seed + 1)
    return best


def _bench_once(name: str, *, games: int, seed: int) -> dict[str, Any]:
    game = load_playable(name)
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
    listed = [p for p in golden_positions(game, name) if p["prompt"] is not None]
    listed_from = "golden playthroughs" if listed else "random games"
    listed = listed or positions

    def listings() -> int:
        for position in listed:
            ctx = Context(game, position)
            frame = position["stack"][-1]
            game.procedures[frame["p"]].prompt(ctx, frame)
        return len(listed)

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

    session = Session.start(game, game.new_state(seed=seed))
    agents = {s: RandomAgent(agent_seed(seed, i)) for i, s in enumerate(definition.side_ids)}
    while session.state["prompt"] is not None:
        legal = game.legal_actions(session.state)
        session.apply(agents[session.state["prompt"]["side"]].choose({}, legal))
    save = make_save(session)

    def save_replay() -> int:
        replay(make_save(session), lambda g, v: load_playable(g, v))
        return 1

    sample = positions[len(positions) // 2] if positions else session.state
    listing = _timed(listings) if listed else (0.0, 0.0)
    viewing = _timed(views) if positions else (0.0, 0.0)
    cloning = _timed(clones) if positions else (0.0, 0.0)
    forking = _timed(forks) if positions else (0.0, 0.0)
    replaying = _timed(save_replay, 1.0)
    return {
        "game": name,
        "games": games,
        "seed": seed,
        "mean_actions_per_game": round(actions / games, 1),
        "games_per_second": round(games / elapsed, 2),
        "actions_per_second": round(actions / elapsed),
        "legal_listings_per_second": round(listing[0]),
        "listing_positions": f"{len(listed)} from the {listed_from}",
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
