"""JC 8.3 winter supply: a city keeps at most 3 blocks, plus its VP; the owner removes
the excess to the levy pool.

The rulebook's example: Genua supports 3 blocks, Massilia 3 + 1 = 4, Roma 3 + 2 = 5.
The base (3) is the step's argument ``base``, from the parameter ``winter_supply_base``.
Each test starts at the winter's supply step from a position.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from pathlib import Path
from typing import Any

import pytest

from legatus.framework.kit.winter import supply_limit
from legatus.framework.play.catalog import default_catalog
from legatus.framework.tools.testing import Kit, PlayFrom

from .conftest import JC, placed


def supply(play_from: PlayFrom, where: Mapping[str, Sequence[str]], **more: Any) -> Kit:
    return play_from(JC, "at: {step: winter_supply, counters: {year: 1}}\n" + placed(where), **more)


def on_map(kit: Kit) -> list[str]:
    return [b for b in kit.definition.pieces if kit.at(b) not in ("pool", "out")]


@pytest.mark.parametrize(("city", "limit"), [("Genua", 3), ("Massilia", 4), ("Roma", 5)])
def test_rulebook_example_limits(city: str, limit: int) -> None:
    """JC 8.3 example: Genua 3, Massilia 3+1 = 4, Roma 3+2 = 5."""
    assert supply_limit(default_catalog().definition(JC), city, 3, "vp") == limit


def test_at_the_limit_nothing_is_removed(play_from: PlayFrom) -> None:
    """JC 8.3: Genua with 3, Massilia with 4 and Roma with 5 blocks keep them all."""
    kit = supply(
        play_from,
        {
            "Genua": ["Antonius", "Legio 8", "Legio 12"],
            "Massilia": ["Legio 11", "Legio 14", "C Navis 1", "Legio 7"],
            "Roma": ["Legio 1", "Legio 2", "Legio 3", "Legio 4", "Legio 5"],
        },
    )
    assert kit.step != "winter_supply"  # no question: the winter goes on
    assert len(on_map(kit)) == 12


def test_owner_picks_the_excess_one_block_at_a_time(play_from: PlayFrom) -> None:
    """JC 8.3: Genua holds 5 Caesarian blocks (a navis in port counts, blocks not steps):
    two must go. Caesar chooses among the 5 (5 actions), then among the 4 left."""
    kit = supply(play_from, {"Genua": ["Antonius", "Legio 8", "Legio 12", "C Navis 1", "Legio 16"]})
    assert kit.asked == ("caesar", "winter_supply")
    assert len(kit.legal()) == 5
    kit.act("remove(C Navis 1)")
    assert kit.legal() == [
        "remove(Antonius)",
        "remove(Legio 12)",
        "remove(Legio 16)",
        "remove(Legio 8)",
    ]
    kit.act("remove(Legio 16)")
    assert kit.step != "winter_supply"
    assert (kit.at("C Navis 1"), kit.at("Legio 16")) == ("pool", "pool")
    assert kit.pieces_at("Genua") == ["Antonius", "Legio 12", "Legio 8"]


def test_caesar_first_then_cities_by_name(play_from: PlayFrom) -> None:
    """JC 8.3 asked in a fixed order: Caesar's Narbo (4 > 3), then Pompey's Brundisium and
    Tarraco (5 > 4) in name order."""
    kit = supply(
        play_from,
        {
            "Narbo": ["Legio 7", "Legio 9", "Legio 10", "Legio 11"],
            "Tarraco": ["Legio 5", "Legio 6", "P Equitatus 1", "Legio 2", "Legio 4"],
            "Brundisium": ["Legio 3", "Legio 1", "Legio 37", "Legio 39"],
        },
    )
    asked = []
    while kit.step == "winter_supply":
        assert kit.prompt is not None
        first = kit.prompt.actions[0]
        asked.append((kit.prompt.side, kit.at(str(first.args[0]))))
        kit.act(first)
    assert asked == [("caesar", "Narbo"), ("pompey", "Brundisium"), ("pompey", "Tarraco")]


def test_base_is_a_parameter(play_from: PlayFrom) -> None:
    """Variant winter_supply_base = 2: Roma supports 2 + 2 = 4; 5 blocks lose one."""
    kit = supply(
        play_from,
        {"Roma": ["Legio 1", "Legio 2", "Legio 3", "Legio 4", "Legio 5"]},
        params={"winter_supply_base": 2},
    )
    assert len(kit.legal()) == 5


BASE_4 = """variant supply_4 of julius_caesar "Winter supply with a base of 4, as the step's argument"
replace step winter.winter_supply:
  step winter_supply(base: 4)
