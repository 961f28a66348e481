"""The lobby's API, saves, uploads and replays over HTTP: every refusal a one-line JSON error."""

from __future__ import annotations

import functools
import json
from pathlib import Path
from typing import Any

import pytest

from legatus.framework.engine.saves import check_save
from legatus.framework.play.agents import RandomAgent
from legatus.framework.play.catalog import default_catalog
from legatus.framework.play.driver import Match
from tests.server.harness import Server, actions_of


def finished_save(game: str = "julius_caesar", seed: int = 2) -> dict[str, Any]:
    """The save of a whole game of seeded random players (a fresh copy at each call: the
    game is played once per test process, as the same seed plays the same game)."""
    found: dict[str, Any] = json.loads(_finished_save(game, seed))
    return found


@functools.cache
def _finished_save(game: str, seed: int) -> str:
    loaded = default_catalog().load(game)
    sides = loaded.definition.side_ids
    players = {side: RandomAgent(i) for i, side in enumerate(sides)}
    match = Match.new(loaded, seed=seed, players=players, history=True).play()
    assert match.over
    return json.dumps(match.to_save())


def running_save(actions: int = 30) -> dict[str, Any]:
    loaded = default_catalog().load("julius_caesar")
    players = {"caesar": RandomAgent(1), "pompey": RandomAgent(2)}
    match = Match.new(loaded, seed=4, players=players, history=True).play(until=actions)
    return match.to_save()


def test_lobby_page_and_its_modules_are_served(server: Server) -> None:
    with server.http() as client:
        lobby = client.get("/")
        assert lobby.status_code == 200 and "New match" in lobby.text
        # Only this server's scripts run in its pages, and no address (with its token) leaks.
        assert lobby.headers["referrer-policy"] == "no-referrer"
        assert "script-src 'self'" in lobby.headers["content-security-policy"]
        assert lobby.headers["x-content-type-options"] == "nosniff"
        for name in ("lobby.js", "match.js", "board.js", "choices.js", "views.js", "style.css"):
            assert client.get(f"/static/{name}").status_code == 200, name
        assert client.get("/no/such/page").json() == {"error": "no such page"}


def test_games_lists_installed_games_scenarios_variants_and_players(server: Server) -> None:
    with server.http() as client:
        found = client.get("/api/games").json()
    games = {g["name"]: g for g in found["games"]}
    assert {"julius_caesar", "gbojc_naval", "demo_skirmish"} <= set(games)
    jc = games["julius_caesar"]
    assert [s["id"] for s in jc["sides"]] == ["caesar", "pompey"]
    assert jc["scenarios"][0]["id"] == "705"
    assert "free_deployment" in [o["id"] for o in jc["scenarios"][0]["options"]]
    assert "minor_roads_3" in jc["variants"]
    assert found["players"][0] == "human" and {"random", "greedy", "mcts"} <= set(found["players"])


def test_creating_a_match_gives_a_link_per_human_seat_a_spectator_and_a_host(
    server: Server,
) -> None:
    links = server.create(
        game="julius_caesar",
        scenario="705",
        options=["free_deployment"],
        variant="minor_roads_3",
        seed=12,
        players={"caesar": "human", "pompey": "mcts:iterations=5"},
    )
    assert set(links) == {("host", ""), ("spectator", ""), ("seat", "caesar")}
    assert len(set(links.values())) == 3


@pytest.mark.parametrize(
    ("request_body", "message"),
    [
        ({"game": "chess"}, "game: no installed game 'chess'"),
        ({}, "game: choose a game"),
        (
            {"game": "julius_caesar", "scenario": "1066"},
            "scenario: julius_caesar has no scenario '1066'; scenarios: 705",
        ),
        (
            {"game": "julius_caesar", "options": ["fog"]},
            "options: scenario 705 has no option 'fog'; options: free_deployment",
        ),
        (
            {"game": "julius_caesar", "seed": "soon"},
            "seed: expected a whole number from 0 to 2**63-1",
        ),
        ({"game": "julius_caesar", "seed": -1}, "seed: expected a whole number from 0 to 2**63-1"),
        (
            {"game": "julius_caesar", "players": {"caesar": "deep_blue"}},
            "players: caesar: unknown player 'deep_blue'; known players: human, first, greedy, mcts, random",
        ),
        (
            {"game": "julius_caesar", "players": {"caesar": "mcts:iterations=lots"}},
            "players: caesar: player option iterations='lots': expected an integer",
        ),
        (
            {"game": "julius_caesar", "players": {"octavian": "human"}},
            "players: no seat 'octavian'; seats: caesar, pompey",
        ),
        (
            {
                "game": "julius_caesar",
                "players": {"caesar": "human", "pompey": "random"},
                "hot_seat": True,
            },
            "hot seat: it needs at least two human seats",
        ),
        (
            {
                "game": "julius_caesar",
                "variant_text": "variant x of julius_caesar\n  param nonsense = 3\n",
            },
            "variant file: <variant file>:2:3: unexpected an indented block",
        ),
        (
            {
                "game": "julius_caesar",
                "variant_text": "variant x of julius_caesar\nparam nonsens = 3\n",
            },
            "cannot load julius_caesar: <variant x in the save>:2:1: the base game has no parameter 'nonsens'",
        ),
        (
            {"game": "julius_caesar", "position": "{not json"},
            "position file: not a save file (corrupt JSON)",
        ),
        (
            {"game": "julius_caesar", "position": "{}"},
            'position file: not a Legatus save (no "format": "legatus-save")',
        ),
        ([1, 2], "expected a JSON object describing the match"),
    ],
)
def test_a_bad_match_request_is_refused_with_the_field_named(
    server: Server, request_body: Any, message: str
) -> None:
    with server.http() as client:
        response = client.post("/api/matches", json=request_body)
    assert response.status_code == 400
    assert response.json()["error"].startswith(message), response.json()


