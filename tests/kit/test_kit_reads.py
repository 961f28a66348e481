"""The kit's block-game reads and invariants on their own (Julius Caesar 2.1, 3.0, 4.2.1,
6.11-6.14, 7.1-7.3, 7.51, 8.2; Hammer of the Scots' hands, pins, reserves and battle
turns), on the demo game given card zones and blocks whose identity only their owner sees
until they are revealed.

Northtown (town, 1 VP) - Midford (harbour) - Southtown (town, 1 VP) by road; Midford -
Still Lake (water) by the shore. Red Foot (C2, 3 steps), Red Boat (D2, a boat), Blue Foot
(C3) and Blue Guard (B2), all infantry but the boat. Each test builds the state it reads:
pieces, zones, records and the rules' frames, by hand or with the kit's own writers.
"""

from __future__ import annotations

from types import SimpleNamespace
from typing import Any

import pytest

from legatus.framework.engine.core import Context, Game, Run
from legatus.framework.kit import engagement, invariants, reads
from legatus.framework.kit.borders import border_key
from legatus.framework.model.loader import load_game
from tests.kit.helpers import (
    CARD_ZONES,
    SIDES,
    compile_rules,
    demo_copy,
    empty_zones,
    hidden_blocks,
    kit_registry,
    placed,
)

RULES = """\
game demo_skirmish

param hand_size: int in 1..9 = 3 "Cards dealt each year" @rule "KIT 2"
param discards: int in 0..9 = 1 "Cards discarded at the deal" @rule "KIT 2"
param turns_per_year: int in 1..9 = 2 "Turns in a year" @rule "KIT 2"

sequence: @rule "KIT 0"
  step hold @rule "KIT 0"
"""


@pytest.fixture(scope="module")
def game(tmp_path_factory: pytest.TempPathFactory) -> Game:
    prepend = {"cards.yaml": CARD_ZONES, "pieces.yaml": hidden_blocks("revealed")}
    folder = demo_copy(tmp_path_factory, "reads", prepend=prepend)
    definition = load_game(folder)
    registry = kit_registry(kit=False)
    registry.add_procedure("hold", lambda ctx: None, rule="KIT 0")
    return compile_rules(definition, folder, "reads.rules", RULES, registry)


#: The demo blocks in their pools at full strength.
POOLS = {
    "Red Foot": ("red", "pool", 3),
    "Red Boat": ("red", "pool", 2),
    "Blue Foot": ("blue", "pool", 3),
    "Blue Guard": ("blue", "pool", 2),
}


def _at(game: Game, **where: tuple[str, str, int]) -> Any:
    """A situation: the pieces by id (side, space, strength; the others in their pools),
    no cards, records or frames yet."""
    state = game.new_state(seed=1)
    state["pieces"] = placed(POOLS, where)
    state["zones"] = empty_zones()
    state["records"], state["stack"], state["vars"] = {}, [], {}
    return SimpleNamespace(game=game, state=state)


# -- cards (JC 2.1; Hammer of the Scots deals five, discards none) ---------------------------


def test_each_card_zone_reads_in_order(game: Game) -> None:
    at = _at(game)
    zones = at.state["zones"]
    zones.update({"deck": ["Halt", "March"], "hand:red": ["March"], "discarded:blue": ["March"]})
    zones.update({"committed:red": ["Halt"], "played:blue": ["Halt", "March"]})
    assert (reads.deck(at), reads.hand(at, "red"), reads.hand(at, "blue")) == (
        ["Halt", "March"],
        ["March"],
        [],
    )
    assert (reads.discarded(at, "blue"), reads.committed(at, "red")) == (["March"], ["Halt"])
    assert (reads.played(at, "blue"), reads.played(at, "red")) == (["Halt", "March"], [])
    # A copy: the caller may not change the state through it.
    reads.hand(at, "red").clear()
    assert zones["hand:red"] == ["March"]
    assert reads.player1(at) is None
    at.state["records"]["player1"] = "blue"
    assert reads.player1(at) == "blue"
    at.state["records"]["first"] = "red"
    assert reads.player1(at, record="first") == "red"


# -- blocks, areas, fog of war (JC 3.0, 4.2.1, 5.2, 7.5, 7.51) -------------------------------


