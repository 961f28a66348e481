"""The kit's battle flow (``kit.fight``) and battle board (``kit.battle_board``) on the demo game.

The demo game's four blocks stand in Midford (the muster of ``test_kit_rules``): Red Foot (C2,
strength 3) and Red Boat (D2, 2) attack, Blue Foot (C3, 3) and Blue Guard (B2, 2) defend. Each
test calls a primitive as a rules file would, with forced dice, and checks its exact outcome:
the state, the public record, the log lines and who reads them.
"""

from __future__ import annotations

from collections import Counter
from pathlib import Path
from types import SimpleNamespace
from typing import Any

import pytest

from legatus.framework.engine.core import Context, Run
from legatus.framework.engine.dice import ForcedDice
from legatus.framework.engine.state import State
from legatus.framework.kit import engagement, fight
from legatus.framework.kit.battle_board import BoardRules, battle_board
from legatus.framework.kit.movement import place
from legatus.framework.model.gamedef import GameDef, Rating
from legatus.framework.rules.registry import RuleRegistry
from tests.kit.test_kit_rules import kit_game

NORTH, SOUTH = "Midford|Northtown", "Midford|Southtown"


@pytest.fixture
def ctx(demo: GameDef, tmp_path: Path) -> Context:
    """A context on the demo battle's first decision (every block in Midford)."""
    game = kit_game(demo, tmp_path)
    state = game.new_state(seed=1)
    state["records"].update({"player1": "red", "battles": ["Midford"], "battle": None})
    return Context(game, state, Run(count=True))


def _texts(state: State, side: str | None = None) -> list[str]:
    return [e["text"] for e in state["log"] if side is None or e.get("to") in (None, [side])]


def _with_dice(ctx: Context, *rolls: list[int]) -> Context:
    return Context(ctx.game, ctx.state, Run(dice=ForcedDice(list(rolls)), count=True))


# -- the attack ------------------------------------------------------------------------------


def test_an_attack_across_two_borders_has_reserves_off_the_main_one() -> None:
    """Red came from Northtown (the main attack) and Southtown; Blue Guard responded. The
    blocks off the main border and, as Player 1 attacks, the responder are reserves."""
    detail = {
        "attacker": "red",
        "roads": [NORTH, SOUTH],
        "main": NORTH,
        "origins_by_block": {
            "Red Foot": "Northtown",
            "Red Boat": "Southtown",
            "Blue Guard": "Southtown",
        },
    }
    owner = {"Red Foot": "red", "Red Boat": "red", "Blue Foot": "blue", "Blue Guard": "blue"}
    attack = fight.attack_at(detail, "Midford", list(owner), owner, ("red", "blue"), "red", "red")
    assert attack == {
        "attacker": "red",
        "origins": {"Red Foot": "Northtown", "Red Boat": "Southtown", "Blue Guard": "Southtown"},
        "entered": {"red": [NORTH, SOUTH], "blue": [SOUTH]},
        "reserves": ["Blue Guard", "Red Boat"],
    }
    # Player 2 attacking: the defender's responders are not reserves.
    second = fight.attack_at(detail, "Midford", list(owner), owner, ("red", "blue"), "red", "blue")
    assert second["reserves"] == ["Red Boat"]


def test_the_attack_is_read_from_the_engagement_record(ctx: Context) -> None:
    """The record kit.engagement writes during moves is what read_attack reads: ids from
    each side's own half, the main attack and reserves from settle_attacks."""
    public: dict[str, Any] = {"road_use": {}, "attacks": {}, "contested": []}
    own = {s: {"moved": [], "arrivals": {}, "reserves": {}} for s in ("red", "blue")}
    sides = ("red", "blue")
    engagement.note_engagement(
        public, own["red"], "red", "blue", sides, "Red Foot", "Midford", "Northtown"
    )
    engagement.note_engagement(
        public, own["red"], "red", "blue", sides, "Red Boat", "Midford", "Southtown"
    )
    engagement.settle_attacks(public, own["red"], "red", {"Midford": 2})
    ctx.state["records"].update({"moves": public, "own_moves": own})
    blocks = ["Blue Foot", "Blue Guard", "Red Boat", "Red Foot"]
    attack = fight.read_attack(ctx, "Midford", blocks, "moves", "own_moves")
    assert attack["attacker"] == "red" and attack["reserves"] == ["Red Boat"]
    assert attack["entered"] == {"red": [NORTH, SOUTH], "blue": []}
    assert fight.attack_side(ctx, attack) == "red"
    assert fight.attack_reserves(ctx, attack) == ["Red Boat"]
    assert fight.attacker_at(ctx, "Midford", "moves", "own_moves") == "red"


