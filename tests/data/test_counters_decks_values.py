"""Data for games like Hannibal Barkas: identical counters placed by count, numbers on map
spaces, cards of several decks with several effects, and records whose values name the
game's things (a space, a piece), each checked with its line."""

from __future__ import annotations

from pathlib import Path

import pytest

from legatus.framework.engine.state import initial_state
from legatus.framework.model.errors import DataError
from legatus.framework.model.loader import load_game


def append(path: Path, text: str) -> None:
    path.write_text(path.read_text("utf-8") + text, "utf-8")


def replace_in(path: Path, old: str, new: str) -> None:
    text = path.read_text("utf-8")
    assert old in text
    path.write_text(text.replace(old, new), "utf-8")


def problems(folder: Path) -> list[str]:
    with pytest.raises(DataError) as caught:
        load_game(folder)
    return [str(p) for p in caught.value.problems]


def militia(demo_game: Path, placements: str, out: str = "") -> None:
    """Three identical Red Militia counters, placed as the scenario lines say."""
    replace_in(
        demo_game / "pieces.yaml",
        "counts:\n  total: 4\n  by_side: {red: 2, blue: 2}\n",
        "  - {id: Red Militia, side: red, type: infantry, rating: D1, steps: 2, count: 3, "
        "levy: Northtown}\ncounts:\n  total: 7\n  by_side: {red: 5, blue: 2}\n",
    )
    replace_in(
        demo_game / "scenarios" / "meeting.yaml",
        "      Northtown: [Red Foot]\n      Still Lake: [Red Boat]\n",
        f"      Northtown: [Red Foot, {placements}]\n      Still Lake: [Red Boat]\n"
        + (f"    out: [{out}]\n" if out else ""),
    )


def test_counters_of_a_group_are_placed_by_count(demo_game: Path) -> None:
    militia(demo_game, "{group: Red Militia, count: 2}", out="Red Militia")
    game = load_game(demo_game)
    assert [p for p in game.pieces if p.startswith("Red Militia")] == [
        "Red Militia 1",
        "Red Militia 2",
        "Red Militia 3",
    ]
    assert game.pieces["Red Militia 2"].steps == 2
    setup = game.scenarios["meeting"].setup["red"]
    assert [(p.piece, p.strength) for p in setup.on_map["Northtown"]] == [
        ("Red Foot", 3),
        ("Red Militia 1", 2),
        ("Red Militia 2", 2),
    ]
    assert setup.out == ("Red Militia 3",)
    state = initial_state(game, game.scenarios["meeting"], seed=1)
    assert state["pieces"]["Red Militia 2"]["at"] == "Northtown"
    assert state["pieces"]["Red Militia 3"]["at"] == "out"


def test_asking_more_counters_than_are_left_is_an_error_at_its_line(demo_game: Path) -> None:
    militia(demo_game, "{group: Red Militia, count: 4}")
    assert problems(demo_game) == [
        "scenarios/meeting.yaml:7 $.setup.red.map.Northtown[1].count: "
        "4 counters of 'Red Militia' asked, only 3 left unplaced"
    ]


def test_an_unknown_group_is_named_with_a_suggestion(demo_game: Path) -> None:
    militia(demo_game, "{group: Red Militsia, count: 3}")
    found = problems(demo_game)
    assert found[0] == (
        "scenarios/meeting.yaml:7 $.setup.red.map.Northtown[1].group: unknown group "
        "'Red Militsia'; did you mean 'Red Militia'? (a pieces entry with a count)"
    )


def test_a_space_carries_its_printed_numbers(demo_game: Path) -> None:
    replace_in(
        demo_game / "map.yaml",
        "{id: Northtown, kind: town, vp: 1}",
        "{id: Northtown, kind: town, vp: 1, values: {levy: 2, tribute: 1}}",
    )
    board = load_game(demo_game).board
    assert dict(board.spaces["Northtown"].values) == {"levy": 2, "tribute": 1}
    assert dict(board.spaces["Southtown"].values) == {}


