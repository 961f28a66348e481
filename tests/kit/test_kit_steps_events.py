"""The kit's step losses, eliminations, event cards and battle ground on their own (Julius
Caesar 2.1, 7.4-7.52, 7.7, 7.82, cards Vulcan and Jupiter; Hammer of the Scots 5.41, 5.6,
5.7, 5.8, Herald, Pillage).

The fixture is the demo game with hidden blocks (identity and strength seen by the owner,
or by all while a block stands ``revealed`` or lies ``face_up``): Red Foot (3 steps), Red
Boat (2 steps, a boat whose identity everyone knows), Blue Foot (3 steps) and Blue Guard,
printed IV and II like an elephant. Northtown - Midford - Southtown by road; Midford - Still
Lake (water) by the shore. The sea-going retreats use a tiny board built here.
"""

from __future__ import annotations

import doctest
from pathlib import Path
from types import SimpleNamespace
from typing import Any

import pytest

from legatus.framework.engine.core import EngineError, Game, Run
from legatus.framework.engine.dice import ForcedDice
from legatus.framework.kit import events, register_kit, routes, steps
from legatus.framework.kit.steps import Losses
from legatus.framework.model.gamedef import GameDef
from legatus.framework.model.loader import load_game
from legatus.framework.rules.registry import RuleRegistry
from tests.kit.helpers import (
    FakeCtx,
    compile_rules,
    demo_copy,
    hidden_blocks,
    in_pools,
    kit_registry,
    placed,
    tiny_board,
)


@pytest.fixture(scope="module")
def hidden(tmp_path_factory: pytest.TempPathFactory) -> GameDef:
    boat_seen = (
        "levy: {kinds: [harbour]}}",
        "levy: {kinds: [harbour]}, visibility: {identity: {visible_to: all}}}",
    )
    guard_as_elephant = ("rating: B2, steps: 2,", "rating: B2, steps: 4, strengths: [2, 4],")
    folder = demo_copy(
        tmp_path_factory,
        "hidden",
        replace={"pieces.yaml": [boat_seen, guard_as_elephant]},
        prepend={"pieces.yaml": hidden_blocks("revealed", "face_up")},
    )
    return load_game(folder)


def _ctx(game: GameDef, dice: tuple[int, ...] = (), **where: tuple[str, str, int]) -> FakeCtx:
    """Pieces by id (``_`` for a space): (side, space, strength); the others in their pool."""
    return FakeCtx(game, {"pieces": placed(in_pools(game), where), "records": {}}, dice)


def _unit(ctx: FakeCtx, block: str) -> tuple[str, str, int, list[str]]:
    unit = ctx.state["pieces"][block]
    return unit["side"], unit["at"], unit["strength"], unit["flags"]


CITE = Losses(cite={"skipped": "X 7.41", "eliminated": "X 7.5", "killed": "X 7.51"})


def test_the_module_examples_hold() -> None:
    assert doctest.testmod(steps).failed == 0
    assert doctest.testmod(routes).failed == 0


# -- step losses (JC 7.4, 7.41; HotS 5.41) ---------------------------------------------------


def test_a_hidden_block_s_step_is_named_to_its_owner_only(hidden: GameDef) -> None:
    ctx = _ctx(hidden, Red_Foot=("red", "Midford", 3))
    assert steps.lose_step(ctx, "Red Foot", CITE) == steps.REDUCED
    assert _unit(ctx, "Red Foot") == ("red", "Midford", 2, [])
    assert ctx.lines == [
        ("Red Foot loses a step: III -> II", ["red"]),
        ("a Red block in Midford loses a step", ["blue"]),
    ]
    assert ctx.rules == []


def test_a_revealed_block_s_step_is_public_and_a_skipped_level_cited(hidden: GameDef) -> None:
    """The elephant's rule (JC 7.41): printed IV and II, one hit drops it to II."""
    ctx = _ctx(hidden, Blue_Guard=("blue", "Midford", 4))
    ctx.state["pieces"]["Blue Guard"]["flags"] = ["revealed"]
    assert steps.lose_step(ctx, "Blue Guard", CITE) == steps.REDUCED
    assert _unit(ctx, "Blue Guard") == ("blue", "Midford", 2, ["revealed"])
    assert ctx.lines == [("Blue Guard loses a step: IV -> II", None)]
    assert ctx.rules == ["X 7.41"]


