"""The Julius Caesar data files against the rulebooks' own totals and examples.

Section numbers are the Polish rulebook's (``JC``); the Spanish rulebook has the same rules
without numbers. The data was transcribed from a reference table, so every test here checks it
against a fact printed in the rulebooks: component counts, the port list beside 4.4.2, and the
worked examples of movement (6.0-6.3), battle reserves (7.3) and winter supply (8.3).
Distances are computed with networkx over the map, never looked up.
"""

from __future__ import annotations

import json
from collections import Counter
from functools import cache
from pathlib import Path
from typing import Any

import networkx as nx
import pytest
import yaml
from jsonschema import Draft202012Validator

ROOT = Path(__file__).resolve().parents[2]
DATA = ROOT / "legatus" / "games" / "julius_caesar" / "data"
SCHEMAS = ROOT / "legatus" / "schemas"

#: data file -> the schema it must match
FILES = {
    "game.yaml": "manifest",
    "map.yaml": "map",
    "blocks.yaml": "pieces",
    "cards.yaml": "cards",
    "scenarios/705.yaml": "scenario",
}
ROADS = ("major", "minor", "strait")
SIDES = ("caesar", "pompey")


@cache
def load(name: str) -> Any:
    with (DATA / name).open(encoding="utf-8") as handle:
        return yaml.safe_load(handle)


def spaces() -> dict[str, dict[str, Any]]:
    return {s["id"]: s for s in load("map.yaml")["spaces"]}


def kind_of(space: str) -> str:
    return str(spaces()[space]["kind"])


def seas() -> set[str]:
    return {s for s, data in spaces().items() if data["kind"] == "sea"}


def connections(*kinds: str) -> list[tuple[str, str]]:
    return [tuple(c["between"]) for c in load("map.yaml")["connections"] if c["kind"] in kinds]


def graph(*kinds: str) -> nx.Graph:
    """The map's spaces joined by the connections of the given kinds."""
    g = nx.Graph()
    g.add_nodes_from(spaces())
    g.add_edges_from(connections(*kinds))
    return g


def road_kind(a: str, b: str) -> str | None:
    for c in load("map.yaml")["connections"]:
        if set(c["between"]) == {a, b}:
            return str(c["kind"])
    return None


def seas_of(port: str) -> set[str]:
    return {s for s in graph("sea").neighbors(port) if s in seas()}


def pieces() -> dict[str, dict[str, Any]]:
    return {p["id"]: p for p in load("blocks.yaml")["pieces"]}


def scenario() -> dict[str, Any]:
    return dict(load("scenarios/705.yaml"))


def placed_on_map(side: str) -> dict[str, list[str]]:
    return dict(scenario()["setup"][side]["map"])


# --- the files themselves -------------------------------------------------------------------


@pytest.mark.parametrize(("name", "kind"), sorted(FILES.items()))
def test_data_file_matches_its_schema(name: str, kind: str) -> None:
    schema = json.loads((SCHEMAS / f"{kind}.schema.json").read_text(encoding="utf-8"))
    validator = Draft202012Validator(schema)
    errors = [f"{name} {e.json_path}: {e.message}" for e in validator.iter_errors(load(name))]
    assert errors == []


@pytest.mark.parametrize("name", sorted(FILES))
def test_data_file_uses_no_anchors_or_aliases(name: str) -> None:
    """The loader refuses anchors and aliases ("billion laughs"), so the data never uses them."""
    text = (DATA / name).read_text(encoding="utf-8")
    events = list(yaml.parse(text, Loader=yaml.SafeLoader))
    assert [e for e in events if isinstance(e, yaml.AliasEvent)] == []
    assert [e for e in events if getattr(e, "anchor", None)] == []


def test_manifest_names_two_sides_and_existing_files() -> None:
    """JC 1.1: one player is Caesar, the other Pompeius."""
    game = load("game.yaml")
    assert game["name"] == "julius_caesar"
    assert game["rulebook"] == "JC"
    assert game["players"] == {"min": 2, "max": 2}
    assert [(s["id"], s["name"]) for s in game["sides"]] == [
        ("caesar", "Caesar"),
        ("pompey", "Pompeius"),
    ]
    files = game["files"]
    listed = [files["map"], files["pieces"], files["cards"], *files["scenarios"]]
    assert sorted(listed) == sorted(FILES.keys() - {"game.yaml"})
    assert all((DATA / f).is_file() for f in listed)


