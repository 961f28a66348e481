"""The naval combat's battle board (issue 34, item 8): the ships on each side with their
values, the action under way and whose decision it is, the rolls from the activation's
log and the ships captured, built from one side's view (the browser draws it).

Positions and forced dice as the rule tests make them (conftest); the board is read from
the view a side's page is given, the procedures' frames as that side may read them."""

from __future__ import annotations

from typing import Any

from legatus.framework.engine.frames import observe_stack
from legatus.framework.tools.testing import Kit, PlayFrom
from legatus.games.gbojc_naval import queries
from legatus.games.gbojc_naval.battleboard import battle_board

from .conftest import NAVAL, activate, individual, sea


def board(kit: Kit, side: str) -> dict[str, Any] | None:
    """The board as ``side``'s page receives it (``payloads._battle``)."""
    view = dict(kit.match.view(side))
    view["stack"] = observe_stack(kit.game, kit.state, side)
    return battle_board(kit.definition, kit.game.rules.values, view)


def ships(found: dict[str, Any], side: str) -> dict[str, dict[str, Any]]:
    column = next(s for s in found["sides"] if s["side"] == side)
    return {p["piece"]: p for line in column["lines"] for p in line["pieces"]}


def gone(found: dict[str, Any], side: str) -> dict[str, dict[str, Any]]:
    column = next(s for s in found["sides"] if s["side"] == side)
    return {p["piece"]: p for p in column["gone"]}


def fire_at_belenos(play_from: PlayFrom) -> Kit:
    """Aquila (bireme, C3 M2) fires at Belenos (sailing ship, C3 M2) across its side, one
    hex away, in phase F; Belenos may fire back (8.42)."""
    kit = individual(
        play_from, {"Aquila": ("2010", "N"), "Belenos": ("2110", "S")}, ["Aquila", "Belenos"]
    )
    activate(kit, "Aquila")
    return kit.act("speed(0)", "fire(Belenos)")


def test_no_board_before_a_combat(play_from: PlayFrom) -> None:
    kit = individual(
        play_from, {"Aquila": ("2010", "N"), "Belenos": ("2610", "S")}, ["Aquila", "Belenos"]
    )
    assert board(kit, "romans") is None
    activate(kit, "Aquila")  # its speed is asked: no enemy in reach, no combat
    assert board(kit, "romans") is None


def test_a_fire_and_its_reaction(play_from: PlayFrom) -> None:
    kit = fire_at_belenos(play_from)
    assert kit.asked == ("veneti", "reaction")
    for side in ("romans", "veneti"):
        found = board(kit, side)
        assert found is not None
        assert found["title"] == "Combat at sea"
        assert found["stage"] == (
            "Aquila fires at Belenos with M2 (8.4): Veneti decides whether Belenos fires back "
            "(8.42)"
        )
        assert found["current"] == ["Belenos"]  # the deciding ship is highlighted
        romans, veneti = ships(found, "romans"), ships(found, "veneti")
        assert list(romans) == ["Aquila"] and list(veneti) == ["Belenos"]
        assert romans["Aquila"]["rating"] == "C3 M2"
        assert romans["Aquila"]["status"] == "waiting"
        assert veneti["Belenos"]["status"] == "firing"
        assert [s["role"] for s in found["sides"]] == ["attacker", "defender"]
        assert found["at"] == "2110"
    # Belenos fires back: both fires rolled, then applied together (8.42, 8.63).
    kit.dice(6, 6).act("return_fire")
    assert queries.ship(kit, "Aquila").depletion == 1
    found = board(kit, "romans")
    assert found is not None
    assert found["current"] == ["Aquila"]  # Aquila may still grapple or cut sails
    aquila = ships(found, "romans")["Aquila"]
    assert aquila["rating"] == "C3 M1" and "depletion 1" in aquila["marks"]
    rolls = [e for e in found["events"] if "dice" in e]
    assert rolls[-2:] == [
        {"text": "Aquila fire at Belenos: roll 6-1 -> -", "dice": [6]},
        {"text": "Belenos fire at Aquila: roll 6+1 -> W/Poż", "dice": [6]},
    ]
    assert found["events"][0]["text"] == "romans activates Aquila"  # this activation only


def two_biremes_grappled_to_belenos(play_from: PlayFrom) -> Kit:
    """Aquila and Lupa (biremes, M2 each), the Legate of the Left's squadron, grappled to
    Belenos (M2 depleted to M1), in their boarding segment (phase E)."""
    kit = play_from(
        NAVAL,
        sea(
            {"Aquila": ("2010", "N"), "Lupa": ("2210", "N"), "Belenos": ("2109", "S")},
            step="activate_squadrons",
            aboard={"Legate of the Left": "Aquila"},
            grappled=[("Aquila", "Belenos"), ("Lupa", "Belenos")],
            attrs={"Belenos": {"depletion": 1}},
            records={
                "first": "romans",
                "squadrons": {"Legate of the Left": ["Aquila", "Lupa"]},
            },
        ),
        params={"height.sailing_over_galley": False},
    )
    return kit.act("activate(Legate of the Left)", "end_moves")


