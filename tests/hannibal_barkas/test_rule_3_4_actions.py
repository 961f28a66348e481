"""HB 3.4: the action phase, one action each in the order of play until all have passed
(the second Ex. 2, i.e. Ex. 3); playing a card for initiative, for gold or as an event
(HB 3.4.1-3.4.3, 1.3.1), the political action (HB 3.4.5), handing over an army (HB 3.4.6),
passing (HB 3.4.7)."""

from __future__ import annotations

from legatus.framework.tools.testing import Kit
from legatus.games.hannibal_barkas import queries
from tests.hannibal_barkas.conftest import (
    empty_hands,
    give,
    hb_rules,
    seated,
    set_gold,
    set_ip,
    set_order,
)


def action_game(scenario: str = "campaign-4p", seed: int = 0, random_dice: bool = False) -> Kit:
    """The scenario's seats taken, no card in any hand, the action phase alone to play
    (``random_dice``: the rolls come from the state's seeded generator)."""
    kit = seated(hb_rules("actions"), scenario, seed=seed, random_dice=random_dice)
    empty_hands(kit)
    return kit


def decline_effects(kit: Kit) -> None:
    """Every player declines the effects he is offered after a move (HB 1.3.1)."""
    while kit.asked is not None and kit.asked[1] == "respond":
        kit.act("decline")


def test_example_3_one_action_each_in_the_unchanged_order() -> None:
    """The second Ex. 2: A moves an army for 1 IP; B takes a political action for 2 IP and
    10 talents; C plays a card for 2 IP (1 + 2 = 3); D passes. The next round is A (2 IP),
    B (0 IP), C (3 IP), in the order of the stage (HB 3.3)."""
    kit = action_game()
    set_ip(kit, rome_north=3, rome_south=2, carthage_spain=1, carthage_africa=1)
    set_order(kit, "rome_north", "rome_south", "carthage_africa", "carthage_spain")
    give(kit, "carthage_spain", "Jazda kartagińska")
    kit.begin()
    assert queries.to_act(kit) == "rome_north"
    # A: the army in Ravenna (Pretor II, no 'A') marches to Ariminum.
    kit.act("activate(Ravenna)", "take(heavy_infantry, 6)", "march", "step(Ariminum)", "halt")
    decline_effects(kit)
    kit.act("done")
    assert kit.asked is not None and kit.asked[1] == "joining"
    kit.act("done")
    # B might send his cavalry from Regium to join A's army in Ariminum (HB 10.1): he does not.
    assert kit.asked is not None and kit.asked[1] == "teammate"
    kit.act("decline")
    # B: a political action.
    assert kit.asked is not None and kit.asked[0] == "rome_south"
    kit.act("politics(numidia)")
    assert queries.lean(kit, "numidia") == -1
    # D (Carthage's Africa player) passes; C plays a card for its 2 IP.
    kit.act("pass")
    assert kit.asked is not None and kit.asked[0] == "carthage_spain"
    kit.act("ip(Jazda kartagińska)")
    assert {s: queries.ip(kit, s) for s in ("rome_north", "rome_south", "carthage_spain")} == {
        "rome_north": 2,
        "rome_south": 0,
        "carthage_spain": 3,
    }
    assert queries.gold(kit, "rome_south") == 0
    assert queries.passed(kit) == ["carthage_africa"]
    asked = []
    for _ in range(3):
        assert kit.asked is not None
        asked.append(kit.asked[0])
        kit.act("pass")
    assert asked == ["rome_north", "rome_south", "carthage_spain"]
    assert kit.asked is None  # all have passed: the phase and the test's steps end
    assert queries.to_act(kit) is None


def test_a_card_for_initiative_or_for_gold_goes_to_the_discards() -> None:
    """HB 3.4.1-3.4.2, 1.3.1: the card's IP (top right) or talents (top left); then the
    discard pile. The talents are secret: the other players see the card, not the sum."""
    kit = action_game("campaign-2p")
    give(kit, "rome_north", "Senat", "Podatki")
    set_order(kit, "rome_north", "carthage_spain")
    kit.begin()
    kit.act("ip(Senat)")
    kit.act("pass")  # Carthage
    kit.act("gold(Podatki)")
    assert queries.ip(kit, "rome_north") == 2 + 3
    assert queries.gold(kit, "rome_north") == 20 + 8
    assert sorted(queries.discards(kit, "rome")) == ["Podatki", "Senat"]
    carthage = kit.view("carthage_spain")
    assert "rome_north" not in carthage["records"]["gold"]
    assert "Rome plays Podatki for 8 talents" in [e["text"] for e in carthage["log"]]


def test_an_event_with_an_asterisk_leaves_the_game() -> None:
    """HB 1.3.1: played as an event, a card marked * is removed for good; HB 3.4.3: the
    event takes effect at once (Triumf: 1 VP)."""
    kit = action_game("campaign-2p")
    give(kit, "rome_north", "Triumf*", "Nowe legiony")
    set_order(kit, "rome_north", "carthage_spain")
    kit.begin()
    assert {"event(Triumf*)", "event(Nowe legiony)"} <= set(kit.legal())
    kit.act("event(Triumf*)")
    assert queries.vp(kit, "rome_north") == 1
    assert queries.removed(kit) == ["Triumf*"]
    assert kit.asked is not None and kit.asked[0] == "carthage_spain"


