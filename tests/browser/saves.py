"""Matches played by seeded random players up to a moment worth showing, as saves a test
server starts from (``server.create(position=...)``): found by playing, never stored, so
they follow the rules as they are."""

from __future__ import annotations

import json
from collections.abc import Callable
from functools import cache
from typing import Any

from legatus.framework.play.agents import RandomAgent
from legatus.framework.play.catalog import default_catalog
from legatus.framework.play.driver import Match


def played_until(
    game_name: str,
    scenario: str | None,
    seed: int,
    wanted: Callable[[Match], bool],
    limit: int = 1500,
) -> Match:
    """A match of seeded random players, stopped at the first state ``wanted`` accepts."""
    game = default_catalog().load(game_name)
    players = {side: RandomAgent(seed) for side in game.definition.side_ids}
    match = Match.new(game, scenario, seed=seed, players=players, history=True)
    while not wanted(match):
        assert not match.over and len(match.moves) < limit, "no such moment in this match"
        match.play(until=1)
    return match


def battle_frame(match: Match) -> dict[str, Any] | None:
    return next((f for f in reversed(match.state["stack"]) if f.get("p") == "battle"), None)


@cache
def jc_battle_save() -> str:
    """Julius Caesar, seed 23: the battle at Tarraco in its second round."""

    def wanted(match: Match) -> bool:
        battle = match.state["records"].get("battle") or {}
        return battle.get("round") == 2 and battle_frame(match) is not None

    return json.dumps(played_until("julius_caesar", None, 23, wanted).to_save())


@cache
def hb_battle_save() -> str:
    """Hannibal Barkas (stop-hannibal-2p), seed 1: the battle in Insubres, in its first
    round, once the attackers (Rome, the Gallic levy beside it) have lost three units."""

    def wanted(match: Match) -> bool:
        frame = battle_frame(match)
        return (
            frame is not None
            and frame["args"]["space"] == "Insubres"
            and frame.get("round", 0) >= 1
            and frame.get("lost", {}).get("attack") == 3
        )

    return json.dumps(played_until("hannibal_barkas", "stop-hannibal-2p", 1, wanted).to_save())


#: JC 7.3's example (tests/julius_caesar/test_rule_7_3_reserves.py): Caesar attacks Tarraco
#: from Narbo (the main attack) and from Bilbilis; Pompeius moves in from Carthago Nova.
JC_RESERVES = """\
game: julius_caesar
seed: 5
at: {step: command_phase, counters: {year: 1, turn: 1}}
records:
  player1: caesar
  orders: {"caesar": {"move": 2, "levy": 0}, "pompey": {"move": 1, "levy": 0}}
setup:
  caesar:
    map:
      Narbo: [C Equitatus 1, Legio 10, Legio 7, Legio 9]
      Bilbilis: [Legio 11, Legio 12]
    others: out
  pompey:
    map:
      Tarraco: [Legio 5, Legio 6, P Equitatus 1]
      Carthago Nova: [Legio 2, Legio 4, P Auxilia 1, Pompeius]
    others: out
"""


@cache
def jc_reserves_save() -> str:
    """Julius Caesar: the battle at Tarraco in round 1, both sides with reserves (Caesar's two
    blocks from Bilbilis, Pompeius's four from Carthago Nova), which arrive in round 2."""
    from legatus.framework.engine.positions import parse_position

    game = default_catalog().load("julius_caesar")
    match = Match.from_position(game, parse_position(JC_RESERVES, "JC 7.3"), history=True)

    def group(origin: str, to: str, *blocks: str) -> list[str]:
        return [f"group({origin})", *(f"move({block}, {origin}, {to})" for block in blocks)]

    caesar = [
        *group("Narbo", "Tarraco", "C Equitatus 1", "Legio 10", "Legio 7", "Legio 9"),
        *group("Bilbilis", "Tarraco", "Legio 11", "Legio 12"),
        "main(Tarraco, Narbo)",
    ]
    pompey = group("Carthago Nova", "Tarraco", "Legio 2", "Legio 4", "P Auxilia 1", "Pompeius")
    planned = {"caesar": caesar, "pompey": pompey}
    passive = ("end_group", "end_moves", "end_levy")
    for _ in range(60):
        prompt = match.state["prompt"]
        if prompt is None or prompt["kind"] == "battle_turn":
            break
        side = prompt["side"]
        legal = [str(a) for a in match.legal_actions(side)]
        mine = planned[side]
        if mine and mine[0] in legal:
            match.answer(side, mine.pop(0))
        else:
            match.answer(side, next(a for a in legal if a in passive))
    assert match.state["prompt"]["kind"] == "battle_turn", match.state["prompt"]
    return json.dumps(match.to_save())


@cache
def naval_fire_save() -> str:
    """The naval module, phase F of the last turn: the Roman bireme Aquila fires at the
    Veneti Belenos beside it (GBoJC 8.4), and the Veneti are asked whether Belenos fires
    back (8.42). The rolls come from the seed (a save replays them)."""
    import yaml

    from legatus.framework.engine.positions import parse_position
    from tests.gbojc_naval.conftest import NAVAL, sea

    position = sea(
        {"Aquila": ("2010", "N"), "Belenos": ("2110", "S")},
        records={"first": "romans", "individual": ["Aquila", "Belenos"]},
    )
    position["seed"] = 4
    text = yaml.safe_dump(position, sort_keys=False)
    game = default_catalog().load(NAVAL)
    match = Match.from_position(game, parse_position(text, "naval fire", game=NAVAL), history=True)
    for action in ("activate(Aquila)", "act(Aquila)", "speed(0)", "fire(Belenos)"):
        prompt = match.state["prompt"]
        legal = [str(a) for a in match.legal_actions(prompt["side"])]
        if action in legal:
            match.answer(prompt["side"], action)
        else:  # a restricted ship (table 5.32) may be asked no speed
            assert action == "speed(0)", (action, legal)
    assert match.state["prompt"]["kind"] == "reaction", match.state["prompt"]
    return json.dumps(match.to_save())