def test_framework_loader_loads_the_game() -> None:
    """The generic loader accepts the data with all its cross-reference checks, and its board
    agrees with the distances computed here (JC 6.3 sidebar, 4.4.2)."""
    from legatus.framework.model.loader import load_game

    game = load_game(DATA)
    assert game.name == "julius_caesar"
    assert [side.id for side in game.sides] == list(SIDES)
    assert len(game.pieces) == 63
    assert game.pieces["P Elephant"].strengths == (2, 4)
    assert sum(card.copies for card in game.cards.values()) == 27
    assert list(game.scenarios) == ["705"]
    board = game.board
    assert board.resolve("EPHEBUS") == "Ephesus"
    assert board.resolve("Rzym") == "Roma"
    near = board.distances_from("Massilia", ROADS, max_distance=2)
    assert {s for s, d in near.items() if d == 2} == {
        "Tarraco", "Burdigala", "Cenabum", "Treviri", "Ravenna", "Roma",
    }  # fmt: skip
    assert board.adjacent_of_category("Creta", "sea") == seas_of("Creta")


# --- 4.0 the map ----------------------------------------------------------------------------


def test_rule_4_2_thirteen_vp_over_eleven_cities() -> None:
    """JC 4.2: eleven cities are worth 1 or 2 VP, 13 in all (1.2 sidebar: "City VPs total 13")."""
    vp = {s: d["vp"] for s, d in spaces().items() if d.get("vp")}
    assert len(vp) == 11
    assert sum(vp.values()) == 13
    assert {s for s, v in vp.items() if v == 2} == {"Roma", "Alexandria"}
    assert all(kind_of(s) != "sea" for s in vp)


def test_rule_4_4_nine_seas() -> None:
    """JC 4.4: Atlanticus, Hispanum, Tyrrhenum, Internum, Hadriaticum, Egypticum, Aegaeum,
    Propontis and Pontus Euxinus."""
    assert seas() == {
        "Oceanus Atlanticus",
        "Mare Hispanum",
        "Mare Tyrrhenum",
        "Mare Internum",
        "Mare Hadriaticum",
        "Mare Aegypticum",
        "Mare Aegaeum",
        "Propontis",
        "Pontus Euxinus",
    }


def test_rule_4_3_2_four_straits() -> None:
    """JC 4.3.2: Herculeum, Messana, Hellespontus and Bosphorus."""
    assert {frozenset(pair) for pair in connections("strait")} == {
        frozenset({"Gades", "Tingis"}),  # Herculeum
        frozenset({"Messana", "Rhegium"}),  # Messana
        frozenset({"Aenos", "Pergamum"}),  # Hellespontus
        frozenset({"Byzantium", "Nicomedia"}),  # Bosphorus
    }


def test_rule_4_3_1_road_classes() -> None:
    """JC 4.3.1: two classes of road, major and minor (43 and 47 on the map)."""
    assert len(connections("major")) == 43
    assert len(connections("minor")) == 47
    roads = [frozenset(pair) for pair in connections(*ROADS)]
    assert len(roads) == len(set(roads)) == 94
    assert all(kind_of(a) != "sea" and kind_of(b) != "sea" for a, b in connections(*ROADS))


def test_rule_4_4_2_sixty_nine_sea_borders() -> None:
    """60 port coasts and 9 borders between seas, each joining a sea to a port or a sea."""
    borders = connections("sea")
    assert len(borders) == len({frozenset(pair) for pair in borders}) == 69
    between_seas = [pair for pair in borders if set(pair) <= seas()]
    assert len(between_seas) == 9
    for a, b in borders:
        assert a in seas() or b in seas()
        assert {kind_of(a), kind_of(b)} <= {"sea", "port", "major-port"}


