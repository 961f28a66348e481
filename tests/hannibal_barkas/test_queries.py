"""Hannibal Barkas's documented queries (legatus/games/hannibal_barkas/queries.py): each answers
in the rulebook's words, cites its rule, is on the game's documentation page, and reads the
same from a kit, a match and an engine context."""

from __future__ import annotations

import inspect
from pathlib import Path

from legatus.framework.engine.core import Game
from legatus.framework.engine.state import clone
from legatus.framework.play.driver import Match
from legatus.games.hannibal_barkas import queries
from legatus.games.hannibal_barkas.queries import Dictator, Move, Siege
from tests.hannibal_barkas.conftest import (
    besiege,
    empty_board,
    give,
    hb_rules,
    kit_on,
    put,
    put_inside,
    set_ip,
    set_lean,
    set_order,
    set_record,
    set_tribe,
    started,
    turn_over,
)

A, B = "carthage_spain", "rome_north"
DOCS = Path(__file__).resolve().parents[2] / "docs"


def public_queries() -> list[str]:
    return [
        name
        for name, member in inspect.getmembers(queries, inspect.isfunction)
        if member.__module__ == queries.__name__ and not name.startswith("_")
    ]


def test_every_query_cites_its_rule_and_is_on_the_docs_page() -> None:
    """Each query's docstring cites the rulebook (HB, or B.13 for the reconstruction's
    cards); the game's page documents the module."""
    names = public_queries()
    assert set(names) <= set(queries.__all__)
    for name in names:
        doc = inspect.getdoc(getattr(queries, name)) or ""
        assert "HB " in doc or "B.13" in doc, name
    page = (DOCS / "hannibal-barkas.md").read_text("utf-8")
    assert ".. automodule:: legatus.games.hannibal_barkas.queries" in page


def test_a_situation_is_a_kit_a_match_or_a_context(hb_game: Game) -> None:
    kit = started(hb_game, "campaign-4p")
    match = Match(hb_game, clone(kit.state))
    for at in (kit, match, kit.context()):
        assert queries.order(at) == [
            "carthage_spain",
            "rome_north",
            "carthage_africa",
            "rome_south",
        ]
        assert queries.units_at(at, "Pisae", "rome_north")["P. C. Scipio"] == 1


def test_players_the_order_of_play_and_initiative(hb_game: Game) -> None:
    """HB 10.2, 3.3, 3.4, 10.1, III: seats, players, the order, IP, who acts, the spheres."""
    kit = started(hb_game, "campaign-4p")
    assert queries.players(kit) == ["rome_north", "rome_south", "carthage_spain", "carthage_africa"]
    assert queries.seats(kit)["rome_south"] == ["rome_south"]
    assert queries.player_of(kit, "massilia") is None
    assert queries.order(kit)[0] == queries.to_act(kit) == "carthage_spain"
    assert kit.asked == ("carthage_spain", "action")
    assert (queries.ip(kit, "carthage_spain"), queries.ip(kit, "rome_south")) == (4, 0)
    assert queries.passed(kit) == []
    kit.act("pass")
    assert queries.passed(kit) == ["carthage_spain"]
    assert queries.to_act(kit) == "rome_north"
    assert queries.first_stage(kit) == 3
    assert queries.sphere(kit, "rome_south") == ["italia_south", "sicilia", "sardinia", "corsica"]
    two = started(hb_game, "campaign-2p")
    assert queries.player_of(two, "rome_south") == "rome_north"


def test_victory_points_treasuries_and_the_war(hb_game: Game) -> None:
    """HB 1.2.11, 1.2.12, 10.3, 11.2."""
    kit = started(hb_game, "campaign-4p")
    assert queries.vp(kit, "rome_north") == 0
    assert queries.gold(kit, "carthage_africa") == 10
    assert queries.war(kit) == "small"
    from legatus.games.hannibal_barkas import victory

    victory.score(kit.context(), "rome_north", 2, "a test")
    victory.score(kit.context(), "rome_south", 3, "a test")
    assert queries.nation_vp(kit, "rome") == 5


def test_cards_by_zone(hb_game: Game) -> None:
    """HB 1.3, 3.1, 3.2, 6.3: hands, cities, leaders' cards, decks, discards, the consuls."""
    kit = started(hb_game, "campaign-4p")
    assert len(queries.hand(kit, "carthage_spain")) == 2
    assert "Roma" in queries.cities(kit, "rome_north")
    assert queries.holder(kit, "Roma") == "rome_north"
    assert queries.holder(kit, "Syracusae") == "syracuse"
    assert sorted(queries.leader_cards(kit, "rome_south")) == ["Konsul I", "Pretor III"]
    assert queries.cards_of(kit, "Konsul I") == ["leaders:rome_south"]
    assert (
        len(queries.deck(kit, "rome"))
        + len(queries.hand(kit, "rome_north"))
        + len(queries.hand(kit, "rome_south"))
        == 60
    )
    assert queries.discards(kit, "carthage") == []
    assert "Scipio Africanus" in queries.consuls(kit)
    assert queries.removed(kit) == []
    assert queries.captured(kit) == {}
    from legatus.games.hannibal_barkas import sieges

    sieges.capture(kit.context(), A, "Capua", "is stormed")
    assert queries.captured(kit) == {"Capua": A}
    assert queries.holder(kit, "Capua") == A