def test_blocks_pools_and_the_eliminated(game: Game) -> None:
    at = _at(game, Red_Foot=("red", "Midford", 3), Blue_Foot=("blue", "Midford", 2))
    at.state["pieces"]["Blue Guard"]["flags"] = ["face_down"]
    assert reads.blocks_at(at, "Midford") == ["Blue Foot", "Red Foot"]
    assert reads.blocks_at(at, "Midford", "red") == ["Red Foot"]
    assert reads.blocks_at(at, "Northtown") == []
    assert (reads.pool(at, "red"), reads.pool(at, "blue")) == (["Red Boat"], ["Blue Guard"])
    assert (reads.eliminated(at, "red"), reads.eliminated(at, "blue")) == ([], ["Blue Guard"])


def test_an_areas_status_for_each_side(game: Game) -> None:
    at = _at(
        game,
        Red_Foot=("red", "Midford", 3),
        Blue_Foot=("blue", "Midford", 2),
        Blue_Guard=("blue", "Southtown", 2),
    )
    found = {
        (space, side): reads.status(at, space, side)
        for space in ("Northtown", "Midford", "Southtown")
        for side in SIDES
    }
    assert found == {
        ("Northtown", "red"): "vacant",
        ("Northtown", "blue"): "vacant",
        ("Midford", "red"): "contested",
        ("Midford", "blue"): "contested",
        ("Southtown", "red"): "enemy",
        ("Southtown", "blue"): "friendly",
    }
    assert reads.holds(at, "blue", "Southtown") and not reads.holds(at, "red", "Midford")
    assert not reads.holds(at, "red", "Northtown")


def test_trophies_and_leaders_lost(game: Game) -> None:
    at = _at(game)
    assert (reads.trophies(at, "red"), reads.leaders_lost(at, "blue")) == ([], 0)
    at.state["records"].update({"trophies": {"red": ["Blue Guard"]}, "leaders_lost": {"blue": 1}})
    assert (reads.trophies(at, "red"), reads.leaders_lost(at, "blue")) == (["Blue Guard"], 1)


def test_a_side_sees_its_own_blocks_and_the_enemys_once_revealed(game: Game) -> None:
    at = _at(game, Red_Foot=("red", "Midford", 3), Blue_Foot=("blue", "Midford", 2))
    assert reads.seen(at, "red", "Red Foot") == {
        "side": "red",
        "at": "Midford",
        "strength": 3,
        "flags": [],
    }
    assert reads.seen(at, "red", "Blue Foot") is None
    at.state["pieces"]["Blue Foot"]["flags"] = ["revealed"]
    assert reads.seen(at, "red", "Blue Foot") == {
        "side": "blue",
        "at": "Midford",
        "strength": 2,
        "flags": ["revealed"],
    }


# -- the turn's attack record (JC 6.11-6.14, 7.3; Hammer of the Scots 4.3, 4.6, 5.33) ----------


def _attack_on_midford(game: Game) -> Any:
    """Blue holds Midford; Red Foot attacks from Northtown by road, Red Boat reinforces from
    Still Lake, Blue Guard responds from Southtown. Written with the kit's own writers."""
    at = _at(
        game,
        Red_Foot=("red", "Midford", 3),
        Red_Boat=("red", "Midford", 2),
        Blue_Foot=("blue", "Midford", 3),
        Blue_Guard=("blue", "Midford", 2),
    )
    public: dict[str, Any] = {"road_use": {}, "attacks": {}, "contested": []}
    own = {side: {"moved": [], "arrivals": {}, "reserves": {}} for side in SIDES}
    engagement.use_border(public, "red", border_key("Northtown", "Midford"))
    for side, block, origin in (
        ("red", "Red Foot", "Northtown"),
        ("red", "Red Boat", "Still Lake"),
        ("blue", "Blue Guard", "Southtown"),
    ):
        own[side]["moved"].append(block)
        engagement.note_engagement(public, own[side], side, "blue", SIDES, block, "Midford", origin)
    engagement.settle_attacks(public, own["red"], "red", {"Midford": 1})
    at.state["records"].update({"command": public, "own_command": own})
    return at


def test_the_attack_as_every_side_counts_it(game: Game) -> None:
    at = _attack_on_midford(game)
    road, shore = "Midford|Northtown", "Midford|Still Lake"
    expected = reads.Attack(
        location="Midford",
        attacker="red",
        defender="blue",
        roads=(road, shore),
        origins={road: "Northtown", shore: "Still Lake"},
        arrivals={road: 1, shore: 1},
        main=road,
        pinned=1,
        responses={"Midford|Southtown": 1},
        reserves={"red": 1, "blue": 1},
    )
    assert reads.attack(at, "Midford") == expected
    assert reads.attacks(at) == {"Midford": expected}
    assert reads.attack(at, "Northtown") is None
    assert reads.contested(at) == ["Midford"]
    assert (reads.pinned(at, "Midford"), reads.pinned(at, "Northtown")) == (1, 0)


