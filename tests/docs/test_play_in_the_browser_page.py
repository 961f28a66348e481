"""The examples and figures of docs/play-in-the-browser.md are real: the command line, the
API request and its refusal, the map snippet, the limits, the pictures."""

from __future__ import annotations

import json
import re
from pathlib import Path

import jsonschema
import yaml

from legatus.framework.frontends.cli import build_parser
from legatus.framework.frontends.server import app, live
from legatus.framework.model.board import Board
from tests.server.harness import Server

ROOT = Path(__file__).resolve().parents[2]
PAGE = (ROOT / "docs" / "play-in-the-browser.md").read_text("utf-8")


def blocks(language: str) -> list[str]:
    return re.findall(rf"```{language}\n(.*?)```", PAGE, re.DOTALL)


def test_the_command_on_the_page_parses() -> None:
    (command,) = blocks("sh")
    words = command.split()
    assert words[:2] == ["legatus", "serve"]
    args = build_parser().parse_args(words[1:])
    assert (args.port, str(args.db), args.host) == (8000, "legatus.sqlite", "127.0.0.1")


def test_the_request_on_the_page_creates_a_match_and_the_refusal_is_verbatim(
    tmp_path: Path,
) -> None:
    (request,) = blocks("json")
    server = Server(tmp_path / "db.sqlite").start()
    try:
        links = server.create(**json.loads(request))
        assert set(links) == {("seat", "caesar"), ("spectator", ""), ("host", "")}
        with server.http() as client:
            refused = client.post(
                "/api/matches", json={"game": "julius_caesar", "scenario": "1066"}
            )
        quoted = re.search(r'e\.g\. `(\{"error": .*?\})`', PAGE.replace("\n", " "))
        assert quoted is not None
        assert refused.json() == json.loads(quoted[1])
    finally:
        server.stop()


def test_the_map_snippet_is_a_valid_map_with_positions_and_styles() -> None:
    (snippet,) = blocks("yaml")
    document = yaml.safe_load(snippet)
    schema = json.loads((ROOT / "legatus" / "schemas" / "map.schema.json").read_text("utf-8"))
    jsonschema.validate(document, schema)
    board = Board.from_document(document)
    assert board.spaces["Midford"].position == (10.0, 40.0)
    assert board.space_draw["lake"]["shape"] == "label"
    assert board.connection_draw["shore"]["line"] == "none"


def test_the_limits_on_the_page_are_the_servers() -> None:
    assert "256 KiB for a request" in PAGE and app.MAX_BODY == 256 * 1024
    assert "4 MiB for an uploaded save" in PAGE and app.MAX_UPLOAD == 4 * 1024 * 1024
    assert "16 KiB for a WebSocket message" in PAGE and app.MAX_MESSAGE == 16 * 1024
    assert "(1 MiB for what the connection reads at all)" in " ".join(PAGE.split())
    assert app.MAX_FRAME == 1024 * 1024
    assert "8 pages per link" in PAGE and live.PAGES_PER_LINK == 8


def test_the_options_table_gives_the_servers_defaults() -> None:
    """Each row of the table of options: its default is the command's and the server's."""
    rows = dict(re.findall(r"^\| `(--[a-z-]+)[^`]*` \| ([\d.]+) \|", PAGE, re.MULTILINE))
    parser = build_parser()
    args = parser.parse_args(["serve"])
    for option, shown in rows.items():
        assert float(getattr(args, option[2:].replace("-", "_"))) == float(shown), option
    assert set(rows) == {
        "--max-matches", "--expire-after", "--ai-delay", "--ai-time", "--ai-workers",
        "--max-spectators", "--chat-per-minute", "--away-after",
    }  # fmt: skip
    settings = app.Settings()
    assert (settings.max_matches, settings.ai_delay, settings.ai_time) == (200, 0.3, 10.0)
    assert (settings.ai_workers, settings.max_spectators, settings.chat_per_minute) == (2, 32, 20)
    assert settings.expire_after == 72 * 3600
    assert settings.away_after == 10 * 60


def test_the_pictures_on_the_page_exist() -> None:
    pictures = re.findall(r"\]\((images/[^)]+)\)", PAGE)
    assert len(pictures) == 5
    for picture in pictures:
        assert (ROOT / "docs" / picture).stat().st_size > 10_000, picture
