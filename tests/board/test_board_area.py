"""An area map: named spaces, roads of two kinds, a strait and sea borders (fixtures/area.yaml)."""

from __future__ import annotations

import networkx as nx
import pytest

from legatus.framework.model.board import Board, Space

SEAS = frozenset({"Mare Tyrrhenum", "Mare Ionium", "Mare Adriaticum"})
LAND_ROUTES = ("major_road", "minor_road", "strait")


def test_spaces_keep_document_order(area: Board) -> None:
    assert list(area.spaces) == [
        "Roma", "Arretium", "Capua", "Neapolis", "Brundisium", "Rhegium", "Messana",
        "Syracusae", "Dyrrachium", "Mare Tyrrhenum", "Mare Ionium", "Mare Adriaticum",
    ]  # fmt: skip


def test_space_carries_kind_category_vp_tags_and_aliases(area: Board) -> None:
    assert area.spaces["Roma"] == Space(
        "Roma", "port", "land", vp=2, tags=frozenset({"capital"}), aliases=("Rome", "Rzym")
    )
    assert area.spaces["Mare Ionium"] == Space("Mare Ionium", "sea", "sea")


def test_kinds_and_total_vp(area: Board) -> None:
    assert dict(area.space_kinds) == {"city": "land", "port": "land", "sea": "sea"}
    assert dict(area.connection_kinds) == {
        "major_road": (("land", "land"),),
        "minor_road": (("land", "land"),),
        "strait": (("land", "land"),),
        "sea_border": (("land", "sea"), ("sea", "sea")),
    }
    assert area.total_vp == 4


def test_definitions_are_read_only(area: Board) -> None:
    with pytest.raises(TypeError):
        area.spaces["Roma"] = Space("Roma", "city", "land")  # type: ignore[index]
    with pytest.raises(TypeError):
        area.space_kinds["fort"] = "land"  # type: ignore[index]


@pytest.mark.parametrize(
    ("space", "kinds", "expected"),
    [
        ("Capua", None, {"Roma", "Brundisium", "Neapolis"}),
        ("Capua", ["major_road"], {"Roma", "Brundisium"}),
        ("Capua", ("minor_road",), {"Neapolis"}),
        ("Capua", "minor_road", {"Neapolis"}),
        ("Capua", {"major_road", "minor_road"}, {"Roma", "Brundisium", "Neapolis"}),
        ("Rhegium", None, {"Neapolis", "Messana", "Mare Tyrrhenum", "Mare Ionium"}),
        ("Rhegium", ["strait"], {"Messana"}),
        ("Rhegium", ["sea_border"], {"Mare Tyrrhenum", "Mare Ionium"}),
        ("Arretium", ["sea_border"], set()),
        (
            "Mare Ionium",
            ["sea_border"],
            {"Rhegium", "Messana", "Syracusae", "Mare Tyrrhenum", "Mare Adriaticum"},
        ),
        ("Capua", [], set()),
    ],
)
def test_neighbours_by_connection_kind(
    area: Board, space: str, kinds: object, expected: set[str]
) -> None:
    assert area.neighbours(space, kinds) == expected  # type: ignore[arg-type]


def test_neighbours_of_the_same_filter_are_the_same_object(area: Board) -> None:
    """The second call with equal kinds is a lookup in the cached table."""
    first = area.neighbours("Capua", ["major_road", "minor_road"])
    assert area.neighbours("Capua", ("minor_road", "major_road")) is first


def test_seas_of_a_port(area: Board) -> None:
    assert area.adjacent_of_category("Messana", "sea") == {"Mare Tyrrhenum", "Mare Ionium"}
    assert area.adjacent_of_category("Brundisium", "sea") == {"Mare Adriaticum"}
    assert area.adjacent_of_category("Capua", "sea") == frozenset()


def test_ports_of_a_sea(area: Board) -> None:
    assert area.adjacent_of_category("Mare Ionium", "port") == {
        "Rhegium", "Messana", "Syracusae",
    }  # fmt: skip
    assert area.adjacent_of_category("Mare Tyrrhenum", "land") == {
        "Roma", "Neapolis", "Rhegium", "Messana",
    }  # fmt: skip
    assert area.adjacent_of_category("Mare Ionium", "sea", ["sea_border"]) == {
        "Mare Tyrrhenum", "Mare Adriaticum",
    }  # fmt: skip
    assert area.adjacent_of_category("Rhegium", "land", ["strait"]) == {"Messana"}


def test_spaces_of_kinds_and_categories(area: Board) -> None:
    assert area.spaces_of(["sea"]) == SEAS
    assert area.spaces_of(["city"]) == {"Arretium", "Capua"}
    assert area.spaces_of("city") == {"Arretium", "Capua"}
    assert area.spaces_of(["city", "sea"]) == SEAS | {"Arretium", "Capua"}
    assert area.spaces_of(["land"]) == set(area.spaces) - SEAS
    assert area.spaces_of([]) == frozenset()


