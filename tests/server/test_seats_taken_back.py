"""A seat a computer player took over is its person's to take back (issue 34, item 12): the
player who left, ran out of time or was away comes back with their seat's link and plays
from the seat's next decision, every page told; a seat whose player has had no page open
for the server's ``away_after`` is taken over at its decision while another player waits.
The handovers are stored with their times: a restart shows the same seats and clocks."""

from __future__ import annotations

from pathlib import Path

from legatus.framework.frontends.server.app import Settings
from legatus.framework.frontends.server.links import token_hash
from legatus.framework.frontends.server.live import AWAY_AFTER
from tests.server.harness import Message, Page, Server, actions_of
from tests.server.test_clocks import PLAYERS, Clock, clocks
from tests.waits import wait_until

BACK = "Caesar's player is back and plays Caesar again"


def players(view: Message) -> dict[str, tuple[str, bool]]:
    return {s["seat"]: (s["player"], s["taken_over"]) for s in view["seats"]}


def noticed(page: Page, text: str) -> Message:
    return page.until(lambda m: m["type"] == "view" and text in m["notice"], 60, repr(text))


def play_pompey_until_caesar_is_asked(pompey: Page, view: Message) -> Message:
    """From Pompeius's ``view``, answer every question his page is asked (his first action)
    until a view says the match waits for Caesar; that view."""
    while True:
        if view["prompts"]:
            pompey.act(actions_of(view)[0], view)
        elif any(w["side"] == "caesar" for w in view["waiting"]):
            return view
        view = pompey.until(lambda m: m["type"] == "view", 60, "Pompeius's next view")


def test_a_player_who_left_takes_the_seat_back_and_is_asked_its_next_decision(
    tmp_path: Path,
) -> None:
    db = tmp_path / "legatus.sqlite"
    server = Server(db).start()
    try:
        links = server.create(game="julius_caesar", seed=3, players=PLAYERS, takeover="random")
        caesar = server.socket(links[("seat", "caesar")])
        pompey = server.socket(links[("seat", "pompey")])
        caesar.asked()
        pompey.asked()
        spectator = server.socket(links[("spectator", "")])
        spectator.until(lambda m: m["type"] == "view")
        caesar.send(type="take_back")
        assert caesar.error() == "you play this seat already"
        caesar.send(type="leave")
        assert players(noticed(pompey, "Caesar's player left"))["caesar"] == ("random", True)
        caesar.send(type="take_back")
        back = noticed(pompey, BACK)
        assert back["notice"] == BACK and players(back)["caesar"] == ("human", False)
        assert noticed(spectator, BACK)["notice"] == BACK
        spectator.send(type="take_back")
        assert spectator.error() == (
            "only a seat's player can take a seat back, with the seat's link"
        )
        # Caesar's next decision is his player's: he is asked, and his answer is played.
        waiting = play_pompey_until_caesar_is_asked(pompey, back)
        view = caesar.until(
            lambda m: m["type"] == "view" and m["revision"] >= waiting["revision"],
            60,
            "Caesar's view of the match waiting for him",
        )
        assert view["prompts"] and view["moves"] == waiting["moves"]
        assert players(view)["caesar"] == ("human", False) and not view["thinking"]
        caesar.act(actions_of(view)[0], view)
        after = caesar.until(lambda m: m["type"] == "view" and m["moves"] > view["moves"])
        assert after["moves"] == view["moves"] + 1
        assert server.storage is not None
        link = server.storage.link(token_hash(links[("seat", "caesar")]) or "")
        assert link is not None
        record = server.storage.match(link.match)
        assert record is not None and record.taken == ()
        assert [(seat, player) for _, seat, player in record.handovers] == [
            ("caesar", "random"),
            ("caesar", "human"),
        ]
        with server.http() as client:  # the lobby no longer says "taken over"
            entry = client.post(
                "/api/my-matches", json={"tokens": [links[("seat", "caesar")]]}
            ).json()["matches"][0]
        assert {s["seat"]: s["taken_over"] for s in entry["seats"]}["caesar"] is False
    finally:
        server.stop()
    again = Server(db).start()  # the seat stays its person's after a restart
    try:
        caesar = again.socket(links[("seat", "caesar")])
        view = caesar.until(lambda m: m["type"] == "view")
        assert players(view)["caesar"] == ("human", False)
    finally:
        again.stop()