def test_rule_4_4_2_utica_and_creta_touch_three_seas() -> None:
    """JC 4.4.2: ports touch one or two seas, but Utica and Creta touch three."""
    assert seas_of("Utica") == {"Mare Hispanum", "Mare Tyrrhenum", "Mare Internum"}
    assert seas_of("Creta") == {"Mare Aegaeum", "Mare Aegypticum", "Mare Internum"}
    ports = [s for s in spaces() if kind_of(s) in ("port", "major-port")]
    assert {p for p in ports if len(seas_of(p)) == 3} == {"Utica", "Creta"}
    assert max(len(seas_of(p)) for p in ports) == 3


# The port list beside JC 4.4.2, sea by sea (the rulebook's spellings mapped to map names).
PORTS_BY_SEA = {
    "Oceanus Atlanticus": {"Burdigala", "Gades", "Olisipo", "Portus", "Sala", "Tingis"},
    "Mare Hispanum": {
        "Caralis", "Carthago Nova", "Genua", "Iomnium", "Massilia",
        "Narbo", "Siga", "Tarraco", "Tingis", "Utica",
    },
    "Mare Tyrrhenum": {
        "Aleria", "Caralis", "Genua", "Lilybaeum", "Messana",
        "Neapolis", "Rhegium", "Roma", "Utica",
    },
    "Mare Internum": {
        "Ambracia", "Brundisium", "Creta", "Cyrene", "Lilybaeum", "Messana",
        "Pylos", "Rhegium", "Syracusae", "Tacape", "Thubactus", "Utica",
    },
    "Mare Hadriaticum": {"Aquileia", "Brundisium", "Dyrrachium", "Ravenna", "Salona", "Sipontum"},
    "Mare Aegaeum": {"Aenos", "Athenae", "Creta", "Ephesus", "Thessalonica"},
    "Propontis": {"Byzantium", "Nicomedia"},
    "Pontus Euxinus": {"Byzantium", "Sinope"},
    "Mare Aegypticum": {
        "Alexandria", "Antiochia", "Catabathmus", "Creta", "Perga", "Pelusium", "Salamis", "Tarsus",
    },
}  # fmt: skip

#: The ports printed in small capitals in that list: the major ports with the navis symbol.
MAJOR_PORTS = {
    "Alexandria", "Athenae", "Carthago Nova", "Creta", "Ephesus", "Massilia",
    "Neapolis", "Ravenna", "Salamis", "Syracusae", "Utica",
}  # fmt: skip


@pytest.mark.parametrize("sea", sorted(PORTS_BY_SEA))
def test_rule_4_4_2_ports_on_each_sea(sea: str) -> None:
    g = graph("sea")
    assert {s for s in g.neighbors(sea) if s not in seas()} == PORTS_BY_SEA[sea]


def test_rule_4_4_2_major_ports_carry_the_navis_symbol() -> None:
    assert {s for s in spaces() if kind_of(s) == "major-port"} == MAJOR_PORTS


def test_rule_4_4_2_every_coastal_city_is_a_port() -> None:
    """JC 4.4.2: all coastal cities are ports; 6.2 example: Pergamum is not a port."""
    coastal = {s for s in spaces() if s not in seas() and seas_of(s)}
    assert coastal == {s for s in spaces() if kind_of(s) in ("port", "major-port")}
    assert len(coastal) == 48
    assert kind_of("Pergamum") == "city"


def test_rule_4_4_1_islands_need_a_navis_or_sea_move() -> None:
    """JC 4.4.1: Corsica, Sardinia, Creta and Cyprus have no roads; Sicilia only its strait."""
    roads = graph(*ROADS)
    for island_city in ("Aleria", "Caralis", "Creta", "Salamis"):
        assert list(roads.neighbors(island_city)) == []
    sicilia = nx.node_connected_component(roads.subgraph(set(roads) - {"Rhegium"}), "Messana")
    assert sicilia == {"Messana", "Syracusae", "Lilybaeum"}
    assert road_kind("Messana", "Rhegium") == "strait"


def test_map_is_one_piece_by_land_and_sea() -> None:
    assert nx.is_connected(graph(*ROADS, "sea"))
    assert nx.is_connected(graph("sea").subgraph(seas()))


