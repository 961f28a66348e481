"""Fixtures of the server's tests (the harness is ``tests/server/harness.py``)."""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path

import pytest

from tests.server.harness import Server


@pytest.fixture
def server(tmp_path: Path) -> Iterator[Server]:
    running = Server(tmp_path / "legatus.sqlite").start()
    try:
        yield running
    finally:
        running.stop()