def test_a_request_that_is_not_json_or_too_large_is_refused(server: Server) -> None:
    with server.http() as client:
        garbled = client.post("/api/matches", content=b"{{{")
        assert garbled.json() == {"error": "expected a JSON object describing the match"}
        huge = client.post("/api/replays", content=b"x" * (5 * 1024 * 1024))
        assert huge.status_code == 413
        assert huge.json() == {"error": "too large: a request here may hold at most 4194304 bytes"}


def test_the_number_of_running_matches_is_bounded(tmp_path: Path) -> None:
    bounded = Server(tmp_path / "db.sqlite", max_matches=2).start()
    try:
        for _ in range(2):
            bounded.create(game="demo_skirmish", players={"red": "human", "blue": "human"})
        with bounded.http() as client:
            refused = client.post("/api/matches", json={"game": "demo_skirmish"})
        assert refused.status_code == 429
        assert refused.json()["error"].startswith("this server already runs 2 matches, its limit")
    finally:
        bounded.stop()


def test_a_match_continues_from_a_position_file(server: Server) -> None:
    save = running_save(30)
    links = server.create(position=json.dumps(save), players={"caesar": "human", "pompey": "human"})
    page = server.socket(links[("host", "")])
    view = page.until(lambda m: m["type"] == "view")
    assert view["moves"] == 30


def test_the_referee_downloads_a_save_that_replays_and_a_seat_may_not_before_the_end(
    server: Server,
) -> None:
    links = server.create(
        game="julius_caesar",
        seed=3,
        players={"caesar": "human", "pompey": "random"},
        refereed=True,
    )
    page = server.socket(links[("seat", "caesar")])
    page.act(actions_of(page.asked())[0])
    page.until(lambda m: m["type"] == "view" and m["moves"] >= 2)
    with server.http() as client:
        refused = client.get(f"/api/save/{links[('seat', 'caesar')]}")
        assert refused.status_code == 403
        assert refused.json()["error"].startswith("the save holds every secret of the game")
        saved = client.get(f"/api/save/{links[('host', '')]}")
    assert saved.status_code == 200
    data = check_save(saved.json())
    session = Match.resume(data, default_catalog().load_saved)
    assert len(session.moves) >= 2 and data["players"] == {"caesar": "human", "pompey": "random"}


def test_an_uploaded_save_replays_step_by_step_from_every_view(server: Server) -> None:
    save = finished_save()
    with server.http() as client:
        uploaded = client.post("/api/replays", content=json.dumps(save).encode())
        assert uploaded.status_code == 201
        token = uploaded.json()["url"].rsplit("/", 1)[1]
        assert client.get(f"/r/{token}").status_code == 200
        assert client.get(f"/api/replay-board/{token}").json()["layout"] == "data"
        first = client.get(f"/api/replay/{token}", params={"step": 0}).json()
        assert (first["step"], first["steps"], first["views"]) == (
            0,
            len(save["moves"]),
            ["", "caesar", "pompey"],
        )
        last = client.get(
            f"/api/replay/{token}", params={"step": first["steps"], "view": "pompey"}
        ).json()
        assert last["result"] is not None and last["view"] == "pompey"
        outside = client.get(f"/api/replay/{token}", params={"step": 100_000})
        assert outside.status_code == 400
        assert outside.json()["error"] == f"step: expected a number from 0 to {first['steps']}"


@pytest.mark.parametrize(
    ("content", "message"),
    [
        (b"", "choose a save file to upload"),
        (b"\xff\xfe garbage", "this file is not a save file (corrupt or not JSON)"),
        (b'{"format": "legatus-save"}', "uploaded save: the save has no 'version' field"),
    ],
)
def test_a_corrupt_upload_is_refused_in_one_line(
    server: Server, content: bytes, message: str
) -> None:
    with server.http() as client:
        response = client.post("/api/replays", content=content)
    assert response.status_code == 400
    assert response.json()["error"].startswith(message)


def test_an_edited_save_is_refused(server: Server) -> None:
    save = finished_save()
    save["moves"][3] = ["caesar", "discard(Mars)"]
    with server.http() as client:
        response = client.post("/api/replays", content=json.dumps(save).encode())
    assert response.json()["error"] == (
        "uploaded save: the save's checksum does not match its content (edited or corrupt)"
    )


def test_an_unknown_link_is_refused_everywhere(server: Server) -> None:
    with server.http() as client:
        for path in ("/api/board/", "/api/replay/", "/api/save/", "/api/replay-board/"):
            response = client.get(path + "Zm9vYmFyYmF6cXV4cXV1eHF1dXhxdXV4")
            assert response.status_code in (403, 404)
            assert "unknown or was mistyped" in response.json()["error"]
