"""HB 3.4: the action phase, one action each in the order of play until all have passed
(the second Ex. 2, i.e. Ex. 3); playing a card for initiative, for gold or as an event
(HB 3.4.1-3.4.3, 1.3.1), the political action (HB 3.4.5), handing over an army (HB 3.4.6),
passing (HB 3.4.7)."""

from __future__ import annotations

from legatus.framework.engine.view import observe
from legatus.framework.model.gamedef import GameDef
from legatus.framework.tools.testing import GameUnderTest
from tests.hannibal_barkas.conftest import give, hb_rules, seated, units_at


def action_game(scenario: str = "campaign-4p", seed: int = 0) -> tuple[GameUnderTest, dict]:
    game = hb_rules("actions")
    state = seated(game, scenario, seed=seed)
    for key in state["zones"]:
        if key.startswith("hand:"):
            state["zones"][key] = []
    return game, state


def decline_effects(game: GameUnderTest, state: dict) -> None:
    """Every player declines the effects he is offered after a move (HB 1.3.1)."""
    while state["prompt"] is not None and state["prompt"]["kind"] == "respond":
        game.apply(state, "decline")


def test_example_3_one_action_each_in_the_unchanged_order() -> None:
    """The second Ex. 2: A moves an army for 1 IP; B takes a political action for 2 IP and
    10 talents; C plays a card for 2 IP (1 + 2 = 3); D passes. The next round is A (2 IP),
    B (0 IP), C (3 IP), in the order of the stage (HB 3.3)."""
    game, state = action_game()
    records = state["records"]
    records["ip"].update(rome_north=3, rome_south=2, carthage_spain=1, carthage_africa=1)
    records["order"] = ["rome_north", "rome_south", "carthage_africa", "carthage_spain"]
    give(state, "carthage_spain", "Jazda kartagińska")
    game.begin(state)
    # A: the army in Ravenna (Pretor II, no 'A') marches to Ariminum.
    game.apply(
        state, "activate(Ravenna)", "take(heavy_infantry, 6)", "march", "step(Ariminum)", "halt"
    )
    decline_effects(game, state)
    game.apply(state, "done")
    assert state["prompt"]["kind"] == "joining"
    game.apply(state, "done")
    # B might send his cavalry from Regium to join A's army in Ariminum (HB 10.1): he does not.
    assert state["prompt"]["kind"] == "teammate"
    game.apply(state, "decline")
    # B: a political action.
    assert state["prompt"]["side"] == "rome_south"
    game.apply(state, "politics(numidia)")
    assert records["political"]["numidia"] == -1
    # D (Carthage's Africa player) passes; C plays a card for its 2 IP.
    game.apply(state, "pass")
    assert state["prompt"]["side"] == "carthage_spain"
    game.apply(state, "ip(Jazda kartagińska)")
    assert {s: records["ip"][s] for s in ("rome_north", "rome_south", "carthage_spain")} == {
        "rome_north": 2,
        "rome_south": 0,
        "carthage_spain": 3,
    }
    assert records["gold"]["rome_south"] == 0
    asked = []
    for _ in range(3):
        asked.append(state["prompt"]["side"])
        game.apply(state, "pass")
    assert asked == ["rome_north", "rome_south", "carthage_spain"]
    assert state["prompt"] is None  # all have passed: the phase and the test's steps end


def test_a_card_for_initiative_or_for_gold_goes_to_the_discards(hb: GameDef) -> None:
    """HB 3.4.1-3.4.2, 1.3.1: the card's IP (top right) or talents (top left); then the
    discard pile. The talents are secret: the other players see the card, not the sum."""
    game, state = action_game("campaign-2p")
    give(state, "rome_north", "Senat", "Podatki")
    state["records"]["order"] = ["rome_north", "carthage_spain"]
    game.begin(state)
    game.apply(state, "ip(Senat)")
    game.apply(state, "pass")  # Carthage
    game.apply(state, "gold(Podatki)")
    records = state["records"]
    assert records["ip"]["rome_north"] == 2 + 3
    assert records["gold"]["rome_north"] == 20 + 8
    assert sorted(state["zones"]["discard_rome"]) == ["Podatki", "Senat"]
    carthage = observe(hb, state, "carthage_spain")
    assert "rome_north" not in carthage["records"]["gold"]
    assert "Rome plays Podatki for 8 talents" in [e["text"] for e in carthage["log"]]


def test_an_event_with_an_asterisk_leaves_the_game(hb: GameDef) -> None:
    """HB 1.3.1: played as an event, a card marked * is removed for good; HB 3.4.3: the
    event takes effect at once (Triumf: 1 VP)."""
    game, state = action_game("campaign-2p")
    give(state, "rome_north", "Triumf*", "Nowe legiony")
    state["records"]["order"] = ["rome_north", "carthage_spain"]
    game.begin(state)
    assert {"event(Triumf*)", "event(Nowe legiony)"} <= set(game.legal(state))
    game.apply(state, "event(Triumf*)")
    assert state["records"]["vp"]["rome_north"] == 1
    assert state["zones"]["removed"] == ["Triumf*"]
    assert state["prompt"]["side"] == "carthage_spain"


