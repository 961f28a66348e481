"""``legatus bench``: how fast the engine plays a game, measured, never asserted.

Random players uniform over the legal actions play complete games from the
default scenario with a fixed seed set, on one core (this process). Each
figure times one thing:

* full games per second and applied actions per second (listing the legal
  actions at every decision and checking the chosen action's legality);
* legal-action listings per second, over positions recorded from those games
  (each listing re-runs the current procedure's prompt from a copy);
* views per second (``observe`` for the side to move), state clones per
  second, save+replay per second;
* memory per state: bytes of its JSON form and of the Python objects.
"""

from __future__ import annotations

import json
import sys
import time
from collections.abc import Callable
from typing import Any

from framework.agents import RandomAgent, agent_seed
from framework.engine.core import Context
from framework.engine.saves import make_save, replay
from framework.engine.session import Session
from framework.engine.state import State, clone
from framework.engine.view import observe
from framework.playable import load_playable


def _timed(function: Callable[[], int], minimum: float = 0.5) -> float:
    """Operations per second of ``function`` (which returns how many it did)."""
    done, started = 0, time.perf_counter()
    while True:
        done += function()
        elapsed = time.perf_counter() - started
        if elapsed >= minimum:
            return done / elapsed


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
            keep.append(clone(state))
    return actions


def bench(name: str, *, games: int = 20, seed: int = 0) -> dict[str, Any]:
    game = load_playable(name)
    definition = game.definition
    actions = 0
    started = time.perf_counter()
    for number in range(games):
        actions += _play(game, seed + number)
    elapsed = time.perf_counter() - started
    # Positions for the listing, view and clone figures, collected outside the timing.
    positions: list[State] = []
    for number in range(min(games, 5)):
        _play(game, seed + number, positions)
    positions = [p for p in positions if p["prompt"] is not None][:2000]

    def listings() -> int:
        for position in positions:
            ctx = Context(game, position)
            frame = position["stack"][-1]
            game.procedures[frame["p"]].prompt(ctx, frame)
        return len(positions)

    def views() -> int:
        for position in positions:
            observe(definition, position, position["prompt"]["side"])
        return len(positions)

    def clones() -> int:
        for position in positions:
            clone(position)
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
    return {
        "game": name,
        "games": games,
        "seed": seed,
        "mean_actions_per_game": round(actions / games, 1),
        "games_per_second": round(games / elapsed, 2),
        "actions_per_second": round(actions / elapsed),
        "legal_listings_per_second": round(_timed(listings)) if positions else 0,
        "views_per_second": round(_timed(views)) if positions else 0,
        "clones_per_second": round(_timed(clones)) if positions else 0,
        "save_replays_per_second": round(_timed(save_replay, 1.0), 2),
        "state_json_bytes": len(json.dumps(sample, separators=(",", ":"))),
        "state_memory_bytes": deep_size(sample),
        "save_bytes": len(json.dumps(save)),
        "python": sys.version.split()[0],
    }
