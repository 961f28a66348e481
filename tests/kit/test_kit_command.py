"""The kit's card-driven command on its own (Julius Caesar 2.1, 2.2, 5.3, 8.1, 8.6; Hammer
of the Scots' card play and its nobles going home), on the demo game given a deck with
events, the card zones and the card and command records.

The deck: March (move 2, levy 1) twice, Halt (move 0, levy 2), Rally (move 2, levy 0) and
two event cards, Storm and Echo (Echo copies the card the other side had in effect last
turn, as Julius Caesar's Apollo does). Northtown (town) - Midford (harbour) - Southtown
(town) by road; Midford - Still Lake (lake) by the shore. The set-up puts Red Foot in
Northtown and Red Boat in Midford.
"""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest

from legatus.framework.engine.core import Game
from legatus.framework.engine.records import start_of
from legatus.framework.kit import cards, command, deployment, winter
from legatus.framework.model.gamedef import GameDef
from legatus.framework.model.loader import load_game
from tests.kit.helpers import (
    CARD_ZONES,
    COMMAND_RECORDS,
    FakeCtx,
    asked,
    compile_rules,
    demo_copy,
    empty_zones,
    kit_registry,
)

CARDS = """\
card_kinds:
  order: {values: [move, levy]}
  event: {values: []}
deck_size: 6
cards:
  - {id: March, kind: order, copies: 2, values: {move: 2, levy: 1}}
  - {id: Halt, kind: order, values: {move: 0, levy: 2}}
  - {id: Rally, kind: order, values: {move: 2, levy: 0}}
  - {id: Storm, kind: event}
  - {id: Echo, kind: event}
"""

#: The records of the command, and the free deployment's choices.
RECORDS = (
    COMMAND_RECORDS + "  deployment: {per_side: true, visible_to: owner, schema: {type: object}}\n"
)


@pytest.fixture(scope="module")
def demo(tmp_path_factory: pytest.TempPathFactory) -> GameDef:
    folder = demo_copy(
        tmp_path_factory,
        "command",
        write={"cards.yaml": CARD_ZONES + CARDS},
        append={"game.yaml": RECORDS},
        replace={"scenarios/meeting.yaml": [("Still Lake: [Red Boat]", "Midford: [Red Boat]")]},
    )
    return load_game(folder)


def _records(game: GameDef, **given: Any) -> dict[str, Any]:
    found = {
        name: {side: start_of(game, name) for side in game.side_ids}
        if decl.per_side
        else start_of(game, name)
        for name, decl in game.records.items()
    }
    found.update(given)
    return found


# -- what the revealed cards decide ---------------------------------------------------------

JC = {"values": ["move", "levy"], "copiers": ["Echo"]}


@pytest.mark.parametrize(
    ("played", "tie", "player1", "reason"),
    [
        ({"red": "Halt", "blue": "March"}, "red", "blue", "higher move"),
        ({"red": "Rally", "blue": "March"}, "blue", "blue", "tie: Blue"),
        ({"red": "Rally", "blue": "March"}, "red", "red", "tie: Red"),
        ({"red": "Halt", "blue": "Storm"}, "red", "blue", "event player"),
        ({"red": None, "blue": "Halt"}, "blue", "blue", "tie: Blue"),
    ],
)
def test_the_higher_move_value_goes_first_the_tie_side_on_equal_values_an_event_player_always(
    demo: GameDef, played: dict[str, str | None], tie: str, player1: str, reason: str
) -> None:
    outcome = cards.resolve_cards(demo, played, {}, tie=tie, **JC)
    assert (outcome.player1, outcome.reason, outcome.cancelled) == (player1, reason, False)


def test_the_orders_are_the_cards_values_an_event_gives_none(demo: GameDef) -> None:
    outcome = cards.resolve_cards(demo, {"red": "March", "blue": "Storm"}, {}, tie="red", **JC)
    assert outcome.orders == {"red": {"move": 2, "levy": 1}, "blue": {"move": 0, "levy": 0}}
    assert outcome.event == {"card": "Storm", "side": "blue"}