def test_an_event_that_cannot_happen_cannot_be_played() -> None:
    """HB 3.4.3: a card that moves a state one space cannot be played on an allied state,
    nor one that brings in a leader already on the board (here: Syfaks while Numidia is
    not allied; Hieron II while Syracuse is a player)."""
    game, state = action_game("campaign-3p")
    give(state, "carthage_spain", "Hieron II umiera*", "Sofonisba*", "Syfaks*")
    state["records"]["order"] = ["carthage_spain", "rome_north", "syracuse"]
    game.begin(state)
    events = [a for a in game.legal(state) if a.startswith("event(")]
    assert events == ["event(Sofonisba*)"]


def test_the_political_action_costs_2_ip_and_10_talents() -> None:
    """HB 3.4.5, VII: a state not in an alliance moves one space towards the player's
    nation; not for an allied state (Massilia), not without the IP or the gold."""
    game, state = action_game("campaign-2p")
    state["records"]["order"] = ["carthage_spain", "rome_north"]
    game.begin(state)
    assert [a for a in game.legal(state) if a.startswith("politics")] == [
        "politics(macedonia)",
        "politics(numidia)",
        "politics(syracuse)",
    ]
    game.apply(state, "politics(syracuse)")
    records = state["records"]
    assert (records["ip"]["carthage_spain"], records["gold"]["carthage_spain"]) == (3, 10)
    assert records["political"]["syracuse"] == 1
    game.apply(state, "pass")  # Rome
    game.apply(state, "politics(syracuse)")  # the second space: an alliance (HB VII)
    assert records["political"]["syracuse"] == 2
    assert records["vp"]["carthage_spain"] == 2
    assert "Syracusae" in state["zones"]["cities:carthage_spain"]
    assert units_at(state, "Syracusae") == {"heavy_infantry": 4}
    assert [a for a in game.legal(state) if a.startswith("politics")] == []  # 1 IP, 0 talents


def test_syracuse_takes_no_political_action() -> None:
    """HB 10.4: the Syracuse player may not take political actions."""
    game, state = action_game("campaign-3p")
    state["records"]["order"] = ["syracuse", "rome_north", "carthage_spain"]
    state["records"]["ip"]["syracuse"] = 5
    state["records"]["gold"]["syracuse"] = 30
    game.begin(state)
    assert not [a for a in game.legal(state) if a.startswith("politics")]


def test_handing_over_an_army_with_its_leaders_and_their_cards(hb: GameDef) -> None:
    """HB 3.4.6: for 1 IP a player gives his army with its leader(s) to a team-mate; the
    leaders' cards go with it."""
    game, state = action_game("campaign-4p")
    state["records"]["order"] = ["rome_north", "rome_south", "carthage_spain", "carthage_africa"]
    game.begin(state)
    overs = [a for a in game.legal(state) if a.startswith("hand_over")]
    assert overs == ["hand_over(Pisae, rome_south)", "hand_over(Ravenna, rome_south)"]
    game.apply(state, "hand_over(Ravenna, rome_south)")
    assert state["records"]["ip"]["rome_north"] == 1
    assert units_at(state, "Ravenna", "rome_south") == {
        "Pretor II": 1,
        "heavy_infantry": 6,
        "light_infantry": 3,
        "cavalry": 2,
    }
    assert "Pretor II" in state["zones"]["leaders:rome_south"]
    assert "Pretor II" not in state["zones"]["leaders:rome_north"]


def test_a_player_who_has_passed_acts_no_more_this_stage() -> None:
    """HB 3.4.7: he turns his order marker over; the stage's actions end when all have
    passed."""
    game, state = action_game("campaign-2p")
    give(state, "rome_north", "Senat")
    state["records"]["order"] = ["rome_north", "carthage_spain"]
    game.begin(state)
    game.apply(state, "pass")
    assert state["records"]["passed"] == ["rome_north"]
    for _ in range(3):
        assert state["prompt"]["side"] == "carthage_spain"
        game.apply(
            state, "activate(Carthago)", "take(heavy_infantry, 1)", "march", "step(Utica)", "halt"
        )
        decline_effects(game, state)
        while (
            state["prompt"] is not None
            and state["prompt"]["side"] == "carthage_spain"
            and state["prompt"]["kind"] != "action"
        ):
            game.apply(state, "done")
    game.apply(state, "pass")
    assert state["prompt"] is None


def test_effects_may_be_played_by_a_player_who_has_passed() -> None:
    """HB 1.3.1, 3.4: a player who passed may still play effects: after a move every
    player of another nation is asked, in the order of play (the mover is not asked to
    answer his own move)."""
    game, state = action_game("campaign-2p")
    state["records"]["order"] = ["rome_north", "carthage_spain"]
    game.begin(state)
    game.apply(state, "pass")
    game.apply(state, "activate(Volcae)", "take(cavalry, 2)", "march", "step(Emporiae)", "halt")
    assert state["prompt"]["kind"] == "respond"
    assert state["prompt"]["sides"] == ["rome_north"]