def test_what_stands_where_and_the_status_of_a_space() -> None:
    """HB 1.2, 4.1, V, VI, 6.2: counters by type and leaders by name, the field and the
    walls, and each status a space has for a side."""
    kit = empty_board()
    put(kit, A, "Capua", "Hannibal", heavy_infantry=6, cavalry=1)
    put_inside(kit, B, "Capua", heavy_infantry=2)
    put(kit, B, "Capua", ships=1)  # in port
    put(kit, A, "Pisae", light_infantry=1)
    put(kit, B, "Pisae", light_infantry=1)
    put(kit, A, "Roma", light_infantry=1)
    assert queries.units_at(kit, "Capua") == {
        "Hannibal": 1,
        "heavy_infantry": 8,
        "cavalry": 1,
        "ships": 1,
    }
    assert queries.field(kit, "Capua") == {"Hannibal": 1, "heavy_infantry": 6, "cavalry": 1}
    assert queries.inside(kit, "Capua") == queries.inside(kit, "Capua", B) == {"heavy_infantry": 2}
    assert len(queries.pieces_inside(kit, "Capua")) == 2
    assert queries.room_in(kit, "Capua") == 2 * 3 - 2
    assert queries.status(kit, "Capua", A) == "contested"
    besiege(kit, "Capua", A, 3)
    assert queries.status(kit, "Capua", A) == queries.status(kit, "Capua", B) == "besieged"
    assert queries.status(kit, "Pisae", B) == "contested"
    assert queries.status(kit, "Roma", A) == "friendly"
    assert queries.status(kit, "Roma", B) == "enemy"
    assert queries.status(kit, "Arretium", B) == "vacant"
    hannibal = "Hannibal"
    assert not queries.has_moved(kit, hannibal)
    turn_over(kit, hannibal)
    assert queries.has_moved(kit, hannibal)


def test_sieges_and_the_siege_track() -> None:
    """HB VI, 6.1, 6.2: the track, each city's level and besieger, its defence."""
    kit = empty_board()
    put_inside(kit, B, "Capua", heavy_infantry=2)
    assert queries.siege(kit, "Capua") is None and queries.siege_track(kit) == {}
    assert queries.defence(kit, "Capua") == 3  # the card's
    assert queries.extra_defenders(kit, "Capua") == 2
    besiege(kit, "Capua", A, 2)
    assert queries.siege(kit, "Capua") == Siege("Capua", level=2, by=A, declared=True)
    assert queries.siege_track(kit) == {"Capua": Siege("Capua", 2, A, True)}
    assert queries.defence(kit, "Capua") == 2


def test_the_political_track_and_alliances(hb_game: Game) -> None:
    """HB VII, 10.4."""
    kit = started(hb_game, "campaign-2p")
    assert queries.political_track(kit) == {
        "massilia": 2,
        "numidia": 0,
        "macedonia": 0,
        "syracuse": 0,
    }
    assert queries.ally(kit, "massilia") == "carthage" and queries.ally(kit, "numidia") is None
    assert queries.lean(kit, "numidia") == 0
    set_lean(kit, "numidia", -2, allied_by=B)
    assert queries.ally(kit, "numidia") == "rome"
    assert queries.allied_by(kit, "numidia") == B
    assert queries.alliances(kit) == {"numidia": B}
    assert queries.lean(started(hb_game, "campaign-3p"), "syracuse") is None


def test_the_gallic_tribes_attitudes() -> None:
    """HB 1.2.14, 8.1, 8.2: a marker read as each nation's attitude; the tribes tested."""
    kit = empty_board()
    set_tribe(kit, "Boii", "carthage", "friendly")
    assert queries.marker(kit, "Boii") == ("carthage", "friendly")
    assert queries.attitude(kit, "Boii", "carthage") == "friendly"
    assert queries.attitude(kit, "Boii", "rome") == "unfriendly"
    set_tribe(kit, "Boii", "rome", "allied")
    assert queries.attitude(kit, "Boii", "rome") == "allied"
    assert queries.attitude(kit, "Boii", "carthage") == "hostile"
    set_tribe(kit, "Boii", None)
    assert queries.marker(kit, "Boii") is None
    assert queries.attitude(kit, "Boii", "rome") == "neutral"
    assert queries.tested(kit) == []


