"""Shared test configuration.

Hypothesis runs with the ``ci`` profile in CI (no deadline, a bounded number
of examples, so a slow machine never flakes) and ``dev`` otherwise.
"""

from __future__ import annotations

import os
import shutil
import sys
import tempfile
from pathlib import Path

import pytest
from hypothesis import HealthCheck, settings

from legatus.framework.model.gamedef import GameDef
from legatus.framework.model.loader import load_game
from tests.waits import bound

# Bytecode is written even where the environment says not to (PYTHONDONTWRITEBYTECODE, as some
# sandboxes and images set): the tests start a few hundred Python processes (the command line,
# check-game's and simulate's workers), and each would compile Legatus from source again, a
# third of a short command's CPU time. This process writes what it imports from
# here on, and its children what they compile (``__pycache__`` folders, which git ignores).
os.environ.pop("PYTHONDONTWRITEBYTECODE", None)
sys.dont_write_bytecode = False

# The test kit's fixture, play_from (legatus.framework.tools.testing): an installed Legatus registers it with
# pytest through an entry point named after the module; naming it here too finds it in a
# checkout installed before the entry point existed (pytest loads a plugin once by that name).
# pytester runs the kit's fixture in a pytest of its own (tests/testing/).
pytest_plugins = ["legatus.framework.tools.testing.pytest_plugin", "pytester"]

settings.register_profile(
    "ci", deadline=None, max_examples=100, suppress_health_check=[HealthCheck.too_slow]
)
settings.register_profile("dev", deadline=None, max_examples=50)
# For long fuzzing runs: HYPOTHESIS_PROFILE=long python -m pytest tests/fuzz
settings.register_profile(
    "long", deadline=None, max_examples=5000, suppress_health_check=[HealthCheck.too_slow]
)
settings.load_profile(os.environ.get("HYPOTHESIS_PROFILE", "ci" if os.environ.get("CI") else "dev"))

# Dask on a busy machine (issue 39): a connection's handshake and a silent connection get
# minutes, not Dask's 30 s, in this process and every command the tests start (they inherit
# the environment); the command line's own bound on reaching a scheduler is its own.
for _name, _seconds in (
    ("DASK_DISTRIBUTED__COMM__TIMEOUTS__CONNECT", 120),
    ("DASK_DISTRIBUTED__COMM__TIMEOUTS__TCP", 300),
):
    os.environ.setdefault(_name, f"{bound(_seconds):g}s")
if "dask" in sys.modules:  # read before the lines above: read again
    import dask.config

    dask.config.refresh()

# Games the tests play at the terminal autosave here, never into the home folder of whoever
# runs the tests (the command line's subprocesses inherit it).
os.environ["XDG_STATE_HOME"] = tempfile.mkdtemp(prefix="legatus-tests-state-")

TESTS = Path(__file__).parent
ROOT = TESTS.parent
DEMO_GAME = TESTS / "fixtures" / "plugins" / "demo_game" / "legatus_demo_game" / "data"


@pytest.fixture
def demo_game(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Path:
    """A writable copy of the demo game's data folder, made the working directory."""
    folder = tmp_path / "game"
    shutil.copytree(DEMO_GAME, folder)
    monkeypatch.chdir(folder)
    return folder


@pytest.fixture(scope="session")
def demo() -> GameDef:
    """The demo fixture game's definition, loaded once (tests/engine, tests/kit)."""
    return load_game(DEMO_GAME)