def test_without_a_record_the_side_that_moved_in_attacks() -> None:
    owner = {"a": "red", "b": "blue"}
    assert fight.guess_attacker(owner, ["a", "b"], {"b"}, ("red", "blue")) == "blue"
    assert fight.guess_attacker(owner, ["a", "b"], set(), ("red", "blue")) is None


def test_with_no_player_1_the_first_side_attacks_and_picks_the_battles(ctx: Context) -> None:
    """A turn may have no Player 1 (Hammer of the Scots 3.12: both players played events):
    a battle with no attacker recorded or guessed falls to the game's first side, who also
    picks the order of the battles."""
    ctx.state["records"]["player1"] = None
    own = {s: {"moved": [], "arrivals": {}, "reserves": {}} for s in ("red", "blue")}
    ctx.state["records"].update({"moves": {}, "own_moves": own})
    blocks = ["Blue Foot", "Blue Guard", "Red Boat", "Red Foot"]
    assert fight.read_attack(ctx, "Midford", blocks, "moves", "own_moves")["attacker"] == "red"
    assert fight.player1(ctx) == "red"
    own["blue"]["moved"] = ["Blue Foot", "Blue Guard"]
    assert fight.read_attack(ctx, "Midford", blocks, "moves", "own_moves")["attacker"] == "blue"


# -- the battles to fight -----------------------------------------------------------------------


def test_pending_battles_are_the_contested_locations_in_their_order(ctx: Context) -> None:
    assert fight.pending_battles(ctx) == ["Midford"]
    assert fight.player1(ctx) == "red"
    fight.take_battle(ctx, "Midford")
    assert ctx.state["records"]["battles"] == []
    assert fight.pending_battles(ctx) == ["Midford"]  # still contested: never skipped
    for block in ("Blue Foot", "Blue Guard"):
        place(ctx.state["pieces"], block, "pool")  # noted: the kit's index reads it
    assert fight.pending_battles(ctx) == []
    fight.battles_over(ctx)
    assert (ctx.state["records"]["battles"], ctx.state["records"]["battle"]) == ([], None)


def test_a_grant_is_given_unless_none(ctx: Context) -> None:
    assert fight.granted(ctx, {"mode": "event"}) and not fight.granted(ctx, None)


# -- the record, reveals and the log --------------------------------------------------------------


def test_opening_a_battle_reveals_the_main_forces_and_counts_the_reserves(ctx: Context) -> None:
    blocks = ["Blue Foot", "Blue Guard", "Red Boat", "Red Foot"]
    fight.open_battle(ctx, "Midford", blocks, "red", ["Blue Guard"], {"mode": "charge"})
    pieces = ctx.state["pieces"]
    assert [b for b in blocks if "revealed" in pieces[b]["flags"]] == [
        "Blue Foot",
        "Red Boat",
        "Red Foot",
    ]
    assert ctx.state["records"]["battle"] == {
        "location": "Midford",
        "round": 1,
        "attacker": "red",
        "defender": "blue",
    }
    assert _texts(ctx.state, "red")[-6:] == [
        "Battle at Midford: Red attacks Blue",
        "Blue reveals Blue Foot (C3, III)",
        "Red reveals Red Boat (D2, II)",
        "Red reveals Red Foot (C2, III)",
        "Blue has 1 block(s) in reserve",
        "Charge: the attack fires first in round 1",
    ]
    assert "Blue's reserves: Blue Guard" in _texts(ctx.state, "blue")


def test_a_new_round_reveals_the_arriving_reserves(ctx: Context) -> None:
    fight.new_round(ctx, "Midford", 2, "red", ["Blue Guard"])
    assert "revealed" in ctx.state["pieces"]["Blue Guard"]["flags"]
    assert ctx.state["records"]["battle"]["round"] == 2
    assert _texts(ctx.state)[-3:] == [
        "Round 2 at Midford",
        "The reserves arrive",
        "Blue reveals Blue Guard (B2, II)",
    ]


def test_a_disrupted_defender_becomes_the_attacker(ctx: Context) -> None:
    fight.reserves_disrupted(ctx, "Midford", "blue", True, "blue", 1)
    assert ctx.state["records"]["battle"]["attacker"] == "blue"
    assert ctx.state["records"]["battle"]["defender"] == "red"
    assert _texts(ctx.state)[-2:] == [
        "Blue's main force is destroyed: its reserves are disrupted",
        "Red now defends at Midford",
    ]


def test_a_round_cut_short_counts_its_rule_only_when_turns_are_lost(ctx: Context) -> None:
    blocks = ["Blue Foot", "Red Foot"]
    before = len(ctx.state["log"])
    fight.round_cut_short(ctx, "Midford", "blue", blocks, ["Red Foot"], 1, "KIT 7")
    assert ctx.run.fired["KIT 7"] == 0 and len(ctx.state["log"]) == before
    fight.round_cut_short(ctx, "Midford", "blue", blocks, [], 1, "KIT 7")
    assert ctx.run.fired["KIT 7"] == 1
    assert _texts(ctx.state)[before:] == ["Blue has only reserves at Midford: round 1 ends"]