def test_a_move_in_progress() -> None:
    """HB 4.2, 1.2: the group moving, where it stands and its movement points left."""
    kit = empty_board()
    put(kit, A, "Gades", "Magon", heavy_infantry=1, cavalry=1)
    assert queries.move(kit) is None
    kit.begin()
    kit.act("activate(Gades)", "take(Magon)", "take(heavy_infantry, 1)", "take(cavalry, 1)")
    kit.act("march", "step(Castulo)")
    move = queries.move(kit)
    assert move is not None
    assert (move.player, move.origin, move.at, move.mp) == (A, "Gades", "Castulo", 1)
    assert sorted(move.group) == sorted(kit.pieces_at("Castulo"))
    assert isinstance(move, Move)


def test_the_battle_in_progress() -> None:
    """HB V: the sides, the round and step, the dice, the hits to take, the losses."""
    kit = empty_board()
    put(kit, A, "Boii", heavy_infantry=1, cavalry=1)
    put(kit, B, "Insubres", light_infantry=1, heavy_infantry=1)
    assert queries.battle(kit) is None
    kit.dice(10)  # Rome's light infantry: a critical hit
    kit.begin()
    kit.act("activate(Boii)", "take(heavy_infantry, 1)", "take(cavalry, 1)", "march")
    kit.act("step(Insubres)")
    kit.act("decline")  # the move: Rome does not answer it (Carthage is not asked: its own)
    kit.act("decline", "decline")  # before the battle
    battle = queries.battle(kit)
    assert battle is not None
    assert (battle.space, battle.naval, battle.round, battle.step) == ("Insubres", False, 1, 1)
    assert (battle.attackers, battle.defenders) == ((A,), (B,))
    (die,) = battle.dice[B]
    assert (die.key, die.need, die.value, die.hit, die.critical) == (
        "light_infantry",
        9,
        10,
        True,
        True,
    )
    assert battle.hits == {"attack": 1}
    assert battle.lost == {"attack": 0, "defend": 0}
    assert battle.cancelled == {} and battle.stowage == {} and battle.winner is None
    assert kit.asked == (B, "strike")


def test_the_assault_in_progress() -> None:
    """HB 6.1: the assault's city, its attacker and the dice of each side."""
    kit = empty_board()
    put(kit, A, "Capua", "Hannibal", heavy_infantry=6)
    put_inside(kit, B, "Capua", heavy_infantry=1)
    assert queries.assault(kit) is None
    kit.dice([10, 1, 1, 1, 1, 1])  # one hit; Hannibal's command rerolls the misses
    kit.begin()
    kit.act("activate(Capua)", "take(Hannibal)", "take(heavy_infantry, 6)", "march")
    kit.act("assault(Capua)", "decline", "decline")
    assault = queries.assault(kit)
    assert assault is not None
    assert (assault.city, assault.attacker) == ("Capua", A)
    assert [d.value for d in assault.dice["attack"]] == [10, 1, 1, 1, 1, 1]
    assert [d.hit for d in assault.dice["attack"]] == [True] + [False] * 5
    assert kit.asked == (A, "reroll")


def test_the_advanced_rules_records() -> None:
    """HB 12.1, 12.3, 12.4: devastation markers, proconsuls, the dictator."""
    kit = empty_board(variant="advanced_rules")
    assert queries.devastation(kit) == {}
    assert queries.proconsuls(kit) == []
    assert queries.dictator(kit) is None
    set_record(kit, "devastation", {"Capua": {A: 2}})
    set_record(kit, "proconsuls", ["Konsul I"])
    set_record(kit, "dictator", {"leader": "Konsul I", "stages": 2})
    assert queries.devastation(kit) == {"Capua": {A: 2}}
    assert queries.proconsuls(kit) == ["Konsul I"]
    assert queries.dictator(kit) == Dictator("Konsul I", 2)


def test_queries_read_a_hand_built_position_without_changing_it() -> None:
    """A query changes nothing (it reads; the rules write)."""
    kit = empty_board()
    set_order(kit, B, A)
    set_ip(kit, **{B: 1})
    give(kit, B, "Senat")
    before = clone(kit.state)
    for name in public_queries():
        function = getattr(queries, name)
        params = list(inspect.signature(function).parameters)[1:]
        arguments = {
            "side": B,
            "team": "rome",
            "nation": "rome",
            "space": "Capua",
            "city": "Capua",
            "state_id": "numidia",
            "tribe": "Boii",
            "card": "Senat",
            "piece": "Hannibal",
        }
        function(kit, *(arguments[p] for p in params))
    assert kit.state == before
    other = kit_on(hb_rules("actions"), clone(before))
    assert queries.hand(other, B) == ["Senat"]
