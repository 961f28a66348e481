"""What keeps one match or one link from taking the server (issue 34, item 3).

Spectators have a cap of their own per match while seats and the host always get in.
"""

from __future__ import annotations

from pathlib import Path

from tests.server.harness import Server, actions_of

HUMANS = {"caesar": "human", "pompey": "human"}


def test_spectators_have_a_cap_of_their_own_and_seats_and_the_host_always_get_in(
    tmp_path: Path,
) -> None:
    server = Server(tmp_path / "db.sqlite", max_spectators=3).start()
    try:
        links = server.create(game="julius_caesar", seed=7, players=HUMANS)
        watchers = [server.socket(links[("spectator", "")]) for _ in range(3)]
        for page in watchers:
            page.until(lambda m: m["type"] == "view")
        refused = server.socket(links[("spectator", "")])
        message = refused.until(lambda m: m["type"] == "error")
        assert message == {
            "type": "error",
            "message": "this match has 3 spectators already, this server's limit: try again later",
            "fatal": True,
        }
        assert refused.closed() == 4429
        # A seat's link gets in whatever the spectators do; beyond 8 pages of one link, that
        # link's oldest page is closed (a page reloaded many times never locks its seat out).
        caesar = [server.socket(links[("seat", "caesar")]) for _ in range(8)]
        for page in caesar:
            page.until(lambda m: m["type"] == "view")
        newest = server.socket(links[("seat", "caesar")])
        assert newest.until(lambda m: m["type"] == "view")["prompts"]
        assert caesar[0].error() == (
            "this link is open in 8 other pages: this one, the oldest, was closed "
            "(reload it to use it here again)"
        )
        assert caesar[0].closed() == 1000
        for link in (("seat", "pompey"), ("host", "")):
            page = server.socket(links[link])
            assert page.until(lambda m: m["type"] == "view")["role"] == link[0]
        newest.act(actions_of(newest.view)[0])  # type: ignore[arg-type]
        for page in (*caesar[1:], *watchers):
            page.until(lambda m: m["type"] == "view" and m["moves"] == 1)
    finally:
        server.stop()