def test_aliases_are_unique_and_cover_the_rulebook_spellings() -> None:
    """Names as the rulebooks print them (misprints included) find the map's space."""
    alias_of: dict[str, str] = {}
    for space, data in spaces().items():
        for alias in data.get("aliases", []):
            assert alias.casefold() not in {s.casefold() for s in spaces()}
            assert alias.casefold() not in alias_of
            alias_of[alias.casefold()] = space
    rulebook_spellings = {
        "Antioch": "Antiochia", "Antioquía": "Antiochia", "Athena": "Athenae",
        "Atenas": "Athenae", "Syracuse": "Syracusae", "Siracusa": "Syracusae",
        "Treveri": "Treviri", "Thessalonika": "Thessalonica", "EPHEBUS": "Ephesus",
        "Salone": "Salona", "Egypticum": "Mare Aegypticum", "Euxinus": "Pontus Euxinus",
        "Atlanticus": "Oceanus Atlanticus", "Missilia": "Massilia", "Rzym": "Roma",
        "Rome": "Roma", "Neapol": "Neapolis", "Torraco": "Tarraco",
        "Nova Carthago": "Carthago Nova",
    }  # fmt: skip
    for spelling, space in rulebook_spellings.items():
        assert alias_of[spelling.casefold()] == space


# --- 6.0 movement examples ------------------------------------------------------------------


def test_rule_6_1_massilia_move_example() -> None:
    """JC 6.3 sidebar "Przykład ruchu": for 1 MP blocks in Massilia reach Narbo, Lugdunum or
    Genua; if not attacking they may go on to Tarraco, Burdigala, Cenabum, Treviri, Ravenna
    or Roma."""
    distance = nx.single_source_shortest_path_length(graph(*ROADS), "Massilia", cutoff=2)
    assert {s for s, d in distance.items() if d == 1} == {"Narbo", "Lugdunum", "Genua"}
    assert {s for s, d in distance.items() if d == 2} == {
        "Tarraco", "Burdigala", "Cenabum", "Treviri", "Ravenna", "Roma",
    }  # fmt: skip


def test_rule_6_12_move_and_attack_example() -> None:
    """JC 6.3 sidebar "Ruch i Atak": from Massilia, Tarraco is two cities away, Genua is
    adjacent by a road 4 blocks may use, and Genua can also be reached through Lugdunum."""
    roads = graph(*ROADS)
    assert nx.shortest_path_length(roads, "Massilia", "Tarraco") == 2
    assert road_kind("Massilia", "Genua") == "major"
    assert road_kind("Lugdunum", "Genua") is not None


def test_rule_6_11_road_limit_examples() -> None:
    """JC 6.11: 4 blocks may move Genua-Roma, one or two Ravenna-Roma; 4 blocks go
    Massilia-Genua-Ravenna and 4 go Roma-Genua-Massilia."""
    assert road_kind("Genua", "Roma") == "major"
    assert road_kind("Ravenna", "Roma") == "minor"
    assert road_kind("Massilia", "Genua") == "major"
    assert road_kind("Genua", "Ravenna") == "major"


def test_rule_6_13_pinning_example() -> None:
    """JC 6.3 sidebar "Przykład związania": Roma is attacked by 4 blocks from Genua and 2 from
    Ravenna, the most their roads allow."""
    assert road_kind("Genua", "Roma") == "major"
    assert road_kind("Ravenna", "Roma") == "minor"


def test_rule_6_2_navis_move_examples() -> None:
    """JC 6.2 sidebar: from Massilia a navis reaches Mare Hispanum, then Oceanus Atlanticus or
    Mare Tyrrhenum; from Mare Internum it reaches Mare Tyrrhenum, Hadriaticum, Aegaeum or
    Egypticum, and from Mare Aegaeum Propontis or Mare Egypticum."""
    g = graph("sea")
    neighbouring_seas = {s: {n for n in g.neighbors(s) if n in seas()} for s in seas()}
    assert seas_of("Massilia") == {"Mare Hispanum"}
    assert neighbouring_seas["Mare Hispanum"] == {"Oceanus Atlanticus", "Mare Tyrrhenum"}
    assert neighbouring_seas["Mare Internum"] == {
        "Mare Tyrrhenum", "Mare Hadriaticum", "Mare Aegaeum", "Mare Aegypticum",
    }  # fmt: skip
    assert neighbouring_seas["Mare Aegaeum"] == {"Mare Internum", "Propontis", "Mare Aegypticum"}


