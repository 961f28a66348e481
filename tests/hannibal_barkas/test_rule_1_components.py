"""HB I (components) and the reconstruction of what the rulebook lacks (reference part B):
nations, unit types and their values (Tables 1 and 3), leaders with their 'A' flags and
cards, the six decks, the city cards, the map, the Gauls' levies, the tracks."""

from __future__ import annotations

from collections import Counter

from legatus.framework.model.gamedef import GameDef
from legatus.framework.play.catalog import default_catalog
from legatus.games.hannibal_barkas import model

#: HB 1.2.1-1.2.7 and Table 1 (5.5) and Table 3 (9.3): attack, movement, cost.
PRINTED = {
    "light_infantry": (9, 2, 1),
    "heavy_infantry": (7, 2, 2),
    "cavalry": (8, 4, 3),
    "gallic_infantry": (8, 2, 2),
    "gallic_cavalry": (8, 4, 4),
    "elephants": ("auto", 2, 4),
    "ships": (7, 8, 5),
}


def test_nations_three_main_and_three_neutral(hb: GameDef) -> None:
    """HB 1.1: Carthage (blue), Rome (red), Syracuse (yellow); Massilia (green), Numidia
    (violet), Macedonia (orange). Rome and Carthage are two halves each (HB 10.1)."""
    colours = {s.id: s.colour for s in hb.sides}
    assert colours == {
        "rome_north": "red",
        "rome_south": "red",
        "carthage_spain": "blue",
        "carthage_africa": "blue",
        "syracuse": "yellow",
        "massilia": "green",
        "numidia": "violet",
        "macedonia": "orange",
        "gauls": "brown",  # the Gallic levy of a tribe fighting an army (HB 8.3)
    }
    assert {hb.team_of(s) for s in hb.side_ids} == {
        "gauls",
        "rome",
        "carthage",
        "syracuse",
        "massilia",
        "numidia",
        "macedonia",
    }
    assert (hb.min_players, hb.max_players) == (2, 5)


def test_every_unit_type_has_its_printed_values(hb: GameDef) -> None:
    """HB 1.2.1-1.2.7, Tables 1 and 3; Gallic cavalry fires with the cavalry (A.23 #14)."""
    for piece in hb.pieces.values():
        if piece.type == "leader":
            continue
        attack, move, cost = PRINTED[piece.type]
        assert (piece.stats["attack"], piece.stats["move"], piece.stats["cost"]) == (
            attack,
            move,
            cost,
        ), piece.id
    phases = {p.type: p.stats["phase"] for p in hb.pieces.values() if p.type != "leader"}
    assert phases == {
        "light_infantry": 1,
        "cavalry": 2,
        "gallic_cavalry": 2,
        "elephants": 2,
        "heavy_infantry": 3,
        "gallic_infantry": 3,
        "ships": "naval",
    }


def test_the_declared_actions_name_the_unit_types_in_order(hb: GameDef) -> None:
    """HB 1.2: an action's unit-type argument (``recruit``, ``lose``, ``take``...) is declared
    in the manifest as ``choice(...)`` of the seven unit types, in the order the game's Python
    lists them (:data:`model.UNITS`), so that what a player types and the actions' integer
    codes agree with the counter mix."""
    expected = "choice(" + ", ".join(model.UNITS) + ")"
    assert set(model.UNITS) == set(PRINTED)
    unit_choices = [
        part
        for action in hb.actions
        for arg in action.args
        for part in arg.split(":", 1)[1].split("|")
        if "light_infantry" in part
    ]
    assert len(unit_choices) == 9
    assert {part.split("*")[0].split("?")[0].strip() for part in unit_choices} == {expected}


def test_counters_of_each_nation(hb: GameDef) -> None:
    """About 400 counters in the box (reference B.1); only Carthage has elephants, and
    Macedonia, Massilia and Numidia have no ships. The 8 + 3 counters of the Gallic levy
    (HB 8.3, at most 8-3 a tribe, reference B.9) stand for a tribe in its battles."""
    by_nation: Counter[tuple[str, str]] = Counter(
        (model.nation_of(hb, pid), p.type) for pid, p in hb.pieces.items()
    )
    assert sum(by_nation.values()) == 385 + 11
    assert by_nation[("gauls", "gallic_infantry")] == 8
    assert by_nation[("gauls", "gallic_cavalry")] == 3
    assert {nation for (nation, kind) in by_nation if kind == "elephants"} == {"carthage"}
    assert {nation for (nation, kind) in by_nation if kind == "ships"} == {
        "rome",
        "carthage",
        "syracuse",
    }


def test_leaders_command_and_the_a_flag(hb: GameDef) -> None:
    """HB 1.2.8: command and 'A' on the counter; the VP for killing him on his card
    (HB 1.3.3); consuls I-VI and the named consuls are drawn (HB 3.2)."""
    leaders = {pid: p for pid, p in hb.pieces.items() if p.type == "leader"}
    assert len(leaders) == 23
    assert (leaders["Hannibal"].stats["command"], leaders["Hannibal"].stats["active"]) == (3, 1)
    assert leaders["Magon"].stats["active"] == 0
    assert all(hb.cards[pid].kind == "leader" for pid in leaders)
    assert hb.cards["Hannibal"].values["vp"] == 5
    consuls = sorted(pid for pid, p in leaders.items() if "consul" in p.tags)
    assert consuls == sorted(
        [
            "P. C. Scipio",
            "Scipio Africanus",
            *(f"Konsul {r}" for r in ["I", "II", "III", "IV", "V", "VI"]),
        ]
    )