def test_a_block_at_its_lowest_is_spared_or_eliminated(hidden: GameDef) -> None:
    ctx = _ctx(hidden, Red_Foot=("red", "Midford", 1))
    assert steps.lose_step(ctx, "Red Foot", CITE, spare_last=True) == steps.UNCHANGED
    assert _unit(ctx, "Red Foot") == ("red", "Midford", 1, []) and ctx.lines == []
    assert steps.lose_step(ctx, "Red Foot", CITE) == steps.ELIMINATED
    assert _unit(ctx, "Red Foot") == ("red", "pool", 1, ["face_up"])
    assert ctx.lines == [("Red Foot is eliminated in Midford and goes face up to Red's pool", None)]
    assert ctx.rules == ["X 7.5"]


# -- eliminations (JC 7.5-7.52; HotS 5.7, 5.8) -----------------------------------------------


def test_face_down_a_hidden_block_stays_its_owner_s_secret(hidden: GameDef) -> None:
    ctx = _ctx(hidden, Blue_Foot=("blue", "Midford", 2))
    assert steps.eliminate(ctx, "Blue Foot", Losses(face_up=False)) == steps.ELIMINATED
    assert _unit(ctx, "Blue Foot") == ("blue", "pool", 1, ["face_down"])
    pool = "goes face down to Blue's pool"
    assert ctx.lines == [
        (f"Blue Foot is eliminated in Midford and {pool}", ["blue"]),
        (f"a Blue block is eliminated in Midford and {pool}", ["red"]),
    ]


def test_face_down_a_block_seen_falling_or_known_to_all_is_named(hidden: GameDef) -> None:
    ctx = _ctx(hidden, Blue_Foot=("blue", "Midford", 2), Red_Boat=("red", "Still Lake", 2))
    ctx.state["pieces"]["Blue Foot"]["flags"] = ["revealed"]
    steps.eliminate(ctx, "Blue Foot", Losses(face_up=False))
    steps.eliminate(ctx, "Red Boat", Losses(face_up=False))  # the boat's identity is public
    assert _unit(ctx, "Blue Foot") == ("blue", "pool", 1, ["face_down"])
    assert ctx.lines == [
        ("Blue Foot is eliminated in Midford and goes face down to Blue's pool", None),
        ("Red Boat is eliminated in Still Lake and goes face down to Red's pool", None),
    ]


def test_a_block_eliminated_for_good_is_a_trophy_and_a_loss(hidden: GameDef) -> None:
    """JC 7.51: a leader is killed, a trophy for the enemy; HotS 5.8 names no trophy."""
    losses = Losses(for_good=("infantry",), trophies="trophies", lost="lost", cite=CITE.cite)
    ctx = _ctx(hidden, Red_Foot=("red", "Midford", 1), Blue_Foot=("blue", "Southtown", 1))
    ctx.state["pieces"]["Red Foot"]["flags"] = ["revealed"]
    assert steps.lose_step(ctx, "Red Foot", losses) == steps.KILLED
    assert _unit(ctx, "Red Foot") == ("red", "out", 1, [])
    assert ctx.state["records"] == {
        "trophies": {"red": [], "blue": ["Red Foot"]},
        "lost": {"red": 1, "blue": 0},
    }
    assert steps.eliminate(ctx, "Blue Foot", Losses(for_good=("Blue Foot",))) == steps.KILLED
    assert ctx.lines == [
        ("Red Foot is killed in Midford: a trophy for Blue", None),
        ("Blue Foot is killed in Southtown", None),
    ]
    assert ctx.rules == ["X 7.51"]


def test_a_block_that_switches_joins_the_enemy_where_it_stands(hidden: GameDef) -> None:
    """HotS 5.7: a noble beaten in battle fights on for the other side at strength 1
    (here the printed IV-II block, at its lowest, II); JC 7.52: Cleopatra."""
    ctx = _ctx(hidden, Blue_Guard=("blue", "Midford", 2), Red_Foot=("red", "Midford", 1))
    ctx.state["pieces"]["Blue Guard"]["flags"] = ["revealed"]
    assert steps.lose_step(ctx, "Blue Guard", Losses(switch=("infantry",))) == steps.SWITCHED
    assert _unit(ctx, "Blue Guard") == ("red", "Midford", 2, ["revealed"])
    switch = Losses(switch=("Red Foot",), switch_strength=1)
    assert steps.eliminate(ctx, "Red Foot", switch) == steps.SWITCHED
    assert _unit(ctx, "Red Foot") == ("blue", "Midford", 1, [])
    assert ctx.lines == [
        ("Blue Guard is eliminated and joins Red at strength II", None),
        ("Red Foot is eliminated and joins Blue at strength I", None),
    ]


