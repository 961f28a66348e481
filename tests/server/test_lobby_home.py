"""A lobby that is a home (issue 34, item 12): the matches of the links a browser holds, with
their seats and whose turn it is, told only to the holder of a link, and never another
person's link."""

from __future__ import annotations

import json
import time
from collections.abc import Callable
from pathlib import Path
from typing import Any

from tests.server.harness import Server, actions_of


def listing(server: Server, tokens: list[str]) -> list[dict[str, Any]]:
    with server.http() as client:
        response = client.post("/api/my-matches", json={"tokens": tokens})
    assert response.status_code == 200, response.text
    found: list[dict[str, Any]] = response.json()["matches"]
    return found


def eventually(check: Callable[[], Any], timeout: float = 20) -> Any:
    """``check()`` once it is true (the server changes a page's presence as it goes)."""
    deadline = time.monotonic() + timeout
    while True:
        found = check()
        if found:
            return found
        if time.monotonic() > deadline:
            raise AssertionError(f"not so within {timeout}s")
        time.sleep(0.05)


def seats(entry: dict[str, Any]) -> dict[str, dict[str, Any]]:
    return {seat["seat"]: seat for seat in entry["seats"]}


def test_the_list_shows_seats_who_came_and_whose_turn_it_is(tmp_path: Path) -> None:
    db = tmp_path / "legatus.sqlite"
    server = Server(db).start()
    try:
        links = server.create(
            game="julius_caesar", seed=7, players={"caesar": "human", "pompey": "human"}
        )
        caesar, pompey = links[("seat", "caesar")], links[("seat", "pompey")]
        host = links[("host", "")]
        [entry, hosting] = listing(server, [caesar, host])
        assert entry["state"] == "open" and entry["title"] == "Julius Caesar"
        assert (entry["role"], entry["seat"], hosting["role"]) == ("seat", "caesar", "host")
        assert {s: (v["name"], v["joined"], v["online"]) for s, v in seats(entry).items()} == {
            "caesar": ("Caesar", False, False),
            "pompey": ("Pompeius", False, False),
        }
        page = server.socket(caesar)
        page.asked()
        entry = eventually(
            lambda: (e := listing(server, [caesar])[0]) and seats(e)["caesar"]["online"] and e
        )
        assert entry["state"] == "open" and seats(entry)["caesar"]["joined"]
        assert entry["your_turn"] and seats(entry)["caesar"]["turn"]
        other = server.socket(pompey)
        other.asked()
        page.act(actions_of(page.view)[0])  # type: ignore[arg-type]
        page.until(lambda m: m["type"] == "view" and m["moves"] == 1)
        [entry, hosting] = listing(server, [caesar, host])
        assert entry["state"] == "running" and entry["moves"] == 1
        assert not entry["your_turn"] and seats(entry)["pompey"]["turn"]
        assert not hosting["your_turn"] and seats(hosting)["pompey"]["turn"]
        other.close()
        eventually(lambda: not seats(listing(server, [caesar])[0])["pompey"]["online"])
    finally:
        server.stop()
    again = Server(db).start()  # what the lobby shows survives a restart
    try:
        [entry] = listing(again, [pompey])
        assert entry["state"] == "running" and entry["your_turn"]
        assert all(seat["joined"] and not seat["online"] for seat in entry["seats"])
    finally:
        again.stop()


def test_no_answer_gives_away_another_link(server: Server) -> None:
    links = server.create(
        game="julius_caesar", seed=7, players={"caesar": "human", "pompey": "random"}
    )
    mine = links[("seat", "caesar")]
    with server.http() as client:
        text = client.post("/api/my-matches", json={"tokens": [mine]}).text
    others = [token for token in links.values() if token != mine]
    assert mine in text and not any(token in text for token in others)
    [entry] = listing(server, [mine])
    assert seats(entry)["pompey"] == {
        "seat": "pompey",
        "name": "Pompeius",
        "sides": ["pompey"],
        "player": "random",
        "joined": True,
        "online": False,
        "turn": seats(entry)["pompey"]["turn"],
        "clock": None,
        "taken_over": False,
        "out": False,
    }


def test_bad_requests_get_one_line(server: Server) -> None:
    with server.http() as client:
        for body in (b"nonsense", b"[]", b'{"tokens": "abc"}', b'{"tokens": [1, 2]}'):
            response = client.post("/api/my-matches", content=body)
            assert response.status_code == 400
            assert response.json()["error"].startswith("expected {")
        many = client.post("/api/my-matches", json={"tokens": ["x" * 30] * 101})
        assert many.json() == {"error": "at most 100 links at once"}
    [unknown] = listing(server, ["not-a-token-of-this-server-at-all"])
    assert "\n" not in unknown["error"] and "unknown" in unknown["error"]


def test_a_rematch_swaps_the_sides_and_gives_each_link_holder_their_own(tmp_path: Path) -> None:
    from tests.server.test_http_api import finished_save

    db = tmp_path / "legatus.sqlite"
    server = Server(db).start()
    try:
        links = server.create(
            position=json.dumps(finished_save()), players={"caesar": "human", "pompey": "random"}
        )
        running = server.create(game="julius_caesar", players={"caesar": "human"})
        page = server.socket(running[("seat", "caesar")])
        page.until(lambda m: m["type"] == "view")
        page.send(type="rematch")
        assert page.error() == "a rematch is for a game that is over"
        caesar = server.socket(links[("seat", "caesar")])
        watcher = server.socket(links[("spectator", "")])
        for each in (caesar, watcher):
            each.until(lambda m: m["type"] == "view" and m["result"] is not None)
        watcher.send(type="rematch")
        assert watcher.error() == "spectators cannot ask for a rematch"
        caesar.send(type="rematch")
        mine = caesar.until(lambda m: m["type"] == "rematch")["url"]
        theirs = watcher.until(lambda m: m["type"] == "rematch")["url"]
        assert mine != theirs and mine.startswith("/m/")
        # No page is sent another's link, old or new.
        assert not any(token in text for token in links.values() for text in caesar.raw)
        assert not any(theirs[3:] in text for text in caesar.raw)
        assert not any(mine[3:] in text for text in watcher.raw)
        # The same link again, however often it is asked for.
        caesar.send(type="rematch")
        assert caesar.until(lambda m: m["type"] == "rematch")["url"] == mine
        [entry] = listing(server, [links[("seat", "caesar")]])
        assert entry["rematch"] == mine and entry["state"] == "over"
        rematch = server.socket(mine[3:])
        view = rematch.until(lambda m: m["type"] == "view")
        assert view["seat"] == "pompey" and view["sides"] == ["pompey"]
        assert {s["seat"]: s["player"] for s in view["seats"]} == {
            "caesar": "random",
            "pompey": "human",
        }
        assert view["result"] is None and view["seed"] is None and view["moves"] == 0
        [new] = listing(server, [mine[3:]])
        assert (new["role"], new["seat"], new["state"]) == ("seat", "pompey", "running")
    finally:
        server.stop()
    again = Server(db).start()  # the rematch is remembered across a restart
    try:
        caesar = again.socket(links[("seat", "caesar")])
        assert caesar.until(lambda m: m["type"] == "rematch")["url"] == mine
        assert listing(again, [mine[3:]])[0]["seat"] == "pompey"
    finally:
        again.stop()