def test_a_retreat_moves_the_block_out_and_stands_it_up(ctx: Context) -> None:
    fight.reveal(ctx, ["Red Foot"], "red")
    fight.retreat_block(ctx, "Midford", "Red Foot", ["Northtown"])
    assert ctx.state["pieces"]["Red Foot"]["at"] == "Northtown"
    assert "revealed" not in ctx.state["pieces"]["Red Foot"]["flags"]
    assert _texts(ctx.state)[-1] == "Red Foot retreats: Midford -> Northtown"
    fight.battle_pass(ctx, "Blue Foot")
    assert _texts(ctx.state)[-1] == "Blue Foot passes"


def test_the_end_names_the_winner_and_clears_the_record(ctx: Context) -> None:
    fight.open_battle(ctx, "Midford", ["Blue Foot", "Red Foot"], "red", [], None)
    fight.end_battle(ctx, "Midford", ["Blue Foot", "Red Foot"], ["blue"])
    assert ctx.state["records"]["battle"] is None
    assert all("revealed" not in p["flags"] for p in ctx.state["pieces"].values())
    assert _texts(ctx.state)[-1] == "Battle at Midford ends: Blue wins"
    fight.end_battle(ctx, "Midford", [], [])
    assert _texts(ctx.state)[-1] == "Battle at Midford ends: no one is left"


# -- fire -----------------------------------------------------------------------------------------


def test_a_volley_rolls_a_die_per_step_and_hits_at_or_under_the_fire_value(ctx: Context) -> None:
    """Blue Foot, C3 at strength 3: three dice, 1 and 3 hit, 4 misses."""
    hits = fight.volley(_with_dice(ctx, [1, 3, 4]), "Blue Foot", False, "KIT 9")
    assert hits == 2
    entry = ctx.state["log"][-1]
    assert entry["text"] == "Blue Foot (C3) fires 3 dice: 1, 3, 4 -> 2 hits"
    assert (entry["data"]["dice"], entry["data"]["hits"]) == ([1, 3, 4], 2)
    fight.hits_lost(ctx, 1)
    fight.hit_logged(ctx, "Red Foot")
    assert _texts(ctx.state)[-2:] == ["1 hit(s) find no target", "Hit on Red Foot"]


class _Roller:
    """Just what ``volley`` reads of a context: a block with two ratings (attacking D4,
    defending B4), forced dice, the log and the clauses counted."""

    def __init__(self, dice: list[int]) -> None:
        spec = SimpleNamespace(attacking=Rating("D", 4), defending=Rating("B", 4))
        self.definition = SimpleNamespace(pieces={"Engine": spec})
        self.state = {"pieces": {"Engine": {"strength": 2}}}
        self.dice, self.log_lines, self.counted = dice, [], Counter[str]()

    def roll(self, count: int, sides: int = 6, *, what: str = "") -> list[int]:
        return self.dice[:count]

    def log(self, text: str, **data: Any) -> None:
        self.log_lines.append(text)

    def fired(self, rule: str) -> None:
        self.counted[rule] += 1


def test_a_block_with_two_ratings_fires_by_its_role_and_counts_the_rule() -> None:
    roller: Any = _Roller([4, 5])
    assert fight.volley(roller, "Engine", True, "KIT 4") == 1  # D4 attacking: 4 hits
    assert fight.volley(roller, "Engine", False, "KIT 4") == 1  # B4 defending, same dice
    assert roller.log_lines == [
        "Engine (D4) fires 2 dice: 4, 5 -> 1 hit",
        "Engine (B4) fires 2 dice: 4, 5 -> 1 hit",
    ]
    assert roller.counted["KIT 4"] == 2


def test_a_fire_value_the_rules_give_replaces_the_printed_one(ctx: Context) -> None:
    """Hammer of the Scots 5.4: a noble defending at home fires at 3 whatever its rating;
    the rules file passes the value. Red Foot (C2, strength 3): 3 hits now, not 2."""
    assert fight.volley(_with_dice(ctx, [1, 3, 4]), "Red Foot", True, "", 3) == 2
    assert ctx.state["log"][-1]["text"] == "Red Foot (C3) fires 3 dice: 1, 3, 4 -> 2 hits"
    assert fight.volley(_with_dice(ctx, [1, 3, 4]), "Red Foot", True) == 1