def test_border_use_counts_both_ways_per_side(game: Game) -> None:
    at = _attack_on_midford(game)
    assert reads.border_use(at, "red", "Midford", "Northtown") == 1
    assert reads.border_use(at, "red", "Northtown", "Midford") == 1
    assert reads.border_use(at, "blue", "Midford", "Northtown") == 0
    assert reads.borders_used(at, "red") == {"Midford|Northtown": 1}
    assert reads.borders_used(at, "blue") == {}


def test_what_only_each_side_knows_blocks_moved_their_origins_and_reserves(
    game: Game,
) -> None:
    at = _attack_on_midford(game)
    assert reads.moved(at, "red") == ["Red Foot", "Red Boat"]
    assert reads.moved(at, "blue") == ["Blue Guard"]
    assert reads.came_from(at, "Midford") == {
        "Red Foot": "Northtown",
        "Red Boat": "Still Lake",
        "Blue Guard": "Southtown",
    }
    assert reads.came_from(at, "Northtown") == {}
    # Before the battle: the attacker's blocks off the main road, the defender's responders.
    assert reads.reserves(at, "Midford") == {"red": ["Red Boat"], "blue": ["Blue Guard"]}
    assert reads.reserves(at, "Southtown") == {"red": [], "blue": []}


def test_the_record_may_lie_under_other_names(game: Game) -> None:
    at = _attack_on_midford(game)
    records = at.state["records"]
    records["public"], records["private"] = records.pop("command"), records.pop("own_command")
    assert reads.contested(at, record="public") == ["Midford"]
    assert reads.moved(at, "blue", own="private") == ["Blue Guard"]
    assert reads.reserves(at, "Midford", record="public", own="private")["red"] == ["Red Boat"]


# -- battles (JC 7.1-7.3; Hammer of the Scots 5.1, 5.31, 5.33) ---------------------------------


def _in_battle(game: Game, round_: int, **moved: tuple[str, str, int]) -> Any:
    """The battle at Midford in ``round_``: Red attacks; Red Boat and Blue Guard are
    reserves, arriving in round 2 (the rules' procedure ``battle``'s variables)."""
    where = {
        "Red_Foot": ("red", "Midford", 3),
        "Red_Boat": ("red", "Midford", 2),
        "Blue_Foot": ("blue", "Midford", 3),
        "Blue_Guard": ("blue", "Midford", 2),
    }
    where.update(moved)
    at = _at(game, **where)
    env = {
        "location": "Midford",
        "blocks": ["Blue Foot", "Blue Guard", "Red Boat", "Red Foot"],
        "reserves": ["Blue Guard", "Red Boat"],
        "acted": [],
        "round": round_,
        "attacker": "red",
    }
    at.state["stack"] = [
        {"p": "battle", "env": {"location": "Midford"}},
        {"p": "battle", "env": env},
    ]
    at.state["records"]["battle"] = {
        "location": "Midford",
        "round": round_,
        "attacker": "red",
        "defender": "blue",
    }
    return at


def test_the_battles_to_fight_and_the_one_being_fought(game: Game) -> None:
    at = _at(game)
    assert (reads.battles(at), reads.battle(at)) == ([], None)
    at.state["records"]["battles"] = ["Southtown", "Midford"]
    assert reads.battles(at) == ["Southtown", "Midford"]
    at = _in_battle(game, 2)
    assert reads.battle(at) == reads.BattleNow("Midford", 2, "red", "blue")
    assert reads.battle_frame(at) == at.state["stack"][1]["env"]


def test_battle_turns_by_letter_the_defender_first_reserves_arriving(game: Game) -> None:
    # Round 1: the reserves wait; Blue Foot (C3, defending) before Red Foot (C2).
    at = _in_battle(game, 1)
    assert reads.battle_order(at, 2) == [["Blue Foot"], ["Red Foot"]]
    # An event's first fire puts its blocks before every other.
    assert reads.battle_order(at, 2, ["Red Foot"]) == [["Red Foot"], ["Blue Foot"]]
    # Round 2: Blue Guard (B) first, then the C blocks, Red Boat (D) last.
    at = _in_battle(game, 2)
    assert reads.battle_order(at, 2) == [["Blue Guard"], ["Blue Foot"], ["Red Foot"], ["Red Boat"]]
    at.state["stack"][1]["env"]["acted"] = ["Blue Guard", "Blue Foot"]
    assert reads.battle_order(at, 2) == [["Red Foot"], ["Red Boat"]]
    # Between battles (the procedure not begun, or none): no turn.
    at.state["stack"].pop()
    assert (reads.battle_frame(at), reads.battle_order(at, 2)) == (None, [])