def test_rule_6_3_sea_move_example() -> None:
    """JC 6.3 sidebar: with navis on Mare Tyrrhenum, Internum and Egypticum, two legions sail
    from Roma to Antiochia across those three seas."""
    route = ["Roma", "Mare Tyrrhenum", "Mare Internum", "Mare Aegypticum", "Antiochia"]
    assert nx.is_path(graph("sea"), route)
    assert nx.shortest_path_length(graph("sea"), "Roma", "Antiochia") == len(route) - 1


def test_rule_7_3_reserves_example() -> None:
    """JC 7.3: Caesar attacks Tarraco with 4 blocks from Narbo and 2 from Bilbilis; Pompeius
    answers with 4 blocks from Carthago Nova."""
    assert road_kind("Narbo", "Tarraco") == "major"
    assert road_kind("Bilbilis", "Tarraco") == "minor"
    assert road_kind("Carthago Nova", "Tarraco") == "major"


def test_rule_7_64_sea_retreat_example() -> None:
    """JC 7.64: in a battle at Utica, one side retreats across Mare Internum, the other across
    Mare Hispanum."""
    assert {"Mare Internum", "Mare Hispanum"} <= seas_of("Utica")


def test_rule_8_3_winter_supply_examples() -> None:
    """JC 8.3: a city supports 3 blocks plus its VP: Genua 3, Massilia 4, Roma 5."""
    limit = {s: 3 + spaces()[s].get("vp", 0) for s in ("Genua", "Massilia", "Roma")}
    assert limit == {"Genua": 3, "Massilia": 4, "Roma": 5}


# --- 1.3, 3.0 the blocks ---------------------------------------------------------------------


def test_rule_1_3_components_63_blocks() -> None:
    """JC 1.3: 63 blocks, 31 brown (Caesar), 31 green (Pompeius) and 1 blue (Cleopatra, who
    starts with Pompeius, 3.27)."""
    blocks = pieces()
    assert len(blocks) == 63
    per_side = Counter(p["side"] for p in blocks.values() if p["type"] != "cleopatra")
    assert per_side == {"caesar": 31, "pompey": 31}
    assert [p["id"] for p in blocks.values() if p["type"] == "cleopatra"] == ["Cleopatra"]
    assert blocks["Cleopatra"]["side"] == "pompey"


def test_component_counts_add_up() -> None:
    counts = load("blocks.yaml")["counts"]
    blocks = pieces().values()
    assert counts["total"] == len(blocks) == 63
    assert counts["by_side"] == dict(Counter(p["side"] for p in blocks))
    assert counts["by_type"] == dict(Counter(p["type"] for p in blocks))


def blocks_of(side: str, piece_type: str) -> list[dict[str, Any]]:
    return [p for p in pieces().values() if p["side"] == side and p["type"] == piece_type]


def test_rule_3_11_maximum_strength_is_iv_iii_or_ii() -> None:
    assert {p["steps"] for p in pieces().values()} == {2, 3, 4}


def test_rule_3_21_three_named_leaders_each() -> None:
    assert [p["id"] for p in blocks_of("caesar", "leader")] == ["Caesar", "Antonius", "Octavian"]
    assert [p["id"] for p in blocks_of("pompey", "leader")] == ["Pompeius", "Scipio", "Brutus"]


def test_rule_3_22_legions_rate_c2_c3_or_c4() -> None:
    legions = blocks_of("caesar", "legio") + blocks_of("pompey", "legio")
    assert len(legions) == 28
    assert {p["rating"] for p in legions} == {"C2", "C3", "C4"}


def test_rule_3_23_two_light_infantry_and_two_archers_each() -> None:
    for side in SIDES:
        auxilia = blocks_of(side, "auxilia")
        kinds = sorted((p["tags"][0], p["rating"]) for p in auxilia)
        assert kinds == [("archers", "A1")] * 2 + [("light-infantry", "B1")] * 2