"""


def test_base_as_the_steps_argument(play_from: PlayFrom, tmp_path: Path) -> None:
    """``step winter_supply(base: ...)``: the argument overrides the parameter (base 4:
    Genua supports 4, so 4 blocks stay)."""
    path = tmp_path / "supply_4.variant"
    path.write_text(BASE_4, encoding="utf-8")
    kit = supply(
        play_from, {"Genua": ["Antonius", "Legio 8", "Legio 12", "Legio 16"]}, variant=str(path)
    )
    assert kit.step != "winter_supply"
    assert kit.at("Legio 16") == "Genua"


def test_removal_is_hidden_from_the_enemy(play_from: PlayFrom) -> None:
    """The enemy learns a block left Genua, not which (JC 3.0)."""
    kit = supply(play_from, {"Genua": ["Antonius", "Legio 8", "Legio 12", "Legio 16"]})
    kit.act("remove(Antonius)")
    assert kit.log()[0] == "Caesar removes a block from Genua: winter supply"
    assert not any("Antonius" in text for text in kit.log("pompey"))


ALEXANDRIA_6 = {
    "Alexandria": ["Cleopatra", "Legio 32", "Legio 33", "Legio 34", "Legio 35", "Legio 36"]
}


def test_rule_8_3_winter_supply_never_removes_cleopatra_by_default(play_from: PlayFrom) -> None:
    """JC 8.3 with 8.5: winter supply's surplus block "se disuelve", the verb by which the
    Spanish 8.5 (the default) excepts Cleopatra; one reading for both steps. Alexandria
    (VP 2) supplies 5 blocks and holds 6 of Pompeius's: Cleopatra counts, but one of the
    legions goes. With ``disband_cleopatra`` (the Polish 8.3 and 8.5: any block) she may go
    too, to the pool."""
    kit = supply(play_from, ALEXANDRIA_6)
    assert kit.asked == ("pompey", "winter_supply")
    assert kit.legal() == [f"remove(Legio {n})" for n in (32, 33, 34, 35, 36)]
    kit.act("remove(Legio 36)")
    assert kit.step != "winter_supply"
    assert kit.at("Cleopatra") == "Alexandria"
    polish = supply(play_from, ALEXANDRIA_6, variant="disband_cleopatra")
    assert polish.legal() == ["remove(Cleopatra)"] + [
        f"remove(Legio {n})" for n in (32, 33, 34, 35, 36)
    ]
    polish.act("remove(Cleopatra)")
    assert (polish.step != "winter_supply", polish.at("Cleopatra")) == (True, "pool")


def test_rule_8_3_a_city_whose_only_surplus_is_cleopatra_keeps_her(play_from: PlayFrom) -> None:
    """JC 8.3, 8.5: with a base of 0 (a variant's), a city of no VP supplies no block; if
    Cleopatra is all it holds, there is no block winter supply may take, and the winter goes
    on (no question with nothing to answer)."""
    kit = supply(play_from, {"Ancyra": ["Cleopatra"]}, params={"winter_supply_base": 0})
    assert kit.step != "winter_supply"
    assert kit.at("Cleopatra") == "Ancyra"