def test_a_boarding_repelled_leaves_the_other_ship_to_decide(play_from: PlayFrom) -> None:
    kit = two_biremes_grappled_to_belenos(play_from)
    found = board(kit, "veneti")
    assert found is not None
    assert found["title"] == "Boarding"
    assert found["stage"] == "Romans: board a grappled ship or end the boarding segment (8.2)"
    assert found["current"] == ["Aquila", "Lupa"]
    romans = ships(found, "romans")
    assert romans["Aquila"]["marks"] == [
        "M2 left",
        "grappled to Belenos",
        "aboard: Legate of the Left",
    ]
    belenos = ships(found, "veneti")["Belenos"]
    assert belenos["rating"] == "C3 M1"
    assert belenos["marks"] == ["depletion 1", "grappled to Aquila, Lupa"]
    # Aquila alone sends one marine: 2d6 total 3 on M1 against M1, repelled (8.28).
    kit.dice([1, 2]).act("board_with(Belenos, Aquila, 1)")
    found = board(kit, "veneti")
    assert found is not None
    assert found["current"] == ["Lupa"]  # Aquila was repelled by Belenos this turn (8.27)
    romans = ships(found, "romans")
    assert romans["Aquila"]["status"] == "waiting" and romans["Lupa"]["status"] == "firing"
    assert romans["Aquila"]["marks"][:2] == ["M0 left", "depletion 1"]
    assert "depletion 2" in ships(found, "veneti")["Belenos"]["marks"]
    assert found["events"][-1] == {
        "text": "Aquila board Belenos (M1 against M1, cell 8-12, roll 3+0): repelled",
        "dice": [3],
    }
    assert "marines left to board this turn: Aquila M0, Lupa M2" in found["sides"][0]["facts"]


def test_a_ship_captured_in_this_activation_stands_apart(play_from: PlayFrom) -> None:
    """Aquila takes Belenos; Lupa, grappled to Epona too, may still board it: the segment
    goes on, Belenos shown apart as captured in this activation."""
    kit = play_from(
        NAVAL,
        sea(
            {
                "Aquila": ("2010", "N"),
                "Lupa": ("2210", "N"),
                "Belenos": ("2109", "S"),
                "Epona": ("2310", "S"),
            },
            step="activate_squadrons",
            aboard={"Legate of the Left": "Aquila"},
            grappled=[("Aquila", "Belenos"), ("Lupa", "Epona")],
            records={
                "first": "romans",
                "squadrons": {"Legate of the Left": ["Aquila", "Lupa"]},
            },
        ),
        params={"height.sailing_over_galley": False},
    )
    kit.act("activate(Legate of the Left)", "end_moves")
    kit.dice([6, 6]).act("board(Belenos)")
    assert queries.ship(kit, "Belenos").captured
    assert kit.asked == ("romans", "board")
    found = board(kit, "romans")
    assert found is not None
    assert list(ships(found, "veneti")) == ["Epona"]
    assert found["current"] == ["Lupa"]
    taken = gone(found, "veneti")["Belenos"]
    assert taken["status"] == "captured" and taken["to"] == "captured by Romans"
    assert "captured" in taken["marks"] and taken["rating"] == "C0 M0"
    assert found["events"][-1]["dice"] == [12]
    assert found["events"][-1]["text"].endswith(": captured")


def test_every_view_of_a_random_game_gives_a_board_or_none() -> None:
    """Seeded random players through a whole naval game: at each decision both sides' and
    a spectator's boards build (or are None), every ship highlighted is on the board, and
    a board is shown at every reaction and boarding decision."""
    from legatus.framework.frontends.server.links import PUBLIC
    from legatus.framework.play.agents import RandomAgent
    from legatus.framework.play.catalog import default_catalog
    from legatus.framework.play.driver import Match

    game = default_catalog().load(NAVAL)
    sides = game.definition.side_ids
    players = {side: RandomAgent(2) for side in sides}
    match = Match.new(game, None, seed=2, players=players)  # fires three times
    shown = 0
    while True:
        prompt = match.state["prompt"]
        for side in (*sides, PUBLIC):
            view = dict(match.view(side))
            view["stack"] = observe_stack(game, match.state, side)
            found = battle_board(game.definition, game.rules.values, view)
            if prompt is not None and prompt["kind"] in ("reaction", "board"):
                assert found is not None, (prompt, len(match.moves))
            if found is None:
                continue
            shown += 1
            tiles = {
                p["piece"]
                for column in found["sides"]
                for line in column["lines"]
                for p in line["pieces"]
            }
            assert set(found["current"]) <= tiles, found
        if not match.step():
            break
    assert match.over and shown >= 9, shown  # three decisions or more, each seen three ways