def test_a_turned_block_goes_home_when_eliminated(hidden: GameDef) -> None:
    """Card Jupiter: the record keeps a defector's owner; turned back, it leaves it."""
    ctx = _ctx(hidden, Blue_Foot=("blue", "Midford", 1))
    steps.change_side(ctx, "Blue Foot", "red", returns="turned")
    assert ctx.state["records"]["turned"] == {"Blue Foot": "blue"}
    steps.change_side(ctx, "Blue Foot", "blue", returns="turned")
    assert ctx.state["records"]["turned"] == {}
    steps.change_side(ctx, "Blue Foot", "red", returns="turned")
    assert steps.eliminate(ctx, "Blue Foot", Losses(returns="turned")) == steps.ELIMINATED
    assert _unit(ctx, "Blue Foot") == ("blue", "pool", 1, ["face_up"])
    assert ctx.state["records"]["turned"] == {}
    assert ctx.lines[-1] == (
        "Blue Foot is eliminated in Midford and goes face up to Blue's pool",
        None,
    )


# -- what event effects choose from (JC cards Vulcan, Jupiter; HotS Pillage, Herald) ---------


def test_the_blocks_and_areas_an_event_may_strike(hidden: GameDef) -> None:
    ctx = _ctx(
        hidden,
        Red_Foot=("red", "Midford", 3),
        Red_Boat=("red", "Still Lake", 2),
        Blue_Foot=("blue", "Midford", 3),
        Blue_Guard=("blue", "Southtown", 2),
    )
    assert events.blocks_in(ctx, "Midford") == ["Blue Foot", "Red Foot"]
    assert events.enemy_blocks_at(ctx, "red", "Midford") == ["Blue Foot"]
    # Land areas with a Blue block, contested Midford too; the lake is not land.
    assert events.enemy_areas(ctx, "red", "land") == ["Midford", "Southtown"]
    assert events.enemy_areas(ctx, "blue", "land") == ["Midford"]
    assert events.enemy_areas(ctx, "blue", "water") == ["Still Lake"]
    assert events.occupied_areas(ctx, "land") == ["Midford", "Southtown"]
    assert events.friendly_neighbours(ctx, "blue", "Midford", "land") == ["Southtown"]
    assert events.friendly_neighbours(ctx, "red", "Midford", "land") == []


def test_the_blocks_an_event_may_turn_next_to_a_friendly_area(hidden: GameDef) -> None:
    """Jupiter: an enemy block next to a friendly city; a boat only off the land, when the
    game says so (the Spanish text's navis "at sea")."""
    ctx = _ctx(
        hidden,
        Red_Foot=("red", "Northtown", 3),
        Red_Boat=("red", "Midford", 2),
        Blue_Foot=("blue", "Southtown", 3),
    )
    assert events.defector_areas(ctx, "blue", "land", []) == ["Midford"]
    assert events.defectors(ctx, "blue", "Midford", "land", ["boat"]) == []
    assert events.defector_areas(ctx, "blue", "land", ["boat"]) == []
    # Red holds Midford: Blue Foot in Southtown is next to it; Red Foot is not.
    assert events.defector_areas(ctx, "red", "land", ["boat"]) == ["Southtown"]
    # Blue takes Midford, the boat puts out onto the lake: there it may be turned.
    ctx.state["pieces"]["Red Boat"]["at"] = "Still Lake"
    ctx.state["pieces"]["Blue Foot"]["at"] = "Midford"
    assert events.defector_areas(ctx, "blue", "land", ["boat"]) == ["Northtown", "Still Lake"]
    assert events.defectors(ctx, "blue", "Still Lake", "land", ["boat"]) == ["Red Boat"]


