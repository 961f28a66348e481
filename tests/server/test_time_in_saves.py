"""What the server adds to a game is in its save (issue 34, item 12): a loss on time, the
time control and each clock, the computer takeover. A replay of the save ends with the loss
on time, and a match continued from the save is over on time as the first was, or goes on
with each clock's time left; a restart shows the stopped clocks as they were."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import pytest

from legatus.framework.engine.saves import check_save, with_server
from legatus.framework.frontends.cli import main
from legatus.framework.model.errors import SaveError
from tests.server.harness import Server, actions_of
from tests.server.test_clocks import PLAYERS, Clock, clocks

LOST = {"winner": "pompey", "reason": "Caesar ran out of time"}


def test_a_loss_on_time_is_in_the_save_its_replay_and_a_match_made_from_it(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    db = tmp_path / "legatus.sqlite"
    clock = Clock()
    server = Server(db, clock=clock).start()
    try:
        links = server.create(
            game="julius_caesar",
            players=PLAYERS,
            clock={"seconds": 600, "per": "move", "at_zero": "lose"},
        )
        caesar = server.socket(links[("seat", "caesar")])
        pompey = server.socket(links[("seat", "pompey")])
        caesar.asked()
        pompey.act(actions_of(pompey.asked())[0])
        pompey.until(lambda m: m["type"] == "view" and m["moves"] == 1)
        clock.now += 601  # Caesar does not answer in his 600 s; a page opening sees to it
        server.socket(links[("spectator", "")]).until(lambda m: m["type"] == "view")
        over = caesar.until(lambda m: m["type"] == "view" and m["result"] is not None)
        assert over["result"] == LOST
        stopped = {"caesar": {"left": 0.0, "running": False}, "pompey": {"left": 600.0,
                   "running": False}}  # fmt: skip
        assert clocks(over) == stopped
        clock.now += 1000  # the clocks stand still once the game is over
        with server.http() as client:
            save = client.get(f"/api/save/{links[('seat', 'caesar')]}").json()
            assert save["server"] == {
                "result": LOST,
                "clock": {"seconds": 600.0, "per": "move", "at_zero": "lose"},
                "clocks": stopped,
            }
            assert check_save(save) == save
            # An uploaded save's replay ends with the loss on time.
            replay = client.post("/api/replays", content=json.dumps(save)).json()["url"]
            token = replay.rsplit("/", 1)[1][2:]
            last = client.get(f"/api/replay/u-{token}", params={"step": 1}).json()
            assert last["result"] == LOST and last["prompts"] == []
            first = client.get(f"/api/replay/u-{token}", params={"step": 0}).json()
            assert first["result"] is None
            mine = client.get(f"/api/replay/{links[('seat', 'caesar')]}", params={"step": 1})
            assert mine.json()["result"] == LOST
        # A match continued from the save is over on time too.
        again = server.create(position=json.dumps(save), players=PLAYERS)
        page = server.socket(again[("seat", "pompey")])
        view = page.until(lambda m: m["type"] == "view")
        assert view["result"] == LOST and view["prompts"] == []
        assert clocks(view)["caesar"]["left"] == 0.0  # as the save had it
        # Its rematch is a fresh game: every clock whole.
        page.send(type="rematch")
        url = page.until(lambda m: m["type"] == "rematch")["url"]
        fresh = server.socket(url[3:]).until(lambda m: m["type"] == "view")
        assert fresh["result"] is None
        assert fresh["clock"] == {"seconds": 600.0, "per": "move", "at_zero": "lose"}
        assert {seat: c["left"] for seat, c in clocks(fresh).items()} == {
            "caesar": 600.0,
            "pompey": 600.0,
        }
    finally:
        server.stop()
    restarted = Server(db, clock=clock).start()
    try:
        view = restarted.socket(links[("seat", "pompey")]).until(lambda m: m["type"] == "view")
        assert view["result"] == LOST and clocks(view) == stopped
    finally:
        restarted.stop()
    # At the terminal: the replay says how it ended, and the game does not go on.
    path = tmp_path / "lost.json"
    path.write_text(json.dumps(save))
    capsys.readouterr()
    assert main(["replay", str(path)]) == 0
    assert "result: Pompeius wins — Caesar ran out of time\n" in capsys.readouterr().out
    assert main(["play", "--resume", str(path), "--no-autosave"]) == 1
    assert capsys.readouterr().err == (
        f"error: {path}: this game is over: Caesar ran out of time (legatus replay shows it)\n"
    )


def test_a_match_continued_from_a_save_keeps_each_clocks_time(tmp_path: Path) -> None:
    clock = Clock()
    server = Server(tmp_path / "legatus.sqlite", clock=clock).start()
    try:
        continued(server, clock)
    finally:
        server.stop()


def continued(server: Server, clock: Clock) -> None:
    links = server.create(
        game="julius_caesar",
        players=PLAYERS,
        refereed=True,
        clock={"seconds": 600, "per": "game", "at_zero": "computer"},
        takeover="random",
    )
    caesar = server.socket(links[("seat", "caesar")])
    pompey = server.socket(links[("seat", "pompey")])
    caesar.asked()
    view = pompey.asked()
    clock.now += 12.5  # both are asked (a card each); Pompeius answers after 12.5 s
    pompey.act(actions_of(view)[0])
    pompey.until(lambda m: m["type"] == "view" and m["moves"] == 1)
    clock.now += 7.5
    with server.http() as client:  # the host of a refereed match has the save during play
        save = client.get(f"/api/save/{links[('host', '')]}").json()
    assert save["server"] == {
        "clock": {"seconds": 600.0, "per": "game", "at_zero": "computer"},
        "clocks": {
            "caesar": {"left": 580.0, "running": True},
            "pompey": {"left": 587.5, "running": False},
        },
        "takeover": "random",
    }
    again = server.create(position=json.dumps(save), players=PLAYERS)  # no clock asked
    first = server.socket(again[("seat", "caesar")])
    view = first.until(lambda m: m["type"] == "view")
    assert view["takeover"] == "random" and view["clock"]["at_zero"] == "computer"
    assert {seat: c["left"] for seat, c in clocks(view).items()} == {
        "caesar": 580.0,
        "pompey": 587.5,
    }
    server.socket(again[("seat", "pompey")]).until(lambda m: m["type"] == "view")
    clock.now += 10  # both came: Caesar's clock runs on from what it had
    first.send(type="ping")
    first.until(lambda m: m["type"] == "pong")
    with server.http() as client:
        entry = client.post("/api/my-matches", json={"tokens": [again[("seat", "caesar")]]})
    shown = {s["seat"]: s["clock"] for s in entry.json()["matches"][0]["seats"]}
    assert shown == {
        "caesar": {"left": 570.0, "running": True},
        "pompey": {"left": 587.5, "running": False},
    }


@pytest.mark.parametrize(
    "server_part",
    [
        [],
        {"result": "Caesar lost"},
        {"clocks": {"caesar": {"left": "soon"}}},
        {"taken": "caesar"},
    ],
)
def test_a_save_whose_server_part_has_the_wrong_type_is_refused(server_part: Any) -> None:
    from tests.server.test_http_api import finished_save

    save = with_server(finished_save(), server_part)
    with pytest.raises(SaveError) as caught:
        check_save(save)
    assert str(caught.value) == "save: the save's 'server' field has the wrong type"
