"""The ``legatus`` program sets the garbage collector for playing many moves
(legatus/framework/play/collector.py); importing Legatus as a library leaves it alone.

Each case runs in a Python of its own: the collector's settings belong to a process.
"""

from __future__ import annotations

import json
import subprocess
import sys

PROBE = """
import gc, json, sys
from legatus.framework.play import collector
from legatus.framework.play.catalog import default_catalog
from legatus.framework.frontends.cli import main
if sys.argv[1] == "program":
    collector.tune()
before = gc.get_freeze_count()
main(["play", "julius_caesar", "--seed", "1", "--quiet",
      "--side", "caesar=random", "--side", "pompey=random"])
print(json.dumps({"threshold": gc.get_threshold()[0],
                  "frozen": gc.get_freeze_count() - before,
                  "loaded": len(default_catalog()._loaded)}))
"""


def probe(mode: str) -> dict[str, int]:
    done = subprocess.run(
        [sys.executable, "-c", PROBE, mode], capture_output=True, text=True, check=True
    )
    last: dict[str, int] = json.loads(done.stdout.strip().splitlines()[-1])
    return last


def test_the_program_collects_less_often_and_freezes_the_loaded_game() -> None:
    found = probe("program")
    assert found["threshold"] == 10_000
    assert found["loaded"] == 1
    assert found["frozen"] > 10_000  # the game's data, rules and program


def test_a_library_user_keeps_the_collectors_settings() -> None:
    found = probe("library")
    assert found["threshold"] == 700  # CPython's default
    assert found["frozen"] == 0


def test_the_console_script_is_the_program() -> None:
    from importlib.metadata import entry_points

    (script,) = [e for e in entry_points(group="console_scripts") if e.name == "legatus"]
    assert script.value == "legatus.framework.frontends.cli:console"
