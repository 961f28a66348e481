"""Running out of time in a match of more than two seats (issue 34, item 12): with
``at_zero`` lose, a clock at zero loses the game for the seat's whole team. While two teams
or more stay in the game it goes on without that team: its seats are out, they rank last
whatever happens on the board, and the match's computer player plays on for them (a match
of three teams or more that loses on time must name one); once one team is left the game is
over and that team wins. Everything survives a restart."""

from __future__ import annotations

from pathlib import Path
from typing import Any

from tests.server.harness import Message, Server, actions_of
from tests.server.test_clocks import Clock, clocks, create_refused

FIVE = {
    "optimates_a": "human",
    "optimates_b": "human",
    "populares_a": "human",
    "populares_b": "human",
    "equites": "human",
}
TEAM = {
    "optimates_a": "optimates",
    "optimates_b": "optimates",
    "populares_a": "populares",
    "populares_b": "populares",
    "equites": "equites",
}


def test_a_match_of_three_teams_that_loses_on_time_needs_a_computer_to_play_on(
    server: Server,
) -> None:
    request = {
        "game": "council",
        "scenario": "five",
        "players": FIVE,
        "clock": {"seconds": 60, "per": "move", "at_zero": "lose"},
    }
    assert create_refused(server, **request) == (
        "clock: at_zero lose in a match of three teams or more needs the computer player that "
        "plays on for a team out of the game: give takeover, e.g. greedy"
    )
    assert server.create(**request, takeover="first")


def seats_of(view: Message) -> dict[str, Message]:
    return {seat["seat"]: seat for seat in view["seats"]}


def cato_runs_out_of_time(server: Server, clock: Clock) -> tuple[dict[Any, str], dict[str, Any]]:
    """A council match for five with clocks of 600 s a move (lose at zero, the first computer
    player takes over): every seat bids but Cato's, whose 600 s then run out. The match's
    links and the seats' pages."""
    links = server.create(
        game="council",
        scenario="five",
        seed=3,
        players=FIVE,
        clock={"seconds": 600, "per": "move", "at_zero": "lose"},
        takeover="first",
    )
    pages = {seat: server.socket(links[("seat", seat)]) for seat in FIVE}
    for seat, page in pages.items():  # every seat bids but Cato's
        view = page.asked()
        if seat != "optimates_a":
            page.act(actions_of(view)[0], view)
    clock.now += 601  # Cato does not bid in his 600 s; a page opening sees to it
    return links, pages


def test_a_team_out_of_time_ranks_last_and_the_last_team_left_wins(tmp_path: Path) -> None:
    db = tmp_path / "legatus.sqlite"
    clock = Clock()
    server = Server(db, clock=clock).start()
    try:
        links, pages = cato_runs_out_of_time(server, clock)
        spectator = server.socket(links[("spectator", "")])
        out = spectator.until(lambda m: m["type"] == "view" and bool(m["notice"]))
        assert out["notice"] == (
            "Optimates (Cato) ran out of time: Optimates (Cato), Optimates (Bibulus) are out of "
            "the game and rank last; the computer (first) plays on for them"
        )
        assert out["result"] is None  # the Populares and the Equites play on
        seats = seats_of(out)
        assert [s for s in FIVE if seats[s]["out"]] == ["optimates_a", "optimates_b"]
        assert {s: seats[s]["player"] for s in FIVE if TEAM[s] == "optimates"} == {
            "optimates_a": "first",
            "optimates_b": "first",
        }
        assert "optimates_a" not in clocks(out)  # a computer's seat has no clock
        pages["optimates_a"].send(type="take_back")
        assert pages["optimates_a"].error() == (
            "this seat ran out of time and is out of the game: the computer plays on for it to "
            "the end"
        )
        # The computer bids for Cato, and the round goes on to a person's decision.
        asked = spectator.until(
            lambda m: (
                m["type"] == "view"
                and any(TEAM[w["side"]] != "optimates" for w in m["waiting"])
                and m["moves"] >= 5
            ),
            what="a person's decision after the computer's bid",
        )
    finally:
        server.stop()
    again = Server(db, clock=clock).start()  # the seats stay out after a restart
    try:
        spectator = again.socket(links[("spectator", "")])
        view = spectator.until(lambda m: m["type"] == "view")
        assert view["revision"] >= 1 and view["moves"] == asked["moves"]
        assert [s for s in FIVE if seats_of(view)[s]["out"]] == ["optimates_a", "optimates_b"]
        waiting = [w["side"] for w in view["waiting"]]
        late = next(s for s in FIVE if TEAM[s] != "optimates" and s in waiting)
        clock.now += 601  # a person's clock runs out again: one team is left, and wins
        over = again.socket(links[("seat", late)]).until(
            lambda m: m["type"] == "view" and m["result"] is not None
        )
        result = over["result"]
        lost, left = TEAM[late], ({"populares", "equites"} - {TEAM[late]}).pop()
        assert result["reason"].endswith(" ran out of time")
        assert TEAM[result["winner"]] == left and over["prompts"] == []
        ranks = result["ranks"]
        assert {ranks[s] for s in FIVE if TEAM[s] == left} == {1}
        places = 1 + sum(1 for s in FIVE if TEAM[s] == left)
        assert {ranks[s] for s in FIVE if TEAM[s] == lost} == {places}  # the team together
        assert {ranks[s] for s in FIVE if TEAM[s] == "optimates"} == {4}  # out first: last
        assert all(not c["running"] for c in clocks(over).values())
        # The rematch gives every seat back to its person, those out on time included.
        page = again.socket(links[("seat", "optimates_a")])
        page.until(lambda m: m["type"] == "view")
        page.send(type="rematch")
        url = page.until(lambda m: m["type"] == "rematch")["url"]
        fresh = again.socket(url[3:]).until(lambda m: m["type"] == "view")
        assert {s["seat"]: s["player"] for s in fresh["seats"]} == FIVE
        assert not any(s["out"] for s in fresh["seats"])
    finally:
        again.stop()