def test_two_events_cancel_the_turn(demo: GameDef) -> None:
    outcome = cards.resolve_cards(demo, {"red": "Echo", "blue": "Storm"}, {}, tie="red", **JC)
    assert (outcome.player1, outcome.cancelled, outcome.event) == (None, True, None)
    assert outcome.copied == {"red": None}
    assert outcome.orders == {"red": {"move": 0, "levy": 0}, "blue": {"move": 0, "levy": 0}}


def test_a_copying_card_becomes_the_card_the_other_side_had_in_effect(demo: GameDef) -> None:
    """Echo copies blue's March of last turn: red moves 2, levies 1. Copying decides: the
    move values tie (2, 2) and the tie side goes first; otherwise Echo's player does."""
    played, previous = {"red": "Echo", "blue": "Rally"}, {"red": "Halt", "blue": "March"}
    outcome = cards.resolve_cards(demo, played, previous, tie="blue", **JC)
    assert outcome.copied == {"red": "March"}
    assert outcome.orders["red"] == {"move": 2, "levy": 1}
    assert (outcome.player1, outcome.reason, outcome.event) == ("blue", "tie: Blue", None)
    outcome = cards.resolve_cards(demo, played, previous, tie="blue", copy_decides=False, **JC)
    assert (outcome.player1, outcome.reason) == ("red", "event player")


def test_a_copied_event_is_the_event_in_force(demo: GameDef) -> None:
    played, previous = {"red": "Echo", "blue": "Halt"}, {"red": "March", "blue": "Storm"}
    outcome = cards.resolve_cards(demo, played, previous, tie="blue", **JC)
    assert outcome.event == {"card": "Storm", "side": "red"}
    assert (outcome.player1, outcome.orders["red"]) == ("red", {"move": 0, "levy": 0})


def test_move_cards_alone_as_in_hammer_of_the_scots(demo: GameDef) -> None:
    """Values ``[move]`` and no copying card: the orders hold the group moves only."""
    outcome = cards.resolve_cards(
        demo, {"red": "Halt", "blue": "Rally"}, {}, tie="red", values=["move"]
    )
    assert (outcome.player1, outcome.orders) == ("blue", {"red": {"move": 0}, "blue": {"move": 2}})


# -- the card phase's effects -----------------------------------------------------------------


def test_reveal_cards_records_the_outcome_and_counts_the_callers_clauses(demo: GameDef) -> None:
    previous = {"red": "Halt", "blue": "March"}
    state = {
        "zones": empty_zones(committed_red=["Echo"], committed_blue=["Rally"]),
        "records": _records(demo, previous_cards=previous),
    }
    ctx = FakeCtx(demo, state)
    cards.reveal_cards(ctx, "blue", ["move", "levy"], ["Echo"], True, "X 2")
    assert ctx.revealed
    assert state["zones"]["played:red"] == ["Echo"] and state["zones"]["committed:red"] == []
    records = state["records"]
    assert records["cards"] == {"red": "Echo", "blue": "Rally"}
    assert (records["player1"], records["copied"], records["event"]) == (
        "blue",
        {"red": "March"},
        None,
    )
    assert records["orders"] == {"red": {"move": 2, "levy": 1}, "blue": {"move": 2, "levy": 0}}
    assert ctx.rules == ["X 2 card Echo", "X 2 ties: Blue"]
    assert ctx.lines == [
        ("Cards revealed: Red Echo (copying March), Blue Rally; Blue is Player 1 (tie: Blue)", None)
    ]


def test_a_new_turn_keeps_the_cards_in_effect_for_a_copy(demo: GameDef) -> None:
    records = _records(
        demo, cards={"red": "Echo", "blue": "Halt"}, copied={"red": "March"}, player1="red"
    )
    ctx = FakeCtx(demo, {"records": records})
    cards.new_card_turn(ctx)
    assert records["previous_cards"] == {"red": "March", "blue": "Halt"}
    assert (records["cards"], records["copied"], records["player1"]) == ({}, {}, None)
    cards.forget_turn_cards(ctx)
    assert records["previous_cards"] == {}


