"""Load on ``legatus serve``: many matches of computer players at once, pages watching.

Not a test: a measurement to run and report (issue 18, item 8)::

    python benchmarks/serve_load.py                       # 50 matches, 20 watchers
    python benchmarks/serve_load.py --matches 10 --seconds 30 --json

It starts ``legatus serve`` as its own process on 127.0.0.1 (a fresh SQLite file in a
temporary folder, computer players without the pause meant for people), creates the
matches through the lobby's API, opens the spectator links of the first matches as
WebSocket clients, and stops after every match ended or the time is up (both bounded).

It reports:

* actions per second: every action applied in every match, per second of the run;
* the delay from an action to the update a watching page receives: the server stamps
  each update with the time the action was applied (``changed_at``), the client notes
  when it arrives; median, 95th percentile and the worst (same machine, same clock);
* memory: the server's resident set at the end and its peak (``/proc``, Linux);
* the lobby's list of games (``GET /api/games``): its first answer after the server
  started, then the median of five more on the idle server (before any match exists),
  then its median and worst while the matches run (one request every ``--lobby-every``
  seconds).

``--player mcts:time=20 --matches 6`` is the load of issue 34 (computer players that think
long, in several matches at once).
"""

from __future__ import annotations

import argparse
import asyncio
import contextlib
import json
import os
import socket
import statistics
import subprocess
import sys
import tempfile
import time
import urllib.request
from pathlib import Path
from typing import Any

import websockets


def free_port() -> int:
    with socket.socket() as probe:
        probe.bind(("127.0.0.1", 0))
        port: int = probe.getsockname()[1]
        return port


def memory_kib(pid: int) -> dict[str, int]:
    """VmRSS and VmHWM (the peak) of a process, in KiB (Linux)."""
    found: dict[str, int] = {}
    try:
        for line in Path(f"/proc/{pid}/status").read_text().splitlines():
            key, _, value = line.partition(":")
            if key in ("VmRSS", "VmHWM"):
                found[key] = int(value.split()[0])
    except OSError:
        pass
    return found


def post(url: str, body: dict[str, Any]) -> dict[str, Any]:
    request = urllib.request.Request(
        url, data=json.dumps(body).encode(), headers={"Content-Type": "application/json"}
    )
    with urllib.request.urlopen(request, timeout=60) as response:
        found: dict[str, Any] = json.load(response)
        return found


async def watch(url: str, delays: list[float], finished: asyncio.Event, stop: float) -> int:
    """One page: read every update until its match ends or the time is up."""
    updates = 0
    async with websockets.connect(url, max_size=None, proxy=None) as page:
        while time.time() < stop:
            try:
                text = await asyncio.wait_for(page.recv(), timeout=max(0.1, stop - time.time()))
            except TimeoutError:
                break
            arrived = time.time()
            message = json.loads(text)
            if message["type"] != "view":
                continue
            updates += 1
            if updates > 1:  # the first is the page's opening view, not an update
                delays.append(arrived - message["changed_at"])
            if message["result"] is not None:
                break
    finished.set()
    return updates


def timed_get(url: str) -> float:
    """Seconds to GET ``url`` and read its answer."""
    began = time.perf_counter()
    with urllib.request.urlopen(url, timeout=300) as response:
        response.read()
    return time.perf_counter() - began


async def probe_lobby(url: str, every: float, stop: float, done: asyncio.Event) -> list[float]:
    """GET the lobby's list every ``every`` seconds while the matches run."""
    found: list[float] = []
    while time.time() < stop and not done.is_set():
        found.append(await asyncio.to_thread(timed_get, url))
        with contextlib.suppress(TimeoutError):
            await asyncio.wait_for(done.wait(), timeout=every)
    return found


def count_moves(db: Path) -> tuple[int, int]:
    """(actions applied, matches over) in the server's database."""
    import sqlite3

    with sqlite3.connect(db) as connection:
        moves = connection.execute("select count(*) from moves").fetchone()[0]
        over = connection.execute(
            "select count(*) from matches where result is not null"
        ).fetchone()[0]
    return int(moves), int(over)