def test_rule_3_24_equitatus_and_elephant() -> None:
    """JC 3.24: equitatus rate B2 or B3; Caesar has four, Pompeius three and an elephant."""
    assert len(blocks_of("caesar", "equitatus")) == 4
    assert len(blocks_of("pompey", "equitatus")) == 3
    equitatus = blocks_of("caesar", "equitatus") + blocks_of("pompey", "equitatus")
    assert {p["rating"] for p in equitatus} == {"B2", "B3"}
    assert [p["id"] for p in pieces().values() if p["type"] == "elephant"] == ["P Elephant"]


def test_rule_7_2_battle_turn_example_ratings() -> None:
    """JC 7.2 sidebar: Caesar (A3) and an equitatus (B2) attack Pompeius (B3) and a navis (D2);
    7.4 example: Caesar at strength 3 rolls 3 dice and hits on 1-3."""
    blocks = pieces()
    assert (blocks["Caesar"]["rating"], blocks["Caesar"]["steps"]) == ("A3", 3)
    assert blocks["Pompeius"]["rating"] == "B3"
    assert "B2" in {p["rating"] for p in blocks_of("caesar", "equitatus")}
    assert "D2" in {p["rating"] for p in blocks_of("pompey", "navis")}


def test_rule_7_41_elephant_shows_iv_and_ii() -> None:
    elephant = pieces()["P Elephant"]
    assert (elephant["steps"], elephant["strengths"]) == (4, [2, 4])


def test_rule_7_42_ballista_b4_defending_d4_attacking() -> None:
    for side in SIDES:
        (ballista,) = blocks_of(side, "ballista")
        assert ballista["rating"] == {"attacking": "D4", "defending": "B4"}


def test_rule_3_26_five_navis_each_rated_d2_or_d3() -> None:
    for side in SIDES:
        navis = blocks_of(side, "navis")
        assert len(navis) == 5
        assert {p["rating"] for p in navis} == {"D2", "D3"}


def test_rule_3_27_cleopatra_is_c1_and_not_a_leader() -> None:
    cleopatra = pieces()["Cleopatra"]
    assert (cleopatra["type"], cleopatra["rating"]) == ("cleopatra", "C1")
    assert load("blocks.yaml")["piece_types"]["cleopatra"]["levy"] == "none"


def test_rule_3_13_every_levy_city_is_a_city() -> None:
    """JC 3.13, 6.4: legions, equitatus and the elephant are levied in their named city."""
    types = load("blocks.yaml")["piece_types"]
    for piece in pieces().values():
        named = types[piece["type"]]["levy"] == "named"
        assert ("levy" in piece) == named
        if named:
            assert kind_of(piece["levy"]) in ("city", "port", "major-port")


def test_rule_6_4_where_blocks_are_levied() -> None:
    """JC 6.4: leaders, auxilia and ballistae in any friendly city, navis in a friendly major
    port; Cleopatra is never levied."""
    levy = {name: t["levy"] for name, t in load("blocks.yaml")["piece_types"].items()}
    assert levy == {
        "leader": {"kinds": ["land"]},
        "legio": "named",
        "equitatus": "named",
        "auxilia": {"kinds": ["land"]},
        "ballista": {"kinds": ["land"]},
        "elephant": "named",
        "navis": {"kinds": ["major-port"]},
        "cleopatra": "none",
    }


# --- 2.1 the cards ----------------------------------------------------------------------------


def test_rule_2_1_twenty_seven_cards() -> None:
    """JC 2.1: 27 cards, 20 command cards and 7 events named after gods."""
    deck = load("cards.yaml")
    copies: Counter[str] = Counter()
    for card in deck["cards"]:
        copies[card["kind"]] += card.get("copies", 1)
    assert copies == {"command": 20, "event": 7}
    assert deck["deck_size"] == 27
    events = [c["id"] for c in deck["cards"] if c["kind"] == "event"]
    assert events == ["Apollo", "Jupiter", "Mars", "Mercury", "Neptune", "Pluto", "Vulcan"]
    assert all(c["rule"] == f"JC 2.1 card {c['id']}" for c in deck["cards"] if c["kind"] == "event")


