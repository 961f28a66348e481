"""A frame's values that cannot be pieces stay as they are in another side's stack.

Hammer of the Scots names an area and a Scottish block Moray. Before the rules' written
types were read (``legatus.framework.engine.frametypes``), the English player's
information set took the area Moray, offered to the Scots as a group to move or chosen as
Pillage's target, for the hidden block, wrote a token in its place, and a search's sample
put another Scottish block there: MCTS's first game of the Braveheart scenario stopped
on ``unknown space 'Angus/S'`` (seed 9000, action 27).
"""

from __future__ import annotations

from legatus.framework.engine.frames import observe_stack
from legatus.framework.engine.frametypes import FrameTypes, pieceless
from legatus.framework.play.agents import RandomAgent, agent_seed
from legatus.framework.play.catalog import default_catalog
from legatus.framework.play.driver import Match
from legatus.framework.rules import ast
from legatus.framework.rules.parser import parse_rules

RULES = """\
game toy

effect raid(player: side):
  "A raid."
  choose target: space from [player]
  choose victim: piece from [player]
  let found = target
  decide loot by player:
    "Loot"
    option take(block: piece from [victim], to: list[space] from [[target]]):
      set found = to
"""


def _types() -> FrameTypes:
    rules = parse_rules(RULES)
    (effect,) = [d for d in rules.decls if isinstance(d, ast.EffectDecl)]
    decisions = [s for s in effect.body if isinstance(s, ast.DecideStmt)]
    return FrameTypes([(effect.params, effect.body)], decisions)


def _tokenize(value: object) -> object:
    """Every text is a hidden piece's id, for the test: a token replaces it."""
    if isinstance(value, list):
        return [_tokenize(item) for item in value]
    return "?" if isinstance(value, str) else value


def test_pieceless_types() -> None:
    assert pieceless("space") and pieceless("list[list[space]]") and pieceless("card")
    assert not pieceless("piece") and not pieceless("list[piece]")
    assert not pieceless("str") and not pieceless("group") and not pieceless("any")


def test_written_types_decide_what_is_tokenized() -> None:
    """A space, a side, a list of spaces stay; a piece, a variable bound by ``let`` and a
    piece argument of an offer are tokenized."""
    types = _types()
    assert types.plain == {"player", "target", "to"}
    env = {"player": "Moray", "target": "Moray", "victim": "Moray", "found": "Moray"}
    assert types.shown("env", env, _tokenize) == {
        "player": "Moray",
        "target": "Moray",
        "victim": "?",
        "found": "?",
    }
    asking = {"decide": 0, "side": "a", "offers": [["take", ["Moray", [["Moray"]]]]]}
    assert types.shown("asking", asking, _tokenize)["offers"] == [["take", ["?", [["Moray"]]]]]
    chosen = {"name": "target", "side": "a", "candidates": ["Moray"], "text": "t"}
    assert types.shown("asking", chosen, _tokenize)["candidates"] == ["Moray"]
    chosen["name"] = "victim"
    assert types.shown("asking", chosen, _tokenize)["candidates"] == ["?"]


def test_hots_area_moray_is_not_the_hidden_block_moray() -> None:
    """Random games of Hammer of the Scots' Braveheart: when the Scots are offered a group
    move from the area Moray, the English, who may not identify the block Moray, read
    the offer as it is (a token there was taken for the block by their searches)."""
    game = default_catalog().load("hammer_of_the_scots")
    offer = ["group", ["Moray"]]
    for seed in range(1, 20):
        agents = {
            s: RandomAgent(agent_seed(seed, i)) for i, s in enumerate(game.definition.side_ids)
        }
        match = Match.new(game, "braveheart", seed=seed, players=agents)
        while not match.over and len(match.moves) < 400:
            asking = match.state["stack"][-1].get("asking") or {}
            if asking.get("side") == "scots" and offer in asking.get("offers", []):
                stack = observe_stack(game, match.state, "english")
                assert offer in stack[-1]["asking"]["offers"]
                return
            match.step()
    raise AssertionError("no group move from Moray offered to the Scots in 19 games")