def test_cards_belong_to_a_deck_and_carry_several_effects(demo_game: Path) -> None:
    replace_in(
        demo_game / "cards.yaml",
        "{id: Halt, kind: order, values: {move: 0}}",
        "{id: Halt, kind: order, values: {move: 0}, deck: blue, effects: "
        "[{name: halt_event, text: Stop them}, {name: halt_effect, rule: DEMO 5}]}",
    )
    card = load_game(demo_game).cards["Halt"]
    assert card.deck == "blue"
    assert [(e.name, e.text, e.rule) for e in card.effects] == [
        ("halt_event", "Stop them", ""),
        ("halt_effect", "", "DEMO 5"),
    ]


def test_a_card_in_an_unknown_deck_is_refused(demo_game: Path) -> None:
    replace_in(
        demo_game / "cards.yaml",
        "{id: Halt, kind: order, values: {move: 0}}",
        "{id: Halt, kind: order, values: {move: 0}, deck: bleu}",
    )
    assert problems(demo_game) == [
        "cards.yaml:6 $.cards[1].deck: unknown deck 'bleu'; did you mean 'blue'? "
        "(a side or team: blue, red)"
    ]


def test_a_record_naming_a_space_accepts_only_a_space_of_the_map(demo_game: Path) -> None:
    append(
        demo_game / "game.yaml",
        "records:\n  capital:\n    per_side: true\n"
        "    schema: {type: [string, 'null'], format: space}\n",
    )
    append(demo_game / "scenarios" / "meeting.yaml", "records:\n  capital: {red: Northtwn}\n")
    assert problems(demo_game) == [
        "scenarios/meeting.yaml:14 $.records.capital.red: 'Northtwn' is not a 'space' "
        "(the record's schema)"
    ]
    replace_in(demo_game / "scenarios" / "meeting.yaml", "Northtwn", "Northtown")
    game = load_game(demo_game)
    state = initial_state(game, game.scenarios["meeting"], seed=1)
    assert state["records"]["capital"] == {"red": "Northtown", "blue": None}


def test_a_card_may_stand_for_a_space_of_the_map(demo_game: Path) -> None:
    """A city card names the region its city lies in (Hannibal Barkas's Placentia lies in
    the Boii's region); a space the map lacks is refused at its line, with a suggestion."""
    replace_in(
        demo_game / "cards.yaml",
        "{id: Halt, kind: order, values: {move: 0}}",
        "{id: Halt, kind: order, values: {move: 0}, space: Midford}",
    )
    game = load_game(demo_game)
    assert game.cards["Halt"].space == "Midford"
    assert game.cards["March"].space == ""
    replace_in(demo_game / "cards.yaml", "space: Midford", "space: Midfort")
    assert problems(demo_game) == [
        "cards.yaml:6 $.cards[1].space: unknown space 'Midfort'; did you mean 'Midford'?"
    ]


def test_entries_may_say_where_their_values_come_from(demo_game: Path) -> None:
    """``source`` marks a reconstructed value (GUESS) on a space, a connection, a piece or a
    card, as one tag or per value; the engine ignores it, a malformed one is refused."""
    replace_in(
        demo_game / "map.yaml",
        "{id: Midford, kind: harbour}",
        "{id: Midford, kind: harbour, source: GUESS}",
    )
    replace_in(
        demo_game / "map.yaml",
        "{kind: road, between: [Northtown, Midford]}",
        "{kind: road, between: [Northtown, Midford], source: DERIVED}",
    )
    replace_in(
        demo_game / "cards.yaml",
        "{id: Halt, kind: order, values: {move: 0}}",
        "{id: Halt, kind: order, values: {move: 0}, source: {move: GUESS}}",
    )
    militia(demo_game, "{group: Red Militia, count: 1}", out="Red Militia")
    replace_in(demo_game / "pieces.yaml", "levy: Northtown}", "levy: Northtown, source: GUESS}")
    assert load_game(demo_game).cards["Halt"].values == {"move": 0}
    replace_in(demo_game / "cards.yaml", "source: {move: GUESS}", "source: {move: 3}")
    assert problems(demo_game)[0].startswith("cards.yaml:6 $.cards[1].source")