def test_rule_6_1_and_6_4_command_card_values() -> None:
    """JC 6.1: 1 to 4 move points; 6.4: 1, 2 or 3 levy points; the id reads move/levy."""
    commands = [c for c in load("cards.yaml")["cards"] if c["kind"] == "command"]
    assert {c["values"]["move"] for c in commands} == {1, 2, 3, 4}
    assert {c["values"]["levy"] for c in commands} == {1, 2, 3}
    for card in commands:
        assert card["id"] == f"{card['values']['move']}/{card['values']['levy']}"


# --- 5.0 the 705 scenario ----------------------------------------------------------------------


def test_rule_5_1_every_block_placed_once() -> None:
    """JC 5.1, 5.2: every block of a side is on the map or in its levy pool, exactly once."""
    for side in SIDES:
        setup = scenario()["setup"][side]
        placed = [p for ids in setup["map"].values() for p in ids] + setup["pool"]
        assert all(isinstance(p, str) for p in placed)  # all at full strength (5.1)
        assert len(placed) == len(set(placed))
        assert set(placed) == {p for p, d in pieces().items() if d["side"] == side}
    assert set(scenario()["setup"]) == set(SIDES)


def test_rule_5_1_blocks_on_the_map() -> None:
    """JC 5.1: 14 Caesar blocks in 5 cities and 16 Pompeius blocks in 8 cities."""
    caesar, pompey = placed_on_map("caesar"), placed_on_map("pompey")
    assert (sum(map(len, caesar.values())), len(caesar)) == (14, 5)
    assert (sum(map(len, pompey.values())), len(pompey)) == (16, 8)
    assert len(pompey["Neapolis"]) == 3  # the 5.3 example


def test_rule_5_1_every_placement_is_allowed() -> None:
    """JC 4.1: blocks stand in cities; navis in ports or at sea."""
    types = load("blocks.yaml")["piece_types"]
    categories = {k: v["category"] for k, v in load("map.yaml")["space_kinds"].items()}
    for side in SIDES:
        for space, ids in placed_on_map(side).items():
            for piece in ids:
                allowed = types[pieces()[piece]["type"]]["stands_on"]
                assert kind_of(space) in allowed or categories[kind_of(space)] in allowed
    navis_spaces = [
        kind_of(space)
        for side in SIDES
        for space, ids in placed_on_map(side).items()
        for piece in ids
        if pieces()[piece]["type"] == "navis"
    ]
    assert len(navis_spaces) == 5
    assert set(navis_spaces) <= {"port", "major-port", "sea"}


def test_rule_5_1_starting_vp() -> None:
    """JC 1.2 sidebar: Pompeius starts with 7 VP, Caesar with 1 (Massilia); Roma, Athenae,
    Byzantium and Ephesus are vacant. A city is friendly to the only side with blocks in it
    (4.2.1)."""
    occupants: dict[str, set[str]] = {}
    for side in SIDES:
        for space in placed_on_map(side):
            occupants.setdefault(space, set()).add(side)
    vp: Counter[str] = Counter()
    for space, sides in occupants.items():
        if len(sides) == 1:
            vp[next(iter(sides))] += spaces()[space].get("vp", 0)
    assert vp == {"pompey": 7, "caesar": 1}
    vacant_vp_cities = {s for s, d in spaces().items() if d.get("vp") and s not in occupants}
    assert vacant_vp_cities == {"Roma", "Athenae", "Byzantium", "Ephesus"}


def test_rule_3_21_each_side_starts_with_two_leaders() -> None:
    """JC 3.21: players start with two leaders; the third waits in the pool (5.1)."""
    for side, third in (("caesar", "Octavian"), ("pompey", "Brutus")):
        on_map = [p for ids in placed_on_map(side).values() for p in ids]
        leaders = [p for p in on_map if pieces()[p]["type"] == "leader"]
        assert len(leaders) == 2
        assert third in scenario()["setup"][side]["pool"]


def test_rule_5_3_free_deployment_option() -> None:
    (option,) = scenario()["options"]
    assert (option["id"], option["rule"]) == ("free_deployment", "JC 5.3")
