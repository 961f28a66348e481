"""The test kit: rule tests that play a game from a position, for plugin authors too.

A rule test states the situation the rule is about as a position (a few lines
in a position file's form), plays the actions that lead to the rule by their
text through the game's real sequence of play, forces the dice of each roll,
and asserts what the rulebook says through the game's documented queries::

    from legatus.framework.tools.testing import play_from
    from legatus.games.julius_caesar import queries

    kit = play_from("julius_caesar", '''
        at: {step: battle_phase, counters: {year: 1, turn: 1}}
        records: {player1: caesar}
        setup:
          caesar: {map: {Tarraco: [Caesar]}, others: out}
          pompey: {map: {Tarraco: [Legio 5, Legio 6]}, others: out}
    ''')
    kit.dice([1, 3, 4]).act("fire(Caesar)")

* :mod:`legatus.framework.tools.testing.kit`: :func:`play_from` and the :class:`Kit`;
* :mod:`legatus.framework.engine.dice`: dice forced per roll (:class:`ForcedDice`, :class:`RollMade`,
  :class:`DiceError`), re-exported here;
* :mod:`legatus.framework.tools.testing.pytest_plugin`: the ``play_from`` fixture, which fails a test that
  leaves forced rolls unused;
* :func:`load_game`: a game with parameters changed, a variant, or its sequence cut to a
  few steps (:mod:`legatus.framework.tools.testing.rules` writes those changes as a
  variant), for :func:`play_from` or :meth:`Kit.on` (a kit on a state built by hand, which
  also runs one procedure on its own: :meth:`Kit.run_procedure`).

The guide for plugin authors is ``docs/testing-rules.md``.
"""

from __future__ import annotations

from legatus.framework.engine.dice import DiceError, ForcedDice, Roll, RollMade
from legatus.framework.tools.testing.kit import Kit, PlayFrom, load_game, play_from
from legatus.framework.tools.testing.rules import (
    TEST_OVER,
    dsl_value,
    phase_steps,
    test_variant,
)

__all__ = [
    "TEST_OVER",
    "DiceError",
    "ForcedDice",
    "Kit",
    "PlayFrom",
    "Roll",
    "RollMade",
    "dsl_value",
    "load_game",
    "phase_steps",
    "play_from",
    "test_variant",
]
