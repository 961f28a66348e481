"""Fixtures for the board tests: boards built from the small maps in fixtures/."""

from __future__ import annotations

from collections.abc import Callable
from pathlib import Path
from typing import Any

import pytest
import yaml

from legatus.framework.model.board import Board

FIXTURES = Path(__file__).parent / "fixtures"


def read_fixture(name: str) -> dict[str, Any]:
    with (FIXTURES / f"{name}.yaml").open(encoding="utf-8") as stream:
        document: dict[str, Any] = yaml.safe_load(stream)
    return document


@pytest.fixture(scope="session")
def read_map() -> Callable[[str], dict[str, Any]]:
    """The parsed document of a fixture map, by file stem."""
    return read_fixture


@pytest.fixture(scope="session")
def load_board() -> Callable[[str], Board]:
    return lambda name: Board.from_document(read_fixture(name))


@pytest.fixture(scope="session")
def area(load_board: Callable[[str], Board]) -> Board:
    return load_board("area")


@pytest.fixture(scope="session")
def naval(load_board: Callable[[str], Board]) -> Board:
    return load_board("naval")


@pytest.fixture(scope="session")
def regions(load_board: Callable[[str], Board]) -> Board:
    return load_board("regions")
