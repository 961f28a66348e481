"""Make the screenshots of docs/play-in-the-browser.md: ``python docs/screenshots.py``.

Starts ``legatus serve`` on a free local port with a fresh database, sets up each scene
through the lobby's API (a match continued from a position file reaches the moment shown
at once), and photographs it with the system's Chromium through Playwright. The pictures
go to ``docs/images/``; run it again after changing the pages.
"""

from __future__ import annotations

import json
import socket
import subprocess
import sys
import tempfile
import time
import urllib.request
from pathlib import Path
from typing import Any

from playwright.sync_api import Page, sync_playwright

from legatus.framework.play.agents import RandomAgent
from legatus.framework.play.catalog import default_catalog
from legatus.framework.play.driver import Match

ROOT = Path(__file__).resolve().parent.parent
IMAGES = ROOT / "docs" / "images"
CHROMIUM = "/usr/bin/chromium"
ARGS = [
    "--headless", "--no-sandbox", "--disable-gpu", "--disable-quic", "--no-first-run",
    "--disable-background-networking", "--disable-component-update", "--disable-sync",
]  # fmt: skip


def battle_position() -> dict[str, Any]:
    """Julius Caesar, seed 2: Caesar attacks Tarraco with Legio 10 and Pompeius's cavalry
    has fired its first dice (the plan of the browser test of a battle)."""
    game = default_catalog().load("julius_caesar")
    match = Match.new(game, seed=2, history=True)
    for side in ("caesar", "pompey"):
        match.answer(side, match.legal_actions(side)[0])
    match.answer("caesar", "play(3/1)")
    match.answer("pompey", "play(2/1)")
    for action in (
        "group(Narbo)", "move(Legio 10, Narbo, Tarraco)", "end_group", "end_moves", "end_levy",
    ):  # fmt: skip
        match.answer("caesar", action)
    for action in ("end_moves", "end_levy", "fire(P Equitatus 1)"):
        match.answer("pompey", action)
    return match.to_save()


def naval_position() -> dict[str, Any]:
    """The naval module, random players: Cygnus, tired, grappled to Esus."""
    game = default_catalog().load("gbojc_naval")
    players = {"romans": RandomAgent(1), "veneti": RandomAgent(101)}
    match = Match.new(game, seed=1, players=players, history=True).play(until=719)
    return match.to_save()


def post(base: str, path: str, body: bytes) -> dict[str, Any]:
    request = urllib.request.Request(
        base + path, data=body, headers={"Content-Type": "application/json"}
    )
    with urllib.request.urlopen(request, timeout=60) as response:
        found: dict[str, Any] = json.load(response)
        return found


def link(answer: dict[str, Any], role: str, seat: str = "") -> str:
    return next(x["url"] for x in answer["links"] if x["role"] == role and x["seat"] == seat)


def shoot(page: Page, name: str) -> None:
    page.wait_for_timeout(400)
    page.screenshot(path=str(IMAGES / name))
    print(f"docs/images/{name}")


def main() -> int:
    IMAGES.mkdir(parents=True, exist_ok=True)
    folder = Path(tempfile.mkdtemp(prefix="legatus-shots-"))
    with socket.socket() as probe:
        probe.bind(("127.0.0.1", 0))
        port = probe.getsockname()[1]
    base = f"http://127.0.0.1:{port}"
    server = subprocess.Popen(
        [
            sys.executable,
            "-m",
            "legatus.framework.frontends.cli",
            "serve",
            "--port",
            str(port),
            "--db",
            str(folder / "db.sqlite"),
        ],
        cwd=ROOT,
    )
    try:
        for _ in range(100):
            try:
                urllib.request.urlopen(base + "/", timeout=1).close()
                break
            except OSError:
                time.sleep(0.1)
        humans = {"caesar": "human", "pompey": "human"}
        battle = post(
            base,
            "/api/matches",
            json.dumps({"position": json.dumps(battle_position()), "players": humans}).encode(),
        )
        naval = post(
            base,
            "/api/matches",
            json.dumps(
                {
                    "position": json.dumps(naval_position()),
                    "players": {"romans": "human", "veneti": "human"},
                }
            ).encode(),
        )
        with sync_playwright() as playwright:
            browser = playwright.chromium.launch(executable_path=CHROMIUM, args=ARGS)
            page = browser.new_page(viewport={"width": 1400, "height": 860})
            page.goto(base + "/")
            page.wait_for_selector('#game option[value="julius_caesar"]', state="attached")
            page.select_option("#game", "julius_caesar")
            page.select_option("#player-pompey", "mcts")
            page.fill("#player-options-pompey", "iterations=200")
            page.click("#create-button")
            page.wait_for_selector("#links li")
            shoot(page, "serve-lobby.png")
            page.goto(base + link(battle, "seat", "caesar"))
            page.wait_for_selector("#log li")
            page.evaluate(
                "() => window.legatusPage.focus(700, 480, 1100)"
            )  # Gallia, Hispania, Italia
            shoot(page, "serve-julius-caesar-battle.png")
            page.goto(base + link(battle, "seat", "pompey"))
            page.wait_for_selector("#prompt h2")
            page.locator(".piece.target").first.click()
            page.evaluate("() => window.legatusPage.focus(600, 500, 800)")
            shoot(page, "serve-julius-caesar-choice.png")
            page.goto(base + link(naval, "seat", "romans"))
            page.wait_for_selector("line.link", state="attached")
            page.evaluate("() => window.legatusPage.focus(1000, 800, 900)")
            shoot(page, "serve-naval.png")
            page.goto(base + "/r/" + link(battle, "host").rsplit("/", 1)[1])
            page.wait_for_selector("#step-label")
            page.locator("#slider").fill("4")
            page.select_option("#view-select", "caesar")
            page.wait_for_timeout(300)
            shoot(page, "serve-replay.png")
            browser.close()
    finally:
        server.terminate()
        server.wait(timeout=30)
    return 0


if __name__ == "__main__":
    sys.exit(main())
