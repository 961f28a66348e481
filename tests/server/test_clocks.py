"""Time controls and computer takeovers (issue 34, item 12): a clock per move or per game for
each human seat, shown to every page; at zero a computer player takes the seat over or the
seat's side loses, as the match was created; a player who leaves is replaced by the
match's computer player if it allows it. Everything survives a restart."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest

from legatus.framework.frontends.server.clocks import BadClock, Clocks, check_clock
from legatus.framework.frontends.server.links import token_hash
from tests.server.harness import Message, Server, actions_of

PLAYERS = {"caesar": "human", "pompey": "human"}


def test_a_clock_per_move_and_per_game() -> None:
    per_move = Clocks(10.0, "move")
    assert per_move.left("caesar", 5.0) == 10.0 and per_move.first_zero(5.0) is None
    per_move.begin(100.0, ["caesar", "pompey"])
    assert per_move.left("caesar", 104.0) == 6.0
    per_move.change(104.0, ["caesar", "pompey"], ["pompey"])  # Caesar answered
    assert per_move.left("caesar", 109.0) == 10.0 and per_move.left("pompey", 109.0) == 1.0
    per_move.change(109.0, ["pompey"], ["caesar"])
    assert per_move.left("caesar", 112.0) == 7.0 and per_move.first_zero(112.0) == ("caesar", 7.0)
    per_game = Clocks(60.0, "game")
    per_game.begin(0.0, ["caesar"])
    per_game.change(20.0, ["caesar"], ["pompey"])
    per_game.change(50.0, ["pompey"], ["caesar"])
    assert per_game.left("caesar", 55.0) == 35.0 and per_game.left("pompey", 55.0) == 30.0
    assert per_game.shown(["caesar", "pompey"], 55.0) == {
        "caesar": {"left": 35.0, "running": True},
        "pompey": {"left": 30.0, "running": False},
    }


@pytest.mark.parametrize(
    ("clock", "message"),
    [
        ("soon", 'clock: expected {"seconds": N'),
        ({"seconds": 0}, "clock: seconds: expected a number from 1 to 604800"),
        ({"seconds": 60, "per": "turn"}, "clock: per: expected move or game"),
        ({"seconds": 60, "at_zero": "pray"}, "clock: at_zero: expected computer"),
        ({"seconds": 60, "speed": 2}, "clock: no field 'speed'"),
    ],
)
def test_a_bad_clock_is_refused_in_one_line(clock: Any, message: str) -> None:
    with pytest.raises(BadClock) as caught:
        check_clock(clock)
    assert str(caught.value).startswith(message) and "\n" not in str(caught.value)


def create_refused(server: Server, **request: Any) -> str:
    with server.http() as client:
        response = client.post("/api/matches", json=request)
    assert response.status_code == 400, response.text
    error: str = response.json()["error"]
    return error


def test_a_request_with_a_clock_is_checked(server: Server) -> None:
    jc = {"game": "julius_caesar", "players": PLAYERS}
    assert create_refused(server, **jc, clock={"seconds": 5, "at_zero": "computer"}) == (
        "clock: at_zero computer needs the computer player that takes a seat over: give "
        "takeover, e.g. greedy"
    )
    assert create_refused(server, **jc, takeover="human").startswith("takeover: expected")
    assert create_refused(server, **jc, takeover="nobody").startswith("takeover: ")
    assert create_refused(server, **jc, clock={"seconds": -1}).startswith("clock: seconds")


def clocks(view: Message) -> dict[str, Any]:
    found: dict[str, Any] = view["clocks"]
    return found


def test_the_clocks_start_when_every_player_came_and_at_zero_a_side_loses(
    tmp_path: Path,
) -> None:
    db = tmp_path / "legatus.sqlite"
    server = Server(db).start()
    try:
        links = server.create(
            game="julius_caesar",
            players=PLAYERS,
            clock={"seconds": 2, "per": "game", "at_zero": "lose"},
        )
        caesar = server.socket(links[("seat", "caesar")])
        view = caesar.asked()
        assert view["clock"] == {"seconds": 2.0, "per": "game", "at_zero": "lose"}
        assert clocks(view)["caesar"] == {"left": 2.0, "running": False}  # Pompeius not here
        with server.http() as client:  # the lobby's list shows the clocks too
            entry = client.post(
                "/api/my-matches", json={"tokens": [links[("seat", "caesar")]]}
            ).json()["matches"][0]
        assert entry["seats"][0]["clock"] == {"left": 2.0, "running": False}
        assert entry["clock"] == view["clock"]
        pompey = server.socket(links[("seat", "pompey")])
        pompey.act(actions_of(pompey.asked())[0])
        # Caesar does not answer: his clock runs out, and he loses.
        over = caesar.until(lambda m: m["type"] == "view" and m["result"] is not None, 15)
        assert over["result"] == {"winner": "pompey", "reason": "Caesar ran out of time"}
        assert over["prompts"] == [] and clocks(over)["caesar"]["left"] == 0.0
        assert clocks(over)["pompey"]["left"] > 1.0
        caesar.act(actions_of(view)[0], view)
        assert caesar.error() == "the game is over: no more actions"
        with server.http() as client:  # over: every view of the replay, the seed, the save
            token = links[("seat", "caesar")]
            meta = client.get(f"/api/replay/{token}", params={"step": 0}).json()
            assert meta["views"] == ["", "caesar", "pompey"] and meta["seed"] is not None
            assert client.get(f"/api/save/{token}").status_code == 200
    finally:
        server.stop()
    again = Server(db).start()
    try:
        caesar = again.socket(links[("seat", "caesar")])
        view = caesar.until(lambda m: m["type"] == "view")
        assert view["result"] == over["result"] and view["prompts"] == []
        with again.http() as client:
            entry = client.post(
                "/api/my-matches", json={"tokens": [links[("seat", "caesar")]]}
            ).json()["matches"][0]
        assert entry["state"] == "over"
    finally:
        again.stop()


def test_at_zero_the_computer_takes_the_seat_over(server: Server) -> None:
    links = server.create(
        game="julius_caesar",
        players=PLAYERS,
        clock={"seconds": 1, "per": "move", "at_zero": "computer"},
        takeover="random",
    )
    caesar = server.socket(links[("seat", "caesar")])
    pompey = server.socket(links[("seat", "pompey")])
    view = caesar.asked()
    pompey.act(actions_of(pompey.asked())[0])
    taken = caesar.until(
        lambda m: m["type"] == "view" and "Caesar ran out of time" in m["notice"], 15
    )
    assert taken["notice"] == (
        "Caesar ran out of time: the computer (random) plays Caesar now, until its player "
        "takes the seat back"
    )
    assert {s["seat"]: s["player"] for s in taken["seats"]}["caesar"] == "random"
    caesar.until(lambda m: m["type"] == "view" and m["moves"] >= 2)  # the computer discarded
    caesar.act(actions_of(view)[0], view)
    assert caesar.error() == (
        "a computer player plays this seat now: you can watch, or take your seat back"
    )


def test_a_player_who_leaves_is_replaced_if_the_match_allows_it(tmp_path: Path) -> None:
    db = tmp_path / "legatus.sqlite"
    server = Server(db).start()
    try:
        strict = server.create(game="julius_caesar", players=PLAYERS)
        page = server.socket(strict[("seat", "caesar")])
        page.asked()
        page.send(type="leave")
        assert page.error() == (
            "this match does not let a computer take over a seat (its creator did not allow "
            "it): stay, or ask your opponent to end it"
        )
        links = server.create(game="julius_caesar", players=PLAYERS, takeover="random")
        caesar = server.socket(links[("seat", "caesar")])
        caesar.asked()
        spectator = server.socket(links[("spectator", "")])
        spectator.send(type="leave")
        assert spectator.error() == "only a seat's player can leave the match"
        caesar.send(type="leave")
        left = caesar.until(lambda m: m["type"] == "view" and bool(m["notice"]))
        assert left["notice"] == (
            "Caesar's player left: the computer (random) plays Caesar now, until its player "
            "takes the seat back"
        )
        caesar.until(lambda m: m["type"] == "view" and m["moves"] >= 1)
    finally:
        server.stop()
    again = Server(db).start()  # the computer keeps the seat after a restart
    try:
        caesar = again.socket(links[("seat", "caesar")])
        view = caesar.until(lambda m: m["type"] == "view")
        assert {s["seat"]: s["player"] for s in view["seats"]}["caesar"] == "random"
    finally:
        again.stop()


class Clock:
    """The server's clock, moved by the test."""

    def __init__(self) -> None:
        self.now = 1_000_000.0

    def __call__(self) -> float:
        return self.now


