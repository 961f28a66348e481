"""Fixtures of the data tests."""

from __future__ import annotations

from pathlib import Path

import pytest


@pytest.fixture
def cache(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Path:
    """An empty per-user cache (legatus.framework.model.diskcache) of the test's own."""
    folder = tmp_path / "cache"
    monkeypatch.setenv("LEGATUS_CACHE_DIR", str(folder))
    return folder
