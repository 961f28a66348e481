"""JC 7.4 and 7.7 as procedures of ``julius_caesar.rules`` (``take_hits``, ``regroup``),
on the framework's block-wargame kit: a variant replaces them like any other procedure,
checked statically, and the battle (the rules' procedure ``battle``) follows the variant.

A variant here is the designer's question "what if the owner spread the hits as he
liked?" or "what if the victor could not regroup?": written in the rules language, no
Python.
"""

from __future__ import annotations

import pytest

from legatus.framework.engine.core import Game
from legatus.framework.model.errors import RulesErrors
from legatus.framework.play.catalog import default_catalog
from legatus.framework.rules.parser import parse_variant
from legatus.framework.tools.testing import PlayFrom

from .conftest import JC, command_phase, group

OWNER_SPREADS_HITS = """\
variant owner_spreads_hits of julius_caesar "Hits go to any block its owner names"
replace procedure take_hits(location: space, side: side, hits: int, reserves: list[piece], round: int): @rule "JC 7.4 (test)"
  "Each hit to a block of the owner's choice, strongest or not."
  let targets = fighting(side_pieces_at(side, location), reserves, round, reserve_arrival_round)
  while hits > 0 and count(targets) > 0:
    decide battle_hit by side:
      "Battle at {location}: {hits} hit(s) to take"
      option hit(block: piece from targets):
        take_hit(block)
    set hits = hits - 1
    set targets = fighting(side_pieces_at(side, location), reserves, round, reserve_arrival_round)
"""

NO_REGROUP = """\
variant no_regroup of julius_caesar "The victor stays where he fought"
replace procedure regroup(location: space, side: side): @rule "JC 7.7 (test)"
  "No regroup."
  let moved = []
"""

SETUP = """
setup:
  caesar: {map: {Narbo: [{piece: Caesar, strength: 2}]}, others: out}
  pompey:
    map: {Tarraco: [Legio 5, {piece: Legio 6, strength: 2}]}
    others: out
"""


def _game(text: str, name: str) -> Game:
    return default_catalog().load_variants(JC, [parse_variant(text, name)])


def test_the_shipped_take_hits_gives_the_first_hit_to_the_strongest(
    play_from: PlayFrom,
) -> None:
    kit = play_from(JC, command_phase(SETUP)).act(*group("Narbo", "Tarraco", "Caesar"))
    kit.dice([1, 6]).act("fire(Caesar)")
    assert [kit.strength("Legio 5"), kit.strength("Legio 6")] == [2, 2]  # the III took it


def test_a_variant_s_take_hits_lets_the_owner_spread_them(play_from: PlayFrom) -> None:
    game = _game(OWNER_SPREADS_HITS, "owner_spreads_hits.variant")
    kit = play_from(game, command_phase(SETUP)).act(*group("Narbo", "Tarraco", "Caesar"))
    kit.dice([1, 2]).act("fire(Caesar)")
    assert kit.asked == ("pompey", "battle_hit")
    assert kit.legal() == ["hit(Legio 5)", "hit(Legio 6)"]  # Legio 6 (II) too
    kit.act("hit(Legio 6)", "hit(Legio 6)")
    assert kit.at("Legio 6") == "pool" and kit.strength("Legio 5") == 3


def test_a_variant_s_regroup_replaces_the_shipped_one(play_from: PlayFrom) -> None:
    game = _game(NO_REGROUP, "no_regroup.variant")
    setup = """
    setup:
      caesar: {map: {Narbo: [Caesar]}, others: out}
      pompey: {map: {Tarraco: [{piece: Legio 5, strength: 1}]}, others: out}
    """
    kit = play_from(game, command_phase(setup)).act(*group("Narbo", "Tarraco", "Caesar"))
    kit.dice([1, 6, 6]).act("fire(Caesar)")  # Legio 5 eliminated: Caesar wins, no regroup
    assert kit.at("Caesar") == "Tarraco"
    assert kit.step == "card_phase"


def test_the_checker_refuses_a_take_hits_that_misuses_the_kit() -> None:
    wrong = OWNER_SPREADS_HITS.replace(
        "option hit(block: piece from targets)", "option hit(block: piece from strongest(side))"
    )
    with pytest.raises(RulesErrors, match="strongest"):
        _game(wrong, "wrong.variant")