def test_a_block_drawn_blind_is_the_die_s_pick(hidden: GameDef) -> None:
    ctx = _ctx(hidden, dice=(2,))
    assert events.draw_block(ctx, ["Blue Foot", "Blue Guard", "Red Foot"], "a draw") == "Blue Guard"
    with pytest.raises(EngineError, match="no block to draw: a draw"):
        events.draw_block(ctx, [], "a draw")


def test_a_block_goes_over_where_it_stands(hidden: GameDef) -> None:
    """Herald: the noble changes side at his strength where he stands."""
    ctx = _ctx(hidden, Blue_Foot=("blue", "Midford", 2))
    steps.go_over(ctx, "Blue Foot", "red")
    assert _unit(ctx, "Blue Foot") == ("red", "Midford", 2, [])
    assert ctx.lines == [("Blue Foot in Midford goes over to Red", None)]
    assert ctx.state["records"] == {}


# -- an event card's effect, played (JC 2.1; HotS 3.12, 4.0) ---------------------------------

RULES = """\
game demo_skirmish

param events.declinable: list[card] = [] "Event cards their player may decline" @rule "KIT 2"

sequence: @rule "KIT 0"
  step muster @rule "KIT 0"
  step play_event(card: "Halt", side: "red") @rule "KIT 1"

effect strike(player: side) on "Halt": @rule "KIT 1"
  "Every block of one enemy group on land loses a step; eliminated, it lies face down."
  choose target: space from enemy_areas(player, "land")
  for block in enemy_blocks_at(player, target):
    reduce_block(block, false)
"""


def _muster(ctx: Any) -> None:
    """Red Foot in Northtown, Blue Foot (at I) and Blue Guard (at IV) in Midford."""
    for pid, at, strength in (("Red Foot", "Northtown", 3), ("Blue Foot", "Midford", 1)):
        ctx.state["pieces"][pid].update(at=at, strength=strength)
    ctx.state["pieces"]["Blue Guard"].update(at="Midford", strength=4)


def _event_game(game: GameDef, tmp_path: Path, declinable: str = "[]") -> Game:
    registry = kit_registry()
    registry.add_procedure("muster", _muster, rule="KIT 0")
    play = events.PlayEvent(declinable="events.declinable", rule="KIT 1")
    registry.add_procedure(
        "play_event", play, rule="KIT 1", params={"card": "card", "side": "side"}, needs=play.needs
    )
    rules = RULES.replace("= []", f"= {declinable}")
    return compile_rules(game, tmp_path, "events.rules", rules, registry)


def test_an_event_card_runs_its_effect_for_its_player(hidden: GameDef, tmp_path: Path) -> None:
    game = _event_game(hidden, tmp_path)
    state = game.new_state(seed=1)
    prompt = game.prompt(state)
    assert prompt is not None and prompt.side == "red"
    assert [a.text for a in prompt.actions] == ["choose(Midford)"]
    game.apply(state, "choose(Midford)", run=Run(dice=ForcedDice([])))
    pieces = state["pieces"]
    assert (pieces["Blue Guard"]["strength"], pieces["Blue Foot"]["at"]) == (2, "pool")
    assert pieces["Blue Foot"]["flags"] == ["face_down"]
    red = [e["text"] for e in state["log"] if e.get("to") in (None, ["red"])]
    assert red[0] == "Event Halt takes effect for red"
    assert red[1:] == [
        "a Blue block is eliminated in Midford and goes face down to Blue's pool",
        "a Blue block in Midford loses a step",
        "Game over: the sequence of play ended without a winner",
    ]


def test_a_declinable_event_offers_pass(hidden: GameDef, tmp_path: Path) -> None:
    game = _event_game(hidden, tmp_path, declinable='["Halt"]')
    state = game.new_state(seed=1)
    prompt = game.prompt(state)
    assert prompt is not None
    assert [a.text for a in prompt.actions] == ["choose(Midford)", "pass"]
    game.apply(state, "pass")
    assert state["pieces"]["Blue Guard"]["strength"] == 4


def test_an_event_card_without_an_effect_is_refused() -> None:
    rules = SimpleNamespace(effect_for_card=lambda card: None)
    ctx: Any = SimpleNamespace(game=SimpleNamespace(rules=rules))
    with pytest.raises(EngineError, match="no effect for the event card 'March'"):
        events.PlayEvent(declinable="x").start(ctx, {"args": {"card": "March", "side": "red"}})


# -- the battle's ground: sea-going retreats, regroups (JC 7.7, 7.82, 7.83; HotS 5.6) -------