def test_reserves_in_battle_are_those_not_arrived_still_there(game: Game) -> None:
    at = _in_battle(game, 1, Blue_Guard=("blue", "Southtown", 2))
    assert reads.reserves(at, "Midford") == {"red": ["Red Boat"], "blue": []}
    at.state["stack"][1]["env"]["reserves"] = []  # arrived
    assert reads.reserves(at, "Midford") == {"red": [], "blue": []}


def test_points_left_are_the_innermost_frames_for_the_side(game: Game) -> None:
    at = _at(game)
    at.state["stack"] = [
        {"p": "moves", "env": {"side": "red", "left": 3}},
        {"p": "group", "env": {"side": "red", "left": 1}},
        {"p": "levy", "env": {"side": "blue"}},
    ]
    assert reads.points_left(at, "red", "moves") == 3
    assert reads.points_left(at, "red", "moves", "group") == 1
    assert reads.points_left(at, "blue", "moves") is None
    assert reads.points_left(at, "blue", "levy") is None  # not counting yet
    assert reads.points_left(at, "red", "levy") is None


# -- invariants after every action (JC 1.2, 2.0, 3.21, 7.51) ---------------------------------


def test_trophies_are_enemy_leaders_out_of_the_game(game: Game) -> None:
    check = invariants.trophies_are_killed_enemy_leaders("infantry")
    at = _at(game)
    at.state["pieces"]["Blue Guard"]["at"] = "out"
    at.state["records"]["trophies"] = {"red": ["Blue Guard"]}
    assert check(game.definition, at.state) == []
    at.state["records"]["trophies"] = {"red": ["Blue Foot", "Red Foot"], "blue": ["Red Boat"]}
    assert check(game.definition, at.state) == [
        "red's trophy 'Blue Foot' is still in play",
        "red's trophy 'Red Foot' is not an enemy leader",
        "blue's trophy 'Red Boat' is not an enemy leader",
    ]


def test_losses_match_the_trophies_the_others_hold(game: Game) -> None:
    check = invariants.losses_match_trophies()
    at = _at(game)
    at.state["records"].update({"trophies": {"red": ["Blue Guard"]}, "leaders_lost": {"blue": 1}})
    assert check(game.definition, at.state) == []
    at.state["records"]["leaders_lost"] = {"red": 1}
    assert check(game.definition, at.state) == [
        "red has lost 1 leaders but blue holds 0 trophies",
        "blue has lost 0 leaders but red holds 1 trophies",
    ]


def test_vp_within_the_maps_and_one_per_enemy_leader(game: Game) -> None:
    scores = {"red": 4, "blue": 4}
    score = lambda definition, state, side: scores[side]  # noqa: E731
    at = _at(game)
    # The map's 2 VP, plus Blue's two infantry for Red, Red's one for Blue.
    assert invariants.vp_within(score, "infantry")(game.definition, at.state) == [
        "blue has 4 VP, outside 0..3"
    ]
    scores.update(red=-1, blue=2)
    assert invariants.vp_within(score, None)(game.definition, at.state) == [
        "red has -1 VP, outside 0..2"
    ]


def test_the_calendar_stays_within_the_game_and_ends_with_a_result(game: Game) -> None:
    check = invariants.calendar_within({"year": (1, 2), "turn": (1, 3)})
    state = game.new_state(seed=1)  # its one step has run: over, with a result
    assert (state["stack"], check(game.definition, state)) == ([], [])
    state["vars"].update(year=3, turn=0)
    assert check(game.definition, state) == ["year 3 outside 1..2", "turn 0 outside 1..3"]
    state["vars"], state["result"] = {}, None
    assert check(game.definition, state) == ["the sequence of play ended without a result"]


# -- what holds before a step (JC 2.0-2.3, 7.1, 8.2) -----------------------------------------


def _ctx(game: Game, at: Any) -> Context:
    return Context(game, at.state, Run(count=False))