def test_playable_withholds_a_card_in_the_years_first_turn_while_another_is_held(
    demo: GameDef,
) -> None:
    state = {"zones": empty_zones(hand_red=["Echo", "March", "March"]), "records": _records(demo)}
    ctx = FakeCtx(demo, state)
    assert cards.playable(ctx, "red", ["Echo"], True, "X 2") == ["March"]
    assert ctx.rules == ["X 2 card Echo: not in the first turn"]
    assert cards.playable(ctx, "red", ["Echo"], False, "X 2") == ["Echo", "March"]
    state["zones"]["hand:red"] = ["Echo"]
    assert cards.playable(ctx, "red", ["Echo"], True, "X 2") == ["Echo"]
    state["zones"]["hand:red"] = ["Echo", "March"]
    state["records"]["previous_cards"] = {"red": "Halt", "blue": "March"}
    assert cards.playable(ctx, "red", ["Echo"], True, "X 2") == ["Echo", "March"]


# -- the command phase ---------------------------------------------------------------------------


def test_the_orders_the_first_player_and_the_event(demo: GameDef) -> None:
    records = _records(
        demo,
        player1="blue",
        cards={"red": "Storm", "blue": "Halt"},
        event={"card": "Storm", "side": "red"},
        orders={"red": {"move": 0, "levy": 0}, "blue": {"move": 0, "levy": 2}},
    )
    ctx = FakeCtx(demo, {"records": records})
    assert command.turn_order(ctx) == ["blue", "red"]
    assert (command.plays_event(ctx, "red"), command.plays_event(ctx, "blue")) == (True, False)
    assert command.event_card(ctx) == "Storm"
    assert command.card_points(ctx, "blue", "levy") == 2
    del records["orders"]  # a hand-built position: the card's own values
    assert command.card_points(ctx, "blue", "levy") == 2
    command.announce_orders(ctx, "blue", ["move", "levy"], ["move(s)", "levy"])
    command.announce_orders(ctx, "red", ["move", "levy"], ["move(s)", "levy"])
    assert ctx.lines == [
        ("Blue: 0 move(s), then 2 levy", None),
        ("Red plays the event Storm", None),
    ]


def test_two_events_read_in_order_when_a_game_carries_both_out(demo: GameDef) -> None:
    """Hammer of the Scots: both events are carried out, the tie side's first."""
    records = _records(demo, cards={"red": "Storm", "blue": "Echo"}, cancelled=True)
    ctx = FakeCtx(demo, {"records": records})
    assert command.event_players(ctx, "blue") == ["blue", "red"]
    assert command.event_players(ctx, "red") == ["red", "blue"]
    assert [command.revealed_card(ctx, s) for s in ("blue", "red")] == ["Echo", "Storm"]
    records["cards"] = {"red": "Storm", "blue": "Halt"}
    assert command.event_players(ctx, "blue") == ["red"]
    records["cards"] = {"red": None, "blue": "Halt"}
    with pytest.raises(ValueError, match="red revealed no card this turn"):
        command.revealed_card(ctx, "red")