def test_connection_kinds_between(area: Board) -> None:
    assert area.connection_kinds_between("Rhegium", "Messana") == {"strait"}
    assert area.connection_kinds_between("Messana", "Rhegium") == {"strait"}
    assert area.connection_kinds_between("Roma", "Mare Tyrrhenum") == {"sea_border"}
    assert area.connection_kinds_between("Roma", "Syracusae") == frozenset()


@pytest.mark.parametrize(
    ("a", "b", "kinds", "expected"),
    [
        ("Roma", "Roma", None, 0),
        ("Roma", "Syracusae", None, 3),
        ("Roma", "Syracusae", LAND_ROUTES, 5),
        ("Roma", "Syracusae", ["major_road", "minor_road"], None),
        ("Roma", "Syracusae", ["sea_border"], 3),
        ("Roma", "Dyrrachium", None, 4),
        ("Roma", "Dyrrachium", LAND_ROUTES, None),
        ("Arretium", "Brundisium", ["major_road"], None),
        ("Arretium", "Brundisium", None, 3),
    ],
)
def test_distance(area: Board, a: str, b: str, kinds: object, expected: int | None) -> None:
    assert area.distance(a, b, kinds) == expected  # type: ignore[arg-type]
    assert area.distance(b, a, kinds) == expected  # type: ignore[arg-type]


def test_distances_from_with_and_without_limit(area: Board) -> None:
    roads = ["major_road", "minor_road"]
    assert dict(area.distances_from("Roma", roads)) == {
        "Roma": 0, "Capua": 1, "Arretium": 1, "Brundisium": 2, "Neapolis": 2, "Rhegium": 3,
    }  # fmt: skip
    assert dict(area.distances_from("Roma", roads, max_distance=1)) == {
        "Roma": 0, "Capua": 1, "Arretium": 1,
    }  # fmt: skip
    assert dict(area.distances_from("Roma", roads, max_distance=0)) == {"Roma": 0}


def test_distances_are_cached_and_read_only(area: Board) -> None:
    table = area.distances_from("Neapolis")
    assert area.distances_from("Neapolis") is table
    with pytest.raises(TypeError):
        table["Roma"] = 0  # type: ignore[index]


def test_negative_max_distance_is_refused(area: Board) -> None:
    with pytest.raises(ValueError, match="max_distance must not be negative"):
        area.distances_from("Roma", max_distance=-1)


@pytest.mark.parametrize(
    ("name", "expected"),
    [("Roma", "Roma"), ("Rome", "Roma"), ("Rzym", "Roma"), ("Napoli", "Neapolis"),
     ("syracuse", "Syracusae"), ("MARE IONIUM", "Mare Ionium")],
)  # fmt: skip
def test_resolve_ids_aliases_and_letter_case(area: Board, name: str, expected: str) -> None:
    assert area.resolve(name) == expected


@pytest.mark.parametrize(
    ("name", "suggestion"),
    [("Romaa", "Roma"), ("Syracusa", "Syracusae"), ("Rzim", "Rzym"), ("Brundisum", "Brundisium")],
)
def test_resolve_unknown_name_suggests_a_close_one(area: Board, name: str, suggestion: str) -> None:
    with pytest.raises(KeyError, match=f"unknown space '{name}'; did you mean '{suggestion}'"):
        area.resolve(name)


def test_unknown_space_or_kind_in_queries(area: Board) -> None:
    with pytest.raises(KeyError, match="unknown space 'Capu'; did you mean 'Capua'"):
        area.neighbours("Capu")
    with pytest.raises(KeyError, match="unknown space 'Capu'"):
        area.distance("Roma", "Capu")
    with pytest.raises(KeyError, match="unknown connection kind 'straight'; did you mean 'strait'"):
        area.neighbours("Capua", ["straight"])
    with pytest.raises(
        KeyError, match="unknown space kind or category 'ports'; did you mean 'port'"
    ):
        area.spaces_of(["ports"])


def test_graph_is_a_frozen_multigraph_keyed_by_connection_kind(area: Board) -> None:
    graph = area.graph
    assert isinstance(graph, nx.MultiGraph)
    assert nx.is_frozen(graph)
    assert graph.number_of_nodes() == 12
    assert graph.number_of_edges() == 18
    assert set(graph["Rhegium"]["Messana"]) == {"strait"}
    assert graph.nodes["Roma"]["category"] == "land"
    with pytest.raises(nx.NetworkXError):
        graph.add_edge("Roma", "Syracusae", key="minor_road")
    with pytest.raises(nx.NetworkXError):
        graph.remove_node("Roma")


def test_area_spaces_are_not_regions(area: Board) -> None:
    assert area.region_of("Capua") is None
    assert area.contents("Roma") == frozenset()
    assert area.hex_grid is None
