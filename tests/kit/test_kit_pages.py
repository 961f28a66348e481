"""The kit's turn records in words (``kit.pages``), on the demo game: Red and Blue, the cards
March (move 2) and Halt (move 0), Northtown - Midford - Southtown by road.

A view is written by hand as the observer builds one: the calendar, the prompt, the kit's
public records (the cards revealed, the orders, Player 1, the event, the battle, the
battles to fight, the turn's border use) and the pieces the viewer identifies. Julius
Caesar's card phase and battles (JC 2.1, 7.1) and Hammer of the Scots' (HotS 3.1, 5.1)
write these records alike; the game gives its phases' words and its score.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

import pytest

from legatus.framework.kit import pages
from legatus.framework.model.gamedef import GameDef
from legatus.framework.model.loader import load_game
from tests.conftest import DEMO_GAME


@pytest.fixture(scope="module")
def demo() -> GameDef:
    return load_game(DEMO_GAME)


def _view(**records: Any) -> dict[str, Any]:
    return {
        "side": "red",
        "vars": {"turn": 2},
        "records": records,
        "pieces": {"known": {}, "hidden": []},
        "zones": {},
        "prompt": {"kind": "march", "side": "red"},
        "log": [],
    }


def _towns(definition: GameDef, view: Mapping[str, Any], side: str) -> int:
    return 1 if side == "red" else 0


PAGES = pages.Pages(
    phases={"march": "command phase (TOY 6.1)"},
    score=_towns,
    score_label="towns",
    calendar=("year",),
    shown=("truce",),
)


def test_card_words_give_the_values_it_prints(demo: GameDef) -> None:
    assert pages.card_words(demo, "March") == "March (move 2)"
    assert pages.card_words(demo, "Unknown") == "Unknown"


def test_status_the_calendar_phase_score_and_player_1(demo: GameDef) -> None:
    view = _view(year=1297, player1="blue")
    assert pages.status(demo, view, PAGES) == [
        {"label": "year", "text": "1297"},
        {"label": "phase", "text": "command phase (TOY 6.1)"},
        {"label": "towns", "text": "Red 1 · Blue 0"},
        {"label": "Player 1", "text": "Blue"},
    ]
    # Without its calendar records the sequence's counters date the turn.
    assert pages.status(demo, _view(), pages.Pages())[:2] == [
        {"label": "turn", "text": "2"},
        {"label": "phase", "text": "march"},
    ]


def test_panels_the_cards_orders_event_battle_and_other_records(demo: GameDef) -> None:
    view = _view(
        cards={"red": "March", "blue": None},
        orders={"red": {"move": 2}},
        event={"card": "Halt", "side": "blue"},
        battle={"location": "Midford", "round": 2, "attacker": "red", "defender": "blue"},
        battles=["Southtown"],
        truce="blue",
    )
    assert pages.panels(demo, view, PAGES) == [
        {"title": "Cards played", "lines": ["Red: March (move 2)"]},
        {"title": "Orders", "lines": ["Red: move: 2"]},
        {"title": "Event", "lines": ["Halt for Blue"]},
        {"title": "Battle at Midford", "lines": ["round 2: Red attacks Blue"]},
        {"title": "Battles to fight", "lines": ["Southtown"]},
        {"title": "Truce", "lines": ["blue"]},
    ]
    parts = pages.page_parts(demo, view, PAGES)
    assert parts["cards"] == {"March": "March (move 2)", "Halt": "Halt (move 0)"}
    text = pages.render_view(demo, view, PAGES)
    assert text.splitlines()[0] == (
        "== Demo Skirmish — you are Red ==  (turn 2, phase command phase (TOY 6.1), towns Red 1 · Blue 0)"
    )
    assert "   battle at midford: round 2: Red attacks Blue" in text


def test_the_terminal_board_tells_each_border_limit_and_this_turns_crossings(
    demo: GameDef,
) -> None:
    board = pages.LimitBoard(demo, {"border_limit.road": 2}, "en")
    view = _view(command={"road_use": {"red": {"Midford|Northtown": 1}, "blue": {}}})
    assert board.connection_note(view, "Northtown", "Midford", ["road"]) == (
        "road, 2 blocks a turn; crossed this turn: Red 1"
    )
    assert board.connection_note(view, "Midford", "Southtown", ["road"]) == "road, 2 blocks a turn"