def test_a_move_into_the_enemy_is_an_attack_and_the_battles_are_listed(demo: GameDef) -> None:
    pieces = {
        "Red Foot": {"side": "red", "at": "Northtown", "strength": 3, "flags": []},
        "Red Boat": {"side": "red", "at": "Still Lake", "strength": 2, "flags": []},
        "Blue Foot": {"side": "blue", "at": "Southtown", "strength": 3, "flags": []},
        "Blue Guard": {"side": "blue", "at": "pool", "strength": 2, "flags": []},
    }
    state = {"pieces": pieces, "records": _records(demo)}
    ctx = FakeCtx(demo, state)
    command.new_command_turn(ctx)
    path = ("Northtown", "Midford", "Southtown")
    assert command.move_block(ctx, "red", "Red Foot", path, ["road"]) == "attack"
    public = state["records"]["command"]
    assert public["road_use"]["red"] == {"Midford|Northtown": 1, "Midford|Southtown": 1}
    assert public["contested"] == ["Southtown"]
    assert state["records"]["own_command"]["red"]["moved"] == ["Red Foot"]
    command.note_levied(ctx, "blue", "Blue Guard")
    assert state["records"]["own_command"]["blue"]["levied"] == ["Blue Guard"]
    command.list_battles(ctx)
    assert state["records"]["battles"] == ["Southtown"]
    assert ctx.lines == [
        ("Red moves a block Northtown -> Midford -> Southtown: attacks Southtown", None),
        ("Red moves Red Foot Northtown -> Midford -> Southtown: attacks Southtown", ["red"]),
        ("Battles to fight: Southtown", None),
    ]


def test_a_sea_move_holds_the_seas_crossed(demo: GameDef) -> None:
    pieces = {"Red Foot": {"side": "red", "at": "Midford", "strength": 3, "flags": []}}
    state = {"pieces": pieces, "records": _records(demo)}
    ctx = FakeCtx(demo, state)
    command.sail_block(ctx, "red", "Red Foot", ["Midford", "Still Lake", "Midford"])
    public = state["records"]["command"]
    assert public["sea_moves"] == [
        {"side": "red", "from": "Midford", "seas": ["Still Lake"], "to": "Midford"}
    ]
    assert public["held_seas"] == {"red": ["Still Lake"], "blue": []}
    assert ctx.lines[0] == ("Red moves a block by sea Midford -> Midford across Still Lake", None)


# -- free deployment -------------------------------------------------------------------------------


def test_free_deployment_offers_only_places_that_leave_room_for_the_rest(demo: GameDef) -> None:
    """Red's set-up: Red Foot in Northtown, Red Boat in Midford. The boat stands only in the
    harbour, so Red Foot may not take Midford; once placed, the boat's choice is forced."""
    state = {"scenario": "meeting", "pieces": {}, "records": _records(demo)}
    state["pieces"] = {
        "Red Foot": {"side": "red", "at": "Northtown", "strength": 3, "flags": []},
        "Red Boat": {"side": "red", "at": "Midford", "strength": 2, "flags": []},
    }
    ctx = FakeCtx(demo, state)
    deployment.begin_deployment(ctx)
    assert deployment.blocks_to_deploy(ctx, "red") == ["Red Boat", "Red Foot"]
    assert deployment.deploy_places(ctx, "red", "Red Foot") == ["Northtown"]
    assert deployment.deploy_places(ctx, "red", "Red Boat") == ["Midford"]
    deployment.deploy_to(ctx, "red", "Red Boat", "Midford")
    deployment.deploy_to(ctx, "red", "Red Foot", "Northtown")
    assert state["records"]["deployment"]["red"] == {"Red Boat": "Midford", "Red Foot": "Northtown"}
    deployment.finish_deployment(ctx)
    assert state["records"]["deployment"] == {"red": {}, "blue": {}}
    assert ctx.lines[-2:] == [
        ("Red has deployed", None),
        ("Free deployment done: the blocks stand in their cities", None),
    ]
    assert deployment.can_place_all([frozenset({"a"}), frozenset({"a", "b"})], {"a": 1, "b": 1})
    assert not deployment.can_place_all([frozenset({"a"})] * 2, {"a": 1, "b": 1})


# -- going home and the year's end -------------------------------------------------------------------