def test_a_seat_whose_clock_ran_out_comes_back_with_a_tenth_of_the_time(tmp_path: Path) -> None:
    db = tmp_path / "legatus.sqlite"
    clock = Clock()
    server = Server(db, clock=clock).start()
    try:
        links = server.create(
            game="julius_caesar",
            players=PLAYERS,
            clock={"seconds": 600, "per": "game", "at_zero": "computer"},
            takeover="random",
        )
        caesar = server.socket(links[("seat", "caesar")])
        pompey = server.socket(links[("seat", "pompey")])
        caesar.asked()
        pompey.act(actions_of(pompey.asked())[0])
        pompey.until(lambda m: m["type"] == "view" and m["moves"] == 1)
        clock.now += 601  # Caesar does not answer in his 600 s; a page opening sees to it
        server.socket(links[("spectator", "")]).until(lambda m: m["type"] == "view")
        taken = noticed(caesar, "Caesar ran out of time")
        assert players(taken)["caesar"] == ("random", True)
        caesar.send(type="take_back")
        back = noticed(caesar, BACK)
        assert clocks(back)["caesar"]["left"] == 60.0  # a tenth of the time control
        assert clocks(back)["pompey"]["left"] == 600.0
    finally:
        server.stop()
    again = Server(db, clock=clock).start()
    try:
        view = again.socket(links[("seat", "pompey")]).until(lambda m: m["type"] == "view")
        assert players(view)["caesar"] == ("human", False)
        assert clocks(view)["caesar"]["left"] == 60.0
        assert clocks(view)["pompey"]["left"] == 600.0
    finally:
        again.stop()


def test_a_player_away_is_taken_over_at_the_seats_decision_and_takes_it_back(
    tmp_path: Path,
) -> None:
    assert Settings().away_after == AWAY_AFTER == 600.0  # a blink or a reload takes nothing
    server = Server(tmp_path / "legatus.sqlite", away_after=1.0).start()
    try:
        strict = server.create(game="julius_caesar", players=PLAYERS)  # no takeover allowed
        links = server.create(game="julius_caesar", players=PLAYERS, takeover="random")
        caesar = server.socket(links[("seat", "caesar")])
        pompey = server.socket(links[("seat", "pompey")])
        caesar.asked()
        pompey.asked()
        caesar.close()  # Caesar's page closes, and he stays away while he is asked
        taken = noticed(pompey, "has been away")
        assert taken["notice"] == (
            "Caesar's player has been away for 1 second: the computer (random) plays Caesar "
            "now, until its player takes the seat back"
        )
        assert players(taken)["caesar"] == ("random", True)
        caesar = server.socket(links[("seat", "caesar")])  # back with the seat's link
        assert players(caesar.until(lambda m: m["type"] == "view"))["caesar"] == ("random", True)
        caesar.send(type="take_back")
        assert players(noticed(pompey, BACK))["caesar"] == ("human", False)
        # In a match that allows no takeover, a player away keeps the seat.
        first = server.socket(strict[("seat", "caesar")])
        other = server.socket(strict[("seat", "pompey")])
        first.asked()
        view = other.asked()
        first.close()
        other.act(actions_of(view)[0], view)
        after = other.until(lambda m: m["type"] == "view" and m["moves"] == 1)
        assert players(after)["caesar"] == ("human", False) and after["notice"] == ""
    finally:
        server.stop()


def test_a_blink_keeps_the_seat_and_the_absence_counts_from_the_last_page_closed(
    tmp_path: Path,
) -> None:
    clock = Clock()
    server = Server(tmp_path / "legatus.sqlite", clock=clock, away_after=600.0).start()
    try:
        links = server.create(game="julius_caesar", players=PLAYERS, takeover="random")
        token = links[("seat", "caesar")]

        def gone() -> bool:  # the server saw Caesar's page close
            with server.http() as client:
                entry = client.post("/api/my-matches", json={"tokens": [token]}).json()
            return not {s["seat"]: s["online"] for s in entry["matches"][0]["seats"]}["caesar"]

        caesar = server.socket(token)
        pompey = server.socket(links[("seat", "pompey")])
        caesar.asked()
        view = pompey.asked()
        caesar.close()
        wait_until(gone, 60, "the server to see Caesar's page close")
        clock.now += 300
        caesar = server.socket(token)  # back within the 10 minutes: a blink
        caesar.asked()
        clock.now += 400
        caesar.close()
        wait_until(gone, 60, "the server to see Caesar's page close again")
        clock.now += 599  # away 599 s when Pompeius answers: not yet
        pompey.act(actions_of(view)[0], view)
        after = pompey.until(lambda m: m["type"] == "view" and m["moves"] == 1)
        assert players(after)["caesar"] == ("human", False) and after["notice"] == ""
        clock.now += 2  # 601 s: the next look at the match takes the seat over
        server.socket(links[("spectator", "")]).until(lambda m: m["type"] == "view")
        taken = noticed(pompey, "has been away")
        assert taken["notice"].startswith("Caesar's player has been away for 10 minutes: ")
    finally:
        server.stop()