SEAS = tiny_board(
    {"port": "land", "sea": "sea"},
    {"road": [("land", "land")], "sea": [("land", "sea"), ("sea", "sea")]},
    {"port": ("Port", "Cove", "Town"), "sea": ("Bay", "Deep", "Reef")},
    [
        ("sea", "Bay", "Deep"),
        ("sea", "Bay", "Reef"),
        ("sea", "Port", "Bay"),
        ("sea", "Cove", "Bay"),
        ("sea", "Port", "Deep"),
        ("road", "Port", "Town"),
    ],
)
AT_SEA = routes.Ground("Bay", "red", {"red": frozenset({"Bay|Deep"})}, {})
OCCUPIED = {"Bay": {"red", "blue"}, "Port": {"red"}, "Cove": {"blue"}, "Reef": {"blue"}}


def _sea(ground: routes.Ground, side: str, occupied: Any = OCCUPIED, **kw: Any) -> list[str]:
    kw.setdefault("stands_on", {"sea", "port"})
    return routes.sea_going_retreats(
        SEAS, ground, "Ship", side, occupied, sea="sea", land="land", border="sea", **kw
    )


def test_a_sea_going_attacker_goes_back_whence_it_came_or_to_a_friendly_port() -> None:
    """JC 7.82: Deep (vacant, it came from there), Port (friendly, on the battle's sea);
    not Reef (the enemy's)."""
    assert _sea(AT_SEA, "red") == ["Deep", "Port"]
    came_from_reef = routes.Ground("Bay", "red", {}, {"Ship": "Reef"})
    assert _sea(came_from_reef, "red") == ["Port"]
    assert _sea(AT_SEA, "red", stands_on={"sea"}) == ["Deep"]


def test_a_sea_going_defender_never_takes_the_attacker_s_way() -> None:
    """Blue: Reef (friendly) and Cove (its port); Deep is vacant but the attacker's way."""
    assert _sea(AT_SEA, "blue") == ["Cove", "Reef"]
    assert _sea(AT_SEA, "blue", {**OCCUPIED, "Deep": {"blue"}}) == ["Cove", "Deep", "Reef"]
    # In a port battle, to the seas only.
    in_port = routes.Ground("Port", "blue", {"blue": frozenset({"Bay|Port"})}, {})
    assert _sea(in_port, "red", {"Port": {"red", "blue"}}) == ["Deep"]


def test_the_victor_regroups_by_road_or_by_sea(hidden: GameDef) -> None:
    ctx = _ctx(
        hidden,
        Red_Foot=("red", "Midford", 3),
        Red_Boat=("red", "Midford", 2),
        Blue_Foot=("blue", "Southtown", 3),
    )
    args = (["road"], ["boat"], "water", "land")
    assert routes.regroup_areas(ctx, "Midford", "Red Foot", *args) == ["Northtown"]
    assert routes.regroup_areas(ctx, "Midford", "Red Foot", *args, ["Northtown"]) == []
    assert routes.regroup_areas(ctx, "Midford", "Red Boat", *args) == ["Still Lake"]
    ctx.state["pieces"]["Red Boat"]["at"] = "Still Lake"
    assert routes.regroup_areas(ctx, "Still Lake", "Red Boat", *args) == ["Midford"]
    routes.regroup_block(ctx, "red", "Midford", "Red Foot", "Northtown")
    assert ctx.state["pieces"]["Red Foot"]["at"] == "Northtown"
    assert ctx.lines == [
        ("Red regroups Red Foot: Midford -> Northtown", ["red"]),
        ("Red regroups a block: Midford -> Northtown", ["blue"]),
    ]


def test_the_primitives_are_registered_for_rules_files() -> None:
    registry = RuleRegistry()
    register_kit(registry)
    assert registry.effects["reduce_block"].signature() == (
        "reduce_block(block: piece, face_up: bool?, for_good: list[str]?, switch: list[str]?, "
        "switch_strength: int?)"
    )
    for name in ("go_over", "regroup_block"):
        assert name in registry.effects
    for name in (
        "blocks_in",
        "enemy_blocks_at",
        "enemy_areas",
        "occupied_areas",
        "friendly_neighbours",
        "defector_areas",
        "regroup_areas",
    ):
        assert name in registry.queries