def test_an_event_that_cannot_happen_cannot_be_played() -> None:
    """HB 3.4.3: a card that moves a state one space cannot be played on an allied state,
    nor one that brings in a leader already on the board (here: Syfaks while Numidia is
    not allied; Hieron II while Syracuse is a player)."""
    kit = action_game("campaign-3p")
    give(kit, "carthage_spain", "Hieron II umiera*", "Sofonisba*", "Syfaks*")
    set_order(kit, "carthage_spain", "rome_north", "syracuse")
    kit.begin()
    events = [a for a in kit.legal() if a.startswith("event(")]
    assert events == ["event(Sofonisba*)"]


def test_the_political_action_costs_2_ip_and_10_talents() -> None:
    """HB 3.4.5, VII: a state not in an alliance moves one space towards the player's
    nation; not for an allied state (Massilia), not without the IP or the gold."""
    kit = action_game("campaign-2p")
    set_order(kit, "carthage_spain", "rome_north")
    kit.begin()
    assert [a for a in kit.legal() if a.startswith("politics")] == [
        "politics(macedonia)",
        "politics(numidia)",
        "politics(syracuse)",
    ]
    kit.act("politics(syracuse)")
    assert (queries.ip(kit, "carthage_spain"), queries.gold(kit, "carthage_spain")) == (3, 10)
    assert queries.lean(kit, "syracuse") == 1
    kit.act("pass")  # Rome
    kit.act("politics(syracuse)")  # the second space: an alliance (HB VII)
    assert queries.lean(kit, "syracuse") == 2
    assert queries.vp(kit, "carthage_spain") == 2
    assert "Syracusae" in queries.cities(kit, "carthage_spain")
    assert queries.units_at(kit, "Syracusae") == {"heavy_infantry": 4}
    assert [a for a in kit.legal() if a.startswith("politics")] == []  # 1 IP, 0 talents


def test_syracuse_takes_no_political_action() -> None:
    """HB 10.4: the Syracuse player may not take political actions."""
    kit = action_game("campaign-3p")
    set_order(kit, "syracuse", "rome_north", "carthage_spain")
    set_ip(kit, syracuse=5)
    set_gold(kit, syracuse=30)
    kit.begin()
    assert not [a for a in kit.legal() if a.startswith("politics")]


def test_handing_over_an_army_with_its_leaders_and_their_cards() -> None:
    """HB 3.4.6: for 1 IP a player gives his army with its leader(s) to a team-mate; the
    leaders' cards go with it."""
    kit = action_game("campaign-4p")
    set_order(kit, "rome_north", "rome_south", "carthage_spain", "carthage_africa")
    kit.begin()
    overs = [a for a in kit.legal() if a.startswith("hand_over")]
    assert overs == ["hand_over(Pisae, rome_south)", "hand_over(Ravenna, rome_south)"]
    kit.act("hand_over(Ravenna, rome_south)")
    assert queries.ip(kit, "rome_north") == 1
    assert queries.units_at(kit, "Ravenna", "rome_south") == {
        "Pretor II": 1,
        "heavy_infantry": 6,
        "light_infantry": 3,
        "cavalry": 2,
    }
    assert "Pretor II" in queries.leader_cards(kit, "rome_south")
    assert "Pretor II" not in queries.leader_cards(kit, "rome_north")


def test_a_player_who_has_passed_acts_no_more_this_stage() -> None:
    """HB 3.4.7: he turns his order marker over; the stage's actions end when all have
    passed."""
    kit = action_game("campaign-2p")
    give(kit, "rome_north", "Senat")
    set_order(kit, "rome_north", "carthage_spain")
    kit.begin()
    kit.act("pass")
    assert queries.passed(kit) == ["rome_north"]
    for _ in range(3):
        assert kit.asked is not None and kit.asked[0] == "carthage_spain"
        assert queries.to_act(kit) == "carthage_spain"
        kit.act("activate(Carthago)", "take(heavy_infantry, 1)", "march", "step(Utica)", "halt")
        decline_effects(kit)
        while (
            kit.asked is not None and kit.asked[0] == "carthage_spain" and kit.asked[1] != "action"
        ):
            kit.act("done")
    kit.act("pass")
    assert kit.asked is None


def test_effects_may_be_played_by_a_player_who_has_passed() -> None:
    """HB 1.3.1, 3.4: a player who passed may still play effects: after a move every
    player of another nation is asked, in the order of play (the mover is not asked to
    answer his own move)."""
    kit = action_game("campaign-2p")
    set_order(kit, "rome_north", "carthage_spain")
    kit.begin()
    kit.act("pass")
    kit.act("activate(Volcae)", "take(cavalry, 2)", "march", "step(Emporiae)", "halt")
    assert kit.asked is not None and kit.asked[1] == "respond"
    assert kit.waiting == ("rome_north",)