def test_six_decks_of_event_cards(hb: GameDef) -> None:
    """HB II step 7: six decks, one per nation (sizes: reference B.13); every event card
    shows IP and gold (HB 1.3.1)."""
    sizes: Counter[str] = Counter()
    for card in hb.cards.values():
        if card.kind == "event":
            sizes[card.deck] += card.copies
            assert set(card.values) == {"ip", "gold"}
    assert dict(sizes) == {
        "rome": 60,
        "carthage": 60,
        "syracuse": 30,
        "massilia": 20,
        "numidia": 20,
        "macedonia": 20,
    }


def test_city_cards_income_defence_vp_port_elephants(hb: GameDef) -> None:
    """HB 1.3.2: 46 city cards; Placentia's income is 1 (Ex. 14) and it lies in the Boii's
    region with Cremona (reference B.2); Macedonia has no city (HB VII)."""
    cities = {c.id: c for c in hb.cards.values() if c.kind == "city"}
    assert len(cities) == 46
    assert cities["Placentia"].values["income"] == 1
    assert model.cities_in(hb, "Boii") == ["Placentia", "Cremona"]
    assert not any(c.deck == "macedonia" for c in cities.values())
    assert {c.id for c in cities.values() if c.values["elephants"]} == {
        "Carthago",
        "Zama",
        "Carthago Nova",
    }
    for port in (
        "Genua",
        "Pisae",
        "Regium",
        "Emporiae",
        "Lilybaeum",
        "Croton",
        "Carthago",
        "Syracusae",
    ):
        assert cities[port].values["port"] == 1, port


def test_romes_italian_income_is_31(hb: GameDef) -> None:
    """Scenario I: Rome's cities of Gallia Transpadana and Italy, without Tarentum, Croton,
    Regium and Brundisium, give 31 talents (reference B.8 #1)."""
    italy = {"transpadana", "italia_north", "italia_south"}
    total = sum(
        int(c.values["income"])
        for c in hb.cards.values()
        if c.kind == "city"
        and c.deck == "rome"
        and italy & set(hb.board.spaces[c.space].tags)
        and c.id not in ("Tarentum", "Croton", "Regium", "Brundisium")
    )
    assert total == 31


def test_the_map(hb: GameDef) -> None:
    """Reference B.4-B.6: 56 regions, 87 land borders of which 3 Alpine crossings (HB 4.3),
    26 sea zones (5 open sea, HB 4.4), 49 links between zones and 55 coasts."""
    board = hb.board
    kinds = Counter(space.kind for space in board.spaces.values())
    assert kinds["province"] + kinds["tribe"] == 56
    assert (kinds["coastal"], kinds["open_sea"]) == (21, 5)
    edges = Counter(kind for _, _, kind in board.graph.edges(keys=True))
    assert edges == {"border": 84, "alps": 3, "sea": 49, "coast": 55}
    assert sorted(board.neighbours("Volcae", "alps")) == ["Leponti", "Ligures", "Taurini"]
    assert board.resolve("Mare Africum") == "O4"
    assert board.resolve("Illyria") == "Iliria"


def test_the_gallic_tribes_and_their_levies(hb: GameDef) -> None:
    """HB VIII: each tribe holds one region with its levy, infantry-cavalry: Lingones 6-2
    (Ex. 13), Leponti 4-1 (the caption in VIII); eleven tribes in the scenarios."""
    tribes = {s.id: s for s in hb.board.spaces.values() if s.kind == "tribe"}
    assert len(tribes) == 11
    levy = {t: (s.values["levy_infantry"], s.values["levy_cavalry"]) for t, s in tribes.items()}
    assert levy["Lingones"] == (6, 2)
    assert levy["Leponti"] == (4, 1)


def test_capitals(hb: GameDef) -> None:
    """HB 11.1, VII: Roma, Carthago, Syracusae; Cirta for Massilia (its armies stand there,
    reference B.2 #8); Iliria is Macedonia's home, without a city."""
    assert {n: model.capital_of(hb, n) for n in model.NATIONS} == {
        "rome": "Roma",
        "carthage": "Carthago",
        "syracuse": "Syracusae",
        "massilia": "Cirta",
        "numidia": "Siga",
        "macedonia": "Iliria",
    }
    assert model.cities_in(hb, "Iliria") == []


def test_the_tracks_of_the_rules_file() -> None:
    """HB III: the stage track (economy on 3 and 6, consuls on 2); HB 6.2: the siege track
    (flags GUESS, B.11); HB 8.2: Table 2 of the Gallic attitudes."""
    ruleset = default_catalog().load("hannibal_barkas").rules.ruleset  # type: ignore[attr-defined]
    stages = ruleset.table("stage_track")
    assert [stages.lookup(s, "economy").text for s in range(1, 7)] == [
        "-",
        "-",
        "moneta",
        "-",
        "-",
        "moneta",
    ]
    assert stages.lookup(2, "consuls").text == "konsulowie"
    sieges = ruleset.table("siege_track")
    assert [sieges.lookup(level, "flag").text for level in range(1, 6)] == [
        "8",
        "9",
        "10",
        "-",
        "-",
    ]
    gauls = ruleset.table("gallic_attitude")
    assert [gauls.lookup(k, "attitude").text for k in (10, 8, 5, 3, 1)] == [
        "Sojusz",
        "Przyjazne",
        "Neutralne",
        "Nieprzyjazne",
        "Wrogie",
    ]