def test_no_area_holds_two_sides_blocks_before_a_calm_step(game: Game) -> None:
    at = _at(game, Red_Foot=("red", "Midford", 3), Blue_Foot=("blue", "Midford", 3))
    found = ["Midford holds blocks of Red and Blue"]
    assert invariants.no_contested_area(_ctx(game, at)) == found
    declared = invariants.calm_steps({"card_phase"}, "KIT 1")
    assert declared.steps == frozenset({"card_phase"}) and declared.rule == "KIT 1"
    assert declared.check(_ctx(game, at)) == found
    at.state["pieces"]["Blue Foot"]["at"] = "Southtown"
    assert invariants.no_contested_area(_ctx(game, at)) == []


def test_hands_hold_what_the_deal_the_discards_and_the_turns_leave(game: Game) -> None:
    at = _at(game)
    at.state["zones"]["hand:red"] = ["Halt", "March"]
    at.state["vars"]["turn"] = 2
    ctx = _ctx(game, at)
    # 3 dealt, 1 discarded, 1 played: at most 1, none empty.
    assert invariants.hands_of_the_turn()(ctx) == [
        "Red's hand holds 2 cards, more than 1 (3 dealt, 1 discarded, 1 played)",
        "Blue's hand is empty; it holds up to 1 (3 dealt, 1 discarded, 1 played)",
    ]
    # No discard (Hammer of the Scots): at most 2.
    assert invariants.hands_of_the_turn(discards=None)(ctx) == [
        "Blue's hand is empty; it holds up to 2 (3 dealt, 0 discarded, 1 played)"
    ]
    # In winter, both turns played: none left.
    assert invariants.hands_played_out()(ctx) == [
        "Red's hand holds 2 cards, more than 0 (3 dealt, 1 discarded, 2 played)"
    ]
    assert invariants.no_hand(ctx) == ["Red's hand holds 2 cards, more than 0"]
    at.state["zones"]["hand:red"] = ["Halt"]
    assert invariants.hands_within(ctx, 1) == ["Blue's hand is empty; it holds up to 1"]


def test_the_card_steps_declared_in_the_kits_words(game: Game) -> None:
    turn, deal, winter = invariants.card_steps(
        card_phase={"cards"}, before_deal={"deal"}, winter={"winter"}, rules=("A", "B", "C")
    )
    assert (turn.steps, deal.steps, winter.steps) == ({"cards"}, {"deal"}, {"winter"})
    assert (turn.rule, deal.rule, winter.rule) == ("A", "B", "C")
    assert turn.expected == (
        "each hand holds cards, at most the year's deal less the discard and the cards of "
        "the turns before"
    )
    assert deal.expected == "no hand holds a card before the year's deal"
    assert winter.expected.startswith("the year's cards are played out")
    turn, _, _ = invariants.card_steps(
        card_phase={"cards"}, before_deal=(), winter=(), rules=("A", "B", "C"), discards=None
    )
    assert turn.expected == (
        "each hand holds cards, at most the year's deal less the cards of the turns before"
    )
    at = _at(game)
    at.state["vars"]["turn"] = 3
    assert turn.check(_ctx(game, at)) == [
        "Red's hand is empty; it holds up to 1 (3 dealt, 0 discarded, 2 played)",
        "Blue's hand is empty; it holds up to 1 (3 dealt, 0 discarded, 2 played)",
    ]


def test_player1_is_named_once_the_cards_are_revealed(game: Game) -> None:
    at = _at(game)
    assert invariants.player1_named(_ctx(game, at)) == ["no Player 1 is named (records: player1)"]
    at.state["records"]["player1"] = "green"
    assert invariants.player1_named(_ctx(game, at)) == ["no Player 1 is named (records: player1)"]
    at.state["records"]["player1"] = "blue"
    assert invariants.player1_named(_ctx(game, at)) == []


def test_no_block_at_sea_once_the_ships_made_port(game: Game) -> None:
    at = _at(game, Red_Boat=("red", "Still Lake", 2), Red_Foot=("red", "Midford", 3))
    ctx = _ctx(game, at)
    assert invariants.in_port(ctx) == ["Red Boat is at sea, in Still Lake"]
    assert invariants.in_port(ctx, land="water") == ["Red Foot is at sea, in Midford"]
    declared = invariants.ships_in_port({"winter"}, "KIT 8", "every boat")
    assert declared.expected == "every boat has gone to port"
    assert declared.check(ctx) == ["Red Boat is at sea, in Still Lake"]
    at.state["pieces"]["Red Boat"]["at"] = "Midford"
    assert declared.check(ctx) == []
