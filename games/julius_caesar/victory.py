"""Victory in Julius Caesar (JC 1.2, 8.4): queries for the rules, and the whole check.

The rules file states victory in its DSL (``victory winter_victory``,
``victory final_victory``) over the queries here, which the plugin
registers: ``vp(side)``, ``controls(side, space)``, ``trophies(side)``.
:func:`winter_victory`, :func:`final_victory` and :func:`winter_check`
state the same rules in Python, for tests, for agents that need a quick
verdict, and as the reference the DSL is tested against.

Every function is plain: ``(GameDef, State, ...)``, no engine context.

JC 1.2 (both texts): after each year (at the winter check, JC 8.4) the
sides count the VP of their friendly cities plus 1 per enemy leader
killed; 10 or more wins. If neither wins by the end of the fifth year,
more VP wins, then the side holding Roma, else the game is drawn. The
texts do not say what happens if both reach 10 at once (impossible with
the base numbers: 13 city VP and at most 3 trophies each make 19 < 20);
:func:`winter_victory` gives it to the side with more VP and goes on if
they are equal, as the rules file's ``most vp(side)`` / ``else continue``.
"""

from __future__ import annotations

from framework.engine.program import VictoryResult
from framework.engine.state import State
from framework.gamedef import GameDef
from games.julius_caesar import model
from games.julius_caesar.model import SIDES

ROMA = "Roma"
RULE = "JC 1.2"


def vp(game: GameDef, state: State, side: str) -> int:
    """JC 1.2: VP of ``side``'s friendly cities plus one per enemy leader killed."""
    return model.vp(game, state, side)


def controls(game: GameDef, state: State, side: str, space: str) -> bool:
    """JC 4.2.1: ``space`` is friendly to ``side`` (only its blocks stand there)."""
    return model.controls(state, side, space)


def trophies(game: GameDef, state: State, side: str) -> int:
    """JC 7.51: how many enemy leaders ``side`` has killed (1 VP each)."""
    return len(model.trophies(state, side))


def _name(game: GameDef, side: str) -> str:
    return next(s.name for s in game.sides if s.id == side)


def winter_victory(game: GameDef, state: State, vp_to_win: int) -> VictoryResult | None:
    """JC 1.2, 8.4: a side with ``vp_to_win`` VP or more at a winter check wins."""
    scores = {side: vp(game, state, side) for side in SIDES}
    reached = [side for side in SIDES if scores[side] >= vp_to_win]
    if not reached:
        return None
    best = max(scores[side] for side in reached)
    leaders = [side for side in reached if scores[side] == best]
    if len(leaders) > 1:
        return None
    winner = leaders[0]
    return VictoryResult(
        winner, f"{_name(game, winner)} has {scores[winner]} VP at the winter check", RULE
    )


def final_victory(game: GameDef, state: State, capital: str = ROMA) -> VictoryResult:
    """JC 1.2: after the last year, more VP wins; then the holder of Roma; else a draw."""
    scores = {side: vp(game, state, side) for side in SIDES}
    best = max(scores.values())
    leaders = [side for side in SIDES if scores[side] == best]
    if len(leaders) == 1:
        winner = leaders[0]
        return VictoryResult(
            winner, f"{_name(game, winner)} has more VP after the last year ({best})", RULE
        )
    for side in SIDES:
        if controls(game, state, side, capital):
            return VictoryResult(
                side, f"VP tied at {best}; {_name(game, side)} holds {capital}", RULE
            )
    return VictoryResult(None, f"VP tied at {best} and nobody holds {capital}: a draw", RULE)


def winter_check(
    game: GameDef, state: State, vp_to_win: int, last_year: bool, capital: str = ROMA
) -> VictoryResult | None:
    """The whole JC 1.2 verdict at a winter check: ``vp_to_win`` wins; after the last
    year, the final count decides. ``None``: the game goes on."""
    result = winter_victory(game, state, vp_to_win)
    if result is None and last_year:
        return final_victory(game, state, capital)
    return result