def test_a_clock_per_game_survives_a_restart(tmp_path: Path) -> None:
    db = tmp_path / "legatus.sqlite"
    clock = Clock()
    server = Server(db, clock=clock).start()
    try:
        links = server.create(
            game="julius_caesar",
            players=PLAYERS,
            clock={"seconds": 600, "per": "game", "at_zero": "lose"},
        )
        caesar = server.socket(links[("seat", "caesar")])
        pompey = server.socket(links[("seat", "pompey")])
        caesar.asked()
        view = pompey.asked()
        clock.now += 12.5  # Pompeius thinks for 12.5 s, and answers
        pompey.act(actions_of(view)[0])
        after = pompey.until(lambda m: m["type"] == "view" and m["moves"] == 1)
        assert clocks(after) == {
            "caesar": {"left": 587.5, "running": True},
            "pompey": {"left": 587.5, "running": False},
        }
        clock.now += 30.0
    finally:
        server.stop()
    again = Server(db, clock=clock).start()
    try:
        pompey = again.socket(links[("seat", "pompey")])
        view = pompey.until(lambda m: m["type"] == "view")
        assert clocks(view) == {
            "caesar": {"left": 557.5, "running": True},
            "pompey": {"left": 587.5, "running": False},
        }
    finally:
        again.stop()