async def run(args: argparse.Namespace) -> dict[str, Any]:
    folder = Path(tempfile.mkdtemp(prefix="legatus-load-"))
    db = folder / "load.sqlite"
    port = free_port()
    base = f"http://127.0.0.1:{port}"
    server = subprocess.Popen(
        [
            sys.executable, "-m", "legatus.framework.frontends.cli", "serve",
            "--port", str(port), "--db", str(db), "--ai-delay", "0",
            "--max-matches", str(args.matches + 10),
        ],
        stdout=subprocess.DEVNULL,
        stderr=subprocess.PIPE,
        cwd=Path(__file__).resolve().parent.parent,
    )  # fmt: skip
    try:
        for _ in range(100):
            try:
                urllib.request.urlopen(base + "/", timeout=1).close()
                break
            except OSError:
                time.sleep(0.1)
        lobby_first = timed_get(base + "/api/games")
        lobby_idle = [timed_get(base + "/api/games") for _ in range(5)]
        players = {"caesar": args.player, "pompey": args.player}
        spectators = []
        started = time.time()
        for number in range(args.matches):
            links = post(
                base + "/api/matches",
                {"game": "julius_caesar", "seed": number + 1, "players": players},
            )["links"]
            spectators.append(next(link["url"] for link in links if link["role"] == "spectator"))
        created = time.time()
        delays: list[float] = []
        stop = started + args.seconds
        watchers = [
            watch(
                f"ws://127.0.0.1:{port}/ws/{url.rsplit('/', 1)[1]}", delays, asyncio.Event(), stop
            )
            for url in spectators[: args.watchers]
        ]
        # The matches are loaded (and their players start) when first looked at: the
        # watchers open the first ones; the others are opened by a request for their board.
        for url in spectators[args.watchers :]:
            urllib.request.urlopen(f"{base}/api/board/{url.rsplit('/', 1)[1]}", timeout=60).close()
        watching = asyncio.gather(*watchers)
        all_over = asyncio.Event()
        lobby_probe = asyncio.create_task(
            probe_lobby(base + "/api/games", args.lobby_every, stop, all_over)
        )
        peak: dict[str, int] = {}
        while time.time() < stop:
            moves, over = count_moves(db)
            peak = memory_kib(server.pid)
            if over >= args.matches:
                break
            await asyncio.sleep(0.5)
        ended = time.time()
        all_over.set()
        lobby_load = sorted(await lobby_probe)
        updates = await watching
        moves, over = count_moves(db)
        memory = memory_kib(server.pid)
    finally:
        server.terminate()
        server.wait(timeout=30)
    delays.sort()
    return {
        "matches": args.matches,
        "matches_over": over,
        "watchers": len(updates),
        "player": args.player,
        "seconds": round(ended - started, 2),
        "create_seconds": round(created - started, 2),
        "actions": moves,
        "actions_per_second": round(moves / (ended - started), 1),
        "updates_received": sum(updates),
        "delay_median_ms": round(1000 * statistics.median(delays), 2) if delays else None,
        "delay_p95_ms": round(1000 * delays[int(0.95 * (len(delays) - 1))], 2) if delays else None,
        "delay_max_ms": round(1000 * delays[-1], 2) if delays else None,
        "server_rss_mib": round(memory.get("VmRSS", 0) / 1024, 1),
        "server_peak_rss_mib": round(max(memory.get("VmHWM", 0), peak.get("VmHWM", 0)) / 1024, 1),
        "lobby_first_ms": round(1000 * lobby_first, 1),
        "lobby_idle_median_ms": round(1000 * statistics.median(lobby_idle), 1),
        "lobby_under_load_requests": len(lobby_load),
        "lobby_under_load_median_ms": (
            round(1000 * statistics.median(lobby_load), 1) if lobby_load else None
        ),
        "lobby_under_load_max_ms": round(1000 * lobby_load[-1], 1) if lobby_load else None,
        "cpus": os.cpu_count(),
    }


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--matches", type=int, default=50)
    parser.add_argument("--watchers", type=int, default=20)
    parser.add_argument("--seconds", type=float, default=120.0, help="stop after this long")
    parser.add_argument("--player", default="random", help="the computer player of every seat")
    parser.add_argument(
        "--lobby-every", type=float, default=2.0, help="seconds between two lobby requests"
    )
    parser.add_argument("--json", action="store_true")
    args = parser.parse_args()
    if not 1 <= args.matches <= 500 or not 0 <= args.watchers <= args.matches:
        parser.error("expected 1-500 matches and at most one watcher per match")
    result = asyncio.run(run(args))
    if args.json:
        print(json.dumps(result))
    else:
        for key, value in result.items():
            print(f"{key:>22}: {value}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
