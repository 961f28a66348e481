"""OpenSpiel's information-set MCTS bot on Julius Caesar through the adapter: simulations
per second, now and at an earlier commit, alternately in one process.

    python benchmarks/openspiel_ismcts_speed.py --before 01cbe01 --rounds 3

The positions are every ``--every``-th decision with more than one legal action of a
game between greedy players (``--seed``), so the readable log grows from a few thousand
to about a hundred thousand characters across them, as in a game between search players.
At each position the bot (``--simulations`` per decision, bot seed 1) chooses once, on a
copy of the state as a bot finds it in a game: nothing derived from that very state
kept (its key, information set and legal actions are worked out again), only the digests
of the log the state played on carries from the decisions before (``--cold``: not even
those, the dearest case). A round times every position with each adapter in turn, so
both see the same load on a shared machine. ``--before COMMIT`` loads the adapter module
(``legatus/framework/tools/simulate/openspiel.py``) of that commit beside the installed
one, the rest of Legatus being the installed one, and registers its game under another
name. Prints, per position, the log's length and each adapter's seconds per decision
(best of the rounds), then each adapter's simulations per second over all positions (from
those best times) and their ratio. Times are the process's CPU time, which the other work of a
shared machine disturbs far less than the wall clock (the bot runs on one core). Measures
only; nothing is asserted.
"""

from __future__ import annotations

import argparse
import importlib.util
import json
import subprocess
import sys
import tempfile
import time
from pathlib import Path
from types import ModuleType
from typing import Any

import numpy as np

ROOT = Path(__file__).resolve().parent.parent
ADAPTER = "legatus/framework/tools/simulate/openspiel.py"


def adapter_at(commit: str) -> ModuleType:
    """The adapter module as it was at ``commit``, loaded under a name of its own."""
    text = subprocess.run(
        ["git", "show", f"{commit}:{ADAPTER}"], cwd=ROOT, capture_output=True, text=True, check=True
    ).stdout
    path = Path(tempfile.mkdtemp()) / f"openspiel_{commit}.py"
    path.write_text(text, "utf-8")
    spec = importlib.util.spec_from_file_location(f"openspiel_{commit}", path)
    assert spec is not None and spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    sys.modules[spec.name] = module
    spec.loader.exec_module(module)
    return module


def greedy_moves(seed: int) -> list[Any]:
    """The actions of a game of Julius Caesar between greedy players."""
    from legatus.framework.play.agents import agent_seed
    from legatus.framework.play.catalog import default_catalog
    from legatus.framework.play.driver import Match

    catalog = default_catalog()
    game = catalog.load("julius_caesar")
    players = {
        side: catalog.make_agent("greedy", side, agent_seed(seed, i), game=game)
        for i, side in enumerate(game.definition.side_ids)
    }
    match = Match.new(game, seed=seed, players=players)
    while match.step():
        pass
    return [move.action for move in match.moves]


def positions(module: ModuleType, name: str, seed: int, moves: list[Any], every: int) -> list[Any]:
    """The game replayed through ``module``'s adapter: a copy of every ``every``-th state
    at which the side to move has more than one action."""
    game = module.load("julius_caesar", name=name)
    state = game.new_initial_state()
    state.apply_action(seed)
    found, decisions = [], 0
    for action in moves:
        legal = state.legal()
        if len(legal) > 1:
            decisions += 1
            if hasattr(state, "information_key"):
                # What a bot playing this side asks at each of its decisions: the state
                # played on keeps the digests of the log (an earlier adapter keeps nothing).
                state.information_key(state.current_player())
            if decisions % every == 0:
                found.append(state.clone())
        state.apply_action(legal.index(action))
    return found


def played_on(state: Any, cold: bool) -> Any:
    """A copy of ``state`` as the bot finds it in a game: nothing derived from this very
    state kept (no key, no information set, no legal actions), but the log's digests the
    state carries from earlier decisions; ``cold``: not even those."""
    fresh = state.clone()
    truth = fresh._truth
    digests = getattr(truth, "digests", None)
    fresh._truth = (
        type(truth)(truth.value) if cold or digests is None else type(truth)(truth.value, digests)
    )
    return fresh


def bot(module: ModuleType, game: Any, simulations: int) -> Any:
    from open_spiel.python.algorithms import ismcts

    made = ismcts.ISMCTSBot(
        game,
        module.Evaluator(game),
        uct_c=1.0,
        max_simulations=simulations,
        random_state=np.random.RandomState(1),
    )
    made.set_resampler(module.Resampler(1) if hasattr(module, "Resampler") else module.resampler)
    return made


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--before", help="an earlier commit whose adapter to time as well")
    parser.add_argument("--seed", type=int, default=1, help="the greedy game's seed")
    parser.add_argument("--every", type=int, default=25, help="time every N-th decision")
    parser.add_argument("--simulations", type=int, default=10)
    parser.add_argument("--rounds", type=int, default=3)
    parser.add_argument(
        "--cold", action="store_true", help="keep no digest of the log between decisions"
    )
    parser.add_argument("--json", action="store_true", help="print the figures as JSON")
    args = parser.parse_args()

    from legatus.framework.tools.simulate import openspiel

    adapters = {"now": (openspiel, "legatus_julius_caesar")}
    if args.before:
        adapters = {
            args.before: (adapter_at(args.before), "legatus_julius_caesar_before"),
            **adapters,
        }
    moves = greedy_moves(args.seed)
    states = {
        label: positions(module, name, args.seed, moves, args.every)
        for label, (module, name) in adapters.items()
    }
    bots = {
        label: bot(module, states[label][0].get_game(), args.simulations)
        for label, (module, _) in adapters.items()
    }
    logs = [len(json.dumps(state.truth["log"], separators=(",", ":"))) for state in states["now"]]
    best: dict[str, list[float]] = {label: [float("inf")] * len(logs) for label in adapters}
    for _ in range(args.rounds):
        for label in adapters:
            for i, state in enumerate(states[label]):
                fresh = played_on(state, args.cold)
                start = time.process_time()
                bots[label].step(fresh)
                took = time.process_time() - start
                best[label][i] = min(best[label][i], took)
    rates = {label: args.simulations * len(logs) / sum(best[label]) for label in adapters}
    figures = {
        "simulations": args.simulations,
        "positions": len(logs),
        "log_characters": logs,
        "seconds_per_decision": {k: [round(t, 3) for t in v] for k, v in best.items()},
        "simulations_per_second": {k: round(v, 1) for k, v in rates.items()},
    }
    if args.json:
        print(json.dumps(figures, indent=1))
        return
    labels = list(adapters)
    print(f"{'log chars':>10}  " + "  ".join(f"{label:>10}" for label in labels))
    for i, chars in enumerate(logs):
        print(f"{chars:>10}  " + "  ".join(f"{best[label][i]:>9.3f}s" for label in labels))
    print("simulations/s " + "  ".join(f"{label} {rates[label]:.1f}" for label in labels))
    if args.before:
        print(f"ratio {rates['now'] / rates[args.before]:.1f}")


if __name__ == "__main__":
    main()
