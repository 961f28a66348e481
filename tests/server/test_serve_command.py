"""``legatus serve`` on the command line: bad flags get a one-line error and exit 1; the real
command serves the lobby."""

from __future__ import annotations

import os
import socket
import subprocess
import sys
import urllib.request
from pathlib import Path

import pytest

from legatus.framework.frontends.cli import main
from legatus.framework.frontends.server.payloads import seat_view
from legatus.framework.play.catalog import default_catalog
from legatus.framework.play.driver import Match
from tests.waits import bound, wait_until


@pytest.mark.parametrize(
    ("flags", "message"),
    [
        (["--port", "70000"], "error: --port 70000: expected a port from 1 to 65535"),
        (["--max-matches", "0"], "error: --max-matches 0: expected at least 1"),
        (["--ai-delay", "-1"], "error: --ai-delay -1.0: expected 0 to 60 seconds"),
        (["--ai-time", "-2"], "error: --ai-time -2.0: expected 0 (no limit) to 3600 seconds"),
        (["--ai-workers", "0"], "error: --ai-workers 0: expected 1 to 64"),
        (["--max-spectators", "-1"], "error: --max-spectators -1: expected 0 to 10000"),
        (["--chat-per-minute", "0"], "error: --chat-per-minute 0: expected 1 to 10000"),
        (["--expire-after", "-1"], "error: --expire-after -1.0: expected 0 (never) to 87600 hours"),
        (["--away-after", "-1"], "error: --away-after -1.0: expected 0 (never) to 43200 minutes"),
        (
            ["--db", "/no/such/folder/x.sqlite"],
            "error: --db /no/such/folder/x.sqlite: the folder /no/such/folder does not exist",
        ),
    ],
)
def test_bad_flags_get_one_line(
    flags: list[str], message: str, capsys: pytest.CaptureFixture[str]
) -> None:
    assert main(["serve", *flags]) == 1
    assert capsys.readouterr().err == message + "\n"


def test_help_documents_every_bound_a_host_sets(capsys: pytest.CaptureFixture[str]) -> None:
    with pytest.raises(SystemExit):
        main(["serve", "--help"])
    shown = " ".join(capsys.readouterr().out.split())
    for option in (
        "--max-matches",
        "--ai-delay",
        "--ai-time",
        "--ai-workers",
        "--max-spectators",
        "--chat-per-minute",
        "--expire-after HOURS",
        "--away-after MINUTES",
    ):
        assert option in shown, option
    assert "mcts:time=20 is cut to it" in shown and "seats and the host always get in" in shown


def test_the_options_reach_the_server(monkeypatch: pytest.MonkeyPatch, tmp_path: Path) -> None:
    import uvicorn

    from legatus.framework.frontends.server import app

    made: list[app.Settings] = []
    real = app.create_app

    def create_app(storage: object, catalog: object, settings: app.Settings) -> object:
        made.append(settings)
        return real(storage, catalog, settings)  # type: ignore[arg-type]

    monkeypatch.setattr(app, "create_app", create_app)
    monkeypatch.setattr(uvicorn, "run", lambda *args, **kwargs: None)
    with socket.socket() as probe:
        probe.bind(("127.0.0.1", 0))
        port = probe.getsockname()[1]
    flags = ["--ai-time", "0", "--ai-workers", "3", "--max-spectators", "5"]
    flags += ["--chat-per-minute", "7", "--expire-after", "0.5", "--away-after", "2"]
    assert main(["serve", "--port", str(port), "--db", str(tmp_path / "x.sqlite"), *flags]) == 0
    (settings,) = made
    assert (settings.ai_time, settings.ai_workers, settings.max_spectators) == (None, 3, 5)
    assert (settings.chat_per_minute, settings.expire_after) == (7, 1800.0)
    assert settings.away_after == 120.0


def test_a_folder_or_a_file_that_is_no_database_is_refused(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    assert main(["serve", "--db", str(tmp_path), "--port", "8999"]) == 1
    assert capsys.readouterr().err == f"error: --db {tmp_path}: it is a folder; give a file name\n"
    notes = tmp_path / "notes.sqlite"
    notes.write_text("not a database\n" * 200)
    with socket.socket() as probe:
        probe.bind(("127.0.0.1", 0))
        port = probe.getsockname()[1]
    assert main(["serve", "--db", str(notes), "--port", str(port)]) == 1
    err = capsys.readouterr().err
    assert err.startswith(f"error: {notes}: not a Legatus server database") and err.count("\n") == 1


def test_a_port_in_use_is_refused(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    with socket.socket() as taken:
        taken.bind(("127.0.0.1", 0))
        taken.listen()
        port = taken.getsockname()[1]
        assert main(["serve", "--port", str(port), "--db", str(tmp_path / "x.sqlite")]) == 1
    assert capsys.readouterr().err.startswith(f"error: cannot listen on 127.0.0.1:{port}: ")


def test_the_real_command_serves_the_lobby(tmp_path: Path) -> None:
    with socket.socket() as probe:
        probe.bind(("127.0.0.1", 0))
        port = probe.getsockname()[1]
    process = subprocess.Popen(
        [
            sys.executable,
            "-m",
            "legatus.framework.frontends.cli",
            "serve",
            "--port",
            str(port),
            "--db",
            str(tmp_path / "db.sqlite"),
        ],
        stdout=subprocess.PIPE,
        stderr=subprocess.PIPE,
        text=True,
        env={**os.environ, "PYTHONPATH": str(Path(__file__).resolve().parents[2])},
    )
    try:
        page = ""

        def lobby_served() -> bool:
            nonlocal page
            if process.poll() is not None:
                return True
            try:
                with urllib.request.urlopen(f"http://127.0.0.1:{port}/", timeout=bound(30)) as r:
                    page = r.read().decode()
            except OSError:
                return False
            return True

        wait_until(lobby_served, 120, f"legatus serve to answer on port {port}", 0.1)
        assert "New match" in page, process.poll()
    finally:
        process.terminate()
        out, _ = process.communicate(timeout=bound(60))
    assert out.startswith(f"Legatus serving on http://127.0.0.1:{port}/")


def test_a_seat_of_several_sides_sees_what_any_of_them_sees() -> None:
    """Seats that play several sides (to come with scenario seats): the union of their views."""
    game = default_catalog().load("julius_caesar")
    match = Match.new(game, seed=3)
    both = seat_view(match, ["caesar", "pompey"])
    caesar = seat_view(match, ["caesar"])
    assert both["pieces"]["hidden"] == []
    assert set(both["pieces"]["known"]) == set(game.definition.pieces)
    assert isinstance(both["zones"]["hand:pompey"], list)
    assert isinstance(caesar["zones"]["hand:pompey"], int)
    assert [p["side"] for p in both["prompts"]] == ["caesar", "pompey"]
