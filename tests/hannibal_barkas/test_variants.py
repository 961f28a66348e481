"""The other readings the game implements, shipped as variants, each with the difference it
makes (the base game takes the reference's suggested reading)."""

from __future__ import annotations

from collections import Counter

from legatus.framework.model.gamedef import GameDef
from legatus.framework.play.catalog import default_catalog
from legatus.games.hannibal_barkas import queries
from tests.hannibal_barkas.conftest import (
    empty_hands,
    hb_rules,
    laid_out,
    seated,
    set_gold,
    set_ip,
    set_order,
)


def test_the_shipped_variants_are_the_manifests() -> None:
    definition = default_catalog().definition("hannibal_barkas")
    assert sorted(f.stem for f in definition.variant_files) == [
        "advanced_rules",
        "allied_cards_every_player",
        "assault_printed_defence",
        "attacker_chooses_criticals",
        "cut_off",
        "devastation",
        "dictator",
        "gallic_cavalry_fearless",
        "leaders_move_again",
        "political_track_7",
        "proconsul",
        "siege_declared_after_assault",
    ]


def test_political_track_7_needs_a_third_step_to_an_alliance() -> None:
    """Reference B.10: the five-space track (the default) allies a state after two steps
    from Neutral; the variant's seven-space track after three."""
    for variant, allied_after in ((None, 2), ("political_track_7", 3)):
        kit = seated(hb_rules("actions", variant=variant), "campaign-2p")
        set_order(kit, "rome_north", "carthage_spain")
        empty_hands(kit)
        set_ip(kit, carthage_spain=6)
        set_gold(kit, carthage_spain=30)
        kit.begin()
        kit.act("pass")  # Rome
        steps = 0
        while queries.political_track(kit)["numidia"] < allied_after:
            assert queries.ally(kit, "numidia") is None
            kit.act("politics(numidia)")
            steps += 1
            assert queries.vp(kit, "carthage_spain") == (2 if steps == allied_after else 0)
        assert steps == allied_after
        assert queries.ally(kit, "numidia") == "carthage"


def test_allied_cards_every_player_gives_both_carthaginians_a_massylian_card(hb: GameDef) -> None:
    """Reference A.23 #28: by default only the player whose sphere holds the ally's capital
    draws its card (Carthage's Africa player, for Cirta); in the variant both draw one."""
    for variant, drawers in (
        (None, {"carthage_africa"}),
        ("allied_cards_every_player", {"carthage_africa", "carthage_spain"}),
    ):
        kit = laid_out(hb_rules("take_seats", "draw_cards", variant=variant), "campaign-4p", seed=3)
        kit.begin()
        got = {
            side
            for side in ("carthage_spain", "carthage_africa")
            if Counter(hb.cards[c].deck for c in queries.hand(kit, side))["massilia"] == 1
        }
        assert got == drawers, variant


def test_leaders_move_again_changes_one_parameter() -> None:
    """The third variant's difference in play is shown with the movement rules
    (test_rule_4_2_activation_and_movement: a leader who moved)."""
    game = hb_rules("actions", variant="leaders_move_again")
    assert game.rules.param("leaders.move_once") is False
    assert hb_rules("actions").rules.param("leaders.move_once") is True
