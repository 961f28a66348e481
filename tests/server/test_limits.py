"""What keeps one match, one link or one player from taking the server (issue 34, items 3, 4).

Spectators have a cap of their own per match while seats and the host always get in; a
seat's chat is limited per minute and a flood of it disconnects nobody; computer players
think in a pool of their own, within the server's time limit; a match with no action for
too long expires and frees its place. Times come from a clock the test moves, never from
waiting.
"""

from __future__ import annotations

import threading
import time
from collections.abc import Iterator, Sequence
from pathlib import Path
from types import SimpleNamespace
from typing import Any

import pytest

from legatus.framework.engine.actions import Action
from legatus.framework.frontends.server import live
from legatus.framework.play.catalog import Catalog
from legatus.framework.play.hookspecs import hookimpl
from tests.server.harness import Message, Server, actions_of

HUMANS = {"caesar": "human", "pompey": "human"}


class Clock:
    """A clock that stands still until the test moves it."""

    def __init__(self) -> None:
        self.now = time.time()

    def __call__(self) -> float:
        return self.now


@pytest.fixture
def clock() -> Clock:
    return Clock()


def chats(page: Any) -> list[str]:
    return [line["text"] for m in page.seen if m["type"] == "chat" for line in m["lines"]]


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


def test_chat_is_limited_per_seat_and_a_flood_disconnects_nobody(
    tmp_path: Path, clock: Clock
) -> None:
    server = Server(tmp_path / "db.sqlite", chat_per_minute=5, clock=clock).start()
    try:
        links = server.create(game="julius_caesar", seed=7, players=HUMANS)
        caesar = server.socket(links[("seat", "caesar")])
        pompey = server.socket(links[("seat", "pompey")])
        for page in (caesar, pompey):
            page.asked()
        for number in range(1000):
            caesar.send(type="chat", text=f"line {number}")
        refusals: list[Message] = [caesar.until(lambda m: m["type"] == "error")]
        while len(refusals) < 995:
            refusals.append(caesar.until(lambda m: m["type"] == "error"))
        assert {m["message"] for m in refusals} == {
            "at most 5 chat lines a minute from one seat: wait a little before the next"
        }
        pompey.act(actions_of(pompey.view)[0])  # type: ignore[arg-type]
        pompey.until(lambda m: m["type"] == "view" and m["moves"] == 1)
        assert chats(pompey) == [f"line {n}" for n in range(5)]
        assert chats(caesar) == [f"line {n}" for n in range(5)]
        clock.now += 61  # a minute later the seat may write again
        caesar.send(type="chat", text="and again")
        pompey.until(lambda m: m["type"] == "chat")
        assert chats(pompey)[-1] == "and again"
    finally:
        server.stop()


def test_an_idle_match_expires_and_frees_its_place(tmp_path: Path, clock: Clock) -> None:
    server = Server(tmp_path / "db.sqlite", max_matches=2, expire_after=3600.0, clock=clock)
    server.start()
    try:
        idle = server.create(game="julius_caesar", seed=1, players=HUMANS)
        busy = server.create(game="julius_caesar", seed=2, players=HUMANS)
        with server.http() as client:
            full = client.post("/api/matches", json={"game": "julius_caesar"})
        assert full.status_code == 429
        watcher = server.socket(idle[("seat", "caesar")])
        watcher.asked()
        player = server.socket(busy[("seat", "caesar")])
        clock.now += 3000
        player.act(actions_of(player.asked())[0])
        player.until(lambda m: m["type"] == "view" and m["moves"] == 1)
        clock.now += 700  # the first match: 3,700 s without an action; the second 700 s
        server.create(game="julius_caesar", seed=3, players=HUMANS)
        expired = (
            "this match expired: no action for 1 hour (this server's --expire-after); "
            "its replay is still open at /r/ with your link"
        )
        assert watcher.error() == expired
        assert watcher.closed() == 1000
        again = server.socket(idle[("seat", "caesar")])
        assert again.error() == expired
        with server.http() as client:
            assert client.get(f"/api/replay/{idle[('seat', 'caesar')]}").status_code == 200
            still_full = client.post("/api/matches", json={"game": "julius_caesar"})
        assert still_full.status_code == 429  # the busy match and the new one run
    finally:
        server.stop()


