"""The cyclic garbage collector, set for a process that plays many moves.

Every move copies the state it plays on (:func:`~legatus.framework.engine.state.fork`):
thousands of new containers a move, which CPython's collector, at its default
threshold of 700 allocations, traverses again and again while they are young,
and in each full collection together with every object of the loaded games.
Game states hold no reference cycles, and a loaded game lives as long as the
process, so that work finds almost nothing: in random games of Julius Caesar
it was a quarter of the time spent playing.

The program that owns the process (the ``legatus`` command) calls :func:`tune`
once; the catalog then calls :func:`loaded` after it loads a game, which moves
everything alive at that moment out of the collector's way (:func:`gc.freeze`).
A program that imports Legatus as a library keeps its own settings: nothing
here runs unless it calls :func:`tune` itself.
"""

from __future__ import annotations

import gc

#: Allocations between two collections of the youngest generation (CPython's default: 700).
THRESHOLD = 10_000

_tuned = False


def tune() -> None:
    """Collect less often, and freeze each game the catalog loads from now on."""
    global _tuned
    gc.set_threshold(THRESHOLD, 10, 10)
    _tuned = True


def loaded() -> None:
    """A game was just loaded: if :func:`tune` was called, collect once and freeze what is
    alive (the game's data, rules and compiled program), so later collections skip it."""
    if _tuned:
        gc.collect()
        gc.freeze()
