"""The Julius Caesar plugin: registers the game's data folder.

Bundled games register through the ``legatus`` entry-point group exactly as a
third-party game would (see ``pyproject.toml``).
"""

from __future__ import annotations

from pathlib import Path

from framework.hookspecs import RegisterGame, hookimpl

NAME = "julius_caesar"
DATA = Path(__file__).parent / "data"


@hookimpl
def legatus_register_games(register: RegisterGame) -> None:
    register(NAME, DATA)