def _home_state() -> dict[str, Any]:
    return {
        "pieces": {
            "Red Foot": {"side": "red", "at": "pool", "strength": 3, "flags": ["face_up"]},
            "Red Boat": {"side": "red", "at": "out", "strength": 2, "flags": []},
            "Blue Foot": {"side": "blue", "at": "Northtown", "strength": 3, "flags": []},
            "Blue Guard": {"side": "blue", "at": "Southtown", "strength": 2, "flags": []},
        }
    }


def test_a_block_goes_home_and_joins_the_side_holding_it(demo: GameDef) -> None:
    state = _home_state()
    ctx = FakeCtx(demo, state)
    assert winter.home_comers(ctx, ["infantry", "boat"]) == ["Red Foot", "Blue Foot", "Blue Guard"]
    winter.go_home(ctx, "Red Foot", "Northtown", "X 8")
    assert state["pieces"]["Red Foot"] == {
        "side": "blue",
        "at": "Northtown",
        "strength": 1,
        "flags": [],
    }
    assert ctx.rules == ["X 8 from the pool", "X 8 joins the enemy"]
    winter.go_home(ctx, "Blue Guard", "Midford", "X 8")
    assert state["pieces"]["Blue Guard"]["side"] == "blue"
    assert ctx.lines == [
        ("Red Foot goes home to Northtown and joins Blue", None),
        ("Blue Guard goes home to Midford", None),
    ]


def test_the_years_reset_stands_blocks_up_and_gathers_the_cards(demo: GameDef) -> None:
    state = _home_state()
    state["zones"] = empty_zones(hand_red=["Halt"], played_blue=["Storm"])
    state["records"] = _records(demo, player1="red", previous_cards={"red": "Halt"})
    ctx = FakeCtx(demo, state)
    winter.reset_year(ctx)
    assert state["pieces"]["Red Foot"]["flags"] == []
    assert state["zones"]["deck"] == ["Echo", "Halt", "March", "March", "Rally", "Storm"]
    assert state["zones"]["hand:red"] == [] and state["zones"]["played:blue"] == []
    assert (state["records"]["player1"], state["records"]["previous_cards"]) == (None, {})


# -- on the rules file ------------------------------------------------------------------------------

RULES = """\
game demo_skirmish

procedure cards_and_orders:
  "Hammer of the Scots' way: both play a card at once; the higher move goes first, red on ties; each announces its group moves."
  deal_hands(2)
  new_card_turn()
  decide play together by side in sides():
    "{side}: play a card face down"
    option play(card: card from playable(side, [], false, "X 3")):
      play_face_down(side, card)
  reveal_cards("red", ["move"], [], false, "X 3")
  for side in turn_order():
    announce_orders(side, ["move"], ["group move(s)"])

sequence:
  step cards_and_orders
"""


def _game(demo: GameDef, tmp_path: Path) -> Game:
    return compile_rules(demo, tmp_path, "command.rules", RULES, kit_registry())


def test_a_card_phase_and_its_orders_in_a_rules_file(demo: GameDef, tmp_path: Path) -> None:
    """Both sides play at once (red asked first); the cards are then revealed: equal move
    values, so red goes first (the tie side). Seed 7 deals red March and Storm, blue Echo
    and Rally."""
    game = _game(demo, tmp_path)
    state = game.new_state(seed=7)
    side, _, _, actions = asked(game, state)
    assert (side, actions) == ("red", ["play(March)", "play(Storm)"])
    game.apply(state, "play(March)")
    side, _, _, actions = asked(game, state)
    assert (side, actions) == ("blue", ["play(Echo)", "play(Rally)"])
    game.apply(state, "play(Rally)")
    assert game.prompt(state) is None
    assert state["records"]["player1"] == "red"
    assert state["records"]["orders"] == {"red": {"move": 2}, "blue": {"move": 2}}
    texts = [entry["text"] for entry in state["log"] if "to" not in entry]
    revealed = texts.index("Cards revealed: Red March, Blue Rally; Red is Player 1 (tie: Red)")
    assert texts[revealed + 1 : revealed + 3] == ["Red: 2 group move(s)", "Blue: 2 group move(s)"]