class Sleeper:
    """A computer player that thinks until the test lets it go, and ignores time limits."""

    reads_view = False

    def __init__(self, release: threading.Event) -> None:
        self.release = release

    def choose(self, view: dict[str, Any], actions: Sequence[Action]) -> Action:
        self.release.wait(120)
        return actions[0]


@pytest.fixture
def sleepy_catalog() -> Iterator[tuple[Catalog, threading.Event]]:
    """The installed games and players, and ``sleeper``: a player that never answers until
    the event is set (at the end of the test)."""
    release = threading.Event()
    plugin = SimpleNamespace()

    @hookimpl
    def legatus_register_agents(register: Any) -> None:
        register("sleeper", lambda request: Sleeper(release))

    plugin.legatus_register_agents = legatus_register_agents
    catalog = Catalog.discover()
    catalog.add(plugin, "sleepy")
    try:
        yield catalog, release
    finally:
        release.set()


def test_computers_thinking_never_hold_up_the_lobby_match_creation_or_replays(
    tmp_path: Path, sleepy_catalog: tuple[Catalog, threading.Event]
) -> None:
    """More computer players thinking at once than the threads a server had for everything
    (six on two cores: issue 34's 42-second lobby); they wait in their own pool."""
    catalog, _ = sleepy_catalog
    server = Server(tmp_path / "db.sqlite", catalog, ai_workers=2, ai_time=None).start()
    try:
        tokens = []
        for seed in range(8):
            links = server.create(
                game="julius_caesar", seed=seed, players={"caesar": "sleeper", "pompey": "human"}
            )
            tokens.append(links[("spectator", "")])
        with server.http() as client:
            for token in tokens:  # loading each match starts its computer player thinking
                assert client.get(f"/api/board/{token}").status_code == 200
            assert client.get("/api/games").status_code == 200
            assert client.get(f"/api/replay/{tokens[0]}", params={"step": 0}).status_code == 200
        links = server.create(game="julius_caesar", seed=9, players=HUMANS)
        page = server.socket(links[("seat", "caesar")])
        page.act(actions_of(page.asked())[0])
        page.until(lambda m: m["type"] == "view" and m["moves"] == 1)
    finally:
        server.stop()


def test_a_computer_player_is_held_to_the_servers_time_limit(tmp_path: Path) -> None:
    """``mcts:iterations=100000000`` would think for hours: cut to 0.2 s a decision."""
    server = Server(tmp_path / "db.sqlite", ai_time=0.2).start()
    try:
        links = server.create(
            game="julius_caesar",
            seed=2,
            players={"caesar": "mcts:iterations=100000000", "pompey": "human"},
        )
        pompey = server.socket(links[("seat", "pompey")])
        pompey.act(actions_of(pompey.asked())[0])
        asked = pompey.until(lambda m: m["type"] == "view" and m["moves"] == 2)
        pompey.act(actions_of(asked)[0])
        view = pompey.until(lambda m: m["type"] == "view" and m["moves"] == 4)
        assert not view["failure"]
    finally:
        server.stop()


def test_a_computer_player_that_ignores_the_limit_is_given_up_on_with_a_message(
    tmp_path: Path,
    sleepy_catalog: tuple[Catalog, threading.Event],
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    catalog, _ = sleepy_catalog
    # The grace beyond the limit before the server gives up: 0.5 s here, not 5 s (AI_GRACE);
    # the same giving up and message, sooner.
    monkeypatch.setattr(live, "AI_GRACE", 0.5)
    server = Server(tmp_path / "db.sqlite", catalog, ai_time=0.1).start()
    try:
        links = server.create(
            game="julius_caesar", seed=2, players={"caesar": "sleeper", "pompey": "human"}
        )
        watcher = server.socket(links[("spectator", "")])
        status = watcher.until(lambda m: m["type"] == "status" and bool(m["failure"]))
        assert status["failure"] == (
            "the computer player of Caesar did not answer within 0.1 s, this server's limit "
            "(--ai-time): the match waits"
        )
    finally:
        server.stop()
