"""The terminal's replay of a served match's save reads the match's result as the server
stored it (issue 34, item 12): in a match of three teams where one ran out of time and the
rules then ended the game, the stored result ranks the team out of time last, and
``legatus replay FILE`` shows that result, not the rules' own."""

from __future__ import annotations

import json
import subprocess
import sys
from pathlib import Path

from legatus.framework.engine.render import render_result
from legatus.framework.play.catalog import default_catalog
from tests.server.harness import Message, Server, actions_of
from tests.server.test_clocks import Clock
from tests.server.test_time_loss_in_teams import FIVE, TEAM, cato_runs_out_of_time
from tests.waits import bound

CLI = [sys.executable, "-m", "legatus.framework.frontends.cli"]


def replay(path: Path) -> subprocess.CompletedProcess[str]:
    return subprocess.run(
        [*CLI, "replay", str(path)], capture_output=True, text=True, check=False, timeout=bound(300)
    )


def test_the_replay_of_a_save_shows_the_result_with_the_team_out_of_time_ranked_last(
    tmp_path: Path,
) -> None:
    clock = Clock()
    server = Server(tmp_path / "legatus.sqlite", clock=clock).start()
    try:
        # Cato does not bid in his 600 s: his team is out, the computer plays
        links, pages = cato_runs_out_of_time(server, clock)
        spectator = server.socket(links[("spectator", "")])
        view = spectator.until(lambda m: m["type"] == "view" and bool(m["notice"]))
        # The people play on (each its first choice) until the rules end the game.
        for _ in range(200):
            if view["result"] is not None:
                break
            people = [w["side"] for w in view["waiting"] if TEAM[w["side"]] != "optimates"]
            if people:
                seat, revision = people[0], view["revision"]
                mine = pages[seat].until(
                    lambda m, r=revision: (
                        m["type"] == "view" and m["revision"] >= r and bool(m["prompts"])
                    ),
                    what=f"{seat} asked at revision {revision}",
                )
                pages[seat].act(actions_of(mine)[0], mine)
            seen = view["revision"]
            view = spectator.until(
                lambda m, s=seen: m["type"] == "view" and m["revision"] > s,
                what=f"a view after revision {seen}",
            )
        result: Message = view["result"]
        assert result is not None, "the game did not end"
        assert not result["reason"].endswith("ran out of time")  # the rules ended it
        assert {result["ranks"][s] for s in FIVE if TEAM[s] == "optimates"} == {4}
        with server.http() as client:
            save = client.get(f"/api/save/{links[('spectator', '')]}").json()
    finally:
        server.stop()
    assert save["server"]["result"] == result
    path = tmp_path / "council.json"
    path.write_text(json.dumps(save), encoding="utf-8")
    shown = replay(path)
    assert shown.returncode == 0, shown.stderr
    definition = default_catalog().load("council").definition
    expected = render_result(definition, result, result["reason"])
    assert f"result: {expected}\n" in shown.stdout, shown.stdout
    assert "ran out of time and rank last" in shown.stdout


def test_a_save_whose_stored_ranks_are_not_numbers_is_refused_in_one_line(tmp_path: Path) -> None:
    """A save's ``server`` result is checked before the replay reads it: ranks that are not
    whole numbers are a one-line error, never a traceback."""
    from legatus.framework.engine.saves import with_server

    save = tmp_path / "skirmish.json"
    played = subprocess.run(
        [*CLI, "play", "demo_skirmish", "--seed", "1", "--quiet", "--save", str(save)],
        capture_output=True, text=True, check=False, timeout=bound(300),
    )  # fmt: skip
    assert played.returncode == 0, played.stderr
    data = json.loads(save.read_text(encoding="utf-8"))
    bad = with_server(data, {"result": {"winner": None, "reason": "x", "ranks": {"a": "first"}}})
    save.write_text(json.dumps(bad), encoding="utf-8")
    shown = replay(save)
    assert shown.returncode != 0
    assert "Traceback" not in shown.stderr
    lines = shown.stderr.strip().splitlines()
    assert len(lines) == 1 and "the save's 'server' field has the wrong type" in lines[0], lines