def test_a_game_the_rules_end_ranks_the_seats_out_on_time_last() -> None:
    """The rules may end a game after a team went out on time (its computer playing on):
    the teams still in rank first, as the rules rank them, then the teams out, the last out
    first; a winner that was out gives way to the best of those left."""
    from legatus.framework.frontends.server.live import time_result
    from legatus.framework.frontends.server.storage import MatchRecord
    from legatus.framework.play.catalog import default_catalog

    definition = default_catalog().load("council").definition
    record = MatchRecord(
        id="m",
        game="council",
        scenario="five",
        seed=1,
        seats={seat: (seat,) for seat in FIVE},
        players=dict(FIVE),
        out=("optimates_a", "optimates_b"),
    )
    rules = {
        "winner": "optimates_a",
        "reason": "the Optimates hold the city",
        "ranks": {
            "optimates_a": 1,
            "optimates_b": 2,
            "equites": 3,
            "populares_a": 4,
            "populares_b": 4,
        },
    }
    assert time_result(definition, record, rules) == {
        "winner": "equites",
        "reason": "the Optimates hold the city; Optimates (Cato), Optimates (Bibulus) ran out "
        "of time and rank last",
        "ranks": {
            "equites": 1,
            "populares_a": 2,
            "populares_b": 2,
            "optimates_a": 4,
            "optimates_b": 4,
        },
    }
    # Ended on time: the one team left wins; of those out, the last out ranks first.
    later = MatchRecord(**{**record.__dict__, "out": ("optimates_a", "optimates_b", "equites")})
    assert time_result(definition, later, None, "Equites ran out of time") == {
        "winner": "populares_a",
        "reason": "Equites ran out of time",
        "ranks": {
            "populares_a": 1,
            "populares_b": 1,
            "equites": 3,
            "optimates_a": 4,
            "optimates_b": 4,
        },
    }


def test_in_hannibal_barkas_for_four_a_clock_at_zero_loses_for_the_whole_nation(
    tmp_path: Path,
) -> None:
    """Two teams of two (Rome's two players against Carthage's): one player's clock at zero
    loses the game for his nation, his team-mate with him; no computer is needed."""
    players = {
        "rome_north": "human",
        "rome_south": "human",
        "carthage_spain": "human",
        "carthage_africa": "human",
    }
    clock = Clock()
    timed = Server(tmp_path / "legatus.sqlite", clock=clock).start()
    try:
        links = timed.create(
            game="hannibal_barkas",
            scenario="gates-4p",
            players=players,
            clock={"seconds": 600, "per": "move", "at_zero": "lose"},
        )
        pages = {seat: timed.socket(links[("seat", seat)]) for seat in players}
        for page in pages.values():
            page.until(lambda m: m["type"] == "view")
        clock.now += 601  # nobody answers; the first clock at zero ends the game
        over = timed.socket(links[("spectator", "")]).until(
            lambda m: m["type"] == "view" and m["result"] is not None
        )
        result = over["result"]
        nation = {side: side.split("_")[0] for side in players}  # each seat plays one side
        ranks = result["ranks"]
        won = nation[result["winner"]]
        assert set(ranks) == set(players)  # the neutral states take no part
        assert {side: rank for side, rank in ranks.items()} == {
            side: 1 if nation[side] == won else 3 for side in players
        }  # the losing nation's two players together
        assert result["reason"].endswith("ran out of time")
    finally:
        timed.stop()
