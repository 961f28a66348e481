"""Helpers for Julius Caesar rule tests.

Rule tests run the real data, the real procedures and the shipped rules file
(``legatus/games/julius_caesar/data/rules/julius_caesar.rules``) through the test kit
(:mod:`legatus.framework.tools.testing`): each starts from a position written in a position
file's form, at the step its rule lives in, plays the actions that lead to the
rule by their text through the real sequence of play, forces each roll's dice
and reads the outcome through the game's queries
(:mod:`legatus.games.julius_caesar.queries`). A test that needs another value of a
parameter sets it through a variant compiled like any other. Nothing here
copies a parameter's value.
"""

from __future__ import annotations

import json
import textwrap
from collections.abc import Mapping, Sequence
from typing import Any

import pytest
import yaml

from legatus.framework.model.gamedef import GameDef
from legatus.framework.play.catalog import default_catalog
from legatus.framework.tools.testing import Kit, PlayFrom, load_game


@pytest.fixture(scope="session")
def jc() -> GameDef:
    return default_catalog().definition("julius_caesar")


JC = "julius_caesar"


def command_phase(
    setup: str,
    *,
    player1: str = "caesar",
    caesar: tuple[int, int] = (1, 0),
    pompey: tuple[int, int] = (0, 0),
    year: int = 1,
    turn: int = 1,
    records: Mapping[str, Any] | None = None,
) -> str:
    """A position's text at the start of a turn's command phase (JC 2.2): what the card
    phase left (Player 1, each side's move and levy points, ``(move, levy)``), then
    ``setup`` (position lines: ``setup:``, ``pieces:``...) and any other ``records``."""
    orders = {"caesar": {"move": caesar[0], "levy": caesar[1]}}
    orders["pompey"] = {"move": pompey[0], "levy": pompey[1]}
    lines = [
        f"at: {{step: command_phase, counters: {{year: {year}, turn: {turn}}}}}",
        "records:",
        f"  player1: {player1}",
        f"  orders: {json.dumps(orders)}",
        *(f"  {name}: {json.dumps(value)}" for name, value in (records or {}).items()),
    ]
    return "\n".join(lines) + "\n" + textwrap.dedent(setup).strip("\n") + "\n"


def placed(
    where: Mapping[str, Sequence[str]],
    *,
    pool: Sequence[str] = (),
    strengths: Mapping[str, int] | None = None,
) -> str:
    """The ``setup:`` lines of a position: ``where``'s blocks on the map (each under its own
    side, at full strength or its ``strengths``), ``pool``'s in their sides' pools, every
    other block out of play (``others: out``)."""
    pieces = load_game(JC).definition.pieces
    setup: dict[str, dict[str, Any]] = {side: {} for side in ("caesar", "pompey")}

    def item(block: str) -> Any:
        strength = (strengths or {}).get(block)
        return block if strength is None else {"piece": block, "strength": strength}

    for space, blocks in where.items():
        for block in blocks:
            part = setup[pieces[block].side].setdefault("map", {})
            part.setdefault(space, []).append(item(block))
    for block in pool:
        setup[pieces[block].side].setdefault("pool", []).append(item(block))
    for part in setup.values():
        part["others"] = "out"
    return yaml.safe_dump({"setup": setup}, sort_keys=False, allow_unicode=True)


def command_turn(
    play_from: PlayFrom,
    where: Mapping[str, Sequence[str]],
    *,
    pool: Sequence[str] = (),
    strengths: Mapping[str, int] | None = None,
    params: Mapping[str, Any] | None = None,
    variant: str | None = None,
    **turn: Any,
) -> Kit:
    """The game at a command phase (:func:`command_phase`: ``player1``, ``caesar`` and
    ``pompey`` as ``(move, levy)``, ``records``...) with the blocks :func:`placed`."""
    position = command_phase(placed(where, pool=pool, strengths=strengths), **turn)
    return play_from(JC, position, params=params, variant=variant)


def group(origin: str, to: str, *blocks: str) -> list[str]:
    """The actions that move ``blocks`` from ``origin`` to ``to`` as one group (JC 6.1)."""
    return [f"group({origin})", *(f"move({block}, {origin}, {to})" for block in blocks)]


#: What a side answers when a test lets the game run on: stop, end, pass.
PASSIVE = ("end_moves", "end_group", "end_levy", "end_disband", "end_regroup", "pass")


def advance(kit: Kit, stop: Sequence[str] = (), *, limit: int = 500) -> None:
    """Answer the decisions a test does not care about, passively (end the moves, the levy,
    the disbanding...; a card to play or discard: the first one offered), until a decision
    of a kind in ``stop``, the game's end, or one with no passive answer."""
    for _ in range(limit):
        prompt = kit.prompt
        if prompt is None or prompt.kind in stop:
            return
        actions = kit.legal()
        chosen = next((a for a in actions if a in PASSIVE), None)
        if chosen is None and prompt.kind in ("play", "discard"):
            chosen = actions[0]
        if chosen is None:
            return
        kit.act(chosen)
    raise AssertionError(f"advance: still running after {limit} actions")


def forge_first_fire(kit: Kit, block: str) -> None:
    """Written by hand, no rule's doing (what no position can state): ``block`` named among
    the first-fire blocks the battle being fought keeps, in its field and its argument - for
    a test of what that record shows each side (JC 7.1, 7.3: a hidden block stays hidden)."""
    for frame in kit.state["stack"]:
        if frame.get("p") == "battle":
            for record in (frame["env"]["first_fire"], frame["args"]["first_fire"]):
                record["blocks"].append(block)