def test_a_rematch_gives_a_seat_taken_over_back_to_its_person(server: Server) -> None:
    import json

    from tests.server.test_http_api import finished_save

    links = server.create(position=json.dumps(finished_save()), players=PLAYERS, takeover="random")
    assert server.storage is not None
    link = server.storage.link(token_hash(links[("seat", "pompey")]) or "")
    assert link is not None
    server.storage.take_over(link.match, "caesar", "random")  # as when Caesar's player left
    assert server.storage.match(link.match).taken == ("caesar",)  # type: ignore[union-attr]
    pompey = server.socket(links[("seat", "pompey")])
    seats = pompey.until(lambda m: m["type"] == "view")["seats"]
    assert {s["seat"]: s["player"] for s in seats} == {"caesar": "random", "pompey": "human"}
    pompey.send(type="rematch")
    url = pompey.until(lambda m: m["type"] == "rematch")["url"]
    view = server.socket(url[3:]).until(lambda m: m["type"] == "view")
    assert view["seat"] == "caesar"  # sides swapped
    assert {s["seat"]: s["player"] for s in view["seats"]} == PLAYERS


@pytest.mark.parametrize(
    ("per", "red_left", "blue_left"),
    [
        # Per game: Red was asked all along (10 + 20 + 5 s); Blue's 20 s are given back.
        ("game", 565.0, 600.0),
        # Per move: Red's decision has run since it was first asked; Blue's is not asked.
        ("move", 565.0, 600.0),
    ],
)
def test_undo_counts_the_clocks_as_if_the_moves_taken_back_were_never_made(
    tmp_path: Path, per: str, red_left: float, blue_left: float
) -> None:
    """Issue 34: an undo gave no time back (Blue's clock kept the time it ran while Red's
    move stood), and a restart counted the clocks otherwise than the live match did. Both
    now count from the moves kept alone: the seat asked again has been thinking since it
    was first asked, and the time the moves taken back cost the others is theirs again."""
    db = tmp_path / "legatus.sqlite"
    clock = Clock()
    server = Server(db, clock=clock).start()
    try:
        links = server.create(
            game="demo_skirmish",
            seed=1,
            players={"red": "human", "blue": "human"},
            clock={"seconds": 600, "per": per, "at_zero": "lose"},
        )
        red = server.socket(links[("seat", "red")])
        blue = server.socket(links[("seat", "blue")])
        blue.until(lambda m: m["type"] == "view")
        view = red.asked()
        clock.now += 10.0
        red.act("move(Red Foot, Midford)", view)
        moved = blue.asked()
        assert clocks(moved)["red"]["running"] is False and clocks(moved)["blue"]["running"]
        clock.now += 20.0  # Blue thinks; then Red takes his move back
        red.send(type="undo")
        undone = red.until(
            lambda m: m["type"] == "view" and m["revision"] > moved["revision"], what="the undo"
        )
        assert undone["moves"] == 0 and clocks(undone) == {
            "red": {"left": 570.0, "running": True},
            "blue": {"left": 600.0, "running": False},
        }
        clock.now += 5.0
    finally:
        server.stop()
    again = Server(db, clock=clock).start()  # a restart counts them the same
    try:
        view = again.socket(links[("seat", "blue")]).until(lambda m: m["type"] == "view")
        assert clocks(view) == {
            "red": {"left": red_left, "running": True},
            "blue": {"left": blue_left, "running": False},
        }
    finally:
        again.stop()


def test_a_hot_seats_clocks_run_from_its_creation_live_as_after_a_restart(
    tmp_path: Path,
) -> None:
    """A hot seat's clocks start at once (every player is at the screen): from the match's
    creation, as a restart counts them, not from when its page first opened; an undo there
    counts them again the same way."""
    db = tmp_path / "legatus.sqlite"
    clock = Clock()
    server = Server(db, clock=clock).start()
    try:
        links = server.create(
            game="julius_caesar",
            seed=7,
            players=PLAYERS,
            hot_seat=True,
            clock={"seconds": 600, "per": "game", "at_zero": "lose"},
        )
        clock.now += 50.0  # the page is opened a little later
        page = server.socket(links[("hot-seat", "")])
        page.until(lambda m: m["type"] == "handover")
        page.send(type="ready")
        view = page.asked()
        assert clocks(view) == {
            "caesar": {"left": 550.0, "running": True},
            "pompey": {"left": 550.0, "running": True},  # both discard at once
        }
        clock.now += 10.0
        page.act(actions_of(view)[0], view)
        assert page.until(lambda m: m["type"] == "handover")["seat"] == "pompey"
        clock.now += 20.0
        page.send(type="undo")  # from the hand-over screen
        assert page.until(lambda m: m["type"] == "handover")["seat"] == "caesar"
        page.send(type="ready")
        view = page.asked()
        assert view["moves"] == 0 and clocks(view) == {
            "caesar": {"left": 520.0, "running": True},
            "pompey": {"left": 520.0, "running": True},
        }
    finally:
        server.stop()
    again = Server(db, clock=clock).start()
    try:
        spectator = again.socket(links[("spectator", "")])
        assert clocks(spectator.until(lambda m: m["type"] == "view")) == {
            "caesar": {"left": 520.0, "running": True},
            "pompey": {"left": 520.0, "running": True},
        }
    finally:
        again.stop()
