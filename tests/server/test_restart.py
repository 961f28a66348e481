"""A restart of the server loses nothing: every match goes on where it was (issue 18, item 1)."""

from __future__ import annotations

import time
from pathlib import Path

from tests.server.harness import Server, actions_of
from tests.waits import bound, ran_out


def test_a_match_continues_after_a_restart_with_its_log_and_chat(tmp_path: Path) -> None:
    db = tmp_path / "legatus.sqlite"
    first = Server(db).start()
    try:
        links = first.create(
            game="julius_caesar", seed=9, players={"caesar": "human", "pompey": "random"}
        )
        caesar = first.socket(links[("seat", "caesar")])
        caesar.act(actions_of(caesar.asked())[0])
        play = caesar.until(
            lambda m: (
                m["type"] == "view" and bool(m["prompts"]) and m["prompts"][0]["kind"] == "play"
            )
        )
        caesar.act(actions_of(play)[0])
        # Pompeius (a computer) plays on until the match waits for Caesar again.
        before = caesar.until(
            lambda m: m["type"] == "view" and m["moves"] >= 4 and bool(m["prompts"])
        )
        caesar.send(type="chat", text="before the restart")
        caesar.until(lambda m: m["type"] == "chat")
        log_before = [e["text"] for e in caesar.log]
    finally:
        first.stop()
    second = Server(db).start()
    try:
        caesar = second.socket(links[("seat", "caesar")])
        view = caesar.until(lambda m: m["type"] == "view")
        assert view["moves"] == before["moves"]
        assert [e["text"] for e in view["log"]] == log_before
        chat = caesar.until(lambda m: m["type"] == "chat")
        assert [line["text"] for line in chat["lines"]] == ["before the restart"]
        if view["prompts"]:
            caesar.act(actions_of(view)[0], view)
            after = caesar.until(lambda m: m["type"] == "view" and m["moves"] > view["moves"])
            assert after["moves"] > before["moves"]
    finally:
        second.stop()


def test_computer_players_go_on_by_themselves_after_a_restart(tmp_path: Path) -> None:
    db = tmp_path / "legatus.sqlite"
    first = Server(db, ai_delay=0.1).start()
    try:
        links = first.create(
            game="demo_skirmish", seed=3, players={"red": "random", "blue": "random"}
        )
        watcher = first.socket(links[("spectator", "")])
        watcher.until(lambda m: m["type"] == "view" and m["moves"] >= 2)
    finally:
        first.stop()
    assert first.storage is None
    second = Server(db, ai_delay=0.0).start()
    try:
        deadline = time.monotonic() + bound(120)
        while True:
            with second.http() as client:
                frame = client.get(
                    f"/api/replay/{links[('spectator', '')]}", params={"step": 0}
                ).json()
            assert frame["steps"] >= 2
            watcher = second.socket(links[("spectator", "")])
            view = watcher.until(lambda m: m["type"] == "view")
            watcher.close()
            if view["result"] is not None:
                break
            assert time.monotonic() < deadline, ran_out("the restarted match to finish", bound(120))
            time.sleep(0.2)
        assert view["moves"] > 2
    finally:
        second.stop()


def test_a_match_from_a_position_file_starts_there_and_survives_a_restart(tmp_path: Path) -> None:
    """A position file (YAML, legatus.framework.engine.positions) as the start of a match: the board is the
    position's, and after a restart the match is rebuilt from the same position."""
    position = (Path(__file__).parents[1] / "browser" / "grapple.position.yaml").read_text()
    db = tmp_path / "legatus.sqlite"
    first = Server(db).start()
    try:
        links = first.create(position=position, players={"romans": "human", "veneti": "human"})
        romans = first.socket(links[("seat", "romans")])
        view = romans.asked()
        cygnus = view["pieces"]["known"]["Cygnus"]
        assert cygnus["attrs"]["grappled"] == ["Esus"] and cygnus["attrs"]["fatigue"] == 1
        romans.act(actions_of(view)[0], view)
        moved = romans.until(lambda m: m["type"] == "view" and m["moves"] == 1)
    finally:
        first.stop()
    second = Server(db).start()
    try:
        romans = second.socket(links[("seat", "romans")])
        view = romans.until(lambda m: m["type"] == "view")
        assert view["moves"] == moved["moves"] == 1
        assert view["pieces"]["known"]["Cygnus"]["attrs"]["fatigue"] == 1
    finally:
        second.stop()