def test_a_turn_s_question_says_what_the_blocks_may_do(ctx: Context) -> None:
    ask = fight.turn_text
    assert ask(ctx, "Midford", ["Red Foot"], "red", 1, 3, 2) == (
        "Battle at Midford, round 1: Red Foot (C2) fire or pass"
    )
    assert ask(ctx, "Midford", ["Blue Foot"], "red", 2, 3, 2).endswith("fire, pass or retreat")
    assert ask(ctx, "Midford", ["Red Foot"], "red", 3, 3, 2).endswith("(C2) must retreat")
    assert ask(ctx, "Midford", ["Blue Foot"], "red", 3, 3, 2).endswith("fire, pass or retreat")


def test_strengths_print_in_roman_numerals() -> None:
    assert [fight.roman_numeral(n) for n in (1, 2, 3, 4, 6, 0)] == [
        "I",
        "II",
        "III",
        "IV",
        "VI",
        "0",
    ]


def test_register_kit_registers_the_battle_flow() -> None:
    from legatus.framework.kit import register_kit

    registry = RuleRegistry()
    register_kit(registry)
    assert registry.queries["read_attack"].signature() == (
        "read_attack(location: space, blocks: list[piece], record: str, own: str) -> any"
    )
    for name in ("volley", "turn_text", "pending_battles", "player1", "granted", "roman"):
        assert name in registry.queries
    for name in ("begin_battle", "new_round", "retreat_block", "end_battle", "take_battle"):
        assert name in registry.effects


# -- the board ------------------------------------------------------------------------------------


def _view(frame: dict[str, Any], prompt: str = "battle_turn") -> dict[str, Any]:
    known = {
        "Red Foot": {"side": "red", "at": "Midford", "strength": 3},
        "Red Boat": {"side": "red", "at": "Midford", "strength": 2},
        "Blue Foot": {"side": "blue", "at": "Midford", "strength": 3},
        "Blue Guard": {"side": "blue", "at": "Midford", "strength": 2},
    }
    log = [
        {
            "text": "Battle at Midford: Red attacks Blue",
            "data": {"event": "battle", "at": "Midford"},
        },
        {"text": "Hit on Blue Foot", "data": {"event": "hit", "block": "Blue Foot"}},
    ]
    return {
        "stack": [{"p": "fight", "env": frame}],
        "pieces": {"known": known, "hidden": []},
        "log": log,
        "prompt": {"kind": prompt},
    }


FRAME = {
    "location": "Midford",
    "attacker": "red",
    "defender": "blue",
    "round": 1,
    "blocks": ["Blue Foot", "Blue Guard", "Red Boat", "Red Foot"],
    "reserves": ["Blue Guard"],
    "acted": [],
}


def test_the_board_puts_the_defender_first_and_the_reserves_apart(demo: GameDef) -> None:
    rules = BoardRules(procedure="fight", last_round=3)
    board = battle_board(demo, _view(FRAME), rules)
    assert board is not None
    assert board["order"] == [["Blue Foot"], ["Red Foot"], ["Red Boat"]]
    assert board["current"] == ["Blue Foot"] and board["rounds"] == 3
    assert board["stage"] == "Blue's C block fire or pass"
    blue = board["sides"][1]
    assert [p["piece"] for p in blue["reserves"]] == ["Blue Guard"]
    assert [(line["label"], [p["piece"] for p in line["pieces"]]) for line in blue["lines"]] == [
        ("C", ["Blue Foot"])
    ]
    assert blue["facts"] == ["defends Midford", "1 hit taken"]
    # An event's first fire puts the attacker's chosen blocks before everyone in round 1.
    early = BoardRules(procedure="fight", early=lambda grant, block: block in grant["blocks"])
    first = battle_board(
        demo, _view(FRAME | {"first_fire": {"mode": "charge", "blocks": ["Red Boat"]}}), early
    )
    assert first is not None and first["order"][0] == ["Red Boat"]
    assert first["notes"] == ["Charge: the attack fires first"]
    # Round 2: the reserves have arrived and fight in their line (B, first).
    second = battle_board(demo, _view(FRAME | {"round": 2}), rules)
    assert second is not None and second["order"][0] == ["Blue Guard"]
    assert second["stage"] == "Blue's B block fire, pass or retreat"


def test_a_game_that_allows_retreats_in_round_1_says_so_on_its_board(demo: GameDef) -> None:
    """Hammer of the Scots 5.5: a block may retreat in round 1 (not a reserve); three rounds."""
    rules = BoardRules(procedure="fight", last_round=3, retreat_from=1)
    board = battle_board(demo, _view(FRAME), rules)
    assert board is not None and board["stage"] == "Blue's C block fire, pass or retreat"
    last = battle_board(
        demo, _view(FRAME | {"round": 3, "acted": ["Blue Foot", "Blue Guard"]}), rules
    )
    assert last is not None and last["stage"] == "Red's C block must retreat"


def test_no_board_between_battles(demo: GameDef) -> None:
    assert battle_board(demo, _view({}), BoardRules(procedure="fight")) is None
